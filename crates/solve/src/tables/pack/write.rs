//! Writing a pack from a folder of slices: a tier at a time into a work
//! folder (so that a stopped run goes on from the first tier not done),
//! then the data parts, the index and the manifest.

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use asalto_core::{Rules, Side};
use sha2::{Digest, Sha256};

use super::super::Tables;
use super::super::TablesError;
use super::super::geometry::Geometry;
use super::super::slices::Store;
use super::PackError;
use super::counts::TierCounts;
use super::format::{self, Entry, Fill, HEAD, Header, Leaf, Part};
use super::tier::{EVERY_MINUTE, Tier, pack_tier};

/// The most bytes of one data part: what a CDN still caches whole.
pub const PART_LIMIT: u64 = 512 << 20;

/// How [`pack`] packs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PackOptions {
    /// The most bytes of a data part.
    pub part_limit: u64,
    /// The side to move whose bits every tier stores; `None`: each tier
    /// those of the side that take fewer bytes.
    pub store: Option<Side>,
    /// Tiers packed at once, each on a thread of its own.
    pub threads: usize,
}

impl Default for PackOptions {
    fn default() -> PackOptions {
        PackOptions {
            part_limit: PART_LIMIT,
            store: None,
            threads: 1,
        }
    }
}

/// What [`pack`] wrote.
#[derive(Debug, Clone)]
pub struct Packed {
    /// The index file.
    pub index: PathBuf,
    /// Every file (the index first) and its size.
    pub files: Vec<(String, u64)>,
    /// Each tier's counts.
    pub tiers: Vec<TierCounts>,
}

/// Packs the tables of `rules` in `dir` (their slices), the tiers of
/// `attackers` from the fewest up to the last whole one, into the folder
/// `out`: the data parts, the index and `manifest.json`, as `options`
/// say. Goes on from the tiers a stopped run finished (in `out/.work`,
/// kept while tiers of `attackers` are still to be built). `progress`
/// hears of each tier packed (in the order they end), and may stop the
/// run: the tiers under way end first.
///
/// # Errors
///
/// Rules without sliced tables, the first tier of `attackers` not whole,
/// a damaged slice, a file that cannot be written, or what `progress`
/// returns.
pub fn pack(
    rules: &Rules,
    dir: &Path,
    out: &Path,
    attackers: RangeInclusive<u32>,
    options: PackOptions,
    progress: &mut dyn FnMut(&TierCounts) -> Result<(), PackError>,
) -> Result<Packed, PackError> {
    let tables = Tables::empty(rules).map_err(PackError::Tables)?;
    let store = tables.store(dir, 0).map_err(PackError::Tables)?;
    let low = (*attackers.start()).max(tables.play.threshold);
    let high = (*attackers.end()).min(tables.geometry.len() - 2);
    if low > high {
        return Err(PackError::Tables(TablesError::Asked(format!(
            "no tier of {}..={} under {}",
            attackers.start(),
            attackers.end(),
            tables.key
        ))));
    }
    let work = out.join(".work");
    std::fs::create_dir_all(&work).map_err(|e| io(&work, &e))?;
    let stamp = work.join("rules");
    match std::fs::read_to_string(&stamp) {
        Ok(text) if text != tables.key => {
            return Err(PackError::Tables(TablesError::Asked(format!(
                "{} holds a pack of {text} being made: another folder, or delete it",
                out.display()
            ))));
        }
        Ok(_) => {}
        Err(_) => std::fs::write(&stamp, &tables.key).map_err(|e| io(&stamp, &e))?,
    }
    let done = |a: u32| work.join(format!("{a:02}.done"));
    // The tiers from the fewest attackers up to the last whole one (or
    // packed already).
    let mut whole = None;
    for a in low..=high {
        let missing = store
            .slicing
            .profiles(a)
            .into_iter()
            .find(|&p| !store.has(p));
        if let Some(p) = missing.filter(|_| !done(a).exists()) {
            if a == low {
                return Err(PackError::Tables(TablesError::Missing(format!(
                    "tier {a} is not whole in {}: {} is missing (asalto tables build makes it)",
                    dir.display(),
                    store.path(p).display()
                ))));
            }
            break;
        }
        whole = Some(a);
    }
    let asked = high;
    let high = whole.unwrap_or(low);
    let counts = |a: u32| {
        std::fs::read_to_string(done(a))
            .ok()
            .and_then(|t| TierCounts::from_text(&t))
    };
    for c in (low..=high).filter_map(counts) {
        progress(&c)?;
    }
    let todo: Vec<u32> = (low..=high).filter(|&a| counts(a).is_none()).collect();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (tell, told) = mpsc::channel();
        for _ in 0..options.threads.clamp(1, todo.len().max(1)) {
            let tell = tell.clone();
            let (todo, next, stop, done) = (&todo, &next, &stop, &done);
            let (store, geometry, work) = (&store, &tables.geometry, &work);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let Some(&a) = todo.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    let packed =
                        pack_smaller(store, geometry, (a, options.store), work).and_then(|c| {
                            write_then_rename(&done(a), c.to_text().as_bytes()).map(|()| c)
                        });
                    if tell.send(packed).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tell);
        for packed in told {
            if let Err(e) = packed.and_then(|c| progress(&c)) {
                stop.store(true, Ordering::Relaxed);
                return Err(e);
            }
        }
        Ok(())
    })?;
    let tiers: Vec<TierCounts> = (low..=high)
        .map(|a| counts(a).ok_or_else(|| PackError::Corrupt(format!("tier {a}'s counts"))))
        .collect::<Result<_, _>>()?;
    let packed = assemble(
        &tables.key,
        (low, high),
        &work,
        out,
        options.part_limit,
        tiers,
    )?;
    // The tiers packed stay ready for a run after the build has sealed
    // the rest.
    if high == asked {
        std::fs::remove_dir_all(&work).map_err(|e| io(&work, &e))?;
    }
    Ok(packed)
}

