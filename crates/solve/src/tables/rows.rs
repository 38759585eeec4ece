//! The attacker-to-move block of a set being filled, row by row, moved
//! across from its steps' next sets in a few shifts a row instead of a
//! look-up a pair.

use super::geometry::{Geometry, bits};
use super::index::{bits_at, index_in, low, pair};
use super::located::Step;

/// The attacker-to-move block of the set whose free points are `free`,
/// row by row: bit `i` of row `j` (`i < j`, indices among `free`) is set
/// where the attacker to move wins with the defenders on those points, by
/// one of `steps`. A step wins at every pair off its target whose next
/// position the defender to move loses (every pair, if it fills the
/// fortress). A step's row of pairs is its next set's, the free points of
/// both in the same order but for the step's two points, so each row is
/// moved across in a few shifts. A step to a set kept as its mirror image
/// is read in the mirror image of this set, whose rows are mapped back
/// once at the end.
pub(super) fn attacker_rows(geometry: &Geometry, free: u64, steps: &[Step]) -> [u64; 64] {
    let f = free.count_ones();
    let mut rows = [0u64; 64];
    let mut mirrored_rows = [0u64; 64];
    // The mirror image's free points, where a step's next set is kept as
    // its image (0 where none is).
    let mirrored_free = if steps
        .iter()
        .any(|s| s.next.as_ref().is_some_and(|n| n.mirrored))
    {
        geometry.mirror_set(free)
    } else {
        0
    };
    for s in steps {
        let Some(next) = &s.next else {
            let t = index_in(free, s.target);
            for (j, row) in rows.iter_mut().enumerate().take(f as usize) {
                if j as u32 != t {
                    *row |= low(j as u32) & !(1 << t);
                }
            }
            continue;
        };
        let (frame, from, target, out) = if next.mirrored {
            let m = |p: u32| u32::from(geometry.mirror[p as usize]);
            (mirrored_free, m(s.from), m(s.target), &mut mirrored_rows)
        } else {
            (free, s.from, s.target, &mut rows)
        };
        let t = index_in(frame, target);
        let gone = index_in(next.free, from);
        let words = next.slice.words;
        let row = &next.slice.bits[next.index as usize * words..][..words];
        for jn in 1..f {
            if jn == gone {
                continue;
            }
            // The pairs with the next set's `jn`-th free point lost by the
            // defender to move, the step's start left out, its target put in.
            let lost = !bits_at(row, pair(0, jn), jn as usize) & low(jn);
            let u = jn - u32::from(jn > gone);
            let j = u + u32::from(u >= t);
            let lost = (lost & low(gone)) | (lost >> 1 & !low(gone));
            out[j as usize] |= (lost & low(t)) | (lost << 1 & !low(t + 1));
        }
    }
    if mirrored_free != 0 {
        let mut image = [0u32; 64];
        for (i, a) in bits(mirrored_free).enumerate() {
            image[i] = index_in(free, geometry.mirror[a as usize].into());
        }
        for (j, &row) in mirrored_rows.iter().enumerate().take(f as usize) {
            let b = image[j];
            for i in bits(row) {
                let a = image[i as usize];
                if a < b {
                    rows[b as usize] |= 1 << a;
                } else {
                    rows[a as usize] |= 1 << b;
                }
            }
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::super::geometry::{Geometry, bits};
    use super::super::index::{pair, pairs};
    use super::super::located::{Located, Step};
    use super::super::slices::Slice;
    use super::attacker_rows;
    use std::sync::Arc;

    /// The attacker-to-move rows, moved across from each step's next set
    /// in a few shifts, hold what the rule says pair by pair (a step wins
    /// off its target where the defender to move loses next, everywhere
    /// if it fills the fortress), for steps to sets kept as themselves and
    /// as their mirror images, whose next rows are random bits.
    #[test]
    fn attacker_rows_hold_the_rule_pair_by_pair() {
        let rules = "assault".parse().expect("rules");
        let geometry = Geometry::new(&rules).expect("geometry");
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut random = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut wins = [0usize; 2];
        for round in 0..400 {
            // A set of 6 to 24 attackers.
            let size = 6 + round % 19;
            let mut set = 0u64;
            while set.count_ones() < size {
                set |= 1 << (random() % u64::from(geometry.len()));
            }
            let free = geometry.all() & !set;
            let f = free.count_ones();
            let words = pairs(f).div_ceil(64);
            let mut steps = Vec::new();
            for p in bits(set) {
                for q in bits(geometry.steps[p as usize] & !set) {
                    let next = if random() % 12 == 0 {
                        None
                    } else {
                        let mirrored = random() % 2 == 0;
                        let after = set ^ 1 << p ^ 1 << q;
                        let kept = if mirrored {
                            geometry.mirror_set(after)
                        } else {
                            after
                        };
                        // Mostly won by the defender to move, as at most tiers.
                        let row = (0..words).map(|_| random() | random()).collect();
                        Some(Located {
                            slice: Arc::new(Slice::new(row, vec![0; words], pairs(f))),
                            index: 0,
                            mirrored,
                            free: geometry.all() & !kept,
                        })
                    };
                    steps.push(Step {
                        from: p,
                        target: q,
                        next,
                    });
                }
            }
            let rows = attacker_rows(&geometry, free, &steps);
            let points: Vec<u32> = bits(free).collect();
            for j in 1..f {
                for i in 0..j {
                    let (x, y) = (points[i as usize], points[j as usize]);
                    let rule = steps.iter().any(|s| {
                        s.target != x
                            && s.target != y
                            && s.next
                                .as_ref()
                                .is_none_or(|n| !n.defender_wins(&geometry, x, y))
                    });
                    let row = rows[j as usize] >> i & 1 == 1;
                    assert_eq!(row, rule, "set {set:b}, pair {}", pair(i, j));
                    wins[usize::from(rule)] += 1;
                }
            }
            assert_eq!(
                rows[f as usize..],
                [0; 64][f as usize..],
                "rows past the free points"
            );
        }
        assert!(
            wins[0] > 1000 && wins[1] > 1000,
            "both values met: {wins:?}"
        );
    }
}
