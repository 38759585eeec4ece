//! The pack's bytes: the header with its root directory, the leaf
//! directories, and the data blocks, each written and read here and
//! nowhere else.
//!
//! All numbers are little-endian. The first part (the index) starts
//! with the header:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | `ASALTOPK` |
//! | 2 | format version ([`VERSION`]) |
//! | 1 | block coding ([`CODEC_CONTEXT`]: the context coder, `pack/coder.rs`) |
//! | 1 | 0 (reserved) |
//! | 1, 1 | the fewest and the most attackers held |
//! | 1 a tier | the side to move whose bits the tier stores (0: the attacker, 1: the defender) |
//! | 2 + n | the tables' rule set, UTF-8 |
//! | 2 + 40 a part | the data parts: size, SHA-256 |
//! | 4 + 21 a leaf | the root directory: each leaf's first key (attackers, row), offset and length in the index part |
//! | 4 | FNV-1a (32 bits) of all the bytes above |
//!
//! The header and the root fit in the first [`HEAD`] bytes. A leaf
//! directory is a deflated run of entries, each the varints of its
//! attacker count (a difference from the entry before), first row (a
//! difference from where the entry before ends, in the same tier; else
//! from 0), row count, fill, part, offset (a
//! difference from the end of the entry before in the same part) and
//! length, deflated (RFC 1951), and its own checksum. A block is its rows'
//! bits, coded by the context coder (`pack/coder.rs`), and the FNV-1a (32 bits) of
//! the bits as bytes: a set's row after another, `pairs` bits a row, the
//! first bit the lowest of the first byte.

use asalto_core::Side;

use super::{PackError, coder};

/// The magic bytes that open a pack.
pub const MAGIC: &[u8; 8] = b"ASALTOPK";
/// The pack format this code writes and reads (1: blocks deflated).
pub const VERSION: u16 = 2;
/// Blocks coded by the context coder (`pack/coder.rs`): each bit predicted from its
/// neighbours, range-coded.
pub const CODEC_CONTEXT: u8 = 2;
/// The header and root directory lie in this many first bytes of the index
/// part: a reader opens a pack with one request for them.
pub const HEAD: usize = 16 * 1024;

/// Where a row lies: its tier, and its place among the tier's rows (the
/// sets each slice keeps, slice after slice in build order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Key {
    /// The attackers on the board.
    pub attackers: u8,
    /// The row's place in its tier.
    pub row: u64,
}

/// How a block's rows are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fill {
    /// Coded in a block of data.
    Coded,
    /// Every bit 0: no data.
    Zeros,
    /// Every bit 1: no data.
    Ones,
}

/// One leaf directory entry: a run of rows of one tier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The first row's key.
    pub key: Key,
    /// How many rows (sets) it holds.
    pub rows: u32,
    /// How they are stored.
    pub fill: Fill,
    /// The data part holding the block (1 for the first data part).
    pub part: u16,
    /// The block's offset in its part.
    pub offset: u64,
    /// The block's length, its checksum included (0 for a fill).
    pub length: u32,
}

/// A leaf directory as the root lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Leaf {
    /// Its first entry's key.
    pub first: Key,
    /// Its offset in the index part.
    pub offset: u64,
    /// Its length in bytes.
    pub length: u32,
}

/// A data part: its size and SHA-256, which name its file
/// ([`part_name`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Part {
    /// Bytes.
    pub size: u64,
    /// SHA-256 of its bytes.
    pub sha256: [u8; 32],
}

/// A pack's header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// The tables' rule set.
    pub rules: String,
    /// The fewest attackers held.
    pub low: u8,
    /// The most attackers held.
    pub high: u8,
    /// Per tier from the fewest attackers, the side to move whose bits it
    /// stores (the other side's values follow from one ply).
    pub sides: Vec<Side>,
    /// The data parts, in order (part 1 first).
    pub parts: Vec<Part>,
    /// The root directory.
    pub leaves: Vec<Leaf>,
}

/// A file's name: `asalto-` and the first 16 hexadecimal digits of its
/// SHA-256, then `.bin`.
pub fn part_name(sha256: &[u8; 32]) -> String {
    let hex: String = sha256[..8].iter().map(|b| format!("{b:02x}")).collect();
    format!("asalto-{hex}.bin")
}

