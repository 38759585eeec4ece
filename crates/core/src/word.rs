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

/// A chain state: the point a chain started from, the point it stands on
/// and the attackers it has jumped. Point indices are below 81, so both
/// points fit above the attackers; the highest bit is set so that no state
/// is 0, the empty slot.
#[inline]
pub(crate) fn chain_state(start: u8, here: u8, jumped: u128) -> u128 {
    debug_assert!(jumped >> 96 == 0, "attackers on points above 95");
    jumped | u128::from(start & 127) << 96 | u128::from(here & 127) << 112 | 1 << 127
}

/// A set of chain states ([`chain_state`]): open addressing with linear
/// probing over bare words, 0 marking an empty slot, hashed by a multiply
/// and a rotate per half. Smaller in the page's wasm than the standard
/// hash set, and faster for these keys; not for keys an adversary chooses
/// to collide (chain states are the board's own).
#[derive(Debug, Clone)]
pub(crate) struct StateSet {
    slots: Vec<u128>,
    len: usize,
}

fn mix(h: u64, word: u64) -> u64 {
    (h.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95)
}

impl Default for StateSet {
    fn default() -> StateSet {
        StateSet {
            slots: vec![0; 64],
            len: 0,
        }
    }
}

impl StateSet {
    /// The slot of `key`, or the empty one where it would go.
    #[inline]
    fn slot(&self, key: u128) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        while self.slots[i] != 0 && self.slots[i] != key {
            i = (i + 1) & mask;
        }
        i
    }

    /// The first slot looked at for `key`: the hash's top bits, which
    /// every bit of the key moves (its middle bits did not see the point
    /// a chain stands on, nor most of a wide board's attackers).
    #[inline]
    fn home(&self, key: u128) -> usize {
        let shift = 64 - self.slots.len().trailing_zeros();
        (mix(mix(0, key as u64), (key >> 64) as u64) >> shift) as usize
    }

    /// Whether `key` is in the set.
    pub(crate) fn contains(&self, key: u128) -> bool {
        self.slots[self.slot(key)] != 0
    }

    /// Adds `key` (not 0); false if it was there already.
    pub(crate) fn insert(&mut self, key: u128) -> bool {
        if (self.len + 1) * 2 > self.slots.len() {
            let grown = vec![0; self.slots.len() * 2];
            let old = std::mem::replace(&mut self.slots, grown);
            for k in old.into_iter().filter(|&k| k != 0) {
                let i = self.slot(k);
                self.slots[i] = k;
            }
        }
        let i = self.slot(key);
        if self.slots[i] != 0 {
            return false;
        }
        self.slots[i] = key;
        self.len += 1;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_set_holds_what_was_put_in_once() {
        let mut set = StateSet::default();
        let keys: Vec<u128> = (0..1000u16)
            .map(|i| chain_state(3, (i % 81) as u8, u128::from(i) << 40))
            .collect();
        for &k in &keys {
            assert!(set.insert(k));
        }
        assert!(keys.iter().all(|&k| !set.insert(k) && set.contains(k)));
        assert!(!set.contains(chain_state(4, 0, 1 << 40)));
    }

    #[test]
    fn states_apart_in_one_field_only_start_apart() {
        // States that differ only in the point a chain stands on, or only
        // in a wide board's last attackers: each far from its home slot
        // would mean a long walk for every look.
        let points = (0..81).map(|here| chain_state(0, here, 0b1011));
        let attackers = (0..31).map(|i| chain_state(0, 40, 0b11 << (64 + i)));
        for keys in [points.collect::<Vec<_>>(), attackers.collect()] {
            let mut set = StateSet::default();
            for &k in &keys {
                set.insert(k);
            }
            let mask = set.slots.len() - 1;
            let walked: usize = keys
                .iter()
                .map(|&k| (set.slot(k) + set.slots.len() - set.home(k)) & mask)
                .sum();
            assert!(
                walked < keys.len(),
                "{walked} slots walked for {} keys",
                keys.len()
            );
        }
    }
}
