//! A tier's packing, stopped and taken up again where it was: every so
//! often, between two slices, the rows not yet in a block, the fill run
//! open, the entries so far and the counts are written to `STEM.resume`
//! (after the blocks written so far reach the file); a run that finds it
//! cuts the blocks file back to the length it records and goes on from the
//! next slice. The bytes come out the same as a run never stopped.
//!
//! A resume file that does not read (cut short, changed, of another tier)
//! or that the blocks file is shorter than is ignored: the tier starts
//! again.

use std::path::Path;

use super::PackError;
use super::counts::TierCounts;
use super::format::{self, Entry};

/// Where a tier's packing stood after its first `slices` slices.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct State {
    /// The slices done.
    pub slices: u64,
    /// The first pending row's place in the tier.
    pub first: u64,
    /// The fill run open: its value and rows.
    pub fill: Option<(bool, u32)>,
    /// The rows not yet in a block, their words one after another.
    pub pending: Vec<u64>,
    /// The entries cut so far.
    pub entries: Vec<Entry>,
    /// The counts so far; `bytes` is the blocks file's length.
    pub counts: TierCounts,
}

impl State {
    /// A tier's packing before its first slice.
    pub fn fresh(counts: TierCounts) -> State {
        State {
            slices: 0,
            first: 0,
            fill: None,
            pending: Vec::new(),
            entries: Vec::new(),
            counts,
        }
    }
}

const MAGIC: &[u8] = b"asalto pack resume 1\n";

/// Writes `state` as `STEM.resume`, beside and renamed: a stop while
/// writing leaves the one before.
pub(super) fn save(stem: &Path, state: &State) -> Result<(), PackError> {
    let mut raw = MAGIC.to_vec();
    for v in [state.slices, state.first, state.pending.len() as u64] {
        raw.extend_from_slice(&v.to_le_bytes());
    }
    let (open, value, rows) = match state.fill {
        Some((v, n)) => (1u8, u8::from(v), n),
        None => (0, 0, 0),
    };
    raw.extend_from_slice(&[open, value]);
    raw.extend_from_slice(&rows.to_le_bytes());
    for w in &state.pending {
        raw.extend_from_slice(&w.to_le_bytes());
    }
    let counts = state.counts.to_text();
    raw.extend_from_slice(&(counts.len() as u64).to_le_bytes());
    raw.extend_from_slice(counts.as_bytes());
    raw.extend_from_slice(&format::encode_leaf(&state.entries));
    let path = stem.with_extension("resume");
    let part = stem.with_extension("resume-part");
    std::fs::write(&part, format::seal(&raw))
        .and_then(|()| std::fs::rename(&part, &path))
        .map_err(|e| PackError::Io(format!("{}: {e}", path.display())))
}

/// The state `STEM.resume` holds, if it reads and the blocks file holds
/// at least the bytes it counts.
pub(super) fn load(stem: &Path) -> Option<State> {
    let sealed = std::fs::read(stem.with_extension("resume")).ok()?;
    let raw = format::open(&sealed, 1 << 30).ok()?;
    let mut r = Cursor(raw.strip_prefix(MAGIC)?);
    let [slices, first, words] = r.u64s(3)?[..] else {
        return None;
    };
    let head = r.take(6)?;
    let rows = u32::from_le_bytes(head[2..6].try_into().ok()?);
    let fill = (head[0] == 1).then_some((head[1] == 1, rows));
    let pending = r.u64s(usize::try_from(words).ok()?)?;
    let len = r.u64s(1)?[0];
    let counts = std::str::from_utf8(r.take(usize::try_from(len).ok()?)?).ok()?;
    let counts = TierCounts::from_text(counts)?;
    let entries = format::decode_leaf(r.0).ok()?;
    let blocks = std::fs::metadata(stem.with_extension("blocks")).ok()?.len();
    (blocks >= counts.bytes).then_some(State {
        slices,
        first,
        fill,
        pending,
        entries,
        counts,
    })
}

/// Bytes read from the front.
struct Cursor<'a>(&'a [u8]);

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let (head, rest) = self.0.split_at_checked(n)?;
        self.0 = rest;
        Some(head)
    }

    fn u64s(&mut self, n: usize) -> Option<Vec<u64>> {
        let bytes = self.take(n.checked_mul(8)?)?;
        let words = bytes.chunks_exact(8);
        Some(
            words
                .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
                .collect(),
        )
    }
}

/// Removes `STEM.resume`, if there is one.
pub(super) fn clear(stem: &Path) -> Result<(), PackError> {
    let path = stem.with_extension("resume");
    match std::fs::remove_file(&path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(PackError::Io(format!("{}: {e}", path.display())))
        }
        _ => Ok(()),
    }
}
