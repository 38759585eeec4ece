//! Profiles: the tables' attacker sets grouped by how many attackers
//! stand on the points of each march potential (the most attacker steps
//! that can follow from a point: on the 33-point board under `assault`
//! mostly its row), and each set's place in its group.
//!
//! Every attacker step goes to a point of lower potential, so it leads
//! from one profile to one of lower [`Slicing::key`] (the set's level), a
//! capture leads to a sub-profile of a lower tier, and a defender's step
//! stays in the profile. So a tier can be filled a profile (a *slice*) at
//! a time, by key, with only the slices its moves reach in memory.
//!
//! In a slice only one of each mirror-image pair of sets is kept: a set
//! whose first class that is not its own mirror image is the smaller of the
//! two (or a set that is its own image). [`Slicing::locate`] finds where
//! any set's bits are (its image's, with the defenders mirrored too) and
//! [`Slicing::decode`] lists a slice's sets in their order.

use super::error::TablesError;
use super::geometry::{Geometry, bits};

/// A profile: the attackers on each class of points (by potential), four
/// bits a class, the lowest potential in the lowest bits.
pub(crate) type Profile = u64;

/// Each class's code of a set: the subset of the class's points it holds.
pub(crate) type Codes = [u32; 16];

/// How one slice lays out its sets: where each block (the sets whose first
/// class that is not its own image is the same) starts, and each class's
/// radix in each kind of block. Asked for at every attacker step the build
/// looks at, so kept by the slice's readers ([`Slicing::layout`]).
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    /// Block `f`'s first index (`f` up to the classes), then the slice's size.
    start: [u64; 18],
    /// Per class: its self-mirrored codes, smaller halves, and codes, of
    /// the profile's count.
    mirror: [u64; 16],
    low: [u64; 16],
    full: [u64; 16],
    /// Per block `f`: each class's weight, the product of the radices of
    /// the classes after it (a set's index in the block is its digits'
    /// sum, each times its weight).
    weights: [[u64; 16]; 17],
    classes: usize,
}

impl Layout {
    /// Class `i`'s radix in the block whose first class not its own image
    /// is `first`.
    #[inline]
    fn radix(&self, i: usize, first: usize) -> u64 {
        match i.cmp(&first) {
            std::cmp::Ordering::Less => self.mirror[i],
            std::cmp::Ordering::Equal => self.low[i],
            std::cmp::Ordering::Greater => self.full[i],
        }
    }

    /// The indices of the slice's sets that are their own mirror image
    /// (every other kept set stands for two sets).
    pub fn symmetric(&self) -> std::ops::Range<u64> {
        self.start[self.classes]..self.start[self.classes + 1]
    }

    /// How many sets the slice keeps.
    pub fn sets(&self) -> u64 {
        self.start[self.classes + 1]
    }
}

/// A map keyed by profile, hashed by one multiplication (the default
/// hasher cost a twentieth of the build's time).
pub(crate) type ByProfile<V> =
    std::collections::HashMap<Profile, V, std::hash::BuildHasherDefault<ProfileHasher>>;

/// [`ByProfile`]'s hasher: Fibonacci hashing of the profile's 64 bits.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct ProfileHasher(u64);

impl std::hash::Hasher for ProfileHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0 ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0 ^ self.0 >> 32
    }
}

/// Where a class's codes (its points' subset, a bit a point in order)
/// stand: the rank among the codes with as many points, and the index
/// among the class's self-mirrored codes or among the smaller halves of the
/// mirrored pairs.
#[derive(Debug, Clone, Copy)]
struct Code {
    full: u32,
    half: u32,
    symmetry: Symmetry,
}

/// A code compared with its mirror image.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Symmetry {
    /// Its own image.
    Mirror,
    /// Smaller than its image.
    Low,
    /// Larger than its image.
    High,
}

/// The points of one march potential.
#[derive(Debug, Clone)]
struct Class {
    /// The points, by dense index.
    points: Vec<u32>,
    width: u32,
    /// The potential.
    height: u32,
    codes: Vec<Code>,
    /// The mirror image of each code.
    image: Vec<u32>,
    /// Per count of points: the codes in order, the self-mirrored ones,
    /// the smaller halves.
    full: Vec<Vec<u32>>,
    mirror: Vec<Vec<u32>>,
    low: Vec<Vec<u32>>,
}