/// FNV-1a in 32 bits.
pub fn fnv32(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

impl Header {
    /// The header's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&[CODEC_CONTEXT, 0, self.low, self.high]);
        out.extend(self.sides.iter().map(|&s| u8::from(s == Side::Defender)));
        out.extend_from_slice(&(self.rules.len() as u16).to_le_bytes());
        out.extend_from_slice(self.rules.as_bytes());
        out.extend_from_slice(&(self.parts.len() as u16).to_le_bytes());
        for part in &self.parts {
            out.extend_from_slice(&part.size.to_le_bytes());
            out.extend_from_slice(&part.sha256);
        }
        out.extend_from_slice(&(self.leaves.len() as u32).to_le_bytes());
        for leaf in &self.leaves {
            put_key(&mut out, leaf.first);
            out.extend_from_slice(&leaf.offset.to_le_bytes());
            out.extend_from_slice(&leaf.length.to_le_bytes());
        }
        let sum = fnv32(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a header from the first bytes of an index part.
    ///
    /// # Errors
    ///
    /// Not a pack, a pack of another version or coding, a header longer
    /// than the bytes given, or a wrong checksum.
    pub fn parse(bytes: &[u8]) -> Result<Header, PackError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(8)? != MAGIC {
            return Err(PackError::NotAPack);
        }
        let version = r.u16()?;
        if version != VERSION {
            return Err(PackError::Version(version));
        }
        let (codec, reserved, low, high) = (r.u8()?, r.u8()?, r.u8()?, r.u8()?);
        if codec != CODEC_CONTEXT || reserved != 0 {
            return Err(PackError::Coding(codec, reserved));
        }
        if low > high {
            return Err(PackError::Corrupt("the header's attacker counts".into()));
        }
        let sides = (low..=high)
            .map(|_| match r.u8()? {
                0 => Ok(Side::Attacker),
                1 => Ok(Side::Defender),
                _ => Err(PackError::Corrupt("the header's sides".into())),
            })
            .collect::<Result<Vec<Side>, PackError>>()?;
        let n = r.u16()? as usize;
        let rules = std::str::from_utf8(r.take(n)?)
            .map_err(|_| PackError::Corrupt("the header's rule set".into()))?
            .to_owned();
        let mut parts = Vec::new();
        for _ in 0..r.u16()? {
            let size = r.u64()?;
            let sha256 = r.take(32)?.try_into().expect("32 bytes");
            parts.push(Part { size, sha256 });
        }
        let count = r.u32()? as usize;
        if count > bytes.len() / 21 {
            return Err(PackError::Corrupt("the root directory's length".into()));
        }
        let mut leaves = Vec::with_capacity(count);
        for _ in 0..count {
            let first = r.key()?;
            let (offset, length) = (r.u64()?, r.u32()?);
            leaves.push(Leaf {
                first,
                offset,
                length,
            });
        }
        let end = r.at;
        if r.u32()? != fnv32(&bytes[..end]) {
            return Err(PackError::Corrupt("the header's checksum".into()));
        }
        Ok(Header {
            rules,
            low,
            high,
            sides,
            parts,
            leaves,
        })
    }
}

fn put_key(out: &mut Vec<u8>, key: Key) {
    out.push(key.attackers);
    out.extend_from_slice(&key.row.to_le_bytes());
}

/// Bytes read in order, every read checked against their end.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], PackError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or(PackError::Truncated)?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }
    fn u8(&mut self) -> Result<u8, PackError> {
        Ok(self.take(1)?[0])
    }
    fn u16(&mut self) -> Result<u16, PackError> {
        Ok(u16::from_le_bytes(self.take(2)?.try_into().expect("2")))
    }
    fn u32(&mut self) -> Result<u32, PackError> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().expect("4")))
    }
    fn u64(&mut self) -> Result<u64, PackError> {
        Ok(u64::from_le_bytes(self.take(8)?.try_into().expect("8")))
    }
    fn key(&mut self) -> Result<Key, PackError> {
        Ok(Key {
            attackers: self.u8()?,
            row: self.u64()?,
        })
    }
    fn varint(&mut self) -> Result<u64, PackError> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.u8()?;
            value |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(PackError::Corrupt("a varint of more than 64 bits".into()))
    }
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// The bytes of a leaf directory holding `entries`.
pub fn encode_leaf(entries: &[Entry]) -> Vec<u8> {
    let mut raw = Vec::new();
    put_varint(&mut raw, entries.len() as u64);
    let (mut next, mut end) = (None, (0u16, 0u64));
    for e in entries {
        let attackers = next.map_or(0, |k: Key| k.attackers);
        let delta = e.key.attackers.wrapping_sub(attackers);
        put_varint(&mut raw, delta.into());
        let expected = next.filter(|_| delta == 0).map_or(0, |k: Key| k.row);
        put_varint(&mut raw, e.key.row - expected);
        next = Some(Key {
            attackers: e.key.attackers,
            row: e.key.row + u64::from(e.rows),
        });
        put_varint(&mut raw, e.rows.into());
        let fill = match e.fill {
            Fill::Coded => 0,
            Fill::Zeros => 1,
            Fill::Ones => 2,
        };
        put_varint(&mut raw, fill);
        put_varint(&mut raw, e.part.into());
        let offset = if e.part == end.0 {
            e.offset - end.1
        } else {
            e.offset
        };
        put_varint(&mut raw, offset);
        put_varint(&mut raw, e.length.into());
        if e.fill == Fill::Coded {
            end = (e.part, e.offset + u64::from(e.length));
        }
    }
    seal(&raw)
}

