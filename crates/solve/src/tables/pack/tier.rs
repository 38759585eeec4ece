//! Packing one tier: its rows (each kept set's bits with one side to
//! move, slice after slice) cut into blocks and fills, in a work folder.
//!
//! Bits one more ply decides (`Pack::stores`: with the attacker to move,
//! where a step fills the fortress; with the defender to move, where it
//! must capture) are never read: each is written as the row's bits that
//! are read mostly are (as the row before, where none is), so that the
//! rows' runs and repeats code small.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use asalto_core::Side;

use super::super::geometry::{Geometry, bits};
use super::super::index::{index_in, pairs, unordered};
use super::super::slices::{Slice, Store};
use super::PackError;
use super::counts::TierCounts;
use super::format::{self, Entry, Fill, Key};
use super::resume;

/// The most bytes of a coded block (its checksum included), unless one
/// row alone takes more.
const BLOCK_LIMIT: usize = 4096;
/// The most bytes of bits a block inflates to.
const RAW_LIMIT: usize = 64 << 10;

fn io(path: &Path, e: &std::io::Error) -> PackError {
    PackError::Io(format!("{}: {e}", path.display()))
}

/// How often a tier's packing writes where it stands (`STEM.resume`), and,
/// for tests, after how many slices of this run it stops as if killed.
#[derive(Debug, Clone, Copy)]
pub(super) struct Checkpoints {
    /// The least time between two.
    pub every: Duration,
    /// Stop (with [`PackError::Io`]) once this many slices are done in
    /// this run and written down.
    pub stop_after: Option<u64>,
}

/// A checkpoint a minute: a stopped run loses at most that.
pub(super) const EVERY_MINUTE: Checkpoints = Checkpoints {
    every: Duration::from_secs(60),
    stop_after: None,
};

/// Packs tier `a`'s bits with `side` to move into `STEM.blocks` (its
/// coded blocks, one after another) and `STEM.entries` (a leaf directory
/// of all its entries, their offsets in the blocks file), with its counts
/// in `STEM.counts`. Stops, with no entries written, once its blocks and
/// entries (three bytes each) take more than `give_up` bytes: the counts
/// then say how many they took. Resumable ([`resume`]): a side already
/// packed is not packed again, one under way goes on from its last
/// checkpoint.
pub(super) fn pack_tier(
    store: &Store,
    geometry: &Geometry,
    (a, side): (u32, Side),
    stem: &Path,
    give_up: u64,
    checkpoints: Checkpoints,
) -> Result<Tier, PackError> {
    let done = stem.with_extension("entries");
    let counted = stem.with_extension("counts");
    if done.exists()
        && let Some(counts) = std::fs::read_to_string(&counted)
            .ok()
            .and_then(|t| TierCounts::from_text(&t))
    {
        return Ok(Tier::Packed(counts));
    }
    let path = stem.with_extension("blocks");
    let pairs = pairs(geometry.len() - a);
    let forced = store.forced();
    let state = resume::load(stem).filter(|s| s.counts.attackers == a && s.counts.side == side);
    let file =
        open_blocks(&path, state.as_ref().map(|s| s.counts.bytes)).map_err(|e| io(&path, &e))?;
    let state = state.unwrap_or_else(|| {
        resume::State::fresh(TierCounts {
            attackers: a,
            side,
            ..TierCounts::default()
        })
    });
    let mut rows = Rows {
        attackers: a as u8,
        free: geometry.len() - a,
        pairs,
        words: pairs.div_ceil(64).max(1),
        cap: (RAW_LIMIT * 8 / pairs.max(1)).max(1),
        pending: state.pending,
        first: state.first,
        fill: state.fill,
        out: BufWriter::new(file),
        entries: state.entries,
        counts: state.counts,
    };
    let (from, mut saved) = (state.slices, Instant::now());
    let profiles = store.slicing.profiles(a);
    for (k, &profile) in profiles.iter().enumerate().skip(from as usize) {
        let slice = store.read(profile).map_err(PackError::Tables)?;
        let layout = store.slicing.layout(profile);
        rows.count(&slice, layout.symmetric());
        let bits = match side {
            Side::Attacker => &slice.attacker,
            Side::Defender => &slice.bits,
        };
        for (i, row) in bits.chunks_exact(slice.words).enumerate() {
            let set = store.slicing.decode(profile, &layout, i as u64);
            rows.push(row, cared(geometry, (set, side, forced), pairs));
            rows.cut(false).map_err(|e| io(&path, &e))?;
        }
        if rows.counts.bytes + 3 * rows.entries.len() as u64 > give_up {
            let bytes = rows.counts.bytes;
            drop(rows);
            std::fs::remove_file(&path).map_err(|e| io(&path, &e))?;
            resume::clear(stem)?;
            return Ok(Tier::Over(bytes));
        }
        let slices = k as u64 + 1;
        if saved.elapsed() >= checkpoints.every && slices < profiles.len() as u64 {
            rows.out.flush().map_err(|e| io(&path, &e))?;
            resume::save(stem, &rows.state(slices))?;
            saved = Instant::now();
            if checkpoints.stop_after.is_some_and(|n| slices - from >= n) {
                return Err(PackError::Io(format!(
                    "stopped after {slices} slices, as asked"
                )));
            }
        }
    }
    rows.cut(true).map_err(|e| io(&path, &e))?;
    let Rows {
        out,
        entries,
        mut counts,
        ..
    } = rows;
    out.into_inner()
        .map_err(|e| io(&path, e.error()))?
        .sync_data()
        .map_err(|e| io(&path, &e))?;
    counts.entries = entries.len() as u64;
    let part = stem.with_extension("part");
    std::fs::write(&part, format::encode_leaf(&entries)).map_err(|e| io(&part, &e))?;
    std::fs::rename(&part, &done).map_err(|e| io(&done, &e))?;
    std::fs::write(&part, counts.to_text()).map_err(|e| io(&part, &e))?;
    std::fs::rename(&part, &counted).map_err(|e| io(&counted, &e))?;
    resume::clear(stem)?;
    Ok(Tier::Packed(counts))
}

