//! The positions the evaluation learns from (`asalto train`): each one's
//! features and network inputs under the weights it starts from, its
//! label, and the loss of a score over them, shared by the fit of the
//! features' weights (`crate::train`) and of the network (`crate::network`).

use asalto_core::{Position, Side};
use asalto_search::Eval;

use crate::labelled::Label;

/// One position's features, signed for its side to move, and its label.
pub(crate) struct Example {
    /// The features less the start's, signed for the side to move.
    pub(crate) x: Vec<f64>,
    /// The network's inputs that are on (see `asalto_search::Network`).
    pub(crate) inputs: Vec<u16>,
    /// 1 when the attackers move, else −1.
    pub(crate) sign: f64,
    /// The given weights' network's output, signed for the side to move.
    pub(crate) net: f64,
    /// What the side to move scored: 1, ½ or 0.
    pub(crate) y: f64,
    /// Whether it is only measured, not learned from.
    pub(crate) held_back: bool,
    /// Which file it came from.
    pub(crate) source: usize,
    /// Its attacker count.
    pub(crate) attackers: u32,
}

/// Whether the evaluation may judge `pos` as it stands: no capture is
/// waiting for its side to move (the search plays those out first).
pub(crate) fn quiet(pos: &Position) -> bool {
    pos.outcome().is_none() && (pos.turn() != Side::Defender || pos.threatened().is_empty())
}

/// The example `pos` makes under `eval`, labelled `label`, from file
/// `source`.
pub(crate) fn example(
    eval: &Eval,
    pos: &Position,
    label: Label,
    source: usize,
    held_back: bool,
) -> Example {
    let own = pos.count_legal_moves();
    let f = eval.features(pos, own);
    let sign = if pos.turn() == Side::Attacker {
        1.0
    } else {
        -1.0
    };
    Example {
        x: f.iter()
            .zip(eval.start())
            .map(|(f, s)| sign * f64::from(f - s))
            .collect(),
        inputs: eval.inputs(pos).map(|i| i as u16).collect(),
        sign,
        net: sign * f64::from(eval.network(pos)),
        y: label.points(),
        held_back,
        source,
        attackers: pos.attackers().len() as u32,
    }
}

#[cfg(test)]
impl Example {
    /// An example with only its network inputs (the attackers to move).
    pub(crate) fn for_inputs(inputs: Vec<u16>) -> Example {
        Example {
            x: Vec::new(),
            inputs,
            sign: 1.0,
            net: 0.0,
            y: 1.0,
            held_back: false,
            source: 0,
            attackers: 0,
        }
    }
}

/// The logistic function.
pub(crate) fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// How a score is read for an example.
pub(crate) type Score<'a> = &'a dyn Fn(&Example) -> f64;

/// Mean cross-entropy of `score` over the examples `pick` keeps.
pub(crate) fn loss(
    examples: &[Example],
    score: Score,
    k: f64,
    pick: &dyn Fn(&Example) -> bool,
) -> (f64, usize) {
    let (mut sum, mut n) = (0.0, 0);
    for e in examples.iter().filter(|e| pick(e)) {
        let p = sigmoid(score(e) / k).clamp(1e-9, 1.0 - 1e-9);
        sum -= e.y * p.ln() + (1.0 - e.y) * (1.0 - p).ln();
        n += 1;
    }
    (sum / n.max(1) as f64, n)
}
