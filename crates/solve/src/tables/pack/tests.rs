//! Packs of slices whose attacker bits are of every kind (all won, all
//! lost, sparse, dense, random), not the rules' values: every bit read
//! back through the pack, the reads a probe takes, damaged parts.

use std::path::{Path, PathBuf};

use asalto_core::Rules;
use asalto_core::dense::Rng;

use super::super::Tables;
use super::super::geometry::bits;
use super::super::index::pair_of;
use super::super::slices::Slice;
use super::{Answer, Pack, PackError, PackFiles, PackOptions, Packed, pack};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("asalto-packed-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn rules() -> Rules {
    "assault;defender-wins-below=2".parse().expect("rules")
}

/// Writes slices of tiers 2 and 3 in `dir` with bits of every kind, and
/// returns them by tier and profile.
fn synthetic(dir: &Path) -> Vec<(u32, u64, Slice)> {
    let tables = Tables::empty(&rules()).expect("tables");
    let store = tables.store(dir, 1 << 24).expect("store");
    let mut rng = Rng::new(17);
    let mut out = Vec::new();
    for a in 2..=3 {
        let (pairs, words) = (store.pairs(a), store.words(a));
        for (n, profile) in store.slicing.profiles(a).into_iter().enumerate() {
            let sets = store.slicing.sets(profile) as usize;
            let mut attacker = vec![0u64; sets * words];
            for (i, row) in attacker.chunks_exact_mut(words).enumerate() {
                for k in 0..pairs {
                    let one = match (n + i / 50) % 5 {
                        0 => false,
                        1 => true,
                        2 => rng.below(200) == 0,
                        3 => rng.below(200) != 0,
                        _ => rng.below(2) == 0,
                    };
                    row[k / 64] |= u64::from(one) << (k % 64);
                }
            }
            let bits: Vec<u64> = attacker.iter().map(|w| !w).collect();
            let mut masked = bits.clone();
            for row in masked.chunks_exact_mut(words) {
                for (j, w) in row.iter_mut().enumerate() {
                    let left = pairs.saturating_sub(64 * j).min(64);
                    *w &= if left == 64 {
                        u64::MAX
                    } else {
                        (1 << left) - 1
                    };
                }
            }
            let slice = Slice::new(masked, attacker, pairs);
            store.write(profile, &slice).expect("written");
            out.push((a, profile, slice));
        }
    }
    out
}

/// Synthetic slices in a fresh folder, packed in parts of at most `limit`
/// bytes: the folders, the slices and what was packed.
fn packed(name: &str, limit: u64) -> (PathBuf, PathBuf, Vec<(u32, u64, Slice)>, Packed) {
    let (dir, out) = (scratch(name), scratch(&format!("{name}-out")));
    let slices = synthetic(&dir);
    let packed = pack(
        &rules(),
        &dir,
        &out,
        2..=3,
        PackOptions {
            part_limit: limit,
            ..PackOptions::default()
        },
        &mut |_| Ok(()),
    )
    .expect("packed");
    (dir, out, slices, packed)
}

/// The bit `slice` holds at `set` (at `index`, its free points `free`)
/// and the defenders on `x` and `y`, with the side `pack` stores to move.
fn kept(pack: &Pack, slice: &Slice, (set, index, free): (u64, u64, u64), x: u32, y: u32) -> bool {
    let k = pair_of(free, x, y);
    match pack.stored(set.count_ones()) {
        Some(asalto_core::Side::Attacker) => slice.attacker_wins(index, k),
        _ => slice.get(index, k),
    }
}

