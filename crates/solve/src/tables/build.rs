//! Filling a tier: every position's value from its successors', by the
//! rules of RULES.md §4–6 written again for sets of points, so that a
//! position costs nanoseconds, not a move list. An attacker move leads to
//! a set of lower level in the same tier (already done: levels go up), a
//! capture to a lower tier, a defender's step to the same set (its
//! attacker-to-move block is filled first). `tables check` holds these
//! values against the rules engine itself.

use asalto_core::{Capture, Chain, Rules};

use super::error::TablesError;
use super::geometry::{Geometry, bits};
use super::index::{index_in, next_set, pair, pair_of, rank};
use super::tier::{Block, MAX_WORDS, Tier};

/// The capture and end-of-game rules the tables follow.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Play {
    /// A capture must be made when one can be.
    pub forced: bool,
    /// Only the captures that take the most count.
    pub most: bool,
    /// How jumps chain.
    pub chain: Chain,
    /// The defender wins below this many attackers.
    pub threshold: u32,
}

impl Play {
    /// The rules' capture options.
    ///
    /// # Errors
    ///
    /// `capture=huff`: a huff removes defenders, and the tables hold two.
    pub fn new(rules: &Rules) -> Result<Play, TablesError> {
        let forced = match rules.capture {
            Capture::Forced => true,
            Capture::Optional => false,
            Capture::Huff => {
                return Err(TablesError::Asked("endgame tables do not cover capture=huff (a huff removes a defender; the tables hold two)".to_owned()));
            }
        };
        Ok(Play {
            forced,
            most: rules.max_capture && forced,
            chain: rules.chain,
            threshold: u32::from(rules.threshold()),
        })
    }
}

/// The attacker sets of `size` points that are not larger than their
/// mirror image, by level (lowest first), each level's in increasing order.
pub(crate) fn levels(geometry: &Geometry, size: u32) -> Vec<(u32, Vec<u64>)> {
    let n = geometry.len();
    let sets = || {
        let mut set = Some(if size == 0 {
            0
        } else {
            u64::MAX >> (64 - size)
        });
        std::iter::from_fn(move || {
            let current = set?;
            set = if current == 0 {
                None
            } else {
                next_set(current, n)
            };
            Some(current)
        })
        .filter(|&s| s <= geometry.mirror_set(s))
    };
    let top = geometry
        .potential
        .iter()
        .map(|&p| u32::from(p))
        .sum::<u32>() as usize;
    let mut counts = vec![0usize; top + 1];
    for s in sets() {
        counts[geometry.level(s) as usize] += 1;
    }
    let mut levels: Vec<(u32, Vec<u64>)> = counts
        .iter()
        .enumerate()
        .map(|(level, &c)| (level as u32, Vec::with_capacity(c)))
        .collect();
    for s in sets() {
        levels[geometry.level(s) as usize].1.push(s);
    }
    levels.retain(|(_, sets)| !sets.is_empty());
    levels
}

/// A capture: where the defender lands and what it takes, and which
/// defender stays.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Jump {
    /// The defender that does not move.
    pub stays: u32,
    /// Where the capturing defender ends.
    pub land: u32,
    /// The attackers taken.
    pub taken: u64,
}

/// An attacker move seen from the set it leaves: the free index of its
/// target, whether it fills the fortress, the next set's rank, and each
/// free index's index among the next set's free points.
#[derive(Debug, Clone, Copy)]
struct Step {
    target: u32,
    fills: bool,
    rank: u64,
    moved: [u8; 64],
}

/// Per-thread room for the moves of one set.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    steps: Vec<Step>,
    captures: Vec<Jump>,
}

/// The tables being filled: the geometry, the rules and the tiers below
/// the one in hand (`tiers[i]` holds `threshold + i` attackers).
pub(crate) struct Filler<'a> {
    /// The board.
    pub geometry: &'a Geometry,
    /// The rules.
    pub play: Play,
    /// The tiers, from the threshold up; the last may be the one filling.
    pub tiers: &'a [Tier],
}

