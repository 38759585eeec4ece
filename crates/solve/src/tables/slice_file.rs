//! A slice's file: a text header (format, rules, attackers, profile,
//! sets, words a set, and how the payload is coded), the payload's length
//! in words, the payload, and the FNV-1a hash of the payload's words. The
//! payload holds, for each of the slice's sets in order, its defender
//! pairs' bits with the defender to move (1: the defender wins), `words`
//! words a set; then, the same way, their bits with the attacker to move
//! (1: the attacker wins), which a capture into the slice reads in one
//! look where it would otherwise list the attackers' steps and read each
//! step's slice. Run-length coded payloads hold a set's words, then how
//! many times the set repeats. A deflated payload (RFC 1951) is its byte
//! count and the deflated bytes of the words (little-endian); the hash is
//! still of the words. Files of either coding are read; slices are
//! written deflated where that is smaller. A file is written beside its
//! place and renamed into it, so a stopped build loses only the slice in
//! flight, and a slice's file, once there, is whole.

use std::fs::File;
use std::io::{BufReader, Read, Write};
use std::path::Path;

use super::error::TablesError;
use super::file::fnv1a;
use super::profile::Profile;
use super::slices::{Slice, Store};

/// The format line every slice file starts with.
pub(crate) const MAGIC: &str = "asalto-slice 2";

/// The format line of the slices written before they held the attacker's
/// bits (read no more: a build fills them again).
const OLD_MAGIC: &str = "asalto-slice 1";

impl Store {
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

    /// Writes the slice of `profile`: beside its place, then renamed
    /// into it. Run-length coded, then deflated, each where that is
    /// smaller. Returns the bytes written.
    ///
    /// # Errors
    ///
    /// The file cannot be written.
    pub fn write(&self, profile: Profile, slice: &Slice) -> Result<u64, TablesError> {
        self.write_as(profile, slice, true)
    }

    /// [`Store::write`], deflating or not (files as builds before deflate
    /// wrote them).
    fn write_as(&self, profile: Profile, slice: &Slice, deflate: bool) -> Result<u64, TablesError> {
        let path = self.path(profile);
        let name = path.display().to_string();
        let dir = path.parent().expect("a tier folder");
        std::fs::create_dir_all(dir)
            .map_err(|e| TablesError::Io(format!("{}: {e}", dir.display())))?;
        let (file, body) = self.file_bytes(profile, slice, deflate);
        let partial = path.with_extension("part");
        let written = File::create(&partial).and_then(|mut out| {
            out.write_all(&file)?;
            out.sync_data()
        });
        written.map_err(|e| TablesError::Io(format!("{}: {e}", partial.display())))?;
        std::fs::rename(&partial, &path).map_err(|e| TablesError::Io(format!("{name}: {e}")))?;
        Ok(body)
    }

    /// The file of `slice` as [`Store::write`] writes it, deflated where
    /// `deflate` and smaller, and the bytes its payload takes (with their
    /// lengths' words).
    pub(super) fn file_bytes(
        &self,
        profile: Profile,
        slice: &Slice,
        deflate: bool,
    ) -> (Vec<u8>, u64) {
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
        let body = if coding.deflated { &deflated } else { &bytes };
        let mut out = self.header(profile, coding).into_bytes();
        out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        if coding.deflated {
            out.extend_from_slice(&(deflated.len() as u64).to_le_bytes());
        }
        out.extend_from_slice(body);
        out.extend_from_slice(&fnv1a(payload.iter().copied()).to_le_bytes());
        let taken = body.len() as u64 + 16 + 8 * u64::from(coding.deflated);
        (out, taken)
    }