/// Packs tier `a` with each side to move (or `side` alone) and keeps the
/// smaller (blocks and directory entries) as `work/NN.blocks` and
/// `work/NN.entries`: the defender's bits first, then the attacker's,
/// stopped as soon as they take more.
fn pack_smaller(
    store: &Store,
    geometry: &Geometry,
    (a, side): (u32, Option<Side>),
    work: &Path,
) -> Result<TierCounts, PackError> {
    let stem = |s: Side| work.join(format!("{a:02}-{}", s.name()));
    let first = side.unwrap_or(Side::Defender);
    let Tier::Packed(mut kept) = pack_tier(
        store,
        geometry,
        (a, first),
        &stem(first),
        u64::MAX,
        EVERY_MINUTE,
    )?
    else {
        unreachable!("packing without a limit is never over it");
    };
    if side.is_none() {
        // A directory entry takes about three bytes.
        let cost = kept.bytes + 3 * kept.entries;
        let s = Side::Attacker;
        match pack_tier(store, geometry, (a, s), &stem(s), cost, EVERY_MINUTE)? {
            Tier::Over(bytes) => (kept.other, kept.other_stopped) = (bytes, true),
            Tier::Packed(c) if c.bytes + 3 * c.entries < cost => {
                let defender = std::mem::replace(&mut kept, c);
                (kept.other, kept.other_stopped) = (defender.bytes, false);
            }
            Tier::Packed(c) => (kept.other, kept.other_stopped) = (c.bytes, false),
        }
    }
    let other = kept.side.other();
    for ext in ["blocks", "entries"] {
        let to = work.join(format!("{a:02}.{ext}"));
        std::fs::rename(stem(kept.side).with_extension(ext), &to).map_err(|e| io(&to, &e))?;
    }
    // The other side's files, and the counts of both.
    let mut left: Vec<PathBuf> = ["blocks", "entries", "counts", "resume"]
        .iter()
        .map(|ext| stem(other).with_extension(ext))
        .collect();
    left.push(stem(kept.side).with_extension("counts"));
    for path in left.iter().filter(|p| p.exists()) {
        std::fs::remove_file(path).map_err(|e| io(path, &e))?;
    }
    Ok(kept)
}