impl Class {
    fn new(points: Vec<u32>, mirror: &[u8], height: u32) -> Class {
        let width = points.len() as u32;
        let size = 1usize << width;
        let place: Vec<u32> = points
            .iter()
            .map(|&p| {
                let m = u32::from(mirror[p as usize]);
                points
                    .iter()
                    .position(|&q| q == m)
                    .expect("closed under the mirror") as u32
            })
            .collect();
        let image: Vec<u32> = (0..size as u32)
            .map(|c| bits(u64::from(c)).fold(0, |m, i| m | 1 << place[i as usize]))
            .collect();
        let (mut full, mut mirror, mut low) = (
            vec![Vec::new(); width as usize + 1],
            vec![Vec::new(); width as usize + 1],
            vec![Vec::new(); width as usize + 1],
        );
        let mut codes = Vec::with_capacity(size);
        for c in 0..size as u32 {
            let n = c.count_ones() as usize;
            let symmetry = match c.cmp(&image[c as usize]) {
                std::cmp::Ordering::Equal => Symmetry::Mirror,
                std::cmp::Ordering::Less => Symmetry::Low,
                std::cmp::Ordering::Greater => Symmetry::High,
            };
            let half = match symmetry {
                Symmetry::Mirror => &mut mirror[n],
                Symmetry::Low => &mut low[n],
                Symmetry::High => &mut Vec::new(),
            };
            codes.push(Code {
                full: full[n].len() as u32,
                half: half.len() as u32,
                symmetry,
            });
            half.push(c);
            full[n].push(c);
        }
        Class {
            points,
            width,
            height,
            codes,
            image,
            full,
            mirror,
            low,
        }
    }

    fn set(&self, code: u32) -> u64 {
        bits(u64::from(code)).fold(0, |m, i| m | 1 << self.points[i as usize])
    }
}

/// A board's classes, as the sliced tables use them.
#[derive(Debug, Clone)]
pub(crate) struct Slicing {
    classes: Vec<Class>,
    /// Each point's class and its bit in the class's code.
    place: Vec<(u8, u8)>,
}

impl Slicing {
    /// The classes of `geometry`'s points.
    ///
    /// # Errors
    ///
    /// More than 16 classes, or one of more than 15 points.
    pub fn new(geometry: &Geometry) -> Result<Slicing, TablesError> {
        let top = geometry.potential.iter().copied().max().unwrap_or(0);
        let classes: Vec<Class> = (0..=top)
            .map(|h| {
                let points = (0..geometry.len())
                    .filter(|&p| geometry.potential[p as usize] == h)
                    .collect();
                Class::new(points, &geometry.mirror, u32::from(h))
            })
            .filter(|r| r.width > 0)
            .collect();
        if classes.len() > 16 || classes.iter().any(|r| r.width > 15) {
            return Err(TablesError::Asked(
                "sliced tables take at most 16 march potentials of at most 15 points each"
                    .to_owned(),
            ));
        }
        let mut place = vec![(0, 0); geometry.len() as usize];
        for (c, r) in classes.iter().enumerate() {
            for (bit, &p) in r.points.iter().enumerate() {
                place[p as usize] = (c as u8, bit as u8);
            }
        }
        Ok(Slicing { classes, place })
    }

    /// Each class's code of `set` (the subset of its points), in one pass
    /// over the set's points.
    #[inline]
    pub fn codes(&self, set: u64) -> Codes {
        let mut codes = [0u32; 16];
        for p in bits(set) {
            let (class, bit) = self.place[p as usize];
            codes[class as usize] |= 1 << bit;
        }
        codes
    }

    /// The class of point `p`.
    #[inline]
    pub fn class_of(&self, p: u32) -> usize {
        self.place[p as usize].0.into()
    }

    /// The profile of sets whose classes' codes are `codes`.
    #[inline]
    pub fn profile_of(&self, codes: &Codes) -> Profile {
        (0..self.classes.len()).fold(0, |m, i| m | u64::from(codes[i].count_ones()) << (4 * i))
    }

    /// The profile of `set`.
    #[inline]
    pub fn profile(&self, set: u64) -> Profile {
        self.profile_of(&self.codes(set))
    }

    fn count(profile: Profile, class: usize) -> usize {
        (profile >> (4 * class) & 15) as usize
    }

    /// How many attackers `profile` holds.
    pub fn attackers(&self, profile: Profile) -> u32 {
        (0..self.classes.len())
            .map(|i| Self::count(profile, i) as u32)
            .sum()
    }