/// A tier's blocks file: cut back to the `kept` bytes a checkpoint
/// counted and opened at its end, or made empty.
fn open_blocks(path: &Path, kept: Option<u64>) -> std::io::Result<File> {
    let Some(len) = kept else {
        return File::create(path);
    };
    let mut file = OpenOptions::new().write(true).open(path)?;
    file.set_len(len)?;
    file.seek(SeekFrom::End(0))?;
    Ok(file)
}

/// What packing a tier with one side to move came to.
pub(super) enum Tier {
    /// Packed, with its counts.
    Packed(TierCounts),
    /// Stopped over the bytes it was given, after this many bytes of
    /// blocks.
    Over(u64),
}

/// The pairs of `set`'s row whose bits are read with `side` to move
/// (`None`: all of them; see `Pack::stores`): with the attacker to move,
/// where an attacker step fills the fortress, only the pairs with a
/// defender on the one empty fortress point; with the defender to move
/// when a capture is `forced`, the pairs that cannot capture.
fn cared(g: &Geometry, (set, side, forced): (u64, Side, bool), pairs: usize) -> Option<Vec<u64>> {
    let free = g.all() & !set;
    let mut mask = vec![0u64; pairs.div_ceil(64).max(1)];
    match side {
        Side::Attacker => {
            let hole = g.fortress & !set;
            if hole.count_ones() != 1 || !bits(set).any(|p| g.steps[p as usize] & hole != 0) {
                return None;
            }
            let q = index_in(free, hole.trailing_zeros());
            for i in (0..free.count_ones()).filter(|&i| i != q) {
                let k = unordered(i, q);
                mask[k / 64] |= 1 << (k % 64);
            }
        }
        Side::Defender => {
            if !forced {
                return None;
            }
            // Each free point's landings: where a defender there lands
            // jumping an attacker; the other defender may stand on one.
            // A pair keeps its bit when neither defender can capture:
            // each lands nowhere, or only where the other stands.
            let lands: Vec<u64> = bits(free)
                .map(|x| {
                    let jumps = &g.jumps[x as usize];
                    bits(jumps.over & set).fold(0u64, |l, b| l | 1 << jumps.land[b as usize]) & free
                })
                .collect();
            // By free index: who lands nowhere, and who lands only on `y`.
            let stuck = lands
                .iter()
                .enumerate()
                .fold(0u64, |m, (i, &l)| m | u64::from(l == 0) << i);
            let only_on = |y: u64| {
                lands
                    .iter()
                    .enumerate()
                    .fold(0u64, |m, (i, &l)| m | u64::from(l == y) << i)
            };
            for (j, (&from_y, y)) in lands.iter().zip(bits(free)).enumerate() {
                let below = (1u64 << j) - 1;
                let keep = if from_y == 0 {
                    (stuck | only_on(1 << y)) & below
                } else if from_y.count_ones() == 1 {
                    // Only a partner on its one landing stops it.
                    let i = index_in(free, from_y.trailing_zeros());
                    let partner_free = lands[i as usize] == 0 || lands[i as usize] == 1 << y;
                    u64::from(partner_free) << i & below
                } else {
                    0
                };
                if keep != 0 {
                    set_bits(&mut mask, j * (j - 1) / 2, keep);
                }
            }
        }
    }
    Some(mask)
}