fn io(path: &Path, e: &std::io::Error) -> PackError {
    PackError::Io(format!("{}: {e}", path.display()))
}

fn write_then_rename(path: &Path, bytes: &[u8]) -> Result<(), PackError> {
    let part = path.with_extension("part");
    std::fs::write(&part, bytes).map_err(|e| io(&part, &e))?;
    std::fs::rename(&part, path).map_err(|e| io(path, &e))
}

/// Writes the data parts, the index and the manifest from the tiers'
/// work files.
fn assemble(
    rules: &str,
    (low, high): (u32, u32),
    work: &Path,
    out: &Path,
    part_limit: u64,
    tiers: Vec<TierCounts>,
) -> Result<Packed, PackError> {
    let mut entries = Vec::new();
    let mut parts: Vec<Part> = Vec::new();
    let mut files = Vec::new();
    let mut current: Option<(BufWriter<File>, Sha256, u64, PathBuf)> = None;
    let finish = |(w, sha, size, path): (BufWriter<File>, Sha256, u64, PathBuf),
                  parts: &mut Vec<Part>,
                  files: &mut Vec<(String, u64, String)>|
     -> Result<(), PackError> {
        w.into_inner()
            .map_err(|e| io(&path, e.error()))?
            .sync_data()
            .map_err(|e| io(&path, &e))?;
        let sha256: [u8; 32] = sha.finalize().into();
        let name = format::part_name(&sha256);
        std::fs::rename(&path, out.join(&name)).map_err(|e| io(&path, &e))?;
        parts.push(Part { size, sha256 });
        files.push((name, size, hex(&sha256)));
        Ok(())
    };
    for a in low..=high {
        let path = work.join(format!("{a:02}.entries"));
        let bytes = std::fs::read(&path).map_err(|e| io(&path, &e))?;
        let tier = format::decode_leaf(&bytes)?;
        let path = work.join(format!("{a:02}.blocks"));
        let mut blocks = std::io::BufReader::new(File::open(&path).map_err(|e| io(&path, &e))?);
        for mut e in tier {
            if e.fill == Fill::Coded {
                let mut block = vec![0; e.length as usize];
                blocks.read_exact(&mut block).map_err(|e| io(&path, &e))?;
                let full = current
                    .as_ref()
                    .is_some_and(|c| c.2 > 0 && c.2 + u64::from(e.length) > part_limit);
                if full {
                    finish(current.take().expect("a part"), &mut parts, &mut files)?;
                }
                if current.is_none() {
                    let p = work.join(format!("part-{}.tmp", parts.len() + 1));
                    let f = File::create(&p).map_err(|e| io(&p, &e))?;
                    current = Some((BufWriter::new(f), Sha256::new(), 0, p));
                }
                let (w, sha, size, p) = current.as_mut().expect("a part");
                w.write_all(&block).map_err(|e| io(p, &e))?;
                sha.update(&block);
                e.part = parts.len() as u16 + 1;
                e.offset = *size;
                *size += u64::from(e.length);
            }
            entries.push(e);
        }
    }
    if let Some(c) = current.take() {
        finish(c, &mut parts, &mut files)?;
    }
    let sides = tiers.iter().map(|t| t.side).collect();
    let index = index_bytes(rules, (low, high), sides, parts, &entries)?;
    let sha256: [u8; 32] = Sha256::digest(&index).into();
    let name = format::part_name(&sha256);
    let index_path = out.join(&name);
    write_then_rename(&index_path, &index)?;
    files.insert(0, (name, index.len() as u64, hex(&sha256)));
    write_then_rename(
        &out.join("manifest.json"),
        manifest(rules, &files, &tiers).as_bytes(),
    )?;
    // Files of an earlier pack in the same folder.
    for entry in std::fs::read_dir(out).map_err(|e| io(out, &e))?.flatten() {
        let n = entry.file_name().to_string_lossy().into_owned();
        let ours = files.iter().any(|(f, _, _)| *f == n);
        if n.starts_with("asalto-") && n.ends_with(".bin") && !ours {
            std::fs::remove_file(entry.path()).map_err(|e| io(&entry.path(), &e))?;
        }
    }
    Ok(Packed {
        index: index_path,
        files: files.into_iter().map(|(n, s, _)| (n, s)).collect(),
        tiers,
    })
}

