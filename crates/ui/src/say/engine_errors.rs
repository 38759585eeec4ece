//! The rules engine's reasons for refusing a text (a rule set, a record, a
//! move) in the reader's language. The engine's own messages, its errors'
//! `Display`, are English: the command line's.

use asalto_core::{
    AnnotationError, DrawError, Expected, KEYS, ParseMoveError, ParseRecordError, ParseRulesError,
    PlayTextError, RecordError, RulesError,
};

use crate::lang::Say;
use crate::say::text;
use crate::words::reasons as words;

/// The longest text quoted whole from what was refused: longer ones (a
/// link's garbage, say) are cut, so that the reason stays readable.
const QUOTED: usize = 32;

/// `text` as a reason quotes it: whole, or its first [`QUOTED`]
/// characters and an ellipsis.
fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTED) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// Why a rule set's text was refused.
pub fn rules(say: Say, e: &ParseRulesError) -> String {
    match e {
        ParseRulesError::Preset(name) => say.f(
            &words::UNKNOWN_PRESET,
            &[&quote(&name.found), &name.expected.join(", ")],
        ),
        ParseRulesError::NotKeyValue(part) => say.f(&words::NOT_KEY_VALUE, &[&quote(part)]),
        ParseRulesError::UnknownKey(key) => {
            say.f(&words::UNKNOWN_KEY, &[&quote(key), &KEYS.join(", ")])
        }
        ParseRulesError::DuplicateKey(key) => say.f(&words::DUPLICATE_KEY, &[&quote(key)]),
        ParseRulesError::BadValue {
            key,
            value,
            expected,
        } => {
            let expected = match expected {
                Expected::OneOf(words) => words.join(", "),
                Expected::Points => say.t(&words::EXPECTED_POINTS),
                Expected::AttackerPoints => say.t(&words::EXPECTED_ATTACKER_POINTS),
                Expected::EachPointOnce => say.t(&words::EXPECTED_ONCE),
                Expected::WholeNumber => say.t(&words::EXPECTED_NUMBER),
            };
            say.f(&words::BAD_VALUE, &[&quote(value), key, &expected])
        }
        ParseRulesError::Invalid(e) => unplayable(say, e),
    }
}

/// Why a well-formed rule set cannot be played.
pub fn unplayable(say: Say, e: &RulesError) -> String {
    match e {
        RulesError::NoDefenders => say.t(&words::NO_DEFENDERS),
        RulesError::DefenderOffBoard(p) => say.f(&words::DEFENDER_OFF_BOARD, &[&p.to_string()]),
        RulesError::DefenderOnAttacker(p) => say.f(&words::DEFENDER_ON_ATTACKER, &[&p.to_string()]),
        RulesError::AttackerOffBoard(p) => say.f(&words::ATTACKER_OFF_BOARD, &[&p.to_string()]),
        RulesError::NoRoomToPlace(room) => say.f(&words::NO_ROOM_TO_PLACE, &[&room.to_string()]),
    }
}

/// Why a move's text is no move.
pub fn not_a_move(say: Say, e: &ParseMoveError) -> String {
    say.f(&words::NOT_MOVE_TEXT, &[&quote(&e.0)])
}

/// Why a record's text could not be read.
pub fn unreadable(say: Say, e: &ParseRecordError) -> String {
    match e {
        ParseRecordError::Empty => say.t(&words::EMPTY_RECORD),
        ParseRecordError::Rules(e) => rules(say, e),
        ParseRecordError::Move { number, error } => say.f(
            &words::MOVE_N,
            &[&number.to_string(), &not_a_move(say, error)],
        ),
        ParseRecordError::Annotation(e) => say.f(&words::BAD_NOTES, &[&annotation(say, e)]),
        ParseRecordError::Draw(e) => say.f(&words::BAD_NOTES, &[&drawing(say, e)]),
    }
}

/// What is wrong with a record's braces, parentheses or glyphs.
pub fn annotation(say: Say, e: &AnnotationError) -> String {
    use AnnotationError as E;
    match e {
        E::UnclosedComment => say.t(&words::UNCLOSED_COMMENT),
        E::BraceInComment => say.t(&words::BRACE_IN_COMMENT),
        E::StrayBrace => say.t(&words::STRAY_BRACE),
        E::UnclosedVariation => say.t(&words::UNCLOSED_VARIATION),
        E::StrayParenthesis => say.t(&words::STRAY_PARENTHESIS),
        E::CommentFirst => say.t(&words::COMMENT_FIRST),
        E::TwoComments => say.t(&words::TWO_COMMENTS),
        E::VariationFirst => say.t(&words::VARIATION_FIRST),
        E::EmptyVariation => say.t(&words::EMPTY_VARIATION),
        E::RulesFirst => say.t(&words::RULES_FIRST),
        E::UnknownGlyph(glyph) => say.f(&words::UNKNOWN_GLYPH, &[&quote(glyph)]),
        E::VariationMove(text) => say.f(&words::VARIATION_MOVE, &[&quote(text)]),
    }
}

/// What is wrong with a comment's `[%draw]`.
pub fn drawing(say: Say, e: &DrawError) -> String {
    match e {
        DrawError::Unclosed => say.t(&words::DRAW_UNCLOSED),
        DrawError::NotAPoint { part, name } => {
            say.f(&words::DRAW_NOT_A_POINT, &[&quote(part), &quote(name)])
        }
        DrawError::OffBoard(p) => say.f(&words::DRAW_OFF_BOARD, &[&p.to_string()]),
    }
}

