//! Points (`c5`) and sets of points.
//!
//! A [`Point`] is named by a file letter (`a` = leftmost column) and a rank
//! number (1 = lowest row), as RULES.md §2 fixes. Its index is
//! `(rank − 1) × 9 + file`, the same on every board, so a point can be
//! printed and parsed without knowing the board, and a [`PointSet`] is a
//! plain 128-bit mask that every board (up to 9 × 9) fits in.

use std::fmt;
use std::str::FromStr;

/// Columns and rows on the widest board.
pub(crate) const STRIDE: u8 = 9;

const FILES: &[u8; 9] = b"abcdefghi";

/// A point of a board, named like `c5`.
///
/// ```
/// use asalto_core::Point;
/// let p: Point = "c5".parse()?;
/// assert_eq!((p.file(), p.rank()), (2, 5));
/// assert_eq!(p.to_string(), "c5");
/// # Ok::<_, asalto_core::ParsePointError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point(u8);

impl Point {
    /// Number of distinct point indices (9 files × 9 ranks).
    pub const NUM: usize = 81;

    /// The point on `file` (0 = `a`) and `rank` (1 = lowest row), if both
    /// are within the 9 × 9 range of the largest board.
    pub const fn new(file: u8, rank: u8) -> Option<Point> {
        if file < STRIDE && rank >= 1 && rank <= STRIDE {
            Some(Point((rank - 1) * STRIDE + file))
        } else {
            None
        }
    }

    /// The point with this index (see the module docs), if it is below
    /// [`Point::NUM`].
    pub const fn from_index(index: u8) -> Option<Point> {
        if (index as usize) < Point::NUM {
            Some(Point(index))
        } else {
            None
        }
    }

    /// The index of this point: `(rank − 1) × 9 + file`.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file, 0 for `a`.
    pub const fn file(self) -> u8 {
        self.0 % STRIDE
    }

    /// The rank, 1 for the lowest row.
    pub const fn rank(self) -> u8 {
        self.0 / STRIDE + 1
    }

    /// The point moved by `(dfile, drank)`, if it stays within 9 × 9.
    pub fn offset(self, dfile: i8, drank: i8) -> Option<Point> {
        let file = u8::try_from(self.file() as i8 + dfile).ok()?;
        let rank = u8::try_from(self.rank() as i8 + drank).ok()?;
        Point::new(file, rank)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", FILES[self.file() as usize] as char, self.rank())
    }
}

/// The text was not a point name: a file letter `a`–`i` followed by a rank
/// `1`–`9`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsePointError(pub String);

impl fmt::Display for ParsePointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a point (expected a file a-i and a rank 1-9, like c5)",
            self.0
        )
    }
}

impl std::error::Error for ParsePointError {}

impl FromStr for Point {
    type Err = ParsePointError;

    fn from_str(s: &str) -> Result<Point, ParsePointError> {
        let err = || ParsePointError(s.to_owned());
        match s.as_bytes() {
            &[f @ b'a'..=b'i', r @ b'1'..=b'9'] => Point::new(f - b'a', r - b'0').ok_or_else(err),
            _ => Err(err()),
        }
    }
}

/// Each point index's bit, looked up rather than shifted: a 128-bit shift
/// by a number known only at run time is a call in WebAssembly, which has
/// no 128-bit words.
const BITS: [u128; Point::NUM] = {
    let mut bits = [0; Point::NUM];
    let mut i = 0;
    while i < Point::NUM {
        bits[i] = 1 << i;
        i += 1;
    }
    bits
};

/// A set of points, as a bit mask indexed by [`Point::index`].
///
/// ```
/// use asalto_core::{Point, PointSet};
/// let set: PointSet = ["c5", "e5"].iter().map(|s| s.parse::<Point>()).collect::<Result<_, _>>()?;
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.to_string(), "c5,e5");
/// # Ok::<_, asalto_core::ParsePointError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PointSet(pub u128);

impl PointSet {
    /// The empty set.
    pub const EMPTY: PointSet = PointSet(0);

    /// The set holding only `p`.
    pub const fn single(p: Point) -> PointSet {
        PointSet(BITS[p.0 as usize])
    }

    /// Whether `p` is in the set.
    pub const fn contains(self, p: Point) -> bool {
        self.0 & BITS[p.0 as usize] != 0
    }

    /// Adds `p`.
    pub fn insert(&mut self, p: Point) {
        self.0 |= BITS[usize::from(p.0)];
    }

    /// Removes `p`.
    pub fn remove(&mut self, p: Point) {
        self.0 &= !BITS[usize::from(p.0)];
    }

    /// Number of points in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every point of `self` is in `other`.
    pub const fn is_subset(self, other: PointSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The points in index order (rank by rank, from `a1`).
    pub fn iter(self) -> PointSetIter {
        PointSetIter(self.0)
    }
}

impl std::ops::BitOr for PointSet {
    type Output = PointSet;
    fn bitor(self, rhs: PointSet) -> PointSet {
        PointSet(self.0 | rhs.0)
    }
}

impl std::ops::BitAnd for PointSet {
    type Output = PointSet;
    fn bitand(self, rhs: PointSet) -> PointSet {
        PointSet(self.0 & rhs.0)
    }
}

impl std::ops::Sub for PointSet {
    type Output = PointSet;
    /// The points of `self` that are not in `rhs`.
    fn sub(self, rhs: PointSet) -> PointSet {
        PointSet(self.0 & !rhs.0)
    }
}

impl FromIterator<Point> for PointSet {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> PointSet {
        let mut set = PointSet::EMPTY;
        for p in iter {
            set.insert(p);
        }
        set
    }
}

impl IntoIterator for PointSet {
    type Item = Point;
    type IntoIter = PointSetIter;
    fn into_iter(self) -> PointSetIter {
        self.iter()
    }
}

/// Iterator over a [`PointSet`] in index order.
#[derive(Debug, Clone)]
pub struct PointSetIter(u128);

impl Iterator for PointSetIter {
    type Item = Point;
    fn next(&mut self) -> Option<Point> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Point(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for PointSetIter {}

impl fmt::Display for PointSet {
    /// Comma-separated names in index order, as rule sets write them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_point_round_trips() {
        for i in 0..Point::NUM as u8 {
            let p = Point::from_index(i).expect("in range");
            assert_eq!(p.to_string().parse::<Point>(), Ok(p));
            assert_eq!(Point::new(p.file(), p.rank()), Some(p));
        }
        assert_eq!(Point::from_index(81), None);
    }

    #[test]
    fn bad_names_are_rejected() {
        for s in ["", "c", "5", "j5", "c0", "c10", "C5", "c5 ", "é5"] {
            assert!(s.parse::<Point>().is_err(), "{s:?}");
        }
    }

    #[test]
    fn offsets_stay_on_the_grid() {
        let a1: Point = "a1".parse().expect("point");
        assert_eq!(a1.offset(-1, 0), None);
        assert_eq!(a1.offset(1, 1).map(|p| p.to_string()), Some("b2".into()));
        let i9: Point = "i9".parse().expect("point");
        assert_eq!(i9.offset(0, 1), None);
    }
}
