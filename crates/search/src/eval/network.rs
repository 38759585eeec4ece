//! A small network that corrects the weighed features: one hidden layer
//! of clipped ReLUs over which points the attackers and officers stand on
//! and who is to move, in whole numbers (NNUE's arithmetic: the search
//! keeps the hidden units' sums a ply at a time and changes only the rows
//! of the inputs a move changes). It adds to the score what one
//! number per feature cannot see (tier 16 of `assault`'s tables: the sign
//! right on 83 % of positions with the features alone; docs/MEASUREMENTS.md).
//!
//! It judges only positions with at most its `ATTACKERS` attackers (as
//! many as it learned from, or more where `asalto train --judges` says);
//! above that the features alone score.
//!
//! Its file form follows the features' lines of a weights file:
//!
//! ```text
//! network POINTS HIDDEN ATTACKERS
//! bias B1_1 … B1_HIDDEN
//! out B2 W2_1 … W2_HIDDEN
//! a1 W … (one line per input, HIDDEN numbers: the attackers' points in
//!         the board's order, then the officers', then `move`, the
//!         attackers to move)
//! ```
//!
//! A hidden unit is `clamp(bias + Σ inputs' rows, 0, ONE)`; the output,
//! in hundredths of an attacker for the attackers, is
//! `B2 + Σ unit · W2 / ONE`. The sums and the weights are 16-bit numbers
//! (a file whose sums could outgrow them is refused), so that vector
//! instructions take eight at a time, natively and in WebAssembly SIMD;
//! WebAssembly without SIMD adds them four at a time in 64-bit words.

use std::fmt;

/// A hidden unit's full activation: the first layer's numbers are in
/// 256ths.
const ONE: i32 = Network::ONE;

/// Hidden units are padded to a multiple of this (rows of whole vectors).
const BLOCK: usize = 16;

/// Whether [`Network::step`] adds four sums in one 64-bit word: in
/// WebAssembly without SIMD, where the compiler has no vectors to add
/// sixteen-bit numbers eight at a time.
const WORDWISE: bool = cfg!(all(target_arch = "wasm32", not(target_feature = "simd128")));

/// Each sixteen-bit field's top bit.
const SIGNS: u64 = 0x8000_8000_8000_8000;

/// Four sixteen-bit numbers `v₀ … v₃` as one word `Σ (vⱼ + 2¹⁵) · 2¹⁶ʲ`:
/// each field holds its number offset to be never negative, so adding
/// to the word the whole number `Σ rⱼ · 2¹⁶ʲ` (a row's word, [`SIGNS`]
/// taken away) adds each `rⱼ` to its field, whatever the signs, as long
/// as the sums end within sixteen bits ([`Network::new`]); the fields on
/// the way may wrap, as the arithmetic is exact modulo 2⁶⁴.
fn word(v: &[i16]) -> u64 {
    let fields = (v.iter().rev()).fold(0, |w, &n| w << 16 | u64::from(n as u16));
    fields ^ SIGNS
}

/// The four numbers of a [`word`], written into `v`.
fn unword(w: u64, v: &mut [i16]) {
    let fields = w ^ SIGNS;
    for (j, n) in v.iter_mut().enumerate() {
        *n = (fields >> (16 * j)) as i16;
    }
}

/// The most hidden units a network may have.
const MAX_HIDDEN: usize = 256;

/// The largest number a network file may hold.
const LIMIT: i32 = 1 << 20;

/// The network: its numbers, row by row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Network {
    /// How many points the board it was trained on has.
    points: usize,
    /// The most attackers of a position it judges.
    attackers: usize,
    /// Hidden units.
    hidden: usize,
    /// Hidden units padded to whole blocks ([`BLOCK`]): the length of a row.
    stride: usize,
    /// The hidden units' biases (padded).
    bias: Vec<i16>,
    /// The output's bias.
    out_bias: i32,
    /// The output's weight of each hidden unit (padded).
    out: Vec<i16>,
    /// One row of `stride` numbers per input (`2 · points + 1`).
    rows: Vec<i16>,
    /// The same rows four numbers to a word ([`word`]).
    words: Vec<u64>,
}

