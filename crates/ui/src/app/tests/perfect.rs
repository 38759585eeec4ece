//! Perfect play in the state, with the tables' worker's answers given by
//! hand: the hint, the Marshal's move (and its wait for the pack), and a
//! review that marks exactly the move that threw a win away.

use asalto_core::Glyph;
use asalto_protocol::{Choice, Valued};

use super::*;
use crate::computer::hint_reason::Why;
use crate::perfect::Solved;

const PACK: &str = "http://127.0.0.1/asalto-0000000000000000.bin";

/// The answer to `app`'s probe of its position: only `winner` wins.
fn values(app: &App, winner: &str) -> Solved {
    let probe = app.perfect.wanted().expect("a probe");
    assert!(!probe.line);
    let pos = app.game.position();
    let moves: Vec<Valued> = app
        .game
        .legal_moves()
        .iter()
        .map(|m| {
            let choice = Choice::from_move(pos, m);
            let wins = Some(choice.text == winner);
            Valued { choice, wins }
        })
        .collect();
    Solved::Values {
        id: probe.id,
        value: Some(true),
        moves,
        tiers: (9, 24),
        requests: 2,
    }
}

fn with_pack(record: &str) -> App {
    let mut a = app(record);
    a.perfect.set_address(Some(PACK.into()));
    a.plan();
    a
}

#[test]
fn the_hint_names_a_winning_move_and_the_marshal_plays_one() {
    let mut a = with_pack("assault d4-d5");
    let answer = values(&a, "e5-e6");
    assert!(a.update(Msg::Computer(ComputerMsg::Solved(answer))));
    assert!(a.update(Msg::Computer(ComputerMsg::Hint)));
    let hint = a.computer.hint.clone().expect("a hint");
    assert_eq!((hint.text.as_str(), hint.why), ("e5-e6", Some(Why::Proved)));
    assert!(a.computer.thinking.is_none(), "no search for it");
    // The Marshal's search prefers another move: the winning one is played.
    a.computer
        .set_players([Player::Human, Player::Computer(Level::Marshal)]);
    a.plan();
    let id = a.computer.thinking.as_ref().expect("asked").request.id;
    a.update(Msg::Computer(ComputerMsg::Answer(moved(id, "c5-c6"))));
    assert_eq!(record(&a), "assault d4-d5 e5-e6");
    // A lower level plays its own move.
    let mut b = with_pack("assault d4-d5");
    let answer = values(&b, "e5-e6");
    b.update(Msg::Computer(ComputerMsg::Solved(answer)));
    b.computer
        .set_players([Player::Human, Player::Computer(Level::Sergeant)]);
    b.plan();
    let id = b.computer.thinking.as_ref().expect("asked").request.id;
    b.update(Msg::Computer(ComputerMsg::Answer(moved(id, "c5-c6"))));
    assert_eq!(record(&b), "assault d4-d5 c5-c6");
}

#[test]
fn the_marshal_waits_for_the_pack_while_it_is_asked() {
    let mut a = with_pack("assault d4-d5");
    a.computer
        .set_players([Player::Human, Player::Computer(Level::Marshal)]);
    a.plan();
    let answer = values(&a, "e5-d4");
    let id = a.computer.thinking.as_ref().expect("asked").request.id;
    a.update(Msg::Computer(ComputerMsg::Answer(moved(id, "c5-c6"))));
    assert_eq!(record(&a), "assault d4-d5", "held");
    assert!(a.computer.thinking.is_none(), "not asked again");
    a.update(Msg::Computer(ComputerMsg::Solved(answer)));
    assert_eq!(record(&a), "assault d4-d5 e5-d4");
    // A pack that fails lets the search's move go.
    let mut b = with_pack("assault d4-d5");
    b.computer
        .set_players([Player::Human, Player::Computer(Level::Marshal)]);
    b.plan();
    let id = b.computer.thinking.as_ref().expect("asked").request.id;
    b.update(Msg::Computer(ComputerMsg::Answer(moved(id, "c5-c6"))));
    let failed = Solved::Unavailable {
        id: None,
        message: "HTTP 404".into(),
    };
    b.update(Msg::Computer(ComputerMsg::Solved(failed)));
    assert_eq!(record(&b), "assault d4-d5 c5-c6");
    // A pack slower than the wait: the search's move goes; the word of a
    // wait for another game does nothing.
    let mut c = with_pack("assault d4-d5");
    c.computer
        .set_players([Player::Human, Player::Computer(Level::Marshal)]);
    c.plan();
    let id = c.computer.thinking.as_ref().expect("asked").request.id;
    assert_eq!(c.hold_over(), None);
    c.update(Msg::Computer(ComputerMsg::Answer(moved(id, "c5-c6"))));
    let over = c.hold_over().expect("held");
    assert_eq!(
        over,
        Msg::Computer(ComputerMsg::HoldOver("assault d4-d5".into()))
    );
    assert!(!c.update(Msg::Computer(ComputerMsg::HoldOver("assault".into()))));
    assert_eq!(record(&c), "assault d4-d5", "still held");
    assert!(c.update(over.clone()));
    assert_eq!(record(&c), "assault d4-d5 c5-c6");
    assert_eq!(c.hold_over(), None);
    assert!(!c.update(over), "once");
    assert_eq!(record(&c), "assault d4-d5 c5-c6");
}

#[test]
fn a_review_marks_exactly_the_move_that_threw_a_win_away() {
    let mut a = with_pack("assault d4-d5 c5-c6");
    let answer = values(&a, "d5-d6");
    a.update(Msg::Computer(ComputerMsg::Solved(answer)));
    a.update(Msg::Computer(ComputerMsg::Review));
    assert!(a.computer.thinking.is_none(), "the pack first");
    let probe = a.perfect.wanted().cloned().expect("the line");
    assert!(probe.line);
    let pos = *a.game.position_at(1).expect("ply 1");
    let defender_wins = pos
        .legal_moves()
        .into_iter()
        .find(|m| MoveText::from_move(&pos, m).to_string() == "e5-e6")
        .map(|m| Choice::from_move(&pos, &m));
    a.update(Msg::Computer(ComputerMsg::Solved(Solved::Line {
        id: probe.id,
        // The attackers lose at the start, the defenders win after d4-d5
        // and lose after c5-c6.
        values: vec![Some(false), Some(true), Some(true)],
        winning: vec![None, defender_wins, None],
    })));
    let review = a.review().expect("a review");
    assert!(review.done(), "every position proved: no search");
    assert!(a.computer.thinking.is_none());
    let glyphs: Vec<Option<Glyph>> = a.line.iter().map(|&n| a.tree.glyph(n)).collect();
    assert_eq!(glyphs, [None, Some(Glyph::Blunder)]);
    let comment = a.tree.comment(a.line[1]).expect("a comment");
    assert!(comment.contains("e5-e6 was better"), "{comment}");
}
