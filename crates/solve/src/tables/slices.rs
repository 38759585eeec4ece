//! Slices in memory: one slice's bits (both sides to move, a set after
//! another), and the store of a rule set's slices in a directory with a
//! cache of the slices last used, within a memory budget. Their files are
//! `slice_file.rs`'s.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::error::TablesError;
use super::profile::{ByProfile, Profile, Slicing};

/// One slice's bits.
#[derive(Debug)]
pub(crate) struct Slice {
    /// Words a set.
    pub words: usize,
    /// The bits with the defender to move, set after set (none in a slice
    /// kept for its attacker's bits alone: [`Store::attacker`]).
    pub bits: Vec<u64>,
    /// The bits with the attacker to move, set after set.
    pub attacker: Vec<u64>,
    /// One bit a set: whether the defender to move wins with every pair
    /// (so that no attacker step to it wins). The sets a set's steps lead
    /// to lie far apart in their slices: this is read in their place, in
    /// a map small enough to stay in the processor's cache.
    won_by_all: Vec<u64>,
    /// One bit a set: whether the attacker to move loses with every pair
    /// (so that every capture into it wins).
    lost_by_all: Vec<u64>,
}

impl Slice {
    /// A slice of `bits` (the defender to move; none in a slice read for
    /// its attacker's bits alone) and `attacker` (the attacker to move),
    /// each a set's `pairs` defender pairs after another (in whole words:
    /// `pairs` bits rounded up to 64).
    pub fn new(bits: Vec<u64>, attacker: Vec<u64>, pairs: usize) -> Slice {
        debug_assert!(bits.is_empty() || bits.len() == attacker.len());
        let words = pairs.div_ceil(64).max(1);
        let mut won_by_all = vec![0u64; (bits.len() / words).div_ceil(64)];
        let mut lost_by_all = vec![0u64; (attacker.len() / words).div_ceil(64)];
        for (i, row) in bits.chunks_exact(words).enumerate() {
            if Slice::all_won(row, pairs) {
                won_by_all[i / 64] |= 1 << (i % 64);
            }
        }
        for (i, row) in attacker.chunks_exact(words).enumerate() {
            if Slice::all_lost(row) {
                lost_by_all[i / 64] |= 1 << (i % 64);
            }
        }
        Slice::with_marks(bits, attacker, pairs, (won_by_all, lost_by_all))
    }

    /// [`Slice::new`] with its sets' marks (`won_by_all`, `lost_by_all`:
    /// one bit a set) worked out already.
    pub fn with_marks(
        bits: Vec<u64>,
        attacker: Vec<u64>,
        pairs: usize,
        (won_by_all, lost_by_all): (Vec<u64>, Vec<u64>),
    ) -> Slice {
        Slice {
            words: pairs.div_ceil(64).max(1),
            bits,
            attacker,
            won_by_all,
            lost_by_all,
        }
    }

    /// Whether a set's `row` of defender-to-move bits is won with each of
    /// its `pairs` pairs.
    pub fn all_won(row: &[u64], pairs: usize) -> bool {
        let (full, rest) = (pairs / 64, pairs % 64);
        row[..full].iter().all(|&w| w == u64::MAX) && (rest == 0 || row[full] == (1 << rest) - 1)
    }

    /// Whether a set's `row` of attacker-to-move bits is lost with every
    /// pair.
    pub fn all_lost(row: &[u64]) -> bool {
        row.iter().all(|&w| w == 0)
    }

    /// The bytes its bits take (what the cache counts).
    pub(super) fn bytes(&self) -> u64 {
        (self.bits.len() + self.attacker.len()) as u64 * 8
    }

    /// Whether the defender to move wins with every pair at the set at
    /// `index`.
    #[inline]
    pub fn won_by_all(&self, index: u64) -> bool {
        self.won_by_all
            .get(index as usize / 64)
            .is_some_and(|w| w >> (index % 64) & 1 == 1)
    }

    /// Whether the attacker to move loses with every pair at the set at
    /// `index`.
    #[inline]
    pub fn lost_by_all(&self, index: u64) -> bool {
        self.lost_by_all
            .get(index as usize / 64)
            .is_some_and(|w| w >> (index % 64) & 1 == 1)
    }

    /// Whether the defender to move wins at pair `k` of the set at `index`.
    #[inline]
    pub fn get(&self, index: u64, k: usize) -> bool {
        self.bits[index as usize * self.words + k / 64] >> (k % 64) & 1 == 1
    }

