//! A certificate of a proof: the winner's move in every position of the
//! proof where the winner moves, so that anyone can check the result with
//! the rules engine alone — no search, no table: [`verify`] follows every
//! reply of the loser, and the certificate's move for the winner, to a
//! finished game the winner has won.
//!
//! The file is text, like the frontier's:
//!
//! ```text
//! asalto-certificate 1
//! assault;attackers=…;defenders=…;first=defender
//! <the record whose last position is proved, on one line>
//! defender
//! 2
//! 000000000000000000000000001c1c1c 0000000000000000000000000000a000 d 0 c5-b4
//! …
//! fnv1a 9a3c…
//! ```
//!
//! The lines are the format and its version, the rule set, the record of
//! the proved position, the side that wins it, the count, one line per
//! position where the winner moves (attackers and defenders in hex, the
//! side to move, the defenders to place, the winner's move as text), and
//! the FNV-1a hash of every line before it.

use std::io::Write as _;

use asalto_core::{Game, MoveText, Point, Position, Record, Side};

use crate::frontier::Key;
use crate::key_hash::{KeyMap, KeySet};
use crate::sealed;

mod build;

pub use build::{PROGRESS_EVERY, Progress, build};

/// The first line: the format and its version.
const MAGIC: &str = "asalto-certificate 1";

/// The certificate's text: `record` (whose last position was proved won
/// by `winner`) and the winner's `moves`.
pub fn write(record: &Record, winner: Side, moves: &[(Key, MoveText)]) -> String {
    let mut text = Vec::new();
    write_to(&mut text, record, winner, moves).expect("writing to memory");
    String::from_utf8(text).expect("the certificate is text")
}

/// Writes the certificate's text to `out` as it goes (a large one need
/// not be held in memory twice).
///
/// # Errors
///
/// Writing to `out` fails.
pub fn write_to(
    out: impl std::io::Write,
    record: &Record,
    winner: Side,
    moves: &[(Key, MoveText)],
) -> std::io::Result<()> {
    let mut sorted: Vec<&(Key, MoveText)> = moves.iter().collect();
    sorted.sort_by_key(|(key, _)| sealed::key_order(key));
    let mut out = sealed::Sealing::new(out);
    write!(
        out,
        "{MAGIC}\n{}\n{}\n{}\n{}\n",
        record.rules,
        record.without_notes(),
        winner.name(),
        sorted.len()
    )?;
    for (key, m) in sorted {
        writeln!(out, "{} {m}", sealed::key_text(key))?;
    }
    out.finish()?.flush()
}

/// What [`verify`] found: the proved record, its winner and the positions
/// checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// The record whose last position is proved.
    pub record: String,
    /// Who wins it.
    pub winner: Side,
    /// Positions followed.
    pub positions: usize,
}

/// Why a certificate could not be read, made or checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CertificateError {
    /// The file: its format, version, checksum, count or a line, which.
    Unreadable(String),
    /// The proof fails: a missing or illegal move for the winner, a game
    /// the winner does not win, a position that could not be proved again.
    Unproved(String),
    /// The caller stopped the build (too little memory): why.
    Stopped(String),
}

