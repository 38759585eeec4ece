use asalto_core::{Game, Record};
use asalto_protocol::{Choice, Valued};

use super::*;

fn game(record: &str) -> Game {
    Game::from_record(&record.parse::<Record>().expect("record")).expect("game")
}

/// The answer a pack would give for `game`: each move winning where
/// `wins` says.
fn values(id: u32, game: &Game, wins: impl Fn(&str) -> Option<bool>) -> Solved {
    let pos = game.position();
    let moves: Vec<Valued> = game
        .legal_moves()
        .iter()
        .map(|m| {
            let choice = Choice::from_move(pos, m);
            let wins = wins(&choice.text);
            Valued { choice, wins }
        })
        .collect();
    Solved::Values {
        id,
        value: Some(moves.iter().any(|v| v.wins == Some(true))),
        moves,
        tiers: (9, 13),
        requests: 2,
    }
}

fn with_pack() -> Perfect {
    let mut perfect = Perfect::default();
    perfect.set_address(Some("http://127.0.0.1/asalto-00.bin".into()));
    perfect
}

#[test]
fn a_board_without_a_pack_asks_nothing() {
    let mut perfect = Perfect::default();
    perfect.plan(&game("assault d4-d5"));
    assert_eq!(perfect.wanted(), None);
    assert!(!perfect.ask_line(&game("assault d4-d5")));
}

#[test]
fn each_position_is_asked_once_and_shown_only_while_it_is_shown() {
    let mut perfect = with_pack();
    let start = game("assault d4-d5");
    perfect.plan(&start);
    let probe = perfect.wanted().cloned().expect("a probe");
    assert_eq!(probe.record, "assault d4-d5");
    assert!(!probe.line);
    perfect.plan(&start);
    assert_eq!(perfect.wanted(), Some(&probe), "asked once");
    assert!(perfect.looking(&start) && perfect.known(&start).is_none());
    // An answer to another probe is not this position's.
    assert!(!perfect.answer(values(probe.id + 7, &start, |_| Some(true))));
    let pos = start.position();
    let first = Choice::from_move(pos, &start.legal_moves()[0]);
    assert!(perfect.answer(values(probe.id, &start, |t| Some(t == first.text))));
    assert_eq!(perfect.wanted(), None);
    let known = perfect.known(&start).expect("known");
    assert_eq!(known.value, Some(true));
    let winning = known.winning(&start);
    assert_eq!(winning.len(), 1);
    assert_eq!(known.wins(&start, &winning[0]), Some(true));
    // The piece that makes it is marked winning, the others losing;
    // picked, its winning step's point.
    let from = first.points().expect("points")[0];
    let marks = known.marks(&[]);
    assert!(marks.contains(&(from, true)), "{marks:?}");
    assert!(marks.iter().filter(|(_, w)| *w).count() == 1);
    assert_eq!(known.marks(&[from]).iter().filter(|(_, w)| *w).count(), 1);
    // After a move the old answer is not shown; the new position is asked.
    let next = game(&format!("assault d4-d5 {}", first.text));
    assert!(perfect.known(&next).is_none());
    perfect.plan(&next);
    assert_eq!(
        perfect.wanted().map(|p| &p.record),
        Some(&format!("assault d4-d5 {}", first.text))
    );
}

#[test]
fn other_rules_are_not_asked_again_and_a_failure_stops_the_asking() {
    let mut perfect = with_pack();
    let simplified = game("simplified");
    perfect.plan(&simplified);
    let id = perfect.wanted().expect("a probe").id;
    assert!(perfect.answer(Solved::Uncovered {
        id,
        rules: "assault;…".into()
    }));
    perfect.plan(&simplified);
    assert_eq!(perfect.wanted(), None);
    assert!(perfect.failure.is_none());
    let assault = game("assault");
    perfect.plan(&assault);
    let id = perfect.wanted().expect("another rule set is asked").id;
    assert!(perfect.answer(Solved::Unavailable {
        id: Some(id),
        message: "HTTP 404".into()
    }));
    assert_eq!(perfect.failure.as_deref(), Some("HTTP 404"));
    perfect.plan(&game("assault d4-d5"));
    assert_eq!(perfect.wanted(), None);
    // Another pack starts afresh.
    perfect.set_address(Some("http://127.0.0.1/asalto-11.bin".into()));
    perfect.plan(&assault);
    assert!(perfect.wanted().is_some() && perfect.failure.is_none());
}

#[test]
fn a_line_is_asked_after_the_shown_position_and_kept_by_its_record() {
    let mut perfect = with_pack();
    let mut played = game("assault d4-d5 e5-e6");
    played.go_to(1);
    perfect.plan(&played);
    assert!(perfect.ask_line(&played));
    let first = perfect.wanted().cloned().expect("a probe");
    assert!(!first.line, "the shown position first");
    assert!(perfect.answer(values(first.id, &played, |_| None)));
    let line = perfect.wanted().cloned().expect("the line");
    assert!(line.line);
    assert_eq!(line.record, "assault d4-d5 e5-e6", "the whole line");
    let values = vec![Some(true), Some(false), None];
    let winning = vec![None, None, None];
    assert!(perfect.line_pending());
    assert!(perfect.answer(Solved::Line {
        id: line.id,
        values: values.clone(),
        winning: winning.clone(),
    }));
    assert!(!perfect.line_pending());
    assert_eq!(
        perfect.line("assault d4-d5 e5-e6"),
        Some(&(values, winning))
    );
    assert!(perfect.ask_line(&played), "answered already");
    assert_eq!(perfect.wanted(), None);
}
