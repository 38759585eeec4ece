//! Every word the interface shows (see [`crate::lang`] for the
//! placeholders). The English is here, in the code, grouped by where it
//! appears: [`page`] the markup's words, [`play`] the words of play,
//! [`rules`] the rules, the sources and the New game dialog, [`link`] a
//! game that could not be opened whole, [`reasons`] the rules engine's
//! reasons and [`embed`] an embedded board's options it cannot use; the
//! side names are in [`crate::lang`].
//!
//! French, German and Spanish are data: one file per language,
//! `www/words/fr.json` (and `de`, `es`), which maps each module's section
//! (`play`) and each English message to its translation. The page fetches
//! a language's file only for a reader of that language, reads it with
//! serde ([`Words`]) and [`install`]s it; until then, and for any message a
//! file lacks, the English is shown. A test checks that the files hold
//! exactly the messages of the code.

use std::cell::RefCell;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};

use crate::lang::{Lang, T};

pub mod embed;
pub mod link;
pub mod page;
pub mod play;
pub mod reasons;
pub mod rules;

/// A JSON object's entries, in the file's order (read without a hash
/// map, whose code the page would carry for nothing).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Entries<V>(pub Vec<(String, V)>);

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Entries<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct EntriesVisitor<V>(PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for EntriesVisitor<V> {
            type Value = Entries<V>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Entries<V>, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    entries.push(entry);
                }
                Ok(Entries(entries))
            }
        }
        deserializer.deserialize_map(EntriesVisitor(PhantomData))
    }
}

/// One language's word file: section → English message → translation.
pub type Words = Entries<Entries<String>>;

/// The translations of one language: (section, English, text).
type Installed = Vec<(String, String, &'static str)>;

thread_local! {
    /// The installed languages' words (French, German, Spanish), kept for
    /// the page's life.
    static INSTALLED: RefCell<[Option<Installed>; 3]> = const { RefCell::new([None, None, None]) };
}

/// Where `lang`'s words are kept; `None` for English (the code's own).
fn slot(lang: Lang) -> Option<usize> {
    (lang as usize).checked_sub(1)
}

/// Whether `lang` can be spoken now: English, or a language whose word
/// file is installed.
pub fn installed(lang: Lang) -> bool {
    slot(lang).is_none_or(|i| INSTALLED.with_borrow(|all| all[i].is_some()))
}

/// Installs `words`, the word file of `lang` (nothing for English).
pub fn install(lang: Lang, words: Words) {
    for (section, messages) in words.0 {
        install_pairs(lang, &section, messages.0);
    }
    if let Some(i) = slot(lang) {
        INSTALLED.with_borrow_mut(|all| {
            all[i].get_or_insert_with(Installed::new);
        });
    }
}

/// Installs translations of `section`'s messages in `lang`, as
/// (English, translation) pairs.
pub fn install_section(lang: Lang, section: &str, pairs: &[(&str, &str)]) {
    let pairs = pairs
        .iter()
        .map(|(en, text)| ((*en).to_owned(), (*text).to_owned()))
        .collect();
    install_pairs(lang, section, pairs);
}

fn install_pairs(lang: Lang, section: &str, pairs: Vec<(String, String)>) {
    let Some(i) = slot(lang) else { return };
    INSTALLED.with_borrow_mut(|all| {
        let installed = all[i].get_or_insert_with(Installed::new);
        for (en, text) in pairs {
            // Kept for the page's life: each language is installed once.
            let text: &'static str = Box::leak(text.into_boxed_str());
            installed.push((section.to_owned(), en, text));
        }
    });
}

/// `message` in `lang`, if its words are installed and hold it.
pub(crate) fn translation(lang: Lang, message: &T) -> Option<&'static str> {
    let i = slot(lang)?;
    #[cfg(test)]
    tests::install_files(lang);
    let section = message.section();
    INSTALLED.with_borrow(|all| {
        // The last installed wins; a few hundred messages: no index needed.
        all[i]
            .as_ref()?
            .iter()
            .rev()
            .find(|(s, en, _)| s == section && en == message.en)
            .map(|(_, _, text)| *text)
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use std::collections::BTreeSet;

    use asalto_core::{Game, Preset};

    use super::{Words, install, installed, slot};

    use crate::computer::Computer;
    use crate::explain;
    use crate::lang::{Lang, Say};
    use crate::pick::Pick;
    use crate::{teach, text};

    /// Everything the panel says about `game` in `lang`, refusals included.
    fn sayings(lang: Lang, game: &Game) -> Vec<String> {
        let legal = game.legal_moves();
        let mut said = vec![
            text::status(lang, game, &Pick::default(), &Computer::default()),
            text::captured(lang, game),
            text::said(lang, game),
            text::invite(lang, game, Some(game.ply()), None),
        ];
        let board = game.rules().board();
        for p in board.points().iter() {
            said.extend(teach::why_not(lang, game, &legal, &[], p));
            for from in game.position().attackers().iter().take(3) {
                said.extend(teach::why_not(lang, game, &legal, &[from], p));
            }
            let say = Say::new(lang, game.rules().preset);
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
                    let rules = explain::html(lang, game.rules());
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

    /// The word file of `lang`, as committed.
    fn file(lang: Lang) -> &'static str {
        match lang {
            Lang::En => "{}",
            Lang::Fr => include_str!("../../../../www/words/fr.json"),
            Lang::De => include_str!("../../../../www/words/de.json"),
            Lang::Es => include_str!("../../../../www/words/es.json"),
        }
    }

    /// Installs the committed word file of `lang` (once per thread), as
    /// the page does once it has fetched it.
    pub(crate) fn install_files(lang: Lang) {
        if slot(lang).is_some() && !installed(lang) {
            let words: Words = serde_json::from_str(file(lang)).expect("a word file");
            install(lang, words);
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

    /// Every message the code writes with a literal: (section, English).
    fn messages_in_code() -> BTreeSet<(String, String)> {
        let src = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
        let mut files: Vec<_> = std::fs::read_dir(src)
            .and_then(|d| d.collect::<Result<Vec<_>, _>>())
            .expect("src")
            .into_iter()
            .chain(
                std::fs::read_dir(format!("{src}/words"))
                    .expect("words")
                    .flatten(),
            )
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "rs"))
            .collect();
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
        found
    }

    #[test]
    fn the_word_files_hold_exactly_the_messages_of_the_code() {
        let code = messages_in_code();
        assert!(code.len() > 200, "{} messages found", code.len());
        for lang in [Lang::Fr, Lang::De, Lang::Es] {
            let words: Words = serde_json::from_str(file(lang)).expect("a word file");
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
}