/// The entries of a leaf directory's bytes.
///
/// # Errors
///
/// The bytes are not a whole leaf directory or fail their checksum.
pub fn decode_leaf(bytes: &[u8]) -> Result<Vec<Entry>, PackError> {
    let raw = open(bytes, 1 << 24)?;
    let mut r = Reader { bytes: &raw, at: 0 };
    let n = r.varint()?;
    if n > raw.len() as u64 {
        return Err(PackError::Corrupt("a leaf's entry count".into()));
    }
    let mut entries = Vec::with_capacity(n as usize);
    let (mut next, mut end) = (None, (0u16, 0u64));
    let small = |v: u64, what: &str| {
        u32::try_from(v).map_err(|_| PackError::Corrupt(format!("a leaf entry's {what}")))
    };
    for _ in 0..n {
        let delta = r.varint()? as u8;
        let expected = next.filter(|_| delta == 0).map_or(0, |k: Key| k.row);
        let key = Key {
            attackers: next.map_or(0, |k: Key| k.attackers).wrapping_add(delta),
            row: expected
                .checked_add(r.varint()?)
                .ok_or_else(|| PackError::Corrupt("a leaf entry's row".into()))?,
        };
        let rows = small(r.varint()?, "rows")?;
        next = Some(Key {
            attackers: key.attackers,
            row: key
                .row
                .checked_add(rows.into())
                .ok_or_else(|| PackError::Corrupt("a leaf entry's rows".into()))?,
        });
        let fill = match r.varint()? {
            0 => Fill::Coded,
            1 => Fill::Zeros,
            2 => Fill::Ones,
            _ => return Err(PackError::Corrupt("a leaf entry's fill".into())),
        };
        let part = u16::try_from(r.varint()?)
            .map_err(|_| PackError::Corrupt("a leaf entry's part".into()))?;
        let delta = r.varint()?;
        let offset = if part == end.0 {
            end.1.checked_add(delta)
        } else {
            Some(delta)
        }
        .ok_or_else(|| PackError::Corrupt("a leaf entry's offset".into()))?;
        let length = small(r.varint()?, "length")?;
        if fill == Fill::Coded {
            end = (part, offset.saturating_add(length.into()));
        }
        entries.push(Entry {
            key,
            rows,
            fill,
            part,
            offset,
            length,
        });
    }
    Ok(entries)
}

/// A block of as many of the first `rows` rows of the pairs of `free`
/// points of `bits` as it holds in `limit` bytes (one at least), coded,
/// with the FNV-1a of those rows' bytes (the last one's bits past them 0)
/// after them; and how many rows it holds.
pub fn seal_block(bits: &[u8], free: u32, rows: usize, limit: usize) -> (Vec<u8>, usize) {
    let (mut out, rows) = coder::encode_within(bits, free, rows, limit.saturating_sub(4));
    let n = rows * super::super::index::pairs(free);
    let mut bytes = bits[..n.div_ceil(8)].to_vec();
    if let Some(last) = bytes.last_mut().filter(|_| !n.is_multiple_of(8)) {
        *last &= (1u8 << (n % 8)) - 1;
    }
    out.extend_from_slice(&fnv32(&bytes).to_le_bytes());
    (out, rows)
}

/// The bits of the block `sealed` holds (see [`seal_block`]).
///
/// # Errors
///
/// A block too short for its checksum, or whose bits fail it.
pub fn open_block(sealed: &[u8], free: u32, rows: usize) -> Result<Vec<u8>, PackError> {
    let Some(split) = sealed.len().checked_sub(4) else {
        return Err(PackError::Truncated);
    };
    let (body, sum) = sealed.split_at(split);
    let bits = coder::decode(body, free, rows);
    if fnv32(&bits).to_le_bytes() != sum {
        return Err(PackError::Corrupt("a block's checksum".into()));
    }
    Ok(bits)
}

