//! Capture routes, found without listing every chain: the route of a move
//! that is its text ([`Position::capture_route`]), the attackers a route
//! takes ([`Position::route_captures`]) and the landings that continue a
//! route towards a move ([`Position::capture_landings`]).
//!
//! On a dense board a defender may take the same attackers in a great many
//! orders (RULES.md §8 makes them one move), so listing routes is
//! exponential. These searches only ask whether a chain state (point,
//! attackers jumped) can still reach the move's end over its captured
//! attackers, and remember the states that cannot: each state is searched
//! once.

use crate::moves::Move;
use crate::point::{Point, PointSet};
use crate::position::Position;
use crate::rules::Chain;
use crate::word::{StateSet, chain_state};

/// The jumps of a defender from `here`: (attacker jumped, landing), as
/// point indices.
fn jumps(pos: &Position, here: u8) -> &[(u8, u8)] {
    pos.tables.jumps_from[usize::from(here & 127)].pairs()
}

fn bit(i: u8) -> u128 {
    1 << i
}

/// The empty points of `pos`.
fn empty(pos: &Position) -> u128 {
    pos.board().points().0 & !(pos.attackers().0 | pos.defenders().0)
}

/// A search towards one capture move: from `from`, ending on `to` having
/// jumped exactly `captured`.
struct Towards<'a> {
    pos: &'a Position,
    /// Where a jump may land: empty points and the chain's start.
    free: u128,
    to: u8,
    captured: u128,
    /// States known not to reach the end.
    dead: StateSet,
}

impl<'a> Towards<'a> {
    /// The search towards capture `m`; `None` for another kind of move.
    fn new(pos: &'a Position, m: &Move) -> Option<Towards<'a>> {
        let &Move::Capture {
            from, to, captured, ..
        } = m
        else {
            return None;
        };
        Some(Towards {
            pos,
            free: empty(pos) | bit(from.index()),
            to: to.index(),
            captured: captured.0,
            dead: StateSet::default(),
        })
    }

    /// The landings of the jumps from `here` (having jumped `jumped`) that
    /// take one more of the move's attackers.
    fn next(&self, here: u8, jumped: u128) -> impl Iterator<Item = (u8, u128)> + '_ {
        jumps(self.pos, here)
            .iter()
            .filter_map(move |&(over, land)| {
                let taken = bit(over);
                (self.captured & taken != 0 && jumped & taken == 0 && self.free & bit(land) != 0)
                    .then_some((land, jumped | taken))
            })
    }

    /// Whether a chain in state (`here`, `jumped`) can end as the move.
    fn reaches(&mut self, here: u8, jumped: u128) -> bool {
        if jumped == self.captured {
            return here == self.to;
        }
        // One start per search: the states' start is left 0.
        let state = chain_state(0, here, jumped);
        if self.dead.contains(state) {
            return false;
        }
        let next: Vec<_> = self.next(here, jumped).collect();
        if next
            .into_iter()
            .any(|(land, jumped)| self.reaches(land, jumped))
        {
            return true;
        }
        self.dead.insert(state);
        false
    }

    /// Follows `route` (the start, then landings), each jump over one of
    /// the move's attackers: the state it ends in, or `None`.
    fn follow(&self, route: &[Point]) -> Option<(u8, u128)> {
        let (first, rest) = route.split_first()?;
        let mut state = (first.index(), 0);
        for p in rest {
            state = self
                .next(state.0, state.1)
                .find(|&(land, _)| land == p.index())?;
        }
        Some(state)
    }
}

impl Position {
    /// The route of capture `m` whose text sorts first (RULES.md §8): the
    /// start and every landing. `None` if `m` is not a capture chain here.
    pub fn capture_route(&self, m: &Move) -> Option<Vec<Point>> {
        let mut search = Towards::new(self, m)?;
        let from = m.from()?;
        let mut route = vec![from];
        let mut state = (from.index(), 0);
        if !search.reaches(state.0, state.1) {
            return None;
        }
        while state.1 != search.captured {
            // Point names sort as (file, rank): the first landing that can
            // still end as the move.
            let next: Vec<_> = search.next(state.0, state.1).collect();
            state = next
                .into_iter()
                .filter(|&(land, jumped)| search.reaches(land, jumped))
                .min_by_key(|&(land, _)| Point::from_index(land).map(|p| (p.file(), p.rank())))?;
            route.push(Point::from_index(state.0)?);
        }
        Some(route)
    }

    /// The attackers a capture chain along `route` (the start, then every
    /// landing) takes, if it is one the `chain` rule allows as a move: each
    /// jump over an attacker not yet jumped onto an empty point (or the
    /// start), one jump only under `chain=single`, and under
    /// `chain=must-continue` no jump left at its end. `None` otherwise.
    pub fn route_captures(&self, route: &[Point]) -> Option<PointSet> {
        let (first, rest) = route.split_first()?;
        if !self.defenders().contains(*first) || rest.is_empty() {
            return None;
        }
        let free = empty(self) | bit(first.index());
        let attackers = self.attackers().0;
        let can_jump = |here: u8, jumped: u128| {
            jumps(self, here)
                .iter()
                .copied()
                .filter(move |&(over, land)| {
                    attackers & bit(over) != 0 && jumped & bit(over) == 0 && free & bit(land) != 0
                })
        };
        let (mut here, mut jumped) = (first.index(), 0);
        for p in rest {
            let (over, _) = can_jump(here, jumped).find(|&(_, land)| land == p.index())?;
            (here, jumped) = (p.index(), jumped | bit(over));
        }
        let allowed = match self.chain {
            Chain::Single => rest.len() == 1,
            Chain::MayStop => true,
            Chain::MustContinue => can_jump(here, jumped).next().is_none(),
        };
        allowed.then_some(PointSet(jumped))
    }

    /// The landings that continue `route` (the start of capture `m`, then
    /// the landings entered so far) along some route of `m`. Empty if the
    /// route is complete, is not the start of one of `m`'s routes, or `m`
    /// is not a capture.
    pub fn capture_landings(&self, m: &Move, route: &[Point]) -> Vec<Point> {
        let Some(mut search) = Towards::new(self, m) else {
            return Vec::new();
        };
        if route.first() != m.from().as_ref() {
            return Vec::new();
        }
        let Some((here, jumped)) = search.follow(route) else {
            return Vec::new();
        };
        let next: Vec<_> = search.next(here, jumped).collect();
        next.into_iter()
            .filter(|&(land, jumped)| search.reaches(land, jumped))
            .filter_map(|(land, _)| Point::from_index(land))
            .collect()
    }

    /// Whether `route` is a complete route of capture `m`.
    pub fn is_route_of(&self, m: &Move, route: &[Point]) -> bool {
        let Some(search) = Towards::new(self, m) else {
            return false;
        };
        route.first() == m.from().as_ref()
            && search.follow(route) == Some((search.to, search.captured))
    }
}
