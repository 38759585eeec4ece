//! A tier's file: a text header (format and version, the rules, the
//! attacker count, the board's size, the number of levels), then one
//! chunk per level in level order, each sealed by its own checksum, so
//! that a build that was stopped keeps every level it finished and a
//! changed or cut file is never read as data.
//!
//! A chunk: `L`, the level (u32), the number of sets (u64) and of payload
//! words (u64), the payload, and the FNV-1a hash of the payload's words
//! (u64; all little-endian). The payload is a bit stream: for each of the
//! level's sets whose mirror image is not smaller, in increasing order,
//! its defender pairs' bits with the defender to move (1: the defender
//! wins; the attacker to move is answered by one ply from them). Mirror
//! images are not written: the reader fills them in.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::Path;

use super::error::TablesError;
use super::geometry::Geometry;
use super::index::{bits_at, low, rank};
use super::tier::{Block, MAX_WORDS, Tier};

/// The format line every tier file starts with.
pub(crate) const MAGIC: &str = "asalto-tables 2";

/// A tier file's header.
pub(crate) fn header(rules: &str, attackers: u32, points: u32, levels: usize) -> String {
    format!("{MAGIC}\nrules {rules}\nattackers {attackers}\npoints {points}\nlevels {levels}\n\n")
}

/// The FNV-1a hash of `words`, a word at a time.
pub(crate) fn fnv1a(words: impl IntoIterator<Item = u64>) -> u64 {
    words.into_iter().fold(0xcbf2_9ce4_8422_2325, |h, w| {
        (h ^ w).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Appends the chunk of one level (`sets`, already filled in `tier`).
pub(crate) fn write_level(
    out: &mut impl Write,
    level: u32,
    sets: &[u64],
    tier: &Tier,
) -> std::io::Result<()> {
    let mut payload = vec![0u64; (sets.len() * tier.pairs).div_ceil(64)];
    for (i, &set) in sets.iter().enumerate() {
        put_bits(
            &mut payload,
            i * tier.pairs,
            &tier.block(rank(set)),
            tier.pairs,
        );
    }
    let mut out = BufWriter::new(out);
    out.write_all(b"L")?;
    out.write_all(&level.to_le_bytes())?;
    out.write_all(&(sets.len() as u64).to_le_bytes())?;
    out.write_all(&(payload.len() as u64).to_le_bytes())?;
    for w in &payload {
        out.write_all(&w.to_le_bytes())?;
    }
    out.write_all(&fnv1a(payload.iter().copied()).to_le_bytes())?;
    out.flush()
}

/// What a tier file held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Loaded {
    /// The levels read whole, from the first.
    pub levels: usize,
    /// The byte just after the last of them.
    pub end: u64,
}

/// Reads the tier file at `path` into `tier`: its header must be `header`,
/// its chunks those of `levels` in order. Reading stops at the first chunk
/// that is cut short; a chunk whose checksum or shape is wrong is an error.
///
/// # Errors
///
/// The file cannot be read, belongs to other rules or another format, or
/// a chunk was changed.
pub(crate) fn read(
    path: &Path,
    header: &str,
    levels: &[(u32, Vec<u64>)],
    tier: &Tier,
    geometry: &Geometry,
) -> Result<Loaded, TablesError> {
    let name = path.display();
    let file = File::open(path).map_err(|e| TablesError::Io(format!("{name}: {e}")))?;
    let size = file
        .metadata()
        .map_err(|e| TablesError::Io(format!("{name}: {e}")))?
        .len();
    let mut input = BufReader::with_capacity(1 << 20, file);
    let mut head = vec![0u8; header.len()];
    if input.read_exact(&mut head).is_err() || head != header.as_bytes() {
        let text = String::from_utf8_lossy(&head);
        return Err(TablesError::Foreign(
            if !text.starts_with("asalto-tables ") {
                format!("{name} is not an endgame table file")
            } else if !text.starts_with(MAGIC) {
                format!("{name} is of another format version (this program reads {MAGIC})")
            } else {
                let line = |s: &str, key: &str| {
                    s.lines()
                        .find(|l| l.starts_with(key))
                        .unwrap_or("")
                        .to_owned()
                };
                format!(
                    "{name} is for other tables: its header says '{}', '{}', this needs '{}', '{}'",
                    line(&text, "rules"),
                    line(&text, "attackers"),
                    line(header, "rules"),
                    line(header, "attackers"),
                )
            },
        ));
    }
    let mut end = header.len() as u64;
    for (done, (level, sets)) in levels.iter().enumerate() {
        let mut fixed = [0u8; 21];
        if end + 21 > size || input.read_exact(&mut fixed).is_err() {
            return Ok(Loaded { levels: done, end });
        }
        let number = |at: usize, len: usize| {
            fixed[at..at + len]
                .iter()
                .rev()
                .fold(0u64, |n, &b| n << 8 | u64::from(b))
        };
        let (tag, got_level, count, words) = (fixed[0], number(1, 4), number(5, 8), number(13, 8));
        let expected_words = (sets.len() * tier.pairs).div_ceil(64) as u64;
        if tag != b'L'
            || got_level != u64::from(*level)
            || count != sets.len() as u64
            || words != expected_words
        {
            return Err(TablesError::Damaged(format!(
                "{name}: level {level} (chunk {done}) is not what this program writes there: the file is damaged"
            )));
        }
        if end + 21 + words * 8 + 8 > size {
            return Ok(Loaded { levels: done, end });
        }
        let mut bytes = vec![0u8; words as usize * 8 + 8];
        input
            .read_exact(&mut bytes)
            .map_err(|e| TablesError::Io(format!("{name}: {e}")))?;
        let payload: Vec<u64> = bytes
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        let (payload, sum) = payload.split_at(words as usize);
        if fnv1a(payload.iter().copied()) != sum[0] {
            return Err(TablesError::Damaged(format!(
                "{name}: level {level} fails its checksum: the file is damaged"
            )));
        }
        unpack(payload, sets, tier, geometry);
        end += 21 + words * 8 + 8;
    }
    Ok(Loaded {
        levels: levels.len(),
        end,
    })
}

/// Writes the first `len` bits of `block` into `stream` from bit `at`.
fn put_bits(stream: &mut [u64], at: usize, block: &[u64], len: usize) {
    for (w, &word) in block.iter().enumerate().take(len.div_ceil(64)) {
        let n = (len - w * 64).min(64);
        let word = word & low(n as u32);
        let bit = at + w * 64;
        stream[bit / 64] |= word << (bit % 64);
        if bit % 64 + n > 64 {
            stream[bit / 64 + 1] |= word >> (64 - bit % 64);
        }
    }
}

/// The `len` bits of `stream` from bit `at`, as a block.
fn get_bits(stream: &[u64], at: usize, len: usize) -> Block {
    let mut block = [0u64; MAX_WORDS];
    for (w, word) in block.iter_mut().enumerate().take(len.div_ceil(64)) {
        *word = bits_at(stream, at + w * 64, (len - w * 64).min(64));
    }
    block
}

/// Stores a level's payload into `tier`, on every core: each set's bits
/// have the same length, so each thread knows where its sets begin.
fn unpack(payload: &[u64], sets: &[u64], tier: &Tier, geometry: &Geometry) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let share = sets.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        for (t, part) in sets.chunks(share).enumerate() {
            scope.spawn(move || {
                for (i, &set) in part.iter().enumerate() {
                    let at = (t * share + i) * tier.pairs;
                    tier.store(geometry, set, &get_bits(payload, at, tier.pairs));
                }
            });
        }
    });
}

/// Opens the tier file at `path` for appending after `end` (cutting off
/// a chunk a stopped build left half written), or creates it with
/// `header`.
pub(crate) fn append(path: &Path, header: &str, end: Option<u64>) -> Result<File, TablesError> {
    let name = path.display();
    let err = |e: std::io::Error| TablesError::Io(format!("{name}: {e}"));
    match end {
        Some(end) => {
            let mut file = std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(err)?;
            file.set_len(end).map_err(err)?;
            file.seek(SeekFrom::End(0)).map_err(err)?;
            Ok(file)
        }
        None => {
            let mut file = File::create(path).map_err(err)?;
            file.write_all(header.as_bytes()).map_err(err)?;
            Ok(file)
        }
    }
}
