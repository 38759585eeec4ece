//! Move ordering's memory: killer moves and history counts.

use asalto_core::{Move, Side};

use super::MAX_PLY;

/// Killer moves and history counts: quiet moves that refuted other lines.
#[derive(Debug)]
pub(super) struct Ordering {
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    /// `[side][from * 128 + to]`.
    history: Vec<i32>,
}

impl Ordering {
    pub(super) fn new() -> Ordering {
        Ordering {
            killers: [[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * 128 * 128],
        }
    }

    fn history_index(side: Side, m: &Move) -> usize {
        let side = usize::from(side == Side::Defender);
        let from = m.from().map_or(127, |p| usize::from(p.index()));
        side * 128 * 128 + from * 128 + usize::from(m.to().index())
    }

    /// A sort key: higher first.
    pub(super) fn key(&self, side: Side, ply: usize, m: &Move, tt_best: bool) -> i32 {
        if tt_best {
            return i32::MAX;
        }
        if m.is_capture() {
            return 1 << 28 | (m.captured().len() as i32) << 8;
        }
        let huffs = m.huffed().len() as i32;
        let base = if self.killers[ply][0] == Some(*m) {
            1 << 26
        } else if self.killers[ply][1] == Some(*m) {
            1 << 25
        } else {
            self.history[Self::history_index(side, m)].min((1 << 24) - 1)
        };
        base - huffs * (1 << 27)
    }

    /// Remembers a quiet move that caused a cutoff.
    pub(super) fn reward(&mut self, side: Side, ply: usize, m: &Move, depth: i32) {
        if m.is_capture() {
            return;
        }
        let k = &mut self.killers[ply];
        if k[0] != Some(*m) {
            k[1] = k[0];
            k[0] = Some(*m);
        }
        let h = &mut self.history[Self::history_index(side, m)];
        *h = h.saturating_add(depth * depth);
    }

    /// Ages the history between searches so old games weigh less.
    pub(super) fn age(&mut self) {
        self.history.iter_mut().for_each(|h| *h /= 8);
        self.killers = [[None; 2]; MAX_PLY + 1];
    }
}
