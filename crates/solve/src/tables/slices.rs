//! Slices on disk and in memory: one file per rank profile, written beside
//! its place and renamed into it (so a stopped build loses only the slice
//! in flight, and a slice's file, once there, is whole), and a cache of
//! the slices last used, within a memory budget.
//!
//! A slice file: a text header (format, rules, attackers, profile, sets,
//! words a set, and whether the payload is packed), the payload, and the
//! FNV-1a hash of the payload's words. The payload holds, for each of the
//! slice's sets in order, its defender pairs' bits with the defender to
//! move (1: the defender wins), `words` words a set. Packed payloads are
//! run-length coded words: a word, then how many times it repeats.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::file::fnv1a;
use super::profile::{ByProfile, Profile, Slicing};

/// The format line every slice file starts with.
pub(crate) const MAGIC: &str = "asalto-slice 1";

/// One slice's bits.
#[derive(Debug)]
pub(crate) struct Slice {
    /// Words a set.
    pub words: usize,
    /// The bits, set after set.
    pub bits: Vec<u64>,
    /// One bit a set: whether the defender to move wins with every pair
    /// (so that no attacker step to it wins). The sets a set's steps lead
    /// to lie far apart in their slices: this is read in their place, in
    /// a map small enough to stay in the processor's cache.
    won_by_all: Vec<u64>,
}

impl Slice {
    /// A slice of `bits`, a set's `pairs` defender pairs after another
    /// (in whole words: `pairs` bits rounded up to 64).
    pub fn new(bits: Vec<u64>, pairs: usize) -> Slice {
        let words = pairs.div_ceil(64).max(1);
        let (full, rest) = (pairs / 64, pairs % 64);
        let mut won_by_all = vec![0u64; (bits.len() / words).div_ceil(64)];
        for (i, row) in bits.chunks_exact(words).enumerate() {
            if row[..full].iter().all(|&w| w == u64::MAX)
                && (rest == 0 || row[full] == (1 << rest) - 1)
            {
                won_by_all[i / 64] |= 1 << (i % 64);
            }
        }
        Slice {
            words,
            bits,
            won_by_all,
        }
    }

    /// Whether the defender to move wins with every pair at the set at
    /// `index`.
    #[inline]
    pub fn won_by_all(&self, index: u64) -> bool {
        self.won_by_all
            .get(index as usize / 64)
            .is_some_and(|w| w >> (index % 64) & 1 == 1)
    }

