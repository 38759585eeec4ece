//! Endgame tables: the value of every position with few attackers, found
//! backwards from the end of the game and kept one bit per position.
//!
//! Under the rule sets the solver takes ([`crate::repeats`]) every
//! attacker step lowers the attackers' *level* (the sum over them of the
//! most steps that can follow from their points) and every capture lowers
//! their number, so positions fall into tiers by attacker count and, in a
//! tier, into levels; a position's successors lie in lower tiers, in lower
//! levels of its tier, or (a defender's step) in the same attacker set
//! with the other side to move. Filling each attacker set's
//! attacker-to-move bits and then its defender-to-move bits, level by
//! level and tier by tier, therefore needs no iteration: every value is
//! final when written.
//!
//! The whole-tier build keeps only the defender-to-move positions, one
//! bit each: the attacker to move wins when one of its steps fills the
//! fortress or leaves the defender a lost position, a ply that costs a few
//! lookups. Slices keep both sides' bits: a capture leads to a position
//! with the attacker to move, and a build reads it in one look. Only one
//! of each mirror-image pair of attacker sets is kept.
//!
//! Two builds fill the same bits. [`Tables::build_sliced`], the one the
//! command line runs, fills a tier a slice (`profile.rs`) at a time with
//! only the slices its moves reach in memory, a file a slice
//! (`slices.rs`), and reads them back as positions are asked for.
//! [`Tables::build`] holds whole tiers in memory, a file a tier written
//! level by level (`file.rs`): the reference the sliced build is tested
//! against, for small tables.

pub(crate) mod build;
mod draw;
mod error;
pub(crate) mod file;
#[doc(hidden)]
pub mod fuzz;
pub(crate) mod geometry;
pub(crate) mod index;
mod located;
pub mod pack;
pub(crate) mod profile;
mod query;
mod rows;
mod schedule;
mod slice_file;
mod sliced;
mod slices;
mod tier;

use std::ops::RangeInclusive;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::Instant;

use asalto_core::{KEYS, Rules};

use build::{Filler, Play, Scratch};
use geometry::Geometry;
use tier::Tier;

pub use error::TablesError;
pub use query::Checked;

/// What [`Tables::refill`] did.
#[derive(Debug, Clone, Copy, Default)]
pub struct Refilled {
    /// Slices filled again.
    pub slices: usize,
    /// Positions they hold (both sides to move).
    pub positions: u64,
    /// Seconds it took.
    pub seconds: f64,
    /// Slices whose bits (either side to move) differ from their file's.
    pub differ: usize,
}
pub use schedule::SliceProgress;

/// The rule options the tables depend on, as a rule set: play after the
/// defenders are placed does not depend on where pieces start or who
/// moves first.
pub fn table_rules(rules: &Rules) -> String {
    let mut text = String::from("assault");
    for key in KEYS
        .iter()
        .filter(|k| !["attackers", "defenders", "first", "defender-wins-below"].contains(k))
    {
        text.push_str(&format!(";{key}={}", rules.value(key)));
    }
    text.push_str(&format!(";defender-wins-below={}", rules.threshold()));
    text
}

/// How a table build is going, after each level.
#[derive(Debug, Clone, Copy)]
pub struct Progress {
    /// The tier's attacker count.
    pub attackers: u32,
    /// Tiers complete, and how many the build makes.
    pub tiers: (usize, usize),
    /// The tier's levels complete, and how many it has.
    pub levels: (usize, usize),
    /// Positions filled by this run, and how many are left to fill.
    pub positions: (u64, u64),
    /// Seconds since the build started.
    pub seconds: f64,
}

/// Endgame tables of one rule set: whole tiers in memory, then tiers
/// read slice by slice from disk as they are asked for.
#[derive(Debug)]
pub struct Tables {
    rules: Rules,
    key: String,
    geometry: Geometry,
    play: Play,
    tiers: Vec<Tier>,
    /// The slices of the tiers above `tiers`, and the most attackers they
    /// hold.
    sliced: Option<(slices::Store, u32)>,
    /// The first slice that could not be read.
    damage: std::sync::Mutex<Option<String>>,
}

/// How many slices' bytes a query keeps in memory.
const QUERY_CACHE: u64 = 2 << 30;