impl std::fmt::Display for CertificateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CertificateError::Unreadable(s)
            | CertificateError::Unproved(s)
            | CertificateError::Stopped(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for CertificateError {}

/// Checks a certificate with the rules engine alone: from the record's
/// last position, every reply of the loser and the certificate's move for
/// the winner are followed to finished games, each of which the winner
/// must have won.
///
/// # Errors
///
/// A line naming what is wrong: the file (format, checksum, a line), a
/// missing or illegal move for the winner, a game the winner does not win.
pub fn verify(text: &str) -> Result<Verified, CertificateError> {
    Certificate::read(text)?.verify()
}

/// A certificate read from its file (its checksum checked, not yet its
/// proof: see [`Certificate::verify`]).
#[derive(Debug, Clone)]
pub struct Certificate {
    record: Record,
    winner: Side,
    /// The winner's moves by position, both packed ([`pack`], [`Packed`]):
    /// a certificate of millions of positions is held in a few bytes each.
    moves: KeyMap<(u128, u128), Packed>,
    /// The captures too long to pack.
    long: KeyMap<(u128, u128), MoveText>,
}

impl Certificate {
    /// Reads a certificate's text.
    ///
    /// # Errors
    ///
    /// The file's format, checksum or a line is wrong.
    pub fn read(text: &str) -> Result<Certificate, CertificateError> {
        Certificate::read_from(text.as_bytes())
    }

    /// Reads a certificate line by line from `reader` (a file too large to
    /// hold in memory as text too).
    ///
    /// # Errors
    ///
    /// The file cannot be read, or its format, checksum or a line is wrong.
    pub fn read_from(reader: impl std::io::BufRead) -> Result<Certificate, CertificateError> {
        Certificate::parse(reader).map_err(CertificateError::Unreadable)
    }

    /// [`Certificate::read_from`], its errors in words.
    fn parse(reader: impl std::io::BufRead) -> Result<Certificate, String> {
        let mut head = Vec::new();
        let mut count = None;
        let (mut moves, mut long) = (KeyMap::default(), KeyMap::default());
        sealed::read_lines(reader, MAGIC, "certificate", |line| {
            if head.len() < 3 {
                head.push(line.to_owned());
                return Ok(());
            }
            if count.is_none() {
                count = Some(
                    line.parse::<usize>()
                        .map_err(|_| "the certificate's count does not read")?,
                );
                return Ok(());
            }
            let (key, m) =
                entry(line).ok_or_else(|| format!("a certificate line does not read: '{line}'"))?;
            let key = pack(&key);
            let again = match Packed::new(&m) {
                Some(packed) => moves.insert(key, packed).is_some(),
                None => long.insert(key, m).is_some(),
            };
            if again || moves.contains_key(&key) && long.contains_key(&key) {
                return Err(format!("a position is in the certificate twice: '{line}'"));
            }
            Ok(())
        })?;
        let [_rules, record_text, winner] = <[String; 3]>::try_from(head)
            .map_err(|_| "the certificate is cut short before its moves".to_owned())?;
        let record: Record = record_text
            .parse()
            .map_err(|e| format!("its record: {e}"))?;
        let winner = match winner.as_str() {
            "attacker" => Side::Attacker,
            "defender" => Side::Defender,
            other => return Err(format!("'{other}' is not a side")),
        };
        let count = count.ok_or("the certificate's count does not read")?;
        if moves.len() + long.len() != count {
            return Err(format!(
                "the certificate holds {} positions, not the {count} it says",
                moves.len() + long.len()
            ));
        }
        Ok(Certificate {
            record,
            winner,
            moves,
            long,
        })
    }

    /// The side the certificate proves wins.
    pub fn winner(&self) -> Side {
        self.winner
    }

    /// The certificate's move for the winner in `pos`, if `pos` is one
    /// of the proof's positions where the winner moves.
    pub fn move_at(&self, pos: &Position) -> Option<asalto_core::Move> {
        self.text_at(pos)?.to_move(pos).ok()
    }

    /// The certificate's move text for `pos`, if it has one.
    fn text_at(&self, pos: &Position) -> Option<MoveText> {
        let key = pack(&pos.key());
        match self.moves.get(&key) {
            Some(packed) => Some(packed.text()),
            None => self.long.get(&key).cloned(),
        }
    }

    /// Checks the proof with the rules engine alone.
    ///
    /// # Errors
    ///
    /// A missing or illegal move for the winner, or a game the winner
    /// does not win.
    pub fn verify(&self) -> Result<Verified, CertificateError> {
        self.check().map_err(CertificateError::Unproved)
    }

    /// [`Certificate::verify`], its errors in words.
    fn check(&self) -> Result<Verified, String> {
        let (record, winner) = (&self.record, self.winner);
        let game = Game::from_record(record).map_err(|e| format!("its record: {e}"))?;
        let mut seen = KeySet::default();
        let mut stack = vec![*game.position()];
        while let Some(pos) = stack.pop() {
            if !seen.insert(pack(&pos.key())) {
                continue;
            }
            if let Some(outcome) = pos.outcome() {
                if outcome.winner() != Some(winner) {
                    return Err(format!(
                        "a game of the proof ends without the {} winning ({outcome}):\n{pos}",
                        winner.name()
                    ));
                }
                continue;
            }
            if pos.turn() == winner {
                let text = self.text_at(&pos).ok_or_else(|| {
                    format!(
                        "the certificate has no move for the {} here:\n{pos}",
                        winner.name()
                    )
                })?;
                let m = text.to_move(&pos).map_err(|e| {
                    format!("the certificate's move {text} is not legal ({e}):\n{pos}")
                })?;
                let mut next = pos;
                next.play_unchecked(&m);
                stack.push(next);
            } else {
                for m in pos.legal_moves() {
                    let mut next = pos;
                    next.play_unchecked(&m);
                    stack.push(next);
                }
            }
        }
        Ok(Verified {
            record: record.to_string(),
            winner,
            positions: seen.len(),
        })
    }
}

/// A position's key in two words: the defenders' word carries the side to
/// move and the defenders to place above the board's 81 points.
fn pack((attackers, defenders, turn, place): &Key) -> (u128, u128) {
    let side = u128::from(*turn == Side::Defender);
    (
        attackers.0,
        defenders.0 | side << 100 | u128::from(*place) << 101,
    )
}

/// A move's text in one word: its kind in the low two bits, then how many
/// points, then each point's index in seven bits (a capture of up to seven
/// jumps).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Packed(u64);

impl Packed {
    /// The most points a packed move holds.
    const POINTS: usize = 8;

    /// `m` packed, if it fits.
    fn new(m: &MoveText) -> Option<Packed> {
        let (kind, points): (u64, &[Point]) = match m {
            MoveText::Place(p) => (0, std::slice::from_ref(p)),
            MoveText::Step(a, b) => return Some(Packed(1 | 2 << 2 | Packed::points(&[*a, *b]))),
            MoveText::Capture(route) => (2, route),
        };
        (points.len() <= Packed::POINTS)
            .then(|| Packed(kind | (points.len() as u64) << 2 | Packed::points(points)))
    }

    fn points(points: &[Point]) -> u64 {
        (points.iter().enumerate())
            .fold(0, |word, (i, p)| word | u64::from(p.index()) << (6 + 7 * i))
    }

    /// The move's text again.
    fn text(self) -> MoveText {
        let n = (self.0 >> 2 & 0xf) as usize;
        let points: Vec<Point> = (0..n)
            .filter_map(|i| Point::from_index((self.0 >> (6 + 7 * i) & 0x7f) as u8))
            .collect();
        match (self.0 & 3, points.as_slice()) {
            (0, &[p]) => MoveText::Place(p),
            (1, &[a, b]) => MoveText::Step(a, b),
            _ => MoveText::Capture(points),
        }
    }
}

/// One line's position and move.
fn entry(line: &str) -> Option<(Key, MoveText)> {
    let mut parts = line.split(' ');
    let key = sealed::read_key(&mut parts)?;
    let m = parts.next()?.parse().ok()?;
    parts.next().is_none().then_some((key, m))
}

#[cfg(test)]
mod tests;
