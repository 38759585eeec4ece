//! The game kept in the browser's local storage between visits: its
//! record, who plays each side, and what it was started from, so a board
//! whose page now gives it another record starts that record instead.
//!
//! Pure Rust, tested natively; `dom` reads and writes the text under one
//! key per page and board ([`key`]).

use asalto_search::Level;

use crate::computer::Player;

/// A saved game.
#[derive(Debug, Clone, PartialEq)]
pub struct Saved {
    /// What the board was given when the game began (an embedded board's
    /// record; empty for the game page).
    pub origin: String,
    /// The game record (RULES.md §8), up to the move shown.
    pub record: String,
    /// Who plays each side (attackers first).
    pub players: [Player; 2],
}

/// The first line of every saved text, so another format is never misread.
const VERSION: &str = "asalto 1";

/// The storage key of the board numbered `board` (its `id`, or its place
/// among the page's boards) on the page at `path`.
pub fn key(path: &str, board: &str) -> String {
    format!("asalto:{path}:{board}")
}

pub(crate) fn player_text(player: Player) -> String {
    match player {
        Player::Human => "human".to_owned(),
        Player::Computer(level) => level.number().to_string(),
    }
}

pub(crate) fn player(text: &str) -> Option<Player> {
    match text {
        "human" => Some(Player::Human),
        n => Level::from_number(n.parse().ok()?).map(Player::Computer),
    }
}

impl Saved {
    /// Its stored text: one line each for the version, the origin, the
    /// record and the players.
    pub fn encode(&self) -> String {
        let [a, d] = self.players.map(player_text);
        format!(
            "{VERSION}\n{}\n{}\n{a} {d}",
            self.origin.replace('\n', " "),
            self.record
        )
    }

    /// Reads a stored text; `None` for anything this version did not write.
    pub fn decode(text: &str) -> Option<Saved> {
        let mut lines = text.split('\n');
        if lines.next()? != VERSION {
            return None;
        }
        let origin = lines.next()?.to_owned();
        let record = lines.next()?.to_owned();
        let mut players = lines.next()?.split(' ').map(player);
        let players = [players.next()??, players.next()??];
        if lines.next().is_some() || record.trim().is_empty() {
            return None;
        }
        Some(Saved {
            origin,
            record,
            players,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_game_reads_back() {
        let saved = Saved {
            origin: "royal-garrison d6-d7".to_owned(),
            record: "royal-garrison d6-d7 c7-c6".to_owned(),
            players: [Player::Human, Player::Computer(Level::Captain)],
        };
        let text = saved.encode();
        assert_eq!(
            text,
            "asalto 1\nroyal-garrison d6-d7\nroyal-garrison d6-d7 c7-c6\nhuman 4"
        );
        assert_eq!(Saved::decode(&text), Some(saved));
    }

    #[test]
    fn other_texts_are_not_read() {
        for text in [
            "",
            "assault d4-d5",
            "asalto 2\n\nassault\nhuman human",
            "asalto 1\n\nassault\nhuman",
            "asalto 1\n\nassault\nhuman 9",
            "asalto 1\n\n\nhuman human",
            "asalto 1\n\nassault\nhuman human\nmore",
        ] {
            assert_eq!(Saved::decode(text), None, "{text:?}");
        }
    }
}
