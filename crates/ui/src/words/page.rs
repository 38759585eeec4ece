//! The words written in the board's frame (www/parts/frame.html, the
//! game page's and every embedded board's): an element with `data-t="key"`
//! gets every row of [`PAGE`] with that key.

use crate::lang::T;

/// Where a row of [`PAGE`] goes on its element.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// The element's text.
    Text,
    /// Its `title` (a tooltip).
    Title,
    /// Its `aria-label`.
    Label,
}

impl Slot {
    /// The attribute the words go in; `None` for the element's text.
    pub fn attribute(self) -> Option<&'static str> {
        match self {
            Slot::Text => None,
            Slot::Title => Some("title"),
            Slot::Label => Some("aria-label"),
        }
    }
}

/// Every word of the markup: key, where it goes, the words.
pub const PAGE: &[(&str, Slot, T)] = &[
    ("new", Slot::Text, t!["New game"]),
    ("undo", Slot::Text, t!["Undo"]),
    (
        "undo",
        Slot::Title,
        t!["Take back the last move (against the computer, its reply too)"],
    ),
    ("steps", Slot::Label, t!["Step through the game"]),
    ("step-first", Slot::Label, t!["Start"]),
    ("step-first", Slot::Title, t!["The start (Home)"]),
    ("step-back", Slot::Label, t!["Back"]),
    ("step-back", Slot::Title, t!["The move before (←)"]),
    ("step-forward", Slot::Label, t!["Forward"]),
    ("step-forward", Slot::Title, t!["The move after (→)"]),
    ("step-last", Slot::Label, t!["End"]),
    ("step-last", Slot::Title, t!["The last move (End)"]),
    ("flip", Slot::Text, t!["Flip"]),
    ("flip", Slot::Title, t!["Turn the board round"]),
    ("more", Slot::Text, t!["More"]),
    (
        "more",
        Slot::Title,
        t!["Share, send, diagram, embed, comment, set up; the rules"],
    ),
    ("more-menu", Slot::Label, t!["More"]),
    ("share", Slot::Text, t!["Share"]),
    ("share", Slot::Title, t!["Copy a link to this game"]),
    ("rematch", Slot::Text, t!["Rematch"]),
    (
        "welcome-title",
        Slot::Text,
        t!["New here? Choose how to play."],
    ),
    (
        "welcome-link",
        Slot::Text,
        t!["A shared game, shown as it stands. Play on from here?"],
    ),
    ("welcome-computer", Slot::Text, t!["Play the computer"]),
    ("welcome-level", Slot::Label, t!["The computer's strength"]),
    ("welcome-friend", Slot::Text, t!["Play a friend"]),
    (
        "welcome-friend",
        Slot::Title,
        t!["Two players at this screen; Send passes a move to a friend by link"],
    ),
    ("welcome-learn", Slot::Text, t!["Learn by playing"]),
    ("welcome-puzzle", Slot::Text, t!["Puzzle of the day"]),
    ("puzzles", Slot::Text, t!["Puzzle of the day"]),
    (
        "puzzles",
        Slot::Title,
        t!["A position where exactly one move wins, proved by the solver; a new one each day"],
    ),
    ("puzzle-answer", Slot::Text, t!["Show the answer"]),
    ("puzzle-again", Slot::Text, t!["Again"]),
    ("puzzle-next", Slot::Text, t!["Next puzzle"]),
    ("puzzle-leave", Slot::Text, t!["Leave the puzzles"]),
    ("learn", Slot::Text, t!["Lessons"]),
    (
        "learn",
        Slot::Title,
        t!["Short lessons: one position and one task each"],
    ),
    ("lesson-hint", Slot::Text, t!["Hint"]),
    ("lesson-again", Slot::Text, t!["Again"]),
    ("lesson-next", Slot::Text, t!["Next lesson"]),
    ("lesson-leave", Slot::Text, t!["Leave the lessons"]),
    (
        "lesson-pick",
        Slot::Label,
        t!["Every lesson, starred when done"],
    ),
    (
        "rematch",
        Slot::Title,
        t!["Play again: the same rules, and against the computer the sides swapped"],
    ),
    ("result-close", Slot::Label, t!["Close the result"]),
    ("send", Slot::Text, t!["Send"]),
    (
        "send",
        Slot::Title,
        t!["Copy a link for a friend to play the next move"],
    ),
    ("diagram", Slot::Text, t!["Diagram"]),
    (
        "diagram",
        Slot::Title,
        t!["Download a figure of the position shown (SVG and PNG)"],
    ),
    ("edit", Slot::Text, t!["Set up"]),
    (
        "edit",
        Slot::Title,
        t!["Set up a position: click a point to put an attacker, a defender or nothing there"],
    ),
    ("ed-turn-label", Slot::Text, t!["To move"]),
    ("ed-rules-label", Slot::Text, t!["Rules"]),
    ("ed-clear", Slot::Text, t!["Empty the board"]),
    ("ed-play", Slot::Text, t!["Play it"]),
    ("ed-link", Slot::Text, t!["Copy its link"]),
    ("ed-code", Slot::Text, t!["Copy its code"]),
    ("editor", Slot::Label, t!["Set-up editor"]),
    ("annotate", Slot::Text, t!["Comment"]),
    (
        "annotate",
        Slot::Title,
        t![
            "Write about the position shown; a right-drag on the board draws an arrow, a right-click a ring"
        ],
    ),
    (
        "comment-input",
        Slot::Label,
        t!["Your comment on the position shown"],
    ),
    ("embed", Slot::Text, t!["Embed"]),
    (
        "embed",
        Slot::Title,
        t!["Copy the code that shows this game in an article"],
    ),
    ("rules", Slot::Text, t!["Rules"]),
    (
        "rules",
        Slot::Title,
        t!["The rules of this game and their sources"],
    ),
    ("stop", Slot::Text, t!["Stop here"]),
    ("hint", Slot::Text, t!["Hint"]),
    ("hint", Slot::Title, t!["The computer suggests a move"]),
    ("review", Slot::Text, t!["Review"]),
    (
        "review",
        Slot::Title,
        t!["The computer judges every move of the game"],
    ),
    ("review-cancel", Slot::Text, t!["Cancel"]),
    (
        "graph",
        Slot::Label,
        t!["The game as a graph: who is ahead after each move; click a move, or step with ← and →"],
    ),
    (
        "review-table",
        Slot::Label,
        t!["Mistakes and turning points"],
    ),
    ("move-now", Slot::Text, t!["Move now"]),
    (
        "board",
        Slot::Label,
        t!["The board; the status line and the move list describe the game"],
    ),
    ("points", Slot::Label, t!["Points of the board"]),
    ("game", Slot::Label, t!["Game"]),
    ("options", Slot::Label, t!["Display, sound and language"]),
    ("coordinates", Slot::Text, t!["Coordinates"]),
    ("contrast", Slot::Text, t!["High contrast"]),
    ("sound", Slot::Text, t!["Sounds"]),
    ("threats", Slot::Text, t!["Threats"]),
    ("language", Slot::Text, t!["Language"]),
    ("moves-heading", Slot::Text, t!["Moves"]),
    ("moves", Slot::Label, t!["Moves"]),
    ("rules-title", Slot::Text, t!["Rules"]),
    ("close", Slot::Text, t!["Close"]),
];

