//! The evaluation's weights: one whole number per feature, in hundredths
//! of an attacker, read from a small text file (`weights.txt`, one
//! `name value` line per feature, `#` comments). The files compiled into
//! the crate are the ones `asalto train` wrote last (`scripts/train.sh`:
//! `weights.txt` from every preset's games, and a board's or a march's
//! own where matches accepted them); another can be loaded to play a match
//! against them. A file may end with a [`Network`] that corrects the
//! weighed features (`assault.txt`).

use std::fmt;
use std::sync::{Arc, LazyLock};

use super::network::Network;

use asalto_core::{BoardId, Inside, March, Rules};

/// The features the evaluation counts, from the attackers' view, in the
/// order [`Weights`] holds them. Each is described where it is counted
/// (`Eval::features`).
pub const FEATURES: [&str; COUNT] = [
    "material",
    "danger",
    "officers",
    "fortress",
    "filling",
    "threatened",
    "advance",
    "walled",
    "attacker_moves",
    "officer_moves",
    "home",
    "havens",
    "stuck",
    "tempo",
    "stuck_tempo",
    "out_of_reach",
    "unfillable",
    "cannot_fill",
    "locked_filling",
    "locked_fortress",
];

/// How many features there are.
pub const COUNT: usize = 20;

/// The weights the project plays with (see the module docs).
const LEARNED: &str = include_str!("weights.txt");

/// The cross under forward marches (`assault`): fitted to that preset's
/// games alone (`scripts/train.sh`).
const ASSAULT: &str = include_str!("assault.txt");

/// Fuchs und Henne's board: fitted to that preset's games alone, the
/// Marshal's against the weak bots among them, its network also to the
/// Marshal's games against itself (`scripts/train.sh`).
const FUCHS_UND_HENNE: &str = include_str!("fuchs-und-henne.txt");

/// The board of `zwei-contra-20`: fitted the same way.
const ZWEI_CONTRA_20: &str = include_str!("zwei-contra-20.txt");

/// The cross where attackers may not step along its marked lines
/// (`german-tactics`): the learned weights with an officer walled in the
/// fortress counting the points held as nothing (`scripts/train.sh`).
const GERMAN_TACTICS: &str = include_str!("german-tactics.txt");

/// The simplified board: the learned weights with a fortress that can never
/// be filled counting nothing, and a network atop them fitted to the
/// Marshal's games there (against the weak bots and against itself, in two
/// rounds) labelled by the solver's proofs (`scripts/train.sh`).
const SIMPLIFIED: &str = include_str!("simplified.txt");

/// Royal Garrison's boards under forward marches (`royal-garrison` and its
/// diagonal twin): fitted from the hand-set weights to the Marshal's games
/// on both, against the weak bots and against itself, then an attacker
/// weighed at 130 hundredths in place of the fit's 84, as matches chose
/// (`scripts/train.sh`; with the fit's 84 the twin kept the hand-set
/// weights).
const ROYAL_GARRISON: &str = include_str!("royal-garrison.txt");

/// The hand-set weights of earlier rounds, which the fixed-depth levels
/// keep: with the learned ones a two-ply Soldier attacking lost 17 and 19
/// of 20 games to the Recruit on `assault` and `fuchs-und-henne` (8 and 9
/// with these), breaking the ladder.
const HAND_SET: &str = include_str!("hand-set.txt");

/// One weight per feature, and perhaps a network that adds to them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weights {
    /// The features' weights, in [`FEATURES`]' order.
    pub terms: [i32; COUNT],
    /// The network whose output is added to the weighed features, if any.
    pub network: Option<Arc<Network>>,
}

