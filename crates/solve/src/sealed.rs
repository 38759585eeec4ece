//! The solver's files (the frontier, a certificate): text whose first line
//! names the format and its version and whose last line is `fnv1a` and the
//! FNV-1a hash of every line before it, newlines included; and the way they
//! write a position: its attackers and defenders as point sets in hex, the
//! side to move (`a`/`d`) and the defenders still to place.

use std::str::Split;

use asalto_core::{PointSet, Side};

use asalto_core::PositionKey as Key;

/// The FNV-1a hash of `bytes`.
fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_more(0xcbf2_9ce4_8422_2325, bytes)
}

/// FNV-1a's `hash` so far, carried on over `bytes`.
fn fnv1a_more(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// `body` with its checksum line.
pub(crate) fn seal(mut body: String) -> String {
    body.push_str(&checksum_line(fnv1a(body.as_bytes())));
    body
}

/// The last line of a sealed file whose lines before it hash to `hash`.
fn checksum_line(hash: u64) -> String {
    format!("fnv1a {hash:016x}\n")
}

/// A writer that seals what goes through it: [`Sealing::finish`] adds the
/// checksum line (as [`seal`] does to a whole text).
pub(crate) struct Sealing<W: std::io::Write> {
    out: W,
    hash: u64,
}

impl<W: std::io::Write> Sealing<W> {
    /// Seals what is written to `out`.
    pub fn new(out: W) -> Sealing<W> {
        Sealing {
            out,
            hash: fnv1a(b""),
        }
    }

    /// Writes the checksum line and gives the writer back.
    pub fn finish(mut self) -> std::io::Result<W> {
        self.out.write_all(checksum_line(self.hash).as_bytes())?;
        Ok(self.out)
    }
}

impl<W: std::io::Write> std::io::Write for Sealing<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let n = self.out.write(bytes)?;
        self.hash = fnv1a_more(self.hash, &bytes[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// Reads a sealed file from `reader` line by line (a file too large to
/// hold in memory as text too is never held whole): `each` is given every
/// line after the first (which must be `magic`) and before the checksum
/// line; `what` names the file in the errors.
///
/// # Errors
///
/// The file cannot be read, is cut short, of another format or version,
/// or changed (said before any error of `each`, which a changed line may
/// cause), or the first error `each` returns.
pub(crate) fn read_lines(
    mut reader: impl std::io::BufRead,
    magic: &str,
    what: &str,
    mut each: impl FnMut(&str) -> Result<(), String>,
) -> Result<(), String> {
    let mut hash = fnv1a(b"");
    let mut line = String::new();
    // The last line read is held back: it may be the checksum. Blank lines
    // after it are held back with it (a file may end with some).
    let (mut held, mut blanks) = (None::<String>, 0);
    let mut failed = None;
    let mut first = true;
    loop {
        line.clear();
        let read = reader
            .read_line(&mut line)
            .map_err(|e| format!("the {what} cannot be read: {e}"))?;
        if read == 0 {
            break;
        }
        let text = line.trim_end_matches('\n');
        if text.is_empty() {
            if held.is_none() {
                return Err(format!("not a {what} of this version (expected '{magic}')"));
            }
            blanks += 1;
            continue;
        }
        if let Some(body) = held.replace(text.to_owned()) {
            for part in std::iter::once(body.as_str()).chain((0..blanks).map(|_| "")) {
                hash = fnv1a_more(fnv1a_more(hash, part.as_bytes()), b"\n");
                if std::mem::take(&mut first) {
                    if part != magic {
                        return Err(format!("not a {what} of this version (expected '{magic}')"));
                    }
                } else if failed.is_none() {
                    failed = each(part).err();
                }
            }
        }
        blanks = 0;
    }
    let sum = held
        .filter(|_| !first)
        .ok_or_else(|| format!("the {what} is empty or cut short"))?;
    let sum = (sum.trim().strip_prefix("fnv1a "))
        .and_then(|h| u64::from_str_radix(h, 16).ok())
        .ok_or_else(|| format!("the {what} has no checksum line (cut short?)"))?;
    if hash != sum {
        return Err(format!(
            "the {what}'s checksum does not match: it was changed or cut"
        ));
    }
    failed.map_or(Ok(()), Err)
}

/// A position as a line begins it: `<attackers> <defenders> <a|d> <to place>`.
pub(crate) fn key_text((a, d, turn, place): &Key) -> String {
    let side = if *turn == Side::Attacker { 'a' } else { 'd' };
    format!("{:032x} {:032x} {side} {place}", a.0, d.0)
}

/// The order positions are written in, so that the same content always
/// gives the same file.
pub(crate) fn key_order((a, d, turn, place): &Key) -> (u128, u128, bool, u8) {
    (a.0, d.0, *turn == Side::Defender, *place)
}

/// Reads a position from the start of a line's parts.
pub(crate) fn read_key(parts: &mut Split<'_, char>) -> Option<Key> {
    let mut set = || u128::from_str_radix(parts.next()?, 16).ok().map(PointSet);
    let (a, d) = (set()?, set()?);
    let turn = match parts.next()? {
        "a" => Side::Attacker,
        "d" => Side::Defender,
        _ => return None,
    };
    Some((a, d, turn, parts.next()?.parse().ok()?))
}