/// Numbers a network cannot take: what the search's 16-bit sums could not
/// hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NetworkError {
    /// A count of hidden units outside 1 to [`MAX_HIDDEN`].
    Hidden(usize),
    /// A hidden unit (from 1) whose sum could reach `most`.
    Sum {
        /// The unit, from 1.
        unit: usize,
        /// The largest sum its numbers allow.
        most: i32,
    },
    /// A hidden unit (from 1) whose output weight is too large.
    Output {
        /// The unit, from 1.
        unit: usize,
        /// Its weight.
        weight: i32,
    },
}

impl std::fmt::Display for NetworkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NetworkError::Hidden(n) => {
                write!(f, "{n} hidden units: a network has 1 to {MAX_HIDDEN}")
            }
            NetworkError::Sum { unit, most } => write!(
                f,
                "hidden unit {unit} could sum to {most}, past the {} that the search's sums hold",
                i16::MAX
            ),
            NetworkError::Output { unit, weight } => write!(
                f,
                "hidden unit {unit}'s output weight {weight} is past the {} that the search's weights hold",
                i16::MAX
            ),
        }
    }
}

impl std::error::Error for NetworkError {}

impl Network {
    /// A hidden unit's full activation: the first layer's numbers are in
    /// 256ths of it.
    pub const ONE: i32 = 256;

    /// A network from its numbers: `bias` (`hidden`), `out` (`hidden + 1`,
    /// the output's bias first) and `rows` (`(2 · points + 1) · hidden`),
    /// for positions with at most `attackers` attackers. An error where a
    /// hidden unit's sum could pass what 16 bits hold (its bias, the larger
    /// of each point's two rows and the move's row, all of one sign), or
    /// an output weight does.
    pub fn new(
        points: usize,
        attackers: usize,
        bias: Vec<i32>,
        out: Vec<i32>,
        rows: Vec<i32>,
    ) -> Result<Network, NetworkError> {
        let hidden = bias.len();
        if !(1..=MAX_HIDDEN).contains(&hidden) {
            return Err(NetworkError::Hidden(hidden));
        }
        assert_eq!(out.len(), hidden + 1, "one output weight per hidden unit");
        assert_eq!(rows.len(), (2 * points + 1) * hidden, "one row per input");
        for (unit, b) in bias.iter().enumerate() {
            let row = |input: usize| rows[input * hidden + unit].abs();
            let most = b.abs()
                + (0..points)
                    .map(|p| row(p).max(row(points + p)))
                    .sum::<i32>()
                + row(2 * points);
            if most > i32::from(i16::MAX) {
                return Err(NetworkError::Sum {
                    unit: unit + 1,
                    most,
                });
            }
        }
        if let Some((unit, w)) =
            (out[1..].iter().enumerate()).find(|(_, w)| w.abs() > i32::from(i16::MAX))
        {
            return Err(NetworkError::Output {
                unit: unit + 1,
                weight: *w,
            });
        }
        // Padded to whole blocks with units that weigh nothing; every
        // number now fits 16 bits.
        let stride = hidden.div_ceil(BLOCK) * BLOCK;
        let narrow = |v: &[i32]| {
            let mut v: Vec<i16> = v.iter().map(|&n| n as i16).collect();
            v.resize(stride, 0);
            v
        };
        let rows: Vec<i16> = rows.chunks(hidden).flat_map(narrow).collect();
        let out_bias = out[0];
        let out = narrow(&out[1..]);
        Ok(Network {
            points,
            attackers,
            hidden,
            stride,
            bias: narrow(&bias),
            out_bias,
            words: rows
                .chunks_exact(4)
                .map(|q| word(q).wrapping_sub(SIGNS))
                .collect(),
            rows,
            out,
        })
    }

    /// How many points the board it was trained on has.
    pub fn points(&self) -> usize {
        self.points
    }

    /// The most attackers of a position it judges.
    pub fn attackers(&self) -> usize {
        self.attackers
    }

    /// Its output, in hundredths of an attacker for the attackers, given
    /// the inputs that are on (each below `2 · points + 1`; at most one a
    /// point and the move, as in a position).
    pub fn output(&self, on: impl Iterator<Item = usize>) -> i32 {
        let mut units = Vec::new();
        self.accumulate(on, &mut units);
        self.output_of(&units)
    }

