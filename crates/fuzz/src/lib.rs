//! Fuzz targets: each reads bytes a stranger could write, never panics on
//! them, and checks a property of what it reads (a record writes back to
//! text that reads to the same record; a link opens to a link that opens
//! the same; a pack's or a slice's damaged byte is refused, never read as
//! a value).
//!
//! Each function here is one target; `src/bin/NAME.rs` runs it under
//! `cargo afl` (`scripts/fuzz.sh NAME MINUTES`), and `tests/corpus.rs`
//! runs every file of `corpus/NAME/` through it in the ordinary tests.

mod pack;

pub use pack::{ready as pack_ready, seeds as pack_seeds};

pub use pack::pack;

use asalto_core::{Game, Record, Rules};
use asalto_ui::keep::embed::Embed;
use asalto_ui::keep::link::{self, Source};
use asalto_ui::lang::Lang;

/// A target: reads bytes, panics only where a property fails.
pub type Target = fn(&[u8]);

/// Every target, by name, as the corpus folders and `src/bin` name them.
pub const TARGETS: [(&str, Target); 10] = [
    ("record", record),
    ("rules", rules),
    ("referee", referee),
    ("link", link),
    ("embed", embed),
    ("certificate", certificate),
    ("frontier", frontier),
    ("slice", slice),
    ("pack", pack),
    ("protocol", protocol),
];

/// Text of `data`, as a page or a file reader would take it.
fn text(data: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// A game record (annotations and variations included): one that reads
/// writes back to text that reads to the same record, and its game plays
/// or says why not.
pub fn record(data: &[u8]) {
    let Ok(record) = text(data).parse::<Record>() else {
        return;
    };
    let written = record.to_string();
    let again: Record = written
        .parse()
        .unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
    assert_eq!(again, record, "{written:?}");
    if let Ok(game) = Game::from_record(&record) {
        let _ = game.check_variations(&record);
        let _ = game.legal_moves();
    }
}

/// A rule set (set-ups included): one that reads writes back to the same
/// rule set, and its start lists its moves.
pub fn rules(data: &[u8]) {
    let Ok(rules) = text(data).parse::<Rules>() else {
        return;
    };
    let written = rules.to_string();
    assert_eq!(written.parse::<Rules>().as_ref(), Ok(&rules), "{written:?}");
    if let Ok(pos) = asalto_core::Position::new(&rules) {
        let _ = pos.legal_moves();
    }
}

/// A referee line: exactly one answer line, of the protocol's words.
pub fn referee(data: &[u8]) {
    let answer = asalto_core::referee::answer(&text(data));
    assert!(!answer.contains('\n'), "{answer:?}");
    let word = answer.split(' ').next().unwrap_or_default();
    assert!(
        ["ongoing", "attacker", "defender", "draw", "error"].contains(&word),
        "{answer:?}"
    );
}

/// A link's fragment: it opens a game (or nothing, when empty), and the
/// link of what it opened opens the same game at the same move.
pub fn link(data: &[u8]) {
    let Some(opened) = link::open(Lang::En, &text(data)) else {
        return;
    };
    let first = link::fragment(&opened.tree, opened.shown);
    let again = link::open(Lang::En, &first).expect("a link written opens");
    assert_eq!(link::fragment(&again.tree, again.shown), first);
    assert_eq!(again.problem, None, "{first:?}");
}

/// An embedded board's options (`embed.html`'s fragment, or its
/// attributes as `name=value` lines): the board always opens a game.
pub fn embed(data: &[u8]) {
    let text = text(data);
    let from_fragment = Embed::from_fragment(&text);
    let attributes: Vec<(String, String)> = text
        .lines()
        .filter_map(|l| l.split_once('='))
        .map(|(n, v)| (n.to_owned(), v.to_owned()))
        .collect();
    let from_attributes = Embed::read(&|name| {
        attributes
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    });
    for embed in [from_fragment, from_attributes] {
        let _ = embed.players();
        assert!(
            link::read(Lang::En, &embed.record(), Source::Link).is_some(),
            "{embed:?}"
        );
    }
}

/// A certificate: read or refused; one read is checked by the rules
/// without a panic.
pub fn certificate(data: &[u8]) {
    if let Ok(c) = asalto_solve::certificate::Certificate::read(&text(data)) {
        let _ = c.verify();
    }
}

/// A solver's frontier file: one that reads writes back to a file that
/// reads to the same entries.
pub fn frontier(data: &[u8]) {
    use asalto_solve::frontier;
    let text = text(data);
    let Some(rules) = text.lines().nth(1).and_then(|l| l.parse::<Rules>().ok()) else {
        let _ = frontier::read(&Rules::default(), &text);
        return;
    };
    let Ok(mut entries) = frontier::read(&rules, &text) else {
        return;
    };
    let written = frontier::write(&rules, &entries);
    let mut again = frontier::read(&rules, &written).expect("a frontier written reads");
    entries.sort_by_key(|e| format!("{e:?}"));
    again.sort_by_key(|e| format!("{e:?}"));
    assert_eq!(again, entries);
}

/// A slice file of endgame tables, one bit a position or (with draws)
/// two: one that reads writes back to a file that reads to the same
/// values.
pub fn slice(data: &[u8]) {
    asalto_solve::tables::fuzz::slice(data);
    asalto_solve::draws::fuzz_file(data);
}

/// A message to or from a worker (JSON of the protocol's types, as
/// `serde_wasm_bindgen` carries them): one that reads writes back to the
/// same message.
pub fn protocol(data: &[u8]) {
    use asalto_protocol::{Answer, Probe, Request, Solved};
    fn round_trip<T>(data: &[u8])
    where
        T: serde::de::DeserializeOwned + serde::Serialize + PartialEq + std::fmt::Debug,
    {
        if let Ok(message) = serde_json::from_slice::<T>(data) {
            let written = serde_json::to_vec(&message).expect("written");
            let again: T = serde_json::from_slice(&written).expect("reads back");
            assert_eq!(again, message);
        }
    }
    round_trip::<Request>(data);
    round_trip::<Answer>(data);
    round_trip::<Probe>(data);
    round_trip::<Solved>(data);
}
