//! Building a certificate: the winner's moves of a proof, chosen from the
//! tables or the solver's table so that the proof stays small.

use std::collections::HashSet;

use asalto_core::{MoveText, Position, Rules, Side};

use super::{CertificateError, pack};
use crate::frontier::Key;
use crate::key_hash::KeySet;
use crate::{Solver, Value};

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
    progress: &mut dyn FnMut(Progress) -> Result<(), CertificateError>,
) -> Result<Vec<(Key, MoveText)>, CertificateError> {
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
            let report = solver
                .solve(&next, rules, budget_nodes, f64::INFINITY, &|| 0.0)
                .map_err(|e| CertificateError::Unproved(e.to_string()))?;
            if report.value == Some(Value::Loss) {
                chosen = Some((m, next));
                break;
            }
        }
        let (m, next) = chosen.ok_or_else(|| {
            CertificateError::Unproved(format!(
                "a position of the proof could not be proved again:\n{pos}"
            ))
        })?;
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
pub(super) fn smallest_proof_first(
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