/// `raw` deflated, with the FNV-1a of `raw` after it.
pub fn seal(raw: &[u8]) -> Vec<u8> {
    let mut out = miniz_oxide::deflate::compress_to_vec(raw, 9);
    out.extend_from_slice(&fnv32(raw).to_le_bytes());
    out
}

/// The bytes `sealed` holds (see [`seal`]), at most `limit` of them.
///
/// # Errors
///
/// The bytes do not inflate, inflate to more than `limit`, or fail their
/// checksum.
pub fn open(sealed: &[u8], limit: usize) -> Result<Vec<u8>, PackError> {
    let Some(split) = sealed.len().checked_sub(4) else {
        return Err(PackError::Truncated);
    };
    let (body, sum) = sealed.split_at(split);
    let raw = miniz_oxide::inflate::decompress_to_vec_with_limit(body, limit)
        .map_err(|_| PackError::Corrupt("a block that does not inflate".into()))?;
    if fnv32(&raw).to_le_bytes() != sum {
        return Err(PackError::Corrupt("a block's checksum".into()));
    }
    Ok(raw)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries() -> Vec<Entry> {
        let mut out = Vec::new();
        let mut offset = 0;
        for i in 0..50u32 {
            let fill = [Fill::Coded, Fill::Zeros, Fill::Ones][i as usize % 3];
            let length = if fill == Fill::Coded { 100 + i } else { 0 };
            out.push(Entry {
                key: Key {
                    attackers: 9 + (i / 20) as u8,
                    row: u64::from(i % 20) * 1000 + if i % 20 >= 7 { 5 } else { 0 },
                },
                rows: 1000,
                fill,
                part: 1 + (i / 30) as u16,
                offset: if i == 30 { 0 } else { offset },
                length,
            });
            offset = if i == 30 { 0 } else { offset } + u64::from(length);
        }
        out
    }

    #[test]
    fn a_leaf_reads_back_its_entries() {
        let entries = entries();
        assert_eq!(decode_leaf(&encode_leaf(&entries)).expect("leaf"), entries);
    }

    #[test]
    fn a_header_reads_back_and_refuses_a_changed_byte() {
        let header = Header {
            rules: "assault;board=standard".into(),
            low: 9,
            high: 11,
            sides: vec![Side::Defender, Side::Attacker, Side::Defender],
            parts: vec![Part {
                size: 12345,
                sha256: [7; 32],
            }],
            leaves: vec![Leaf {
                first: entries()[3].key,
                offset: 400,
                length: 77,
            }],
        };
        let mut bytes = header.to_bytes();
        assert_eq!(Header::parse(&bytes).expect("header"), header);
        assert!(matches!(
            Header::parse(&bytes[..bytes.len() - 1]),
            Err(PackError::Truncated)
        ));
        bytes[20] ^= 1;
        assert!(Header::parse(&bytes).is_err());
        assert!(matches!(
            Header::parse(b"PK\x03\x04 a zip"),
            Err(PackError::NotAPack)
        ));
    }

    #[test]
    fn a_sealed_block_refuses_any_changed_byte() {
        let raw: Vec<u8> = (0..3000u32).map(|i| (i * i % 7) as u8).collect();
        let sealed = seal(&raw);
        assert_eq!(open(&sealed, 1 << 20).expect("opens"), raw);
        for i in 0..sealed.len() {
            let mut bad = sealed.clone();
            bad[i] ^= 0x10;
            // A flipped bit of the last byte's padding changes nothing.
            assert!(
                open(&bad, 1 << 20).is_err() || open(&bad, 1 << 20).ok() == Some(raw.clone()),
                "byte {i}"
            );
        }
        assert!(open(&sealed, 100).is_err(), "past its limit");
        assert!(open(&sealed[..2], 1 << 20).is_err());
    }

    #[test]
    fn a_block_refuses_any_changed_byte() {
        let (free, rows) = (10u32, 30usize);
        let bits: Vec<u8> = (0..(45 * rows).div_ceil(8))
            .map(|i| if i % 11 == 3 { 0xf7 } else { 0xff })
            .collect();
        let (sealed, _) = seal_block(&bits, free, rows, usize::MAX);
        let mut bits = bits;
        *bits.last_mut().expect("bits") &= 0x3f; // 1,350 bits: 6 in the last byte
        assert_eq!(open_block(&sealed, free, rows).expect("opens"), bits);
        for i in 0..sealed.len() {
            let mut bad = sealed.clone();
            bad[i] ^= 0x10;
            let opened = open_block(&bad, free, rows);
            assert!(opened.is_err() || opened == Ok(bits.clone()), "byte {i}");
        }
        assert!(open_block(&sealed[..2], free, rows).is_err());
    }
}
