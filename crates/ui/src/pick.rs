//! Entering a move point by point: what the player has picked so far and
//! which points may be picked next.
//!
//! Every answer comes from the legal moves and capture routes of the core
//! crate (which finds a route's next landings without listing every chain,
//! so a click costs little however many routes a capture has); nothing
//! here knows the rules. A step is two picks (piece, then
//! destination), a placement one, and a capture chain one pick per landing
//! point, so the route grows on the board as the player enters it.

use asalto_core::{Move, Point, PointSet, Position};

/// A move being entered.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pick {
    /// The picked piece followed by the landing points entered so far.
    route: Vec<Point>,
    /// The legal moves of the picked piece.
    moves: Vec<Move>,
    /// The points that may be picked next.
    next: PointSet,
    /// The move the route makes if the player stops here.
    stop: Option<Move>,
}

/// What a pick did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Picked {
    /// Nothing: the point is not one that may be picked now.
    Nothing,
    /// The pick was taken; more points are needed (or the chain may stop).
    More,
    /// The pick was dropped (the selected piece was picked again).
    Dropped,
    /// The move is complete: the move and the route it was entered by
    /// (one point for a placement).
    Move(Move, Vec<Point>),
}

impl Pick {
    /// The points picked so far: the piece, then the landing points.
    pub fn route(&self) -> &[Point] {
        &self.route
    }

    /// Whether nothing is picked.
    pub fn is_empty(&self) -> bool {
        self.route.is_empty()
    }

    /// Forgets the picks.
    pub fn clear(&mut self) {
        *self = Pick::default();
    }

    /// The points that may be picked next: movable pieces and placement
    /// points when nothing is picked, else the next points of the move.
    pub fn targets(&self, legal: &[Move]) -> PointSet {
        if self.route.is_empty() {
            legal
                .iter()
                .map(|m| m.from().unwrap_or_else(|| m.to()))
                .collect()
        } else {
            self.next
        }
    }

    /// The move the picks so far make if the player stops here: set in the
    /// middle of a chain that may stop.
    pub fn can_stop(&self) -> Option<Move> {
        self.stop
    }

    /// Whether the picked route can still go on.
    fn can_continue(&self) -> bool {
        !self.next.is_empty()
    }

    /// Works out, for the route picked so far in `pos`, the points that may
    /// come next and the move it makes if it stops.
    fn settle(&mut self, pos: &Position) {
        let route = self.route.as_slice();
        let mut next = PointSet::EMPTY;
        self.stop = None;
        for m in &self.moves {
            match *m {
                Move::Step { from, to, .. } => {
                    if route == [from] {
                        next.insert(to);
                    } else if route == [from, to] {
                        self.stop = Some(*m);
                    }
                }
                Move::Capture { .. } => {
                    for p in pos.capture_landings(m, route) {
                        next.insert(p);
                    }
                    if route.len() > 1 && pos.is_route_of(m, route) {
                        self.stop = Some(*m);
                    }
                }
                Move::Place { .. } => {}
            }
        }
        self.next = next;
    }

    /// Picks `p` in `pos`, whose legal moves are `legal`.
    pub fn pick(&mut self, pos: &Position, legal: &[Move], p: Point) -> Picked {
        if self.route.is_empty() {
            return self.start(pos, legal, p);
        }
        if self.route.last() == Some(&p) && !self.targets(legal).contains(p) {
            // The piece (or the chain's current point) picked again.
            if let Some(m) = self.can_stop() {
                return Picked::Move(m, std::mem::take(self).route);
            }
            if self.route.len() == 1 {
                self.clear();
                return Picked::Dropped;
            }
            return Picked::Nothing;
        }
        if !self.targets(legal).contains(p) {
            // Another movable piece: start again from it (not mid-chain).
            if self.route.len() == 1 && legal.iter().any(|m| m.from() == Some(p)) {
                return self.start(pos, legal, p);
            }
            return Picked::Nothing;
        }
        self.route.push(p);
        self.settle(pos);
        match self.can_stop() {
            Some(m) if !self.can_continue() => Picked::Move(m, std::mem::take(self).route),
            _ => Picked::More,
        }
    }

    fn start(&mut self, pos: &Position, legal: &[Move], p: Point) -> Picked {
        self.clear();
        if let Some(&m) = legal
            .iter()
            .find(|m| matches!(m, Move::Place { to } if *to == p))
        {
            return Picked::Move(m, vec![p]);
        }
        self.moves = legal
            .iter()
            .filter(|m| m.from() == Some(p))
            .copied()
            .collect();
        if self.moves.is_empty() {
            return Picked::Nothing;
        }
        self.route.push(p);
        self.settle(pos);
        Picked::More
    }