// The files compiled into the crate, each read once.
static LEARNED_WEIGHTS: LazyLock<Weights> = LazyLock::new(|| own(LEARNED));
static ASSAULT_WEIGHTS: LazyLock<Weights> = LazyLock::new(|| own(ASSAULT));
static FUCHS_UND_HENNE_WEIGHTS: LazyLock<Weights> = LazyLock::new(|| own(FUCHS_UND_HENNE));
static ZWEI_CONTRA_20_WEIGHTS: LazyLock<Weights> = LazyLock::new(|| own(ZWEI_CONTRA_20));
static GERMAN_TACTICS_WEIGHTS: LazyLock<Weights> = LazyLock::new(|| own(GERMAN_TACTICS));
static SIMPLIFIED_WEIGHTS: LazyLock<Weights> = LazyLock::new(|| own(SIMPLIFIED));
static ROYAL_GARRISON_WEIGHTS: LazyLock<Weights> = LazyLock::new(|| own(ROYAL_GARRISON));
static HAND_SET_WEIGHTS: LazyLock<Weights> = LazyLock::new(|| own(HAND_SET));

fn own(text: &str) -> Weights {
    text.parse()
        .expect("the crate's weight files name every feature once")
}

impl Weights {
    /// The weights compiled into the crate.
    pub fn learned() -> Weights {
        LEARNED_WEIGHTS.clone()
    }

    /// The weights the searching levels play with under `rules`: a board's
    /// or a march's own where matches accepted them (the cross where
    /// attackers march forward, inside the fortress as outside, so that no
    /// position repeats: `assault`'s, with its network; Fuchs und Henne's and
    /// `zwei-contra-20`'s boards: each fitted to that preset's games, the
    /// last two with the Marshal's; the simplified board's: the learned ones
    /// with a fortress that can never be filled counting nothing, and a
    /// network fitted to the Marshal's games; Fuchs und Henne's has one
    /// too), the
    /// learned ones on the cross's other marches (where attackers may not
    /// step along its marked lines, with an officer walled in the fortress
    /// counting the points held as nothing); on Royal Garrison's boards
    /// under forward marches their own, fitted to the Marshal's games there,
    /// and the hand-set ones under free marches (`belagerung`), where the
    /// learned weights lost their matches (docs/MEASUREMENTS.md).
    pub fn for_rules(rules: &Rules) -> Weights {
        match rules.board {
            BoardId::Standard
                if rules.march == March::Forward && rules.inside == Inside::AsOutside =>
            {
                ASSAULT_WEIGHTS.clone()
            }
            BoardId::Standard if rules.marked_lines => GERMAN_TACTICS_WEIGHTS.clone(),
            BoardId::Standard => Weights::learned(),
            BoardId::Simplified => SIMPLIFIED_WEIGHTS.clone(),
            BoardId::FuchsUndHenne => FUCHS_UND_HENNE_WEIGHTS.clone(),
            BoardId::Contra20 => ZWEI_CONTRA_20_WEIGHTS.clone(),
            BoardId::Grosses | BoardId::RoyalDiagonals if rules.march == March::Forward => {
                ROYAL_GARRISON_WEIGHTS.clone()
            }
            BoardId::Grosses | BoardId::RoyalDiagonals => Weights::hand_set(),
        }
    }

    /// The hand-set weights the fixed-depth levels play with.
    pub fn hand_set() -> Weights {
        HAND_SET_WEIGHTS.clone()
    }

    /// Where the feature called `name` stands in [`FEATURES`].
    pub fn index(name: &str) -> Option<usize> {
        FEATURES.iter().position(|f| *f == name)
    }

    /// The weight of the feature called `name`.
    pub fn get(&self, name: &str) -> Option<i32> {
        Weights::index(name).map(|i| self.terms[i])
    }

    /// The same weights without their network.
    pub fn without_network(&self) -> Weights {
        Weights {
            terms: self.terms,
            network: None,
        }
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::learned()
    }
}

/// Why a weights file was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeightsError(String);

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for WeightsError {}

impl std::str::FromStr for Weights {
    type Err = WeightsError;

