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
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// `body` with its checksum line.
pub(crate) fn seal(mut body: String) -> String {
    let sum = fnv1a(body.as_bytes());
    body.push_str(&format!("fnv1a {sum:016x}\n"));
    body
}

/// The lines of a sealed `text` after its first, which must be `magic`;
/// `what` names the file in the errors.
///
/// # Errors
///
/// The file is cut short, of another format or version, or changed.
pub(crate) fn open<'a>(
    text: &'a str,
    magic: &str,
    what: &str,
) -> Result<std::str::Lines<'a>, String> {
    let body_end = text
        .trim_end_matches('\n')
        .rfind('\n')
        .map(|i| i + 1)
        .ok_or_else(|| format!("the {what} is empty or cut short"))?;
    let (body, last) = text.split_at(body_end);
    let sum = last
        .trim()
        .strip_prefix("fnv1a ")
        .and_then(|h| u64::from_str_radix(h, 16).ok())
        .ok_or_else(|| format!("the {what} has no checksum line (cut short?)"))?;
    let mut lines = body.lines();
    if lines.next() != Some(magic) {
        return Err(format!("not a {what} of this version (expected '{magic}')"));
    }
    if fnv1a(body.as_bytes()) != sum {
        return Err(format!(
            "the {what}'s checksum does not match: it was changed or cut"
        ));
    }
    Ok(lines)
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
