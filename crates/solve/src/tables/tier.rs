//! One tier of the endgame tables in memory: for every set of a given
//! number of attackers (by rank) and every pair of defender points among
//! the free ones (by index), one bit: whether the defender to move wins.
//! (The attacker to move wins when one of its steps leads to a position
//! the defender to move loses: one ply, answered from these bits.) A set's
//! bits fill whole words (a block), so that sets can be written from
//! several threads at once.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::geometry::{Geometry, bits};
use super::index::{binomial, index_in, pair, pairs, rank};

/// The most words a block can take (C(64, 2) pairs).
pub(crate) const MAX_WORDS: usize = 32;

/// A set's bits.
pub(crate) type Block = [u64; MAX_WORDS];

/// Every position of one attacker count.
#[derive(Debug)]
pub(crate) struct Tier {
    /// The number of attackers.
    pub attackers: u32,
    /// Defender pairs per set.
    pub pairs: usize,
    /// Words per set.
    pub words: usize,
    /// The bits.
    bits: Vec<AtomicU64>,
}

impl Tier {
    /// An empty tier (every bit clear) of `attackers` attackers on `geometry`.
    pub fn new(geometry: &Geometry, attackers: u32) -> Tier {
        let sets = binomial(geometry.len(), attackers);
        let pairs = pairs(geometry.len() - attackers);
        let words = pairs.div_ceil(64);
        Tier {
            attackers,
            pairs,
            words,
            bits: (0..sets as usize * words)
                .map(|_| AtomicU64::new(0))
                .collect(),
        }
    }

    /// The number of positions a tier of `attackers` attackers answers.
    pub fn positions_of(geometry: &Geometry, attackers: u32) -> u64 {
        binomial(geometry.len(), attackers) * pairs(geometry.len() - attackers) as u64 * 2
    }

    /// Whether the defender to move wins with the attackers of rank
    /// `rank` and the defender pair `pair`.
    #[inline]
    pub fn get(&self, rank: u64, pair: usize) -> bool {
        let word = &self.bits[rank as usize * self.words + pair / 64];
        word.load(Relaxed) >> (pair % 64) & 1 == 1
    }

    /// The block of the set of rank `rank`.
    pub fn block(&self, rank: u64) -> Block {
        let start = rank as usize * self.words;
        let mut block = [0; MAX_WORDS];
        for (b, w) in block.iter_mut().zip(&self.bits[start..start + self.words]) {
            *b = w.load(Relaxed);
        }
        block
    }

    /// Stores the block of `set` and, permuted, of its mirror image.
    pub fn store(&self, geometry: &Geometry, set: u64, block: &Block) {
        self.write(rank(set), block);
        let image = geometry.mirror_set(set);
        if image == set {
            return;
        }
        let (free, image_free) = (geometry.all() & !set, geometry.all() & !image);
        // Each free point's index among the image's free points.
        let mut moved = [0u32; 64];
        for (i, p) in bits(free).enumerate() {
            moved[i] = index_in(image_free, u32::from(geometry.mirror[p as usize]));
        }
        let f = free.count_ones();
        let mut mirrored = [0u64; MAX_WORDS];
        for j in 1..f {
            for i in 0..j {
                let (k, (a, b)) = (pair(i, j), (moved[i as usize], moved[j as usize]));
                let to = if a < b { pair(a, b) } else { pair(b, a) };
                mirrored[to / 64] |= (block[k / 64] >> (k % 64) & 1) << (to % 64);
            }
        }
        self.write(rank(image), &mirrored);
    }

    fn write(&self, rank: u64, block: &Block) {
        let start = rank as usize * self.words;
        for (w, &b) in self.bits[start..start + self.words].iter().zip(block) {
            w.store(b, Relaxed);
        }
    }
}
