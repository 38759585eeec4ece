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

use std::collections::HashSet;
use std::io::Write as _;

use asalto_core::{Game, MoveText, Point, Position, Record, Rules, Side};

use crate::frontier::Key;
use crate::key_hash::{KeyMap, KeySet};
use crate::sealed;
use crate::{Solver, Value};

/// The first line: the format and its version.
const MAGIC: &str = "asalto-certificate 1";

/// How many positions [`build`] adds between two reports of progress.
pub const PROGRESS_EVERY: usize = 1 << 20;

/// How far [`build`] is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Positions in the proof so far.
    pub positions: usize,
    /// Positions waiting to be followed.
    pub waiting: usize,
    /// An estimate of the share of the proof done, 0 to 1: each
    /// position's share of the tree is its parent's divided among the
    /// loser's replies, and the finished positions' shares are summed
    /// (the replies' subtrees are not alike, so it is rough).
    pub done: f64,
}

/// The winner's moves of a proof of `root`, which `solver` has proved won
/// by `winner`: at each of the winner's positions a move to a position
/// proved lost for the other side (proved again where the table has
/// forgotten it), and every reply of the loser followed.
///
/// `progress` is told how far it is at the first position and then every
/// [`PROGRESS_EVERY`] positions, and stops the build by answering with an
/// error.
///
/// # Errors
///
/// When a position of the proof cannot be proved again within
/// `budget_nodes` (the table was too small to keep the proof), or
/// `progress`'s error.
pub fn build(
    solver: &mut Solver,
    root: &Position,
    rules: &Rules,
    winner: Side,
    budget_nodes: u64,
    progress: &mut dyn FnMut(Progress) -> Result<(), String>,
) -> Result<Vec<(Key, MoveText)>, String> {
    let mut moves = Vec::new();
    let mut seen = KeySet::default();
    // The attackers' sets the proof holds, where they win.
    let mut sets = HashSet::new();
    // Each position waits with its share of the tree (its parent's shared
    // among its moves); the shares of the positions finished estimate how
    // much of the proof is done.
    let mut stack = vec![(*root, 1.0)];
    let mut done = 0.0;
    while let Some((pos, share)) = stack.pop() {
        if pos.outcome().is_some() || !seen.insert(pack(&pos.key())) {
            done += share;
            continue;
        }
        if seen.len() % PROGRESS_EVERY == 1 {
            progress(Progress {
                positions: seen.len(),
                waiting: stack.len(),
                done,
            })?;
        }
        let children: Vec<(asalto_core::Move, Position)> = pos
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut next = pos;
                next.play_unchecked(&m);
                (m, next)
            })
            .collect();
        if pos.turn() != winner {
            let each = share / children.len() as f64;
            stack.extend(children.iter().map(|&(_, next)| (next, each)));
            continue;
        }
        // A move the table knows wins, else one proved again.
        let mut chosen = children
            .iter()
            .filter(|(_, next)| solver.value_of(next) == Some(Value::Loss))
            .min_by_key(|(m, next)| smallest_proof_first(m, next, &seen, &sets))
            .copied();
        for &(m, next) in children.iter().filter(|_| chosen.is_none()) {
            let report = solver.solve(&next, rules, budget_nodes, f64::INFINITY, &|| 0.0)?;
            if report.value == Some(Value::Loss) {
                chosen = Some((m, next));
                break;
            }
        }
        let (m, next) = chosen
            .ok_or_else(|| format!("a position of the proof could not be proved again:\n{pos}"))?;
        if winner == Side::Attacker {
            sets.insert(next.attackers());
        }
        moves.push((pos.key(), MoveText::from_move(&pos, &m)));
        stack.push((next, share));
    }
    Ok(moves)
}

