//! The puzzles: positions where exactly one move wins, each proved by the
//! solver, never by a search's score (`www/puzzles.txt`, made by
//! `scripts/puzzles.sh` and proved again in part by a test of the
//! command line); the puzzle of the day; the words of the puzzle's card.
//!
//! The file is not compiled in: the page fetches it when a puzzle is first
//! asked for (the service worker keeps it for offline visits; the
//! single-file build carries it) and [`install`]s it.
//!
//! Pure Rust, tested natively: every puzzle reads, and its answer is a
//! legal move of its position.

use std::sync::OnceLock;

use asalto_core::Game;

use crate::lang::T;

/// One puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Puzzle {
    /// The position, as a rule set (RULES.md §3).
    pub position: &'static str,
    /// The only winning move, as the record writes it.
    pub answer: &'static str,
}

impl Puzzle {
    /// The puzzle's game at its start.
    pub fn game(&self) -> Game {
        super::tested_game(self.position)
    }
}

static ALL: OnceLock<Vec<Puzzle>> = OnceLock::new();

/// Reads the puzzles file (`position TAB answer` lines; `#` comments) and
/// keeps its puzzles for the rest of the page's life; a second file is
/// ignored. Returns how many puzzles there are.
pub fn install(file: &'static str) -> usize {
    ALL.get_or_init(|| {
        file.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|line| {
                let mut fields = line.split('\t');
                Some(Puzzle {
                    position: fields.next()?,
                    answer: fields.next()?,
                })
            })
            .collect()
    })
    .len()
}

/// Whether the puzzles file is installed.
pub fn installed() -> bool {
    ALL.get().is_some()
}

/// Every puzzle, in the file's order; none before [`install`].
pub fn all() -> &'static [Puzzle] {
    ALL.get().map_or(&[], Vec::as_slice)
}

/// The puzzle of day `day` (days since 1970-01-01, UTC): the same all
/// day, and a different one each day until the set comes round.
pub fn of_the_day(day: u64) -> usize {
    let count = all().len().max(1) as u64;
    // A stride prime to the count, so that days walk the whole set and
    // neighbouring days land far apart (on other presets).
    let stride = (count * 5 / 8..count + 2)
        .find(|&s| gcd(s, count) == 1)
        .unwrap_or(1);
    (day.wrapping_mul(stride) % count) as usize
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Which puzzle is asked for, by a link or an embedded board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PuzzleChoice {
    /// The puzzle of the day where the reader is (`today`).
    Today,
    /// The puzzle of this number (from 1).
    Number(usize),
}

impl PuzzleChoice {
    /// Reads `today` or a number from 1.
    pub fn parse(value: &str) -> Option<PuzzleChoice> {
        match value.parse::<usize>() {
            _ if value == "today" => Some(PuzzleChoice::Today),
            Ok(n) if n >= 1 => Some(PuzzleChoice::Number(n)),
            _ => None,
        }
    }

    /// The puzzle's index (from 0) on day `day`, once the puzzles are
    /// installed; a number past the last is checked by the state, which
    /// says so.
    pub fn index(self, day: u64) -> usize {
        match self {
            PuzzleChoice::Today => of_the_day(day),
            PuzzleChoice::Number(n) => n - 1,
        }
    }
}

/// The puzzle a page fragment asks for: `puzzle` (the puzzle of the day)
/// or `puzzle=N` (the Nth, from 1). `None` for any other fragment.
pub fn from_fragment(fragment: &str) -> Option<PuzzleChoice> {
    match fragment.trim_start_matches('#') {
        "puzzle" => Some(PuzzleChoice::Today),
        other => other
            .strip_prefix("puzzle=")?
            .parse()
            .ok()
            .filter(|&n| n >= 1)
            .map(PuzzleChoice::Number),
    }
}

/// The page fragment of puzzle `index` (from 0).
pub fn fragment(index: usize) -> String {
    format!("puzzle={}", index + 1)
}

/// A puzzle's heading: its number (`{0}`) and how many there are (`{1}`).
pub const PUZZLE_OF: T = t!["Puzzle {0} of {1}"];
/// The task, for the side to move.
pub const TASK: T = t!["{S} to move. Exactly one move wins: find it."];
/// The task under other rules than the standard game's (`{0}`, their
/// name).
pub const TASK_RULES: T =
    t!["{S} to move, under the rules of {0}. Exactly one move wins: find it."];
/// The move played (`{0}`) is the answer.
pub const RIGHT: T =
    t!["Right: {0} is the only move that wins; the solver proved that every other loses."];
/// The move played (`{0}`) is not.
pub const WRONG: T =
    t!["{0} loses: against the best defence it cannot win, as the solver proved. Play another."];
/// The move played (`{0}`) is not the answer, and `{1}`, the best reply,
/// answers it.
pub const WRONG_REPLY: T = t![
    "{0} loses: {1} answers it, and against the best defence it cannot win, as the solver proved. Play another."
];
/// The answer (`{0}`), when asked for.
pub const ANSWER: T = t!["The answer: {0}."];
/// A puzzle asked for (`{0}`) past the last (`{1}`).
pub const NO_SUCH: T = t!["There is no puzzle {0}: the puzzles go from 1 to {1}."];
/// The puzzles file could not be fetched (`{0}`: why).
pub const NOT_FETCHED: T = t!["The puzzles could not be fetched: {0}"];

/// The committed puzzles file, installed, for native tests.
#[cfg(test)]
pub(crate) fn install_for_tests() -> usize {
    install(include_str!("../../../../www/puzzles.txt"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use asalto_core::MoveText;

    #[test]
    fn every_puzzle_reads_and_its_answer_is_legal() {
        install_for_tests();
        assert!(all().len() >= 200, "{}", all().len());
        for puzzle in all() {
            let mut game = puzzle.game();
            assert!(game.legal_moves().len() >= 2, "{}", puzzle.position);
            let answer: MoveText = puzzle.answer.parse().expect("a move text");
            game.play_text(&answer).expect("the answer is legal");
        }
    }

    #[test]
    fn the_puzzle_of_the_day_is_the_same_all_day_and_walks_the_set() {
        let count = install_for_tests();
        let days: Vec<usize> = (20_000..20_000 + count as u64).map(of_the_day).collect();
        let mut seen = days.clone();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), count, "every puzzle comes once a round");
        assert_ne!(days[0], days[1]);
        let today = from_fragment("#puzzle").expect("the puzzle of the day");
        assert_eq!(today.index(20_001), days[1]);
        assert_eq!(from_fragment("puzzle=3").map(|c| c.index(0)), Some(2));
        assert_eq!(
            from_fragment(&format!("#{}", fragment(7))).map(|c| c.index(0)),
            Some(7)
        );
        // A number past the last is read: the state says there is no such puzzle.
        assert_eq!(
            from_fragment("puzzle=99999"),
            Some(PuzzleChoice::Number(99_999))
        );
        for bad in ["puzzle=0", "puzzle=x", "puzzles", "assault"] {
            assert_eq!(from_fragment(bad), None, "{bad}");
        }
        assert_eq!(PuzzleChoice::parse("today"), Some(PuzzleChoice::Today));
        assert_eq!(PuzzleChoice::parse("0"), None);
    }
}
