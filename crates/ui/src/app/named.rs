//! The messages a button sends, by the name its markup gives them
//! (`data-msg="undo"`): the page hears every click on a `[data-msg]`
//! element in one place and sends [`Msg::named`]'s message, so a new button
//! for an existing message is markup and words only.

use super::msg::{
    AuthorMsg, ComputerMsg, EditorMsg, GameMsg, LessonMsg, Msg, NavMsg, PointerMsg, PuzzleMsg,
    SettingsMsg, Welcome,
};

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
