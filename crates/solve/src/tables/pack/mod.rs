//! Packs: endgame tables as a few files a static host serves and a reader
//! asks a few bytes at a time (HTTP Range requests, or reads of a file).
//!
//! A pack keeps one bit a position of one side to move per tier (1: the
//! side to move wins), one of each mirror-image pair of attacker sets, in
//! the slices' order: the side whose bits code smaller. The other side's
//! value follows from one ply of its moves: a defender's steps stay in the
//! same set, so in the same block, its captures lead to lower tiers; an
//! attacker's steps lead to other sets of the tier.
//!
//! Files: an *index* part (header, root directory, leaf directories) and
//! data parts of at most [`PART_LIMIT`] bytes, each named by its SHA-256
//! ([`format::part_name`]), and a `manifest.json` listing them with each
//! tier's counts. A reader opens the index with one request for its first
//! [`format::HEAD`] bytes; then a position's value takes a leaf directory
//! and a block (two requests cold, none warm), its moves' values a few
//! more. The reader ([`Pack`]) does no input or output itself: it says what
//! it needs ([`Need`]) and is given the bytes ([`Pack::supply`]), so the
//! same code reads files natively ([`PackFiles`]) and ranges in a browser.

mod check;
mod coder;
mod counts;
mod files;
pub mod format;
mod read;
mod resume;
mod tier;
mod write;

pub use check::TierChecked;
pub use counts::TierCounts;
pub use files::{PackFiles, PackSource};
pub use read::{Answer, MoveValues, Need, Pack, from_moves};
pub use write::{PART_LIMIT, PackOptions, Packed, pack};

/// What went wrong with a pack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PackError {
    /// The bytes do not start a pack.
    NotAPack,
    /// A pack of another format version.
    Version(u16),
    /// A block coding (or a reserved byte) this reader does not know.
    Coding(u8, u8),
    /// Fewer bytes than the structure needs.
    Truncated,
    /// Bytes that fail their checksum or make no sense; what they were.
    Corrupt(String),
    /// The pack's rules cannot be read or are not tables' rules.
    Rules(String),
    /// A file that cannot be read or written, and why.
    Io(String),
    /// The tables to pack are missing or damaged.
    Tables(super::TablesError),
}

impl std::fmt::Display for PackError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PackError::NotAPack => write!(f, "not a pack of endgame tables"),
            PackError::Version(v) => write!(
                f,
                "a pack of format {v}, this program reads format {}",
                format::VERSION
            ),
            PackError::Coding(c, r) => write!(f, "a pack of unknown coding {c} ({r})"),
            PackError::Truncated => write!(f, "the pack's bytes end too early"),
            PackError::Corrupt(what) => write!(f, "the pack is damaged: {what}"),
            PackError::Rules(why) => write!(f, "the pack's rules: {why}"),
            PackError::Io(why) => write!(f, "{why}"),
            PackError::Tables(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PackError {}

#[cfg(test)]
mod tests;
