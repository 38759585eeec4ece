//! Players to measure the engine against: the five [`Level`]s, and a
//! family of baseline bots that know nothing of the engine's evaluation —
//! `random` (any legal move), the greedy bots (two plies deep on one
//! [`Taste`]: `greedy` on material and march, `greedy-material`,
//! `greedy-march`, `greedy-mobility`) and `depthN` (the engine searching
//! N plies, no clock), and `haven`, the plan of officers that wait out of
//! the attackers' reach ([`haven`]). Every bot but a level plays its first
//! two moves at random, so that games differ.

use std::fmt;

mod haven;

use asalto_core::{Game, Move, Position, Side};

use crate::{Engine, Level, Limits};

/// A player of `asalto selfplay`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bot {
    /// A level of the computer player.
    Level(Level),
    /// Any legal move, at random.
    Random,
    /// The best move two plies deep on a taste.
    Greedy(Taste),
    /// The engine at a fixed depth.
    Depth(u32),
    /// Officers that keep one of them home and walk the others out of the
    /// attackers' reach, two plies deep; as attackers, `greedy`.
    Haven,
}

/// What a greedy bot counts, from the attackers' view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taste {
    /// Material (100 an attacker) and march (each attacker's rank, 10
    /// more in the fortress): the bot called plain `greedy`.
    Standard,
    /// Material alone.
    Material,
    /// March alone (each attacker's rank, 10 more in the fortress).
    March,
    /// The attackers' legal moves less the defenders'.
    Mobility,
}

impl Taste {
    /// Every taste, `greedy`'s first.
    pub const ALL: [Taste; 4] = [
        Taste::Standard,
        Taste::Material,
        Taste::March,
        Taste::Mobility,
    ];

    /// The bot's name.
    pub fn name(self) -> &'static str {
        match self {
            Taste::Standard => "greedy",
            Taste::Material => "greedy-material",
            Taste::March => "greedy-march",
            Taste::Mobility => "greedy-mobility",
        }
    }
}

/// A position this good is a win (greedy's scale).
const WON: i64 = 1 << 40;

/// The mover's first moves that `greedy` plays at random.
const RANDOM_MOVES: usize = 2;

impl Bot {
    /// The bot `text` names: a level's number or name, `random`, a greedy
    /// bot ([`Taste::name`]), `haven` or `depthN` (N from 1 to 30).
    pub fn parse(text: &str) -> Option<Bot> {
        let lower = text.to_ascii_lowercase();
        if let Some(n) = lower.strip_prefix("depth") {
            return n
                .parse()
                .ok()
                .filter(|n| (1..=30).contains(n))
                .map(Bot::Depth);
        }
        if let Some(taste) = Taste::ALL.iter().find(|t| t.name() == lower) {
            return Some(Bot::Greedy(*taste));
        }
        match lower.as_str() {
            "random" => Some(Bot::Random),
            "haven" => Some(Bot::Haven),
            _ => lower
                .parse()
                .ok()
                .and_then(Level::from_number)
                .or_else(|| {
                    Level::ALL
                        .iter()
                        .copied()
                        .find(|l| l.name().to_ascii_lowercase() == lower)
                })
                .map(Bot::Level),
        }
    }

    /// Its move in `game` (`None` when the game is over): a level that
    /// searches stops at `budget`; `seed` drives the randomness.
    pub fn choose(
        self,
        engine: &mut Engine,
        game: &Game,
        budget: Limits,
        seed: u64,
        now: &dyn Fn() -> f64,
    ) -> Option<Move> {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let pick = |n: usize| moves[(mix(seed) % n as u64) as usize];
        let mine = game.ply() / 2;
        match self {
            Bot::Level(level) => level
                .choose(engine, game, Some(budget), seed, now, &mut |_| {})
                .map(|r| r.best),
            Bot::Random => Some(pick(moves.len())),
            _ if mine < RANDOM_MOVES => Some(pick(moves.len())),
            Bot::Greedy(taste) => Some(greedy(game.position(), &moves, |p| value(p, taste))),
            Bot::Haven if game.position().turn() == Side::Defender => {
                let plan = haven::Plan::new(game.rules());
                Some(greedy(game.position(), &moves, |p| plan.value(p)))
            }
            Bot::Haven => Some(greedy(game.position(), &moves, |p| {
                value(p, Taste::Standard)
            })),
            Bot::Depth(depth) => {
                let limits = Limits {
                    depth: Some(depth),
                    ..Limits::default()
                };
                engine
                    .search(game, &limits, now, &mut |_| {})
                    .map(|r| r.best)
            }
        }
    }
}

