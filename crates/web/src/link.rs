//! The game in the page's address: the URL fragment holds its record
//! (RULES.md §8) with `+` between tokens, e.g. `#asalto+@c5+@e5+d4-d5`.
//!
//! Pure Rust, tested natively; `dom` reads the fragment when the page
//! opens (and when it changes) and writes it after every move. The same
//! reading, [`read`], opens a saved game and an embedded board's record.

use asalto_core::{Game, ParseRecordError, Record, Rules};

use crate::lang::{Lang, Say, T};
use crate::notes::Annotations;
use crate::reason;
use crate::words::link as words;
use crate::words::reasons;

/// Where a record came from, for the sentence that says what was wrong
/// with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The page address's fragment.
    Link,
    /// The game saved in the browser.
    Saved,
    /// An embedded board's `rules` and `moves` attributes.
    Attributes,
}

impl Source {
    /// The record's name at the start of a sentence.
    fn subject(self) -> &'static T {
        match self {
            Source::Link => &words::LINK,
            Source::Saved => &words::SAVED,
            Source::Attributes => &words::ATTRIBUTES,
        }
    }
}

/// A game read from a record, and what was wrong with it, if anything.
#[derive(Debug)]
pub struct Opened {
    /// The game to show: the link's, its legal part, or a new standard game.
    pub game: Game,
    /// What the record's author wrote about it.
    pub notes: Annotations,
    /// A sentence for the player when the link could not be followed whole.
    pub problem: Option<String>,
}

/// Decodes `%XX` escapes and turns `+` into spaces; `None` if an escape is
/// malformed or the result is not UTF-8.
pub(crate) fn decode(fragment: &str) -> Option<String> {
    let bytes = fragment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = fragment.get(i + 1..i + 3)?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).ok()
}

/// The fragment (without `#`) that opens `game` as it is shown, with
/// `notes`: the record with `+` between tokens, and `%`, `+`, `#` and the
/// characters an address may not hold escaped (a comment holds any text).
pub fn fragment(game: &Game, notes: &Annotations) -> String {
    encode(&notes.record(game).to_string())
}