    /// The hidden units' sums before clipping for the inputs that are on,
    /// written into `units`: the search keeps them a ply at a time and
    /// changes only the rows a move changes ([`Network::step`]).
    pub fn accumulate(&self, on: impl Iterator<Item = usize>, units: &mut Vec<i16>) {
        units.clear();
        units.extend_from_slice(&self.bias);
        for input in on {
            let row = &self.rows[input * self.stride..(input + 1) * self.stride];
            units.iter_mut().zip(row).for_each(|(u, w)| *u += w);
        }
    }

    /// The sums `units` of a position a move after the one whose sums are
    /// `parent`: `parent` with the rows of the inputs `on` added and those
    /// of `off` taken away. A position's sums fit 16 bits
    /// ([`Network::new`]), and so do those on the way: the rows added
    /// first are of points `parent` leaves empty.
    pub fn step(&self, parent: &[i16], units: &mut [i16], on: &[u16], off: &[u16]) {
        if WORDWISE {
            self.step_words(parent, units, on, off);
        } else {
            self.step_lanes(parent, units, on, off);
        }
    }

    /// [`Network::step`] a word of four sums at a time ([`word`]): one
    /// addition a row and word, where vector instructions are not at hand.
    fn step_words(&self, parent: &[i16], units: &mut [i16], on: &[u16], off: &[u16]) {
        let words = self.stride / 4;
        let mut sums = [0; MAX_HIDDEN / 4];
        let sums = &mut sums[..words];
        let row = |input: u16| {
            let at = usize::from(input) * words;
            &self.words[at..at + words]
        };
        for (w, four) in sums.iter_mut().zip(parent.chunks_exact(4)) {
            *w = word(four);
        }
        for &input in on {
            sums.iter_mut()
                .zip(row(input))
                .for_each(|(w, r)| *w = w.wrapping_add(*r));
        }
        for &input in off {
            sums.iter_mut()
                .zip(row(input))
                .for_each(|(w, r)| *w = w.wrapping_sub(*r));
        }
        for (w, four) in sums.iter().zip(units.chunks_exact_mut(4)) {
            unword(*w, four);
        }
    }

    /// [`Network::step`] a number at a time, for the compiler to make
    /// vectors of.
    fn step_lanes(&self, parent: &[i16], units: &mut [i16], on: &[u16], off: &[u16]) {
        units.copy_from_slice(parent);
        let row = |input: u16| {
            let at = usize::from(input) * self.stride;
            &self.rows[at..at + self.stride]
        };
        for &input in on {
            units.iter_mut().zip(row(input)).for_each(|(u, w)| *u += w);
        }
        for &input in off {
            units.iter_mut().zip(row(input)).for_each(|(u, w)| *u -= w);
        }
    }

    /// The output for the hidden units' sums (from
    /// [`Network::accumulate`] and [`Network::step`]).
    pub fn output_of(&self, units: &[i16]) -> i32 {
        let sum: i32 = units
            .iter()
            .zip(&self.out)
            .map(|(u, w)| i32::from((*u).clamp(0, ONE as i16)) * i32::from(*w))
            .sum();
        self.out_bias + sum / ONE
    }

