//! The game as the game page's first module hands it to the full one.
//!
//! The page starts with a small module (the board and its panel, in
//! English) and, once the full module has loaded, that one takes the board
//! over (see `relay`). What passes between the two is this state, as text:
//! the whole game (undone moves included), who plays each side, the board's
//! way round, the link being played and its notice, what the panel says of
//! the last Share and the last refused point, and the control the reader
//! pressed that only the full module has.
//!
//! Pure Rust, tested natively.

use crate::app::{App, Msg};
use crate::computer::Player;
use crate::link::{self, Source};
use crate::saved::{player, player_text};

/// A control that the first module leaves to the full one: pressed before
/// the handover, it is pressed again after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Then {
    /// New game: the New game dialog.
    New,
    /// Rules: the Rules dialog.
    Rules,
    /// Hint: the computer's suggestion.
    Hint,
}

impl Then {
    /// Every such control.
    pub const ALL: [Then; 3] = [Then::New, Then::Rules, Then::Hint];

    /// The control's element id (index.html).
    pub fn id(self) -> &'static str {
        match self {
            Then::New => "new",
            Then::Rules => "rules",
            Then::Hint => "hint",
        }
    }
}

/// The state handed over.
#[derive(Debug, Clone, PartialEq)]
pub struct Handover {
    /// The game record (RULES.md §8) with every move, undone ones too.
    pub record: String,
    /// How many of its moves are shown.
    pub ply: usize,
    /// Who plays each side (attackers first).
    pub players: [Player; 2],
    /// Whether the board is turned round.
    pub flipped: bool,
    /// The moves of the link being played by two people, if one is.
    pub link_moves: Option<usize>,
    /// What went wrong with the link the game was opened from.
    pub notice: Option<String>,
    /// Whether the last Share copied the link, until the next move.
    pub shared: Option<bool>,
    /// Why the last point chosen was refused, until the next choice.
    pub refusal: Option<String>,
    /// The control pressed before the handover, if any.
    pub then: Option<Then>,
}

/// The first line of the text, so another version is never misread.
const VERSION: &str = "asalto handover 1";

impl Handover {
    /// The state of `app`, with the control `then` to press after.
    pub fn of(app: &App, then: Option<Then>) -> Handover {
        let mut whole = app.game.clone();
        whole.go_to(usize::MAX);
        Handover {
            record: whole.record().to_string(),
            ply: app.game.ply(),
            players: app.computer.players,
            flipped: app.layout.flipped,
            link_moves: app.link_moves,
            notice: app.notice.clone(),
            shared: app.shared,
            refusal: app.refusal.clone(),
            then,
        }
    }

    /// Gives `app` this state (its size and language stay its own).
    pub fn restore(&self, app: &mut App) {
        if let Some(opened) = link::read(app.lang, &self.record, Source::Saved) {
            app.open(opened);
        }
        app.game.go_to(self.ply);
        app.refresh();
        app.computer.set_players(self.players);
        app.link_moves = self.link_moves;
        if self.flipped != app.layout.flipped {
            app.update(Msg::Flip);
        }
        app.notice.clone_from(&self.notice);
        app.shared = self.shared;
        app.refusal.clone_from(&self.refusal);
    }

    /// Its text: one line each for the version, the record, the ply, the
    /// players, the way round, the link's moves, the control, the last
    /// Share (`-` for none in these three), the notice and the refusal
    /// (empty for none).
    pub fn encode(&self) -> String {
        let [a, d] = self.players.map(player_text);
        let link_moves = self.link_moves.map_or("-".to_owned(), |n| n.to_string());
        let then = self.then.map_or("-", Then::id);
        let shared = self
            .shared
            .map_or("-", |copied| if copied { "1" } else { "0" });
        let line = |text: &Option<String>| text.as_deref().unwrap_or_default().replace('\n', " ");
        format!(
            "{VERSION}\n{}\n{}\n{a} {d}\n{}\n{link_moves}\n{then}\n{shared}\n{}\n{}",
            self.record,
            self.ply,
            u8::from(self.flipped),
            line(&self.notice),
            line(&self.refusal),
        )
    }

