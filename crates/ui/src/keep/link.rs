//! The game in the page's address: the URL fragment holds its whole
//! record (RULES.md §8, variations and annotations too) with `+` between
//! tokens, e.g. `#asalto+@c5+@e5+d4-d5`, and after it, apart from the game,
//! `&at=N` when the move shown is not the main line's last (the `N`th
//! move the record writes; 0 is the start) and `&reply` on a link a player
//! sent a friend to answer (*Send for a reply*). A record never holds a
//! bare `&`: [`encode`] escapes it.
//!
//! Pure Rust, tested natively; `board` reads the fragment when the page
//! opens (and when it changes) and writes it after every move. The same
//! reading, [`read`], opens a saved game and an embedded board's record.

use asalto_core::{Game, NodeId, ParseRecordError, Record, Rules, Tree};

use crate::lang::{Lang, Say, T};
use crate::say::engine_errors;
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
    /// The game to show, with its variations and what its author wrote:
    /// the link's, its legal part, or a new standard game.
    pub tree: Tree,
    /// The move shown.
    pub shown: NodeId,
    /// A sentence for the player when the link could not be followed whole.
    pub problem: Option<String>,
    /// Whether the link was sent for a reply (`&reply`).
    pub reply: bool,
}

impl Opened {
    /// `game` (all its moves, the last one shown), with `problem`.
    pub fn game(game: &Game, problem: Option<String>) -> Opened {
        let tree = Tree::new(game);
        Opened {
            shown: tree.main_end(),
            tree,
            problem,
            reply: false,
        }
    }
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

/// The fragment (without `#`) that opens the game `tree` at `shown`: the
/// whole record with `+` between tokens, and `%`, `+`, `#`, `&` and the
/// characters an address may not hold escaped (a comment holds any text),
/// then `&at=N` unless the main line's last move is shown.
pub fn fragment(tree: &Tree, shown: NodeId) -> String {
    let mut out = encode(&tree.record().to_string());
    if tree.main_end() != shown {
        out.push_str(&format!("&at={}", tree.number(shown)));
    }
    out
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
    let mut parts = fragment.split('&');
    let record = parts.next().unwrap_or_default();
    if record.trim().is_empty() {
        return None;
    }
    let Some(text) = decode(record) else {
        let problem = Some(lang.of(&words::GARBLED).to_owned());
        return Some(Opened::game(&Game::new(&Rules::default()).ok()?, problem));
    };
    let mut opened = read(lang, &text, Source::Link)?;
    for part in parts {
        match part.split_once('=') {
            None if part == "reply" => opened.reply = true,
            Some(("at", n)) => match n.parse().ok().and_then(|n| opened.tree.numbered(n)) {
                Some(node) => opened.shown = node,
                None => {
                    let say = Say::plain(lang);
                    let why = say.f(&words::NO_SUCH_MOVE, &[say.raw(&words::LINK), n]);
                    opened.problem = opened.problem.or(Some(why));
                }
            },
            // Parts a later version may add are left for it.
            _ => {}
        }
    }
    Some(opened)
}

/// `text` without its variations: what is between parentheses outside
/// comments.
fn main_line_of(text: &str) -> String {
    let (mut depth, mut comment) = (0usize, false);
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '{' if depth == 0 => comment = true,
            '}' if depth == 0 => comment = false,
            '(' if !comment => depth += 1,
            ')' if !comment && depth > 0 => {
                depth -= 1;
                continue;
            }
            _ => {}
        }
        if depth == 0 {
            out.push(c);
        }
    }
    out
}

