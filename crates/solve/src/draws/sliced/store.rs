//! Where the solved slices are kept: in memory, or each in a file of its
//! own with the slices last used in memory within a budget.
//!
//! A slice's file, `DIR/wdl-<hash of the rules>/<attackers>/<defenders>-<profile>.wdl`:
//! a text header (format, rules, attackers, defenders, profile,
//! positions), an empty line, the deflated length (8 bytes, little
//! endian), the values two bits a position deflated (RFC 1951), and the
//! FNV-1a hash of the values' bytes (8 bytes). It is written beside its
//! place and renamed into it, so a stopped build loses only the slice in
//! flight and a build run again goes on from the files there.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::tables::TablesError;
use crate::tables::file::fnv1a;
use crate::tables::profile::ByProfile;

use super::SliceId;

/// The format line every file starts with.
const MAGIC: &str = "asalto-wdl 1";

/// A solved slice's values, two bits a position.
pub(super) type Values = Arc<Vec<u8>>;

/// The solved slices.
#[derive(Debug)]
pub(super) struct Store {
    /// The folder of this rule set's files, and the rules as text.
    disk: Option<(PathBuf, String)>,
    cache: Mutex<Cache>,
}

#[derive(Debug, Default)]
struct Cache {
    slices: ByProfile<[Option<Values>; 3]>,
    /// The slices held, oldest first, and their bytes.
    order: VecDeque<SliceId>,
    bytes: u64,
    budget: u64,
}

impl Store {
    /// Every slice in memory.
    pub fn memory() -> Store {
        Store {
            disk: None,
            cache: Mutex::new(Cache {
                budget: u64::MAX,
                ..Cache::default()
            }),
        }
    }

