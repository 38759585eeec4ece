//! The game kept in the browser's local storage between visits: its
//! record, who plays each side, and what it was started from, so a board
//! whose page now gives it another record starts that record instead.
//!
//! Stored as JSON through serde (`storage` writes and reads it with
//! `serde_wasm_bindgen` and the browser's JSON); the text of the first
//! version (`asalto 1`, one line per field) is still read. Pure Rust, tested
//! natively; one key per page and board ([`key`]).

use asalto_search::Level;
use serde::{Deserialize, Serialize};

use crate::computer::Player;

/// A saved game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saved {
    /// The format's version: [`VERSION`].
    pub version: u32,
    /// What the board was given when the game began (an embedded board's
    /// record; empty for the game page).
    pub origin: String,
    /// The game record (RULES.md §8), variations and notes too.
    pub record: String,
    /// The move shown, if not the main line's last: its number among the
    /// moves the record writes (as a link's `&at=`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<usize>,
    /// Who plays each side (attackers first): 0 for a person, else the
    /// computer's level (1–5).
    pub players: [Player; 2],
}

/// The version of [`Saved`] this build writes; another is not read.
pub const VERSION: u32 = 2;

/// The first line of the first version's text.
const VERSION_1: &str = "asalto 1";

/// The storage key of the board numbered `board` (its `id`, or its place
/// among the page's boards) on the page at `path`.
pub fn key(path: &str, board: &str) -> String {
    format!("asalto:{path}:{board}")
}

impl From<Player> for u32 {
    fn from(player: Player) -> u32 {
        match player {
            Player::Human => 0,
            Player::Computer(level) => level.number(),
        }
    }
}

/// A stored player number that names no level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoLevel(pub u32);

impl std::fmt::Display for NoLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "no level {}", self.0)
    }
}

impl std::error::Error for NoLevel {}

impl TryFrom<u32> for Player {
    type Error = NoLevel;

    fn try_from(n: u32) -> Result<Player, NoLevel> {
        match n {
            0 => Ok(Player::Human),
            n => Level::from_number(n)
                .map(Player::Computer)
                .ok_or(NoLevel(n)),
        }
    }
}

impl Saved {
    /// A saved game of this version.
    pub fn new(origin: String, record: String, players: [Player; 2]) -> Saved {
        Saved {
            version: VERSION,
            origin,
            record,
            at: None,
            players,
        }
    }

    /// Whether it can be opened: this version's, with a record.
    pub fn usable(self) -> Option<Saved> {
        (self.version == VERSION && !self.record.trim().is_empty()).then_some(self)
    }

    /// Reads the first version's text (one line each for the version, the
    /// origin, the record and the players); `None` for anything else.
    pub fn from_version_1(text: &str) -> Option<Saved> {
        let mut lines = text.split('\n');
        if lines.next()? != VERSION_1 {
            return None;
        }
        let origin = lines.next()?.to_owned();
        let record = lines.next()?.to_owned();
        let player = |text: &str| match text {
            "human" => Some(Player::Human),
            n => Player::try_from(n.parse::<u32>().ok()?).ok(),
        };
        let mut players = lines.next()?.split(' ').map(player);
        let players = [players.next()??, players.next()??];
        if lines.next().is_some() {
            return None;
        }
        Saved::new(origin, record, players).usable()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_game_reads_back_and_another_version_is_not_used() {
        let saved = Saved::new(
            "royal-garrison d6-d7".to_owned(),
            "royal-garrison d6-d7 c7-c6".to_owned(),
            [Player::Human, Player::Computer(Level::Captain)],
        );
        let json = serde_json::to_string(&saved).expect("JSON");
        assert_eq!(
            json,
            r#"{"version":2,"origin":"royal-garrison d6-d7","record":"royal-garrison d6-d7 c7-c6","players":[0,4]}"#
        );
        let back: Saved = serde_json::from_str(&json).expect("read back");
        assert_eq!(back.clone().usable(), Some(saved.clone()));
        let at = Saved {
            at: Some(1),
            ..saved.clone()
        };
        let json = serde_json::to_string(&at).expect("JSON");
        assert!(json.contains(r#""at":1"#), "{json}");
        assert_eq!(serde_json::from_str::<Saved>(&json).ok(), Some(at));
        let other = Saved { version: 3, ..back };
        assert_eq!(other.usable(), None);
        for bad in [
            r#"{"version":2}"#,
            r#"{"version":2,"origin":"","record":"assault","players":[0,9]}"#,
        ] {
            assert!(serde_json::from_str::<Saved>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_first_version_still_opens() {
        assert_eq!(
            Saved::from_version_1(
                "asalto 1\nroyal-garrison d6-d7\nroyal-garrison d6-d7 c7-c6\nhuman 4"
            ),
            Some(Saved::new(
                "royal-garrison d6-d7".to_owned(),
                "royal-garrison d6-d7 c7-c6".to_owned(),
                [Player::Human, Player::Computer(Level::Captain)],
            ))
        );
        for text in [
            "",
            "assault d4-d5",
            "asalto 2\n\nassault\nhuman human",
            "asalto 1\n\nassault\nhuman",
            "asalto 1\n\nassault\nhuman 9",
            "asalto 1\n\n\nhuman human",
            "asalto 1\n\nassault\nhuman human\nmore",
        ] {
            assert_eq!(Saved::from_version_1(text), None, "{text:?}");
        }
    }
}
