//! What an author wrote about the game (RULES.md §8): a comment about the
//! start, and for each move of the main line its glyph, its comment (with
//! `[%draw]` arrows and rings) and its variations, kept while the game
//! follows that line and written back into its link and saved game. A
//! comment is untrusted text: the page shows it as text, never as markup.
//!
//! Pure Rust, tested natively.

use asalto_core::{Game, Glyph, Notes, Record, Shape, shapes};

/// The annotations of a game's main line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Annotations {
    /// The comment about the start.
    pub start: Option<String>,
    /// The notes of each move, in order (as many as are written).
    pub moves: Vec<Notes>,
}

impl Annotations {
    /// The annotations of `record`.
    pub fn of(record: &Record) -> Annotations {
        Annotations {
            start: record.comment.clone(),
            moves: record.notes.clone(),
        }
    }

    /// The notes of the move that led to the position after `ply` moves.
    fn of_ply(&self, ply: usize) -> Option<&Notes> {
        ply.checked_sub(1).and_then(|i| self.moves.get(i))
    }

    /// The glyph of move `index` (from 0).
    pub fn glyph(&self, index: usize) -> Option<Glyph> {
        self.moves.get(index).and_then(|n| n.glyph)
    }

    /// The comment shown with the position after `ply` moves: about the
    /// move that led there, or about the start.
    pub fn comment(&self, ply: usize) -> Option<&str> {
        match ply {
            0 => self.start.as_deref(),
            _ => self.of_ply(ply)?.comment.as_deref(),
        }
    }

    /// The shapes drawn with the position after `ply` moves.
    pub fn shapes(&self, ply: usize) -> Vec<Shape> {
        self.comment(ply)
            .and_then(|c| shapes(c).ok())
            .unwrap_or_default()
    }

    /// The comment as it is read out: its text without `[%draw …]`.
    pub fn spoken(&self, ply: usize) -> Option<String> {
        let comment = self.comment(ply)?;
        let mut out = String::new();
        let mut rest = comment;
        while let Some(at) = rest.find("[%draw") {
            out.push_str(&rest[..at]);
            rest = rest[at..].split_once(']').map_or("", |(_, after)| after);
        }
        out.push_str(rest);
        let out = out.split_whitespace().collect::<Vec<_>>().join(" ");
        (!out.is_empty()).then_some(out)
    }

    /// The comment about the position after `ply` moves, to change.
    fn comment_mut(&mut self, ply: usize) -> &mut Option<String> {
        match ply.checked_sub(1) {
            None => &mut self.start,
            Some(i) => {
                if self.moves.len() <= i {
                    self.moves.resize(i + 1, Notes::default());
                }
                &mut self.moves[i].comment
            }
        }
    }

    /// Sets the words of the comment about the position after `ply`
    /// moves, keeping its shapes; braces, which a comment cannot hold, are
    /// left out.
    pub fn set_comment(&mut self, ply: usize, words: &str) {
        let shapes = self.shapes(ply);
        let words: String = words.chars().filter(|c| !matches!(c, '{' | '}')).collect();
        self.write(ply, words.trim(), &shapes);
    }

    /// Draws `shape` with the position after `ply` moves, or takes it
    /// away if it is drawn.
    pub fn toggle_shape(&mut self, ply: usize, shape: Shape) {
        let mut shapes = self.shapes(ply);
        match shapes.iter().position(|s| *s == shape) {
            Some(i) => {
                shapes.remove(i);
            }
            None => shapes.push(shape),
        }
        let words = self.spoken(ply).unwrap_or_default();
        self.write(ply, &words, &shapes);
    }

    /// Writes the comment about the position after `ply` moves from its
    /// words and shapes (none if both are empty).
    fn write(&mut self, ply: usize, words: &str, shapes: &[Shape]) {
        let mut text = words.to_owned();
        if !shapes.is_empty() {
            let drawn: Vec<String> = shapes
                .iter()
                .map(|s| match s {
                    Shape::Arrow(a, b) => format!("{a}-{b}"),
                    Shape::Ring(p) => p.to_string(),
                })
                .collect();
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(&format!("[%draw {}]", drawn.join(" ")));
        }
        *self.comment_mut(ply) = (!text.is_empty()).then_some(text);
    }