impl fmt::Display for Bot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bot::Level(level) => write!(f, "{level}"),
            Bot::Random => f.write_str("random"),
            Bot::Greedy(taste) => f.write_str(taste.name()),
            Bot::Depth(n) => write!(f, "depth{n}"),
            Bot::Haven => f.write_str("haven"),
        }
    }
}

/// A number from `seed`, well mixed (splitmix64).
fn mix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `pos` for the attackers by `taste`, a position that is not over.
fn value(pos: &Position, taste: Taste) -> i64 {
    let fortress = pos.board().fortress();
    let march =
        |p: asalto_core::Point| i64::from(p.rank()) + if fortress.contains(p) { 10 } else { 0 };
    match taste {
        Taste::Standard => pos.attackers().iter().map(|p| 100 + march(p)).sum(),
        Taste::Material => 100 * pos.attackers().len() as i64,
        Taste::March => pos.attackers().iter().map(march).sum(),
        Taste::Mobility => {
            let other = pos.passed().map_or(0, |p| p.count_legal_moves() as i64);
            let own = pos.count_legal_moves() as i64;
            match pos.turn() {
                Side::Attacker => own - other,
                Side::Defender => other - own,
            }
        }
    }
}

/// `pos` for the attackers: a win or loss, else what `taste` counts.
fn judged(pos: &Position, taste: &dyn Fn(&Position) -> i64) -> i64 {
    match pos.outcome() {
        Some(outcome) => match outcome.winner() {
            Some(Side::Attacker) => WON,
            Some(Side::Defender) => -WON,
            None => 0,
        },
        None => taste(pos),
    }
}

/// The move whose worst reply leaves the mover best off, positions valued
/// for the attackers by `taste`.
fn greedy(pos: &Position, moves: &[Move], taste: impl Fn(&Position) -> i64) -> Move {
    let sign = if pos.turn() == Side::Attacker { 1 } else { -1 };
    let mut best = (i64::MIN, moves[0]);
    // The moves and replies are listed legal: played unchecked (checking
    // lists every move again, and a defender deep in the attackers' lines
    // on the 67-point boards has thousands of chains).
    let played = |pos: &Position, m: &Move| {
        let mut next = *pos;
        next.play_unchecked(m);
        next
    };
    for &m in moves {
        let after = played(pos, &m);
        let replies = after.legal_moves();
        let worst = if replies.is_empty() {
            sign * judged(&after, &taste)
        } else {
            replies
                .iter()
                .map(|r| sign * judged(&played(&after, r), &taste))
                .min()
                .unwrap_or(i64::MIN)
        };
        if worst > best.0 {
            best = (worst, m);
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bots_are_named_and_play_legal_moves() {
        assert_eq!(Bot::parse("greedy"), Some(Bot::Greedy(Taste::Standard)));
        assert_eq!(
            Bot::parse("greedy-mobility"),
            Some(Bot::Greedy(Taste::Mobility))
        );
        assert_eq!(Bot::parse("Random"), Some(Bot::Random));
        assert_eq!(Bot::parse("depth3"), Some(Bot::Depth(3)));
        assert_eq!(Bot::parse("5"), Some(Bot::Level(Level::Marshal)));
        assert_eq!(Bot::parse("marshal"), Some(Bot::Level(Level::Marshal)));
        assert_eq!(Bot::parse("depth0"), None);
        assert_eq!(Bot::parse("wise"), None);
        let clock = || 0.0;
        let mut g = Game::new(&"asalto".parse().expect("rules")).expect("game");
        let mut engine = Engine::new(1);
        assert_eq!(Bot::parse("haven"), Some(Bot::Haven));
        for (i, bot) in [Bot::Random, Bot::Depth(2), Bot::Haven]
            .into_iter()
            .chain(Taste::ALL.map(Bot::Greedy))
            .collect::<Vec<_>>()
            .iter()
            .cycle()
            .take(30)
            .enumerate()
        {
            let Some(m) = bot.choose(&mut engine, &g, Limits::of_millis(10.0), i as u64, &clock)
            else {
                break;
            };
            g.play(&m).expect("legal");
        }
        assert!(g.ply() > 10);
    }

    #[test]
    fn greedy_takes_when_taking_is_not_forced() {
        // The officer on d4 may take b4 and d6 or step: greedy takes.
        let record = "assault;capture=optional d4-d5 c5-d4 d5-d6 e5xc7 b4-c5";
        let g = Game::from_record(&record.parse().expect("record")).expect("legal");
        let moves = g.legal_moves();
        assert!(moves.iter().any(|m| !m.is_capture()), "steps are allowed");
        let m = greedy(g.position(), &moves, |p| value(p, Taste::Standard));
        assert!(m.is_capture(), "{m:?}");
    }
}
