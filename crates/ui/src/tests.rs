//! Tests across the crate's words: every language fills every message
//! the panel says, and the word files hold exactly the messages of the
//! code.

use std::collections::BTreeSet;

use asalto_core::{Game, Preset};

use crate::lang::{Words, committed_file};

use crate::computer::Computer;
use crate::lang::{Lang, Say};
use crate::pick::Pick;
use crate::say::rules_text;
use crate::say::{refusal, text};

/// Everything the panel says about `game` in `lang`, refusals included.
fn sayings(lang: Lang, game: &Game) -> Vec<String> {
    let legal = game.legal_moves();
    let say = Say::new(lang, game.rules().preset);
    let mut said = vec![
        text::status(say, game, &Pick::default(), &Computer::default()),
        text::captured(say, game),
        text::said(say, game),
        text::invite(say, game, (Some(game.ply()), false), None),
    ];
    let board = game.rules().board();
    for p in board.points().iter() {
        said.extend(refusal::why_not(say, game, &legal, &[], p));
        for from in game.position().attackers().iter().take(3) {
            said.extend(refusal::why_not(say, game, &legal, &[from], p));
        }
        let targets = board.points();
        said.push(text::point_label(say, game.position(), p, &[], targets));
    }
    said
}

#[test]
fn every_language_fills_every_message_and_says_it_its_own_way() {
    for &preset in Preset::ALL {
        let mut game = Game::new(&preset.rules()).expect("a preset's game");
        for _ in 0..40 {
            let english = sayings(Lang::En, &game);
            for lang in Lang::ALL {
                let said = sayings(lang, &game);
                let rules = rules_text::html(lang, game.rules());
                for s in said.iter().chain([&rules]) {
                    assert!(!s.contains(['{', '}']), "{preset:?} {lang:?}: {s}");
                }
                if lang != Lang::En {
                    for (s, e) in said.iter().zip(&english) {
                        assert!(s != e || e.is_empty(), "{preset:?} {lang:?}: {s}");
                    }
                }
            }
            let Some(m) = game.legal_moves().first().cloned() else {
                break;
            };
            game.play(&m).expect("legal");
        }
    }
}

/// A Rust string literal's text (the escapes the word modules use).
fn unescape(literal: &str) -> String {
    let mut out = String::new();
    let mut chars = literal.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('u') => {
                let code: String = chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
                let code = u32::from_str_radix(&code, 16).expect("a \\u escape");
                out.extend(char::from_u32(code));
            }
            // A line continuation: the newline and the next line's indent go.
            Some('\n') => while chars.next_if(|c| c.is_whitespace()).is_some() {},
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

/// Every message the code writes with a literal: (section, English),
/// this crate's and the page's (`asalto-web`).
fn messages_in_code() -> BTreeSet<(String, String)> {
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let page = concat!(env!("CARGO_MANIFEST_DIR"), "/../web/src");
    // Every source file, in every folder, but the tests'.
    let mut files = Vec::new();
    let mut folders = vec![
        std::path::PathBuf::from(src),
        std::path::PathBuf::from(page),
    ];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder)
            .expect("a source folder")
            .flatten()
        {
            let path = entry.path();
            let tests = path.file_stem().is_some_and(|s| s == "tests");
            if path.is_dir() && !tests {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") && !tests {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut found = BTreeSet::new();
    for path in files {
        let section = path.file_stem().and_then(|s| s.to_str()).expect("name");
        let section = if section == "mod" { "words" } else { section };
        let text = std::fs::read_to_string(&path).expect("source");
        // Not the tests' own messages.
        let text = text.split("mod tests {").next().unwrap_or_default();
        let literals = text.match_indices("t![").filter_map(|(i, _)| {
            // The literal may stand on the next line.
            text[i + 3..].trim_start().strip_prefix('"')
        });
        for rest in literals {
            let mut literal = String::new();
            let mut escaped = false;
            for c in rest.chars() {
                if c == '"' && !escaped {
                    break;
                }
                escaped = c == '\\' && !escaped;
                literal.push(c);
            }
            found.insert((section.to_owned(), unescape(&literal)));
        }
    }
    // The presets' sources are the core's words, translated in `rules`.
    for preset in asalto_core::Preset::ALL {
        found.insert(("rules".to_owned(), preset.source().to_owned()));
    }
    found
}

#[test]
fn the_word_files_hold_exactly_the_messages_of_the_code() {
    let code = messages_in_code();
    assert!(code.len() > 200, "{} messages found", code.len());
    for lang in [Lang::Fr, Lang::De, Lang::Es] {
        let words: Words = serde_json::from_str(committed_file(lang)).expect("a word file");
        let in_file: BTreeSet<(String, String)> = words
            .0
            .iter()
            .flat_map(|(section, messages)| {
                messages
                    .0
                    .iter()
                    .map(|(en, _)| (section.clone(), en.clone()))
            })
            .collect();
        let missing: Vec<_> = code.difference(&in_file).collect();
        let stale: Vec<_> = in_file.difference(&code).collect();
        assert!(missing.is_empty(), "{lang:?} lacks {missing:?}");
        assert!(stale.is_empty(), "{lang:?} has no such messages: {stale:?}");
        for (section, messages) in &words.0 {
            for (en, text) in &messages.0 {
                assert!(!text.trim().is_empty(), "{lang:?} {section}: {en}");
            }
        }
    }
}