/// How a winning move is chosen where several win, smallest first: the
/// proof grows by the loser's replies, so a move to a position the proof
/// already holds adds nothing; where the attackers win, a step to a set of
/// attackers it holds (`sets`) shares that set's positions with the
/// officers elsewhere; a capture brings the end nearer (the more taken the
/// better), and a reply fewer is a subtree fewer. On a random 14-attacker
/// position of `assault` won by the defenders this gave 4.5 M positions
/// where the first winning move gave 37.1 M; the attackers' sets took
/// eight positions of tiers 14–15 won by the attackers from 1.05 M
/// positions to 0.68 M.
fn smallest_proof_first(
    m: &asalto_core::Move,
    next: &Position,
    seen: &KeySet<(u128, u128)>,
    sets: &HashSet<asalto_core::PointSet>,
) -> (bool, bool, std::cmp::Reverse<usize>, usize) {
    (
        !seen.contains(&pack(&next.key())),
        !sets.contains(&next.attackers()),
        std::cmp::Reverse(m.captured().len()),
        next.count_legal_moves(),
    )
}

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

/// Checks a certificate with the rules engine alone: from the record's
/// last position, every reply of the loser and the certificate's move for
/// the winner are followed to finished games, each of which the winner
/// must have won.
///
/// # Errors
///
/// A line naming what is wrong: the file (format, checksum, a line), a
/// missing or illegal move for the winner, a game the winner does not win.
pub fn verify(text: &str) -> Result<Verified, String> {
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
    pub fn read(text: &str) -> Result<Certificate, String> {
        Certificate::read_from(text.as_bytes())
    }

    /// Reads a certificate line by line from `reader` (a file too large to
    /// hold in memory as text too).
    ///
    /// # Errors
    ///
    /// The file cannot be read, or its format, checksum or a line is wrong.
    pub fn read_from(reader: impl std::io::BufRead) -> Result<Certificate, String> {
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
    pub fn verify(&self) -> Result<Verified, String> {
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
mod tests {
    use super::*;
    use asalto_core::PointSet;

    /// A record's rules and its last position.
    fn position(text: &str) -> (Record, Position) {
        let record: Record = text.parse().expect("record");
        let game = Game::from_record(&record).expect("legal");
        let pos = *game.position();
        (record, pos)
    }

    #[test]
    fn a_proof_s_certificate_is_verified_and_a_bad_one_is_refused() {
        let (record, root) = position(
            "assault;attackers=a3,b3,c3,d3,e3,f3,g3,c2,d2,e2;defenders=c5,d6;first=defender",
        );
        let mut solver = Solver::new(512);
        let report = solver
            .solve(&root, &record.rules, u64::MAX, f64::INFINITY, &|| 0.0)
            .expect("never repeats");
        assert_eq!(report.value, Some(Value::Win));
        let mut told = Vec::new();
        let moves = build(
            &mut solver,
            &root,
            &record.rules,
            Side::Defender,
            1 << 20,
            &mut |p| {
                told.push(p);
                Ok(())
            },
        )
        .expect("a proof");
        // Told at the first position (this proof is smaller than the
        // interval), nothing done yet.
        assert_eq!(told.len(), 1);
        assert_eq!((told[0].positions, told[0].done), (1, 0.0));
        // Its answer stops the build with its message.
        let stopped = build(
            &mut solver,
            &root,
            &record.rules,
            Side::Defender,
            1 << 20,
            &mut |_| Err("out of memory".to_owned()),
        );
        assert_eq!(stopped, Err("out of memory".to_owned()));
        let text = write(&record, Side::Defender, &moves);
        let verified = verify(&text).expect("verified");
        assert_eq!(verified.winner, Side::Defender);
        assert!(
            verified.positions > moves.len(),
            "the loser's replies are followed too"
        );
        // A changed file, a missing move and a bad move are refused.
        assert!(
            verify(&text.replacen("defender\n", "attacker\n", 1))
                .is_err_and(|e| e.contains("checksum"))
        );
        let lines: Vec<&str> = text.lines().collect();
        let mut without: Vec<String> = lines[..lines.len() - 1]
            .iter()
            .map(|l| (*l).to_owned())
            .collect();
        let first_move = 5 + without[5..]
            .iter()
            .position(|l| l.len() > 60)
            .expect("a move line");
        without.remove(first_move);
        without[4] = (moves.len() - 1).to_string();
        let body = sealed::seal(without.join("\n") + "\n");
        assert!(
            verify(&body).is_err_and(|e| e.contains("no move")),
            "{:?}",
            verify(&body)
        );
        assert!(verify("").is_err());
        // Read line by line, trailing blank lines and all; a line twice is refused.
        let read = Certificate::read_from(format!("{text}\n\n").as_bytes()).expect("read");
        assert_eq!(read.verify(), Ok(verified));
        let mut twice = lines[..lines.len() - 1].to_vec();
        let again = twice[5];
        twice.insert(5, again);
        let count = (twice.len() - 5).to_string();
        twice[4] = &count;
        let body = sealed::seal(twice.join("\n") + "\n");
        assert!(
            verify(&body).is_err_and(|e| e.contains("twice")),
            "{:?}",
            verify(&body)
        );
    }

    #[test]
    fn every_kind_of_move_packs_and_unpacks() {
        for text in [
            "@c6",
            "c3-c4",
            "d5xd3",
            "a1xa3xa5xc5xe5xg5xg7xe7",
            "a1xa3xa5xc5xe5xg5xg7xe7xc7",
        ] {
            let m: MoveText = text.parse().expect("a move");
            match Packed::new(&m) {
                Some(packed) => assert_eq!(packed.text(), m, "{text}"),
                // Nine points do not fit in a word: such moves are kept as text.
                None => assert_eq!(text.matches('x').count(), 8, "{text}"),
            }
        }
        let key = |side, place| (PointSet(1 << 80), PointSet(3), side, place);
        let packed = [
            key(Side::Attacker, 0),
            key(Side::Defender, 0),
            key(Side::Defender, 2),
        ]
        .map(|k| pack(&k));
        assert!(packed[0] != packed[1] && packed[1] != packed[2] && packed[0] != packed[2]);
    }

    /// The move of `text` in `pos`, and the position after it.
    fn played(pos: &Position, text: &str) -> (asalto_core::Move, Position) {
        let m = (text.parse::<MoveText>().expect("move"))
            .to_move(pos)
            .expect("legal");
        let mut next = *pos;
        next.play_unchecked(&m);
        (m, next)
    }

    #[test]
    fn the_winner_s_move_keeps_the_proof_small() {
        // The defender on c3 may take one attacker (c3xe3) or two
        // (c3xc5xc7).
        let (_, pos) = position(
            "assault;attackers=d3,c4,c6,a5,b5,a4,c1,d1,e1,e2;defenders=c3,g3;first=defender",
        );
        let child = |text: &str| played(&pos, text);
        let (one, after_one) = child("c3xe3");
        let (two, after_two) = child("c3xc5xc7");
        let mut seen = KeySet::default();
        let key = |(m, next): &(asalto_core::Move, Position), seen: &KeySet<(u128, u128)>| {
            smallest_proof_first(m, next, seen, &HashSet::new())
        };
        assert!(key(&(two, after_two), &seen) < key(&(one, after_one), &seen));
        seen.insert(pack(&after_one.key()));
        assert!(key(&(one, after_one), &seen) < key(&(two, after_two), &seen));
    }

    #[test]
    fn the_attackers_step_to_a_set_the_proof_holds() {
        let (_, pos) = position(
            "assault;attackers=c1,d1,e1,c2,d2,e2,a3,b3,f3,g3;defenders=c5,e5;first=attacker",
        );
        let step = |text: &str| played(&pos, text);
        let (up, after_up) = step("a3-a4");
        let (other, after_other) = step("g3-g4");
        let seen = KeySet::default();
        let mut sets = HashSet::new();
        let key = |(m, next): &(asalto_core::Move, Position), sets: &HashSet<_>| {
            smallest_proof_first(m, next, &seen, sets)
        };
        // Mirror images aside, the two steps are alike until one's set is held.
        sets.insert(after_other.attackers());
        assert!(key(&(other, after_other), &sets) < key(&(up, after_up), &sets));
        sets.clear();
        sets.insert(after_up.attackers());
        assert!(key(&(up, after_up), &sets) < key(&(other, after_other), &sets));
    }
}