impl Tables {
    fn empty(rules: &Rules) -> Result<Tables, TablesError> {
        if let Some(why) = crate::repeats(rules) {
            return Err(TablesError::Asked(why));
        }
        let key = table_rules(rules);
        let rules = key
            .parse()
            .map_err(|e| TablesError::Asked(format!("{e}")))?;
        Ok(Tables {
            geometry: Geometry::new(&rules)?,
            play: Play::new(&rules)?,
            rules,
            key,
            tiers: Vec::new(),
            sliced: None,
            damage: std::sync::Mutex::new(None),
        })
    }

    /// Builds the tables of `rules` up to `attackers` attackers in `dir`
    /// with `threads` threads, continuing from the files there; tells
    /// `progress` after each level.
    ///
    /// # Errors
    ///
    /// Rules the tables do not cover, a count out of range, a file that
    /// cannot be written, or a damaged one or one of other rules.
    pub fn build(
        rules: &Rules,
        attackers: u32,
        dir: &Path,
        threads: usize,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Tables, TablesError> {
        let mut tables = Tables::empty(rules)?;
        let (low, high) = (tables.play.threshold, tables.geometry.len() - 2);
        if attackers < low || attackers > high {
            return Err(TablesError::Asked(format!(
                "--attackers must be from {low} to {high} under {} (fewer than {low} is a finished game)",
                tables.key
            )));
        }
        std::fs::create_dir_all(dir)
            .map_err(|e| TablesError::Io(format!("{}: {e}", dir.display())))?;
        let start = Instant::now();
        let count = (attackers - low + 1) as usize;
        // Positions left to fill: a mirror pair of sets is filled once.
        let mut left: u64 = (low..=attackers)
            .map(|a| Tier::positions_of(&tables.geometry, a) / 2)
            .sum();
        let mut filled = 0;
        for a in low..=attackers {
            let levels = build::levels(&tables.geometry, a);
            let tier = Tier::new(&tables.geometry, a);
            let header = file::header(&tables.key, a, tables.geometry.len(), levels.len());
            let path = dir.join(file_name(&tables.key, a));
            let loaded = if path.exists() {
                Some(file::read(
                    &path,
                    &header,
                    &levels,
                    &tier,
                    &tables.geometry,
                )?)
            } else {
                None
            };
            let done = loaded.map_or(0, |l| l.levels);
            left = left.saturating_sub(
                levels[..done]
                    .iter()
                    .map(|(_, s)| level_positions(&tier, s))
                    .sum(),
            );
            tables.tiers.push(tier);
            if done == levels.len() {
                continue;
            }
            let mut out = file::append(&path, &header, loaded.map(|l| l.end))?;
            let (tier, below) = tables.tiers.split_last().expect("a tier");
            let filler = Filler {
                geometry: &tables.geometry,
                play: tables.play,
                tiers: below,
            };
            for (i, (level, sets)) in levels.iter().enumerate().skip(done) {
                fill(&filler, tier, sets, threads);
                file::write_level(&mut out, *level, sets, tier)
                    .and_then(|()| out.sync_data())
                    .map_err(|e| TablesError::Io(format!("{}: {e}", path.display())))?;
                let n = level_positions(tier, sets);
                (filled, left) = (filled + n, left.saturating_sub(n));
                progress(&Progress {
                    attackers: a,
                    tiers: (
                        (a - low) as usize + usize::from(i + 1 == levels.len()),
                        count,
                    ),
                    levels: (i + 1, levels.len()),
                    positions: (filled, left),
                    seconds: start.elapsed().as_secs_f64(),
                });
            }
        }
        Ok(tables)
    }

    /// Builds the tables of `rules` up to `attackers` attackers in `dir`
    /// slice by slice (see the module docs): in the folder of the rules' tier
    /// files, a folder a tier, a file a slice. Continues from the slices
    /// there. At most about `memory` bytes of slices are kept in
    /// memory. `progress` hears of each slice and may stop the build.
    ///
    /// # Errors
    ///
    /// Rules the tables or slices do not cover, a count out of range, a
    /// file that cannot be read or written, or what `progress` returns.
    pub fn build_sliced(
        rules: &Rules,
        attackers: u32,
        dir: &Path,
        threads: usize,
        memory: u64,
        progress: &mut dyn FnMut(&SliceProgress) -> Result<(), TablesError>,
    ) -> Result<(), TablesError> {
        let tables = Tables::empty(rules)?;
        let geometry = &tables.geometry;
        let low = tables.play.threshold;
        if attackers < low || attackers > geometry.len() - 2 {
            return Err(TablesError::Asked(format!(
                "--attackers must be from {low} to {} under {}",
                geometry.len() - 2,
                tables.key
            )));
        }
        let store = tables.store(dir, memory)?;
        let filler = sliced::Filler {
            geometry,
            play: tables.play,
            store: &store,
        };
        schedule::build(&filler, low..=attackers, threads, progress)
    }

    /// Fills again, on one thread, every `every`-th slice of tier
    /// `attackers` sealed in `dir` (with the tiers below it), for at most
    /// `seconds`, and compares each with its file: a benchmark of the
    /// filler on real slices that is also a check of it. Writes nothing.
    ///
    /// # Errors
    ///
    /// Rules the tables do not cover, or a slice it needs missing or
    /// damaged.
    pub fn refill(
        rules: &Rules,
        dir: &Path,
        attackers: u32,
        every: usize,
        seconds: f64,
    ) -> Result<Refilled, TablesError> {
        let tables = Tables::empty(rules)?;
        let store = tables.store(dir, 4 << 30)?;
        let filler = sliced::Filler {
            geometry: &tables.geometry,
            play: tables.play,
            store: &store,
        };
        let start = Instant::now();
        let mut done = Refilled::default();
        for profile in store
            .slicing
            .profiles(attackers)
            .into_iter()
            .step_by(every.max(1))
        {
            if start.elapsed().as_secs_f64() >= seconds {
                break;
            }
            let sealed = store.read(profile)?;
            let filled = filler.slice(profile)?;
            done.slices += 1;
            done.positions += store.positions(profile);
            done.differ +=
                usize::from(filled.bits != sealed.bits || filled.attacker != sealed.attacker);
        }
        done.seconds = start.elapsed().as_secs_f64();
        Ok(done)
    }

    /// The slices of these tables in `dir`, `memory` bytes of them kept
    /// in memory.
    fn store(&self, dir: &Path, memory: u64) -> Result<slices::Store, TablesError> {
        let slicing = profile::Slicing::new(&self.geometry)?;
        let name = file_name(&self.key, 0);
        let folder = dir.join(name.trim_end_matches("-00.tbl"));
        Ok(slices::Store::new(
            &folder,
            &self.key,
            slicing,
            self.geometry.len(),
            memory,
        ))
    }

    /// Whether `rules`' tables can be built slice by slice
    /// ([`Tables::build_sliced`]).
    ///
    /// # Errors
    ///
    /// Why not.
    pub fn sliceable(rules: &Rules) -> Result<(), TablesError> {
        profile::Slicing::new(&Tables::empty(rules)?.geometry).map(|_| ())
    }

    /// Loads the tables of `rules` in `dir`: every whole tier file from the
    /// fewest attackers up, then every tier whose slices are all there
    /// (read as positions are asked for). Where every tier from the
    /// fewest attackers is sliced, the whole tier files are not read at
    /// all (they took most of a minute to load for the same answers).
    ///
    /// # Errors
    ///
    /// Rules the tables do not cover, no tables for them in `dir`, or a
    /// damaged or unfinished file.
    pub fn load(rules: &Rules, dir: &Path) -> Result<Tables, TablesError> {
        let mut tables = Tables::empty(rules)?;
        let store = tables.store(dir, QUERY_CACHE).ok();
        let most = tables.geometry.len() - 2;
        // The last tier from `first` up whose slices are all there.
        let sliced_to = |first: u32| {
            let store = store.as_ref()?;
            (first..=most)
                .take_while(|&a| store.slicing.profiles(a).iter().all(|&p| store.has(p)))
                .last()
        };
        let mut sliced = sliced_to(tables.play.threshold);
        if sliced.is_none() {
            for a in tables.play.threshold..=most {
                let path = dir.join(file_name(&tables.key, a));
                if !path.exists() {
                    break;
                }
                let levels = build::levels(&tables.geometry, a);
                let tier = Tier::new(&tables.geometry, a);
                let header = file::header(&tables.key, a, tables.geometry.len(), levels.len());
                let loaded = file::read(&path, &header, &levels, &tier, &tables.geometry)?;
                if loaded.levels < levels.len() {
                    return Err(TablesError::Unfinished(format!(
                        "{} is unfinished ({} of {} levels): run asalto tables build again",
                        path.display(),
                        loaded.levels,
                        levels.len()
                    )));
                }
                tables.tiers.push(tier);
            }
            sliced = sliced_to(tables.play.threshold + tables.tiers.len() as u32);
        }
        if let (Some(store), Some(top)) = (store, sliced) {
            tables.sliced = Some((store, top));
        }
        if tables.tiers.is_empty() && tables.sliced.is_none() {
            return Err(TablesError::Missing(format!(
                "no endgame tables for {} in {} (asalto tables build makes them)",
                tables.key,
                dir.display()
            )));
        }
        Ok(tables)
    }

    /// The rule set the tables hold (see [`table_rules`]).
    pub fn rules(&self) -> &str {
        &self.key
    }

    /// Whether the tables answer positions of `rules`.
    pub fn covers(&self, rules: &Rules) -> bool {
        table_rules(rules) == self.key
    }

    /// The attacker counts the tables hold.
    pub fn attackers(&self) -> RangeInclusive<u32> {
        let low = self.play.threshold;
        let top = match &self.sliced {
            Some((_, top)) => *top,
            None => low + self.tiers.len() as u32 - 1,
        };
        low..=top
    }

    /// How many positions the tables hold.
    pub fn positions(&self) -> u64 {
        self.attackers()
            .map(|a| Tier::positions_of(&self.geometry, a))
            .sum()
    }
}

/// The rule sets with tables in `dir`.
///
/// # Errors
///
/// `dir` cannot be read, or holds no tables.
pub fn rules_in(dir: &Path) -> Result<Vec<Rules>, TablesError> {
    let name = dir.display();
    let mut found: Vec<String> = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| TablesError::Io(format!("{name}: {e}")))? {
        let path = entry
            .map_err(|e| TablesError::Io(format!("{name}: {e}")))?
            .path();
        let (path, magic) = if path.extension().is_some_and(|e| e == "tbl") {
            (path, file::MAGIC)
        } else if let Some(slice) = first_slice(&path) {
            (slice, slice_file::MAGIC)
        } else {
            continue;
        };
        let mut head = [0u8; 400];
        let n = std::io::Read::read(
            &mut std::fs::File::open(&path)
                .map_err(|e| TablesError::Io(format!("{}: {e}", path.display())))?,
            &mut head,
        )
        .map_err(|e| TablesError::Io(format!("{}: {e}", path.display())))?;
        let text = String::from_utf8_lossy(&head[..n]);
        let rules = text
            .lines()
            .nth(1)
            .and_then(|l| l.strip_prefix("rules "))
            .filter(|_| text.starts_with(magic))
            .ok_or_else(|| {
                TablesError::Foreign(format!("{} is not an endgame table file", path.display()))
            })?;
        if !found.iter().any(|r| r == rules) {
            found.push(rules.to_owned());
        }
    }
    if found.is_empty() {
        return Err(TablesError::Missing(format!(
            "{name} holds no endgame tables (*.tbl)"
        )));
    }
    found.sort();
    found
        .iter()
        .map(|r| {
            r.parse()
                .map_err(|e| TablesError::Io(format!("{name}: {e}")))
        })
        .collect()
}

