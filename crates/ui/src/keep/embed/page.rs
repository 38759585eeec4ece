//! What an embedded board and its page exchange: the attributes that come
//! in ([`Attributes`]), what the board tells its page ([`Shown`]), and the
//! code that embeds a game in an article ([`embed_code`]).

use asalto_core::{Game, NodeId, Side, Tree};
use serde::{Deserialize, Serialize};

use super::Embed;
use crate::keep::link;

/// The options of an `<asalto-board>` as `www/asalto-board.js` passes
/// them: each attribute's value, if it has one, or the fragment that
/// `embed.html` hands over whole.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attributes {
    /// `rules`.
    pub rules: Option<String>,
    /// `moves`.
    pub moves: Option<String>,
    /// `mode`.
    pub mode: Option<String>,
    /// `controls`.
    pub controls: Option<String>,
    /// `computer`.
    pub computer: Option<String>,
    /// `level`.
    pub level: Option<String>,
    /// `ply`.
    pub ply: Option<String>,
    /// `at`.
    pub at: Option<String>,
    /// `lang`.
    pub lang: Option<String>,
    /// `sides`.
    pub sides: Option<String>,
    /// `lesson`.
    pub lesson: Option<String>,
    /// `puzzle`.
    pub puzzle: Option<String>,
    /// `tables`.
    pub tables: Option<String>,
    /// `embed.html`'s fragment, in place of the others.
    pub fragment: Option<String>,
}

impl Attributes {
    /// The options they give.
    pub fn embed(&self) -> Embed {
        match &self.fragment {
            Some(fragment) => Embed::from_fragment(fragment),
            None => Embed::read(&|name| self.get(name)),
        }
    }

    /// The value of attribute `name`.
    fn get(&self, name: &str) -> Option<String> {
        let value = match name {
            "rules" => &self.rules,
            "moves" => &self.moves,
            "mode" => &self.mode,
            "controls" => &self.controls,
            "computer" => &self.computer,
            "level" => &self.level,
            "ply" => &self.ply,
            "at" => &self.at,
            "lang" => &self.lang,
            "sides" => &self.sides,
            "lesson" => &self.lesson,
            "puzzle" => &self.puzzle,
            "tables" => &self.tables,
            _ => &None,
        };
        value.clone()
    }
}

/// The code that shows `tree`'s game in an article, at move `shown`: an
/// `<asalto-board>` element replaying it, and the address of `embed.html`
/// (at `embed`, the page's own copy) for an iframe. A move of the main
/// line is given by its `ply`, one of a variation by its number (`at`).
pub fn embed_code(tree: &Tree, shown: NodeId, embed: &str) -> String {
    let record = tree.record().to_string();
    let escaped = record
        .replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;");
    let (name, n) = match tree.variation_of(shown) {
        None => ("ply", tree.depth(shown)),
        Some(_) => ("at", tree.number(shown)),
    };
    format!(
        "<asalto-board moves=\"{escaped}\" mode=\"replay\" {name}=\"{n}\"></asalto-board>\n{embed}#moves={}&mode=replay&{name}={n}",
        link::encode(&record)
    )
}

/// What an embedded board tells its page each time the game it shows
/// changes: the `detail` of its `change` event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Shown {
    /// The whole game record (RULES.md §8).
    pub record: String,
    /// The moves of the position shown.
    pub ply: usize,
    /// The move shown, by its number among the moves the record writes
    /// (0: the start), as `at` takes it.
    pub at: usize,
    /// The moves of the game.
    pub moves: usize,
    /// How the game ended, as the referee says it: `attacker`, `defender`
    /// or `draw`; `None` while it goes on.
    pub result: Option<&'static str>,
}

impl Shown {
    /// What `game`, the line through move `shown` of `tree`, shows.
    pub fn of(game: &Game, tree: &Tree, shown: NodeId) -> Shown {
        let result = game.outcome().map(|o| match o.winner() {
            Some(Side::Attacker) => "attacker",
            Some(Side::Defender) => "defender",
            None => "draw",
        });
        Shown {
            record: tree.record().to_string(),
            ply: game.ply(),
            at: tree.number(shown),
            moves: game.moves().len(),
            result,
        }
    }
}
