//! The move list: the main line numbered by turns (`1. d4-d5 c5-d4`, the
//! turn begun by the side that moves first in the game's start position),
//! each move's glyph beside it, and the variations under the move they
//! replace, as lichess shows them, each with buttons to promote or delete
//! it. Every move is a button whose `data-n` is its number among the moves
//! the record writes ([`Tree::number`]), which the messages use.
//!
//! Pure Rust, tested natively; `panel` puts the HTML in the page. Move
//! text holds only point names, `-x@` and glyphs, so nothing needs
//! escaping.

use asalto_core::{NodeId, Position, Side, Tree};

use crate::lang::Lang;
use crate::words::play as words;

/// The HTML of the move list of `tree`, with `shown` marked current, in
/// `lang`; `tools`: whether variations can be promoted and deleted.
pub fn html(tree: &Tree, shown: NodeId, lang: Lang, tools: bool) -> String {
    let Some(&first) = tree.children(NodeId::START).first() else {
        return String::new();
    };
    let start = *tree.game(NodeId::START).position();
    let mut list = List {
        tree,
        shown,
        lang,
        tools,
        numbers: tree.written(),
        html: String::new(),
        opener: start.turn(),
    };
    list.line(first, false, start, 0);
    list.html
}

/// A move list being written.
struct List<'a> {
    tree: &'a Tree,
    shown: NodeId,
    lang: Lang,
    tools: bool,
    /// The moves in the order the record writes them.
    numbers: Vec<NodeId>,
    html: String,
    /// The side that moves first in the start position: it begins turns.
    opener: Side,
}