    /// Each slice in a file under `dir` (a folder of its own for `rules`),
    /// at most `budget` bytes of them in memory.
    pub fn on_disk(dir: &Path, rules: &str, budget: u64) -> Store {
        let hash = rules.bytes().fold(0x811c_9dc5u32, |h, b| {
            (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
        });
        Store {
            disk: Some((dir.join(format!("wdl-{hash:08x}")), rules.to_owned())),
            cache: Mutex::new(Cache {
                budget,
                ..Cache::default()
            }),
        }
    }

    fn path(folder: &Path, (a, d, _): SliceId, name: &str) -> PathBuf {
        folder
            .join(format!("{a:02}"))
            .join(format!("{d}-{name}.wdl"))
    }

    /// Whether the slice `id` (its profile written `name`) has a file.
    pub fn has(&self, id: SliceId, name: &str) -> bool {
        self.disk
            .as_ref()
            .is_some_and(|(folder, _)| Store::path(folder, id, name).exists())
    }

    /// The values of the slice `id` (`positions` of them, its profile
    /// written `name`), if it is solved: from memory, else from its file.
    ///
    /// # Errors
    ///
    /// Its file cannot be read, is damaged or is of other rules.
    pub fn get(
        &self,
        id: SliceId,
        (name, positions): (&str, u64),
    ) -> Result<Option<Values>, TablesError> {
        let (_, d, profile) = id;
        if let Some(v) = self
            .lock()
            .slices
            .get(&profile)
            .and_then(|v| v[d as usize - 1].clone())
        {
            return Ok(Some(v));
        }
        let Some((folder, rules)) = &self.disk else {
            return Ok(None);
        };
        let path = Store::path(folder, id, name);
        if !path.exists() {
            return Ok(None);
        }
        let shown = path.display().to_string();
        let bytes = std::fs::read(&path).map_err(|e| TablesError::Io(format!("{shown}: {e}")))?;
        let values = parse(&bytes, &header(rules, id, (name, positions)), positions)
            .map_err(|why| why.error(&shown))?;
        let values = Arc::new(values);
        self.hold(id, Arc::clone(&values), false);
        Ok(Some(values))
    }

    /// Keeps the solved slice `id`: in its file first, if on disk. Returns
    /// the bytes its values take deflated.
    ///
    /// # Errors
    ///
    /// Its file cannot be written.
    pub fn put(
        &self,
        id: SliceId,
        (name, positions): (&str, u64),
        values: Vec<u8>,
    ) -> Result<u64, TablesError> {
        let (file, deflated) = file_bytes(&self.header(id, (name, positions)), &values);
        if let Some((folder, _)) = &self.disk {
            write(&Store::path(folder, id, name), &file)?;
        }
        self.hold(id, Arc::new(values), true);
        Ok(deflated)
    }

    fn header(&self, id: SliceId, slice: (&str, u64)) -> String {
        header(self.disk.as_ref().map_or("", |(_, rules)| rules), id, slice)
    }

    /// The cache, whichever thread holds it (one that panicked left it
    /// whole: every change is made under the lock in one piece).
    fn lock(&self) -> MutexGuard<'_, Cache> {
        self.cache
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Holds `values` in memory, letting the oldest go past the budget. A
    /// slice read that another thread read meanwhile is held once; a slice
    /// solved (`replace`) takes the place of any held.
    fn hold(&self, (a, d, profile): SliceId, values: Values, replace: bool) {
        let mut cache = self.lock();
        let held = cache
            .slices
            .get(&profile)
            .and_then(|v| v[d as usize - 1].as_ref());
        if let Some(held) = held {
            if !replace {
                return;
            }
            cache.bytes -= held.len() as u64;
        }
        cache.bytes += values.len() as u64;
        cache.slices.entry(profile).or_default()[d as usize - 1] = Some(values);
        cache.order.push_back((a, d, profile));
        while cache.bytes > cache.budget && cache.order.len() > 1 {
            let Some((_, d, profile)) = cache.order.pop_front() else {
                break;
            };
            let gone = cache
                .slices
                .get_mut(&profile)
                .and_then(|v| v[d as usize - 1].take());
            cache.bytes -= gone.map_or(0, |v| v.len() as u64);
        }
    }
}

fn header(rules: &str, (a, d, _): SliceId, (name, positions): (&str, u64)) -> String {
    format!(
        "{MAGIC}\nrules {rules}\nattackers {a}\ndefenders {d}\nprofile {name}\npositions {positions}\n\n"
    )
}

fn hash(values: &[u8]) -> u64 {
    fnv1a(values.iter().map(|&b| u64::from(b)))
}

/// A slice's file: `header`, then `values` deflated; and the deflated
/// bytes' count.
fn file_bytes(header: &str, values: &[u8]) -> (Vec<u8>, u64) {
    let deflated = miniz_oxide::deflate::compress_to_vec(values, 6);
    let mut file = header.as_bytes().to_vec();
    file.extend((deflated.len() as u64).to_le_bytes());
    file.extend(&deflated);
    file.extend(hash(values).to_le_bytes());
    (file, deflated.len() as u64)
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), TablesError> {
    let io = |e: std::io::Error, p: &Path| TablesError::Io(format!("{}: {e}", p.display()));
    let dir = path.parent().expect("a tier folder");
    std::fs::create_dir_all(dir).map_err(|e| io(e, dir))?;
    let partial = path.with_extension("part");
    std::fs::write(&partial, bytes).map_err(|e| io(e, &partial))?;
    std::fs::rename(&partial, path).map_err(|e| io(e, path))
}

/// Why a file's bytes are not the slice asked for.
#[derive(Debug)]
enum Refused {
    /// Another slice's, or other rules': its header's lines.
    Other(String),
    /// Not a slice that the build wrote whole: what is wrong.
    Damaged(&'static str),
}

impl Refused {
    /// The error of the file `name`.
    fn error(self, name: &str) -> TablesError {
        match self {
            Refused::Other(header) => TablesError::Foreign(format!(
                "{name} holds another slice or other rules than asked: {header}"
            )),
            Refused::Damaged(why) => TablesError::Damaged(format!(
                "{name}: {why} (delete the file and run the build again to make it anew)"
            )),
        }
    }
}

/// The values of a slice's file `bytes`, which must start with `header`
/// and hold `positions` values.
fn parse(bytes: &[u8], header: &str, positions: u64) -> Result<Vec<u8>, Refused> {
    let Some(body) = bytes.strip_prefix(header.as_bytes()) else {
        let first = String::from_utf8_lossy(&bytes[..bytes.len().min(200)]).into_owned();
        return Err(if first.starts_with(MAGIC) {
            Refused::Other(first.lines().skip(1).take(5).collect::<Vec<_>>().join(", "))
        } else {
            Refused::Damaged("not a slice with draws")
        });
    };
    let length = |at: usize| -> Option<u64> {
        Some(u64::from_le_bytes(
            body.get(at..at.checked_add(8)?)?.try_into().ok()?,
        ))
    };
    let deflated = length(0).ok_or(Refused::Damaged("truncated"))?;
    let end = usize::try_from(deflated)
        .ok()
        .and_then(|n| n.checked_add(8))
        .filter(|&end| end.checked_add(8) == Some(body.len()))
        .ok_or(Refused::Damaged("truncated or too long"))?;
    let expected =
        usize::try_from(positions.div_ceil(4)).map_err(|_| Refused::Damaged("too large"))?;
    let values = miniz_oxide::inflate::decompress_to_vec_with_limit(&body[8..end], expected)
        .map_err(|_| Refused::Damaged("its values do not inflate"))?;
    if values.len() != expected || length(end) != Some(hash(&values)) {
        return Err(Refused::Damaged("its values do not match their checksum"));
    }
    Ok(values)
}

/// The door for the fuzzer: `bytes` read as the file of a slice of 1,000
/// positions; one that reads writes back to a file that reads to the same
/// values.
///
/// # Panics
///
/// Where a file read writes back to other values.
pub(crate) fn fuzz(bytes: &[u8]) {
    let header = header("asalto", (3, 2, 0x21), ("12", 1000));
    if let Ok(values) = parse(bytes, &header, 1000) {
        let (file, _) = file_bytes(&header, &values);
        let again = parse(&file, &header, 1000).expect("a slice written reads");
        assert_eq!(again, values);
    }
}

/// A slice file for the fuzzer to start from.
pub(crate) fn fuzz_seed() -> Vec<u8> {
    let header = header("asalto", (3, 2, 0x21), ("12", 1000));
    let values: Vec<u8> = (0..250u32)
        .map(|i| [0x55, 0xaa, 0xff, 0x1b][(i % 7 % 4) as usize])
        .collect();
    file_bytes(&header, &values).0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::profile::Profile;

    #[test]
    fn a_slice_reads_back_and_a_damaged_or_foreign_one_is_refused() {
        let dir = std::env::temp_dir().join(format!("asalto-wdl-{}", std::process::id()));
        let id = (3, 2, 0x21 as Profile);
        let values: Vec<u8> = (0..250u32).map(|i| (i * 7 % 251) as u8).collect();
        let store = Store::on_disk(&dir, "asalto", 0);
        assert!(!store.has(id, "12"));
        store
            .put(id, ("12", 1000), values.clone())
            .expect("written");
        assert!(store.has(id, "12"));
        // The budget is 0: nothing stays in memory but the last.
        let again = Store::on_disk(&dir, "asalto", 0);
        let read = again.get(id, ("12", 1000)).expect("read").expect("there");
        assert_eq!(*read, values);
        // Asked with another count of positions: another slice.
        let err = Store::on_disk(&dir, "asalto", 0)
            .get(id, ("12", 999))
            .expect_err("refused");
        assert!(matches!(err, TablesError::Foreign(_)), "{err}");
        // A byte changed in the values: refused, with what to do.
        let path = Store::path(&again.disk.as_ref().expect("on disk").0, id, "12");
        let mut bytes = std::fs::read(&path).expect("file");
        let last = bytes.len() - 9;
        bytes[last] ^= 0x40;
        std::fs::write(&path, &bytes).expect("damaged");
        let err = Store::on_disk(&dir, "asalto", 0)
            .get(id, ("12", 1000))
            .expect_err("damaged");
        assert!(err.to_string().contains("delete the file"), "{err}");
        std::fs::write(&path, &bytes[..bytes.len() / 2]).expect("truncated");
        assert!(
            Store::on_disk(&dir, "asalto", 0)
                .get(id, ("12", 1000))
                .is_err()
        );
        // Other rules: a folder of their own, so no slice there.
        let other = Store::on_disk(&dir, "assault", 0);
        assert!(other.get(id, ("12", 1000)).expect("none").is_none());
        std::fs::remove_dir_all(&dir).expect("cleaned");
    }
}
