//! The computer's tests: who plays, hints, answers taken or dropped; helpers for the state's tests.

use super::*;
use asalto_core::Record;

fn game(record: &str) -> Game {
    Game::from_record(&record.parse::<Record>().expect("record")).expect("legal")
}

/// A choice as the worker would send it.
pub(crate) fn choice(text: &str) -> Choice {
    let parsed: MoveText = text.parse().expect("move text");
    Choice {
        text: text.to_owned(),
        route: route(&parsed).iter().map(|p| p.index()).collect(),
        capture: matches!(parsed, MoveText::Capture(_)),
    }
}

/// The worker's move `text` for request `id`.
pub(crate) fn moved(id: u32, text: &str) -> Answer {
    Answer::Move {
        id,
        best: choice(text),
        depth: 1,
        score: 0,
        nodes: 1.0,
        millis: 1.0,
    }
}

#[test]
fn the_computer_is_asked_on_its_turn_only() {
    let mut c = Computer::default();
    c.set_players([Player::Human, Player::Computer(Level::Soldier)]);
    let g = game("assault");
    c.plan(&g);
    assert_eq!(c.thinking, None, "the rebels are human");
    let g = game("assault d4-d5");
    c.plan(&g);
    let t = c.thinking.clone().expect("asked");
    assert_eq!(t.request.record, "assault d4-d5");
    assert_eq!(t.request.level, 2);
    assert_eq!(t.side, Side::Defender);
    // Planning again keeps the same request.
    c.plan(&g);
    assert_eq!(
        c.thinking.as_ref().map(|t| t.request.id),
        Some(t.request.id)
    );
}

#[test]
fn answers_to_old_requests_are_ignored() {
    let mut c = Computer::default();
    c.set_players([Player::Human, Player::Computer(Level::Marshal)]);
    let mut g = game("assault d4-d5");
    c.plan(&g);
    let id = c.thinking.as_ref().expect("asked").request.id;
    // The person takes the move back before the answer comes.
    g.undo();
    c.plan(&g);
    assert_eq!(c.thinking, None);
    let answer = moved(id, "c5-d4");
    assert_eq!(c.answer(&g, answer), (None, false));
}

#[test]
fn a_move_answer_is_checked_and_returned_with_its_route() {
    let mut c = Computer::default();
    c.set_players([Player::Human, Player::Computer(Level::Marshal)]);
    let g = game("assault d4-d5");
    c.plan(&g);
    let id = c.thinking.as_ref().expect("asked").request.id;
    let progress = Answer::Progress {
        id,
        depth: 3,
        best: choice("c5-d4"),
    };
    assert_eq!(c.answer(&g, progress), (None, true));
    let (played, _) = c.answer(&g, moved(id, "e5-d4"));
    let (m, route) = played.expect("a move");
    assert_eq!(m.to(), "d4".parse().expect("point"));
    assert_eq!(route.len(), 2);
    assert_eq!(c.thinking, None);
}

#[test]
fn move_now_plays_the_best_so_far() {
    let mut c = Computer::default();
    c.set_players([Player::Human, Player::Computer(Level::Marshal)]);
    let g = game("assault d4-d5");
    c.plan(&g);
    assert_eq!(c.move_now(&g), None, "nothing found yet");
    let id = c.thinking.as_ref().expect("asked").request.id;
    c.answer(
        &g,
        Answer::Progress {
            id,
            depth: 5,
            best: choice("c5-c6"),
        },
    );
    let (m, _) = c.move_now(&g).expect("best so far");
    assert_eq!(m.to(), "c6".parse().expect("point"));
}

#[test]
fn a_failed_worker_is_retried_once_then_people_play_on() {
    let mut c = Computer::default();
    c.set_players([Player::Computer(Level::Recruit), Player::Human]);
    let g = game("assault");
    c.plan(&g);
    let first = c.thinking.as_ref().expect("asked").request.id;
    let failed = |id| Answer::Error {
        id: Some(id),
        message: "worker crashed".into(),
    };
    c.answer(&g, failed(first));
    let second = c.thinking.as_ref().expect("asked again").request.id;
    assert_ne!(first, second);
    c.answer(&g, failed(second));
    assert_eq!(c.thinking, None);
    assert_eq!(c.players, [Player::Human, Player::Human]);
    assert_eq!(c.failure.as_deref(), Some("worker crashed"));
}

#[test]
fn a_hint_is_kept_not_played_and_illegal_answers_are_refused() {
    let mut c = Computer::default();
    let g = game("assault d4-d5");
    assert!(c.ask_hint(&g));
    assert!(!c.ask_hint(&g), "one at a time");
    let id = c.thinking.as_ref().expect("asked").request.id;
    assert_eq!(c.thinking.as_ref().map(|t| t.request.level), Some(5));
    let (played, changed) = c.answer(&g, moved(id, "c5-d4"));
    assert!(played.is_none() && changed);
    assert_eq!(c.hint_points().len(), 2);
    // A computer that answers nonsense stops playing.
    let mut c = Computer::default();
    c.set_players([Player::Human, Player::Computer(Level::Marshal)]);
    c.plan(&g);
    let id = c.thinking.as_ref().expect("asked").request.id;
    let bad = moved(id, "a1-a2");
    assert_eq!(c.answer(&g, bad), (None, true));
    assert!(c.failure.is_some());
}

#[test]
fn paused_or_browsing_back_the_computer_waits() {
    let mut c = Computer::default();
    c.set_players([
        Player::Computer(Level::Soldier),
        Player::Computer(Level::Soldier),
    ]);
    let mut g = game("assault d4-d5 c5-d4");
    g.undo();
    c.plan(&g);
    assert_eq!(c.thinking, None, "not at the end of the game");
    g.redo();
    c.paused = true;
    c.plan(&g);
    assert_eq!(c.thinking, None, "paused");
    c.paused = false;
    c.plan(&g);
    assert!(c.thinking.is_some());
    assert!(c.watching());
}