impl List<'_> {
    /// Writes the line from `first` (a variation's, if `head`), played from
    /// `position`, after `turn` turns.
    fn line(&mut self, first: NodeId, head: bool, mut position: Position, mut turn: usize) {
        let main = !head && self.tree.variation_of(first).is_none();
        // Whether the row has its first move and waits for the second.
        let mut pending = false;
        let mut fresh = true;
        let mut at = Some(first);
        let mut head = head;
        while let Some(node) = at {
            let Some(m) = self.tree.played(node).copied() else {
                return;
            };
            let side = position.turn();
            if side == self.opener {
                if main && pending {
                    // The same side again (placing, say): an empty cell.
                    self.html.push_str("<span class=\"skip\"></span>");
                }
                turn += 1;
                self.html
                    .push_str(&format!("<span class=\"turn\">{turn}.</span>"));
            } else if fresh || !pending {
                let skip = if main {
                    "<span class=\"skip\">…</span>"
                } else {
                    ""
                };
                let n = turn.max(1);
                self.html
                    .push_str(&format!("<span class=\"turn\">{n}…</span>{skip}"));
            }
            pending = side == self.opener;
            self.button(node);
            fresh = false;
            let before = position;
            position.play_unchecked(&m);
            if !head {
                let parent = self.tree.parent(node).unwrap_or(NodeId::START);
                let others = &self.tree.children(parent)[1..];
                if !others.is_empty() {
                    let turn_before = if side == self.opener { turn - 1 } else { turn };
                    self.html.push_str("<div class=\"variations\">");
                    for &v in others {
                        self.html.push_str("<div class=\"variation\">");
                        self.line(v, true, before, turn_before);
                        self.variation_tools(v);
                        self.html.push_str("</div>");
                    }
                    self.html.push_str("</div>");
                    fresh = true;
                }
            }
            head = false;
            at = self.tree.children(node).first().copied();
        }
    }

    /// A move's button.
    fn button(&mut self, node: NodeId) {
        let n = self.number(node);
        let text = self.tree.text(node).map(ToString::to_string);
        let glyph = self.tree.glyph(node).map_or("", |g| g.name());
        let current = if node == self.shown {
            " aria-current=\"step\""
        } else {
            ""
        };
        self.html.push_str(&format!(
            "<button type=\"button\" class=\"mv\" data-n=\"{n}\"{current}>{}{glyph}</button>",
            text.unwrap_or_default()
        ));
    }

    /// The buttons that promote and delete the variation beginning at `v`.
    fn variation_tools(&mut self, v: NodeId) {
        if !self.tools {
            return;
        }
        let n = self.number(v);
        let (promote, delete) = (self.lang.of(&words::PROMOTE), self.lang.of(&words::DELETE));
        self.html.push_str(&format!(
            "<span class=\"tools\"><button type=\"button\" data-promote=\"{n}\" \
             title=\"{promote}\" aria-label=\"{promote}\">▲</button><button type=\"button\" \
             data-delete=\"{n}\" title=\"{delete}\" aria-label=\"{delete}\">✕</button></span>"
        ));
    }

    fn number(&self, node: NodeId) -> usize {
        self.numbers
            .iter()
            .position(|&n| n == node)
            .map_or(0, |i| i + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use asalto_core::{Game, Record};

    fn tree(text: &str) -> Tree {
        let record: Record = text.parse().expect("record");
        Tree::annotated(&Game::from_record(&record).expect("legal"), &record).0
    }

    /// The list's text, one token per element, tags dropped.
    fn text(html: &str) -> String {
        let mut out = String::new();
        let mut tag = false;
        for c in html.chars() {
            match c {
                '<' => {
                    tag = true;
                    out.push(' ');
                }
                '>' => tag = false,
                c if !tag => out.push(c),
                _ => {}
            }
        }
        out.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn turns_are_numbered_and_variations_stand_under_the_move_they_replace() {
        let t = tree("assault d4-d5! c5-d4 (c5-d6 c4-c5 (b4-c5) d6xd4) b4-c5 d4xb4xd6xd4");
        let shown = t.numbered(4).expect("c4-c5");
        let first = html(&t, shown, Lang::En, true);
        assert_eq!(
            text(&first),
            "1. d4-d5! c5-d4 1… c5-d6 2. c4-c5 2. b4-c5 ▲ ✕ 2… d6xd4 ▲ ✕ 2. b4-c5 d4xb4xd6xd4"
        );
        // The move shown is marked, and each button carries its number.
        assert!(first.contains("data-n=\"4\" aria-current=\"step\">c4-c5<"));
        assert!(first.contains("data-promote=\"3\""));
        assert!(first.contains("data-delete=\"5\""));
        // A main line interrupted after the first move keeps its columns.
        let t = tree("assault d4-d5 c5-d6 c4-c5 (b4-c5) d6xd4");
        let list = html(&t, NodeId::START, Lang::En, true);
        assert_eq!(
            text(&list),
            "1. d4-d5 c5-d6 2. c4-c5 2. b4-c5 ▲ ✕ 2… … d6xd4"
        );
        assert!(list.contains("<span class=\"turn\">2…</span><span class=\"skip\">…</span>"));
        // A replay's list has no tools.
        assert!(!html(&t, NodeId::START, Lang::En, false).contains("data-promote"));
    }

    #[test]
    fn a_side_that_moves_twice_keeps_the_columns() {
        let t = tree("asalto @c5 @e5 d4-d5 c5-d6");
        let list = html(&t, NodeId::START, Lang::En, true);
        assert_eq!(text(&list), "1. @c5 2. @e5 d4-d5 3. c5-d6");
        assert!(list.contains("@c5</button><span class=\"skip\"></span><span class=\"turn\">2."));
    }

    #[test]
    fn a_game_whose_second_side_starts_numbers_from_its_first_move() {
        let t = tree(
            "assault;attackers=a3,b3,c3,d3,e3,f3,g3,c2,d2,e2;defenders=c5,d6;first=defender c5-c6 c3-c4",
        );
        assert_eq!(
            text(&html(&t, NodeId::START, Lang::En, true)),
            "1. c5-c6 c3-c4"
        );
    }
}