/// Sets in `mask` the bits of `value` shifted to start at bit `at`.
fn set_bits(mask: &mut [u64], at: usize, value: u64) {
    let (word, shift) = (at / 64, at % 64);
    mask[word] |= value << shift;
    if shift > 0 && value >> (64 - shift) != 0 {
        mask[word + 1] |= value >> (64 - shift);
    }
}

/// A tier's rows on their way into blocks.
struct Rows {
    attackers: u8,
    /// Free points: a row holds their pairs.
    free: u32,
    pairs: usize,
    words: usize,
    /// Rows a block holds at most.
    cap: usize,
    /// Rows not yet in a block, `words` words each.
    pending: Vec<u64>,
    /// The first pending row's place in the tier.
    first: u64,
    /// A fill run not yet ended (before the pending rows): its value and
    /// rows.
    fill: Option<(bool, u32)>,
    out: BufWriter<File>,
    entries: Vec<Entry>,
    counts: TierCounts,
}

impl Rows {
    /// Adds a slice's positions won and lost to the counts (a set that is
    /// not its own mirror image stands for two).
    fn count(&mut self, slice: &Slice, symmetric: std::ops::Range<u64>) {
        let w = slice.words;
        let won = |row: &[u64]| u64::from(row.iter().map(|x| x.count_ones()).sum::<u32>());
        let all = self.pairs as u64;
        let rows = slice
            .bits
            .chunks_exact(w)
            .zip(slice.attacker.chunks_exact(w));
        for (i, (d, at)) in rows.enumerate() {
            let times = if symmetric.contains(&(i as u64)) {
                1
            } else {
                2
            };
            let (aw, dw) = (won(at), won(d));
            let c = &mut self.counts;
            c.attacker_to_move.0 += times * aw;
            c.attacker_to_move.1 += times * (all - aw);
            c.defender_to_move.0 += times * dw;
            c.defender_to_move.1 += times * (all - dw);
        }
    }

    fn rows(&self) -> usize {
        self.pending.len() / self.words
    }

    /// Where the packing stands after `slices` slices (the blocks flushed).
    fn state(&self, slices: u64) -> resume::State {
        resume::State {
            slices,
            first: self.first,
            fill: self.fill,
            pending: self.pending.clone(),
            entries: self.entries.clone(),
            counts: self.counts,
        }
    }

    fn row(&self, i: usize) -> &[u64] {
        &self.pending[i * self.words..(i + 1) * self.words]
    }

