//! `asalto train`: the evaluation's weights fitted to labelled positions
//! (see [`crate::labelled`]) by logistic regression, as in Texel tuning:
//! the chance that the side to move wins is read as σ(score / K), `K`
//! fitted first to the weights the data starts from, then every weight
//! moved by Adam to lower the cross-entropy over the data. A weight keeps
//! the sign it starts with (an attacker is worth something, a walled
//! officer is good for the attackers), so that the search's meaning of
//! each term holds; only weights that start at zero may take either. One
//! line in ten (by a hash of its text) is held back and only measured.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::Arc;

use asalto_core::Rules;
use asalto_search::{Eval, FEATURES, Weights};

use crate::examples::{Example, Score, example, loss, quiet, sigmoid};
use crate::labelled;
use crate::network;

/// How far weights may move from where they start, in each step's units.
const RATE: f64 = 0.5;

/// The first words of the lines a weights file says of its network with.
const NETWORK_HEADER: &str = "# The network";

/// `asalto train`: the evaluation's weights fitted to labelled positions.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Files of labelled positions.
    #[arg(required = true)]
    files: Vec<String>,
    /// The weights to start from (the crate's learned ones by default).
    #[arg(long)]
    weights: Option<String>,
    /// Where to write the fitted weights (standard output by default).
    #[arg(long)]
    out: Option<String>,
    /// Passes over the data (400 for the weights, 30 for a network).
    #[arg(long)]
    epochs: Option<usize>,
    /// Fit a network of this many hidden units atop the weights.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    network: Option<u64>,
    /// The most attackers the network judges (every position by default).
    #[arg(long, requires = "network")]
    judges: Option<usize>,
    /// Only measure the weights on the data.
    #[arg(long)]
    evaluate: bool,
}

/// Fits and prints (or writes) the weights, or measures them.
pub(crate) fn run(args: Args) -> Result<(), String> {
    let evaluate = args.evaluate;
    let hidden = args.network;
    let start = crate::options::weights(args.weights.as_deref())?.unwrap_or_else(Weights::learned);
    let (examples, summary, sizes) = read(&args.files, &start)?;
    println!("{summary}");
    if examples.is_empty() {
        return Err("no quiet positions to learn from".to_owned());
    }
    let w0: Vec<f64> = start.terms.iter().map(|&w| f64::from(w)).collect();
    let k = fit_k(&examples, &w0);
    println!("K = {k:.1} (σ(score / K) is the side to move's chance)");
    let files = &args.files;
    report(
        "the weights given",
        &examples,
        &|e| linear(&w0, e),
        k,
        files,
        evaluate,
    );
    println!("{}", named(&w0));
    if evaluate {
        return Ok(());
    }
    let mut learned = start.clone();
    let mut text = String::new();
    let data = |text: &mut String| {
        for line in summary.lines() {
            let _ = writeln!(text, "#   {}", line.rsplit('/').next().unwrap_or(line));
        }
    };
    if let Some(hidden) = hidden {
        // The features' weights stay, and so does what their file says of
        // them (not of a network it had: this one takes its place).
        if let Some(path) = args.weights.as_deref() {
            let given = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            for line in given
                .lines()
                .take_while(|l| l.starts_with('#') && !l.starts_with(NETWORK_HEADER))
            {
                let _ = writeln!(text, "{line}");
            }
        }
        let [points] = sizes[..] else {
            return Err("a network learns from one board's positions".to_owned());
        };
        let epochs = args.epochs.unwrap_or(30);
        let features = |e: &Example| linear(&w0, e) - e.net;
        let judges = args.judges.unwrap_or(0);
        if judges > points {
            return Err(format!(
                "--judges takes at most {points} attackers (the board's points)"
            ));
        }
        let net = network::fit(
            &examples,
            &features,
            k,
            hidden as usize,
            points,
            judges,
            epochs,
        )?;
        let with_net = |e: &Example| features(e) + e.sign * f64::from(network::output(&net, e));
        report("the network learned", &examples, &with_net, k, files, false);
        let _ = writeln!(
            text,
            "{NETWORK_HEADER} ({hidden} hidden units, {epochs} passes), fitted atop these\n# features' weights to {} quiet positions:",
            examples.len()
        );
        data(&mut text);
        learned.network = Some(Arc::new(net));
    } else {
        let _ = writeln!(
            text,
            "# The evaluation's weights (hundredths of an attacker, attackers' view),\n# fitted by asalto train (scripts/train.sh makes the data) to {} quiet\n# positions, K = {k:.1}:",
            examples.len()
        );
        data(&mut text);
        let epochs = args.epochs.unwrap_or(400);
        let w = adam(&examples, &w0, k, epochs);
        let rounded: Vec<f64> = w.iter().map(|v| v.round()).collect();
        report(
            "the weights learned",
            &examples,
            &|e| linear(&rounded, e),
            k,
            files,
            false,
        );
        println!("{}", named(&rounded));
        for (l, v) in learned.terms.iter_mut().zip(&rounded) {
            *l = *v as i32;
        }
    }
    text.push_str(&learned.to_string());
    match args.out.as_deref() {
        Some(path) => {
            std::fs::write(path, &text).map_err(|e| format!("{path}: {e}"))?;
            println!("weights written to {path}");
        }
        None => print!("{text}"),
    }
    Ok(())
}

