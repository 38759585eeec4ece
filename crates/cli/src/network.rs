//! `asalto train --network HIDDEN`: the evaluation's network
//! (`asalto_search::Network`) fitted atop the weighed features, which stay
//! as they are: the chance that the side to move wins is read as
//! σ((features + network) / K), and the network's numbers are moved by
//! Adam, 256 positions at a time, its step falling to nothing by the last pass, to lower the cross-entropy over the data
//! not held back. It learns in floating point and is then rounded to the
//! whole numbers the search adds up; the measures printed are the rounded
//! network's.

use asalto_search::Network;

use crate::examples::{Example, Score, loss, sigmoid};

/// Positions per step.
const BATCH: usize = 256;

/// Adam's first step size (it falls to nothing by the last pass).
const RATE: f32 = 0.003;

/// The output's scale: hundredths of an attacker per unit.
const SCALE: f32 = 100.0;

/// The network in floating point while it learns: hidden units' activations
/// in `[0, 1]`, the output in attackers.
struct Float {
    hidden: usize,
    /// The first layer, one row per input, then the hidden biases.
    first: Vec<f32>,
    /// The output's weights, then its bias.
    second: Vec<f32>,
}

impl Float {
    /// Each hidden unit's input sum for `e`.
    fn sums(&self, e: &Example, sums: &mut [f32]) {
        let bias = &self.first[self.first.len() - self.hidden..];
        sums.copy_from_slice(bias);
        for &i in &e.inputs {
            let row = &self.first[usize::from(i) * self.hidden..][..self.hidden];
            for (s, w) in sums.iter_mut().zip(row) {
                *s += w;
            }
        }
    }

    /// The output, in attackers for the attackers, from the sums.
    fn output(&self, sums: &[f32]) -> f32 {
        let (weights, bias) = self.second.split_at(self.hidden);
        bias[0]
            + sums
                .iter()
                .zip(weights)
                .map(|(s, w)| s.clamp(0.0, 1.0) * w)
                .sum::<f32>()
    }
}