/// The game page's title.
pub const TITLE: T = t!["Asalto — the siege game"];
/// The Pause button while the computer plays.
pub const PAUSE: T = t!["Pause"];
/// What the Embed button copied.
pub const EMBED_COPIED: T =
    t!["Copied: the <asalto-board> code and the embed.html address that show this game."];
/// The Embed button could not copy.
pub const EMBED_REFUSED: T = t!["The code could not be copied: {0}"];
/// A part of the game's module did not load (the network is off, or the
/// host lacks the file): said in the note line, and the game plays on.
pub const PART_UNLOADED: T =
    t!["This part of the game could not be loaded (offline?); the game plays on."];
/// The Pause button while the computer is paused.
pub const RESUME: T = t!["Resume"];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markup::{AROUND, FRAME, MARKUP, values};

    fn keys(markup: &str) -> Vec<&str> {
        values(markup, "data-t")
    }

    /// What the markup itself says in `slot` of each element with
    /// `data-t="key"`: (key, slot, words); `None` where it says nothing.
    fn said(markup: &str) -> Vec<(&str, Slot, Option<&str>)> {
        let mut found = Vec::new();
        for rest in markup.split("data-t=\"").skip(1) {
            let Some((key, rest)) = rest.split_once('"') else {
                continue;
            };
            let Some((tag, after)) = rest.split_once('>') else {
                continue;
            };
            let attribute = |name: &str| {
                let (_, value) = tag.split_once(&format!("{name}=\""))?;
                value.split('"').next()
            };
            let text = after.split('<').next().filter(|t| !t.trim().is_empty());
            found.push((key, Slot::Text, text));
            found.push((key, Slot::Title, attribute("title")));
            found.push((key, Slot::Label, attribute("aria-label")));
        }
        found
    }

    #[test]
    fn the_markup_says_the_english_words() {
        // An English reader's page is not rewritten (only words that differ
        // are written, and nothing is laid out again): the markup's words
        // must be the English ones.
        for markup in MARKUP {
            for (key, slot, words) in said(markup) {
                let english = PAGE
                    .iter()
                    .find(|(k, s, _)| *k == key && *s == slot)
                    .map(|(_, _, t)| t.en);
                if let Some(english) = english {
                    assert_eq!(words, Some(english), "{key} {slot:?}");
                }
            }
        }
    }

    #[test]
    fn every_key_of_the_markup_has_words_and_every_word_a_place() {
        for markup in MARKUP {
            for key in keys(markup) {
                assert!(PAGE.iter().any(|(k, _, _)| *k == key), "{key}");
            }
        }
        let used = |key: &str| MARKUP.iter().any(|m| keys(m).contains(&key));
        for (key, _, _) in PAGE {
            assert!(used(key), "{key} is on no element");
        }
        // One row for each key and slot.
        for (key, slot, _) in PAGE {
            let twice = PAGE
                .iter()
                .filter(|(k, s, _)| k == key && s == slot)
                .count();
            assert_eq!(twice, 1, "{key}");
        }
    }

    #[test]
    fn the_frame_is_written_once() {
        // The game page inlines the frame and the embedded board fetches
        // it; neither writes an element of its own with an id.
        let [page, element] = AROUND;
        assert!(page.contains(r#"rel="inline" href="www/parts/frame.html""#));
        assert!(element.contains("text('frame.html')"));
        for markup in AROUND {
            assert!(!markup.contains(" id=\""), "an element outside the frame");
        }
        let ids = values(FRAME, "id");
        assert!(ids.len() > 90, "{ids:?}");
        for id in &ids {
            assert_eq!(ids.iter().filter(|i| *i == id).count(), 1, "#{id} twice");
        }
    }
}
