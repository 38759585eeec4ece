//! The principal-variation search below the root: the transposition
//! table, pruning, late-move reductions, and the table's win scores stored
//! relative to the node.

use std::sync::OnceLock;

use asalto_core::{Position, Side};

use super::{Engine, INFINITY, MAX_PLY, Run, wide_work};
use crate::score::{WIN, WON};
use crate::table::{Bound, Entry};
use crate::zobrist;

/// Null-move pruning: from this depth, with at least this many legal
/// moves, searched this many plies shallower.
const NULL_DEPTH: i32 = 3;
const NULL_MIN_MOVES: usize = 4;
const NULL_REDUCTION: i32 = 3;
/// What a draw by repetition costs the side searching: it plays on in any
/// position short of a piece and a half down, as weak players' draws
/// are wins given away.
const CONTEMPT: i32 = 150;
/// Shallowest remaining depth at which the table is probed and filled.
const TABLE_DEPTH: i32 = 2;
/// Pruning near the horizon: at most this depth, with this margin per ply.
const FUTILITY_DEPTH: i32 = 3;
const FUTILITY_MARGIN: i32 = 90;
/// Late-move reductions: larger divisors reduce less.
const LMR_DIVISOR: f64 = 2.0;

impl Engine {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn alpha_beta(
        &mut self,
        run: &mut Run,
        pos: &Position,
        hash: u64,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        barrier: usize,
    ) -> i32 {
        if run.out_of_budget() {
            return 0;
        }
        if let Some(s) = Self::decided(run, pos, ply) {
            return s;
        }
        if run.can_repeat && self.repeated(barrier) {
            // A draw is worse than even for the side searching.
            return if ply.is_multiple_of(2) {
                -CONTEMPT
            } else {
                CONTEMPT
            };
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(run, pos, ply, alpha, beta);
        }
        let mut tt_best = u16::MAX;
        // The table lives in main memory: nodes next to the horizon, the
        // most numerous and the cheapest to search again, skip it.
        let use_table = depth >= TABLE_DEPTH;
        if let Some(e) = use_table.then(|| self.table.probe(hash)).flatten() {
            tt_best = e.best;
            if i32::from(e.depth) >= depth {
                let s = from_table(e.score, ply);
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if usable {
                    return s;
                }
            }
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        pos.append_legal_moves(&mut moves);
        run.work += wide_work(moves.len());
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return -(WIN - ply as i32);
        }
        self.enter_network(run, pos, ply);
        // Far enough above beta near the horizon, in a quiet position, the
        // side to move will not fall below it (a null window only).
        let quiet_here = pos.to_place() == 0
            && !moves[0].is_capture()
            && (pos.turn() == Side::Defender || pos.threatened().is_empty());
        let may_pass = depth >= NULL_DEPTH && moves.len() >= NULL_MIN_MOVES && !run.after_null;
        let static_eval =
            (quiet_here && beta - alpha == 1 && (depth <= FUTILITY_DEPTH || may_pass))
                .then(|| self.evaluate(run, pos, ply, moves.len()));
        if let Some(e) = static_eval
            && depth <= FUTILITY_DEPTH
            && e - FUTILITY_MARGIN * depth >= beta
            && beta.abs() < WON
        {
            self.buffers[ply] = moves;
            return e;
        }
        // Null move: if passing still holds beta with a shallower search, a
        // real move would too. Not near the horizon, not with few moves
        // (where having to move can hurt), never twice in a row.
        if may_pass
            && beta.abs() < WON
            && let Some(passed) = pos.passed()
            && static_eval.is_some_and(|e| e >= beta)
        {
            let h = hash ^ zobrist::PASS;
            self.path.push(h);
            run.after_null = true;
            let score = -self.alpha_beta(
                run,
                &passed,
                h,
                depth - 1 - NULL_REDUCTION,
                ply + 1,
                -beta,
                -beta + 1,
                self.path.len() - 1,
            );
            run.after_null = false;
            self.path.pop();
            if run.stopped {
                self.buffers[ply] = moves;
                return 0;
            }
            if score >= beta {
                self.buffers[ply] = moves;
                return beta;
            }
        }
        // A forced reply costs nothing to look past.
        let depth = if moves.len() == 1 { depth + 1 } else { depth };
        let side = pos.turn();
        let mut keys = std::mem::take(&mut self.keys[ply]);
        keys.clear();
        keys.extend(moves.iter().enumerate().map(|(i, m)| {
            let key = self.ordering.key(side, ply, m, i == usize::from(tt_best));
            (key, i as u16)
        }));
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_index = u16::MAX;
        for n in 0..keys.len() {
            // Selection sort, one pick at a time: cutoffs come early.
            let pick = (n..keys.len()).max_by_key(|&i| keys[i].0).unwrap_or(n);
            keys.swap(n, pick);
            let index = keys[n].1;
            let m = moves[usize::from(index)];
            // Quiet moves that cannot lift a hopeless score to alpha are skipped.
            if n > 0
                && depth <= FUTILITY_DEPTH
                && static_eval.is_some_and(|e| e + FUTILITY_MARGIN * depth <= alpha)
                && !m.is_capture()
                && keys[n].0 < 1 << 25
                && alpha.abs() < WON
            {
                continue;
            }
            let (next, h, child_barrier) = self.enter(run, pos, hash, &m, barrier);
            let child = |engine: &mut Engine, run: &mut Run, d: i32, a: i32, b: i32| {
                -engine.alpha_beta(run, &next, h, d, ply + 1, a, b, child_barrier)
            };
            let next_can_capture = side == Side::Attacker && !next.threatened().is_empty();
            let mut score;
            if n == 0 {
                score = child(self, run, depth - 1, -beta, -alpha);
            } else {
                // Late quiet moves are searched less deeply first.
                let quiet = !m.is_capture() && keys[n].0 < 1 << 25 && !next_can_capture;
                let reduction = if quiet && depth >= 3 && n >= 2 {
                    reduction(depth, n)
                } else {
                    0
                };
                score = child(self, run, depth - 1 - reduction, -alpha - 1, -alpha);
                if reduction > 0 && score > alpha && !run.stopped {
                    score = child(self, run, depth - 1, -alpha - 1, -alpha);
                }
                if score > alpha && score < beta && !run.stopped {
                    score = child(self, run, depth - 1, -beta, -alpha);
                }
            }
            self.path.pop();
            if run.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                best_index = index;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        self.ordering.reward(side, ply, &m, depth);
                        break;
                    }
                }
            }
        }
        self.keys[ply] = keys;
        if run.stopped {
            self.buffers[ply] = moves;
            return 0;
        }
        self.buffers[ply] = moves;
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if !use_table {
            return best_score;
        }
        self.table.store(Entry {
            key: hash,
            score: to_table(best_score, ply),
            best: best_index,
            depth: depth.clamp(1, 255) as u8,
            bound,
        });
        best_score
    }
}

/// How many plies less a late quiet move is searched first: more for later
/// moves and deeper searches, never below depth 1.
fn reduction(depth: i32, n: usize) -> i32 {
    // ln(depth) × ln(n) / 2 + 0.5, rounded down, for depth and n up to 63.
    static TABLE: OnceLock<[[u8; 64]; 64]> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = [[0; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (n, r) in row.iter_mut().enumerate().skip(1) {
                *r = ((d as f64).ln() * (n as f64).ln() / LMR_DIVISOR + 0.5) as u8;
            }
        }
        t
    });
    let r = table[depth.clamp(0, 63) as usize][n.min(63)];
    i32::from(r).clamp(0, depth - 2)
}

/// Win scores are stored relative to the node, not the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > WON {
        score + ply as i32
    } else if score < -WON {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > WON {
        score - ply as i32
    } else if score < -WON {
        score + ply as i32
    } else {
        score
    }
}