impl Filler<'_> {
    fn tier(&self, attackers: u32) -> &Tier {
        &self.tiers[(attackers - self.play.threshold) as usize]
    }

    /// Fills the block of `set` in `tier` (and its mirror image's).
    pub fn fill(&self, tier: &Tier, set: u64, scratch: &mut Scratch) {
        let geometry = self.geometry;
        let free = geometry.all() & !set;
        let f = free.count_ones();
        let mut defender: Block = [0; MAX_WORDS];
        if set & geometry.fortress == geometry.fortress {
            // The attacker has won: the defender to move has lost.
            tier.store(geometry, set, &defender);
            return;
        }
        let mut points = [0u32; 64];
        for (i, p) in bits(free).enumerate() {
            points[i] = p;
        }
        // The attacker-to-move bits of this set first: a defender's step
        // leads to them.
        self.steps(set, free, scratch);
        let mut attacker: Block = [0; MAX_WORDS];
        for j in 1..f {
            for i in 0..j {
                let won = scratch.steps.iter().any(|s| {
                    s.target != i
                        && s.target != j
                        && (s.fills
                            || !tier.get(
                                s.rank,
                                pair(
                                    u32::from(s.moved[i as usize]),
                                    u32::from(s.moved[j as usize]),
                                ),
                            ))
                });
                let k = pair(i, j);
                attacker[k / 64] |= u64::from(won) << (k % 64);
            }
        }
        for j in 1..f {
            for i in 0..j {
                let (x, y) = (points[i as usize], points[j as usize]);
                let won = self.defender_wins(tier, set, free, (x, y), &attacker, scratch);
                let k = pair(i, j);
                defender[k / 64] |= u64::from(won) << (k % 64);
            }
        }
        tier.store(geometry, set, &defender);
    }

    /// Whether the attacker to move wins with the attackers `set` (held by
    /// the tiers, the fortress not full) and the defenders on `x` and `y`:
    /// one of its steps fills the fortress or leaves the defender a lost
    /// position.
    pub fn attacker_wins(&self, set: u64, x: u32, y: u32) -> bool {
        let geometry = self.geometry;
        let tier = self.tier(set.count_ones());
        let empty = geometry.all() & !set & !(1 << x) & !(1 << y);
        bits(set).any(|p| {
            bits(geometry.steps[p as usize] & empty).any(|q| {
                let next = set ^ (1 << p) ^ (1 << q);
                next & geometry.fortress == geometry.fortress
                    || !tier.get(rank(next), pair_of(geometry.all() & !next, x, y))
            })
        })
    }

    /// The attacker moves of `set` into `scratch.steps`.
    fn steps(&self, set: u64, free: u64, scratch: &mut Scratch) {
        let geometry = self.geometry;
        scratch.steps.clear();
        for p in bits(set) {
            for q in bits(geometry.steps[p as usize] & free) {
                let next = set ^ (1 << p) ^ (1 << q);
                let mut moved = [0u8; 64];
                for (i, x) in bits(free).enumerate() {
                    moved[i] = (i as u32 - u32::from(x > q) + u32::from(x > p)) as u8;
                }
                scratch.steps.push(Step {
                    target: index_in(free, q),
                    fills: next & geometry.fortress == geometry.fortress,
                    rank: rank(next),
                    moved,
                });
            }
        }
    }

    /// Whether the defender to move wins with the defenders on `x` and
    /// `y`; `attacker` is the set's attacker-to-move block.
    fn defender_wins(
        &self,
        tier: &Tier,
        set: u64,
        free: u64,
        (x, y): (u32, u32),
        attacker: &Block,
        scratch: &mut Scratch,
    ) -> bool {
        let geometry = self.geometry;
        captures(
            geometry,
            self.play,
            set,
            free,
            (x, y),
            &mut scratch.captures,
        );
        for c in &scratch.captures {
            let rest = tier.attackers - c.taken.count_ones();
            if rest < self.play.threshold {
                return true;
            }
            if !self.attacker_wins(set & !c.taken, c.stays, c.land) {
                return true;
            }
        }
        if self.play.forced && !scratch.captures.is_empty() {
            return false;
        }
        steps_to_a_loss(geometry, free, (x, y), attacker)
    }
}

/// Whether a defender's step from `x` or `y` (the attackers' free points
/// `free`) leaves the attacker to move a lost position, by the set's
/// attacker-to-move block `attacker`.
pub(crate) fn steps_to_a_loss(
    geometry: &Geometry,
    free: u64,
    (x, y): (u32, u32),
    attacker: &[u64],
) -> bool {
    [(x, y), (y, x)].into_iter().any(|(d, o)| {
        bits(geometry.neighbours[d as usize] & free & !(1 << o)).any(|q| {
            let k = pair_of(free, o, q);
            attacker[k / 64] >> (k % 64) & 1 == 0
        })
    })
}