    /// Reads a text [`Handover::encode`] wrote; `None` for anything else.
    pub fn decode(text: &str) -> Option<Handover> {
        let lines: Vec<&str> = text.split('\n').collect();
        let [
            version,
            record,
            ply,
            players,
            flipped,
            link_moves,
            then,
            shared,
            notice,
            refusal,
        ] = lines.as_slice()
        else {
            return None;
        };
        if *version != VERSION {
            return None;
        }
        let mut players = players.split(' ').map(player);
        let players = [players.next()??, players.next()??];
        let flag = |text: &str| match text {
            "0" => Some(false),
            "1" => Some(true),
            _ => None,
        };
        let text = |line: &str| (!line.is_empty()).then(|| line.to_owned());
        Some(Handover {
            record: (*record).to_owned(),
            ply: ply.parse().ok()?,
            players,
            flipped: flag(flipped)?,
            link_moves: match *link_moves {
                "-" => None,
                n => Some(n.parse().ok()?),
            },
            then: match *then {
                "-" => None,
                id => Some(Then::ALL.into_iter().find(|t| t.id() == id)?),
            },
            shared: match *shared {
                "-" => None,
                copied => Some(flag(copied)?),
            },
            notice: text(notice),
            refusal: text(refusal),
        })
    }
}

#[cfg(test)]
mod tests {
    use asalto_core::{Game, Rules};
    use asalto_search::Level;

    use super::*;

    fn app() -> App {
        App::new(
            Game::new(&Rules::default()).expect("standard game"),
            600.0,
            600.0,
        )
    }

    #[test]
    fn the_game_passes_whole_with_its_undone_moves_and_settings() {
        let mut first = app();
        assert!(first.update(Msg::OpenLink("#assault+d4-d5+c5-c6+c4-c5".to_owned())));
        first.update(Msg::Undo);
        first.update(Msg::Flip);
        first.notice = Some("The link's last move was illegal.".to_owned());
        first.update(Msg::Shared(true));
        assert!(first.update(Msg::Choose("c6".parse().expect("a point"))));
        assert!(
            first.refusal.is_some(),
            "a defender, on the attackers' turn"
        );
        first
            .computer
            .set_players([Player::Human, Player::Computer(Level::Captain)]);
        let handed = Handover::of(&first, Some(Then::Rules));
        let text = handed.encode();
        assert_eq!(Handover::decode(&text), Some(handed.clone()));

        let mut full = App::new(
            Game::new(&Rules::default()).expect("standard game"),
            300.0,
            400.0,
        );
        handed.restore(&mut full);
        assert_eq!(full.game.moves(), first.game.moves());
        assert_eq!(full.game.ply(), 2);
        assert_eq!(full.computer.players, first.computer.players);
        assert!(full.layout.flipped);
        assert_eq!(full.size, (300.0, 400.0));
        assert_eq!(full.link_moves, first.link_moves);
        assert_eq!(full.notice, first.notice);
        assert_eq!(full.shared, Some(true));
        assert_eq!(full.refusal, first.refusal);
        assert!(
            full.update(Msg::Redo),
            "the undone move can be played again"
        );
        assert_eq!(full.game.ply(), 3);
    }

    #[test]
    fn a_new_game_passes_with_nothing_to_press() {
        let handed = Handover::of(&app(), None);
        assert_eq!(handed.record, "assault");
        assert_eq!(Handover::decode(&handed.encode()), Some(handed));
    }

    #[test]
    fn other_texts_are_not_read() {
        let good = "asalto handover 1\nassault\n0\nhuman human\n0\n-\n-\n-\n\n";
        assert!(Handover::decode(good).is_some());
        for text in [
            "",
            "asalto 1\n\nassault\nhuman human",
            "asalto handover 1\nassault\n0\nhuman human\n0\n-\n-\n-\n",
            "asalto handover 2\nassault\n0\nhuman human\n0\n-\n-\n-\n\n",
            "asalto handover 1\nassault\nx\nhuman human\n0\n-\n-\n-\n\n",
            "asalto handover 1\nassault\n0\nhuman\n0\n-\n-\n-\n\n",
            "asalto handover 1\nassault\n0\nhuman human\n2\n-\n-\n-\n\n",
            "asalto handover 1\nassault\n0\nhuman human\n0\nx\n-\n-\n\n",
            "asalto handover 1\nassault\n0\nhuman human\n0\n-\nshare\n-\n\n",
            "asalto handover 1\nassault\n0\nhuman human\n0\n-\n-\nyes\n\n",
            "asalto handover 1\nassault\n0\nhuman human\n0\n-\n-\n-\n\n\nmore",
        ] {
            assert_eq!(Handover::decode(text), None, "{text:?}");
        }
    }
}
