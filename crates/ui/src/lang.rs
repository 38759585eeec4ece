//! The interface's languages, the names each source gives the two sides,
//! and [`Say`], which fills a message's placeholders in the chosen language
//! with the chosen preset's side names.
//!
//! A message ([`T`]) is its English text; its French, German and Spanish
//! are in the word files (see [`crate::words`]), which are [`install`]ed
//! here once read. A message's
//! placeholders are `{0}`, `{1}`, … for its arguments and side names:
//! `a`/`d`/`s` (attackers, defenders, the side the message is about, set
//! with [`Say::of`]), `a1` for one of them, `the_a` with the article,
//! `the_a1` for one with the article, `one_a` for one with the indefinite
//! article as an object ("a rebel", "einen Rebellen"). A placeholder that
//! starts with a capital letter is written with one (`{The_s}`, `{A}`).
//!
//! Pure Rust, tested natively.

use std::cell::RefCell;
use std::fmt;
use std::marker::PhantomData;

use asalto_core::{Preset, Side};
use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};

/// A language of the interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// French.
    Fr,
    /// German.
    De,
    /// Spanish.
    Es,
}

/// One message, written with `t!`: its English text, and the module that
/// says it (the section of the word files its translations are in).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct T {
    /// The module path of the `t!` that wrote it (`asalto_web::words::play`).
    pub module: &'static str,
    /// Its English text.
    pub en: &'static str,
}

impl T {
    /// The section of the word files its translations are in: the last
    /// part of its module's path (`play`).
    pub fn section(&self) -> &'static str {
        self.module.rsplit("::").next().unwrap_or(self.module)
    }
}

impl Lang {
    /// Every language, in the order of a message's translations.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Fr, Lang::De, Lang::Es];

    /// Its language tag, e.g. `fr`.
    pub fn code(self) -> &'static str {
        ["en", "fr", "de", "es"][self as usize]
    }

    /// Its name in itself, e.g. `Français`.
    pub fn name(self) -> &'static str {
        ["English", "Français", "Deutsch", "Español"][self as usize]
    }

    /// The language of a tag such as `fr-CA` or `DE`; `None` for one the
    /// interface does not speak.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// `message` in this language, its placeholders as they are; in
    /// English where this language's words are not loaded or lack it.
    pub fn of(self, message: &T) -> &'static str {
        match self {
            Lang::En => message.en,
            _ => translation(self, message).unwrap_or(message.en),
        }
    }

    /// The first language of `tags` (most wanted first) that the interface
    /// speaks, else English.
    pub fn first_of<'a>(tags: impl IntoIterator<Item = &'a str>) -> Lang {
        tags.into_iter()
            .find_map(Lang::from_tag)
            .unwrap_or_default()
    }
}

/// How a source names the two sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Naming {
    /// Attackers and defenders (the games-history page, Belagerung).
    AttackersDefenders,
    /// Rebels and officers (the English Asalto and German Tactics).
    RebelsOfficers,
    /// Soldiers and officers (Sharpshooters' foot soldiers, the French
    /// Assaut's soldats and officiers).
    SoldiersOfficers,
}

impl Naming {
    /// Every naming, with the name an embedded board's `sides` gives it.
    pub const NAMES: [(&str, Naming); 3] = [
        ("attackers", Naming::AttackersDefenders),
        ("rebels", Naming::RebelsOfficers),
        ("soldiers", Naming::SoldiersOfficers),
    ];

    /// The naming `sides=name` asks for.
    pub fn from_name(name: &str) -> Option<Naming> {
        Naming::NAMES
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name.trim()))
            .map(|&(_, naming)| naming)
    }

    /// The names `preset`'s source uses.
    pub fn of(preset: Preset) -> Naming {
        match preset {
            Preset::Asalto | Preset::GermanTactics | Preset::Murray => Naming::RebelsOfficers,
            Preset::Sharpshooters | Preset::Assaut => Naming::SoldiersOfficers,
            Preset::Assault
            | Preset::Belagerung
            | Preset::RoyalGarrison
            | Preset::RoyalGarrisonDiagonals
            | Preset::Simplified
            | Preset::FuchsUndHenne
            | Preset::ZweiContra20 => Naming::AttackersDefenders,
        }
    }

    /// A side's names: several, one, several with the article, one with
    /// the article.
    fn names(self, side: Side) -> [T; 4] {
        use Naming::{AttackersDefenders, RebelsOfficers, SoldiersOfficers};
        match (side, self) {
            (Side::Defender, AttackersDefenders) => [
                t!["defenders"],
                t!["defender"],
                t!["the defenders"],
                t!["the defender"],
            ],
            (Side::Defender, _) => [
                t!["officers"],
                t!["officer"],
                t!["the officers"],
                t!["the officer"],
            ],
            (Side::Attacker, AttackersDefenders) => [
                t!["attackers"],
                t!["attacker"],
                t!["the attackers"],
                t!["the attacker"],
            ],
            (Side::Attacker, RebelsOfficers) => {
                [t!["rebels"], t!["rebel"], t!["the rebels"], t!["the rebel"]]
            }
            (Side::Attacker, SoldiersOfficers) => [
                t!["soldiers"],
                t!["soldier"],
                t!["the soldiers"],
                t!["the soldier"],
            ],
        }
    }
}

/// How a side's name is written in a placeholder.
#[derive(Debug, Clone, Copy)]
enum Form {
    /// `{a}`: rebels.
    Bare,
    /// `{the_a}`: the rebels.
    The,
    /// `{one_a}`: a rebel.
    One,
}