    /// Reads `name value` lines, every feature named exactly once, then
    /// perhaps a network ([`Network`]'s file form).
    fn from_str(text: &str) -> Result<Weights, WeightsError> {
        let mut weights = [0; COUNT];
        let mut seen = [false; COUNT];
        let mut network = None;
        let mut lines = text
            .lines()
            .map(|line| line.split('#').next().unwrap_or("").trim())
            .enumerate()
            .filter(|(_, line)| !line.is_empty());
        while let Some((n, line)) = lines.next() {
            let fail = |why: &str| WeightsError(format!("weights line {}: {why}", n + 1));
            if line.starts_with("network") {
                let net = Network::parse((n, line), &mut lines)
                    .map_err(|why| WeightsError(format!("weights {why}")))?;
                network = Some(Arc::new(net));
                if let Some((n, _)) = lines.next() {
                    return Err(WeightsError(format!(
                        "weights line {}: nothing may follow the network",
                        n + 1
                    )));
                }
                break;
            }
            let mut words = line.split_whitespace();
            let (Some(name), Some(value), None) = (words.next(), words.next(), words.next()) else {
                return Err(fail("expected a feature's name and a whole number"));
            };
            let i = FEATURES
                .iter()
                .position(|f| *f == name)
                .ok_or_else(|| fail(&format!("no feature is called '{name}'")))?;
            if std::mem::replace(&mut seen[i], true) {
                return Err(fail(&format!("'{name}' is named twice")));
            }
            weights[i] = value
                .parse()
                .ok()
                .filter(|v: &i32| v.unsigned_abs() <= 100_000)
                .ok_or_else(|| fail(&format!("'{value}' is not a whole number up to 100000")))?;
        }
        if let Some(i) = seen.iter().position(|s| !s) {
            return Err(WeightsError(format!(
                "weights: the feature '{}' is missing",
                FEATURES[i]
            )));
        }
        Ok(Weights {
            terms: weights,
            network,
        })
    }
}

