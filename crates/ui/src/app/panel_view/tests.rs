//! The panel's view: its buttons follow the game, the editor and the
//! computer, its lines say what the state says.

use super::*;
use crate::app::{EditorMsg, GameMsg, Msg, NavMsg};
use asalto_core::{Game, Record, Rules};
use asalto_search::Level;

fn app(record: &str) -> App {
    let record: Record = record.parse().expect("a record");
    App::new(Game::from_record(&record).expect("legal"), 400.0, 400.0)
}

fn enabled(view: &PanelView, id: &str) -> bool {
    view.button(id).expect(id).enabled
}

#[test]
fn every_button_the_view_sets_is_listed_once() {
    let view = PanelView::of(&app("assault"), true);
    let ids: Vec<&str> = view.buttons.iter().map(|(id, _)| *id).collect();
    assert_eq!(ids, PanelView::BUTTONS);
}

#[test]
fn stepping_buttons_follow_the_move_shown() {
    let mut a = app("assault d4-d5 c5-d6");
    let end = PanelView::of(&a, true);
    assert!(enabled(&end, "undo") && enabled(&end, "first") && enabled(&end, "back"));
    assert!(!enabled(&end, "redo") && !enabled(&end, "last"));
    a.update(Msg::Nav(NavMsg::GoTo(0)));
    let start = PanelView::of(&a, true);
    assert!(!enabled(&start, "undo") && !enabled(&start, "first"));
    assert!(enabled(&start, "redo") && enabled(&start, "last"));
    let list = start
        .moves
        .expect("the list, the game shown having changed");
    assert!(
        list.html.contains("d4-d5") && list.html.contains("c5-d6"),
        "{}",
        list.html
    );
    assert_eq!(
        PanelView::of(&a, false).moves,
        None,
        "made only when it changed"
    );
}

#[test]
fn the_editor_disables_what_does_not_apply_to_a_set_up() {
    let mut a = app("assault d4-d5");
    assert!(a.update(Msg::Editor(EditorMsg::Toggle)));
    let view = PanelView::of(&a, true);
    for id in [
        "undo", "redo", "hint", "share", "diagram", "embed", "annotate", "review", "send",
    ] {
        assert!(!enabled(&view, id), "{id} while setting up");
    }
    assert!(view.status.contains("Set-up"), "{}", view.status);
}

#[test]
fn the_computer_s_buttons_keep_their_places_while_it_plays() {
    let mut a = app("assault");
    let view = PanelView::of(&a, true);
    let move_now = view.button("move-now").expect("move now");
    assert_eq!(
        (move_now.shown, move_now.kept),
        (Some(false), false),
        "no computer: no place kept"
    );
    assert!(enabled(&view, "hint"), "the reader moves");
    let players = [Player::Human, Player::Computer(Level::Soldier)];
    a.update(Msg::Game(GameMsg::NewGame(Rules::default(), players)));
    let view = PanelView::of(&a, true);
    let (move_now, pause) = (
        view.button("move-now").expect("m"),
        view.button("pause").expect("p"),
    );
    assert!(move_now.kept && pause.kept, "{move_now:?} {pause:?}");
    assert!(
        !view.button("send").expect("send").kept,
        "Send is for two people"
    );
    assert_eq!(view.pause, "Pause");
}

#[test]
fn lines_say_the_rules_the_goal_and_what_was_taken() {
    let a = app("assault;chain=single d4-d5");
    let view = PanelView::of(&a, true);
    assert!(
        view.rules_line.ends_with("(assault;chain=single)"),
        "{}",
        view.rules_line
    );
    assert_eq!(view.side_names, ["Attackers", "Defenders"]);
    assert!(!view.goal.is_empty() && !view.captured.is_empty());
    assert_eq!(view.result, None);
    assert!(view.canvas.iter().any(|(name, _)| *name == "data-route"));
}
