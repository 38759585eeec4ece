//! What is threatened in the position shown, from the rules engine alone:
//! each defender's captures as if the defenders moved now (their routes,
//! and the attackers they take), and, with the attackers to move, the
//! empty points where an attacker's step would be taken at once. The
//! *Threats* comfort draws it and says it.
//!
//! Pure Rust, tested natively.

use asalto_core::{Point, PointSet, Position, Side};

use crate::lang::Say;
use crate::say::text;
use crate::words::play as words;

/// The threats of one position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Threats {
    /// Each capture a defender could make: its route (start, then every
    /// landing) and the attackers it takes.
    pub captures: Vec<(Vec<Point>, PointSet)>,
    /// The attacker steps (from, to) that would be taken at once: the hint
    /// and the threats speak of the same steps.
    pub unsafe_steps: Vec<(Point, Point)>,
}

impl Threats {
    /// The threats in `pos`.
    pub fn of(pos: &Position) -> Threats {
        let defenders_now = match pos.turn() {
            Side::Defender => Some(*pos),
            Side::Attacker => pos.passed(),
        };
        let captures = defenders_now.map_or_else(Vec::new, |d| {
            d.legal_moves()
                .iter()
                .filter(|m| m.is_capture())
                .filter_map(|m| Some((d.capture_route(m)?, m.captured())))
                .collect()
        });
        let mut unsafe_steps = Vec::new();
        if pos.turn() == Side::Attacker && pos.to_place() == 0 && pos.outcome().is_none() {
            for m in pos.legal_moves().iter().filter(|m| !m.is_capture()) {
                let (Some(from), to) = (m.from(), m.to()) else {
                    continue;
                };
                if pos.piece_at(to).is_some() {
                    continue;
                }
                let mut after = *pos;
                after.play_unchecked(m);
                let taken = after
                    .legal_moves()
                    .iter()
                    .any(|r| r.captured().contains(to));
                if taken {
                    // In the order of their points' names (kept in order
                    // as they come: a sort would add kilobytes of code
                    // to the web page).
                    let key = |&(a, b): &(Point, Point)| (b.file(), b.rank(), a.file(), a.rank());
                    let at = unsafe_steps.partition_point(|s| key(s) <= key(&(from, to)));
                    unsafe_steps.insert(at, (from, to));
                }
            }
        }
        Threats {
            captures,
            unsafe_steps,
        }
    }

    /// Empty points where an attacker stepping now would be taken.
    pub fn unsafe_points(&self) -> PointSet {
        self.unsafe_steps.iter().map(|&(_, to)| to).collect()
    }

    /// Every attacker some defender could take.
    pub fn taken(&self) -> PointSet {
        self.captures
            .iter()
            .fold(PointSet::EMPTY, |all, (_, taken)| all | *taken)
    }

    /// The threats in words, for the status line: each defender and what
    /// it can take, then the points an attacker should not step to.
    pub fn said(&self, say: Say) -> String {
        let mut sentences = Vec::new();
        let mut by_defender: Vec<(Point, PointSet)> = Vec::new();
        for (route, taken) in &self.captures {
            let Some(&from) = route.first() else { continue };
            match by_defender.iter_mut().find(|(d, _)| *d == from) {
                Some((_, all)) => *all = *all | *taken,
                None => {
                    let key = |p: Point| (p.file(), p.rank());
                    let at = by_defender.partition_point(|&(d, _)| key(d) < key(from));
                    by_defender.insert(at, (from, *taken));
                }
            }
        }
        for (from, taken) in by_defender {
            let (from, taken) = (from.to_string(), text::points(say.lang, taken));
            sentences.push(say.f(&words::THREAT, &[&from, &taken]));
        }
        if !self.unsafe_steps.is_empty() {
            let steps: Vec<String> = self
                .unsafe_steps
                .iter()
                .map(|(a, b)| format!("{a}-{b}"))
                .collect();
            let steps = match steps.as_slice() {
                [one] => one.clone(),
                [rest @ .., last] => say.f(&words::OR, &[&rest.join(", "), last]),
                [] => String::new(),
            };
            sentences.push(say.f(&words::UNSAFE, &[&steps]));
        }
        if sentences.is_empty() {
            sentences.push(say.t(&words::NO_THREAT));
        }
        sentences.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use asalto_core::{Game, Record};

    fn threats(record: &str) -> (Threats, Say) {
        let record: Record = record.parse().expect("record");
        let game = Game::from_record(&record).expect("legal");
        let say = Say::new(Lang::En, record.rules.preset);
        (Threats::of(game.position()), say)
    }

    #[test]
    fn a_defender_s_captures_are_found_whoever_is_to_move() {
        // The defenders to move: the chain d4xb4xd6xd4 takes c4, c5 and d5.
        let (t, say) = threats("assault d4-d5 c5-d4 b4-c5");
        assert_eq!(text::points(Lang::En, t.taken()), "c4, c5 and d5");
        assert_eq!(t.said(say), "The defender on d4 can take c4, c5 and d5.");
        // The attackers to move: what the defenders would take if they
        // moved now, and where a step would be taken.
        let (t, say) = threats("assault d4-d5 c5-d6");
        assert_eq!(text::points(Lang::En, t.taken()), "d5");
        assert_eq!(
            t.said(say),
            "The defender on d6 can take d5. The defender on e5 can take d5. \
             An attacker stepping b4-c5, c3-d4 or e3-d4 would be taken."
        );
    }

    #[test]
    fn nothing_threatened_is_said_too() {
        let (t, say) = threats("assault");
        assert_eq!(t, Threats::default());
        assert_eq!(t.said(say), "No attacker can be taken now.");
    }
}
