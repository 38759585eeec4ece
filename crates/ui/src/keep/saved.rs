//! The game kept in the browser's local storage between visits: its
//! record, who plays each side, and what it was started from, so a board
//! whose page now gives it another record starts that record instead.
//!
//! Stored as text ([`Saved::encode`], version 3), read and written here in
//! plain Rust, so that a first visit's module carries no JSON reader. The
//! JSON of version 2 (through serde: `storage` reads it with a part of the
//! module, `serde_wasm_bindgen` and the browser's JSON) and the text of
//! version 1 (`asalto 1`, one line per field) are still read. Pure Rust,
//! tested natively; one key per page and board ([`key`]).

use asalto_search::Level;
use serde::Deserialize;

use crate::computer::Player;

/// A saved game. Its serde form is version 2's JSON.
#[derive(Debug, Clone, PartialEq, Deserialize)]
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
    #[serde(default)]
    pub at: Option<usize>,
    /// Who plays each side (attackers first): 0 for a person, else the
    /// computer's level (1–5).
    pub players: [Player; 2],
}

/// The version of [`Saved`] this build writes.
pub const VERSION: u32 = 3;

/// The first line of this version's text.
const VERSION_3: &str = "asalto 3";

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

    /// The text kept in storage: `asalto 3`, a line each for the players
    /// (`0 4`), the move shown (`-`: the main line's last) and the
    /// origin's length in bytes, then the origin and the record, as they
    /// are (either may hold any text, line breaks too).
    pub fn encode(&self) -> String {
        let [a, d] = self.players.map(u32::from);
        let at = self.at.map_or_else(|| "-".to_owned(), |at| at.to_string());
        let (origin, record) = (&self.origin, &self.record);
        format!(
            "{VERSION_3}\n{a} {d}\n{at}\n{}\n{origin}{record}",
            origin.len()
        )
    }

    /// Reads [`Saved::encode`]'s text; `None` for anything else.
    pub fn decode(text: &str) -> Option<Saved> {
        let rest = text.strip_prefix(VERSION_3)?.strip_prefix('\n')?;
        let (players, rest) = rest.split_once('\n')?;
        let (at, rest) = rest.split_once('\n')?;
        let (origin_bytes, rest) = rest.split_once('\n')?;
        let origin_bytes = origin_bytes.parse::<usize>().ok()?;
        let (origin, record) = (rest.get(..origin_bytes)?, rest.get(origin_bytes..)?);
        let mut players = players
            .split(' ')
            .map(|n| Player::try_from(n.parse::<u32>().ok()?).ok());
        let both = [players.next()??, players.next()??];
        let at = match at {
            "-" => None,
            n => Some(n.parse().ok()?),
        };
        if players.next().is_some() {
            return None;
        }
        Saved {
            at,
            ..Saved::new(origin.to_owned(), record.to_owned(), both)
        }
        .usable()
    }

    /// Reads version 2's JSON, once serde has: `None` if it is another
    /// version's or holds no record.
    pub fn from_version_2(saved: Saved) -> Option<Saved> {
        if saved.version != 2 {
            return None;
        }
        Saved {
            version: VERSION,
            ..saved
        }
        .usable()
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
            "royal-garrison d6-d7 {a note\nover two lines} c7-c6".to_owned(),
            [Player::Human, Player::Computer(Level::Captain)],
        );
        let text = saved.encode();
        assert_eq!(
            text,
            "asalto 3\n0 4\n-\n20\nroyal-garrison d6-d7royal-garrison d6-d7 {a note\nover two lines} c7-c6"
        );
        assert_eq!(Saved::decode(&text), Some(saved.clone()));
        let at = Saved {
            at: Some(1),
            origin: "é\n{".to_owned(),
            ..saved.clone()
        };
        assert!(at.encode().starts_with("asalto 3\n0 4\n1\n4\n"));
        assert_eq!(Saved::decode(&at.encode()), Some(at));
        for bad in [
            "",
            "asalto 3",
            "asalto 3\n0 4\n-\n0\n",
            "asalto 3\n0 9\n-\n0\nassault",
            "asalto 3\n0 4 0\n-\n0\nassault",
            "asalto 3\n0\n-\n0\nassault",
            "asalto 3\n0 4\nx\n0\nassault",
            "asalto 3\n0 4\n-\n99\nassault",
            "asalto 3\n0 4\n-\n1\néassault",
            "asalto 4\n0 4\n-\n0\nassault",
        ] {
            assert_eq!(Saved::decode(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn version_2_s_json_still_opens() {
        let json = r#"{"version":2,"origin":"royal-garrison d6-d7","record":"royal-garrison d6-d7 c7-c6","players":[0,4]}"#;
        let read = serde_json::from_str::<Saved>(json).expect("version 2");
        let saved = Saved::new(
            "royal-garrison d6-d7".to_owned(),
            "royal-garrison d6-d7 c7-c6".to_owned(),
            [Player::Human, Player::Computer(Level::Captain)],
        );
        assert_eq!(Saved::from_version_2(read), Some(saved.clone()));
        let at = r#"{"version":2,"origin":"","record":"assault","at":1,"players":[0,0]}"#;
        let read = serde_json::from_str::<Saved>(at).expect("version 2");
        assert_eq!(Saved::from_version_2(read).and_then(|s| s.at), Some(1));
        let other = r#"{"version":3,"origin":"","record":"assault","players":[0,0]}"#;
        let read = serde_json::from_str::<Saved>(other).expect("JSON");
        assert_eq!(Saved::from_version_2(read), None);
        for bad in [
            r#"{"version":2}"#,
            r#"{"version":2,"origin":"","record":"assault","players":[0,9]}"#,
            r#"{"version":2,"origin":"","record":"assault","players":[0,0],"more":1}"#,
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
