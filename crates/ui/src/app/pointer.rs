//! The pointer on the board: a press, a drag and a release, a point
//! picked (or refused, with the reason), the move it completes played and
//! animated.

use asalto_core::{Move, MoveText, Point, PointSet, Side};

use super::{App, Msg, PointerMsg};
use crate::pick::Picked;
use crate::say::refusal;

/// Length of a move's animation, in milliseconds.
pub const ANIMATION_MS: f64 = 180.0;

/// Pointer travel (CSS pixels) after which a press becomes a drag.
pub(super) const DRAG_THRESHOLD: f64 = 4.0;

/// A move being animated.
#[derive(Debug, Clone, PartialEq)]
pub struct Animation {
    /// The path of the moving piece (two points for a step; the route of a
    /// capture; one point, where it appears, for a placement).
    pub path: Vec<Point>,
    /// Which side moved.
    pub side: Side,
    /// Start time (ms), set by the first tick.
    pub start: Option<f64>,
    /// Progress from 0 to 1.
    pub progress: f64,
}

/// A press that may turn into a drag.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Press {
    /// The point pressed.
    pub point: Point,
    /// Where the press began.
    pub from: (f64, f64),
    /// Where the pointer is now.
    pub at: (f64, f64),
    /// Whether it moved far enough to count as a drag.
    pub dragging: bool,
    /// Whether the press picked the piece (so release on it keeps it).
    pub picked_now: bool,
}

impl App {
    /// A press on the board at a canvas pixel: picks what is there.
    pub(super) fn press_at(&mut self, x: f64, y: f64) -> bool {
        let board = self.game.rules().board();
        let Some(point) = self.layout.point_at(board, x, y) else {
            self.press = None;
            return self.update(Msg::Pointer(PointerMsg::Deselect));
        };
        let selected_before = self.pick.route().first().copied();
        let picked_now = !self.pick.route().contains(&point) && self.choose(point, true);
        self.press = Some(Press {
            point,
            from: (x, y),
            at: (x, y),
            dragging: false,
            picked_now: picked_now || selected_before != self.pick.route().first().copied(),
        });
        true
    }

    /// The press let go: a click, or a drag that ends on a point.
    pub(super) fn release(&mut self, x: f64, y: f64) -> bool {
        let Some(press) = self.press.take() else {
            return false;
        };
        let board = self.game.rules().board();
        let over = self.layout.point_at(board, x, y);
        match over {
            // A click on the piece picked before this press: picks it again
            // (drops it, or stops a chain).
            Some(p) if p == press.point && !press.dragging && !press.picked_now => {
                self.choose(p, true);
            }
            Some(p) if p != press.point => {
                self.choose(p, !press.dragging);
            }
            _ => {}
        }
        true
    }

    /// Picks `p`; returns whether the pick was taken. A move it completes
    /// is animated unless the player dragged the piece there.
    /// A refused point leaves the reason in `refusal`.
    pub(super) fn choose(&mut self, p: Point, animate: bool) -> bool {
        let pos = *self.game.position();
        self.refusal = None;
        match self.pick.pick(&pos, &self.legal, p) {
            Picked::Nothing => {
                self.refusal =
                    refusal::why_not(self.say(), &self.game, &self.legal, self.pick.route(), p);
                false
            }
            Picked::More | Picked::Dropped => true,
            Picked::Move(m, route) => {
                self.play(m, route, animate);
                true
            }
        }
    }

    /// Plays `m`, entered as `route`: on along the line shown if it is
    /// its next move, else into the variation it starts or is.
    pub(super) fn play(&mut self, m: Move, route: Vec<Point>, animate: bool) {
        let side = self.game.position().turn();
        let (parent, text) = (self.shown(), MoveText::from_move(self.position(), &m));
        let next = self.game.moves().get(self.game.ply()) == Some(&m);
        if self.game.play(&m).is_ok() {
            self.friend = false;
            // A try said after it was taken back is said until the next.
            if self.game.ply() == 1 {
                self.tried = None;
            }
            let node = self.tree.add(parent, m, text);
            if !next {
                self.game = self.tree.game(node);
                self.line = self.tree.line(node);
            }
            self.notice = None;
            self.shared = None;
            self.judge_lesson(side, &m);
            self.animation = (self.animate && animate && route.len() > 1).then_some(Animation {
                path: route,
                side,
                start: None,
                progress: 0.0,
            });
            self.refresh();
            self.ask_refutation();
        }
    }

    /// Moves the animation on to `now`.
    pub(super) fn tick(&mut self, now: f64) -> bool {
        let Some(animation) = &mut self.animation else {
            return false;
        };
        let start = *animation.start.get_or_insert(now);
        let steps = (animation.path.len() - 1) as f64;
        animation.progress = ((now - start) / (ANIMATION_MS * steps.sqrt())).clamp(0.0, 1.0);
        if animation.progress >= 1.0 {
            self.animation = None;
        }
        true
    }

    /// Whether another frame is needed after this one.
    pub fn animating(&self) -> bool {
        self.animation.is_some()
    }

    /// The points that may be picked next.
    pub fn targets(&self) -> PointSet {
        self.pick.targets(&self.legal)
    }

    /// Whether a press at a canvas pixel would start on something movable
    /// (so a touch there must not scroll the page).
    pub fn grabs(&self, x: f64, y: f64) -> bool {
        let board = self.game.rules().board();
        self.layout
            .point_at(board, x, y)
            .is_some_and(|p| self.pick.route().contains(&p) || self.targets().contains(p))
    }
}
