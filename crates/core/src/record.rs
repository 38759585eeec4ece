//! Game records (RULES.md §8): a rule set and its moves, with what an
//! author writes about them — a glyph after a move (`d4xb4xd6!`), a
//! comment in braces after the rule set or any move (`{the usual first
//! move}`, which may hold `[%draw c3-d4 c5]` arrows and rings) and
//! variations in parentheses after any move: the moves played instead of
//! it, with annotations and variations of their own
//! (`assault d4-d5 c5-d4 (c5-d6! {also good} c4-c5) b4-c5`).
//!
//! Annotations never change the game: [`Record::moves`] is the main line.
//! Text reads back as it was printed after one round trip (white space
//! between tokens becomes one space).

use std::fmt;
use std::str::FromStr;

use crate::names::named_enum;
use crate::notation::{MoveText, ParseMoveError};
use crate::point::Point;
use crate::rules::{ParseRulesError, Rules};

named_enum! {
    /// A move's glyph: what an annotator thinks of it.
    pub enum Glyph as "glyph" {
        /// A brilliant move.
        Brilliant = "!!",
        /// A blunder.
        Blunder = "??",
        /// An interesting move.
        Interesting = "!?",
        /// A dubious move.
        Dubious = "?!",
        /// A good move.
        Good = "!",
        /// A mistake.
        Mistake = "?",
    }
}

/// What is written about one move: its glyph, its comment and the
/// variations played instead of it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Notes {
    /// The glyph, if any.
    pub glyph: Option<Glyph>,
    /// The comment's text (between the braces), if any.
    pub comment: Option<String>,
    /// Lines played instead of this move, from the same position.
    pub variations: Vec<Variation>,
}

impl Notes {
    /// Whether nothing is written.
    pub fn is_empty(&self) -> bool {
        self.glyph.is_none() && self.comment.is_none() && self.variations.is_empty()
    }
}

/// A line of moves with their notes: a variation (or, while a record is
/// read, the main line).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Variation {
    /// The moves, in order.
    pub moves: Vec<MoveText>,
    /// The notes of each move (the same length as `moves`).
    pub notes: Vec<Notes>,
}

/// A shape a comment asks to draw while its move is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shape {
    /// An arrow from one point to another: `c3-d4`.
    Arrow(Point, Point),
    /// A ring around a point: `c5`.
    Ring(Point),
}

/// A game record: the rule set, a comment about the start, and the main
/// line with its annotations and variations.
///
/// ```
/// use asalto_core::Record;
/// let record: Record = "assault d4-d5 c5-d4".parse()?;
/// assert_eq!(record.moves.len(), 2);
/// assert_eq!(record.to_string(), "assault d4-d5 c5-d4");
/// let annotated: Record = "assault {start} d4-d5! c5-d4 (c5-d6 c4-c5)".parse()?;
/// assert_eq!(annotated.moves, record.moves);
/// assert_eq!(annotated.to_string(), "assault {start} d4-d5! c5-d4 (c5-d6 c4-c5)");
/// # Ok::<_, asalto_core::ParseRecordError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Record {
    /// The rule set.
    pub rules: Rules,
    /// The comment after the rule set: about the start.
    pub comment: Option<String>,
    /// The main line's moves, in order.
    pub moves: Vec<MoveText>,
    /// The notes of the main line's moves: as many as `moves`, or none.
    pub notes: Vec<Notes>,
}

impl Record {
    /// A record of `moves` under `rules`, with nothing written about them.
    pub fn plain(rules: Rules, moves: Vec<MoveText>) -> Record {
        Record {
            rules,
            comment: None,
            moves,
            notes: Vec::new(),
        }
    }

    /// The notes of main-line move `i` (from 0), if any are written.
    pub fn notes_of(&self, i: usize) -> Option<&Notes> {
        self.notes.get(i).filter(|n| !n.is_empty())
    }