    /// Whether the defender to move wins at pair `k` of the set at `index`.
    #[inline]
    pub fn get(&self, index: u64, k: usize) -> bool {
        self.bits[index as usize * self.words + k / 64] >> (k % 64) & 1 == 1
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

    fn header(&self, profile: Profile, packed: bool) -> String {
        let a = self.slicing.attackers(profile);
        format!(
            "{MAGIC}\nrules {}\nattackers {a}\nprofile {}\nsets {}\nwords {}\npacked {}\n\n",
            self.rules,
            self.slicing.name(profile),
            self.slicing.sets(profile),
            self.words(a),
            u8::from(packed),
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
        {
            let mut cache = self.cache.lock().expect("cache");
            cache.clock += 1;
            cache.asks += 1;
            let clock = cache.clock;
            if let Some((slice, used)) = cache.slices.get_mut(&profile) {
                *used = clock;
                return Ok(Arc::clone(slice));
            }
        }
        let slice = Arc::new(self.read(profile)?);
        let mut cache = self.cache.lock().expect("cache");
        cache.reads += 1;
        let clock = cache.clock;
        let bytes = slice.bits.len() as u64 * 8;
        if cache
            .slices
            .insert(profile, (Arc::clone(&slice), clock))
            .is_none()
        {
            cache.bytes += bytes;
        }
        Ok(slice)
    }

    /// Keeps `slice` (just written) in memory.
    pub fn keep(&self, profile: Profile, slice: Slice) {
        let mut cache = self.cache.lock().expect("cache");
        cache.clock += 1;
        let clock = cache.clock;
        cache.bytes += slice.bits.len() as u64 * 8;
        cache.slices.insert(profile, (Arc::new(slice), clock));
    }

    /// Drops the slices used longest ago until the rest fit the budget.
    pub fn trim(&self) {
        let mut cache = self.cache.lock().expect("cache");
        if cache.bytes <= self.budget {
            return;
        }
        let mut order: Vec<(u64, Profile, u64)> = cache
            .slices
            .iter()
            .map(|(&p, (s, used))| (*used, p, s.bits.len() as u64 * 8))
            .collect();
        order.sort_unstable();
        for (_, profile, bytes) in order {
            if cache.bytes <= self.budget / 4 * 3 {
                break;
            }
            cache.slices.remove(&profile);
            cache.bytes -= bytes;
        }
    }

    /// Slices read from disk and slices asked for, since the start.
    pub fn hits(&self) -> (u64, u64) {
        let cache = self.cache.lock().expect("cache");
        (cache.reads, cache.asks)
    }

    /// Writes the slice of `profile`: beside its place, then renamed
    /// into it. Packed where that is smaller.
    ///
    /// # Errors
    ///
    /// The file cannot be written.
    pub fn write(&self, profile: Profile, slice: &Slice) -> Result<u64, String> {
        let path = self.path(profile);
        let name = path.display().to_string();
        let dir = path.parent().expect("a tier folder");
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let runs = pack(&slice.bits, slice.words);
        let packed = runs.len() < slice.bits.len();
        let payload = if packed { &runs } else { &slice.bits };
        let partial = path.with_extension("part");
        let mut out = BufWriter::new(
            File::create(&partial).map_err(|e| format!("{}: {e}", partial.display()))?,
        );
        let written = (|| {
            out.write_all(self.header(profile, packed).as_bytes())?;
            out.write_all(&(payload.len() as u64).to_le_bytes())?;
            for w in payload.iter() {
                out.write_all(&w.to_le_bytes())?;
            }
            out.write_all(&fnv1a(payload).to_le_bytes())?;
            out.into_inner()?.sync_data()
        })();
        written.map_err(|e| format!("{name}: {e}"))?;
        std::fs::rename(&partial, &path).map_err(|e| format!("{name}: {e}"))?;
        Ok(payload.len() as u64 * 8 + 16)
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
        let foreign = || format!("{name} is not a slice of these tables (other rules, or damaged)");
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
        let packed = if head == self.header(profile, true).as_bytes() {
            true
        } else if head == self.header(profile, false).as_bytes() {
            false
        } else {
            return Err(foreign());
        };
        let mut word = [0u8; 8];
        input.read_exact(&mut word).map_err(|_| foreign())?;
        let len = u64::from_le_bytes(word) as usize;
        let words = self.words(self.slicing.attackers(profile));
        let size = self.slicing.sets(profile) as usize * words;
        if len > size {
            return Err(foreign());
        }
        let mut payload = vec![0u64; len];
        for w in &mut payload {
            input.read_exact(&mut word).map_err(|_| foreign())?;
            *w = u64::from_le_bytes(word);
        }
        input.read_exact(&mut word).map_err(|_| foreign())?;
        if u64::from_le_bytes(word) != fnv1a(&payload) {
            return Err(format!(
                "{name} is damaged (its checksum does not match): delete it and build again"
            ));
        }
        let bits = if packed {
            unpack(&payload, words, size).ok_or_else(foreign)?
        } else {
            payload
        };
        if bits.len() != size {
            return Err(foreign());
        }
        Ok(Slice::new(
            bits,
            self.pairs(self.slicing.attackers(profile)),
        ))
    }
}

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

    #[test]
    fn a_set_won_with_every_pair_is_marked() {
        // 70 pairs a set: 64 in the first word, 6 in the second.
        let six = (1 << 6) - 1;
        let bits = vec![u64::MAX, six, u64::MAX, six >> 1, u64::MAX - 1, six, 0, 0];
        let slice = Slice::new(bits, 70);
        let marked: Vec<bool> = (0..4).map(|i| slice.won_by_all(i)).collect();
        assert_eq!(marked, [true, false, false, false]);
        assert!(Slice::new(vec![u64::MAX, u64::MAX], 64).won_by_all(1));
    }
}
