//! Records read and printed back, annotations and variations.

use super::*;

fn round_trip(text: &str) -> Record {
    let record: Record = text.parse().expect(text);
    assert_eq!(record.to_string(), text);
    record
}

#[test]
fn annotations_read_back_as_written_and_leave_the_moves() {
    let plain = round_trip("assault d4-d5 c5-d4 b4-c5");
    let annotated = round_trip(
        "assault {the start [%draw d4-d5]} d4-d5 {the usual first move} c5-d4?! {loses a tempo} (c5-d6! {also good} c4-c5 (c4-b5??)) b4-c5",
    );
    assert_eq!(annotated.moves, plain.moves);
    assert!(annotated.is_annotated() && !plain.is_annotated());
    assert_eq!(annotated.without_notes(), plain);
    let n = annotated.notes_of(1).expect("c5-d4 has notes");
    assert_eq!(n.glyph, Some(Glyph::Dubious));
    assert_eq!(n.comment.as_deref(), Some("loses a tempo"));
    assert_eq!(n.variations.len(), 1);
    assert_eq!(n.variations[0].notes[1].variations.len(), 1);
    assert_eq!(
        shapes(annotated.comment.as_deref().unwrap_or_default()),
        Ok(vec![Shape::Arrow(
            "d4".parse().expect("p"),
            "d5".parse().expect("p")
        )])
    );
    // White space is one space after a round trip.
    let spaced: Record = "assault   d4-d5\n{a  b}  ( c5-d6 )"
        .parse()
        .expect("spaced");
    assert_eq!(spaced.to_string(), "assault d4-d5 {a  b} (c5-d6)");
}

#[test]
fn bad_annotations_say_what_is_wrong() {
    for (text, said) in [
        ("assault d4-d5 {open", "never closes"),
        ("assault d4-d5 {a {b} c}", "any text but braces"),
        ("assault d4-d5 }", "closes no comment"),
        ("assault d4-d5 (c5-d6", "never closes"),
        ("assault d4-d5 )", "closes no variation"),
        ("assault d4-d5 ()", "is empty"),
        ("assault (d4-d5) d4-d5", "before the first move"),
        ("assault d4-d5 {a} {b}", "two comments"),
        ("assault d4-d5 {[%draw z9]}", "'z9' is not a point"),
        (
            "assault d4-d5 {[%draw a1]}",
            "a1 is not a point of this board",
        ),
        ("assault d4-d5 {[%draw c3}", "no closing bracket"),
        ("assault d4-d5!!!", "unknown glyph"),
    ] {
        let err = text.parse::<Record>().expect_err(text).to_string();
        assert!(err.contains(said), "{text}: {err}");
    }
}

#[test]
fn a_comment_of_100_kb_is_read_and_printed_back() {
    let long = "<script>".repeat(12_800);
    let text = format!("assault d4-d5 {{{long}}}");
    let record = round_trip(&text);
    assert_eq!(
        record.notes[0].comment.as_deref().map(str::len),
        Some(102_400)
    );
}

#[test]
fn variations_are_played_where_they_branch() {
    let check = |text: &str| {
        let record: Record = text.parse().expect(text);
        let game = crate::Game::from_record(&record).expect("main line");
        game.check_variations(&record).map_err(|e| e.to_string())
    };
    assert_eq!(
        check("assault d4-d5 c5-d4 (c5-d6 c4-c5 (d3-d4)) b4-c5"),
        Ok(())
    );
    let unreadable = "assault d4-d5 c5-d4 (z9-a1) b4-c5".parse::<Record>();
    assert_eq!(
        unreadable.map_err(|e| e.to_string()),
        Err("variation move (z9-a1) is not legal".to_owned())
    );
    assert_eq!(
        check("assault d4-d5 c5-d4 (c5-c4) b4-c5"),
        Err("variation move (c5-c4) is not legal".to_owned())
    );
    assert_eq!(
        check("assault d4-d5 c5-d4 (c5-d6 c4-c5 (e5-e6)) b4-c5"),
        Err("variation move (e5-e6) is not legal".to_owned())
    );
}