    /// Reads a slice file's header: its coding.
    fn head(
        &self,
        profile: Profile,
        input: &mut impl Read,
        path: &Path,
    ) -> Result<Coding, TablesError> {
        let foreign = || {
            if head_is_old(path) {
                TablesError::Foreign(format!(
                    "{} is a slice of an older format ({OLD_MAGIC}, without the attacker's bits): delete the tables and build them again",
                    path.display()
                ))
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
    pub fn read(&self, profile: Profile) -> Result<Slice, TablesError> {
        self.read_as(profile, false)
    }

    /// [`Store::read`]; where `attacker_only`, without the defender's bits
    /// (a capture into the slice reads only the attacker's).
    pub(super) fn read_as(
        &self,
        profile: Profile,
        attacker_only: bool,
    ) -> Result<Slice, TablesError> {
        let path = self.path(profile);
        let name = path.display();
        let mut input = BufReader::new(File::open(&path).map_err(|e| {
            TablesError::Missing(format!(
                "{name}: {e} (a slice the build needs: is the build of the tier below whole?)"
            ))
        })?);
        self.read_from(profile, &mut input, &path, attacker_only)
    }

    /// The slice of `profile` in the bytes of `input`, the file at `path`
    /// (named in errors).
    pub(super) fn read_from(
        &self,
        profile: Profile,
        input: &mut impl Read,
        path: &Path,
        attacker_only: bool,
    ) -> Result<Slice, TablesError> {
        let coding = self.head(profile, input, path)?;
        let foreign = || foreign(path);
        let mut word = [0u8; 8];
        input.read_exact(&mut word).map_err(|_| foreign())?;
        let len = u64::from_le_bytes(word) as usize;
        let words = self.words(self.slicing.attackers(profile));
        let half = self.slicing.sets(profile) as usize * words;
        if len > 2 * half {
            return Err(foreign());
        }
        // The payload's bytes, inflated straight into their whole length,
        // in this thread's buffers (fresh ones would be fresh pages, each
        // zeroed by the kernel: a tenth of a build that reads many slices).
        // What they held is left in them: every byte is written over.
        let (mut bytes, mut body) = BUFFERS.take();
        bytes.resize(len * 8, 0);
        if coding.deflated {
            input.read_exact(&mut word).map_err(|_| foreign())?;
            let deflated = u64::from_le_bytes(word) as usize;
            if deflated >= len * 8 {
                return Err(foreign());
            }
            body.resize(deflated, 0);
            input.read_exact(&mut body).map_err(|_| foreign())?;
            let inflated = miniz_oxide::inflate::decompress_slice_iter_to_slice(
                &mut bytes,
                std::iter::once(&body[..]),
                false,
                true,
            );
            if inflated != Ok(len * 8) {
                return Err(foreign());
            }
        } else {
            input.read_exact(&mut bytes).map_err(|_| foreign())?;
        }
        input.read_exact(&mut word).map_err(|_| foreign())?;
        let hash = u64::from_le_bytes(word);
        let slice = self.parse(profile, path, (&bytes, half, hash), coding, attacker_only);
        BUFFERS.set((bytes, body));
        slice
    }

    /// The slice of `profile` from its payload's `bytes` (`half` words a
    /// half when whole), checked against the file's `hash`.
    fn parse(
        &self,
        profile: Profile,
        path: &Path,
        (bytes, half, hash): (&[u8], usize, u64),
        coding: Coding,
        attacker_only: bool,
    ) -> Result<Slice, TablesError> {
        let name = path.display();
        let foreign = || foreign(path);
        let payload = || {
            (bytes.chunks_exact(8)).map(|b| u64::from_le_bytes(b.try_into().expect("eight bytes")))
        };
        if hash != fnv1a(payload()) {
            return Err(TablesError::Damaged(format!(
                "{name} is damaged (its checksum does not match): delete it and build again"
            )));
        }
        let pairs = self.pairs(self.slicing.attackers(profile));
        if coding.runs {
            let h = unpack(payload(), pairs, half, attacker_only).ok_or_else(foreign)?;
            return Ok(Slice::with_marks(h.first, h.second, pairs, (h.won, h.lost)));
        }
        if bytes.len() != 16 * half {
            return Err(foreign());
        }
        let bits = if attacker_only {
            Vec::new()
        } else {
            payload().take(half).collect()
        };
        Ok(Slice::new(bits, payload().skip(half).collect(), pairs))
    }
}

thread_local! {
    /// A thread's buffers for the slices it reads: the payload's bytes
    /// and its deflated bytes.
    static BUFFERS: std::cell::Cell<(Vec<u8>, Vec<u8>)> = const { std::cell::Cell::new((Vec::new(), Vec::new())) };
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
fn foreign(path: &Path) -> TablesError {
    TablesError::Foreign(format!(
        "{} is not a slice of these tables (other rules, or damaged)",
        path.display()
    ))
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

/// A slice's payload as read: its two halves' words (the defender's bits,
/// none where only the attacker's were asked for, and the attacker's) and
/// their sets' marks, one bit a set: won by the defender with every pair
/// (in the first half), lost by the attacker with every pair (in the
/// second).
#[derive(Debug, PartialEq)]
struct Halves {
    first: Vec<u64>,
    second: Vec<u64>,
    won: Vec<u64>,
    lost: Vec<u64>,
}

/// The words of `runs` (sets of `pairs` bits in whole words, each
/// followed by how many times it repeats), if they make two halves of
/// `half` words; the first half's left out where `second_only`. A run's
/// marks are worked out once for all its sets.
fn unpack(
    mut runs: impl Iterator<Item = u64>,
    pairs: usize,
    half: usize,
    second_only: bool,
) -> Option<Halves> {
    let unit = pairs.div_ceil(64).max(1);
    let marks = vec![0u64; (half / unit).div_ceil(64)];
    let mut out = Halves {
        first: Vec::with_capacity(if second_only { 0 } else { half }),
        second: Vec::with_capacity(half),
        won: if second_only {
            Vec::new()
        } else {
            marks.clone()
        },
        lost: marks,
    };
    let mut set = vec![0u64; unit];
    let mut done = 0;
    while let Some(w) = runs.next() {
        set[0] = w;
        for word in &mut set[1..] {
            *word = runs.next()?;
        }
        let count = usize::try_from(runs.next()?).ok()?;
        if count > (2 * half - done) / unit {
            return None;
        }
        // The sets of the run in each half.
        let in_first = count.min(half.saturating_sub(done) / unit);
        let at = done / unit;
        if !second_only {
            repeat_into(&mut out.first, &set, in_first);
            if in_first > 0 && Slice::all_won(&set, pairs) {
                mark(&mut out.won, at, in_first);
            }
        }
        repeat_into(&mut out.second, &set, count - in_first);
        if count > in_first && Slice::all_lost(&set) {
            mark(
                &mut out.lost,
                (at + in_first) - half / unit,
                count - in_first,
            );
        }
        done += count * unit;
    }
    (done == 2 * half).then_some(out)
}

/// Sets bits `from..from + n` of `marks`.
fn mark(marks: &mut [u64], from: usize, n: usize) {
    for i in from..from + n {
        marks[i / 64] |= 1 << (i % 64);
    }
}

/// Appends `set` to `out` `count` times (a set is a few words: copied as
/// an array of its length, not by a call).
fn repeat_into(out: &mut Vec<u64>, set: &[u64], count: usize) {
    fn times<const N: usize>(out: &mut Vec<u64>, set: &[u64], count: usize) {
        let set: [u64; N] = set.try_into().expect("N words");
        for _ in 0..count {
            out.extend_from_slice(&set);
        }
    }
    match set.len() {
        1 => out.resize(out.len() + count, set[0]),
        2 => times::<2>(out, set, count),
        3 => times::<3>(out, set, count),
        4 => times::<4>(out, set, count),
        5 => times::<5>(out, set, count),
        _ => (0..count).for_each(|_| out.extend_from_slice(set)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::slices::tests::{both, scratch};

    #[test]
    fn runs_unpack_to_the_words() {
        let words = [0, 1, 0, 1, 0, 1, 5, 7, 0, 1, 0, 1];
        let runs = pack(&words, 2);
        assert_eq!(runs, [0, 1, 3, 5, 7, 1, 0, 1, 2]);
        let unpacked = |half, second_only| unpack(runs.iter().copied(), 128, half, second_only);
        let whole = unpacked(6, false).expect("whole");
        assert_eq!([whole.first, whole.second].concat(), words);
        let second = unpacked(6, true).expect("the second half");
        assert_eq!(
            (second.first, second.second),
            (Vec::new(), words[6..].to_vec())
        );
        assert_eq!(unpacked(5, false), None);
        assert_eq!(unpacked(7, false), None);
    }

    #[test]
    fn a_run_across_the_halves_marks_each_half_s_sets() {
        // Sets of 128 pairs: won by the defender with every pair (both
        // words full), and lost by the attacker with every pair (none);
        // the run of three empty sets crosses from the first half into
        // the second.
        let m = u64::MAX;
        let words = [m, m, 0, 1, 0, 0, 0, 0, 0, 0, 5, 7];
        let runs = pack(&words, 2);
        assert_eq!(runs, [m, m, 1, 0, 1, 1, 0, 0, 3, 5, 7, 1]);
        let h = unpack(runs.iter().copied(), 128, 6, false).expect("whole");
        assert_eq!(
            (h.first, h.second),
            (words[..6].to_vec(), words[6..].to_vec())
        );
        assert_eq!((h.won, h.lost), (vec![0b001], vec![0b011]));
        let slice = Slice::new(words[..6].to_vec(), words[6..].to_vec(), 128);
        assert!(slice.won_by_all(0) && !slice.won_by_all(1) && !slice.won_by_all(2));
        assert!(slice.lost_by_all(0) && slice.lost_by_all(1) && !slice.lost_by_all(2));
        let h = unpack(runs.iter().copied(), 128, 6, true).expect("the second half");
        assert_eq!((h.won, h.lost), (Vec::new(), vec![0b011]));
    }

    #[test]
    fn slices_read_back_in_every_coding() {
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
        // Written deflated or not, read back the same: the coding its
        // header names, and its size.
        let round_trip = |words: &[u64], deflate: bool| {
            let slice = both(words, pairs);
            store.write_as(profile, &slice, deflate).expect("written");
            let read = store.read(profile).expect("read");
            assert_eq!((&read.bits, &read.attacker), (&slice.bits, &slice.attacker));
            (header(&path), std::fs::metadata(&path).expect("size").len())
        };
        let mut sizes = Vec::new();
        for deflate in [false, true] {
            let (coding, size) = round_trip(&bits, deflate);
            assert_eq!(coding, 1 + 2 * u8::from(deflate));
            sizes.push(size);
        }
        assert!(sizes[1] * 2 < sizes[0], "{sizes:?}");
        // Unpacked words (no runs), deflated or not.
        let varied: Vec<u64> = (0..sets * words).map(|i| i as u64 % 5).collect();
        for deflate in [false, true] {
            assert_eq!(round_trip(&varied, deflate).0, 2 * u8::from(deflate));
        }
        // A damaged deflated body is refused with a reason.
        store
            .write_as(profile, &both(&bits, pairs), true)
            .expect("written");
        let mut text = std::fs::read(&path).expect("the file");
        let middle = text.len() / 2;
        text[middle] ^= 0x5a;
        std::fs::write(&path, &text).expect("damaged");
        let refused = store.read(profile).expect_err("damaged");
        assert!(
            matches!(refused, TablesError::Damaged(_) | TablesError::Foreign(_))
                && refused.to_string().contains("damaged"),
            "{refused}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
