//! A game as a tree (RULES.md §8): the main line, the variations played
//! instead of any move, and what an author wrote about each move.
//!
//! [`Tree`] is what a record with variations describes. A move played
//! from a position that already has a next move starts a variation beside
//! it, so no move is ever lost; a variation can be promoted towards the
//! main line or deleted. The first child of every node is its main
//! continuation.

use crate::game::Game;
use crate::moves::Move;
use crate::notation::MoveText;
use crate::record::{Glyph, Notes, Record, Variation, VariationError};

/// A node of a [`Tree`]: its start, or a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NodeId(u32);

impl NodeId {
    /// The start position, before any move.
    pub const START: NodeId = NodeId(0);

    fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Debug, Clone)]
struct Node {
    /// The node this move is played from (the start's is itself).
    parent: NodeId,
    /// The move and its text; none for the start.
    played: Option<(Move, MoveText)>,
    glyph: Option<Glyph>,
    comment: Option<String>,
    /// The moves played from here, the main continuation first.
    children: Vec<NodeId>,
}

impl Node {
    fn new(parent: NodeId, played: Option<(Move, MoveText)>) -> Node {
        Node {
            parent,
            played,
            glyph: None,
            comment: None,
            children: Vec::new(),
        }
    }
}

/// A game with its variations and annotations.
///
/// ```
/// use asalto_core::{Game, NodeId, Record, Tree};
/// let record: Record = "assault d4-d5 c5-d4 (c5-d6 c4-c5) b4-c5".parse()?;
/// let (tree, problem) = Tree::annotated(&Game::from_record(&record)?, &record);
/// assert_eq!(problem, None);
/// assert_eq!(tree.record(), record);
/// // The variation's second move is the fourth move written.
/// let c4c5 = tree.numbered(4).expect("a move");
/// assert_eq!(tree.game(c4c5).record().to_string(), "assault d4-d5 c5-d6 c4-c5");
/// assert_eq!(tree.number(c4c5), 4);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Tree {
    /// The start position under the game's rules, with no moves.
    start: Game,
    /// Every node, the start first; a deleted node stays here unreachable.
    nodes: Vec<Node>,
}

impl Tree {
    /// The tree of `game`'s moves (all of them, undone ones too), with
    /// nothing written about them.
    pub fn new(game: &Game) -> Tree {
        let start = game.position_at(0).copied().unwrap_or(*game.position());
        let mut tree = Tree {
            start: Game::from_position(game.rules(), start),
            nodes: vec![Node::new(NodeId::START, None)],
        };
        let mut at = NodeId::START;
        for (i, m) in game.moves().iter().enumerate() {
            if let Some(text) = game.move_text(i) {
                at = tree.add(at, *m, text);
            }
        }
        tree
    }

    /// The tree of `game`, whose moves are the main line of `record` (or
    /// its legal beginning), with the record's annotations and variations.
    /// A variation move that is not legal where it stands is left out,
    /// with the rest of its variation, and named.
    pub fn annotated(game: &Game, record: &Record) -> (Tree, Option<VariationError>) {
        let mut tree = Tree::new(game);
        tree.nodes[0].comment.clone_from(&record.comment);
        let mut problem = None;
        let main = tree.main_line();
        let parents = std::iter::once(NodeId::START).chain(main.iter().copied());
        for ((&node, parent), notes) in main.iter().zip(parents).zip(&record.notes) {
            tree.write(node, notes);
            for variation in &notes.variations {
                let first = tree.add_line(parent, variation);
                problem = problem.or(first.err());
            }
        }
        (tree, problem)
    }

    /// Plays `line` from `parent` with its notes and nested variations.
    fn add_line(&mut self, parent: NodeId, line: &Variation) -> Result<(), VariationError> {
        let mut game = self.game(parent);
        let mut at = parent;
        let mut problem = Ok(());
        for (i, text) in line.moves.iter().enumerate() {
            let Some(m) = text
                .to_move(game.position())
                .ok()
                .filter(|_| game.outcome().is_none())
            else {
                return problem.and(Err(VariationError(text.clone())));
            };
            game.push(&m);
            let before = at;
            at = self.add(at, m, text.clone());
            let Some(notes) = line.notes.get(i) else {
                continue;
            };
            self.write(at, notes);
            // Variations of this move branch from where it is played.
            for variation in &notes.variations {
                let result = self.add_line(before, variation);
                problem = problem.and(result);
            }
        }
        problem
    }

