//! Where a position lives in a table: an attacker set's rank among the
//! sets of its size (the combinatorial number system, so ranks follow the
//! sets' values as numbers) and a defender pair's index among the pairs of
//! the points the attackers leave free.

/// `BINOMIAL[n][k]`: n choose k, for n ≤ 64 and k ≤ 32 (larger k are not
/// needed: tables hold at most 62 attackers, ranked by their bits).
static BINOMIAL: [[u64; 65]; 65] = {
    let mut table = [[0u64; 65]; 65];
    let mut n = 0;
    while n <= 64 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1].saturating_add(table[n - 1][k]);
            k += 1;
        }
        n += 1;
    }
    table
};

/// n choose k.
pub(crate) fn binomial(n: u32, k: u32) -> u64 {
    if k > n {
        0
    } else {
        BINOMIAL[n as usize][k as usize]
    }
}

/// The rank of `set` among the sets of its size: its position when they
/// are sorted as numbers.
#[inline]
pub(crate) fn rank(mut set: u64) -> u64 {
    let mut r = 0;
    let mut i = 1;
    while set != 0 {
        r += BINOMIAL[set.trailing_zeros() as usize][i];
        set &= set - 1;
        i += 1;
    }
    r
}

/// The next larger number with as many bits as `set` (Gosper's hack), or
/// `None` past `limit` bits.
#[inline]
pub(crate) fn next_set(set: u64, limit: u32) -> Option<u64> {
    let low = set & set.wrapping_neg();
    let ripple = set.checked_add(low)?;
    let next = ripple | (((set ^ ripple) >> 2) / low);
    (next >> limit == 0 || limit == 64).then_some(next)
}

/// How many defender pairs `free` points hold.
pub(crate) fn pairs(free: u32) -> usize {
    (free as usize * free.saturating_sub(1) as usize) / 2
}

/// The index of the pair at free indices `i < j`.
#[inline]
pub(crate) fn pair(i: u32, j: u32) -> usize {
    debug_assert!(i < j);
    (j as usize * (j as usize - 1)) / 2 + i as usize
}

/// The index among the points of `free` of its point `p`.
#[inline]
pub(crate) fn index_in(free: u64, p: u32) -> u32 {
    (free & ((1u64 << p) - 1)).count_ones()
}

/// The index of the pair at free indices `i` and `j` (`i != j`), either
/// first.
#[inline]
pub(crate) fn unordered(i: u32, j: u32) -> usize {
    if i < j { pair(i, j) } else { pair(j, i) }
}

/// The index of the defender pair on points `a`, `b` among `free`'s pairs.
#[inline]
pub(crate) fn pair_of(free: u64, a: u32, b: u32) -> usize {
    unordered(index_in(free, a), index_in(free, b))
}

/// Bits `0..n`.
#[inline]
pub(crate) fn low(n: u32) -> u64 {
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

/// The `len` bits (at most 64) of `words` from bit `at`: a set's defender
/// pairs `at..at + len` in a row of them.
#[inline]
pub(crate) fn bits_at(words: &[u64], at: usize, len: usize) -> u64 {
    let (w, b) = (at / 64, at % 64);
    let mut x = words[w] >> b;
    if b + len > 64 {
        x |= words[w + 1] << (64 - b);
    }
    x & low(len as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_count_the_sets_in_order() {
        let mut set = 0b111u64;
        let mut expected = 0;
        loop {
            assert_eq!(rank(set), expected);
            expected += 1;
            match next_set(set, 10) {
                Some(next) => set = next,
                None => break,
            }
        }
        assert_eq!(expected, binomial(10, 3));
    }

    #[test]
    fn pairs_are_numbered_densely() {
        let free = 0b1011_0110u64;
        let mut seen: Vec<usize> = Vec::new();
        let points: Vec<u32> = (0..8).filter(|p| free >> p & 1 == 1).collect();
        for (x, &a) in points.iter().enumerate() {
            for &b in &points[x + 1..] {
                seen.push(pair_of(free, a, b));
                assert_eq!(pair_of(free, a, b), pair_of(free, b, a));
            }
        }
        seen.sort_unstable();
        assert_eq!(seen, (0..pairs(5)).collect::<Vec<_>>());
    }
}
