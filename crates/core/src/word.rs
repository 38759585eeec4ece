//! Machine words used as bitboards in the hot paths.
//!
//! Positions store [`crate::PointSet`]s (128 bits, enough for every board);
//! move generation runs on `u64` for the 33-point boards (highest index 60)
//! and on `u128` for the 67-point boards, chosen once per call.

use std::ops::{BitAnd, BitOr, BitXor, Not};

/// A bitboard word indexed by [`crate::Point::index`].
pub(crate) trait Word:
    Copy
    + Eq
    + std::hash::Hash
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
{
    /// No bit set.
    const ZERO: Self;
    /// The low bits of a 128-bit set.
    fn from_set(bits: u128) -> Self;
    /// Widened back to a 128-bit set.
    fn to_set(self) -> u128;
    /// Only bit `i`.
    fn bit(i: u8) -> Self;
    /// Every bit moved up by `by` places (down when negative).
    fn shift(self, by: i8) -> Self;
    /// Number of bits set.
    fn count(self) -> u32;
    /// Removes and returns the lowest bit set.
    fn pop(&mut self) -> Option<u8>;
    /// Whether no bit is set.
    #[inline]
    fn is_zero(self) -> bool {
        self == Self::ZERO
    }
}

macro_rules! impl_word {
    ($t:ty) => {
        impl Word for $t {
            const ZERO: $t = 0;
            #[inline]
            fn from_set(bits: u128) -> $t {
                bits as $t
            }
            #[inline]
            fn to_set(self) -> u128 {
                self as u128
            }
            #[inline]
            fn bit(i: u8) -> $t {
                1 << i
            }
            #[inline]
            fn shift(self, by: i8) -> $t {
                // Branch-free when `by` is not a constant: one shift is by 0.
                let left = by.max(0) as u32;
                let right = (-by).max(0) as u32;
                (self << left) >> right
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn pop(&mut self) -> Option<u8> {
                if *self == 0 {
                    return None;
                }
                let i = self.trailing_zeros() as u8;
                *self &= *self - 1;
                Some(i)
            }
        }
    };
}

impl_word!(u64);
impl_word!(u128);