    /// Sets a node's glyph and comment from `notes`.
    fn write(&mut self, node: NodeId, notes: &Notes) {
        let n = &mut self.nodes[node.index()];
        n.glyph = notes.glyph;
        n.comment.clone_from(&notes.comment);
    }

    /// The move `m`, whose text is `text`, played from `parent`: the node
    /// already there, or a new one after the others (a variation, unless
    /// it is the first).
    pub fn add(&mut self, parent: NodeId, m: Move, text: MoveText) -> NodeId {
        if let Some(&child) = self
            .children(parent)
            .iter()
            .find(|&&c| self.played(c) == Some(&m))
        {
            return child;
        }
        let id = NodeId(self.nodes.len() as u32);
        self.nodes.push(Node::new(parent, Some((m, text))));
        self.nodes[parent.index()].children.push(id);
        id
    }

    /// The node a move is played from; `None` for the start.
    pub fn parent(&self, node: NodeId) -> Option<NodeId> {
        (node != NodeId::START).then(|| self.nodes[node.index()].parent)
    }

    /// The moves played from `node`, its main continuation first.
    pub fn children(&self, node: NodeId) -> &[NodeId] {
        &self.nodes[node.index()].children
    }

    /// The move of `node`; `None` for the start.
    pub fn played(&self, node: NodeId) -> Option<&Move> {
        self.nodes[node.index()].played.as_ref().map(|(m, _)| m)
    }

    /// The text of `node`'s move; `None` for the start.
    pub fn text(&self, node: NodeId) -> Option<&MoveText> {
        self.nodes[node.index()].played.as_ref().map(|(_, t)| t)
    }

    /// The glyph of `node`'s move.
    pub fn glyph(&self, node: NodeId) -> Option<Glyph> {
        self.nodes[node.index()].glyph
    }

    /// What is written about the position after `node` (about the start,
    /// for [`NodeId::START`]).
    pub fn comment(&self, node: NodeId) -> Option<&str> {
        self.nodes[node.index()].comment.as_deref()
    }

    /// Writes (or with `None` takes away) the comment about `node`.
    pub fn set_comment(&mut self, node: NodeId, comment: Option<String>) {
        self.nodes[node.index()].comment = comment;
    }

    /// Gives `node`'s move a glyph, or takes it away.
    pub fn set_glyph(&mut self, node: NodeId, glyph: Option<Glyph>) {
        self.nodes[node.index()].glyph = glyph;
    }

    /// How many moves lead to `node`.
    pub fn depth(&self, node: NodeId) -> usize {
        self.path(node).len()
    }

