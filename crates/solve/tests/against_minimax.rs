//! The solver against plain minimax: random endgame positions of
//! `assault`, `simplified` and `fuchs-und-henne`, both sides to move, whose
//! value the test computes by following every line to its end.

mod common;

use std::collections::HashMap;

use asalto_core::dense::Rng;
use asalto_core::{Position, Rules, Side};
use asalto_solve::{Solver, Value};
use common::{random_position, wins};

#[test]
fn the_solver_agrees_with_minimax_on_endgames() {
    let mut rng = Rng::new(2026);
    let mut counts: HashMap<(&str, Side, Value), usize> = HashMap::new();
    for preset in ["assault", "simplified", "fuchs-und-henne"] {
        // Few attackers, and a low threshold so games are not decided at once.
        let rules: Rules = format!("{preset};defender-wins-below=2")
            .parse()
            .expect("rules");
        let mut tried = 0;
        while tried < 40 {
            let turn = if tried % 2 == 0 {
                Side::Attacker
            } else {
                Side::Defender
            };
            let attackers = 3 + rng.below(3);
            let Some(pos) = random_position(&rules, attackers, turn, &mut rng) else {
                continue;
            };
            if pos.outcome().is_some() {
                continue;
            }
            tried += 1;
            let expected = wins(&pos, &mut HashMap::new());
            let mut solver = Solver::new(16);
            let report = solver
                .solve(&pos, &rules, u64::MAX, f64::INFINITY, &|| 0.0)
                .expect("a rule set without repetitions");
            let value = report.value.expect("proved without a budget");
            assert_eq!(value == Value::Win, expected, "{preset}: {pos}");
            if value == Value::Win {
                // The winning move leads to a position the opponent loses.
                let m = report.best.expect("a winning move");
                let mut next = pos;
                next.play_unchecked(&m);
                assert!(!wins(&next, &mut HashMap::new()), "{preset}: {pos}");
            }
            *counts.entry((preset, turn, value)).or_default() += 1;
        }
    }
    // Wins and losses for both sides were met on every board.
    for preset in ["assault", "simplified", "fuchs-und-henne"] {
        for value in [Value::Win, Value::Loss] {
            let n: usize = [Side::Attacker, Side::Defender]
                .iter()
                .map(|&s| counts.get(&(preset, s, value)).copied().unwrap_or(0))
                .sum();
            assert!(n > 0, "{preset}: no {value:?} among {counts:?}");
        }
    }
}

#[test]
fn a_budget_too_small_leaves_the_value_unknown() {
    let rules: Rules = "assault".parse().expect("rules");
    let start = Position::new(&rules).expect("a position");
    let report = Solver::new(16)
        .solve(&start, &rules, 200, f64::INFINITY, &|| 0.0)
        .expect("assault never repeats");
    assert_eq!(report.value, None);
    assert!(report.nodes <= 210, "{}", report.nodes);
    assert!(report.proof.0 > 0 && report.proof.1 > 0);
    let asalto: Rules = "asalto".parse().expect("rules");
    let err = Solver::new(1)
        .solve(
            &Position::new(&asalto).expect("a position"),
            &asalto,
            1,
            1.0,
            &|| 0.0,
        )
        .expect_err("asalto can repeat");
    assert!(matches!(err, asalto_solve::SolveError::Repeats(_)), "{err}");
}