    /// A row's value if every pair has it.
    fn constant(&self, row: &[u64]) -> Option<bool> {
        if row.iter().all(|&w| w == 0) {
            Some(false)
        } else if Slice::all_won(row, self.pairs) {
            Some(true)
        } else {
            None
        }
    }

    /// Appends a row; where `cared` says which bits are read, the others
    /// are the row before's.
    fn push(&mut self, row: &[u64], cared: Option<Vec<u64>>) {
        let mut row = row.to_vec();
        if let Some(mask) = cared {
            // The row's bits that are read: how many, and how many set.
            let ones: u32 = row
                .iter()
                .zip(&mask)
                .map(|(w, m)| (w & m).count_ones())
                .sum();
            let all: u32 = mask.iter().map(|m| m.count_ones()).sum();
            let fill: Vec<u64> = if all == 0 {
                // Nothing read: the row before, which codes as a repeat.
                match (self.rows(), self.fill) {
                    (0, Some((true, _))) => ones_row(self.pairs),
                    (0, _) => vec![0; self.words],
                    (n, _) => self.row(n - 1).to_vec(),
                }
            } else if 2 * ones > all {
                ones_row(self.pairs)
            } else {
                vec![0; self.words]
            };
            for ((w, m), f) in row.iter_mut().zip(&mask).zip(fill) {
                *w = (*w & m) | (f & !m);
            }
        }
        if let (Some((value, n)), 0) = (self.fill, self.rows()) {
            if self.constant(&row) == Some(value) && n < u32::MAX {
                self.fill = Some((value, n + 1));
                return;
            }
            self.end_fill();
        }
        self.pending.extend_from_slice(&row);
    }

    fn end_fill(&mut self) {
        if let Some((value, rows)) = self.fill.take() {
            let fill = if value { Fill::Ones } else { Fill::Zeros };
            self.entry(rows, fill, 0);
            self.first += u64::from(rows);
        }
    }

    fn entry(&mut self, rows: u32, fill: Fill, length: u32) {
        self.entries.push(Entry {
            key: Key {
                attackers: self.attackers,
                row: self.first,
            },
            rows,
            fill,
            part: 0,
            offset: self.counts.bytes,
            length,
        });
        self.counts.bytes += u64::from(length);
    }

    /// Cuts blocks from the front of the pending rows while two blocks'
    /// worth wait (all of them at the end of the tier).
    fn cut(&mut self, end: bool) -> std::io::Result<()> {
        while self.rows() >= 2 * self.cap || (end && self.rows() > 0) {
            let value = self.constant(self.row(0));
            let run = value.map_or(0, |v| {
                (0..self.rows())
                    .take_while(|&i| self.constant(self.row(i)) == Some(v))
                    .count()
            });
            if let Some(v) = value.filter(|_| run >= self.cap || run == self.rows()) {
                self.end_fill();
                if run == self.rows() && !end {
                    // The run may go on: held open, no rows pending.
                    self.fill = Some((v, run as u32));
                    self.pending.clear();
                    return Ok(());
                }
                self.fill = Some((v, run as u32));
                self.end_fill();
                self.pending.drain(..run * self.words);
                continue;
            }
            self.end_fill();
            self.block()?;
        }
        if end {
            self.end_fill();
        }
        Ok(())
    }

    /// Cuts one coded block from the front: as many rows as keep it within
    /// [`BLOCK_LIMIT`] bytes, up to the next run of constant rows as long
    /// as a block.
    fn block(&mut self) -> std::io::Result<()> {
        let mut n = self.cap.min(self.rows());
        let mut j = 1;
        while j < n {
            let value = self.constant(self.row(j));
            let run = value.map_or(0, |v| {
                (j..self.rows())
                    .take_while(|&i| self.constant(self.row(i)) == Some(v))
                    .count()
            });
            if run >= self.cap {
                n = j;
                break;
            }
            j += run.max(1);
        }
        let (block, n) = format::seal_block(&self.bytes(n), self.free, n, BLOCK_LIMIT);
        self.out.write_all(&block)?;
        self.entry(n as u32, Fill::Coded, block.len() as u32);
        self.first += n as u64;
        self.pending.drain(..n * self.words);
        Ok(())
    }