    /// The attackers jumped by the route picked so far.
    pub fn jumped(&self, pos: &Position) -> Vec<Point> {
        self.route
            .windows(2)
            .filter_map(|w| {
                let (a, b) = (w[0], w[1]);
                let mid = Point::new((a.file() + b.file()) / 2, (a.rank() + b.rank()) / 2)?;
                let jump = a.file().abs_diff(b.file()) == 2 || a.rank().abs_diff(b.rank()) == 2;
                (jump && pos.attackers().contains(mid)).then_some(mid)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use asalto_core::{Game, Record, Setup, Side};

    fn game(record: &str) -> Game {
        Game::from_record(&record.parse::<Record>().expect("a record")).expect("a legal record")
    }

    fn p(name: &str) -> Point {
        name.parse().expect("a point")
    }

    fn set(names: &[&str]) -> PointSet {
        names.iter().map(|n| p(n)).collect()
    }

    fn pick_all(g: &Game, picks: &[&str]) -> (Pick, Vec<Picked>) {
        let (pos, legal) = (*g.position(), g.legal_moves());
        let mut pick = Pick::default();
        let results = picks
            .iter()
            .map(|&n| pick.pick(&pos, &legal, p(n)))
            .collect();
        (pick, results)
    }

    #[test]
    fn a_step_is_piece_then_destination() {
        let g = game("assault");
        let legal = g.legal_moves();
        let pick = Pick::default();
        assert_eq!(pick.targets(&legal), set(&["d4"]), "only d4 may move first");
        let (pick, results) = pick_all(&g, &["d4"]);
        assert_eq!(results, [Picked::More]);
        assert_eq!(pick.targets(&legal), set(&["d5"]));
        let (_, results) = pick_all(&g, &["d4", "d5"]);
        assert!(matches!(results[1], Picked::Move(Move::Step { .. }, _)));
    }

    #[test]
    fn picking_the_piece_again_drops_it_and_other_points_do_nothing() {
        let g = game("assault d4-d5");
        let (_, results) = pick_all(&g, &["c5", "a1", "g4", "c5"]);
        assert_eq!(
            results,
            [
                Picked::More,
                Picked::Nothing,
                Picked::Nothing,
                Picked::Dropped
            ]
        );
        // Another movable piece switches the selection.
        let (pick, results) = pick_all(&g, &["c5", "e5"]);
        assert_eq!(results, [Picked::More, Picked::More]);
        assert_eq!(pick.route(), [p("e5")]);
    }

    /// The defender on e3 can jump e4 (landing e5) and then d5 (landing c5).
    fn chain_position(chain: &str) -> (Position, Vec<Move>) {
        let rules = format!("assault;chain={chain};defender-wins-below=0")
            .parse()
            .expect("rules");
        let setup = Setup {
            rules,
            attackers: [p("e4"), p("d5"), p("a3")].into_iter().collect(),
            defenders: [p("e3"), p("c1")].into_iter().collect(),
            turn: Side::Defender,
            to_place: 0,
        };
        let pos = Position::from_setup(&setup).expect("a valid position");
        (pos, pos.legal_moves())
    }

    #[test]
    fn a_chain_is_entered_jump_by_jump_and_may_stop_where_the_rules_allow() {
        let (pos, legal) = chain_position("may-stop");
        let mut pick = Pick::default();
        assert_eq!(pick.pick(&pos, &legal, p("e3")), Picked::More);
        assert_eq!(pick.pick(&pos, &legal, p("e5")), Picked::More);
        assert_eq!(pick.route(), [p("e3"), p("e5")]);
        assert_eq!(pick.jumped(&pos), [p("e4")]);
        assert_eq!(pick.targets(&legal), set(&["c5"]));
        let stop = pick.can_stop().expect("the chain may stop after one jump");
        assert_eq!(stop.captured().len(), 1);
        // Picking the chain's current point again stops it there.
        assert_eq!(
            pick.clone().pick(&pos, &legal, p("e5")),
            Picked::Move(stop, vec![p("e3"), p("e5")])
        );
        let Picked::Move(m, route) = pick.pick(&pos, &legal, p("c5")) else {
            panic!("the second jump completes the chain");
        };
        assert_eq!(m.captured().len(), 2);
        assert_eq!(route, [p("e3"), p("e5"), p("c5")]);
        assert!(pick.is_empty());
    }

    #[test]
    fn a_chain_that_must_continue_cannot_stop() {
        let (pos, legal) = chain_position("must-continue");
        let mut pick = Pick::default();
        pick.pick(&pos, &legal, p("e3"));
        assert_eq!(pick.pick(&pos, &legal, p("e5")), Picked::More);
        assert_eq!(pick.can_stop(), None);
        assert_eq!(pick.pick(&pos, &legal, p("e5")), Picked::Nothing);
        assert!(matches!(pick.pick(&pos, &legal, p("c5")), Picked::Move(..)));
    }

    #[test]
    fn placement_is_one_pick() {
        let g = game("asalto");
        let legal = g.legal_moves();
        let pick = Pick::default();
        assert_eq!(pick.targets(&legal).len(), 9);
        let (_, results) = pick_all(&g, &["d6"]);
        assert_eq!(
            results,
            [Picked::Move(Move::Place { to: p("d6") }, vec![p("d6")])]
        );
    }
}
