//! The proof frontier: the positions a run proved at a real cost, kept in
//! a file that the next run loads, so that long work survives being
//! stopped. A position goes in when proving it took at least
//! [`FRONTIER_WORK`] expanded positions; cheaper ones are proved again in
//! moments.
//!
//! The file is text, one position a line, so that it compresses well and
//! reads in a diff:
//!
//! ```text
//! asalto-solve frontier 1
//! assault
//! 2
//! 00000000000000000000001c1c1c1c1c 0000000000000000000000000000a000 a 0 w 52311
//! …
//! fnv1a 9a3c…
//! ```
//!
//! The lines are the format and its version, the rule set, the count, then
//! for each position its attackers and defenders (point sets in hex), the
//! side to move (`a`/`d`), the defenders still to place, its value for the
//! side to move (`w`/`l`) and the work it took; the last line is the FNV-1a
//! hash of every line before it (newlines included). A file of another
//! version, of other rules, cut short or changed is refused with a line
//! that says why, and never read as data.

use std::fmt::Write as _;

use asalto_core::Rules;

use crate::Value;
use crate::sealed;

/// Proofs that took fewer expanded positions than this are not kept.
pub const FRONTIER_WORK: u64 = 1_000;

/// The first line: the format and its version.
const MAGIC: &str = "asalto-solve frontier 1";

/// A position's identity.
pub use asalto_core::PositionKey as Key;

/// A proved position: its key, its value for the side to move, its work.
pub type Entry = (Key, Value, u64);

/// The file's text for `entries` under `rules` (sorted, so that the same
/// proofs always give the same file).
pub fn write(rules: &Rules, entries: &[Entry]) -> String {
    let mut sorted = entries.to_vec();
    sorted.sort_by_key(|(key, _, _)| sealed::key_order(key));
    let mut text = format!("{MAGIC}\n{rules}\n{}\n", sorted.len());
    for (key, value, work) in &sorted {
        let value = if *value == Value::Win { 'w' } else { 'l' };
        let _ = writeln!(text, "{} {value} {work}", sealed::key_text(key));
    }
    sealed::seal(text)
}

/// Why a frontier file could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FrontierError {
    /// Its format, version, checksum, count or a line: which.
    Unreadable(String),
    /// A frontier of another rule set: which.
    OtherRules(String),
}

impl std::fmt::Display for FrontierError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FrontierError::Unreadable(s) => f.write_str(s),
            FrontierError::OtherRules(r) => write!(f, "the frontier file is of the rule set '{r}'"),
        }
    }
}

impl std::error::Error for FrontierError {}

/// The entries of a file's `text`, which must be of `rules`.
///
/// # Errors
///
/// A line naming what is wrong: another format or version, other rules, a
/// wrong count or checksum, a line that does not read.
pub fn read(rules: &Rules, text: &str) -> Result<Vec<Entry>, FrontierError> {
    let (mut theirs, mut count) = (None, None);
    let mut entries = Vec::new();
    let mut other = None;
    sealed::read_lines(text.as_bytes(), MAGIC, "frontier file", |line| {
        if theirs.is_none() {
            theirs = Some(line.to_owned());
            if line != rules.to_string() {
                other = Some(line.to_owned());
                return Err(format!(
                    "the frontier file is of the rule set '{line}', not '{rules}'"
                ));
            }
        } else if count.is_none() {
            count = Some(
                (line.parse::<usize>()).map_err(|_| "the frontier file's count does not read")?,
            );
        } else {
            entries.push(
                entry(line).ok_or_else(|| format!("a frontier line does not read: '{line}'"))?,
            );
        }
        Ok(())
    })
    .map_err(|why| match other.take() {
        Some(theirs) => FrontierError::OtherRules(theirs),
        None => FrontierError::Unreadable(why),
    })?;
    let unreadable = |why: &str| FrontierError::Unreadable(why.to_owned());
    let count = count.ok_or_else(|| unreadable("the frontier file's count does not read"))?;
    if entries.len() != count {
        return Err(FrontierError::Unreadable(format!(
            "the frontier file holds {} positions, not the {count} it says",
            entries.len()
        )));
    }
    Ok(entries)
}

/// One line's entry.
fn entry(line: &str) -> Option<Entry> {
    let mut parts = line.split(' ');
    let key = sealed::read_key(&mut parts)?;
    let value = match parts.next()? {
        "w" => Value::Win,
        "l" => Value::Loss,
        _ => return None,
    };
    let work = parts.next()?.parse().ok()?;
    parts.next().is_none().then_some((key, value, work))
}

#[cfg(test)]
mod tests {
    use super::*;
    use asalto_core::{PointSet, Side};

    fn entries() -> Vec<Entry> {
        vec![
            (
                (PointSet(0x1c1c), PointSet(0xa000), Side::Attacker, 0),
                Value::Win,
                52_311,
            ),
            (
                (PointSet(0x3), PointSet(0x4), Side::Defender, 1),
                Value::Loss,
                20_000,
            ),
        ]
    }

    #[test]
    fn a_frontier_reads_back_and_a_bad_file_is_refused() {
        let rules: Rules = "assault".parse().expect("rules");
        let text = write(&rules, &entries());
        let mut back = read(&rules, &text).expect("reads back");
        back.sort_by_key(|e| e.2);
        let mut want = entries();
        want.sort_by_key(|e| e.2);
        assert_eq!(back, want);
        assert_eq!(write(&rules, &back), text, "the same proofs, the same file");
        let other: Rules = "simplified".parse().expect("rules");
        assert_eq!(
            read(&other, &text),
            Err(FrontierError::OtherRules("assault".to_owned()))
        );
        let changed = text.replacen(" w ", " l ", 1);
        assert!(read(&rules, &changed).is_err_and(|e| e.to_string().contains("checksum")));
        let cut = &text[..text.len() / 2];
        assert!(read(&rules, cut).is_err());
        assert!(read(&rules, "").is_err());
        let old = text.replacen("frontier 1", "frontier 0", 1);
        assert!(read(&rules, &old).is_err_and(|e| e.to_string().contains("version")));
    }
}
