//! `haven`: the plan a person beat the Marshal with, as a bot. One
//! officer keeps a fortress point; the others walk to points no attacker
//! can ever step into again (behind the lines, under forward marches) and
//! wait there, taking whatever is left unbacked. The attackers then march
//! until they run out of steps. Two plies deep, like the greedy bots; as
//! attackers it plays as `greedy`.

use asalto_core::{Point, PointSet, Position, Rules};

/// A point the bot wants an officer on is this far from one it cannot
/// reach.
const FAR: i64 = 30;

/// What the defenders give for having no officer in the fortress.
const NO_KEEPER: i64 = 500;

/// What an officer with only one empty point beside it costs the
/// defenders (twice that with none): the plan's walkers must not be walled in.
const CRAMPED: i64 = 30;

/// The plan's view of a board, built once per move chosen.
pub(super) struct Plan {
    /// Per point index, the points attackers there could step into one day.
    ahead: Vec<PointSet>,
    fortress: PointSet,
    /// Per point index, the points joined to it by a line.
    near: Vec<PointSet>,
}

impl Plan {
    /// The plan on `rules`' board.
    pub fn new(rules: &Rules) -> Plan {
        let sets = |table: Vec<u128>| table.into_iter().map(PointSet).collect();
        Plan {
            ahead: sets(crate::eval::attackers_reach(rules)),
            fortress: rules.board().fortress(),
            near: sets(crate::eval::neighbour_table(rules)),
        }
    }

    /// `pos` for the attackers, a position that is not over: 100 an
    /// attacker, and for the defenders a keeper in the fortress and every
    /// other officer near a point out of the attackers' reach (or, where
    /// none is in walking reach, with few attackers below it), none of
    /// them short of room.
    pub fn value(&self, pos: &Position) -> i64 {
        let attackers = pos.attackers();
        let mut reach = attackers;
        for a in attackers.iter() {
            reach = reach | self.ahead[usize::from(a.index())];
        }
        let free = pos.board().points() - attackers;
        let haven = free - reach;
        let distances: Vec<(bool, i64)> = pos
            .defenders()
            .iter()
            .map(|d| {
                let steps = self.distance(d, haven, free);
                // With no haven in walking reach, the fewer attackers
                // below it, the nearer the officer is to slipping behind.
                let below = attackers
                    .iter()
                    .filter(|a| self.ahead[usize::from(a.index())].contains(d))
                    .count() as i64;
                let cost = if steps < FAR { steps } else { FAR + below };
                (self.fortress.contains(d), cost)
            })
            .collect();
        // The keeper: the officer in the fortress farthest from a haven.
        let keeper = distances
            .iter()
            .filter(|(home, _)| *home)
            .map(|d| d.1)
            .max();
        let walkers: i64 = distances.iter().map(|d| d.1).sum::<i64>() - keeper.unwrap_or(0);
        let empty = free - pos.defenders();
        let cramped: i64 = pos
            .defenders()
            .iter()
            .map(|d| 2 - (self.near[usize::from(d.index())] & empty).len().min(2) as i64)
            .sum();
        100 * attackers.len() as i64
            + 10 * walkers
            + CRAMPED * cramped
            + if keeper.is_some() { 0 } else { NO_KEEPER }
    }

    /// Steps from `from` to the nearest point of `goal` through `within`
    /// ([`FAR`] if none is reachable).
    fn distance(&self, from: Point, goal: PointSet, within: PointSet) -> i64 {
        let (mut seen, mut frontier) = (PointSet::single(from), PointSet::single(from));
        for steps in 0..FAR {
            if !(frontier & goal).is_empty() {
                return steps;
            }
            let mut next = PointSet::EMPTY;
            for p in frontier.iter() {
                next = next | self.near[usize::from(p.index())];
            }
            frontier = (next & within) - seen;
            seen = seen | frontier;
            if frontier.is_empty() {
                break;
            }
        }
        FAR
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use asalto_core::Game;

    fn point(name: &str) -> Point {
        name.parse().expect("a point")
    }

    fn value(record: &str) -> i64 {
        let game = Game::from_record(&record.parse().expect("record")).expect("legal");
        Plan::new(game.rules()).value(game.position())
    }

    #[test]
    fn an_officer_behind_the_lines_with_another_home_is_the_plan() {
        // `assault` 40 plies into the lost game: the officer on d2
        // stands behind the lines, the one on e7 in the fortress.
        let lost = "assault d4-d5 c5-d4 d5-d6 e5xc7 e4-e5 d4-c5 e5-e6 c7-d6 f5-e5 d6-d7 \
            g5-f5 d7-e7 e3-e4 e7-d7 e2-e3 d7-e7 d3-d4 e7-d7 e6-e7 d7-d6 e5-e6 d6-e5 g4-g5 \
            e5-d6 d4-e5 d6-d7 d2-d3 d7-d6 e1-e2 d6-d7 c3-d4 c5xc3 b5-c5 c3-d2 c5-c6 d2-e1";
        let game = Game::from_record(&lost.parse().expect("record")).expect("legal");
        let attackers = game.position().attackers().len() as i64;
        let rest = value(lost) - 100 * attackers;
        assert!(
            (0..=2 * CRAMPED).contains(&rest),
            "only room is counted: {rest}"
        );
        // At the start no haven is in walking reach: the officer that is not
        // the keeper is far from one.
        let start = value("assault");
        assert!(start >= 100 * 24 + 10 * FAR, "{start}");
    }

    #[test]
    fn the_officer_out_of_the_fortress_walks_behind_the_lines() {
        // The same game at ply 33: the officer on c3 has jumped into the
        // attackers' rear; the one on d7 keeps the fortress.
        let record = "assault d4-d5 c5-d4 d5-d6 e5xc7 e4-e5 d4-c5 e5-e6 c7-d6 f5-e5 d6-d7 \
            g5-f5 d7-e7 e3-e4 e7-d7 e2-e3 d7-e7 d3-d4 e7-d7 e6-e7 d7-d6 e5-e6 d6-e5 g4-g5 \
            e5-d6 d4-e5 d6-d7 d2-d3 d7-d6 e1-e2 d6-d7 c3-d4 c5xc3 b5-c5";
        let game = Game::from_record(&record.parse().expect("record")).expect("legal");
        let m = crate::Bot::Haven
            .choose(
                &mut crate::Engine::new(1),
                &game,
                crate::Limits::of_millis(1.0),
                7,
                &|| 0.0,
            )
            .expect("a move");
        assert_eq!(
            (m.from(), m.to()),
            (Some(point("c3")), point("d2")),
            "{m:?}"
        );
    }
}
