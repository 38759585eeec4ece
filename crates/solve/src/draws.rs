//! Win, draw or loss for every position reachable from a start, under rules
//! whose positions can repeat (`march=not-away`, `inside=free`: `asalto` and
//! its relatives), by retrograde analysis with a third value.
//!
//! The positions reachable from the start are numbered, each with its
//! successors; a finished game is won or lost for its side to move. Then,
//! from the finished games backwards, one ply at a time: a position with a
//! successor lost for the side that moves there (or won, where the same side
//! moves again, as while the defenders are placed) is won; a position whose
//! successors are all won for their movers is lost, once the last of them is
//! known. What is neither when nothing more follows is a draw: neither side
//! can force an end, so play goes round until a position stands for the
//! third time (RULES.md §6). Taken in ply order, a value comes with its
//! length: the fewest plies to a win, the most to a loss.
//!
//! This is the whole graph in memory, for small rule sets (a few attackers)
//! and as the reference for [`Sliced`], which takes the same analysis a
//! slice of positions at a time.

use std::collections::{HashMap, VecDeque};
use std::fmt;

use asalto_core::{Position, PositionKey};

mod sliced;
pub use sliced::{DrawsChecked, SliceSolved, Sliced};
#[doc(hidden)]
pub use sliced::{fuzz_file, fuzz_file_seed};

/// A position's value for its side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Wdl {
    /// The side to move wins with perfect play.
    Win,
    /// Neither side can force an end.
    Draw,
    /// The side to move loses with perfect play.
    Loss,
}

impl Wdl {
    /// This value, of the position after a move, for the side that made
    /// the move: the same if that side moves again (`same`), else the
    /// other way round.
    pub fn for_mover(self, same: bool) -> Wdl {
        match self {
            _ if same => self,
            Wdl::Win => Wdl::Loss,
            Wdl::Loss => Wdl::Win,
            Wdl::Draw => Wdl::Draw,
        }
    }
}

impl fmt::Display for Wdl {
    /// `win`, `draw` or `loss`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        })
    }
}

/// Why a graph was not solved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DrawsError {
    /// More positions are reachable than the limit given.
    TooMany(usize),
}

impl fmt::Display for DrawsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawsError::TooMany(limit) => write!(
                f,
                "more than {limit} positions are reachable: too many to hold in memory"
            ),
        }
    }
}

impl std::error::Error for DrawsError {}

/// Every position reachable from a start, with its value and length.
#[derive(Debug)]
pub struct Reachable {
    index: HashMap<PositionKey, u32>,
    /// Per position: its value for the side to move, and the plies to the
    /// end with perfect play (0 for a draw).
    values: Vec<(Wdl, u32)>,
}

impl Reachable {
    /// Numbers the positions reachable from `start` (at most `limit`) and
    /// finds each one's value.
    ///
    /// # Errors
    ///
    /// [`DrawsError::TooMany`] where more than `limit` are reachable.
    pub fn solve(start: &Position, limit: usize) -> Result<Reachable, DrawsError> {
        let (index, positions, successors) = explore(start, limit)?;
        let n = positions.len();
        let mut predecessors = vec![Vec::new(); n];
        for (p, next) in successors.iter().enumerate() {
            for &s in next {
                predecessors[s as usize].push(p as u32);
            }
        }
        // Per position: successors not yet known to be won for their mover
        // (lost, for a successor where the same side moves again).
        let mut open: Vec<usize> = successors.iter().map(Vec::len).collect();
        let mut values: Vec<Option<(Wdl, u32)>> = vec![None; n];
        let mut queue = VecDeque::new();
        for (p, pos) in positions.iter().enumerate() {
            if let Some(outcome) = pos.outcome() {
                let won = outcome.winner() == Some(pos.turn());
                values[p] = Some((if won { Wdl::Win } else { Wdl::Loss }, 0));
                queue.push_back(p as u32);
            }
        }
        while let Some(s) = queue.pop_front() {
            let (value, plies) = values[s as usize].expect("queued with a value");
            let mover = positions[s as usize].turn();
            for &p in &predecessors[s as usize] {
                let p = p as usize;
                if values[p].is_some() {
                    continue;
                }
                let same = positions[p].turn() == mover;
                if value.for_mover(same) == Wdl::Win {
                    values[p] = Some((Wdl::Win, plies + 1));
                    queue.push_back(p as u32);
                } else {
                    open[p] -= 1;
                    if open[p] == 0 {
                        values[p] = Some((Wdl::Loss, plies + 1));
                        queue.push_back(p as u32);
                    }
                }
            }
        }
        let values = values
            .into_iter()
            .map(|v| v.unwrap_or((Wdl::Draw, 0)))
            .collect();
        Ok(Reachable { index, values })
    }

    /// The value of `pos` for its side to move and its length in plies (the
    /// fewest to a win, the most to a loss; 0 for a draw), if it is
    /// reachable from the start.
    pub fn value(&self, pos: &Position) -> Option<(Wdl, u32)> {
        self.index.get(&pos.key()).map(|&i| self.values[i as usize])
    }

    /// How many positions are reachable.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether none is (never: the start is).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// How many positions are won, drawn and lost for their side to move.
    pub fn counts(&self) -> [usize; 3] {
        let mut out = [0; 3];
        for (v, _) in &self.values {
            out[*v as usize] += 1;
        }
        out
    }
}

/// The positions reachable from `start`, numbered from 0 in the order they
/// are found, each with the numbers of its successors (each once).
type Graph = (HashMap<PositionKey, u32>, Vec<Position>, Vec<Vec<u32>>);

fn explore(start: &Position, limit: usize) -> Result<Graph, DrawsError> {
    let mut index = HashMap::new();
    let mut positions = vec![*start];
    index.insert(start.key(), 0u32);
    let mut successors = Vec::new();
    let mut moves = Vec::new();
    let mut next = 0;
    while next < positions.len() {
        let pos = positions[next];
        next += 1;
        let mut found: Vec<u32> = Vec::new();
        if pos.outcome().is_none() {
            moves.clear();
            pos.append_legal_moves(&mut moves);
            for m in &moves {
                let mut child = pos;
                child.play_unchecked(m);
                let id = *index.entry(child.key()).or_insert_with(|| {
                    positions.push(child);
                    (positions.len() - 1) as u32
                });
                if positions.len() > limit {
                    return Err(DrawsError::TooMany(limit));
                }
                found.push(id);
            }
            found.sort_unstable();
            found.dedup();
        }
        successors.push(found);
    }
    Ok((index, positions, successors))
}

#[cfg(test)]
mod tests;
