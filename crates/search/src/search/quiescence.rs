//! The quiescence search: captures played out before a position is
//! evaluated.

use asalto_core::{Move, Position, Side};

use super::{Engine, INFINITY, MAX_PLY, Run, wide_work};
use crate::score::WIN;

impl Engine {
    /// Plays out captures until the position is quiet, then evaluates.
    pub(super) fn quiesce(
        &mut self,
        run: &mut Run,
        pos: &Position,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if run.out_of_budget() {
            return 0;
        }
        if let Some(s) = Self::decided(run, pos, ply) {
            return s;
        }
        self.enter_network(run, pos, ply);
        if pos.to_place() > 0 || ply >= MAX_PLY {
            return self.evaluate(run, pos, ply, pos.count_legal_moves());
        }
        if pos.turn() == Side::Attacker {
            return match pos.count_legal_moves() {
                0 => -(WIN - ply as i32),
                n => self.evaluate(run, pos, ply, n),
            };
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        pos.append_legal_moves(&mut moves);
        run.work += wide_work(moves.len());
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return -(WIN - ply as i32);
        }
        let captures = moves.iter().filter(|m| m.is_capture()).count();
        // Stand pat when the defender may quietly decline every capture.
        let mut best = -INFINITY;
        if captures == 0 || run.optional_capture {
            best = self.evaluate(run, pos, ply, moves.len());
            if best >= beta || captures == 0 {
                self.buffers[ply] = moves;
                return best;
            }
            alpha = alpha.max(best);
        }
        moves.retain(Move::is_capture);
        moves.sort_by_key(|m| m.huffed().len() as i64 - 4 * m.captured().len() as i64);
        for &m in &moves {
            let mut next = *pos;
            next.play_unchecked(&m);
            let score = -self.quiesce(run, &next, ply + 1, -beta, -alpha);
            if run.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        best
    }
}