    /// The potentials summed over the attackers (the level of their
    /// sets): every attacker step lowers it.
    pub fn key(&self, profile: Profile) -> u32 {
        self.classes
            .iter()
            .enumerate()
            .map(|(i, r)| Self::count(profile, i) as u32 * r.height)
            .sum()
    }

    /// The profiles of `attackers` attackers, in build order (by
    /// [`Slicing::key`], then by value).
    pub fn profiles(&self, attackers: u32) -> Vec<Profile> {
        let mut out = Vec::new();
        let mut counts = vec![0u32; self.classes.len()];
        self.each(0, attackers, &mut counts, &mut out);
        out.sort_by_key(|&p| (self.key(p), p));
        out
    }

    fn each(&self, class: usize, left: u32, counts: &mut [u32], out: &mut Vec<Profile>) {
        if class == self.classes.len() {
            if left == 0 {
                out.push(
                    counts
                        .iter()
                        .enumerate()
                        .fold(0, |m, (i, &c)| m | u64::from(c) << (4 * i)),
                );
            }
            return;
        }
        for c in 0..=left.min(self.classes[class].width) {
            counts[class] = c;
            self.each(class + 1, left - c, counts, out);
        }
    }

    /// The codes and profile of the set an attacker step from `p` to `q`
    /// leads to, from those of the set it leaves.
    #[inline]
    pub fn step(&self, (codes, profile): (Codes, Profile), p: u32, q: u32) -> (Codes, Profile) {
        let (mut codes, (from, off), (to, on)) =
            (codes, self.place[p as usize], self.place[q as usize]);
        codes[from as usize] &= !(1 << off);
        codes[to as usize] |= 1 << on;
        (codes, profile - (1 << (4 * from)) + (1 << (4 * to)))
    }

    /// The slice of `profile`'s layout: worked out once, it places every
    /// set of the slice ([`Slicing::index`]).
    pub fn layout(&self, profile: Profile) -> Layout {
        let n = self.classes.len();
        let mut layout = Layout {
            start: [0; 18],
            mirror: [0; 16],
            low: [0; 16],
            full: [0; 16],
            weights: [[0; 16]; 17],
            classes: n,
        };
        for (i, r) in self.classes.iter().enumerate() {
            let c = Self::count(profile, i);
            layout.mirror[i] = r.mirror[c].len() as u64;
            layout.low[i] = r.low[c].len() as u64;
            layout.full[i] = r.full[c].len() as u64;
        }
        for first in 0..=n {
            let mut weight = 1;
            for i in (0..n).rev() {
                layout.weights[first][i] = weight;
                weight *= layout.radix(i, first);
            }
            layout.start[first + 1] = layout.start[first] + weight;
        }
        layout
    }

    /// How many sets the slice of `profile` keeps: [`Layout::sets`]
    /// without the layout's weights (a pack's reader counts every slice of
    /// a tier).
    pub fn sets(&self, profile: Profile) -> u64 {
        let n = self.classes.len();
        // Per class: its self-mirrored codes, smaller halves, and codes.
        let counts = |i: usize| {
            let (r, c) = (&self.classes[i], Self::count(profile, i));
            (
                r.mirror[c].len() as u64,
                r.low[c].len() as u64,
                r.full[c].len() as u64,
            )
        };
        let mut after = [1u64; 17];
        for i in (0..n).rev() {
            after[i] = after[i + 1] * counts(i).2;
        }
        // A block a first class not its own image (none, last).
        let (mut before, mut total) = (1, 0);
        for first in 0..n {
            let (mirror, low, _) = counts(first);
            total += before * low * after[first + 1];
            before *= mirror;
        }
        total + before
    }

    /// Where the bits of `set` are kept: its index in its profile's slice
    /// and whether that is its mirror image's place.
    #[inline]
    pub fn locate(&self, set: u64) -> (u64, bool) {
        let (_, index, mirrored) = self.place(set);
        (index, mirrored)
    }

    /// [`Slicing::locate`], with the set's profile first.
    #[inline]
    pub fn place(&self, set: u64) -> (Profile, u64, bool) {
        let codes = self.codes(set);
        let profile = self.profile_of(&codes);
        let (index, mirrored) = self.index(codes, &self.layout(profile));
        (profile, index, mirrored)
    }