/// Writes messages in one language with one source's side names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Say {
    /// The language.
    pub lang: Lang,
    /// The side names.
    naming: Naming,
    /// The side `{s}` names.
    side: Side,
}

impl Say {
    /// Messages in `lang` with the side names of `preset`'s source.
    pub fn new(lang: Lang, preset: Preset) -> Say {
        Say {
            lang,
            naming: Naming::of(preset),
            side: Side::Defender,
        }
    }

    /// The same, with the side names `naming` if it is given.
    pub fn named(self, naming: Option<Naming>) -> Say {
        Say {
            naming: naming.unwrap_or(self.naming),
            ..self
        }
    }

    /// Messages in `lang` that name no side.
    pub fn plain(lang: Lang) -> Say {
        Say::new(lang, Preset::Assault)
    }

    /// The same, with `{s}` naming `side`.
    pub fn of(self, side: Side) -> Say {
        Say { side, ..self }
    }

    /// The message in this language, its placeholders as they are.
    pub fn raw(self, message: &T) -> &'static str {
        self.lang.of(message)
    }

    /// The message with its side names filled in.
    pub fn t(self, message: &T) -> String {
        self.f(message, &[])
    }

    /// The message with `args` for `{0}`, `{1}`, … and the side names
    /// filled in. An unknown placeholder stays as it is.
    pub fn f(self, message: &T, args: &[&str]) -> String {
        let mut out = String::new();
        let mut rest = self.raw(message);
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let Some(len) = rest[open..].find('}') else {
                break;
            };
            let name = &rest[open + 1..open + len];
            match self.placeholder(name, args) {
                Some(value) => out.push_str(&value),
                None => out.push_str(&rest[open..=open + len]),
            }
            rest = &rest[open + len + 1..];
        }
        out.push_str(rest);
        out
    }

    /// A side's name as a noun in this language (`officers`, `rebel`…).
    pub fn side(self, side: Side, one: bool) -> &'static str {
        self.lang.of(&self.naming.names(side)[usize::from(one)])
    }

    fn placeholder(self, name: &str, args: &[&str]) -> Option<String> {
        if let Ok(i) = name.parse::<usize>() {
            return args.get(i).map(|a| (*a).to_owned());
        }
        let capital = name.starts_with(|c: char| c.is_ascii_uppercase());
        let lower = name.to_ascii_lowercase();
        // The form: bare, with the article, or with the indefinite one.
        let (form, rest) = match lower.split_once('_') {
            Some(("the", rest)) => (Form::The, rest),
            Some(("one", rest)) => (Form::One, rest),
            None => (Form::Bare, lower.as_str()),
            Some(_) => return None,
        };
        let (side, one) = match rest {
            "a" => (Side::Attacker, false),
            "a1" => (Side::Attacker, true),
            "d" => (Side::Defender, false),
            "d1" => (Side::Defender, true),
            "s" => (self.side, false),
            "s1" => (self.side, true),
            _ => return None,
        };
        let [several, single, the_several, the_single] =
            self.naming.names(side).map(|name| self.lang.of(&name));
        let word = match (form, one) {
            (Form::Bare, false) => several.to_owned(),
            (Form::Bare, true) => single.to_owned(),
            (Form::The, false) => the_several.to_owned(),
            (Form::The, true) => the_single.to_owned(),
            (Form::One, false) => self.indefinite(single),
            (Form::One, true) => return None,
        };
        Some(if capital { capitalise(&word) } else { word })
    }

    /// One piece with the indefinite article, as the object of a verb.
    fn indefinite(self, one: &str) -> String {
        match self.lang {
            Lang::En if one.starts_with(['a', 'e', 'i', 'o', 'u']) => format!("an {one}"),
            Lang::En => format!("a {one}"),
            Lang::Fr | Lang::Es => format!("un {one}"),
            // Weak nouns take -en in the accusative.
            Lang::De if matches!(one, "Rebell" | "Soldat") => format!("einen {one}en"),
            Lang::De => format!("einen {one}"),
        }
    }
}

/// `word` with a capital first letter. Only the letters of the four
/// languages' alphabets (ASCII and Latin-1) are changed: Unicode's whole
/// case table would cost the page about 12 KB.
pub fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        let capital = match first {
            'a'..='z' => first.to_ascii_uppercase(),
            // à…þ are À…Þ moved by 0x20 (÷ is no letter; ÿ has no capital there).
            'à'..='þ' if first != '÷' => {
                char::from_u32(u32::from(first) - 0x20).unwrap_or(first)
            }
            _ => first,
        };
        std::iter::once(capital).chain(chars).collect()
    })
}

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
    install_files(lang);
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

/// The word file of `lang`, as committed.
#[cfg(test)]
pub(crate) fn committed_file(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "{}",
        Lang::Fr => include_str!("../../../www/words/fr.json"),
        Lang::De => include_str!("../../../www/words/de.json"),
        Lang::Es => include_str!("../../../www/words/es.json"),
    }
}

/// Installs the committed word file of `lang` (once per thread), as
/// the page does once it has fetched it.
#[cfg(test)]
pub(crate) fn install_files(lang: Lang) {
    if lang != Lang::En && !installed(lang) {
        let words: Words = serde_json::from_str(committed_file(lang)).expect("a word file");
        install(lang, words);
    }
}

#[cfg(test)]
mod tests;