    /// The moves from the start to `node`, in order (`node` last).
    pub fn path(&self, node: NodeId) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut at = node;
        while let Some(parent) = self.parent(at) {
            path.push(at);
            at = parent;
        }
        path.reverse();
        path
    }

    /// The line through `node`: the moves leading to it, then its main
    /// continuation to the end.
    pub fn line(&self, node: NodeId) -> Vec<NodeId> {
        let mut line = self.path(node);
        let mut at = node;
        while let Some(&next) = self.children(at).first() {
            line.push(next);
            at = next;
        }
        line
    }

    /// The main line's moves.
    pub fn main_line(&self) -> Vec<NodeId> {
        self.line(NodeId::START)
    }

    /// The main line's last move (the start if it has none): what a game
    /// shows unless told otherwise.
    pub fn main_end(&self) -> NodeId {
        self.main_line().last().copied().unwrap_or(NodeId::START)
    }

    /// The first move of the variation `node` is in: the nearest move
    /// from it back to the start that is not its parent's main
    /// continuation; `None` on the main line.
    pub fn variation_of(&self, node: NodeId) -> Option<NodeId> {
        let mut at = node;
        while let Some(parent) = self.parent(at) {
            if self.children(parent).first() != Some(&at) {
                return Some(at);
            }
            at = parent;
        }
        None
    }

    /// Makes the variation `node` is in its parent's main continuation
    /// (lichess's "promote variation"); returns whether anything changed.
    pub fn promote(&mut self, node: NodeId) -> bool {
        let Some(head) = self.variation_of(node) else {
            return false;
        };
        let parent = self.nodes[head.index()].parent;
        let children = &mut self.nodes[parent.index()].children;
        children.retain(|&c| c != head);
        children.insert(0, head);
        true
    }

    /// Deletes `node` and every move after it; returns the node it was
    /// played from (`None` for the start, which stays).
    pub fn delete(&mut self, node: NodeId) -> Option<NodeId> {
        let parent = self.parent(node)?;
        self.nodes[parent.index()].children.retain(|&c| c != node);
        Some(parent)
    }

    /// The game of the line through `node`, showing the position after it.
    pub fn game(&self, node: NodeId) -> Game {
        let mut game = self.start.clone();
        for n in self.line(node) {
            if let Some(m) = self.played(n) {
                game.push(m);
            }
        }
        game.go_to(self.depth(node));
        game
    }

    /// Every move in the order a record writes it: each move, then the
    /// variations played instead of it.
    pub fn written(&self) -> Vec<NodeId> {
        let mut out = Vec::new();
        if let Some(&first) = self.children(NodeId::START).first() {
            self.write_order(first, false, &mut out);
        }
        out
    }

    fn write_order(&self, first: NodeId, head: bool, out: &mut Vec<NodeId>) {
        let mut at = Some(first);
        let mut head = head;
        while let Some(node) = at {
            out.push(node);
            if !head {
                let parent = self.nodes[node.index()].parent;
                for &v in self.children(parent).iter().skip(1) {
                    self.write_order(v, true, out);
                }
            }
            head = false;
            at = self.children(node).first().copied();
        }
    }

    /// The place of `node`'s move among the moves a record writes, from 1
    /// (0 for the start).
    pub fn number(&self, node: NodeId) -> usize {
        self.written()
            .iter()
            .position(|&n| n == node)
            .map_or(0, |i| i + 1)
    }

    /// The node of the `number`th move written (0: the start).
    pub fn numbered(&self, number: usize) -> Option<NodeId> {
        match number {
            0 => Some(NodeId::START),
            n => self.written().get(n - 1).copied(),
        }
    }

    /// The whole tree as a record: main line, annotations and variations.
    pub fn record(&self) -> Record {
        let main = match self.children(NodeId::START).first() {
            Some(&first) => self.variation(first, false),
            None => Variation::default(),
        };
        let notes = if main.notes.iter().all(Notes::is_empty) {
            Vec::new()
        } else {
            main.notes
        };
        Record {
            rules: *self.start.rules(),
            comment: self.nodes[0].comment.clone(),
            moves: main.moves,
            notes,
        }
    }

    /// The line from `first`: with the variations beside each move, but
    /// beside the first only if it is not itself a variation (`head`).
    fn variation(&self, first: NodeId, head: bool) -> Variation {
        let mut line = Variation::default();
        let mut at = Some(first);
        let mut head = head;
        while let Some(node) = at {
            let n = &self.nodes[node.index()];
            let variations = if head {
                Vec::new()
            } else {
                let siblings = self.children(n.parent).iter().skip(1);
                siblings.map(|&v| self.variation(v, true)).collect()
            };
            if let Some((_, text)) = &n.played {
                line.moves.push(text.clone());
                line.notes.push(Notes {
                    glyph: n.glyph,
                    comment: n.comment.clone(),
                    variations,
                });
            }
            head = false;
            at = n.children.first().copied();
        }
        line
    }

    /// The record of the moves from the start to `node` alone, with what
    /// is written about them (a figure of the position after `node`).
    pub fn record_to(&self, node: NodeId) -> Record {
        let path = self.path(node);
        let notes: Vec<Notes> = path
            .iter()
            .map(|&n| Notes {
                glyph: self.glyph(n),
                comment: self.comment(n).map(str::to_owned),
                variations: Vec::new(),
            })
            .collect();
        let annotated = notes.iter().any(|n| !n.is_empty());
        Record {
            rules: *self.start.rules(),
            comment: self.nodes[0].comment.clone(),
            moves: path.iter().filter_map(|&n| self.text(n).cloned()).collect(),
            notes: if annotated { notes } else { Vec::new() },
        }
    }
}