impl fmt::Display for Weights {
    /// The file form that [`Weights::from_str`](std::str::FromStr) reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, w) in FEATURES.iter().zip(self.terms) {
            writeln!(f, "{name} {w}")?;
        }
        match &self.network {
            Some(net) => write!(f, "{net}"),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_board_plays_with_its_own_weights_where_it_has_them() {
        let of = |preset: &str| Weights::for_rules(&preset.parse().expect("a preset"));
        let learned = Weights::learned();
        for preset in ["asalto", "sharpshooters", "assaut", "murray"] {
            assert_eq!(of(preset), learned, "{preset}");
        }
        let at = |name: &str| Weights::index(name).expect("a feature");
        // Where attackers may not step along the marked lines, the learned
        // ones with the points held around an officer walled in the
        // fortress counting nothing.
        let german = of("german-tactics");
        let mut expected = learned.clone();
        expected.terms[at("locked_fortress")] = -learned.terms[at("fortress")];
        assert_eq!(german, expected);
        assert_eq!(of("asalto;marked-lines=on"), german);
        // The simplified board's are the learned ones with a fortress that
        // can never be filled counting nothing as one.
        let simplified = of("simplified");
        assert_eq!(
            simplified.get("locked_fortress"),
            learned.get("fortress").map(|w| -w)
        );
        assert_eq!(
            simplified.get("locked_filling"),
            learned.get("filling").map(|w| -w)
        );
        let rest = |w: &Weights| {
            let mut terms = w.terms;
            terms[at("locked_fortress")] = 0;
            terms[at("locked_filling")] = 0;
            terms
        };
        assert_eq!(rest(&simplified), rest(&learned));
        assert!(
            simplified.network.is_some(),
            "fitted to the Marshal's games"
        );
        // Royal Garrison's boards: their own where attackers march forward,
        // the hand-set ones where they move freely (`belagerung`).
        assert_eq!(of("belagerung"), Weights::hand_set());
        let garrison = of("royal-garrison");
        assert_eq!(of("royal-garrison-diagonals"), garrison);
        assert_ne!(garrison, Weights::hand_set());
        // An officer out of the attackers' reach is never good for them
        // (the fit starts it below zero to keep it so).
        assert!(garrison.get("out_of_reach") <= Some(0), "{garrison}");
        // `assault`'s, Fuchs und Henne's and zwei-contra-20's, fitted to
        // their own games: still an officer worth several attackers, a
        // stuck fortress bad for the attackers. A custom rule set on the
        // cross that marches forward plays with `assault`'s, but not where
        // attackers move freely inside the fortress (`assaut`).
        let [assault, fuchs, contra] = ["assault", "fuchs-und-henne", "zwei-contra-20"].map(of);
        assert_eq!(of("asalto;march=forward"), assault);
        let all = [learned, assault, fuchs, contra, garrison];
        for (i, w) in all.iter().enumerate() {
            assert!(all[..i].iter().all(|v| v != w), "{w}");
        }
        for w in &all[1..] {
            assert!(w.get("officers") < w.get("material").map(|m| -3 * m), "{w}");
            assert!(w.get("material") > Some(0), "{w}");
            assert!(w.get("stuck") < Some(0), "{w}");
        }
    }

    #[test]
    fn the_committed_weights_load_and_print_back() {
        let w = Weights::learned();
        assert_eq!(w.to_string().parse::<Weights>(), Ok(w.clone()));
        // `assault`'s file ends with its network, which reads back too.
        let assault = Weights::for_rules(&"assault".parse().expect("a preset"));
        let net = assault.network.as_ref().expect("assault's network");
        assert_eq!((net.points(), net.attackers()), (33, 25));
        assert_eq!(assault.to_string().parse::<Weights>(), Ok(assault.clone()));
        assert_eq!(assault.without_network().network, None);
        // Fuchs und Henne's, fitted to positions labelled by proofs.
        let fuchs = Weights::for_rules(&"fuchs-und-henne".parse().expect("a preset"));
        let net = fuchs.network.as_ref().expect("Fuchs und Henne's network");
        assert_eq!((net.points(), net.attackers()), (33, 20));
        assert_eq!(fuchs.to_string().parse::<Weights>(), Ok(fuchs.clone()));
        assert_eq!(Weights::hand_set().get("officers"), Some(-700));
        // An officer is worth several attackers, an attacker something.
        assert!(w.get("officers").expect("named") < -3 * w.get("material").expect("named"));
        assert!(w.get("material").expect("named") > 0);
    }

    #[test]
    fn bad_files_are_refused_with_the_line() {
        let good = Weights::learned().to_string();
        let err = |text: &str| text.parse::<Weights>().expect_err("refused").to_string();
        assert!(err(&good.replace("material", "matter")).contains("'matter'"));
        assert!(err(&format!("{good}tempo 3\n")).contains("twice"));
        assert!(err(&good.replace("\ntempo ", "\n# tempo ")).contains("'tempo' is missing"));
        assert!(err("material x").contains("line 1"));
        assert!(err(&good.replacen(" ", " 9999999", 1)).contains("up to 100000"));
        // A network's lines are checked as strictly, with the file's line.
        let assault = Weights::for_rules(&"assault".parse().expect("a preset")).to_string();
        let at = |text: &str| format!("line {}", text.lines().count());
        assert!(err(&format!("{assault}tempo 3\n")).contains("nothing may follow the network"));
        let cut = assault
            .lines()
            .take(COUNT + 3)
            .collect::<Vec<_>>()
            .join("\n");
        assert!(
            err(&cut).contains("ends before its 'a1' line"),
            "{}",
            err(&cut)
        );
        let short = format!(
            "{}\nmove 1\n",
            assault
                .lines()
                .take(COUNT + 3 + 66)
                .collect::<Vec<_>>()
                .join("\n")
        );
        assert!(err(&short).contains(&at(&short)), "{}", err(&short));
    }
}