    /// After a move is played from the position after `ply` moves:
    /// unless it is the next move of the line (`kept`), the line's later
    /// moves are gone, and their notes with them.
    pub fn played(&mut self, ply: usize, kept: bool) {
        if !kept {
            self.moves.truncate(ply);
        }
    }

    /// The record of `game` up to the position shown, with these notes.
    pub fn record(&self, game: &Game) -> Record {
        let mut record = game.record();
        record.comment.clone_from(&self.start);
        let n = record.moves.len();
        if self.moves.iter().take(n).any(|m| !m.is_empty()) {
            let mut notes: Vec<Notes> = self.moves.iter().take(n).cloned().collect();
            notes.resize(n, Notes::default());
            record.notes = notes;
        }
        record
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(record: &Record) -> Game {
        Game::from_record(record).expect("legal")
    }

    #[test]
    fn notes_follow_the_ply_shown_and_the_line_played() {
        let text = "assault {start [%draw d4-d5 c5]} d4-d5! {usual} c5-d4?! (c5-d6) b4-c5";
        let record: Record = text.parse().expect("record");
        let notes = Annotations::of(&record);
        let mut g = game(&record);
        assert_eq!(notes.record(&g).to_string(), text);
        assert_eq!(notes.comment(0), Some("start [%draw d4-d5 c5]"));
        assert_eq!(notes.spoken(0).as_deref(), Some("start"));
        assert_eq!(notes.shapes(0).len(), 2);
        assert_eq!(notes.comment(1), Some("usual"));
        assert_eq!(notes.glyph(1), Some(Glyph::Dubious));
        assert_eq!(notes.comment(3), None);
        // Shown back at ply 1, the record holds what leads there.
        g.go_to(1);
        assert_eq!(
            notes.record(&g).to_string(),
            "assault {start [%draw d4-d5 c5]} d4-d5! {usual}"
        );
        // Another move from ply 1 drops the line's later notes.
        let mut other = notes.clone();
        other.played(1, false);
        assert_eq!(other.moves.len(), 1);
        let mut same = notes.clone();
        same.played(1, true);
        assert_eq!(same, notes);
    }

    #[test]
    fn an_author_writes_comments_and_draws_shapes() {
        let record: Record = "assault d4-d5 c5-d4".parse().expect("record");
        let g = game(&record);
        let mut notes = Annotations::of(&record);
        let p = |n: &str| n.parse().expect("point");
        notes.toggle_shape(2, Shape::Arrow(p("d4"), p("b4")));
        notes.toggle_shape(2, Shape::Ring(p("c5")));
        notes.set_comment(2, "the {officer} steps out");
        assert_eq!(
            notes.record(&g).to_string(),
            "assault d4-d5 c5-d4 {the officer steps out [%draw d4-b4 c5]}"
        );
        notes.toggle_shape(2, Shape::Ring(p("c5")));
        notes.set_comment(0, "start");
        assert_eq!(
            notes.record(&g).to_string(),
            "assault {start} d4-d5 c5-d4 {the officer steps out [%draw d4-b4]}"
        );
        notes.set_comment(2, "");
        notes.toggle_shape(2, Shape::Arrow(p("d4"), p("b4")));
        assert_eq!(notes.record(&g).to_string(), "assault {start} d4-d5 c5-d4");
    }

    #[test]
    fn a_hostile_comment_stays_text() {
        let record: Record = "assault d4-d5 {<script>alert(1)</script></svg>}"
            .parse()
            .expect("any text but braces");
        let notes = Annotations::of(&record);
        assert_eq!(
            notes.spoken(1).as_deref(),
            Some("<script>alert(1)</script></svg>")
        );
        assert!(notes.shapes(1).is_empty());
    }
}