/// Why a record could not be played to its end: which move, and why.
pub fn unplayed(say: Say, e: &RecordError) -> String {
    let why = match &e.error {
        PlayTextError::Rules(rules) => unplayable(say, rules),
        PlayTextError::GameOver(outcome) => {
            let threshold = e.game.as_deref().map_or(0, |g| g.rules().threshold());
            let ended = text::outcome(say, *outcome, threshold);
            say.f(&words::GAME_OVER, &[ended.trim_end_matches('.')])
        }
        PlayTextError::Illegal(m) => say.f(&words::ILLEGAL_MOVE, &[&m.0.to_string()]),
    };
    if e.number == 0 {
        why
    } else {
        say.f(&words::MOVE_N, &[&e.number.to_string(), &why])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use asalto_core::{Game, MoveText, Preset, Record, Rules};

    /// One of each of the engine's refusals, told in `say`'s language.
    fn every_reason(say: Say) -> Vec<String> {
        let rule_sets = [
            "nowhere",
            "assault;chain",
            "assault;colour=red",
            "assault;chain=single;chain=single",
            "assault;chain=twice",
            "assault;defenders=c5,zz",
            "assault;defenders=c5,c5",
            "assault;defender-wins-below=many",
            "assault;defenders=a1",
            "assault;defenders=d1",
            "assault;attackers=a1",
            "assault;attackers=c3,zz",
        ];
        let mut said: Vec<String> = rule_sets
            .iter()
            .map(|text| rules(say, &text.parse::<Rules>().expect_err(text)))
            .collect();
        said.push(unreadable(say, &ParseRecordError::Empty));
        said.push(unreadable(
            say,
            &"assault d4-d5 zz".parse::<Record>().expect_err("zz"),
        ));
        said.push(unreadable(
            say,
            &"assault d4-d5 {open".parse::<Record>().expect_err("open"),
        ));
        // Every way a record's annotations can be wrong.
        for record in [
            "assault d4-d5 {a {b}",
            "assault d4-d5 }",
            "assault d4-d5 (c5-d4",
            "assault d4-d5 )",
            "assault d4-d5 ({x} c5-d4)",
            "assault d4-d5 {a} {b}",
            "assault (d4-d5)",
            "assault d4-d5 ()",
            "{x} assault",
            "assault d4-d5!!!",
            "assault d4-d5 (zz)",
            "assault d4-d5 {[%draw d4}",
            "assault d4-d5 {[%draw d4-zz]}",
            "assault d4-d5 {[%draw a1]}",
        ] {
            said.push(unreadable(
                say,
                &record.parse::<Record>().expect_err(record),
            ));
        }
        for record in ["assault d4-d5 c5-c4", "assault d4-d5 d5-d4"] {
            let record: Record = record.parse().expect("record");
            said.push(unplayed(
                say,
                &Game::from_record(&record).expect_err("illegal"),
            ));
        }
        said
    }

    #[test]
    fn every_reason_is_told_in_every_language() {
        let english = every_reason(Say::plain(Lang::En));
        assert_eq!(english.len(), 31);
        // Each way annotations go wrong has its own words.
        let notes: std::collections::BTreeSet<&String> = english[15..29].iter().collect();
        assert_eq!(notes.len(), 14, "{notes:#?}");
        assert_eq!(
            english[0],
            format!(
                "unknown preset 'nowhere' (expected {})",
                Preset::NAMES.join(", ")
            )
        );
        assert_eq!(
            english[4],
            "bad value 'twice' for chain (expected single, may-stop, must-continue)"
        );
        assert_eq!(english[9], "defenders: the attackers start on d1");
        assert_eq!(english[10], "attackers: a1 is not on the board");
        assert_eq!(
            english[11],
            "bad value 'c3,zz' for attackers (expected all, lower or a comma list of points)"
        );
        assert_eq!(
            english[13],
            "move 2: 'zz' is not a move (expected @c6, c3-c4 or d5xd3xf3)"
        );
        assert_eq!(
            english[14],
            "its notes cannot be read (a comment never closes (no closing brace))"
        );
        for lang in [Lang::Fr, Lang::De, Lang::Es] {
            let said = every_reason(Say::plain(lang));
            for (text, english) in said.iter().zip(&english) {
                assert_ne!(text, english, "{lang:?}");
                assert!(!text.contains(['{', '}']), "{lang:?}: {text}");
            }
        }
        // A long text is quoted cut (here a garbled link of 5,000 letters).
        let say = Say::plain(Lang::En);
        let long = "é".repeat(5000);
        let said = rules(say, &long.parse::<Rules>().expect_err("long"));
        let quoted = format!("'{}…'", "é".repeat(QUOTED));
        assert!(
            said.starts_with(&format!("unknown preset {quoted} (expected")),
            "{said}"
        );
        let said = not_a_move(say, &long.parse::<MoveText>().expect_err("long"));
        assert!(said.starts_with(&quoted), "{said}");
        assert_eq!(
            quote("royal-garrison-diagonals"),
            "royal-garrison-diagonals"
        );
        let french = every_reason(Say::new(Lang::Fr, Preset::Asalto));
        assert_eq!(french[9], "defenders\u{a0}: sur d1 commencent les rebelles");
        assert_eq!(
            french[13],
            "coup 2\u{a0}: «\u{a0}zz\u{a0}» n’est pas un coup (attendu\u{a0}: @c6, c3-c4 ou d5xd3xf3)"
        );
    }
}
