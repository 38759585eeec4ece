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

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use asalto_core::{Game, MoveText, Position, Record, Rules, Side};

use crate::frontier::Key;
use crate::sealed;
use crate::{Solver, Value};

/// The first line: the format and its version.
const MAGIC: &str = "asalto-certificate 1";

/// The winner's moves of a proof of `root`, which `solver` has proved won
/// by `winner`: at each of the winner's positions a move to a position
/// proved lost for the other side (proved again where the table has
/// forgotten it), and every reply of the loser followed.
///
/// # Errors
///
/// When a position of the proof cannot be proved again within
/// `budget_nodes` (the table was too small to keep the proof).
pub fn build(
    solver: &mut Solver,
    root: &Position,
    rules: &Rules,
    winner: Side,
    budget_nodes: u64,
) -> Result<Vec<(Key, MoveText)>, String> {
    let mut moves = Vec::new();
    let mut seen = HashSet::new();
    // The attackers' sets the proof holds, where they win.
    let mut sets = HashSet::new();
    let mut stack = vec![*root];
    while let Some(pos) = stack.pop() {
        if pos.outcome().is_some() || !seen.insert(pos.key()) {
            continue;
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
            stack.extend(children.iter().map(|&(_, next)| next));
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
        stack.push(next);
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
    seen: &HashSet<Key>,
    sets: &HashSet<asalto_core::PointSet>,
) -> (bool, bool, std::cmp::Reverse<usize>, usize) {
    (
        !seen.contains(&next.key()),
        !sets.contains(&next.attackers()),
        std::cmp::Reverse(m.captured().len()),
        next.count_legal_moves(),
    )
}

/// The certificate's text: `record` (whose last position was proved won
/// by `winner`) and the winner's `moves`.
pub fn write(record: &Record, winner: Side, moves: &[(Key, MoveText)]) -> String {
    let mut sorted: Vec<&(Key, MoveText)> = moves.iter().collect();
    sorted.sort_by_key(|(key, _)| sealed::key_order(key));
    let mut text = format!(
        "{MAGIC}\n{}\n{}\n{}\n{}\n",
        record.rules,
        record.without_notes(),
        winner.name(),
        sorted.len()
    );
    for (key, m) in sorted {
        let _ = writeln!(text, "{} {m}", sealed::key_text(key));
    }
    sealed::seal(text)
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
    moves: HashMap<Key, MoveText>,
}

impl Certificate {
    /// Reads a certificate's text.
    ///
    /// # Errors
    ///
    /// The file's format, checksum or a line is wrong.
    pub fn read(text: &str) -> Result<Certificate, String> {
        let mut lines = sealed::open(text, MAGIC, "certificate")?;
        let _rules = lines.next().ok_or("the certificate has no rule set")?;
        let record_text = lines.next().ok_or("the certificate has no record")?;
        let record: Record = record_text
            .parse()
            .map_err(|e| format!("its record: {e}"))?;
        let winner = match lines.next() {
            Some("attacker") => Side::Attacker,
            Some("defender") => Side::Defender,
            other => return Err(format!("'{}' is not a side", other.unwrap_or_default())),
        };
        let count: usize = lines
            .next()
            .and_then(|n| n.parse().ok())
            .ok_or("the certificate's count does not read")?;
        let mut moves: HashMap<Key, MoveText> = HashMap::new();
        for line in lines {
            let (key, m) =
                entry(line).ok_or_else(|| format!("a certificate line does not read: '{line}'"))?;
            moves.insert(key, m);
        }
        if moves.len() != count {
            return Err(format!(
                "the certificate holds {} positions, not the {count} it says",
                moves.len()
            ));
        }
        Ok(Certificate {
            record,
            winner,
            moves,
        })
    }

    /// The side the certificate proves wins.
    pub fn winner(&self) -> Side {
        self.winner
    }

    /// The certificate's move for the winner in `pos`, if `pos` is one
    /// of the proof's positions where the winner moves.
    pub fn move_at(&self, pos: &Position) -> Option<asalto_core::Move> {
        self.moves.get(&pos.key())?.to_move(pos).ok()
    }

    /// Checks the proof with the rules engine alone.
    ///
    /// # Errors
    ///
    /// A missing or illegal move for the winner, or a game the winner
    /// does not win.
    pub fn verify(&self) -> Result<Verified, String> {
        let (record, winner, moves) = (&self.record, self.winner, &self.moves);
        let game = Game::from_record(record).map_err(|e| format!("its record: {e}"))?;
        let mut seen = HashSet::new();
        let mut stack = vec![*game.position()];
        while let Some(pos) = stack.pop() {
            if !seen.insert(pos.key()) {
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
                let text = moves.get(&pos.key()).ok_or_else(|| {
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
        let moves =
            build(&mut solver, &root, &record.rules, Side::Defender, 1 << 20).expect("a proof");
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
    }

    #[test]
    fn the_winner_s_move_keeps_the_proof_small() {
        // The defender on c3 may take one attacker (c3xe3) or two
        // (c3xc5xc7).
        let (_, pos) = position(
            "assault;attackers=d3,c4,c6,a5,b5,a4,c1,d1,e1,e2;defenders=c3,g3;first=defender",
        );
        let child = |text: &str| {
            let m = text
                .parse::<MoveText>()
                .expect("move")
                .to_move(&pos)
                .expect("legal");
            let mut next = pos;
            next.play_unchecked(&m);
            (m, next)
        };
        let (one, after_one) = child("c3xe3");
        let (two, after_two) = child("c3xc5xc7");
        let mut seen = HashSet::new();
        let key = |(m, next): &(asalto_core::Move, Position), seen: &HashSet<Key>| {
            smallest_proof_first(m, next, seen, &HashSet::new())
        };
        assert!(key(&(two, after_two), &seen) < key(&(one, after_one), &seen));
        seen.insert(after_one.key());
        assert!(key(&(one, after_one), &seen) < key(&(two, after_two), &seen));
    }

    #[test]
    fn the_attackers_step_to_a_set_the_proof_holds() {
        let (_, pos) = position(
            "assault;attackers=c1,d1,e1,c2,d2,e2,a3,b3,f3,g3;defenders=c5,e5;first=attacker",
        );
        let step = |text: &str| {
            let m = text
                .parse::<MoveText>()
                .expect("move")
                .to_move(&pos)
                .expect("legal");
            let mut next = pos;
            next.play_unchecked(&m);
            (m, next)
        };
        let (up, after_up) = step("a3-a4");
        let (other, after_other) = step("g3-g4");
        let seen = HashSet::new();
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