#[test]
fn every_bit_and_its_mirror_image_reads_back() {
    let (dir, out, slices, packed) = packed("bits", 8 << 10);
    assert!(packed.files.len() > 3, "several parts: {:?}", packed.files);
    assert!(packed.files.iter().skip(1).all(|f| f.1 <= 8 << 10));
    let tables = Tables::empty(&rules()).expect("tables");
    let (g, slicing) = (
        &tables.geometry,
        tables.store(&dir, 0).expect("store").slicing,
    );
    let mut files = PackFiles::open(&out).expect("opened");
    let mut checked = 0u64;
    for (_, profile, slice) in &slices {
        let layout = slicing.layout(*profile);
        for index in 0..layout.sets() {
            let set = slicing.decode(*profile, &layout, index);
            let image = g.mirror_set(set);
            let free = g.all() & !set;
            for x in bits(free) {
                for y in bits(free & !((2 << x) - 1)) {
                    let kept = kept(files.pack(), slice, (set, index, free), x, y);
                    if !files.pack().stores(set, x, y) {
                        // Decided by one more ply: its bit is not read.
                        continue;
                    }
                    let read = files.resolve(|p| p.bit(set, x, y));
                    assert_eq!(read, Ok(kept), "{set:x} {x} {y}");
                    // A set that is its own image keeps both positions
                    // (these bits need not agree with their images').
                    if image != set {
                        let m = |p: u32| u32::from(g.mirror[p as usize]);
                        let read = files.resolve(|p| p.bit(image, m(x), m(y)));
                        assert_eq!(read, Ok(kept), "the image of {set:x} {x} {y}");
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 500_000, "{checked}");
    // Bits that are not the rules' values do not pass a check.
    let wrong = files.check(3..=3, 1000, 1, 64 << 20, &mut |_| {});
    assert!(
        matches!(&wrong, Err(PackError::Corrupt(m)) if m.contains("its moves say")),
        "{wrong:?}"
    );
    // Each tier's positions, both sides to move, mirror images counted.
    let t3 = packed.tiers[1];
    assert_eq!(t3.positions(), 2 * 5456 * 435);
    for dir in [dir, out] {
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}

#[test]
fn a_cold_look_takes_two_reads_and_a_warm_one_none() {
    let (dir, out, slices, _) = packed("cold", super::PART_LIMIT);
    let tables = Tables::empty(&rules()).expect("tables");
    let slicing = tables.store(&dir, 0).expect("store").slicing;
    let mut most = 0;
    for (_, profile, _) in slices.iter().step_by(7) {
        let set = slicing.decode(*profile, &slicing.layout(*profile), 0);
        let mut free = bits(tables.geometry.all() & !set);
        let (x, y) = (free.next().expect("x"), free.next().expect("y"));
        let mut files = PackFiles::open(&out).expect("opened");
        files.resolve(|p| p.bit(set, x, y)).expect("read");
        most = most.max(files.requests());
        let before = files.requests();
        files.resolve(|p| p.bit(set, x, y)).expect("read");
        assert_eq!(files.requests(), before, "warm");
    }
    assert_eq!(most, 2, "a leaf directory and a block");
    for dir in [dir, out] {
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}

#[test]
fn tiers_packed_before_the_build_ends_are_kept_for_the_next_run() {
    let (dir, out) = (scratch("grow"), scratch("grow-out"));
    synthetic(&dir);
    let mut heard = Vec::new();
    let first = pack(
        &rules(),
        &dir,
        &out,
        2..=5,
        PackOptions::default(),
        &mut |t| {
            heard.push(t.attackers);
            Ok(())
        },
    )
    .expect("packed");
    assert_eq!(heard, [2, 3], "the whole tiers");
    assert!(
        out.join(".work/03.done").exists(),
        "kept while tier 4 is missing"
    );
    // The next run packs nothing again (a tier's slice gone unread) and
    // writes the same files.
    let tables = Tables::empty(&rules()).expect("tables");
    let store = tables.store(&dir, 0).expect("store");
    let gone = store.path(store.slicing.profiles(3)[0]);
    std::fs::remove_file(&gone).expect("a slice of tier 3");
    let again = pack(
        &rules(),
        &dir,
        &out,
        2..=3,
        PackOptions::default(),
        &mut |_| Ok(()),
    )
    .expect("packed from the work folder");
    assert_eq!(again.files, first.files);
    assert!(!out.join(".work").exists(), "every tier asked is packed");
    for dir in [dir, out] {
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}

#[test]
fn a_damaged_block_is_refused_never_misread() {
    let (dir, out, slices, packed) = packed("damage", super::PART_LIMIT);
    let data = out.join(&packed.files[1].0);
    let mut bytes = std::fs::read(&data).expect("part");
    for i in [bytes.len() / 3, bytes.len() * 2 / 3] {
        bytes[i] ^= 0x5a;
    }
    std::fs::write(&data, &bytes).expect("damaged");
    let tables = Tables::empty(&rules()).expect("tables");
    let slicing = tables.store(&dir, 0).expect("store").slicing;
    let (mut refused, mut read) = (0, 0);
    for (_, profile, slice) in &slices {
        let layout = slicing.layout(*profile);
        let index = layout.sets() / 2;
        let set = slicing.decode(*profile, &layout, index);
        let free = tables.geometry.all() & !set;
        let mut points = bits(free);
        let (x, y) = (points.next().expect("x"), points.next().expect("y"));
        let mut files = PackFiles::open(&out).expect("the index is whole");
        match files.resolve(|p| p.bit(set, x, y)) {
            Ok(_) if !files.pack().stores(set, x, y) => read += 1,
            Ok(won) => {
                assert_eq!(won, kept(files.pack(), slice, (set, index, free), x, y));
                read += 1;
            }
            Err(PackError::Corrupt(_)) => refused += 1,
            Err(e) => panic!("{e}"),
        }
    }
    assert!(refused > 0 && read > 20, "{refused} refused, {read} read");
    // Bytes of the wrong length, as a host that ignores ranges sends.
    let whole = std::fs::read(&packed.index).expect("index");
    let mut cold = Pack::open(&whole).expect("opened");
    let set = slicing.decode(slices[9].1, &slicing.layout(slices[9].1), 0);
    let mut free = bits(tables.geometry.all() & !set);
    let (x, y) = (free.next().expect("x"), free.next().expect("y"));
    let Ok(Answer::Need(needs)) = cold.bit(set, x, y) else {
        panic!("a cold pack needs its leaf directory");
    };
    assert!(matches!(
        cold.supply(needs[0], &whole),
        Err(PackError::Corrupt(_))
    ));
    for dir in [dir, out] {
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}

#[test]
fn random_and_cut_bytes_are_refused_without_a_panic() {
    let (dir, out, slices, packed) = packed("random", super::PART_LIMIT);
    let index = std::fs::read(&packed.index).expect("index");
    let mut rng = Rng::new(23);
    let mut noise = |n: usize| -> Vec<u8> { (0..n).map(|_| rng.below(256) as u8).collect() };
    // Headers: noise, every cut of the real one, and flipped bytes.
    for n in [0, 1, 8, 30, 200, 5000] {
        assert!(Pack::open(&noise(n)).is_err());
    }
    let head = super::format::Header::parse(&index)
        .expect("header")
        .to_bytes()
        .len();
    for cut in 0..head {
        assert!(Pack::open(&index[..cut]).is_err(), "cut at {cut}");
    }
    for i in 0..head {
        let mut bad = index.clone();
        bad[i] ^= 0x24;
        let _ = Pack::open(&bad);
    }
    // Leaf directories and blocks: noise and cuts in place of the bytes
    // asked for.
    let tables = Tables::empty(&rules()).expect("tables");
    let slicing = tables.store(&dir, 0).expect("store").slicing;
    for (_, profile, _) in slices.iter().step_by(3) {
        let set = slicing.decode(*profile, &slicing.layout(*profile), 0);
        let mut free = bits(tables.geometry.all() & !set);
        let (x, y) = (free.next().expect("x"), free.next().expect("y"));
        let mut pack = Pack::open(&index).expect("opened");
        while let Ok(Answer::Need(needs)) = pack.bit(set, x, y) {
            let need = needs[0];
            let n = need.length as usize;
            assert!(
                pack.supply(need, &noise(n)).is_err() || n < 8,
                "noise taken"
            );
            assert!(pack.supply(need, &noise(n / 2)).is_err(), "a cut taken");
            let file = if need.part == 0 {
                packed.index.clone()
            } else {
                out.join(&packed.files[usize::from(need.part)].0)
            };
            let bytes = std::fs::read(file).expect("part");
            let at = need.offset as usize;
            pack.supply(need, &bytes[at..at + n])
                .expect("the real bytes");
        }
    }
    for dir in [dir, out] {
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}

#[test]
fn a_tier_stopped_half_way_goes_on_to_the_same_bytes() {
    use super::tier::{Checkpoints, Tier, pack_tier};
    use std::time::Duration;
    let dir = scratch("resume");
    synthetic(&dir);
    let tables = Tables::empty(&rules()).expect("tables");
    let store = tables.store(&dir, 1 << 24).expect("store");
    let geometry = &tables.geometry;
    let work = scratch("resume-work");
    std::fs::create_dir_all(&work).expect("work");
    let read = |stem: &Path| {
        ["blocks", "entries", "counts"]
            .map(|ext| std::fs::read(stem.with_extension(ext)).expect(ext))
    };
    let slices = store.slicing.profiles(3).len() as u64;
    assert!(slices > 6, "{slices} slices");
    let whole = |side| {
        let stem = work.join(format!("whole-{side:?}"));
        let every = Checkpoints {
            every: Duration::ZERO,
            stop_after: None,
        };
        let Ok(Tier::Packed(counts)) =
            pack_tier(&store, geometry, (3, side), &stem, u64::MAX, every)
        else {
            panic!("packed");
        };
        (read(&stem), counts)
    };
    for side in [asalto_core::Side::Attacker, asalto_core::Side::Defender] {
        let (bytes, counts) = whole(side);
        // Stopped three times, a checkpoint after every slice: after 1
        // slice, 2 more, 3 more; then to the end.
        let stem = work.join(format!("stopped-{side:?}"));
        for n in [1, 2, 3] {
            let stop = Checkpoints {
                every: Duration::ZERO,
                stop_after: Some(n),
            };
            let stopped = pack_tier(&store, geometry, (3, side), &stem, u64::MAX, stop);
            assert!(
                matches!(stopped, Err(PackError::Io(ref m)) if m.contains("stopped")),
                "{n}"
            );
        }
        // Bytes written after the last checkpoint are cut away.
        let blocks = stem.with_extension("blocks");
        let mut extra = std::fs::read(&blocks).expect("blocks");
        extra.extend_from_slice(b"written after the checkpoint");
        std::fs::write(&blocks, extra).expect("written");
        let every = Checkpoints {
            every: Duration::ZERO,
            stop_after: None,
        };
        let Ok(Tier::Packed(again)) =
            pack_tier(&store, geometry, (3, side), &stem, u64::MAX, every)
        else {
            panic!("packed");
        };
        assert_eq!(again, counts, "{side:?}");
        assert_eq!(read(&stem), bytes, "{side:?}");
        assert!(!stem.with_extension("resume").exists());
        // Packed already: not again.
        std::fs::write(&blocks, b"kept").expect("written");
        let Ok(Tier::Packed(kept)) = pack_tier(&store, geometry, (3, side), &stem, u64::MAX, every)
        else {
            panic!("packed");
        };
        assert_eq!(
            (kept, std::fs::read(&blocks).expect("blocks")),
            (counts, b"kept".to_vec())
        );
    }
    // A damaged resume file is ignored: the tier starts again.
    let side = asalto_core::Side::Defender;
    let (bytes, _) = whole(side);
    let stem = work.join("damaged");
    let stop = Checkpoints {
        every: Duration::ZERO,
        stop_after: Some(2),
    };
    assert!(pack_tier(&store, geometry, (3, side), &stem, u64::MAX, stop).is_err());
    let resume = stem.with_extension("resume");
    let mut changed = std::fs::read(&resume).expect("resume");
    let middle = changed.len() / 2;
    changed[middle] ^= 0x10;
    std::fs::write(&resume, changed).expect("written");
    let every = Checkpoints {
        every: Duration::ZERO,
        stop_after: None,
    };
    assert!(matches!(
        pack_tier(&store, geometry, (3, side), &stem, u64::MAX, every),
        Ok(Tier::Packed(_))
    ));
    assert_eq!(read(&stem), bytes);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&work);
}