    /// Whether the attacker to move wins at pair `k` of the set at `index`.
    #[inline]
    pub fn attacker_wins(&self, index: u64, k: usize) -> bool {
        self.attacker[index as usize * self.words + k / 64] >> (k % 64) & 1 == 1
    }
}

/// The slices of one rule set in a directory, and those in memory.
#[derive(Debug)]
pub(crate) struct Store {
    pub(super) dir: PathBuf,
    pub(super) rules: String,
    /// The board's rows.
    pub slicing: Slicing,
    points: u32,
    budget: u64,
    cache: Mutex<Cache>,
}

#[derive(Debug, Default)]
struct Cache {
    slices: ByProfile<(Arc<Slice>, u64)>,
    clock: u64,
    bytes: u64,
    /// Slices read from disk, and asked for.
    reads: u64,
    asks: u64,
}

/// The cache's clock (asks and slices kept) in an epoch is `1 << EPOCH`:
/// a few minutes of a build at tier 18.
const EPOCH: u32 = 20;

/// Where a slice used in the same epoch as others goes in the order they
/// are dropped: fixed by its profile, not by its last use. A build asks
/// for the slices of a window of keys (those its captures reach) in sweeps,
/// again for each key, and the window outgrows the cache from tier 18 on:
/// dropping the slices used longest ago dropped what the next sweep asked
/// for first, so it found almost none in memory; a fixed order keeps the
/// same part of the window in memory from sweep to sweep.
fn rank(profile: Profile) -> u64 {
    profile.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl Cache {
    /// Holds `slice`, used at `clock`, then drops slices (down to three
    /// quarters of `budget`) if they no longer fit it: those not used in
    /// the latest epochs first, then, within an epoch, in an order fixed
    /// by their profile ([`rank`]).
    /// A slice held elsewhere too (by a fill, or the caller of this
    /// insert) is not dropped: dropping it would free nothing, and the
    /// next fill to ask for it would read a second copy. So the cache holds
    /// more than its budget between two calls only while the slices in use
    /// take more.
    fn insert(&mut self, profile: Profile, slice: Arc<Slice>, clock: u64, budget: u64) {
        let bytes = slice.bytes();
        if let Some((old, _)) = self.slices.insert(profile, (slice, clock)) {
            self.bytes -= old.bytes();
        }
        self.bytes += bytes;
        if self.bytes <= budget {
            return;
        }
        let mut order: Vec<(u64, u64, Profile, u64)> = self
            .slices
            .iter()
            .filter(|(_, (s, _))| Arc::strong_count(s) == 1)
            .map(|(&p, (s, used))| (used >> EPOCH, rank(p), p, s.bytes()))
            .collect();
        order.sort_unstable();
        for (_, _, profile, bytes) in order {
            if self.bytes <= budget / 4 * 3 {
                break;
            }
            self.slices.remove(&profile);
            self.bytes -= bytes;
        }
    }
}

impl Store {
    /// The slices of `rules` (the tables' rule set) in `dir`, keeping at
    /// most about `budget` bytes of them in memory.
    pub fn new(dir: &Path, rules: &str, slicing: Slicing, points: u32, budget: u64) -> Store {
        Store {
            dir: dir.to_owned(),
            rules: rules.to_owned(),
            slicing,
            points,
            budget,
            cache: Mutex::new(Cache::default()),
        }
    }

    /// Whether a defender that can capture must (the tables' rule set's
    /// `capture=forced`).
    pub fn forced(&self) -> bool {
        self.rules
            .parse::<asalto_core::Rules>()
            .is_ok_and(|r| r.capture == asalto_core::Capture::Forced)
    }

    /// Defender pairs a set of `attackers` attackers leaves room for.
    pub fn pairs(&self, attackers: u32) -> usize {
        super::index::pairs(self.points - attackers)
    }

    /// Positions the slice of `profile` holds (both sides to move).
    pub fn positions(&self, profile: Profile) -> u64 {
        let pairs = self.pairs(self.slicing.attackers(profile));
        self.slicing.sets(profile) * pairs as u64 * 2
    }

    /// Words a set of `attackers` attackers takes.
    pub fn words(&self, attackers: u32) -> usize {
        self.pairs(attackers).div_ceil(64)
    }

    /// The file of the slice of `profile`.
    pub fn path(&self, profile: Profile) -> PathBuf {
        let a = self.slicing.attackers(profile);
        self.dir
            .join(format!("{a:02}"))
            .join(format!("{}.slc", self.slicing.name(profile)))
    }

    /// Whether the slice of `profile` is on disk.
    pub fn has(&self, profile: Profile) -> bool {
        self.path(profile).exists()
    }

    /// The slice of `profile`, from memory or from its file.
    ///
    /// # Errors
    ///
    /// Its file is missing, damaged or of other tables.
    pub fn get(&self, profile: Profile) -> Result<Arc<Slice>, TablesError> {
        self.get_as(profile, false)
    }

    /// The slice of `profile` for its attacker-to-move bits alone (its
    /// defender-to-move bits may be gone): what a capture into it reads.
    ///
    /// # Errors
    ///
    /// Its file is missing, damaged or of other tables.
    pub fn attacker(&self, profile: Profile) -> Result<Arc<Slice>, TablesError> {
        self.get_as(profile, true)
    }

    /// [`Store::get`], or [`Store::attacker`] where `attacker_only`.
    fn get_as(&self, profile: Profile, attacker_only: bool) -> Result<Arc<Slice>, TablesError> {
        {
            let mut cache = self.cache.lock().expect("cache");
            cache.clock += 1;
            cache.asks += 1;
            let clock = cache.clock;
            if let Some((slice, used)) = cache.slices.get_mut(&profile)
                && (attacker_only || !slice.bits.is_empty())
            {
                *used = clock;
                return Ok(Arc::clone(slice));
            }
        }
        let slice = Arc::new(self.read_as(profile, attacker_only)?);
        let mut cache = self.cache.lock().expect("cache");
        cache.reads += 1;
        let clock = cache.clock;
        cache.insert(profile, Arc::clone(&slice), clock, self.budget);
        Ok(slice)
    }

    /// Drops the defender-to-move bits of the slices in memory with fewer
    /// than `attackers` attackers: a build filling that tier reads only
    /// their attacker's bits (a capture's), and the room is the cache's.
    pub fn attacker_only_below(&self, attackers: u32) {
        let mut cache = self.cache.lock().expect("cache");
        let cache = &mut *cache;
        for (&profile, (slice, _)) in &mut cache.slices {
            if self.slicing.attackers(profile) < attackers && !slice.bits.is_empty() {
                cache.bytes -= slice.bytes();
                *slice = Arc::new(Slice {
                    words: slice.words,
                    bits: Vec::new(),
                    attacker: slice.attacker.clone(),
                    won_by_all: Vec::new(),
                    lost_by_all: slice.lost_by_all.clone(),
                });
                cache.bytes += slice.bytes();
            }
        }
    }

    /// Keeps `slice` (just written) in memory.
    pub fn keep(&self, profile: Profile, slice: Slice) {
        let mut cache = self.cache.lock().expect("cache");
        cache.clock += 1;
        let clock = cache.clock;
        cache.insert(profile, Arc::new(slice), clock, self.budget);
    }

    /// The bytes of the slices in memory.
    #[cfg(test)]
    fn held(&self) -> u64 {
        self.cache.lock().expect("cache").bytes
    }

    /// Slices read from disk and slices asked for, since the start.
    pub fn hits(&self) -> (u64, u64) {
        let cache = self.cache.lock().expect("cache");
        (cache.reads, cache.asks)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A slice of `bits` with the defender to move and, with the attacker
    /// to move, their complement.
    pub(in crate::tables) fn both(bits: &[u64], pairs: usize) -> Slice {
        Slice::new(bits.to_vec(), bits.iter().map(|w| !w).collect(), pairs)
    }

    /// A store of a small rule set's slices in an empty folder of its own
    /// (`name`), keeping none in memory.
    pub(in crate::tables) fn scratch(name: &str) -> (Store, std::path::PathBuf) {
        let rules = "assault;defender-wins-below=2".parse().expect("rules");
        let tables = super::super::Tables::empty(&rules).expect("tables");
        let dir = std::env::temp_dir().join(format!("asalto-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = tables.store(&dir, 0).expect("the store");
        (store, dir)
    }

    /// Words of one side's bits in the slice of `p`.
    fn half(store: &Store, p: Profile) -> usize {
        store.slicing.sets(p) as usize * store.words(store.slicing.attackers(p))
    }

    /// Bytes the slice of `p` takes in memory: both sides' bits.
    fn held(store: &Store, p: Profile) -> u64 {
        2 * 8 * half(store, p) as u64
    }

    /// A store with tier 3 written (every bit set) and room in its cache
    /// for about a third of the tier.
    fn a_third_in_memory(name: &str) -> (Store, std::path::PathBuf, Vec<Profile>) {
        let (mut store, dir) = scratch(name);
        let profiles = store.slicing.profiles(3);
        for &p in &profiles {
            let bits = vec![u64::MAX; half(&store, p)];
            store
                .write(p, &both(&bits, store.pairs(3)))
                .expect("written");
        }
        store.budget = profiles.iter().map(|&p| held(&store, p)).sum::<u64>() / 3;
        (store, dir, profiles)
    }

    #[test]
    fn the_cache_never_holds_more_than_its_budget() {
        let (store, dir, profiles) = a_third_in_memory("cache");
        for round in 0..2 {
            for &p in &profiles {
                let slice = store.get(p).expect("read");
                assert_eq!(slice.bytes(), held(&store, p));
                assert!(
                    store.held() <= store.budget,
                    "round {round}: {}",
                    store.held()
                );
            }
        }
        let (reads, asks) = store.hits();
        assert_eq!(asks, 2 * profiles.len() as u64);
        assert!(reads > profiles.len() as u64, "{reads} of {asks} read");
        // Kept slices count the same way.
        for &p in &profiles {
            store.keep(p, both(&vec![0; half(&store, p)], store.pairs(3)));
            assert!(store.held() <= store.budget);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_second_sweep_finds_part_of_a_tier_larger_than_the_cache() {
        let (store, dir, profiles) = a_third_in_memory("sweeps");
        for _ in 0..2 {
            for &p in &profiles {
                store.get(p).expect("read");
            }
        }
        // Dropping the slices used longest ago would read every one again.
        let (reads, asks) = store.hits();
        let n = profiles.len() as u64;
        assert_eq!(asks, 2 * n);
        assert!(reads < 2 * n - n / 8, "{reads} of {asks} read");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_slice_in_use_stays_in_the_cache() {
        let (store, dir, profiles) = a_third_in_memory("in-use");
        // The first few held, as a fill holds the slices it reads.
        let held: Vec<Arc<Slice>> = profiles[..4]
            .iter()
            .map(|&p| store.get(p).expect("read"))
            .collect();
        for &p in &profiles[4..] {
            store.get(p).expect("read");
        }
        let (reads, _) = store.hits();
        for &p in &profiles[..4] {
            store.get(p).expect("in memory");
        }
        assert_eq!(store.hits().0, reads, "a slice in use was read again");
        // Let go, they are dropped like any other: the cache is back
        // within its budget.
        drop(held);
        for &p in &profiles[4..] {
            store.get(p).expect("read");
        }
        assert!(store.held() <= store.budget, "{}", store.held());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Below the tier being filled, the cache keeps the attacker's bits
    /// alone (half the room); a slice asked for whole is read again.
    #[test]
    fn lower_tiers_keep_the_attacker_bits_alone() {
        let (mut store, dir) = scratch("attacker-only");
        store.budget = 1 << 30;
        let profiles = store.slicing.profiles(3);
        let (pairs, words) = (store.pairs(3), store.words(3));
        for &p in &profiles {
            let bits: Vec<u64> = (0..store.slicing.sets(p) * words as u64).collect();
            let slice = both(&bits, pairs);
            store.write(p, &slice).expect("written");
            store.keep(p, slice);
        }
        let whole = store.held();
        store.attacker_only_below(3);
        assert_eq!(store.held(), whole, "tier 3 is not below 3");
        store.attacker_only_below(4);
        assert_eq!(store.held() * 2, whole);
        let p = profiles[profiles.len() / 2];
        let bits: Vec<u64> = (0..store.slicing.sets(p) * words as u64).collect();
        let kept = store.attacker(p).expect("in memory");
        assert!(kept.bits.is_empty());
        assert_eq!(kept.attacker, both(&bits, pairs).attacker);
        assert_eq!(store.get(p).expect("read again").bits, bits);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_set_won_with_every_pair_is_marked() {
        // 70 pairs a set: 64 in the first word, 6 in the second.
        let six = (1 << 6) - 1;
        let bits = vec![u64::MAX, six, u64::MAX, six >> 1, u64::MAX - 1, six, 0, 0];
        let slice = both(&bits, 70);
        let marked: Vec<bool> = (0..4).map(|i| slice.won_by_all(i)).collect();
        assert_eq!(marked, [true, false, false, false]);
        // Lost by the attacker to move with every pair: no bit set.
        let attacker = vec![0, 0, 1, 0, 0, 0, 0, six];
        let slice = Slice::new(bits, attacker, 70);
        let lost: Vec<bool> = (0..4).map(|i| slice.lost_by_all(i)).collect();
        assert_eq!(lost, [true, false, true, false]);
        assert!(both(&[u64::MAX, u64::MAX], 64).won_by_all(1));
    }
}
