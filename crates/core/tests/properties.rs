//! Invariants on arbitrary input and on positions reached by random play.

use asalto_core::{Game, MoveText, Point, PointSet, Position, Preset, Record, Rules};
use proptest::prelude::*;

/// Record text with annotations: moves, glyphs, comments (with draws),
/// parentheses, in any order, so that near-misses are common.
fn annotated_like() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        Just("d4-d5".to_owned()),
        Just("c5-d4".to_owned()),
        Just("c5-d6".to_owned()),
        Just("b4-c5".to_owned()),
        Just("c4-c5".to_owned()),
        Just("!".to_owned()),
        Just("?!".to_owned()),
        Just("(".to_owned()),
        Just(")".to_owned()),
        Just("{".to_owned()),
        Just("}".to_owned()),
        Just("[%draw c3-d4 c5]".to_owned()),
        Just("[%draw a1]".to_owned()),
        Just("<script>".to_owned()),
        Just(" ".to_owned()),
    ];
    proptest::collection::vec(token, 0..24).prop_map(|t| format!("assault {}", t.concat()))
}

/// Text drawn from the notation's alphabet, so that near-misses are common.
fn notation_like() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[a-j0-9@x;=,+ .-]{0,24}|[a-z;=,-]{0,40}|.{0,30}")
        .expect("regex")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn parsers_never_panic(s in notation_like()) {
        let _ = s.parse::<Point>();
        let _ = s.parse::<MoveText>();
        let _ = s.parse::<Rules>();
        if let Ok(record) = format!("assault {s}").parse::<Record>() {
            let _ = Game::from_record(&record);
        }
    }

    #[test]
    fn annotated_records_read_back_and_play_as_their_main_line(s in annotated_like()) {
        if let Ok(record) = s.parse::<Record>() {
            let printed = record.to_string();
            prop_assert_eq!(printed.parse::<Record>(), Ok(record.clone()));
            prop_assert_eq!(printed.parse::<Record>().map(|r| r.to_string()), Ok(printed));
            let plain = record.without_notes();
            prop_assert_eq!(&plain.moves, &record.moves);
            match (Game::from_record(&record), Game::from_record(&plain)) {
                (Ok(a), Ok(b)) => prop_assert_eq!(a.position().key(), b.position().key()),
                (a, b) => prop_assert_eq!(a.is_err(), b.is_err()),
            }
        }
    }

    #[test]
    fn parsed_text_prints_back_the_same(s in notation_like()) {
        if let Ok(m) = s.parse::<MoveText>() {
            prop_assert_eq!(m.to_string(), s.clone());
        }
        if let Ok(p) = s.parse::<Point>() {
            prop_assert_eq!(p.to_string(), s.clone());
        }
        if let Ok(r) = s.parse::<Rules>() {
            prop_assert_eq!(r.to_string().parse::<Rules>(), Ok(r));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Along a random game: every listed move plays legally, is counted,
    /// and its text names it again; the record replays to the same game.
    #[test]
    fn generated_moves_are_legal_and_their_text_round_trips(
        preset in 0..Preset::ALL.len(),
        choices in proptest::collection::vec(any::<u16>(), 0..120),
    ) {
        let rules = Preset::ALL[preset].rules();
        let mut game = Game::new(&rules).expect("playable");
        for choice in choices {
            let pos: Position = *game.position();
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            prop_assert_eq!(pos.count_legal_moves(), moves.len());
            for m in &moves {
                prop_assert!(pos.play(m).is_ok());
                let text = MoveText::from_move(&pos, m);
                prop_assert_eq!(text.to_move(&pos), Ok(*m));
                prop_assert_eq!(text.to_string().parse::<MoveText>(), Ok(text));
            }
            prop_assert_eq!(pos.threatened(), first_jumps(&pos));
            if let Some(passed) = pos.passed() {
                prop_assert_eq!(passed.turn(), pos.turn().other());
                prop_assert_eq!(passed.passed().map(|p| p.key()), Some(pos.key()));
            }
            game.play(&moves[usize::from(choice) % moves.len()]).expect("legal");
        }
        let record = game.record();
        let replayed = Game::from_record(&record.to_string().parse().expect("record parses"));
        prop_assert_eq!(replayed.expect("replays").position().key(), game.position().key());
    }
}

/// The attackers jumped first by some defender's capture routes.
fn first_jumps(pos: &Position) -> PointSet {
    let mut found = PointSet::EMPTY;
    for from in pos.defenders().iter() {
        pos.for_each_capture_route(from, |route, _| {
            let (a, b) = (route[0], route[1]);
            let over = Point::new((a.file() + b.file()) / 2, (a.rank() + b.rank()) / 2);
            found.insert(over.expect("between two points"));
        });
    }
    found
}
