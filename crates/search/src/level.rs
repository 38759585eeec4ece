//! Playing levels, named for players. The lower levels see a few plies
//! and choose among the moves they like with a person's imprecision: a
//! move that looks almost as good as the best is often played, a move
//! that looks bad almost never. The upper levels search as deep as their
//! time allows and play the best move found.

use std::fmt;

use asalto_core::{Game, Inside, March, Move, Side};

use crate::eval::Weights;
use crate::score::Score;
use crate::search::{Engine, Limits, Report};

/// How strongly the computer plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Sees the captures in front of it, and not much more.
    Recruit,
    /// Looks two moves ahead (three as attackers whose steps are final);
    /// slips now and then.
    Soldier,
    /// Looks four moves ahead (five as attackers whose steps are final);
    /// rarely slips.
    Sergeant,
    /// Searches for a third of a second.
    Captain,
    /// Searches for two seconds, or whatever time it is given.
    Marshal,
}

/// How a level plays: a fixed-depth look at every move, chosen with
/// imprecision, or a timed search.
enum Plan {
    Pick { depth: u32, imprecision: f64 },
    Search { millis: f64 },
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: &'static [Level] = &[
        Level::Recruit,
        Level::Soldier,
        Level::Sergeant,
        Level::Captain,
        Level::Marshal,
    ];

    /// The level numbered `n` (1 = [`Level::Recruit`] … 5 = [`Level::Marshal`]).
    pub fn from_number(n: u32) -> Option<Level> {
        Level::ALL
            .get(usize::try_from(n).ok()?.checked_sub(1)?)
            .copied()
    }

    /// Its number, from 1.
    pub fn number(self) -> u32 {
        self as u32 + 1
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Recruit => "Recruit",
            Level::Soldier => "Soldier",
            Level::Sergeant => "Sergeant",
            Level::Captain => "Captain",
            Level::Marshal => "Marshal",
        }
    }

    /// Whether this level looks one ply further in `game`: the Soldier and
    /// the Sergeant do when they play attackers whose every step is final
    /// (forward marches, the fortress as outside). There each step spends a
    /// tempo the attackers can run out of, and an even two- or four-ply
    /// look, which ends on the defenders' reply, misjudges it: as attackers
    /// the Soldier won 0 of 20 `royal-garrison` games against the Recruit
    /// (9 of 20 with the extra ply), the Sergeant 7 of 20 against the
    /// Soldier (14 of 20).
    fn looks_further(self, game: &Game) -> bool {
        let rules = game.rules();
        matches!(self, Level::Soldier | Level::Sergeant)
            && game.position().turn() == Side::Attacker
            && rules.march == March::Forward
            && rules.inside == Inside::AsOutside
    }

    fn plan(self) -> Plan {
        match self {
            Level::Recruit => Plan::Pick {
                depth: 1,
                imprecision: 60.0,
            },
            Level::Soldier => Plan::Pick {
                depth: 2,
                imprecision: 30.0,
            },
            Level::Sergeant => Plan::Pick {
                depth: 4,
                imprecision: 8.0,
            },
            Level::Captain => Plan::Search { millis: 300.0 },
            Level::Marshal => Plan::Search { millis: 2000.0 },
        }
    }

    /// The time a search level takes by default, in milliseconds (`None`
    /// for the fixed-depth levels, which are quick).
    pub fn default_millis(self) -> Option<f64> {
        match self.plan() {
            Plan::Search { millis } => Some(millis),
            Plan::Pick { .. } => None,
        }
    }

    /// Chooses a move for the side to move in `game`; `budget` (a time, or
    /// a number of nodes) replaces the search levels' default time; `seed`
    /// drives the lower levels' imprecision (the same seed, the same
    /// choice). `report` hears each
    /// completed iteration of a search level. Returns the choice as a
    /// report (for the lower levels: the depth looked at, the chosen move's
    /// score); `None` when the game is over.
    pub fn choose(
        self,
        engine: &mut Engine,
        game: &Game,
        budget: Option<Limits>,
        seed: u64,
        now: &dyn Fn() -> f64,
        report: &mut dyn FnMut(&Report),
    ) -> Option<Report> {
        match self.plan() {
            Plan::Search { millis: default } => {
                engine.prefer_weights(Weights::for_rules(game.rules()));
                let limits = budget.unwrap_or(Limits::of_millis(default));
                engine.search(game, &limits, now, report)
            }
            Plan::Pick { depth, imprecision } => {
                engine.prefer_weights(Weights::hand_set());
                let started = now();
                let depth = depth + u32::from(self.looks_further(game));
                let (scored, nodes) = engine.score_moves(game, depth, now);
                let (best, score) = pick(&scored, imprecision, seed)?;
                Some(Report {
                    depth,
                    score,
                    best,
                    pv: vec![best],
                    nodes,
                    millis: now() - started,
                })
            }
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Picks a move with weight `exp((score - best) / imprecision)`.
fn pick(scored: &[(Move, Score)], imprecision: f64, seed: u64) -> Option<(Move, Score)> {
    let best = scored.iter().map(|(_, s)| s.0).max()?;
    let weights: Vec<f64> = scored
        .iter()
        .map(|(_, s)| (f64::from((s.0 - best).max(-100_000)) / imprecision).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    let mut target = unit(seed) * total;
    for (choice, w) in scored.iter().zip(&weights) {
        if target < *w {
            return Some(*choice);
        }
        target -= w;
    }
    scored.last().copied()
}

/// A number in [0, 1) from `seed`.
fn unit(seed: u64) -> f64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    (z >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests {

    #[test]
    fn fixed_depth_levels_keep_the_hand_set_weights_unless_told_otherwise() {
        let game = Game::new(&asalto_core::Preset::Assault.rules()).expect("game");
        let clock = || 0.0;
        let mut engine = Engine::new(1);
        assert_eq!(engine.weights(), &Weights::learned());
        Level::Soldier.choose(&mut engine, &game, None, 1, &clock, &mut |_| {});
        assert_eq!(engine.weights(), &Weights::hand_set());
        // Weights a caller sets (a match, selfplay --attacker-weights) stay.
        engine.set_weights(Weights::learned());
        Level::Recruit.choose(&mut engine, &game, None, 1, &clock, &mut |_| {});
        assert_eq!(engine.weights(), &Weights::learned());
    }
    use super::*;
    use asalto_core::{Point, PointSet};

    fn step(from: &str, to: &str) -> Move {
        Move::Step {
            from: from.parse::<Point>().expect("point"),
            to: to.parse::<Point>().expect("point"),
            huffed: PointSet::EMPTY,
        }
    }

    #[test]
    fn levels_are_numbered_from_one() {
        for &level in Level::ALL {
            assert_eq!(Level::from_number(level.number()), Some(level));
        }
        assert_eq!(Level::from_number(0), None);
        assert_eq!(Level::from_number(6), None);
    }

    #[test]
    fn the_middle_levels_look_further_only_as_attackers_whose_steps_are_final() {
        let game =
            |record: &str| Game::from_record(&record.parse().expect("record")).expect("legal");
        let (attacking, defending) = (game("assault"), game("assault d4-d5"));
        assert!(Level::Soldier.looks_further(&attacking));
        assert!(Level::Sergeant.looks_further(&attacking));
        assert!(!Level::Recruit.looks_further(&attacking));
        assert!(!Level::Captain.looks_further(&attacking));
        assert!(!Level::Soldier.looks_further(&defending));
        // Attackers that may step sideways, or leave the fortress freely.
        assert!(!Level::Soldier.looks_further(&game("asalto @c6 @e6")));
        assert!(!Level::Soldier.looks_further(&game("assaut @c6 @e6")));
        let mut engine = Engine::new(1);
        let chosen = Level::Soldier
            .choose(&mut engine, &attacking, None, 0, &|| 0.0, &mut |_| {})
            .expect("a move");
        assert_eq!(chosen.depth, 3);
    }

    #[test]
    fn imprecise_choices_favour_good_moves_and_never_blunder_badly() {
        let good = step("a3", "a4");
        let close = step("b3", "b4");
        let blunder = step("c3", "c4");
        let scored = [
            (good, Score(50)),
            (close, Score(40)),
            (blunder, Score(-900)),
        ];
        let mut counts = [0; 3];
        for seed in 0..2000 {
            let (m, _) = pick(&scored, 30.0, seed).expect("a move");
            counts[[good, close, blunder]
                .iter()
                .position(|&x| x == m)
                .expect("listed")] += 1;
        }
        assert!(counts[0] > counts[1], "{counts:?}");
        assert!(counts[1] > 400, "{counts:?}");
        assert_eq!(counts[2], 0, "{counts:?}");
    }
}