    /// Whether anything besides the moves is written.
    pub fn is_annotated(&self) -> bool {
        self.comment.is_some() || self.notes.iter().any(|n| !n.is_empty())
    }

    /// The record of the main line alone.
    pub fn without_notes(&self) -> Record {
        Record::plain(self.rules, self.moves.clone())
    }
}

/// A move of a variation is not legal where it is played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariationError(pub MoveText);

/// What the referee says of a variation's move that cannot be played.
fn not_legal(text: &str) -> String {
    format!("variation move ({text}) is not legal")
}

impl fmt::Display for VariationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&not_legal(&self.0.to_string()))
    }
}

impl std::error::Error for VariationError {}

/// A comment's `[%draw …]` that cannot be drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DrawError {
    /// A `[%draw` has no closing `]`.
    Unclosed,
    /// A shape (`part`) names something that is not a point (`name`).
    NotAPoint {
        /// The shape as written.
        part: String,
        /// The name that is not a point.
        name: String,
    },
    /// A shape names a point that is not on the record's board.
    OffBoard(Point),
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawError::Unclosed => f.write_str("a [%draw has no closing bracket"),
            DrawError::NotAPoint { part, name } => {
                write!(f, "[%draw {part}]: '{name}' is not a point")
            }
            DrawError::OffBoard(p) => write!(f, "[%draw]: {p} is not a point of this board"),
        }
    }
}

/// Braces or parentheses that are wrong, or an annotation where none may
/// stand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnnotationError {
    /// A `{` with no `}`.
    UnclosedComment,
    /// A `{` inside a comment.
    BraceInComment,
    /// A `}` that closes nothing.
    StrayBrace,
    /// A `(` with no `)`.
    UnclosedVariation,
    /// A `)` that closes nothing.
    StrayParenthesis,
    /// A variation starts with a comment.
    CommentFirst,
    /// A move has two comments, or a comment after its variation.
    TwoComments,
    /// A variation before the first move.
    VariationFirst,
    /// `()`.
    EmptyVariation,
    /// The record starts with something other than its rule set.
    RulesFirst,
    /// A move's glyph is not one of RULES.md §8 (`!!`, `??`, …).
    UnknownGlyph(String),
    /// A variation's move is not move text.
    VariationMove(String),
}

impl fmt::Display for AnnotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use AnnotationError as E;
        let text = match self {
            E::UnclosedComment => "a comment never closes (no closing brace)",
            E::BraceInComment => "a comment holds a brace: comments hold any text but braces",
            E::StrayBrace => "a closing brace closes no comment",
            E::UnclosedVariation => "a variation never closes (no closing parenthesis)",
            E::StrayParenthesis => "a closing parenthesis closes no variation",
            E::CommentFirst => "a variation starts with a comment: it must follow a move",
            E::TwoComments => "a move has two comments, or a comment after its variation",
            E::VariationFirst => "a variation stands before the first move",
            E::EmptyVariation => "a variation is empty",
            E::RulesFirst => "a record starts with its rule set",
            E::UnknownGlyph(glyph) => return write!(f, "unknown glyph '{glyph}'"),
            E::VariationMove(text) => return f.write_str(&not_legal(text)),
        };
        f.write_str(text)
    }
}

/// The shapes of a comment's `[%draw …]` parts.
///
/// # Errors
///
/// The first shape that is not an arrow or a ring of point names.
pub fn shapes(comment: &str) -> Result<Vec<Shape>, DrawError> {
    let mut found = Vec::new();
    let mut rest = comment;
    while let Some(at) = rest.find("[%draw") {
        let after = &rest[at + "[%draw".len()..];
        let end = after.find(']').ok_or(DrawError::Unclosed)?;
        for part in after[..end].split_whitespace() {
            let point = |s: &str| {
                s.parse::<Point>().map_err(|_| DrawError::NotAPoint {
                    part: part.to_owned(),
                    name: s.to_owned(),
                })
            };
            found.push(match part.split_once('-') {
                Some((a, b)) => Shape::Arrow(point(a)?, point(b)?),
                None => Shape::Ring(point(part)?),
            });
        }
        rest = &after[end + 1..];
    }
    Ok(found)
}