    /// Where the set of `codes` is kept in the slice `layout` lays out (its
    /// profile's): its index, and whether that is its mirror image's place.
    #[inline]
    pub fn index(&self, mut codes: Codes, layout: &Layout) -> (u64, bool) {
        let classes = &self.classes[..];
        let first = classes
            .iter()
            .zip(&codes)
            .position(|(r, &code)| r.codes[code as usize].symmetry != Symmetry::Mirror)
            .unwrap_or(classes.len());
        let mirrored = first < classes.len()
            && classes[first].codes[codes[first] as usize].symmetry == Symmetry::High;
        if mirrored {
            for (r, code) in classes.iter().zip(codes.iter_mut()) {
                *code = r.image[*code as usize];
            }
        }
        let mut index = layout.start[first];
        for (i, (r, weight)) in classes.iter().zip(&layout.weights[first]).enumerate() {
            let c = r.codes[codes[i] as usize];
            index += u64::from(if i <= first { c.half } else { c.full }) * weight;
        }
        (index, mirrored)
    }

    /// The set kept at `index` of the slice of `profile`, laid out by
    /// `layout` (its [`Slicing::layout`], worked out once for the slice).
    pub fn decode(&self, profile: Profile, layout: &Layout, index: u64) -> u64 {
        let first = (0..=layout.classes)
            .position(|f| index < layout.start[f + 1])
            .unwrap_or(layout.classes);
        let mut index = index - layout.start[first];
        let mut set = 0;
        for (i, r) in self.classes.iter().enumerate().rev() {
            let radix = layout.radix(i, first);
            let digit = (index % radix) as usize;
            index /= radix;
            let c = Self::count(profile, i);
            let code = if i < first {
                r.mirror[c][digit]
            } else if i == first {
                r.low[c][digit]
            } else {
                r.full[c][digit]
            };
            set |= r.set(code);
        }
        set
    }

    /// The profile as text, a digit a class from the first.
    pub fn name(&self, profile: Profile) -> String {
        (0..self.classes.len())
            .map(|i| format!("{:x}", Self::count(profile, i)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::index::{binomial, next_set};

    fn slicing() -> (Geometry, Slicing) {
        let rules = "assault".parse().expect("rules");
        let geometry = Geometry::new(&rules).expect("geometry");
        let slicing = Slicing::new(&geometry).expect("slicing");
        (geometry, slicing)
    }

    #[test]
    fn every_set_has_one_place_and_its_image_the_same() {
        let (geometry, slicing) = slicing();
        for size in [3u32, 5] {
            let mut kept = 0;
            let mut set = (1u64 << size) - 1;
            let mut count = 0;
            loop {
                let (index, mirrored) = slicing.locate(set);
                let profile = slicing.profile(set);
                assert!(index < slicing.sets(profile));
                let image = geometry.mirror_set(set);
                assert_eq!(slicing.locate(image).0, index);
                let shown = if mirrored { image } else { set };
                assert_eq!(
                    slicing.decode(profile, &slicing.layout(profile), index),
                    shown
                );
                assert_eq!(
                    slicing.layout(profile).symmetric().contains(&index),
                    image == set,
                    "{set:x}"
                );
                kept += u64::from(!mirrored);
                count += 1;
                match next_set(set, geometry.len()) {
                    Some(next) => set = next,
                    None => break,
                }
            }
            assert_eq!(count, binomial(33, size));
            for a in 0..=31 {
                for p in slicing.profiles(a) {
                    assert_eq!(slicing.layout(p).sets(), slicing.sets(p), "{p:x}");
                }
            }
            let slices: u64 = slicing
                .profiles(size)
                .iter()
                .map(|&p| slicing.sets(p))
                .sum();
            assert_eq!(slices, kept);
        }
    }

    #[test]
    fn a_step_lowers_the_key_and_is_placed_from_its_set() {
        let (geometry, slicing) = slicing();
        let set = 0b1011_0110_0000_0000_0000_0000_0000_0111u64;
        for p in bits(set) {
            for q in bits(geometry.steps[p as usize] & !set) {
                let next = set ^ (1 << p) ^ (1 << q);
                let key = slicing.key(slicing.profile(next));
                assert!(key < slicing.key(slicing.profile(set)));
                assert_eq!(key, geometry.level(next));
                // The step's codes and profile, worked out from the set's,
                // are the next set's, and place it where `locate` does.
                let codes = slicing.codes(set);
                let (codes, profile) = slicing.step((codes, slicing.profile_of(&codes)), p, q);
                assert_eq!(codes, slicing.codes(next));
                assert_eq!(profile, slicing.profile(next));
                let layout = slicing.layout(profile);
                assert_eq!(slicing.index(codes, &layout), slicing.locate(next));
                assert_eq!(layout.sets(), slicing.sets(profile));
            }
        }
    }
}
