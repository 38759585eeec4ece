//! The messages that change the state: what happened, in the game's terms;
//! and the messages a button sends, by the name its markup gives them
//! (`data-msg="undo"`): the page hears every click on a `[data-msg]`
//! element in one place and sends [`Msg::named`]'s message, so a new button
//! is its markup, its words, its message here and what it does in
//! `handlers`.

use asalto_core::{Point, Preset, Rules, Side};

use asalto_search::Level;

use crate::computer::{Answer, Player};
use crate::lang::Lang;
use crate::perfect::Solved;
use crate::say::text::Copied;

/// Something that happened, in the game's terms, grouped by where it
/// comes from: the set-up editor's gating, the modes' and the computer's
/// are matches on the group.
#[derive(Debug, Clone, PartialEq)]
pub enum Msg {
    /// The pointer or the keyboard on the board.
    Pointer(PointerMsg),
    /// Looking through the game: back, forward, a move of the list or of
    /// the graph, another game's link.
    Nav(NavMsg),
    /// The game itself: a new one, a rematch, its result closed, its
    /// record's lines changed.
    Game(GameMsg),
    /// The author's comments, arrows and rings.
    Author(AuthorMsg),
    /// The set-up editor.
    Editor(EditorMsg),
    /// The computer: its worker's answers and what the reader asks of it.
    Computer(ComputerMsg),
    /// The reader's choices of how the board is shown and spoken.
    Settings(SettingsMsg),
    /// The page around the board: its size, the animation clock, notes.
    Page(PageMsg),
    /// A first visit's choice of how to play.
    Welcome(Welcome),
    /// The course of lessons.
    Lesson(LessonMsg),
    /// The puzzles.
    Puzzle(PuzzleMsg),
}

/// The pointer or the keyboard on the board.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PointerMsg {
    /// A pointer went down at a canvas pixel.
    Press(f64, f64),
    /// The pointer moved to a canvas pixel (with or without a press).
    Drag(f64, f64),
    /// The pointer went up at a canvas pixel.
    Release(f64, f64),
    /// The pointer left or was cancelled.
    Cancel,
    /// A point was chosen (by click or by keyboard).
    Choose(Point),
    /// Stop a capture chain where it is.
    StopChain,
    /// Forget the current selection.
    Deselect,
}

/// Looking through the game.
#[derive(Debug, Clone, PartialEq)]
pub enum NavMsg {
    /// Step back a move (against the computer, to your last move).
    Undo,
    /// Step forward along the line shown.
    Redo,
    /// Step back one move, whoever played it.
    Back,
    /// Show the position after this many moves of the line shown.
    GoTo(usize),
    /// The last known position.
    GoToEnd,
    /// Show the move a record writes as its `n`th (0: the start), in
    /// whatever line it is.
    Enter(usize),
    /// Show the ply at this fraction (0 to 1) of the review's graph.
    GraphAt(f64),
    /// Show the game of a link: the page address's fragment (RULES.md §8
    /// record, tokens joined by `+`).
    OpenLink(String),
}

/// The game itself.
#[derive(Debug, Clone, PartialEq)]
pub enum GameMsg {
    /// Start a new game, with these players of the attackers and defenders.
    NewGame(Rules, [Player; 2]),
    /// The same rules again from the start; against the computer, with
    /// the sides swapped.
    Rematch,
    /// Close the result of a finished game (it comes back with the next
    /// finished game).
    CloseResult,
    /// Make the variation of the `n`th move written its parent's main
    /// continuation.
    Promote(usize),
    /// Delete the `n`th move written and every move after it.
    Delete(usize),
}

/// The author's tools.
#[derive(Debug, Clone, PartialEq)]
pub enum AuthorMsg {
    /// The secondary button went down at a canvas pixel: an author starts
    /// an arrow or a ring.
    DrawFrom(f64, f64),
    /// The secondary button went up at a canvas pixel: the arrow from where
    /// it went down (a ring if on the same point) is drawn, or taken away.
    DrawTo(f64, f64),
    /// The author's words about the position shown.
    Comment(String),
    /// Open the box for the author's words about the position shown, or
    /// close it.
    Annotate,
}

/// The set-up editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EditorMsg {
    /// Open the editor on the position shown, or close it.
    Toggle,
    /// This side moves first.
    Turn(Side),
    /// Play the position under this preset's rules.
    Rules(Preset),
    /// Empty the board.
    Clear,
    /// Play the position set up.
    Play,
}

/// The computer.
#[derive(Debug, Clone, PartialEq)]
pub enum ComputerMsg {
    /// The computer's worker said something.
    Answer(Answer),
    /// Ask the computer for a move for the side to move, to show.
    Hint,
    /// Make the computer play the best move it has found so far.
    MoveNow,
    /// Stop the computer from moving, or let it go on.
    Pause,
    /// The pause between moves when the computer plays itself (ms).
    WatchPause(u32),
    /// Review the line shown: every position judged in the Worker.
    Review,
    /// Stop the review under way (what it classed stays).
    CancelReview,
    /// The tables' worker said something (perfect play).
    Solved(Solved),
    /// The Marshal's move after the game `{0}` (its record) has waited
    /// [`HOLD_MS`](super::HOLD_MS) for the pack's word: it is played as
    /// the search chose it.
    HoldOver(String),
}

