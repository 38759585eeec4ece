//! Packs against the tables they are made from: every value, both sides to
//! move; the reads a probe takes; damaged, stopped and foreign packs.

mod common;

use std::path::{Path, PathBuf};

use asalto_core::dense::Rng;
use asalto_core::{PointSet, Position, Rules, Side};
use asalto_solve::Value;
use asalto_solve::tables::Tables;
use asalto_solve::tables::pack::{self, PackError, PackFiles, PackOptions};
use common::{position, random_position, wins};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("asalto-pack-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Tables of `rules` to `attackers` attackers in `dir`, and a pack of
/// them in `out` in parts of at most `limit` bytes, each tier with `side`'s
/// bits (or the smaller side's).
fn built(
    rules: &Rules,
    (attackers, side): (u32, Option<Side>),
    dir: &Path,
    out: &Path,
    limit: u64,
) -> pack::Packed {
    if !dir.exists() {
        Tables::build_sliced(rules, attackers, dir, 2, 1 << 24, &mut |_| Ok(())).expect("tables");
    }
    pack::pack(
        rules,
        dir,
        out,
        0..=attackers,
        PackOptions {
            part_limit: limit,
            store: side,
            threads: 2,
        },
        &mut |_| Ok(()),
    )
    .expect("packed")
}

/// Every position of `attackers` attackers, both sides to move.
fn every_position(rules: &Rules, attackers: usize) -> Vec<Position> {
    let points: Vec<_> = rules.board().points().iter().collect();
    let n = points.len();
    let mut out = Vec::new();
    let mut chosen = vec![0usize; attackers];
    fn sets(
        n: usize,
        k: usize,
        from: usize,
        at: usize,
        chosen: &mut [usize],
        f: &mut dyn FnMut(&[usize]),
    ) {
        if at == k {
            f(chosen);
            return;
        }
        for i in from..n {
            chosen[at] = i;
            sets(n, k, i + 1, at + 1, chosen, f);
        }
    }
    sets(n, attackers, 0, 0, &mut chosen, &mut |c| {
        let a: PointSet = c.iter().map(|&i| points[i]).collect();
        for x in 0..n {
            for y in x + 1..n {
                let d: PointSet = [points[x], points[y]].into_iter().collect();
                if !(a & d).is_empty() {
                    continue;
                }
                for turn in [Side::Attacker, Side::Defender] {
                    out.extend(position(rules, (a, d), turn));
                }
            }
        }
    });
    out
}

#[test]
fn a_pack_gives_every_value_its_tables_give_whichever_side_it_stores() {
    let mut rng = Rng::new(5);
    for (n, text) in ["assault", "zwei-contra-20"].iter().enumerate() {
        let rules: Rules = format!("{text};defender-wins-below=2")
            .parse()
            .expect("rules");
        let dir = scratch(&format!("tables-{n}"));
        let tables_built = || Tables::load(&rules, &dir).expect("tables");
        let mut positions = every_position(&rules, 2);
        for a in 3..=5 {
            for i in 0..400 {
                let turn = [Side::Attacker, Side::Defender][i % 2];
                positions.extend(random_position(&rules, a, turn, &mut rng));
            }
        }
        for side in [Some(Side::Attacker), Some(Side::Defender), None] {
            let out = scratch(&format!("out-{n}-{side:?}"));
            // With fewer attackers than the fortress has points the
            // attacker cannot win: the attacker's bits are all fills (the
            // crate's own tests pack slices of every kind of bits).
            let packed = built(&rules, (5, side), &dir, &out, 16 << 10);
            let tables = tables_built();
            let mut files = PackFiles::open(&out).expect("the pack");
            assert!(files.pack().covers(&rules));
            assert_eq!(files.pack().attackers(), 2..=5);
            if let Some(side) = side {
                assert!(packed.tiers.iter().all(|t| t.side == side));
            }
            let mut seen = [0usize; 2];
            for pos in &positions {
                let value = files.value(pos).expect("a value");
                if pos.outcome().is_some() {
                    assert_eq!(value, None, "a finished game: {pos}");
                    continue;
                }
                assert_eq!(value, tables.value(pos), "{text} {side:?}: {pos}");
                seen[usize::from(value == Some(Value::Win))] += 1;
            }
            assert!(seen[0] > 1000 && seen[1] > 1000, "{text}: {seen:?}");
            // And against plain minimax.
            for pos in positions
                .iter()
                .filter(|p| p.outcome().is_none())
                .step_by(97)
            {
                let minimax = wins(pos, &mut std::collections::HashMap::new());
                let value = if minimax { Value::Win } else { Value::Loss };
                assert_eq!(files.value(pos), Ok(Some(value)));
            }
            // Every move's value, for the side that makes it.
            for pos in positions.iter().step_by(197) {
                for (m, value) in files.moves(pos).expect("moves") {
                    let next = pos.play(&m).expect("legal");
                    let won = tables.wins_by_moving(pos, &next);
                    assert_eq!(value.map(|v| v == Value::Win), won, "{text}: {pos} {m:?}");
                }
            }
            // With room for one block at a time the same values come:
            // what each round finds is kept, so no round is in vain.
            let mut narrow = PackFiles::open(&out).expect("the pack");
            narrow.pack_mut().set_budget(1);
            for pos in positions.iter().rev().step_by(13) {
                assert_eq!(narrow.moves(pos), files.moves(pos), "{text}: {pos}");
            }
            if packed.tiers.iter().any(|t| t.bytes > 0) {
                assert!(narrow.requests() > 1000, "{}", narrow.requests());
            }
            // Checked through the pack alone.
            let checked = files
                .check(0..=u32::MAX, 300, 1, 64 << 20, &mut |_| {})
                .expect("none wrong");
            assert_eq!(checked.len(), 4);
            // The counts are of every position: each tier's positions,
            // both sides to move, mirror images counted.
            let t2 = packed.tiers[0];
            let free = rules.board().points().len() as u64 - 2;
            assert_eq!(
                t2.positions(),
                2 * (free + 2) * (free + 1) / 2 * free * (free - 1) / 2
            );
            let manifest = std::fs::read_to_string(out.join("manifest.json")).expect("manifest");
            assert!(manifest.contains(&packed.files[0].0), "{manifest}");
            std::fs::remove_dir_all(&out).expect("clean up");
        }
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}

#[test]
fn a_cut_index_or_a_page_of_html_is_refused() {
    let rules: Rules = "assault;defender-wins-below=2".parse().expect("rules");
    let (dir, out) = (scratch("cut-index"), scratch("cut-index-out"));
    let packed = built(&rules, (3, None), &dir, &out, pack::PART_LIMIT);
    let index = out.join(&packed.files[0].0);
    let whole = std::fs::read(&index).expect("index");
    std::fs::write(&index, &whole[..100]).expect("cut");
    assert_eq!(PackFiles::open(&index).err(), Some(PackError::Truncated));
    std::fs::write(&index, b"<html>Not found</html>").expect("html");
    assert_eq!(PackFiles::open(&index).err(), Some(PackError::NotAPack));
    let message = PackFiles::open(&dir).err().map(|e| e.to_string());
    assert!(message.is_some_and(|m| m.contains("holds no pack")));
    for dir in [dir, out] {
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}

#[test]
fn a_stopped_pack_goes_on_to_the_same_bytes() {
    let rules: Rules = "assault;defender-wins-below=2".parse().expect("rules");
    let (dir, whole, cut) = (scratch("stop"), scratch("stop-whole"), scratch("stop-cut"));
    let packed = built(&rules, (4, None), &dir, &whole, 4096);
    let small = PackOptions {
        part_limit: 4096,
        ..PackOptions::default()
    };
    let stopped = pack::pack(&rules, &dir, &cut, 0..=4, small, &mut |t| {
        if t.attackers == 3 {
            Err(PackError::Io("stopped".into()))
        } else {
            Ok(())
        }
    });
    assert_eq!(stopped.err(), Some(PackError::Io("stopped".into())));
    assert!(cut.join(".work/03.done").exists());
    let again = pack::pack(&rules, &dir, &cut, 0..=4, small, &mut |_| Ok(())).expect("packed");
    assert_eq!(
        again.files, packed.files,
        "the same files, named by their bytes, packed on two threads or one"
    );
    assert_eq!(again.tiers, packed.tiers);
    assert!(!cut.join(".work").exists());
    // Tiers not built: up to the last whole one; none whole is an error.
    let most = pack::pack(&rules, &dir, &cut, 0..=7, small, &mut |_| Ok(())).expect("packed");
    assert_eq!(most.files, packed.files);
    let missing = pack::pack(&rules, &dir, &cut, 5..=7, small, &mut |_| Ok(()));
    assert!(
        matches!(&missing, Err(PackError::Tables(m)) if matches!(m, asalto_solve::tables::TablesError::Missing(w) if w.contains("tier 5 is not whole"))),
        "{missing:?}"
    );
    let other: Rules = "simplified;defender-wins-below=2".parse().expect("rules");
    let foreign = pack::pack(&other, &dir, &cut, 0..=4, small, &mut |_| Ok(()));
    assert!(foreign.is_err());
    for dir in [dir, whole, cut] {
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}