/// Why record text could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseRecordError {
    /// The text is empty.
    Empty,
    /// The rule set is wrong.
    Rules(ParseRulesError),
    /// A move is not move text.
    Move {
        /// Its place in the record, from 1 (main line and variations).
        number: usize,
        /// What is wrong.
        error: ParseMoveError,
    },
    /// Braces or parentheses are wrong, or an annotation stands where none
    /// may.
    Annotation(AnnotationError),
    /// A `[%draw]` names a point not on the board, or is not a shape.
    Draw(DrawError),
}

impl fmt::Display for ParseRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseRecordError::Empty => f.write_str("empty record: expected a rule set and moves"),
            ParseRecordError::Rules(e) => e.fmt(f),
            ParseRecordError::Move { number, error } => write!(f, "move {number}: {error}"),
            ParseRecordError::Annotation(e) => e.fmt(f),
            ParseRecordError::Draw(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ParseRecordError {}

impl From<AnnotationError> for ParseRecordError {
    fn from(e: AnnotationError) -> ParseRecordError {
        ParseRecordError::Annotation(e)
    }
}

/// A token of record text.
#[derive(Debug, PartialEq, Eq)]
enum Token<'a> {
    Word(&'a str),
    Comment(&'a str),
    Open,
    Close,
}

fn tokens(text: &str) -> Result<Vec<Token<'_>>, ParseRecordError> {
    let bad = |e: AnnotationError| Err(ParseRecordError::Annotation(e));
    let mut out = Vec::new();
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        let Some(c) = rest.chars().next() else {
            return Ok(out);
        };
        match c {
            '{' => {
                let body = &rest[1..];
                let Some(end) = body.find(['{', '}']) else {
                    return bad(AnnotationError::UnclosedComment);
                };
                if body[end..].starts_with('{') {
                    return bad(AnnotationError::BraceInComment);
                }
                out.push(Token::Comment(&body[..end]));
                rest = &body[end + 1..];
            }
            '}' => return bad(AnnotationError::StrayBrace),
            '(' => {
                out.push(Token::Open);
                rest = &rest[1..];
            }
            ')' => {
                out.push(Token::Close);
                rest = &rest[1..];
            }
            _ => {
                let end = rest
                    .find(|c: char| c.is_whitespace() || "{}()".contains(c))
                    .unwrap_or(rest.len());
                out.push(Token::Word(&rest[..end]));
                rest = &rest[end..];
            }
        }
    }
}

/// A move word's text and glyph: `d4xb4xd6!` → (`d4xb4xd6`, `!`).
fn split_glyph(word: &str) -> (&str, Option<&str>) {
    let cut = word.trim_end_matches(['!', '?']);
    let glyph = &word[cut.len()..];
    (cut, (!glyph.is_empty()).then_some(glyph))
}

/// Reads lines from a token stream.
struct Reader<'a> {
    tokens: std::iter::Peekable<std::vec::IntoIter<Token<'a>>>,
    rules: Rules,
    number: usize,
}