/// A slice file in the tier folders of `folder`, if it is a folder of
/// slices.
fn first_slice(folder: &Path) -> Option<std::path::PathBuf> {
    let mut tiers: Vec<_> = std::fs::read_dir(folder)
        .ok()?
        .filter_map(Result::ok)
        .collect();
    tiers.sort_by_key(std::fs::DirEntry::file_name);
    tiers.iter().find_map(|tier| {
        std::fs::read_dir(tier.path())
            .ok()?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .find(|p| p.extension().is_some_and(|e| e == "slc"))
    })
}

/// The file of one tier: the board, a hash of the rules, the attackers.
fn file_name(key: &str, attackers: u32) -> String {
    let hash = key.bytes().fold(0x811c_9dc5u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    });
    let board = key
        .split(';')
        .find_map(|p| p.strip_prefix("board="))
        .unwrap_or("board");
    format!("{board}-{hash:08x}-{attackers:02}.tbl")
}

/// Positions a level's (canonical) sets hold.
fn level_positions(tier: &Tier, sets: &[u64]) -> u64 {
    sets.len() as u64 * tier.pairs as u64 * 2
}

/// Fills a level's sets on `threads` threads.
fn fill(filler: &Filler, tier: &Tier, sets: &[u64], threads: usize) {
    const CHUNK: usize = 1024;
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut scratch = Scratch::default();
                loop {
                    let start = next.fetch_add(CHUNK, Relaxed);
                    if start >= sets.len() {
                        break;
                    }
                    for &set in &sets[start..(start + CHUNK).min(sets.len())] {
                        filler.fill(tier, set, &mut scratch);
                    }
                }
            });
        }
    });
}