/// The index file: the header with the root directory, then the leaf
/// directories, as many entries a leaf as keeps the root in [`HEAD`].
fn index_bytes(
    rules: &str,
    (low, high): (u32, u32),
    sides: Vec<Side>,
    parts: Vec<Part>,
    entries: &[Entry],
) -> Result<Vec<u8>, PackError> {
    let mut header = Header {
        rules: rules.to_owned(),
        low: low as u8,
        high: high as u8,
        sides,
        parts,
        leaves: Vec::new(),
    };
    let mut per_leaf = 2048;
    loop {
        let chunks: Vec<&[Entry]> = entries.chunks(per_leaf).collect();
        header.leaves = chunks
            .iter()
            .map(|c| Leaf {
                first: c[0].key,
                offset: 0,
                length: 0,
            })
            .collect();
        let head = header.to_bytes().len();
        if head > HEAD {
            per_leaf *= 2;
            continue;
        }
        let leaves: Vec<Vec<u8>> = chunks.iter().map(|c| format::encode_leaf(c)).collect();
        let mut offset = head as u64;
        for (leaf, bytes) in header.leaves.iter_mut().zip(&leaves) {
            (leaf.offset, leaf.length) = (offset, bytes.len() as u32);
            offset += bytes.len() as u64;
        }
        let mut out = header.to_bytes();
        for bytes in leaves {
            out.extend_from_slice(&bytes);
        }
        return Ok(out);
    }
}

/// Bytes as lowercase hexadecimal.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `manifest.json`: the format, the rules, the files with their sizes and
/// SHA-256, and each tier's counts.
fn manifest(rules: &str, files: &[(String, u64, String)], tiers: &[TierCounts]) -> String {
    let index = &files[0].0;
    let files: Vec<String> = files
        .iter()
        .map(|(n, s, h)| {
            format!("    {{ \"name\": \"{n}\", \"bytes\": {s}, \"sha256\": \"{h}\" }}")
        })
        .collect();
    let tiers: Vec<String> = tiers
        .iter()
        .map(|t| {
            format!(
                "    {{ \"attackers\": {}, \"positions\": {}, \"attacker_to_move\": {{ \"won\": {}, \"lost\": {} }}, \"defender_to_move\": {{ \"won\": {}, \"lost\": {} }}, \"stored\": \"{}\", \"entries\": {}, \"bytes\": {}, \"other_side_bytes\": {}, \"other_side_stopped\": {}, \"bits_a_position\": {:.5} }}",
                t.attackers,
                t.positions(),
                t.attacker_to_move.0,
                t.attacker_to_move.1,
                t.defender_to_move.0,
                t.defender_to_move.1,
                t.side.name(),
                t.entries,
                t.bytes,
                t.other,
                t.other_stopped,
                t.bits_a_position()
            )
        })
        .collect();
    format!(
        "{{\n  \"format\": \"asalto-pack\",\n  \"version\": {},\n  \"rules\": \"{rules}\",\n  \"index\": \"{}\",\n  \"files\": [\n{}\n  ],\n  \"tiers\": [\n{}\n  ]\n}}\n",
        format::VERSION,
        index,
        files.join(",\n"),
        tiers.join(",\n")
    )
}