/// The game a record's text describes, or as much of it as is legal, or a
/// new standard game, with a sentence in `lang` naming what was wrong
/// (`None` only if the standard game cannot be made).
pub fn read(lang: Lang, text: &str, source: Source) -> Option<Opened> {
    let say = Say::plain(lang);
    let subject = say.raw(source.subject());
    let problem = |message: &T, why: &str| Some(say.f(message, &[subject, why]));
    let fresh = || Game::new(&Rules::default()).ok();
    let opened = |game: Game, problem: Option<String>| Some(Opened::game(&game, problem));
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
                        &engine_errors::not_a_move(say, &error),
                    ];
                    (record, Some(say.f(&words::NOT_A_MOVE, &why)))
                }
                Err(_) => return opened(fresh()?, problem(&words::NOT_A_RECORD, "")),
            }
        }
        Err(ParseRecordError::Rules(e)) => {
            return opened(
                fresh()?,
                problem(&words::UNKNOWN_RULES, &engine_errors::rules(say, &e)),
            );
        }
        // Variations that do not read: the main line, and why.
        Err(e @ ParseRecordError::Annotation(_)) if main_line_of(text) != text => {
            match main_line_of(text).parse::<Record>() {
                Ok(record) => {
                    let why = say.f(&reasons::BAD_NOTES, &[&engine_errors::unreadable(say, &e)]);
                    (record, Some(say.f(&words::VARIATIONS, &[subject, &why])))
                }
                Err(_) => {
                    let why = engine_errors::unreadable(say, &e);
                    return opened(fresh()?, problem(&words::UNREADABLE, &why));
                }
            }
        }
        Err(e) => {
            return opened(
                fresh()?,
                problem(&words::UNREADABLE, &engine_errors::unreadable(say, &e)),
            );
        }
    };
    match Game::from_record(&record) {
        Ok(game) => {
            let (mut tree, mut problem) = (Tree::annotated(&game, &record).0, unreadable);
            if let Err(e) = game.check_variations(&record) {
                // The main line alone, as the message says.
                let mut plain = record.clone();
                plain.notes.iter_mut().for_each(|n| n.variations.clear());
                tree = Tree::annotated(&game, &plain).0;
                let why = say.f(&reasons::BAD_NOTES, &[&e.to_string()]);
                problem = problem.or(Some(say.f(&words::VARIATIONS, &[subject, &why])));
            }
            Some(Opened {
                shown: tree.main_end(),
                tree,
                problem,
                reply: false,
            })
        }
        Err(e) => {
            let why = engine_errors::unplayed(Say::new(lang, record.rules.preset), &e);
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

    /// The record of the game a link opened, and the line shown.
    fn opened(link: &str) -> (String, String, Option<String>) {
        let o = open(Lang::En, link).expect("a game");
        let line = o.tree.game(o.shown).record().to_string();
        (o.tree.record().to_string(), line, o.problem)
    }

    #[test]
    fn a_link_opens_its_game_and_a_game_writes_its_link() {
        let o = open(Lang::En, "#asalto+@c5+@e5+d4-d5").expect("a game");
        assert_eq!(o.problem, None);
        assert_eq!(o.tree.record().to_string(), "asalto @c5 @e5 d4-d5");
        assert_eq!(fragment(&o.tree, o.shown), "asalto+@c5+@e5+d4-d5");
        // Spaces may come escaped, and options with their `;` and `=`.
        let o = open(Lang::En, "assault;chain=single%20d4-d5").expect("a game");
        assert_eq!(fragment(&o.tree, o.shown), "assault;chain=single+d4-d5");
        assert!(open(Lang::En, "#").is_none());
        assert!(open(Lang::En, "").is_none());
    }

    #[test]
    fn a_link_holds_the_whole_game_and_apart_the_move_shown() {
        let link = "assault+d4-d5+c5-d4+(c5-d6+c4-c5)+b4-c5";
        let o = open(Lang::En, link).expect("a game");
        assert_eq!(fragment(&o.tree, o.shown), link, "the last move: no `at`");
        let c5d6 = o.tree.numbered(3).expect("a move");
        assert_eq!(fragment(&o.tree, c5d6), format!("{link}&at=3"));
        let (whole, line, problem) = opened(&format!("#{link}&at=3"));
        assert_eq!(whole, "assault d4-d5 c5-d4 (c5-d6 c4-c5) b4-c5");
        assert_eq!(line, "assault d4-d5 c5-d6");
        assert_eq!(problem, None);
        assert_eq!(opened(&format!("{link}&at=0")).1, "assault");
        // A move it does not hold: the last move, and a word why.
        let (_, line, problem) = opened(&format!("{link}&at=9"));
        assert_eq!(line, "assault d4-d5 c5-d4 b4-c5");
        assert!(problem.is_some_and(|p| p.contains("move 9")));
        // Sent for a reply, or not; parts a later version adds are left.
        assert!(
            open(Lang::En, &format!("{link}&reply"))
                .expect("a game")
                .reply
        );
        let o = open(Lang::En, &format!("{link}&later=1")).expect("a game");
        assert!(!o.reply && o.problem.is_none());
    }

    #[test]
    fn an_annotated_link_keeps_its_notes_and_bad_variations_are_named() {
        let text = "assault {a #1 + 100% & <b>} d4-d5! c5-d4 (c5-d6 c4-c5)";
        let o = open(Lang::En, &encode(text)).expect("a game");
        let link = fragment(&o.tree, o.shown);
        assert!(!link.contains([' ', '#', '<', '>', '&']), "{link}");
        assert_eq!(o.problem, None);
        assert_eq!(o.tree.record().to_string(), text);
        let (whole, _, problem) = opened("assault+d4-d5!+c5-d4+(c5-c4)+(c5-d6)");
        assert_eq!(whole, "assault d4-d5! c5-d4");
        assert!(
            problem
                .as_deref()
                .is_some_and(|p| p.contains("variation move (c5-c4) is not legal")),
            "{problem:?}"
        );
        // Variations that do not even read: the main line, and why.
        for bad in [
            "assault+d4-d5+c5-d4+(c5-zz)",
            "assault+d4-d5+c5-d4+(c5-d6+{)",
        ] {
            let (whole, _, problem) = opened(bad);
            assert_eq!(whole, "assault d4-d5 c5-d4", "{bad}");
            assert!(problem.is_some_and(|p| p.contains("variations")), "{bad}");
        }
    }

    #[test]
    fn a_bad_link_says_what_is_wrong_and_keeps_what_it_can() {
        let (whole, _, problem) = opened("#assault+d4-d5+c5-c7+e5-e6");
        assert_eq!(whole, "assault d4-d5");
        let problem = problem.expect("a problem");
        assert!(
            problem.contains("move 2") && problem.contains("c5-c7"),
            "{problem}"
        );
        let (whole, _, problem) = opened("#chess+e2-e4");
        assert_eq!(whole, "assault");
        assert!(problem.expect("a problem").contains("rule set"));
        assert!(
            opened("#assault+d4-d5%2")
                .2
                .expect("a problem")
                .contains("garbled")
        );
        assert!(opened("#assault;march=sideways").2.is_some());
        let (whole, _, problem) = opened("#assault+d4-d5+c5-zz");
        assert_eq!(whole, "assault d4-d5");
        assert!(problem.expect("a problem").contains("move 2 is not a move"));
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
