//! What the board marks besides the pieces, worked out from the state: the
//! hint's arrows and the piece it moves (or a puzzle's answer, once asked
//! for, on the puzzle's position), the last move's whole route, and,
//! where captures are compulsory, the pieces that must capture, and what
//! the endgame pack says of the moves (each piece with a winning move, or
//! each next point of the piece picked, won or lost). `render` draws it;
//! the canvas publishes it (`data-hint`, `data-route`, `data-forced`,
//! `data-perfect`) for tests and tools.
//!
//! Pure Rust, tested natively. Facts from the rules engine only.

use asalto_core::{Capture, Move, Point, PointSet};

use crate::app::App;
use crate::computer;
use crate::keep::embed::Mode;
use crate::newcomer::puzzles;

/// The board's marks for one state.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Overlay {
    /// The hint: the piece it moves (or the point it places on) and its
    /// route, start first, one arrow per leg.
    pub hint: Vec<Point>,
    /// The last move's route: its start and every landing (one point for
    /// a placement).
    pub route: Vec<Point>,
    /// The pieces that must capture now, before any is picked.
    pub forced: PointSet,
    /// Perfect play's marks: with nothing picked, each piece (or point to
    /// place on) whose moves the pack knows, won if one of them wins; with
    /// a piece picked, each next point of its moves.
    pub perfect: Vec<(Point, bool)>,
}

impl Overlay {
    /// The marks of `app`'s state.
    pub fn of(app: &App) -> Overlay {
        let game = &app.game;
        let route = match (game.last_move(), game.ply().checked_sub(1)) {
            (Some(m), Some(before)) => game
                .position_at(before)
                .map_or_else(Vec::new, |p| route_of(p.capture_route(m), m)),
            _ => Vec::new(),
        };
        let forced = if app.editor().is_none()
            && app.mode == Mode::Play
            && app.pick.is_empty()
            && game.rules().capture == Capture::Forced
            && !app.legal.is_empty()
            && app.legal.iter().all(Move::is_capture)
        {
            app.legal.iter().filter_map(Move::from).collect()
        } else {
            PointSet::EMPTY
        };
        let answer = app
            .puzzle()
            .filter(|p| p.answer_shown && game.ply() == 0)
            .and_then(|p| puzzles::all().get(p.index))
            .and_then(|p| p.answer.parse().ok())
            .map(|text| computer::route(&text));
        let perfect = if app.shows_perfect() {
            let known = app.perfect.known(game);
            known.map_or_else(Vec::new, |k| k.marks(app.pick.route()))
        } else {
            Vec::new()
        };
        Overlay {
            perfect,
            hint: answer
                .or_else(|| app.computer.hint.as_ref().map(|h| h.route.clone()))
                .unwrap_or_default(),
            route,
            forced,
        }
    }
}

/// The route of move `m`: its capture route, else where it steps from and
/// to, else (a placement) where it places.
fn route_of(capture: Option<Vec<Point>>, m: &Move) -> Vec<Point> {
    capture.unwrap_or_else(|| m.from().into_iter().chain([m.to()]).collect())
}

/// Perfect play's marks as the canvas's `data-perfect` writes them:
/// `d4:win e5:loss`.
pub fn perfect_names(marks: &[(Point, bool)]) -> String {
    let names: Vec<String> = marks
        .iter()
        .map(|(p, wins)| format!("{p}:{}", if *wins { "win" } else { "loss" }))
        .collect();
    names.join(" ")
}

/// Points as the canvas's data attributes write them: `d4 b4 d6`.
pub fn names(points: impl IntoIterator<Item = Point>) -> String {
    let names: Vec<String> = points.into_iter().map(|p| p.to_string()).collect();
    names.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{App, Msg, PointerMsg};
    use asalto_core::{Game, Record};

    fn app(record: &str) -> App {
        let record: Record = record.parse().expect("a record");
        App::new(Game::from_record(&record).expect("legal"), 400.0, 400.0)
    }

    #[test]
    fn the_last_move_shows_its_whole_route() {
        let a = app("assault d4-d5 c5-d4 b4-c5 d4xb4xd6xd4");
        assert_eq!(names(Overlay::of(&a).route), "d4 b4 d6 d4");
        let a = app("assault d4-d5");
        assert_eq!(names(Overlay::of(&a).route), "d4 d5");
        let a = app("asalto @c5");
        assert_eq!(names(Overlay::of(&a).route), "c5");
        assert!(Overlay::of(&app("assault")).route.is_empty());
    }

    #[test]
    fn pieces_that_must_capture_are_marked_before_any_pick() {
        let mut a = app("assault d4-d5 c5-d6 c4-c5");
        assert_eq!(names(Overlay::of(&a).forced), "d6");
        a.update(Msg::Pointer(PointerMsg::Choose(
            "d6".parse().expect("point"),
        )));
        assert!(
            Overlay::of(&a).forced.is_empty(),
            "picked: its targets show"
        );
        // Not where a capture may be declined (huffing), nor with a choice.
        let huff = app("german-tactics @c5 @e5 d4-d5 c5-d6 c4-c5");
        assert!(Overlay::of(&huff).forced.is_empty());
        assert!(Overlay::of(&app("assault d4-d5")).forced.is_empty());
    }
}