/// A small random number generator (xorshift), so that a fit repeats.
/// Not `asalto_core::dense::Rng`: the committed network was fitted with
/// this one, and `scripts/train.sh` must make it again.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in `[-half, half]`.
    fn spread(&mut self, half: f32) -> f32 {
        ((self.next() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * half
    }
}

/// Adam's moments for one array of numbers.
struct Moments {
    m: Vec<f32>,
    v: Vec<f32>,
}

impl Moments {
    fn new(n: usize) -> Moments {
        Moments {
            m: vec![0.0; n],
            v: vec![0.0; n],
        }
    }

    /// One step of `params` along the mean gradient `g` (cleared after),
    /// `rate` Adam's step size.
    fn step(&mut self, params: &mut [f32], g: &mut [f32], t: i32, n: f32, rate: f32) {
        let (b1, b2) = (0.9f32, 0.999f32);
        let (c1, c2) = (1.0 - b1.powi(t), 1.0 - b2.powi(t));
        for (((p, g), m), v) in params
            .iter_mut()
            .zip(g.iter_mut())
            .zip(&mut self.m)
            .zip(&mut self.v)
        {
            let gi = *g / n;
            *m = b1 * *m + (1.0 - b1) * gi;
            *v = b2 * *v + (1.0 - b2) * gi * gi;
            *p -= rate * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
            *g = 0.0;
        }
    }
}

/// The network fitted to the examples not held back atop `features` (each
/// example's weighed features, signed for its side to move), for a board
/// of `points` points, `epochs` passes over the data; it prints the
/// held-back loss after each pass. It judges positions with up to as many
/// attackers as the examples have, or `judges` where that is more; an
/// error where its sums could outgrow the search's 16 bits.
pub(crate) fn fit(
    examples: &[Example],
    features: Score,
    k: f64,
    hidden: usize,
    points: usize,
    judges: usize,
    epochs: usize,
) -> Result<Network, String> {
    let inputs = 2 * points + 1;
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut net = Float {
        hidden,
        first: (0..(inputs + 1) * hidden)
            .map(|_| rng.spread(0.1))
            .collect(),
        second: (0..=hidden).map(|_| rng.spread(0.1)).collect(),
    };
    let bias = inputs * hidden;
    net.first[bias..].fill(0.0);
    net.second[hidden] = 0.0;
    let train: Vec<&Example> = examples.iter().filter(|e| !e.held_back).collect();
    let most = examples
        .iter()
        .map(|e| e.attackers as usize)
        .max()
        .unwrap_or(0)
        .max(judges);
    let base: Vec<f32> = train.iter().map(|e| features(e) as f32).collect();
    let (mut g1, mut g2) = (vec![0.0; net.first.len()], vec![0.0; net.second.len()]);
    let (mut m1, mut m2) = (Moments::new(g1.len()), Moments::new(g2.len()));
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut sums = vec![0.0; hidden];
    let k = k as f32;
    let steps = epochs * train.len().div_ceil(BATCH);
    let mut t = 0;
    for pass in 1..=epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, (rng.next() % (i as u64 + 1)) as usize);
        }
        for batch in order.chunks(BATCH) {
            for &j in batch {
                let e = train[j];
                net.sums(e, &mut sums);
                let z = (base[j] + e.sign as f32 * SCALE * net.output(&sums)) / k;
                // The loss's slope along the output, in attackers.
                let d = (sigmoid(f64::from(z)) - e.y) as f32 * e.sign as f32 * SCALE / k;
                for (u, &s) in sums.iter().enumerate() {
                    g2[u] += d * s.clamp(0.0, 1.0);
                    if s > 0.0 && s < 1.0 {
                        let gu = d * net.second[u];
                        g1[bias + u] += gu;
                        for &i in &e.inputs {
                            g1[usize::from(i) * hidden + u] += gu;
                        }
                    }
                }
                g2[hidden] += d;
            }
            t += 1;
            let n = batch.len() as f32;
            // The step shrinks to nothing over the passes.
            let rate = RATE * (1.0 - t as f32 / steps as f32).max(0.0);
            m1.step(&mut net.first, &mut g1, t, n, rate);
            m2.step(&mut net.second, &mut g2, t, n, rate);
        }
        match round(&net, points, most) {
            Ok(rounded) => {
                let (held, m) = loss(
                    examples,
                    &|e| features(e) + e.sign * f64::from(output(&rounded, e)),
                    f64::from(k),
                    &|e| e.held_back,
                );
                println!("  pass {pass}: held-back loss {held:.4} ({m})");
            }
            Err(e) => println!("  pass {pass}: {e}"),
        }
    }
    round(&net, points, most)
}

/// The network in the search's whole numbers; an error where its sums
/// could outgrow the search's 16 bits.
fn round(net: &Float, points: usize, most: usize) -> Result<Network, String> {
    let hidden = net.hidden;
    let one = Network::ONE as f32;
    let whole = |v: f32, by: f32| (v * by).round() as i32;
    let split = net.first.len() - hidden;
    let rows = net.first[..split].iter().map(|&w| whole(w, one)).collect();
    let bias = net.first[split..].iter().map(|&w| whole(w, one)).collect();
    let mut out = vec![whole(net.second[hidden], SCALE)];
    out.extend(net.second[..hidden].iter().map(|&w| whole(w, SCALE)));
    Network::new(points, most, bias, out, rows).map_err(|e| e.to_string())
}

/// The rounded network's output for an example, in hundredths of an
/// attacker for the attackers (0 where it does not judge).
pub(crate) fn output(net: &Network, e: &Example) -> i32 {
    if e.attackers as usize > net.attackers() {
        return 0;
    }
    net.output(e.inputs.iter().map(|&i| usize::from(i)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_keeps_the_float_networks_output() {
        let mut rng = Rng(7);
        let (points, hidden) = (3, 4);
        let net = Float {
            hidden,
            first: (0..(2 * points + 2) * hidden)
                .map(|_| rng.spread(0.5))
                .collect(),
            second: (0..=hidden).map(|_| rng.spread(2.0)).collect(),
        };
        let rounded = round(&net, points, 9).expect("small numbers");
        let e = Example::for_inputs(vec![0, 4, 6]);
        let mut sums = vec![0.0; hidden];
        net.sums(&e, &mut sums);
        let float = SCALE * net.output(&sums);
        let whole = output(&rounded, &e) as f32;
        assert!((float - whole).abs() <= 2.0, "{float} against {whole}");
    }
}
