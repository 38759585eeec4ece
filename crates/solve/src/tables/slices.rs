//! Slices on disk and in memory: one file per rank profile, written beside
//! its place and renamed into it (so a stopped build loses only the slice
//! in flight, and a slice's file, once there, is whole), and a cache of
//! the slices last used, within a memory budget.
//!
//! A slice file: a text header (format, rules, attackers, profile, sets,
//! words a set, and how the payload is coded), the payload's length in
//! words, the payload, and the FNV-1a hash of the payload's words. The
//! payload holds, for each of the slice's sets in order, its defender
//! pairs' bits with the defender to move (1: the defender wins), `words`
//! words a set; then, the same way, their bits with the attacker to move
//! (1: the attacker wins), which a capture into the slice reads in one
//! look where it would otherwise list the attackers' steps and read each
//! step's slice. Run-length coded payloads hold a set's words, then how
//! many times the set repeats. A deflated payload (RFC 1951) is its byte
//! count and the deflated bytes of the words (little-endian); the hash is
//! still of the words. Files of either coding are read; slices are
//! written deflated where that is smaller.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::file::fnv1a;
use super::profile::{ByProfile, Profile, Slicing};

/// The format line every slice file starts with.
pub(crate) const MAGIC: &str = "asalto-slice 2";

/// The format line of the slices written before they held the attacker's
/// bits (read no more: a build fills them again).
const OLD_MAGIC: &str = "asalto-slice 1";

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
    /// A slice of `bits` (the defender to move) and `attacker` (the
    /// attacker to move), each a set's `pairs` defender pairs after
    /// another (in whole words: `pairs` bits rounded up to 64).
    pub fn new(bits: Vec<u64>, attacker: Vec<u64>, pairs: usize) -> Slice {
        debug_assert_eq!(bits.len(), attacker.len());
        let words = pairs.div_ceil(64).max(1);
        let (full, rest) = (pairs / 64, pairs % 64);
        let mut won_by_all = vec![0u64; (bits.len() / words).div_ceil(64)];
        let mut lost_by_all = won_by_all.clone();
        for (i, row) in bits.chunks_exact(words).enumerate() {
            if row[..full].iter().all(|&w| w == u64::MAX)
                && (rest == 0 || row[full] == (1 << rest) - 1)
            {
                won_by_all[i / 64] |= 1 << (i % 64);
            }
        }
        for (i, row) in attacker.chunks_exact(words).enumerate() {
            if row.iter().all(|&w| w == 0) {
                lost_by_all[i / 64] |= 1 << (i % 64);
            }
        }
        Slice {
            words,
            bits,
            attacker,
            won_by_all,
            lost_by_all,
        }
    }

    /// The bytes its bits take (what the cache counts).
    fn bytes(&self) -> u64 {
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
    dir: PathBuf,
    rules: String,
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

impl Cache {
    /// Holds `slice`, used at `clock`, then drops the slices used longest
    /// ago (down to three quarters of `budget`) if they no longer fit it:
    /// the cache never holds more than its budget between two calls.
    fn insert(&mut self, profile: Profile, slice: Arc<Slice>, clock: u64, budget: u64) {
        let bytes = slice.bytes();
        if let Some((old, _)) = self.slices.insert(profile, (slice, clock)) {
            self.bytes -= old.bytes();
        }
        self.bytes += bytes;
        if self.bytes <= budget {
            return;
        }
        let mut order: Vec<(u64, Profile, u64)> = self
            .slices
            .iter()
            .map(|(&p, (s, used))| (*used, p, s.bytes()))
            .collect();
        order.sort_unstable();
        for (_, profile, bytes) in order {
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

    /// Defender pairs a set of `attackers` attackers leaves room for.
    pub fn pairs(&self, attackers: u32) -> usize {
        super::index::pairs(self.points - attackers)
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

    fn header(&self, profile: Profile, coding: Coding) -> String {
        let a = self.slicing.attackers(profile);
        format!(
            "{MAGIC}\nrules {}\nattackers {a}\nprofile {}\nsets {}\nwords {}\npacked {}\n\n",
            self.rules,
            self.slicing.name(profile),
            self.slicing.sets(profile),
            self.words(a),
            coding.number(),
        )
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
    pub fn get(&self, profile: Profile) -> Result<Arc<Slice>, String> {
        self.get_as(profile, false)
    }

    /// The slice of `profile` for its attacker-to-move bits alone (its
    /// defender-to-move bits may be gone): what a capture into it reads.
    ///
    /// # Errors
    ///
    /// Its file is missing, damaged or of other tables.
    pub fn attacker(&self, profile: Profile) -> Result<Arc<Slice>, String> {
        self.get_as(profile, true)
    }

    /// [`Store::get`], or [`Store::attacker`] where `attacker_only`.
    fn get_as(&self, profile: Profile, attacker_only: bool) -> Result<Arc<Slice>, String> {
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
        let mut slice = self.read(profile)?;
        if attacker_only {
            slice.bits = Vec::new();
        }
        let slice = Arc::new(slice);
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

    /// Writes the slice of `profile`: beside its place, then renamed
    /// into it. Run-length coded, then deflated, each where that is
    /// smaller. Returns the bytes written.
    ///
    /// # Errors
    ///
    /// The file cannot be written.
    pub fn write(&self, profile: Profile, slice: &Slice) -> Result<u64, String> {
        self.write_as(profile, slice, true)
    }

    /// [`Store::write`], deflating or not (files as builds before deflate
    /// wrote them).
    fn write_as(&self, profile: Profile, slice: &Slice, deflate: bool) -> Result<u64, String> {
        let path = self.path(profile);
        let name = path.display().to_string();
        let dir = path.parent().expect("a tier folder");
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let both = [&slice.bits[..], &slice.attacker[..]].concat();
        let runs = pack(&both, slice.words);
        let packed = runs.len() < both.len();
        let payload = if packed { &runs } else { &both };
        let bytes: Vec<u8> = payload.iter().flat_map(|w| w.to_le_bytes()).collect();
        let deflated = miniz_oxide::deflate::compress_to_vec(&bytes, DEFLATE_LEVEL);
        let coding = Coding {
            runs: packed,
            deflated: deflate && deflated.len() < bytes.len(),
        };
        let partial = path.with_extension("part");
        let mut out = BufWriter::new(
            File::create(&partial).map_err(|e| format!("{}: {e}", partial.display()))?,
        );
        let body = if coding.deflated { &deflated } else { &bytes };
        let written = (|| {
            out.write_all(self.header(profile, coding).as_bytes())?;
            out.write_all(&(payload.len() as u64).to_le_bytes())?;
            if coding.deflated {
                out.write_all(&(deflated.len() as u64).to_le_bytes())?;
            }
            out.write_all(body)?;
            out.write_all(&fnv1a(payload).to_le_bytes())?;
            out.into_inner()?.sync_data()
        })();
        written.map_err(|e| format!("{name}: {e}"))?;
        std::fs::rename(&partial, &path).map_err(|e| format!("{name}: {e}"))?;
        Ok(body.len() as u64 + 16 + 8 * u64::from(coding.deflated))
    }

    /// Writes the slice of `profile` again, deflated, if its file is of
    /// an older coding: its bytes before and after, or `None` if it
    /// already was (or is missing).
    ///
    /// # Errors
    ///
    /// Its file is damaged or of other tables, or cannot be written.
    pub fn repack(&self, profile: Profile) -> Result<Option<(u64, u64)>, String> {
        let path = self.path(profile);
        let Ok(file) = File::open(&path) else {
            return Ok(None);
        };
        let coding = self.head(profile, &mut BufReader::new(file), &path)?;
        if coding.deflated {
            return Ok(None);
        }
        let size = || std::fs::metadata(&path).map_or(0, |m| m.len());
        let before = size();
        self.write(profile, &self.read(profile)?)?;
        Ok(Some((before, size())))
    }

    /// Reads a slice file's header: its coding.
    fn head(&self, profile: Profile, input: &mut impl Read, path: &Path) -> Result<Coding, String> {
        let foreign = || {
            if head_is_old(path) {
                format!(
                    "{} is a slice of an older format ({OLD_MAGIC}, without the attacker's bits): delete the tables and build them again",
                    path.display()
                )
            } else {
                foreign(path)
            }
        };
        let mut head = Vec::new();
        let mut lines = 0;
        while lines < 8 {
            let mut byte = [0u8; 1];
            input.read_exact(&mut byte).map_err(|_| foreign())?;
            head.push(byte[0]);
            lines += usize::from(byte[0] == b'\n');
            if head.len() > 2000 {
                return Err(foreign());
            }
        }
        Coding::ALL
            .into_iter()
            .find(|&c| head == self.header(profile, c).as_bytes())
            .ok_or_else(foreign)
    }

    /// Reads the slice of `profile` from its file (not kept in memory).
    ///
    /// # Errors
    ///
    /// Its file is missing, damaged or of other tables.
    pub fn read(&self, profile: Profile) -> Result<Slice, String> {
        let path = self.path(profile);
        let name = path.display();
        let mut input = BufReader::new(File::open(&path).map_err(|e| {
            format!("{name}: {e} (a slice the build needs: is the build of the tier below whole?)")
        })?);
        let coding = self.head(profile, &mut input, &path)?;
        let foreign = || foreign(&path);
        let mut word = [0u8; 8];
        input.read_exact(&mut word).map_err(|_| foreign())?;
        let len = u64::from_le_bytes(word) as usize;
        let words = self.words(self.slicing.attackers(profile));
        let half = self.slicing.sets(profile) as usize * words;
        let size = 2 * half;
        if len > size {
            return Err(foreign());
        }
        let bytes = if coding.deflated {
            input.read_exact(&mut word).map_err(|_| foreign())?;
            let deflated = u64::from_le_bytes(word) as usize;
            if deflated >= len * 8 {
                return Err(foreign());
            }
            let mut body = vec![0u8; deflated];
            input.read_exact(&mut body).map_err(|_| foreign())?;
            miniz_oxide::inflate::decompress_to_vec_with_limit(&body, len * 8)
                .map_err(|_| foreign())?
        } else {
            let mut body = vec![0u8; len * 8];
            input.read_exact(&mut body).map_err(|_| foreign())?;
            body
        };
        if bytes.len() != len * 8 {
            return Err(foreign());
        }
        let payload: Vec<u64> = bytes
            .chunks_exact(8)
            .map(|b| u64::from_le_bytes(b.try_into().expect("eight bytes")))
            .collect();
        input.read_exact(&mut word).map_err(|_| foreign())?;
        if u64::from_le_bytes(word) != fnv1a(&payload) {
            return Err(format!(
                "{name} is damaged (its checksum does not match): delete it and build again"
            ));
        }
        let mut bits = if coding.runs {
            unpack(&payload, words, size).ok_or_else(foreign)?
        } else {
            payload
        };
        if bits.len() != size {
            return Err(foreign());
        }
        let attacker = bits.split_off(half);
        Ok(Slice::new(
            bits,
            attacker,
            self.pairs(self.slicing.attackers(profile)),
        ))
    }
}

/// Whether the file at `path` starts as the slices of the older format do.
fn head_is_old(path: &Path) -> bool {
    let mut head = [0u8; OLD_MAGIC.len() + 1];
    File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok_and(|()| {
            head[..OLD_MAGIC.len()] == *OLD_MAGIC.as_bytes() && head[OLD_MAGIC.len()] == b'\n'
        })
}

/// The message for a file that is not a slice of the tables asked for.
fn foreign(path: &Path) -> String {
    format!(
        "{} is not a slice of these tables (other rules, or damaged)",
        path.display()
    )
}

/// How a slice file's payload is coded (its header's `packed` number:
/// 1 for run-length coding, plus 2 for deflate).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Coding {
    runs: bool,
    deflated: bool,
}

impl Coding {
    /// Every coding a file may have.
    const ALL: [Coding; 4] = [
        Coding::of(false, false),
        Coding::of(true, false),
        Coding::of(false, true),
        Coding::of(true, true),
    ];

    const fn of(runs: bool, deflated: bool) -> Coding {
        Coding { runs, deflated }
    }

    fn number(self) -> u8 {
        u8::from(self.runs) | u8::from(self.deflated) << 1
    }
}

/// Deflate's level for slices: tier 16's largest slices to an eighth of
/// their run-length coded size at about 100 MB/s (level 1: a sixth at
/// 270 MB/s; level 6: a ninth at 33 MB/s).
const DEFLATE_LEVEL: u8 = 3;

/// Run-length codes `words`, `unit` words a set: each run of equal sets
/// as the set's words and how many times they repeat. Stops once that is
/// no shorter.
fn pack(words: &[u64], unit: usize) -> Vec<u64> {
    let mut out = Vec::new();
    let sets: Vec<&[u64]> = words.chunks(unit).collect();
    let mut i = 0;
    while i < sets.len() && out.len() < words.len() {
        let mut j = i + 1;
        while j < sets.len() && sets[j] == sets[i] {
            j += 1;
        }
        out.extend_from_slice(sets[i]);
        out.push((j - i) as u64);
        i = j;
    }
    out
}

/// The words of `runs` (of `unit` words a set), if they make `size` words.
fn unpack(runs: &[u64], unit: usize, size: usize) -> Option<Vec<u64>> {
    let mut out = Vec::with_capacity(size);
    for run in runs.chunks(unit + 1) {
        let (&count, set) = run.split_last()?;
        if set.len() != unit {
            return None;
        }
        for _ in 0..count {
            if out.len() + unit > size {
                return None;
            }
            out.extend_from_slice(set);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_unpack_to_the_words() {
        let words = [0, 1, 0, 1, 0, 1, 5, 7, 0, 1, 0, 1];
        let runs = pack(&words, 2);
        assert_eq!(runs, [0, 1, 3, 5, 7, 1, 0, 1, 2]);
        assert_eq!(unpack(&runs, 2, 12).expect("whole"), words);
        assert_eq!(unpack(&runs, 2, 10), None);
    }

    /// A slice of `bits` with the defender to move and, with the attacker
    /// to move, their complement.
    fn both(bits: &[u64], pairs: usize) -> Slice {
        Slice::new(bits.to_vec(), bits.iter().map(|w| !w).collect(), pairs)
    }

    /// A store of a small rule set's slices in an empty folder of its own
    /// (`name`), keeping none in memory.
    fn scratch(name: &str) -> (Store, std::path::PathBuf) {
        let rules = "assault;defender-wins-below=2".parse().expect("rules");
        let tables = super::super::Tables::empty(&rules).expect("tables");
        let dir = std::env::temp_dir().join(format!("asalto-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = tables.store(&dir, 0).expect("the store");
        (store, dir)
    }

    #[test]
    fn slices_read_back_in_every_coding_and_repack_deflated() {
        let (store, dir) = scratch("slices");
        let slicing = &store.slicing;
        let profile = (slicing.profiles(4).into_iter())
            .max_by_key(|&p| slicing.sets(p))
            .expect("a slice");
        let (pairs, words) = (store.pairs(4), store.words(4));
        let sets = slicing.sets(profile) as usize;
        assert!(sets > 100, "{sets} sets");
        // Runs of one set, and sets of their own between them.
        let bits: Vec<u64> = (0..sets * words)
            .map(|i| {
                if i % 29 < 20 {
                    u64::MAX >> 3
                } else {
                    i as u64 * 0x9e37_79b9
                }
            })
            .collect();
        let path = store.path(profile);
        // The coding the file's header names.
        let header = |path: &Path| {
            let mut file = File::open(path).expect("the file");
            store
                .head(profile, &mut file, path)
                .expect("a header")
                .number()
        };
        let mut sizes = Vec::new();
        for deflate in [false, true] {
            store
                .write_as(profile, &both(&bits, pairs), deflate)
                .expect("written");
            let read = store.read(profile).expect("read");
            assert_eq!(
                (&read.bits, &read.attacker),
                (&bits, &both(&bits, pairs).attacker)
            );
            assert_eq!(header(&path), 1 + 2 * u8::from(deflate));
            sizes.push(std::fs::metadata(&path).expect("size").len());
        }
        assert!(sizes[1] * 2 < sizes[0], "{sizes:?}");
        // Unpacked words (no runs), deflated or not.
        let varied: Vec<u64> = (0..sets * words).map(|i| i as u64 % 5).collect();
        for deflate in [false, true] {
            store
                .write_as(profile, &both(&varied, pairs), deflate)
                .expect("written");
            let read = store.read(profile).expect("read");
            assert_eq!(
                (&read.bits, &read.attacker),
                (&varied, &both(&varied, pairs).attacker)
            );
            assert_eq!(header(&path), 2 * u8::from(deflate));
        }
        // An older file is rewritten deflated, the same bits; once.
        store
            .write_as(profile, &both(&bits, pairs), false)
            .expect("written");
        let (before, after) = store.repack(profile).expect("repacked").expect("older");
        assert_eq!((before, after), (sizes[0], sizes[1]));
        assert_eq!(store.read(profile).expect("read").bits, bits);
        assert_eq!(store.repack(profile), Ok(None));
        // A damaged deflated body is refused with a reason.
        let mut text = std::fs::read(&path).expect("the file");
        let middle = text.len() / 2;
        text[middle] ^= 0x5a;
        std::fs::write(&path, &text).expect("damaged");
        let refused = store.read(profile).expect_err("damaged");
        assert!(refused.contains("damaged"), "{refused}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_cache_never_holds_more_than_its_budget() {
        let (mut store, dir) = scratch("cache");
        let profiles = store.slicing.profiles(3);
        let (pairs, words) = (store.pairs(3), store.words(3));
        let size = |p: Profile| store.slicing.sets(p) * words as u64 * 8;
        // What a slice of `p` takes in memory: both sides' bits.
        let held = |p: Profile| 2 * size(p);
        for &p in &profiles {
            let bits = vec![u64::MAX; size(p) as usize / 8];
            store.write(p, &both(&bits, pairs)).expect("written");
        }
        // Room for about a third of them.
        let all: u64 = profiles.iter().map(|&p| held(p)).sum();
        store.budget = all / 3;
        for round in 0..2 {
            for &p in &profiles {
                let slice = store.get(p).expect("read");
                assert_eq!(slice.bytes(), held(p));
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
            store.keep(p, both(&vec![0; size(p) as usize / 8], pairs));
            assert!(store.held() <= store.budget);
        }
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