    /// The first `n` pending rows, `pairs` bits a row, as bytes.
    fn bytes(&self, n: usize) -> Vec<u8> {
        let mut out = Vec::with_capacity((n * self.pairs).div_ceil(8));
        let (mut acc, mut held) = (0u128, 0u32);
        for row in self.pending[..n * self.words].chunks_exact(self.words) {
            let mut left = self.pairs;
            for &word in row {
                let take = left.min(64) as u32;
                let bits = if take == 64 {
                    word
                } else {
                    word & ((1 << take) - 1)
                };
                acc |= u128::from(bits) << held;
                held += take;
                left -= take as usize;
                while held >= 8 {
                    out.push(acc as u8);
                    acc >>= 8;
                    held -= 8;
                }
            }
        }
        if held > 0 {
            out.push(acc as u8);
        }
        out
    }
}

/// A row with each of `pairs` pairs won.
fn ones_row(pairs: usize) -> Vec<u64> {
    (0..pairs.div_ceil(64).max(1))
        .map(|j| {
            let left = pairs.saturating_sub(64 * j).min(64);
            if left == 64 {
                u64::MAX
            } else {
                (1 << left) - 1
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::super::index::pair_of;
    use super::super::read::fills_in_one;
    use super::*;
    use asalto_core::dense::Rng;

    #[test]
    fn the_bits_left_out_are_those_a_step_into_the_fortress_wins() {
        let rules: asalto_core::Rules = "assault".parse().expect("rules");
        let g = Geometry::new(&rules).expect("geometry");
        let mut rng = Rng::new(8);
        let (mut left_out, mut kept) = (0, 0);
        for _ in 0..3000 {
            // Eight of the fortress's points and a few more attackers.
            let mut set = g.fortress & !(1 << bits(g.fortress).nth(rng.below(9)).expect("a point"));
            for _ in 0..4 + rng.below(10) {
                set |= 1 << rng.below(g.len() as usize);
            }
            let free = g.all() & !set;
            let n = pairs(free.count_ones());
            let mask = cared(&g, (set, Side::Attacker, true), n);
            for x in bits(free) {
                for y in bits(free & !((2 << x) - 1)) {
                    let k = pair_of(free, x, y);
                    let read = mask.as_ref().is_none_or(|m| m[k / 64] >> (k % 64) & 1 == 1);
                    assert_eq!(!read, fills_in_one(&g, set, x, y), "{set:x} {x} {y}");
                    if read { kept += 1 } else { left_out += 1 }
                }
            }
        }
        assert!(left_out > 10_000 && kept > 10_000, "{left_out} {kept}");
    }

    #[test]
    fn the_defender_s_bits_left_out_are_those_it_must_capture_in() {
        let rules: asalto_core::Rules = "assault".parse().expect("rules");
        let g = Geometry::new(&rules).expect("geometry");
        let mut rng = Rng::new(9);
        let (mut left_out, mut kept) = (0, 0);
        for _ in 0..300 {
            let mut set = 0u64;
            for _ in 0..4 + rng.below(16) {
                set |= 1 << rng.below(g.len() as usize);
            }
            let free = g.all() & !set;
            let n = pairs(free.count_ones());
            assert_eq!(
                cared(&g, (set, Side::Defender, false), n),
                None,
                "optional captures"
            );
            let mask = cared(&g, (set, Side::Defender, true), n).expect("a mask");
            for x in bits(free) {
                for y in bits(free & !((2 << x) - 1)) {
                    let k = pair_of(free, x, y);
                    let read = mask[k / 64] >> (k % 64) & 1 == 1;
                    assert_eq!(read, !g.can_capture(set, x, y), "{set:x} {x} {y}");
                    if read { kept += 1 } else { left_out += 1 }
                }
            }
        }
        assert!(left_out > 10_000 && kept > 10_000, "{left_out} {kept}");
    }
}