/// The reader's choices of how the board is shown and spoken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettingsMsg {
    /// Turn the board round.
    Flip,
    /// Mark and say what is threatened, or stop.
    ShowThreats(bool),
    /// Speak this language.
    Language(Lang),
}

/// The page around the board.
#[derive(Debug, Clone, PartialEq)]
pub enum PageMsg {
    /// The canvas was given a new size (CSS pixels).
    Resize(f64, f64),
    /// Animation clock, in milliseconds.
    Tick(f64),
    /// The game's link was copied, or could not be.
    Shared(Copied),
    /// Say this in the note line until the next move or game (a language
    /// whose words could not be loaded, say).
    Notice(String),
    /// A part of the page's module (a dialog, the computer's link) could
    /// not be loaded: the note line says so, and the game plays on.
    PartUnloaded,
}

/// How a newcomer chose to play, on the first visit's card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Welcome {
    /// Offer the card: a first visit (no link, no saved game).
    Offer,
    /// Against the computer at a level, the reader playing this side.
    Computer(Side, Level),
    /// Two people at this screen (or by link): the game as it stands.
    Friend,
}

/// What the reader does with the lessons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LessonMsg {
    /// Open the lesson of this number (from 0), from its start.
    Open(usize),
    /// The same lesson again, from its start.
    Again,
    /// The lesson after the one open.
    Next,
    /// The first lesson not yet done (the first if all are).
    Resume,
    /// Show the lesson's hint.
    Hint,
    /// Take a wrong move and the reply that answered it back, for another
    /// try (sent a moment after the reply is played).
    TryAgain,
    /// Leave the lessons for a new game.
    Leave,
    /// The lessons done on this device, as stored.
    Restore(crate::newcomer::lessons::Done),
}

/// What the reader does with the puzzles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PuzzleMsg {
    /// Open the puzzle of this number (from 0) in
    /// [`crate::newcomer::puzzles::all`].
    Open(usize),
    /// The same puzzle again, from its start.
    Again,
    /// The puzzle after the one open (the first after the last).
    Next,
    /// Say the answer.
    Answer,
    /// Take a wrong move and the reply that answered it back, for another
    /// try (sent a moment after the reply is played).
    TryAgain,
    /// Leave the puzzles for a new game.
    Leave,
}

/// Every name a button may send, with its message.
const NAMED: [(&str, Msg); 29] = [
    ("undo", Msg::Nav(NavMsg::Undo)),
    ("redo", Msg::Nav(NavMsg::Redo)),
    ("back", Msg::Nav(NavMsg::Back)),
    ("first", Msg::Nav(NavMsg::GoTo(0))),
    ("last", Msg::Nav(NavMsg::GoToEnd)),
    ("stop", Msg::Pointer(PointerMsg::StopChain)),
    ("flip", Msg::Settings(SettingsMsg::Flip)),
    ("move-now", Msg::Computer(ComputerMsg::MoveNow)),
    ("pause", Msg::Computer(ComputerMsg::Pause)),
    ("hint", Msg::Computer(ComputerMsg::Hint)),
    ("review", Msg::Computer(ComputerMsg::Review)),
    ("review-cancel", Msg::Computer(ComputerMsg::CancelReview)),
    ("rematch", Msg::Game(GameMsg::Rematch)),
    ("result-close", Msg::Game(GameMsg::CloseResult)),
    ("welcome-friend", Msg::Welcome(Welcome::Friend)),
    ("welcome-learn", Msg::Lesson(LessonMsg::Open(0))),
    ("learn", Msg::Lesson(LessonMsg::Resume)),
    ("lesson-hint", Msg::Lesson(LessonMsg::Hint)),
    ("lesson-again", Msg::Lesson(LessonMsg::Again)),
    ("lesson-next", Msg::Lesson(LessonMsg::Next)),
    ("lesson-leave", Msg::Lesson(LessonMsg::Leave)),
    ("puzzle-answer", Msg::Puzzle(PuzzleMsg::Answer)),
    ("puzzle-again", Msg::Puzzle(PuzzleMsg::Again)),
    ("puzzle-next", Msg::Puzzle(PuzzleMsg::Next)),
    ("puzzle-leave", Msg::Puzzle(PuzzleMsg::Leave)),
    ("edit", Msg::Editor(EditorMsg::Toggle)),
    ("ed-clear", Msg::Editor(EditorMsg::Clear)),
    ("ed-play", Msg::Editor(EditorMsg::Play)),
    ("annotate", Msg::Author(AuthorMsg::Annotate)),
];

impl Msg {
    /// The message a button named `name` (its `data-msg`) sends; `None`
    /// for a name no message has.
    pub fn named(name: &str) -> Option<Msg> {
        NAMED
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, msg)| msg.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markup::{FRAME, MARKUP, values};

    #[test]
    fn every_button_names_a_message_and_every_name_has_a_button() {
        let used: Vec<&str> = MARKUP.iter().flat_map(|m| values(m, "data-msg")).collect();
        for name in &used {
            assert!(
                Msg::named(name).is_some(),
                "data-msg=\"{name}\" names no message"
            );
        }
        for (name, _) in &NAMED {
            assert!(used.contains(name), "no button sends \"{name}\"");
        }
        assert!(values(FRAME, "data-msg").contains(&"undo"));
        assert_eq!(Msg::named("undo"), Some(Msg::Nav(NavMsg::Undo)));
        assert_eq!(Msg::named("share"), None);
    }
}