/// The quiet positions of `files` with their features under `weights`'
/// evaluation, a line on what was read, and the sizes of its boards.
fn read(files: &[String], weights: &Weights) -> Result<(Vec<Example>, String, Vec<usize>), String> {
    let mut evals: HashMap<Rules, Eval> = HashMap::new();
    let mut examples = Vec::new();
    let mut summary = String::new();
    for (source, path) in files.iter().enumerate() {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        let (mut kept, mut noisy) = (0, 0);
        for (n, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let (rules, pos, label) =
                labelled::parse(line).map_err(|e| format!("{path}:{}: {e}", n + 1))?;
            let eval = evals
                .entry(Eval::judged_as(&rules))
                .or_insert_with(|| Eval::with_weights(&rules, weights.clone()));
            if !quiet(&pos) {
                noisy += 1;
                continue;
            }
            examples.push(example(
                eval,
                &pos,
                label,
                source,
                hash(line).is_multiple_of(10),
            ));
            kept += 1;
        }
        let _ = writeln!(
            summary,
            "{path}: {kept} quiet positions ({noisy} with a capture to make left out), FNV-1a {:016x}",
            hash(&text)
        );
    }
    let mut sizes: Vec<usize> = evals.values().map(Eval::points).collect();
    sizes.sort_unstable();
    sizes.dedup();
    Ok((examples, summary.trim_end().to_owned(), sizes))
}

/// The score of weights `w` for an example, signed for its side to move:
/// the weighed features and the given network's output.
fn linear(w: &[f64], e: &Example) -> f64 {
    w.iter().zip(&e.x).map(|(w, x)| w * x).sum::<f64>() + e.net
}

/// The K that fits `w` best on the data not held back.
fn fit_k(examples: &[Example], w: &[f64]) -> f64 {
    let f = |k: f64| loss(examples, &|e| linear(w, e), k, &|e| !e.held_back).0;
    let (mut lo, mut hi) = (10.0f64, 5000.0f64);
    for _ in 0..60 {
        let (a, b) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
        if f(a) < f(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Full-batch Adam from `w0` over the data not held back.
fn adam(examples: &[Example], w0: &[f64], k: f64, epochs: usize) -> Vec<f64> {
    let n = w0.len();
    let (mut w, mut m, mut v) = (w0.to_vec(), vec![0.0; n], vec![0.0; n]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-12);
    let train: Vec<&Example> = examples.iter().filter(|e| !e.held_back).collect();
    for t in 1..=epochs {
        let mut g = vec![0.0; n];
        for e in &train {
            let d = (sigmoid(linear(&w, e) / k) - e.y) / k;
            for (g, x) in g.iter_mut().zip(&e.x) {
                *g += d * x;
            }
        }
        for i in 0..n {
            let gi = g[i] / train.len() as f64;
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
            let (mh, vh) = (
                m[i] / (1.0 - b1.powi(t as i32)),
                v[i] / (1.0 - b2.powi(t as i32)),
            );
            w[i] -= RATE * mh / (vh.sqrt() + eps);
            if w0[i] != 0.0 && w[i] * w0[i] < 0.0 {
                w[i] = 0.0;
            }
        }
    }
    w
}

/// The losses of `score` on the examples learned from and held back, and
/// how often its sign is right, per file and per attacker count: of the
/// positions held back, or with `all` (weights only measured) of every one.
fn report(title: &str, examples: &[Example], score: Score, k: f64, files: &[String], all: bool) {
    let (train, n) = loss(examples, score, k, &|e| !e.held_back);
    let (held, m) = loss(examples, score, k, &|e| e.held_back);
    println!("{title}: loss {train:.4} on {n} positions learned from, {held:.4} on {m} held back");
    let agree = |pick: &dyn Fn(&Example) -> bool| {
        let decided: Vec<&Example> = examples.iter().filter(|e| e.y != 0.5 && pick(e)).collect();
        let right = decided
            .iter()
            .filter(|e| (score(e) > 0.0) == (e.y > 0.5))
            .count();
        (right, decided.len())
    };
    for (i, file) in files.iter().enumerate() {
        let (held, m) = loss(examples, score, k, &|e| e.held_back && e.source == i);
        let (right, all) = agree(&|e| e.held_back && e.source == i);
        println!(
            "  {file}: held-back loss {held:.4} ({m}), sign right on {right} of {all} won or lost ({:.1} %)",
            100.0 * right as f64 / all.max(1) as f64
        );
    }
    let mut counts: Vec<u32> = examples.iter().map(|e| e.attackers).collect();
    counts.sort_unstable();
    counts.dedup();
    let line: Vec<String> = counts
        .iter()
        .map(|&a| {
            let (right, n) = agree(&|e| (all || e.held_back) && e.attackers == a);
            format!(
                "{a}: {right} of {n} ({:.1} %)",
                100.0 * right as f64 / n.max(1) as f64
            )
        })
        .filter(|l| !l.contains(" of 0 "))
        .collect();
    let which = if all { "all" } else { "held back" };
    println!(
        "  sign right by attackers left ({which}): {}",
        line.join(", ")
    );
}

/// The weights' line `report` prints after the measures.
fn named(w: &[f64]) -> String {
    let named: Vec<String> = FEATURES
        .iter()
        .zip(w)
        .map(|(f, w)| format!("{f} {w:.0}"))
        .collect();
    format!("  {}", named.join(", "))
}

/// FNV-1a of `text`.
fn hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}