    /// Reads the lines after a weights file's features: `head` is the
    /// `network POINTS HIDDEN ATTACKERS` line, `lines` yields the next ones, each
    /// with its index in the file; errors name the line.
    pub(crate) fn parse<'a>(
        (at, head): (usize, &str),
        lines: &mut impl Iterator<Item = (usize, &'a str)>,
    ) -> Result<Network, String> {
        let sizes: Option<Vec<usize>> = head
            .split_whitespace()
            .skip(1)
            .map(|w| w.parse().ok())
            .collect();
        let Some([points, hidden, attackers]) = sizes
            .as_deref()
            .and_then(|s| <[usize; 3]>::try_from(s).ok())
        else {
            return Err(format!(
                "line {}: expected 'network POINTS HIDDEN ATTACKERS'",
                at + 1
            ));
        };
        if !(1..=128).contains(&points) || !(1..=MAX_HIDDEN).contains(&hidden) {
            return Err(format!(
                "line {}: a network has 1 to 128 points and 1 to {MAX_HIDDEN} hidden units",
                at + 1
            ));
        }
        let mut row = |label: &str, len: usize| -> Result<Vec<i32>, String> {
            let (n, line) = lines
                .next()
                .ok_or_else(|| format!("the network ends before its '{label}' line"))?;
            let mut words = line.split_whitespace();
            if words.next() != Some(label) {
                return Err(format!(
                    "line {}: expected the network's '{label}' line",
                    n + 1
                ));
            }
            let numbers: Vec<i32> = words
                .map(|w| w.parse().ok().filter(|v: &i32| v.abs() <= LIMIT))
                .collect::<Option<_>>()
                .ok_or_else(|| format!("line {}: numbers up to {LIMIT} expected", n + 1))?;
            if numbers.len() != len {
                return Err(format!("line {}: {len} numbers expected", n + 1));
            }
            Ok(numbers)
        };
        let bias = row("bias", hidden)?;
        let out = row("out", hidden + 1)?;
        let mut rows = Vec::with_capacity((2 * points + 1) * hidden);
        for input in 0..=2 * points {
            rows.extend(row(&input_label(input, points), hidden)?);
        }
        Network::new(points, attackers, bias, out, rows)
            .map_err(|e| e.to_string())
            .map_err(|e| format!("line {}: {e}", at + 1))
    }
}

/// The label of input `input` in the file: `a3` is the attackers' third
/// point, `d3` the officers', `move` the attackers to move.
fn input_label(input: usize, points: usize) -> String {
    if input < points {
        format!("a{}", input + 1)
    } else if input < 2 * points {
        format!("d{}", input - points + 1)
    } else {
        "move".to_owned()
    }
}

