//! A pack read from its files: where they come from ([`PackSource`]: a
//! folder here, an HTTP host in a program that speaks HTTP) and the reader
//! that asks them for what a [`Pack`] needs ([`PackFiles`]).

use std::fs::File;
use std::path::{Path, PathBuf};

use asalto_core::Position;

use super::PackError;
use super::format;
use super::read::{Answer, MoveValues, Need, Pack};
use crate::Value;

/// Where a pack's files are read from: a folder, or (in a program that
/// speaks HTTP) the address of one.
pub trait PackSource: std::fmt::Debug {
    /// Up to `length` bytes at `offset` of the file named `name` (fewer
    /// only where the file ends).
    ///
    /// # Errors
    ///
    /// The file cannot be read, with the reason in one line.
    fn read(&mut self, name: &str, offset: u64, length: u32) -> Result<Vec<u8>, PackError>;
}

/// A folder of files.
#[derive(Debug)]
struct Folder {
    path: PathBuf,
    open: Vec<(String, File)>,
}

impl PackSource for Folder {
    fn read(&mut self, name: &str, offset: u64, length: u32) -> Result<Vec<u8>, PackError> {
        use std::io::{Read, Seek, SeekFrom};
        let path = self.path.join(name);
        let io = |e: std::io::Error| PackError::Io(format!("{}: {e}", path.display()));
        let at = match self.open.iter().position(|(n, _)| n == name) {
            Some(at) => at,
            None => {
                self.open
                    .push((name.to_owned(), File::open(&path).map_err(io)?));
                self.open.len() - 1
            }
        };
        let file = &mut self.open[at].1;
        let mut bytes = Vec::with_capacity(length as usize);
        file.seek(SeekFrom::Start(offset)).map_err(io)?;
        file.take(u64::from(length))
            .read_to_end(&mut bytes)
            .map_err(io)?;
        Ok(bytes)
    }
}

/// A pack read from its files: the index file and the data parts beside
/// it, from a folder or any other [`PackSource`].
#[derive(Debug)]
pub struct PackFiles {
    pack: Pack,
    source: Box<dyn PackSource>,
    /// The index file's name, then the data parts'.
    names: Vec<String>,
    requests: u64,
    rounds: u64,
}

impl PackFiles {
    /// Opens the pack whose index file is `path`, or the one index file in
    /// the folder `path`.
    ///
    /// # Errors
    ///
    /// No such file or folder, no index there or more than one, or a
    /// damaged header.
    pub fn open(path: &Path) -> Result<PackFiles, PackError> {
        let io = |p: &Path, e: std::io::Error| PackError::Io(format!("{}: {e}", p.display()));
        let index = if path.is_dir() {
            let mut found = Vec::new();
            for entry in std::fs::read_dir(path).map_err(|e| io(path, e))? {
                let p = entry.map_err(|e| io(path, e))?.path();
                let named = p
                    .file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("asalto-") && n.ends_with(".bin"));
                let mut magic = [0u8; 8];
                if named
                    && File::open(&p)
                        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut magic))
                        .is_ok()
                    && &magic == format::MAGIC
                {
                    found.push(p);
                }
            }
            match found.len() {
                1 => found.remove(0),
                0 => {
                    return Err(PackError::Io(format!(
                        "{} holds no pack (asalto tables pack makes one)",
                        path.display()
                    )));
                }
                _ => {
                    return Err(PackError::Io(format!(
                        "{} holds {} packs: name the index file",
                        path.display(),
                        found.len()
                    )));
                }
            }
        } else {
            path.to_owned()
        };
        // Opened here, so that a missing index says so by its path.
        File::open(&index).map_err(|e| io(&index, e))?;
        let name = index
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let folder = Folder {
            path: index.parent().unwrap_or(Path::new(".")).to_owned(),
            open: Vec::new(),
        };
        PackFiles::from_source(Box::new(folder), &name)
    }

    /// Opens the pack whose index file is named `index` in `source`, its
    /// data parts beside it.
    ///
    /// # Errors
    ///
    /// The index cannot be read, or its header is damaged.
    pub fn from_source(
        mut source: Box<dyn PackSource>,
        index: &str,
    ) -> Result<PackFiles, PackError> {
        let first = source.read(index, 0, format::HEAD as u32)?;
        let pack = Pack::open(&first)?;
        let mut names = vec![index.to_owned()];
        names.extend(pack.part_names());
        Ok(PackFiles {
            pack,
            source,
            names,
            requests: 0,
            rounds: 0,
        })
    }

    /// The pack.
    pub fn pack(&self) -> &Pack {
        &self.pack
    }

    /// The pack, to change.
    pub fn pack_mut(&mut self) -> &mut Pack {
        &mut self.pack
    }

    /// Reads made so far (each [`Need`] one read).
    pub fn requests(&self) -> u64 {
        self.requests
    }

    /// Rounds of reads made so far: the reads of a round are asked for
    /// together (over HTTP, at once), so a probe waits for a round trip a
    /// round.
    pub fn rounds(&self) -> u64 {
        self.rounds
    }

    /// Reads the bytes of `need`.
    fn read(&mut self, need: Need) -> Result<Vec<u8>, PackError> {
        let name = self
            .names
            .get(usize::from(need.part))
            .ok_or_else(|| PackError::Corrupt(format!("no part {}", need.part)))?;
        let bytes = self.source.read(name, need.offset, need.length)?;
        self.requests += 1;
        Ok(bytes)
    }

    /// What `ask` answers once every byte it needs is read.
    ///
    /// # Errors
    ///
    /// A file cannot be read, or the pack is damaged.
    pub fn resolve<T>(
        &mut self,
        mut ask: impl FnMut(&Pack) -> Result<Answer<T>, PackError>,
    ) -> Result<T, PackError> {
        loop {
            match ask(&self.pack)? {
                Answer::Known(t) => return Ok(t),
                Answer::Need(needs) => {
                    self.rounds += 1;
                    for need in needs {
                        let bytes = self.read(need)?;
                        self.pack.supply(need, &bytes)?;
                    }
                }
            }
        }
    }

    /// [`Pack::value`], reading what it needs.
    ///
    /// # Errors
    ///
    /// A file cannot be read, or the pack is damaged.
    pub fn value(&mut self, pos: &Position) -> Result<Option<Value>, PackError> {
        self.resolve(|p| p.value(pos))
    }

    /// [`Pack::moves`], reading what it needs.
    ///
    /// # Errors
    ///
    /// A file cannot be read, or the pack is damaged.
    pub fn moves(&mut self, pos: &Position) -> Result<MoveValues, PackError> {
        self.resolve(|p| p.moves(pos))
    }
}