/// `text` for an address's fragment: spaces as `+`, and `%`, `+`, `#`,
/// `&` and the characters an address may not hold escaped.
pub fn encode(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            ' ' => out.push('+'),
            '%' | '+' | '#' | '&' | '"' | '<' | '>' | '`' | '\\' | '^' | '|' => {
                out.push_str(&format!("%{:02X}", c as u32));
            }
            c if c.is_control() || c.is_whitespace() => {
                let mut bytes = [0; 4];
                for b in c.encode_utf8(&mut bytes).bytes() {
                    out.push_str(&format!("%{b:02X}"));
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// The game a fragment (with or without its `#`) describes, its problem
/// said in `lang`. `None` for an empty fragment: the page then shows what
/// it would show without a link.
pub fn open(lang: Lang, fragment: &str) -> Option<Opened> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    if fragment.trim().is_empty() {
        return None;
    }
    match decode(fragment) {
        Some(text) => read(lang, &text, Source::Link),
        None => Some(Opened {
            game: Game::new(&Rules::default()).ok()?,
            notes: Annotations::default(),
            problem: Some(lang.of(&words::GARBLED).to_owned()),
        }),
    }
}

/// The game a record's text describes, or as much of it as is legal, or a
/// new standard game, with a sentence in `lang` naming what was wrong
/// (`None` only if the standard game cannot be made).
pub fn read(lang: Lang, text: &str, source: Source) -> Option<Opened> {
    let say = Say::plain(lang);
    let subject = say.raw(source.subject());
    let problem = |message: &T, why: &str| Some(say.f(message, &[subject, why]));
    let fresh = || Game::new(&Rules::default()).ok();
    let opened = |game: Game, problem: Option<String>| {
        Some(Opened {
            game,
            notes: Annotations::default(),
            problem,
        })
    };
    let (record, unreadable) = match text.parse::<Record>() {
        Ok(record) => (record, None),
        // Keep the moves before one that is not move text.
        Err(ParseRecordError::Move { number, error }) => {
            let before: Vec<&str> = text.split_whitespace().take(number).collect();
            match before.join(" ").parse::<Record>() {
                Ok(record) => {
                    let why = [
                        subject,
                        &number.to_string(),
                        &reason::not_a_move(say, &error),
                    ];
                    (record, Some(say.f(&words::NOT_A_MOVE, &why)))
                }
                Err(_) => return opened(fresh()?, problem(&words::NOT_A_RECORD, "")),
            }
        }
        Err(ParseRecordError::Rules(e)) => {
            return opened(
                fresh()?,
                problem(&words::UNKNOWN_RULES, &reason::rules(say, &e)),
            );
        }
        Err(e) => {
            return opened(
                fresh()?,
                problem(&words::UNREADABLE, &reason::unreadable(say, &e)),
            );
        }
    };
    match Game::from_record(&record) {
        Ok(game) => {
            let mut notes = Annotations::of(&record);
            let mut problem = unreadable;
            if let Err(e) = game.check_variations(&record) {
                notes.moves.iter_mut().for_each(|n| n.variations.clear());
                let why = say.f(&reasons::BAD_NOTES, &[&e.to_string()]);
                problem = problem.or(Some(say.f(&words::VARIATIONS, &[subject, &why])));
            }
            Some(Opened {
                game,
                notes,
                problem,
            })
        }
        Err(e) => {
            let why = reason::unplayed(Say::new(lang, record.rules.preset), &e);
            match e.game {
                Some(game) => opened(*game, problem(&words::ILLEGAL, &why)),
                None => opened(fresh()?, problem(&words::UNPLAYABLE, &why)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_opens_its_game_and_a_game_writes_its_link() {
        let opened = open(Lang::En, "#asalto+@c5+@e5+d4-d5").expect("a game");
        assert_eq!(opened.problem, None);
        assert_eq!(opened.game.record().to_string(), "asalto @c5 @e5 d4-d5");
        assert_eq!(
            fragment(&opened.game, &opened.notes),
            "asalto+@c5+@e5+d4-d5"
        );
        // Spaces may come escaped, and options with their `;` and `=`.
        let opened = open(Lang::En, "assault;chain=single%20d4-d5").expect("a game");
        assert_eq!(
            fragment(&opened.game, &opened.notes),
            "assault;chain=single+d4-d5"
        );
        assert!(open(Lang::En, "#").is_none());
        assert!(open(Lang::En, "").is_none());
    }

    #[test]
    fn an_annotated_link_keeps_its_notes_and_bad_variations_are_named() {
        let text = "assault {a #1 + 100% <b>} d4-d5! c5-d4 (c5-d6 c4-c5)";
        let link = fragment(
            &Game::from_record(&text.parse().expect("record")).expect("legal"),
            &Annotations::of(&text.parse().expect("record")),
        );
        assert!(!link.contains([' ', '#', '<', '>']), "{link}");
        let opened = open(Lang::En, &link).expect("a game");
        assert_eq!(opened.problem, None);
        assert_eq!(opened.notes.record(&opened.game).to_string(), text);
        let bad = open(Lang::En, "assault+d4-d5+c5-d4+(c5-c4)").expect("the main line");
        assert_eq!(bad.game.record().to_string(), "assault d4-d5 c5-d4");
        assert!(
            bad.problem
                .as_deref()
                .is_some_and(|p| p.contains("variation move (c5-c4) is not legal")),
            "{:?}",
            bad.problem
        );
        assert_eq!(
            bad.notes.record(&bad.game).to_string(),
            "assault d4-d5 c5-d4"
        );
    }

    #[test]
    fn a_bad_link_says_what_is_wrong_and_keeps_what_it_can() {
        let opened = open(Lang::En, "#assault+d4-d5+c5-c7+e5-e6").expect("a game");
        assert_eq!(opened.game.record().to_string(), "assault d4-d5");
        let problem = opened.problem.expect("a problem");
        assert!(
            problem.contains("move 2") && problem.contains("c5-c7"),
            "{problem}"
        );
        let opened = open(Lang::En, "#chess+e2-e4").expect("a game");
        assert_eq!(opened.game.record().to_string(), "assault");
        assert!(opened.problem.expect("a problem").contains("rule set"));
        let opened = open(Lang::En, "#assault+d4-d5%2").expect("a game");
        assert!(opened.problem.expect("a problem").contains("garbled"));
        let opened = open(Lang::En, "#assault;march=sideways").expect("a game");
        assert!(opened.problem.is_some());
        let opened = open(Lang::En, "#assault+d4-d5+c5-zz").expect("a game");
        assert_eq!(opened.game.record().to_string(), "assault d4-d5");
        assert!(
            opened
                .problem
                .expect("a problem")
                .contains("move 2 is not a move")
        );
    }

    #[test]
    fn a_bad_link_is_explained_in_the_board_s_language() {
        let bad = [
            "#chess+e2-e4",
            "#assault+d4-d5%2",
            "#assault+d4-d5+c5-c7",
            "#assault+d4-d5+c5-zz",
            "#assault;attackers=a1",
        ];
        for link in bad {
            let english = open(Lang::En, link).and_then(|o| o.problem);
            for lang in Lang::ALL {
                let problem = open(lang, link).and_then(|o| o.problem).expect("a problem");
                assert!(!problem.contains(['{', '}']), "{problem}");
                if lang != Lang::En {
                    assert_ne!(Some(&problem), english.as_ref());
                }
            }
        }
        let french = open(Lang::Fr, "#chess").and_then(|o| o.problem);
        assert!(french.is_some_and(|p| p.starts_with("Le lien\u{a0}: ces règles sont inconnues")));
    }
}