/// The capture chains of the defender on `at` (the other stays on
/// `stays`) through the attackers `set`, having taken `taken`, into `out`;
/// every landing point it looks at (whether `landable` holds it) into
/// `looked`.
pub(crate) fn chains(
    geometry: &Geometry,
    play: Play,
    set: u64,
    (at, stays): (u32, u32),
    landable: u64,
    taken: u64,
    (out, looked): (&mut Vec<Jump>, &mut u64),
) {
    let mut push = |jump, _, _| {
        out.push(jump);
        false
    };
    chains_until(
        geometry,
        play,
        set,
        (at, stays),
        landable,
        (taken, 0),
        (looked, &mut push),
    );
}

/// [`chains`], each capture handed to `found` with the points its path
/// landed on (`lands` so far) and the points looked at so far, until
/// `found` says to stop: then `true`, and `looked` holds only the points
/// looked at so far.
pub(crate) fn chains_until(
    geometry: &Geometry,
    play: Play,
    set: u64,
    (at, stays): (u32, u32),
    landable: u64,
    (taken, lands): (u64, u64),
    (looked, found): (&mut u64, &mut impl FnMut(Jump, u64, u64) -> bool),
) -> bool {
    let mut more = false;
    if !(play.chain == Chain::Single && taken != 0) {
        let jumps = &geometry.jumps[at as usize];
        for over in bits(jumps.over & set & !taken) {
            let land = u32::from(jumps.land[over as usize]);
            *looked |= 1 << land;
            if landable >> land & 1 == 1 {
                more = true;
                let path = (taken | 1 << over, lands | 1 << land);
                if chains_until(
                    geometry,
                    play,
                    set,
                    (land, stays),
                    landable,
                    path,
                    (looked, found),
                ) {
                    return true;
                }
            }
        }
    }
    taken != 0
        && (!more || play.chain != Chain::MustContinue)
        && found(
            Jump {
                stays,
                land: at,
                taken,
            },
            lands,
            *looked,
        )
}

/// The captures open to the defenders on `x` and `y` against `set`
/// (whose free points are `free`), only the largest where the rules say
/// so, into `out`.
pub(crate) fn captures(
    geometry: &Geometry,
    play: Play,
    set: u64,
    free: u64,
    (x, y): (u32, u32),
    out: &mut Vec<Jump>,
) {
    out.clear();
    for (d, o) in [(x, y), (y, x)] {
        chains_beside(geometry, play, set, free, (d, o), out);
    }
    keep_most(play, out);
}

/// The capture chains of the defender on `d` beside the other on `o`.
fn chains_beside(
    geometry: &Geometry,
    play: Play,
    set: u64,
    free: u64,
    (d, o): (u32, u32),
    out: &mut Vec<Jump>,
) {
    chains(
        geometry,
        play,
        set,
        (d, o),
        free & !(1 << o),
        0,
        (out, &mut 0),
    );
}

/// Only the captures that take the most, where the rules say so.
fn keep_most(play: Play, out: &mut Vec<Jump>) {
    if play.most {
        let most = out.iter().map(|c| c.taken.count_ones()).max().unwrap_or(0);
        out.retain(|c| c.taken.count_ones() == most);
    }
}

/// [`captures`] of the defenders on `x` and `y`, from the lone
/// defenders' captures `lone` of the same set (by index among `free`: a
/// defender's captures alone and every landing point they looked at; where
/// the other defender stands on none of those points, they are its
/// captures in the pair).
pub(crate) fn pair_captures(
    geometry: &Geometry,
    play: Play,
    set: u64,
    free: u64,
    (x, y): (u32, u32),
    lone: &[(u64, Vec<Jump>)],
    out: &mut Vec<Jump>,
) {
    out.clear();
    for (d, o) in [(x, y), (y, x)] {
        let (looked, jumps) = &lone[index_in(free, d) as usize];
        if looked >> o & 1 == 0 {
            out.extend(jumps.iter().map(|c| Jump { stays: o, ..*c }));
        } else {
            chains_beside(geometry, play, set, free, (d, o), out);
        }
    }
    keep_most(play, out);
}
