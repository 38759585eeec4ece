//! The transposition table: what earlier searches learned about a position,
//! found by its Zobrist hash.

/// How a stored score bounds the true score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The true score.
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

/// One stored result.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    /// The full hash, to tell positions that share a slot apart.
    pub key: u64,
    /// Score from the side to move's view (wins stored relative to this node).
    pub score: i32,
    /// The best move's index in the position's legal move list, or `u16::MAX`.
    pub best: u16,
    /// Remaining depth the score was searched to.
    pub depth: u8,
    /// How `score` bounds the true score.
    pub bound: Bound,
}

const EMPTY: Entry = Entry {
    key: 0,
    score: 0,
    best: u16::MAX,
    depth: 0,
    bound: Bound::Upper,
};

/// A fixed-size table, one entry per slot, replaced by depth and age.
#[derive(Debug)]
pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of about `mib` mebibytes (a power of two entries, at least 1024).
    pub fn new(mib: usize) -> Table {
        let wanted = (mib << 20) / size_of::<Entry>();
        let len = wanted.max(1024).next_power_of_two();
        let len = if len > wanted.max(1024) { len / 2 } else { len };
        Table {
            entries: vec![EMPTY; len],
            mask: len - 1,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & self.mask
    }

    /// The entry for `key`, if the table holds one (only searches of depth
    /// 1 or more are stored).
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[self.slot(key)];
        (e.key == key && e.depth > 0).then_some(e)
    }

    /// Stores a result, keeping a deeper result for another position.
    pub fn store(&mut self, entry: Entry) {
        let slot = self.slot(entry.key);
        let old = &mut self.entries[slot];
        if old.key != entry.key && old.depth > entry.depth.saturating_add(2) {
            return;
        }
        let best = if entry.best == u16::MAX && old.key == entry.key {
            old.best
        } else {
            entry.best
        };
        *old = Entry { best, ..entry };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_and_keeps_deep_results() {
        let mut t = Table::new(1);
        assert!(t.entries.len().is_power_of_two());
        assert!(t.entries.len() * size_of::<Entry>() <= 1 << 20);
        let e = Entry {
            key: 12345,
            score: 7,
            best: 3,
            depth: 9,
            bound: Bound::Exact,
        };
        t.store(e);
        assert_eq!(t.probe(12345).map(|e| e.score), Some(7));
        assert!(t.probe(12346).is_none());
        // Another position in the same slot does not push out a deeper one...
        let other = 12345 + (t.mask as u64 + 1);
        t.store(Entry {
            key: other,
            depth: 1,
            ..e
        });
        assert!(t.probe(other).is_none());
        // ...but a deep enough one does.
        t.store(Entry {
            key: other,
            depth: 8,
            ..e
        });
        assert_eq!(t.probe(other).map(|e| e.depth), Some(8));
        t.clear();
        assert!(t.probe(other).is_none());
    }
}
