//! The state of one search: its limits and clock, the work done, and what
//! the rules say about repetition.

use asalto_core::{Capture, Inside, March, Move, Position, Rules, Side};

use super::{CHECK_EVERY, Limits};
use crate::eval::Eval;

/// The state of one search.
pub(super) struct Run<'a> {
    pub(super) limits: Limits,
    pub(super) now: &'a dyn Fn() -> f64,
    pub(super) started: f64,
    pub(super) nodes: u64,
    /// Nodes plus the moves of wide positions: the work done, which the
    /// clock is read against (see [`super::WIDE`]).
    pub(super) work: u64,
    /// The work at which the clock is read next.
    pub(super) next_check: u64,
    pub(super) stopped: bool,
    pub(super) eval: &'a Eval,
    /// Whether positions can repeat under these rules.
    pub(super) can_repeat: bool,
    /// Whether attacker steps that change rank can never be undone.
    pub(super) rank_is_one_way: bool,
    /// Whether a defender that could capture may step instead, unpunished.
    pub(super) optional_capture: bool,
    /// Whether this node is inside a null-move search (no pass in a pass).
    pub(super) after_null: bool,
}

impl<'a> Run<'a> {
    pub(super) fn new(
        rules: &Rules,
        eval: &'a Eval,
        limits: Limits,
        now: &'a dyn Fn() -> f64,
    ) -> Run<'a> {
        Run {
            limits,
            now,
            started: now(),
            nodes: 0,
            work: 0,
            next_check: 0,
            stopped: false,
            eval,
            can_repeat: !(rules.march == March::Forward && rules.inside == Inside::AsOutside),
            rank_is_one_way: rules.march != March::Any && rules.inside == Inside::AsOutside,
            optional_capture: rules.capture == Capture::Optional,
            after_null: false,
        }
    }

    pub(super) fn elapsed(&self) -> f64 {
        (self.now)() - self.started
    }

    /// Counts a node; checks the budget every so often (every
    /// [`CHECK_EVERY`] units of work); true once it is spent.
    pub(super) fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        self.work += 1;
        if self.work >= self.next_check {
            self.next_check = self.work + CHECK_EVERY;
            let nodes_spent = self.limits.nodes.is_some_and(|n| self.nodes >= n);
            let time_spent = self.limits.millis.is_some_and(|ms| self.elapsed() >= ms);
            self.stopped |= nodes_spent || time_spent;
        }
        self.stopped
    }

    /// Whether `m` starts a stretch of play in which no earlier position can
    /// stand again.
    pub(super) fn one_way(&self, pos: &Position, m: &Move) -> bool {
        match *m {
            Move::Place { .. } | Move::Capture { .. } => true,
            Move::Step { from, to, huffed } => {
                !huffed.is_empty()
                    || (pos.turn() == Side::Attacker
                        && self.rank_is_one_way
                        && from.rank() != to.rank())
            }
        }
    }
}
