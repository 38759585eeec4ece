//! The evaluation's weights: one whole number per feature, in hundredths
//! of an attacker, read from a small text file (`weights.txt`, one
//! `name value` line per feature, `#` comments). The file compiled into
//! the crate is the one `asalto train` wrote last; another can be loaded
//! to play a match against it.

use std::fmt;

use asalto_core::BoardId;

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
];

/// How many features there are.
pub const COUNT: usize = 18;

/// The weights the project plays with (see the module docs).
const LEARNED: &str = include_str!("weights.txt");

/// Fuchs und Henne's board: the learned weights with attackers where an
/// officer can jump them dearer (`threatened`), so that the Marshal offers
/// fewer captures that send an officer into a wing it never leaves.
const FUCHS_UND_HENNE: &str = include_str!("fuchs-und-henne.txt");

/// The hand-set weights of earlier rounds, which the fixed-depth levels
/// keep: with the learned ones a two-ply Soldier attacking lost 17 and 19
/// of 20 games to the Recruit on `assault` and `fuchs-und-henne` (8 and 9
/// with these), breaking the ladder.
const HAND_SET: &str = include_str!("hand-set.txt");

/// One weight per feature.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights(pub [i32; COUNT]);

impl Weights {
    /// The weights compiled into the crate.
    pub fn learned() -> Weights {
        LEARNED
            .parse()
            .expect("the crate's weights.txt names every feature once")
    }

    /// The weights the searching levels play with on `board`: the learned
    /// ones where a match accepted them, the hand-set ones elsewhere. The
    /// Marshal at 50 ms with the learned weights against the hand-set,
    /// 8 paired games a side (2026-11-26): 50–94 % on the 33-point cross,
    /// the simplified board and Fuchs und Henne's, but 18.8 % on
    /// `zwei-contra-20`, 31.2 % on `royal-garrison` and 18.8 % on
    /// `royal-garrison-diagonals` (their boards had few training games).
    /// On Fuchs und Henne's board one weight differs (`fuchs-und-henne.txt`).
    pub fn for_board(board: BoardId) -> Weights {
        match board {
            BoardId::Standard | BoardId::Simplified => Weights::learned(),
            BoardId::FuchsUndHenne => FUCHS_UND_HENNE
                .parse()
                .expect("the crate's fuchs-und-henne.txt names every feature once"),
            BoardId::Contra20 | BoardId::Grosses | BoardId::RoyalDiagonals => Weights::hand_set(),
        }
    }

    /// The hand-set weights the fixed-depth levels play with.
    pub fn hand_set() -> Weights {
        HAND_SET
            .parse()
            .expect("the crate's hand-set.txt names every feature once")
    }

    /// The weight of the feature called `name`.
    pub fn get(&self, name: &str) -> Option<i32> {
        FEATURES.iter().position(|f| *f == name).map(|i| self.0[i])
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

    /// Reads `name value` lines; every feature must be named exactly once.
    fn from_str(text: &str) -> Result<Weights, WeightsError> {
        let mut weights = [0; COUNT];
        let mut seen = [false; COUNT];
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let fail = |why: &str| WeightsError(format!("weights line {}: {why}", n + 1));
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
        Ok(Weights(weights))
    }
}

impl fmt::Display for Weights {
    /// The file form that [`Weights::from_str`](std::str::FromStr) reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, w) in FEATURES.iter().zip(self.0) {
            writeln!(f, "{name} {w}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fuchs_und_henne_differs_from_the_learned_weights_in_one_weight() {
        let (fuchs, learned) = (
            Weights::for_board(BoardId::FuchsUndHenne),
            Weights::learned(),
        );
        let differ: Vec<&str> = FEATURES
            .iter()
            .zip(fuchs.0.iter().zip(learned.0))
            .filter(|(_, (a, b))| **a != *b)
            .map(|(name, _)| *name)
            .collect();
        assert_eq!(differ, ["threatened"]);
        assert!(fuchs.get("threatened") < learned.get("threatened"));
    }

    #[test]
    fn the_committed_weights_load_and_print_back() {
        let w = Weights::learned();
        assert_eq!(w.to_string().parse::<Weights>(), Ok(w));
        assert_eq!(Weights::hand_set().get("officers"), Some(-700));
        assert_eq!(Weights::for_board(BoardId::Standard), w);
        assert_eq!(Weights::for_board(BoardId::Grosses), Weights::hand_set());
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
    }
}
