//! Where a set's bits are ([`Located`]: its slice and place there, as
//! itself or its mirror image) and an attacker step to a located set
//! ([`Step`]): what the slice filler, the rows' shifts and the queries
//! read successors through.

use std::sync::Arc;

use super::geometry::Geometry;
use super::index::pair_of;
use super::profile::Slicing;
use super::slices::Slice;

/// Where a set's bits are: its slice, its index there, whether the slice
/// keeps its mirror image, and the free points of the set kept.
pub(crate) struct Located {
    pub(super) slice: Arc<Slice>,
    pub(super) index: u64,
    pub(super) mirrored: bool,
    pub(super) free: u64,
}

impl Located {
    /// Where `set`'s bits are in `slice` (its profile's).
    pub fn new(geometry: &Geometry, slicing: &Slicing, set: u64, slice: Arc<Slice>) -> Located {
        Located::placed(geometry, set, slicing.locate(set), slice)
    }

    /// Where `set`'s bits are in `slice`, its place there (index, and
    /// whether its mirror image's) known.
    #[inline]
    pub(super) fn placed(
        geometry: &Geometry,
        set: u64,
        (index, mirrored): (u64, bool),
        slice: Arc<Slice>,
    ) -> Located {
        let kept = if mirrored {
            geometry.mirror_set(set)
        } else {
            set
        };
        Located {
            slice,
            index,
            mirrored,
            free: geometry.all() & !kept,
        }
    }

    /// Point `p` as the slice keeps it (its mirror image, if the set's is
    /// kept).
    #[inline]
    pub(super) fn image(&self, geometry: &Geometry, p: u32) -> u32 {
        if self.mirrored {
            geometry.mirror[p as usize].into()
        } else {
            p
        }
    }

    /// Whether the defender to move wins with the defenders on `x` and `y`.
    #[inline]
    pub fn defender_wins(&self, geometry: &Geometry, x: u32, y: u32) -> bool {
        let (a, b) = (self.image(geometry, x), self.image(geometry, y));
        self.slice.get(self.index, pair_of(self.free, a, b))
    }

    /// Whether the attacker to move wins with the defenders on `x` and `y`.
    #[inline]
    pub fn attacker_wins(&self, geometry: &Geometry, x: u32, y: u32) -> bool {
        let (a, b) = (self.image(geometry, x), self.image(geometry, y));
        self.slice
            .attacker_wins(self.index, pair_of(self.free, a, b))
    }
}

/// An attacker step: its point of departure, its target, and the
/// position it leads to (`None`: it fills the fortress).
pub(super) struct Step {
    pub(super) from: u32,
    pub(super) target: u32,
    pub(super) next: Option<Located>,
}
