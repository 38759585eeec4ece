//! Perft for every preset, from `data/perft.txt`.

use asalto_core::{Position, Rules, perft};

struct Case {
    slow: bool,
    rules: String,
    depth: u32,
    nodes: u64,
}

fn cases() -> Vec<Case> {
    include_str!("data/perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let (slow, line) = match line.strip_prefix("slow ") {
                Some(rest) => (true, rest),
                None => (false, line),
            };
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [rules, depth, nodes] = fields[..] else {
                panic!("bad perft line: {line}")
            };
            Case {
                slow,
                rules: rules.to_owned(),
                depth: depth.parse().expect("depth"),
                nodes: nodes.parse().expect("nodes"),
            }
        })
        .collect()
}

fn check(slow: bool) {
    let mut failures = Vec::new();
    for case in cases().into_iter().filter(|c| c.slow == slow) {
        let rules: Rules = case.rules.parse().expect("rule set");
        let start = Position::new(&rules).expect("playable");
        let got = perft(&start, case.depth);
        if got != case.nodes {
            failures.push(format!(
                "{} {}: got {got}, expected {}",
                case.rules, case.depth, case.nodes
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}

#[test]
fn perft_matches_the_rules_contract() {
    check(false);
}

#[test]
#[ignore = "slow: run with --release -- --ignored"]
fn deep_perft_matches_the_rules_contract() {
    check(true);
}

#[test]
fn every_preset_is_covered() {
    let cases = cases();
    for &preset in asalto_core::Preset::ALL {
        assert!(
            cases.iter().any(|c| c.rules == preset.name()),
            "{preset} has no perft line"
        );
    }
}