impl fmt::Display for Network {
    /// The file form that a weights file ends with (see the module docs).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = |f: &mut fmt::Formatter<'_>, label: &str, numbers: &[i32]| {
            write!(f, "{label}")?;
            for n in numbers {
                write!(f, " {n}")?;
            }
            writeln!(f)
        };
        writeln!(
            f,
            "network {} {} {}",
            self.points, self.hidden, self.attackers
        )?;
        let wide = |v: &[i16]| v.iter().map(|&n| i32::from(n)).collect::<Vec<_>>();
        line(f, "bias", &wide(&self.bias[..self.hidden]))?;
        let mut out = vec![self.out_bias];
        out.extend(wide(&self.out[..self.hidden]));
        line(f, "out", &out)?;
        for (input, row) in self.rows.chunks(self.stride).enumerate() {
            line(
                f,
                &input_label(input, self.points),
                &wide(&row[..self.hidden]),
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> Network {
        // Two points, two hidden units.
        Network::new(
            2,
            2,
            vec![0, ONE],
            vec![5, 100, -40],
            vec![ONE, 0, 0, 0, 0, -ONE / 2, 0, -ONE, ONE / 2, 0],
        )
        .expect("small numbers")
    }

    #[test]
    fn the_output_adds_the_rows_clips_and_weighs() {
        let net = tiny();
        // Nothing on: units 0 and 1 (clipped to ONE): 5 − 40.
        assert_eq!(net.output([].into_iter()), -35);
        // The attackers' first point: unit 0 full: 5 + 100 − 40.
        assert_eq!(net.output([0].into_iter()), 65);
        // The officers' first point halves unit 1: 5 − 20.
        assert_eq!(net.output([2].into_iter()), -15);
        // The officers' second and the move: unit 1 off, unit 0 half.
        assert_eq!(net.output([3, 4].into_iter()), 5 + 50);
    }

    #[test]
    fn sums_kept_row_by_row_give_the_same_output() {
        let net = tiny();
        let mut units = Vec::new();
        net.accumulate([3, 4].into_iter(), &mut units);
        assert_eq!(net.output_of(&units), net.output([3, 4].into_iter()));
        // The move's row taken away, the attackers' first point's added.
        let mut next = vec![0; units.len()];
        net.step(&units, &mut next, &[0], &[4]);
        assert_eq!(net.output_of(&next), net.output([0, 3].into_iter()));
    }

    #[test]
    fn a_word_of_four_sums_steps_as_four_numbers() {
        // Eight points, twenty hidden units (two blocks), rows of numbers
        // up to ±3,000 drawn by a fixed generator.
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut draw = |span: i32| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % (2 * span as u64 + 1)) as i32 - span
        };
        let bias: Vec<i32> = (0..20).map(|_| draw(3_000)).collect();
        let out: Vec<i32> = (0..21).map(|_| draw(500)).collect();
        let rows: Vec<i32> = (0..17 * 20).map(|_| draw(3_000)).collect();
        let net = Network::new(8, 8, bias, out, rows).expect("sums within 16 bits");
        let mut parent = Vec::new();
        net.accumulate([0, 3, 9, 16].into_iter(), &mut parent);
        let (mut lanes, mut words) = (vec![0; parent.len()], vec![0; parent.len()]);
        for (on, off) in [
            (&[1u16, 2][..], &[0u16, 16][..]),
            (&[4, 10, 16], &[3, 9]),
            (&[], &[0, 3, 9, 16]),
        ] {
            net.step_lanes(&parent, &mut lanes, on, off);
            net.step_words(&parent, &mut words, on, off);
            assert_eq!(lanes, words, "on {on:?}, off {off:?}");
        }
        let mut fresh = Vec::new();
        net.accumulate([].into_iter(), &mut fresh);
        assert_eq!(words[..net.hidden], fresh[..net.hidden]);
        // A sum on the way past sixteen bits: 20,000 twice, then 12,000
        // added and 20,000 taken away, ends at 32,000.
        let net = Network::new(
            2,
            2,
            vec![0],
            vec![0, 1],
            vec![20_000, 12_000, 20_000, 0, 0],
        )
        .expect("fits");
        net.accumulate([0].into_iter(), &mut parent);
        let mut next = vec![0; parent.len()];
        net.step_words(&parent, &mut next, &[2, 1], &[0]);
        assert_eq!(next[0], 32_000);
        let wide = Network::new(1, 1, vec![0; 257], vec![0; 258], vec![0; 3 * 257]);
        assert_eq!(wide.expect_err("too wide"), NetworkError::Hidden(257));
    }

    #[test]
    fn sums_that_could_pass_16_bits_are_refused() {
        // One unit, two points: 20,000 on either point's attacker row
        // could sum to 40,000; 20,000 and −12,767 to 32,767 at most.
        let net = |a2: i32| Network::new(2, 2, vec![0], vec![0, 1], vec![20_000, a2, 0, 0, 0]);
        assert_eq!(
            net(20_000).expect_err("too big"),
            NetworkError::Sum {
                unit: 1,
                most: 40_000
            }
        );
        let net = net(-12_767).expect("fits");
        let mut units = Vec::new();
        net.accumulate([0].into_iter(), &mut units);
        let mut next = vec![0; units.len()];
        net.step(&units, &mut next, &[1], &[0]);
        assert_eq!(next[0], -12_767);
        assert_eq!(units[0], 20_000);
    }

    #[test]
    fn the_file_form_reads_back_and_bad_lines_are_named() {
        let net = tiny();
        let text = net.to_string();
        let mut lines = text.lines().enumerate();
        let head = lines.next().expect("a head");
        assert_eq!(Network::parse(head, &mut lines), Ok(net));
        let err = |text: &str| {
            let mut lines = text.lines().enumerate();
            let head = lines.next().expect("a head");
            Network::parse(head, &mut lines).expect_err("refused")
        };
        assert!(err("network 2 2").contains("POINTS HIDDEN ATTACKERS"));
        assert!(err("network 2 0 2").contains("hidden units"));
        assert!(err(&text.replace("out 5", "out x")).contains("line 3"));
        assert!(err(&text.replace("\nmove 128 0\n", "\n")).contains("'move'"));
        assert!(err(&text.replace("bias 0 256", "bias 0 256 1")).contains("2 numbers"));
        assert!(err(&text.replace("a1 256", "a1 9999999")).contains("up to"));
    }
}
