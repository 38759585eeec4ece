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

/// A set of chain states (points and bitboards): open addressing with
/// linear probing, hashed by a multiply and a rotate per word. Smaller in
/// the page's wasm than the standard hash set (its code is generic over
/// much more), and faster for these keys; not for keys an adversary
/// chooses to collide (chain states are the board's own).
#[derive(Debug, Clone)]
pub(crate) struct StateSet<K> {
    slots: Vec<Option<K>>,
    len: usize,
}

/// A key of a [`StateSet`]: its words, to hash.
pub(crate) trait StateKey: Copy + Eq {
    /// A well-mixed hash.
    fn hash(&self) -> u64;
}

fn mix(h: u64, word: u64) -> u64 {
    (h.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95)
}

impl<W: Word> StateKey for (u8, u8, W) {
    fn hash(&self) -> u64 {
        let bits = self.2.to_set();
        let h = mix(
            mix(0, u64::from(self.0) << 8 | u64::from(self.1)),
            bits as u64,
        );
        mix(h, (bits >> 64) as u64)
    }
}

impl StateKey for (u8, u128) {
    fn hash(&self) -> u64 {
        mix(
            mix(mix(0, u64::from(self.0)), self.1 as u64),
            (self.1 >> 64) as u64,
        )
    }
}

impl<K: StateKey> Default for StateSet<K> {
    fn default() -> StateSet<K> {
        StateSet {
            slots: vec![None; 64],
            len: 0,
        }
    }
}

impl<K: StateKey> StateSet<K> {
    /// The slot of `key`, or the empty one where it would go.
    fn slot(&self, key: &K) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = (key.hash() >> 20) as usize & mask;
        while let Some(k) = &self.slots[i] {
            if k == key {
                break;
            }
            i = (i + 1) & mask;
        }
        i
    }

    /// Whether `key` is in the set.
    pub(crate) fn contains(&self, key: &K) -> bool {
        self.slots[self.slot(key)].is_some()
    }

    /// Adds `key`; false if it was there already.
    pub(crate) fn insert(&mut self, key: K) -> bool {
        if (self.len + 1) * 2 > self.slots.len() {
            let grown = vec![None; self.slots.len() * 2];
            let old = std::mem::replace(&mut self.slots, grown);
            for k in old.into_iter().flatten() {
                let i = self.slot(&k);
                self.slots[i] = Some(k);
            }
        }
        let i = self.slot(&key);
        if self.slots[i].is_some() {
            return false;
        }
        self.slots[i] = Some(key);
        self.len += 1;
        true
    }
}