impl Reader<'_> {
    /// A line up to a `)` (`nested`) or the end.
    fn line(&mut self, nested: bool) -> Result<Variation, ParseRecordError> {
        let bad = |e: AnnotationError| Err(ParseRecordError::Annotation(e));
        let mut line = Variation::default();
        loop {
            match self.tokens.next() {
                None if nested => return bad(AnnotationError::UnclosedVariation),
                None => return Ok(line),
                Some(Token::Close) if nested => return Ok(line),
                Some(Token::Close) => return bad(AnnotationError::StrayParenthesis),
                Some(Token::Word(word)) => {
                    self.number += 1;
                    let (text, glyph) = split_glyph(word);
                    let m = text.parse().map_err(|error| match nested {
                        // As the referee says of a variation's illegal move.
                        true => AnnotationError::VariationMove(text.to_owned()).into(),
                        false => ParseRecordError::Move {
                            number: self.number,
                            error,
                        },
                    })?;
                    line.moves.push(m);
                    line.notes.push(Notes {
                        glyph: glyph
                            .map(|g| {
                                g.parse()
                                    .map_err(|_| AnnotationError::UnknownGlyph(g.to_owned()))
                            })
                            .transpose()?,
                        ..Notes::default()
                    });
                }
                Some(Token::Comment(text)) => {
                    let Some(notes) = line.notes.last_mut() else {
                        return bad(AnnotationError::CommentFirst);
                    };
                    if notes.comment.is_some() || !notes.variations.is_empty() {
                        return bad(AnnotationError::TwoComments);
                    }
                    self.check_draw(text)?;
                    notes.comment = Some(text.to_owned());
                }
                Some(Token::Open) => {
                    if line.notes.is_empty() {
                        return bad(AnnotationError::VariationFirst);
                    }
                    let variation = self.line(true)?;
                    if variation.moves.is_empty() {
                        return bad(AnnotationError::EmptyVariation);
                    }
                    if let Some(notes) = line.notes.last_mut() {
                        notes.variations.push(variation);
                    }
                }
            }
        }
    }

    /// Checks a comment's shapes against the board.
    fn check_draw(&self, comment: &str) -> Result<(), ParseRecordError> {
        let board = self.rules.board();
        for shape in shapes(comment).map_err(ParseRecordError::Draw)? {
            let (a, b) = match shape {
                Shape::Arrow(a, b) => (a, b),
                Shape::Ring(p) => (p, p),
            };
            if let Some(off) = [a, b].into_iter().find(|&p| !board.contains(p)) {
                return Err(ParseRecordError::Draw(DrawError::OffBoard(off)));
            }
        }
        Ok(())
    }
}

impl FromStr for Record {
    type Err = ParseRecordError;

    fn from_str(s: &str) -> Result<Record, ParseRecordError> {
        let mut tokens = tokens(s)?.into_iter().peekable();
        let rules = match tokens.next() {
            Some(Token::Word(rules)) => rules.parse().map_err(ParseRecordError::Rules)?,
            None => return Err(ParseRecordError::Empty),
            Some(_) => {
                return Err(AnnotationError::RulesFirst.into());
            }
        };
        let comment = match tokens.next_if(|t| matches!(t, Token::Comment(_))) {
            Some(Token::Comment(text)) => Some(text.to_owned()),
            _ => None,
        };
        let mut reader = Reader {
            tokens,
            rules,
            number: 0,
        };
        if let Some(text) = &comment {
            reader.check_draw(text)?;
        }
        let line = reader.line(false)?;
        let notes = if line.notes.iter().all(Notes::is_empty) {
            Vec::new()
        } else {
            line.notes
        };
        Ok(Record {
            rules,
            comment,
            moves: line.moves,
            notes,
        })
    }
}

fn write_line(f: &mut fmt::Formatter<'_>, moves: &[MoveText], notes: &[Notes]) -> fmt::Result {
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{m}")?;
        let Some(n) = notes.get(i) else { continue };
        if let Some(glyph) = n.glyph {
            write!(f, "{glyph}")?;
        }
        if let Some(comment) = &n.comment {
            write!(f, " {{{comment}}}")?;
        }
        for v in &n.variations {
            f.write_str(" (")?;
            write_line(f, &v.moves, &v.notes)?;
            f.write_str(")")?;
        }
    }
    Ok(())
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.rules)?;
        if let Some(comment) = &self.comment {
            write!(f, " {{{comment}}}")?;
        }
        if !self.moves.is_empty() {
            f.write_str(" ")?;
            write_line(f, &self.moves, &self.notes)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
