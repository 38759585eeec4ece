//! A position's moves as sets of points, as the one-bit tables' build
//! writes them (`tables/build.rs`), with what that build leaves out: one
//! defender or three, and huffs. RULES.md §4–6 for `capture=forced`,
//! `optional` and `huff` without `max-capture`; the tests hold the values
//! they give against the rules engine's.

use asalto_core::{Capture, Rules};

use crate::tables::build::{Jump, Play, chains_until};
use crate::tables::geometry::{Geometry, bits};

/// Where a defender's move leads, seen by the defender.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Next {
    /// The game ends and the mover has won.
    Won,
    /// The game ends and the mover has lost.
    Lost,
    /// A position in play: the attackers, the defenders, the attacker to
    /// move.
    At(u64, u64),
}

/// The rules a position's moves follow.
#[derive(Debug, Clone, Copy)]
pub(super) struct Moves {
    play: Play,
    capture: Capture,
}

impl Moves {
    /// The moves of `rules`, or why the sets cannot play them.
    pub fn new(rules: &Rules) -> Result<Moves, String> {
        if rules.max_capture {
            return Err(
                "the sliced analysis with draws does not take max-capture=yes yet".to_owned(),
            );
        }
        Ok(Moves {
            play: Play {
                forced: rules.capture != Capture::Optional,
                most: false,
                chain: rules.chain,
                threshold: u32::from(rules.threshold()),
            },
            capture: rules.capture,
        })
    }

    /// Whether the attackers `set` fill the fortress: the game has ended.
    pub fn filled(g: &Geometry, set: u64) -> bool {
        set & g.fortress == g.fortress
    }

    /// Every move of the defenders `defenders` against the attackers
    /// `set`, into `out` (cleared first): empty when they have none. (An
    /// attacker steps along `Geometry::steps` to an empty point.)
    pub fn defender(&self, g: &Geometry, (set, defenders): (u64, u64), out: &mut Vec<Next>) {
        out.clear();
        let empty = g.all() & !set & !defenders;
        // Every capture, and the defenders that have one.
        let mut could = 0u64;
        for d in bits(defenders) {
            let landable = empty | 1 << d;
            let mut found = |jump: Jump, _, _| {
                could |= 1 << d;
                let left = set & !jump.taken;
                out.push(if left.count_ones() < self.play.threshold {
                    Next::Won
                } else {
                    Next::At(left, defenders ^ (1 << d) ^ (1 << jump.land))
                });
                false
            };
            chains_until(
                g,
                self.play,
                set,
                (d, d),
                landable,
                (0, 0),
                (&mut 0, &mut found),
            );
        }
        if could != 0 && self.capture == Capture::Forced {
            return;
        }
        let huffed = if self.capture == Capture::Huff {
            could
        } else {
            0
        };
        for d in bits(defenders) {
            for q in bits(g.neighbours[d as usize] & empty) {
                let mut after = defenders ^ (1 << d) ^ (1 << q);
                // A defender that could have captured goes, wherever it
                // now stands.
                for h in bits(huffed) {
                    after &= !(1 << if h == d { q } else { h });
                }
                out.push(if after == 0 {
                    Next::Lost
                } else {
                    Next::At(set, after)
                });
            }
        }
    }
}
