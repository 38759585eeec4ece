//! The sliced build's order: tiers upwards, a tier's slices by
//! [`Slicing::key`](super::profile::Slicing::key), the slices of one key on
//! every thread at once (they never read each other), each written and
//! kept as it is sealed, and its progress told.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};

use super::error::TablesError;
use super::profile::Profile;
use super::sliced::Filler;

/// How a sliced build is going, after each slice.
#[derive(Debug, Clone, Copy)]
pub struct SliceProgress {
    /// The tier's attacker count.
    pub attackers: u32,
    /// Slices of the tier complete, and how many it has.
    pub slices: (usize, usize),
    /// Positions filled by this run, and how many are left to fill (up to
    /// the tier asked for).
    pub positions: (u64, u64),
    /// Slices read from disk, and asked for.
    pub reads: (u64, u64),
    /// Bytes written by this run.
    pub written: u64,
    /// Seconds since the build started.
    pub seconds: f64,
}

/// Builds the slices of tiers up to `attackers` in `store`, continuing
/// from the slices there. `progress` hears of every slice and may stop the
/// build.
///
/// # Errors
///
/// A slice that cannot be read or written, or what `progress` returns.
pub(crate) fn build(
    filler: &Filler,
    tiers: std::ops::RangeInclusive<u32>,
    threads: usize,
    progress: &mut dyn FnMut(&SliceProgress) -> Result<(), TablesError>,
) -> Result<(), TablesError> {
    let store = filler.store;
    let slicing = &store.slicing;
    let start = std::time::Instant::now();
    let positions = |p: Profile| store.positions(p);
    let todo: Vec<Vec<(Profile, bool)>> = tiers
        .clone()
        .map(|a| {
            slicing
                .profiles(a)
                .into_iter()
                .map(|p| (p, store.has(p)))
                .collect()
        })
        .collect();
    let mut left: u64 = todo
        .iter()
        .flatten()
        .filter(|(_, done)| !done)
        .map(|&(p, _)| positions(p))
        .sum();
    let (mut filled, mut written) = (0, 0);
    for (a, profiles) in tiers.zip(&todo) {
        store.attacker_only_below(a);
        let mut done = profiles.iter().filter(|(_, done)| *done).count();
        let left_out: Vec<Profile> = profiles
            .iter()
            .filter(|(_, done)| !done)
            .map(|&(p, _)| p)
            .collect();
        // Slices of one key do not read each other: `threads` at a time.
        for group in left_out.chunk_by(|&p, &q| slicing.key(p) == slicing.key(q)) {
            let next = AtomicUsize::new(0);
            let stop = AtomicBool::new(false);
            let (sent, made) = std::sync::mpsc::channel();
            let mut failed = None;
            std::thread::scope(|scope| {
                for _ in 0..threads.clamp(1, group.len()) {
                    let sent = sent.clone();
                    let (next, stop) = (&next, &stop);
                    scope.spawn(move || {
                        while !stop.load(Relaxed) {
                            let Some(&profile) = group.get(next.fetch_add(1, Relaxed)) else {
                                break;
                            };
                            if sent.send((profile, filler.slice(profile))).is_err() {
                                break;
                            }
                        }
                    });
                }
                drop(sent);
                for (profile, slice) in made {
                    if failed.is_some() {
                        continue;
                    }
                    let result = slice.and_then(|slice| {
                        written += store.write(profile, &slice)?;
                        store.keep(profile, slice);
                        let n = positions(profile);
                        (filled, left, done) = (filled + n, left - n, done + 1);
                        progress(&SliceProgress {
                            attackers: a,
                            slices: (done, profiles.len()),
                            positions: (filled, left),
                            reads: store.hits(),
                            written,
                            seconds: start.elapsed().as_secs_f64(),
                        })
                    });
                    if let Err(e) = result {
                        stop.store(true, Relaxed);
                        failed = Some(e);
                    }
                }
            });
            if let Some(e) = failed {
                return Err(e);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::build::Filler;
    use super::super::geometry::bits;
    use super::super::index::{pair, rank};
    use super::super::{Tables, TablesError};
    use std::path::PathBuf;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("asalto-sliced-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    /// Every slice of every tier holds the bits the whole-tier build holds
    /// with the defender to move, and with the attacker to move the values
    /// one ply above them; a stopped build goes on (one killed while
    /// writing a slice too).
    #[test]
    fn slices_hold_the_whole_build_bits() {
        for (n, text) in [
            "assault;defender-wins-below=2",
            "fuchs-und-henne;defender-wins-below=2",
            "assault;capture=optional;chain=may-stop;defender-wins-below=3",
            "assault;chain=single;defender-wins-below=2",
            "assault;max-capture=yes;defender-wins-below=2",
        ]
        .iter()
        .enumerate()
        {
            let rules = text.parse().expect("rules");
            let whole = scratch(&format!("whole-{n}"));
            let tables = Tables::build(&rules, 5, &whole, 2, &mut |_| {}).expect("whole");
            let sliced = scratch(&format!("sliced-{n}"));
            let mut stops = 0;
            let mut slices = 0;
            // Stopped after 40 slices, then run again to the end.
            let stopped = Tables::build_sliced(&rules, 5, &sliced, 2, 1 << 20, &mut |_| {
                stops += 1;
                if stops == 40 {
                    Err(TablesError::Stopped("stop".to_owned()))
                } else {
                    Ok(())
                }
            });
            assert_eq!(
                stopped,
                Err(TablesError::Stopped("stop".to_owned())),
                "{text}"
            );
            // A build killed while writing a slice leaves its half-written
            // `.part` file, never a `.slc`: the next run writes it whole.
            let store = tables.store(&sliced, 0).expect("the slices");
            let slicing = &store.slicing;
            let killed = (tables.tiers.iter())
                .flat_map(|tier| slicing.profiles(tier.attackers))
                .find(|&p| !store.has(p))
                .expect("a slice left to fill");
            let part = store.path(killed).with_extension("part");
            std::fs::create_dir_all(part.parent().expect("tier folder")).expect("folder");
            std::fs::write(&part, b"asalto-slice 1\nhalf").expect("half a slice");
            Tables::build_sliced(&rules, 5, &sliced, 2, 1 << 20, &mut |p| {
                slices += 1;
                assert!(p.slices.0 <= p.slices.1);
                Ok(())
            })
            .expect("sliced");
            assert!(
                store.has(killed) && !part.exists(),
                "{text}: the killed slice"
            );
            let one_ply = Filler {
                geometry: &tables.geometry,
                play: tables.play,
                tiers: &tables.tiers,
            };
            let geometry = &tables.geometry;
            let (mut total, mut won) = (0, [0; 2]);
            for tier in &tables.tiers {
                for profile in slicing.profiles(tier.attackers) {
                    let slice = store.get(profile).expect("a slice");
                    let layout = slicing.layout(profile);
                    for index in 0..layout.sets() {
                        let set = slicing.decode(profile, &layout, index);
                        let block = tier.block(rank(set));
                        let at = index as usize * slice.words;
                        let words = &slice.bits[at..][..slice.words];
                        assert_eq!(words, &block[..slice.words], "{text}: set {set:b}");
                        total += 1;
                        // The attacker's bits of every fourth set, each
                        // pair's from its steps.
                        if set & geometry.fortress == geometry.fortress || index % 4 != 0 {
                            continue;
                        }
                        let points: Vec<u32> = bits(geometry.all() & !set).collect();
                        for j in 1..points.len() {
                            for i in 0..j {
                                let k = pair(i as u32, j as u32);
                                let stored = slice.attacker[at + k / 64] >> (k % 64) & 1 == 1;
                                let rule = one_ply.attacker_wins(set, points[i], points[j]);
                                assert_eq!(
                                    stored, rule,
                                    "{text}: set {set:b}, attacker to move, pair {k}"
                                );
                                won[usize::from(rule)] += 1;
                            }
                        }
                    }
                }
            }
            assert!(total > 1000, "{text}: {total} sets compared");
            // With so few attackers the attacker to move never wins here
            // (no fortress to fill, no pair of defenders hemmed in): the
            // checks of real tiers (`tables check`) meet both values.
            assert!(won[0] > 1000, "{text}: attacker to move won {won:?}");
            assert!(slices > 0, "{text}: the second run had slices left to fill");
            let _ = std::fs::remove_dir_all(&whole);
            let _ = std::fs::remove_dir_all(&sliced);
        }
    }
}