impl Game {
    /// Plays every variation of `record` (whose main line is this game's)
    /// from the position it branches from.
    ///
    /// # Errors
    ///
    /// The first variation move that is not legal there.
    pub fn check_variations(&self, record: &Record) -> Result<(), VariationError> {
        match Tree::annotated(self, record).1 {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(text: &str) -> (Tree, Option<VariationError>) {
        let record: Record = text.parse().expect("record");
        let game = Game::from_record(&record).expect("legal");
        Tree::annotated(&game, &record)
    }

    #[test]
    fn a_record_with_nested_variations_reads_back_as_written() {
        let text = "assault {start} d4-d5! c5-d4 (c5-d6 {other} c4-c5 (b4-c5) d6xd4) \
                    (e5-d4?) b4-c5 d4xb4xd6xd4";
        let (t, problem) = tree(text);
        assert_eq!(problem, None);
        assert_eq!(t.record().to_string(), text);
        // Every move written has its number, and the number finds it.
        let written = t.written();
        assert_eq!(written.len(), 9);
        for (i, &n) in written.iter().enumerate() {
            assert_eq!(t.number(n), i + 1);
            assert_eq!(t.numbered(i + 1), Some(n));
        }
        let b4c5 = t.numbered(5).expect("node");
        assert_eq!(
            t.game(b4c5).record().to_string(),
            "assault d4-d5 c5-d6 b4-c5"
        );
        assert_eq!(
            t.record_to(b4c5).to_string(),
            "assault {start} d4-d5! c5-d6 {other} b4-c5"
        );
    }

    #[test]
    fn a_move_from_an_earlier_position_starts_a_variation() {
        let (mut t, _) = tree("assault d4-d5 c5-d4 b4-c5");
        let main = t.main_line();
        let mut game = t.game(main[0]);
        assert_eq!(game.ply(), 1);
        let m = game.legal_moves()[0];
        let text = MoveText::from_move(game.position(), &m);
        let same = t.add(main[0], *t.played(main[1]).expect("move"), text.clone());
        assert_eq!(same, main[1]);
        let other = game
            .legal_moves()
            .into_iter()
            .find(|m| Some(m) != t.played(main[1]))
            .expect("another move");
        let text = MoveText::from_move(game.position(), &other);
        let v = t.add(main[0], other, text.clone());
        assert_eq!(t.main_line(), main, "the main line stays");
        assert_eq!(t.variation_of(v), Some(v));
        assert_eq!(t.variation_of(main[2]), None);
        assert_eq!(
            t.record().to_string(),
            format!("assault d4-d5 c5-d4 ({text}) b4-c5")
        );
        game.play(&other).expect("legal");
        assert_eq!(t.game(v).record(), game.record());
        // Promoted, it is the main line; the old line is its variation.
        assert!(t.promote(v));
        assert!(!t.promote(v));
        assert_eq!(
            t.record().to_string(),
            format!("assault d4-d5 {text} (c5-d4 b4-c5)")
        );
        assert_eq!(t.delete(main[1]), Some(main[0]));
        assert_eq!(t.record().to_string(), format!("assault d4-d5 {text}"));
        assert_eq!(t.delete(NodeId::START), None);
    }

    #[test]
    fn an_illegal_variation_move_is_left_out_and_named() {
        let (t, problem) = tree("assault d4-d5 c5-d4 (c5-d6 c4-c4 c4-c5) (e5-d4) b4-c5");
        assert_eq!(problem.map(|e| e.0.to_string()), Some("c4-c4".to_owned()));
        assert_eq!(
            t.record().to_string(),
            "assault d4-d5 c5-d4 (c5-d6) (e5-d4) b4-c5"
        );
    }
}
