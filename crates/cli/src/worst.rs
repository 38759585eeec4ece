//! `asalto bench --movegen`: the slowest legal-move generation found on
//! purpose. For every preset under every `chain` option it makes dense
//! positions (`asalto_core::dense`), times listing their legal moves, then
//! climbs from the slowest ones, one point changed at a time, keeping a
//! change that makes the listing slower, until it takes over
//! [`ENOUGH_MS`] (under `chain=may-stop` the number of distinct moves can
//! grow without bound: every subset of attackers a chain can take and stop
//! after is a move). Prints the slowest per rule set and overall, with the
//! position as a rule set (RULES.md §3).

use std::time::Instant;

use asalto_core::dense::{Rng, dense_positions, neighbour};
use asalto_core::{Game, Position, Preset, Rules};
use asalto_search::{Engine, Limits, TABLE_MIB};

use crate::labelled::describe;
use crate::options::clock;

/// A listing this slow ends the climb for its rule set (ms).
const ENOUGH_MS: f64 = 10.0;

/// Milliseconds to list `pos`'s legal moves: the best of three runs.
fn time(pos: &Position) -> (f64, usize) {
    let mut best = f64::INFINITY;
    let mut count = 0;
    for _ in 0..3 {
        let began = Instant::now();
        let moves = pos.legal_moves();
        best = best.min(began.elapsed().as_secs_f64() * 1e3);
        count = moves.len();
    }
    (best, count)
}

/// Runs the search for slow positions and prints what it found.
pub fn run(quick: bool) -> Result<(), String> {
    let (start, climbs, steps) = if quick { (40, 1, 30) } else { (200, 3, 150) };
    println!(
        "slowest legal-move generation over dense positions ({start} per rule set, then {climbs} × {steps} steps uphill), best of 3 runs each"
    );
    let mut overall: Option<(f64, usize, String)> = None;
    let mut own_worst: Option<(f64, usize, String)> = None;
    let mut rng = Rng::new(2026);
    let mut positions = 0;
    for &preset in Preset::ALL {
        for chain in ["single", "may-stop", "must-continue"] {
            let text = format!("{};chain={chain}", preset.name());
            let rules: Rules = text.parse().map_err(|e| format!("{text}: {e}"))?;
            let mut timed: Vec<(f64, usize, Position)> =
                dense_positions(&rules, start, rng.next_u64())
                    .into_iter()
                    .map(|pos| {
                        let (ms, n) = time(&pos);
                        (ms, n, pos)
                    })
                    .collect();
            positions += timed.len();
            timed.sort_by(|a, b| b.0.total_cmp(&a.0));
            let mut worst = timed.first().map(|&(ms, n, pos)| (ms, n, pos));
            for &(ms, n, pos) in timed.iter().take(climbs) {
                let mut here = (ms, n, pos);
                for _ in 0..steps {
                    if here.0 > ENOUGH_MS {
                        break;
                    }
                    let Some(next) = neighbour(&rules, &here.2, &mut rng) else {
                        continue;
                    };
                    positions += 1;
                    let (ms, n) = time(&next);
                    if ms > here.0 {
                        here = (ms, n, next);
                    }
                }
                if worst.is_none_or(|w| here.0 > w.0) {
                    worst = Some(here);
                }
            }
            let Some((ms, n, pos)) = worst else { continue };
            let own = if rules.chain == preset.rules().chain {
                " (the preset's own)"
            } else {
                ""
            };
            println!("  {text:<40} {ms:>8.3} ms ({n} moves){own}");
            if overall.as_ref().is_none_or(|o| ms > o.0) {
                overall = Some((ms, n, describe(&rules, &pos)));
            }
            if !own.is_empty() && own_worst.as_ref().is_none_or(|o| ms > o.0) {
                own_worst = Some((ms, n, describe(&rules, &pos)));
            }
        }
    }
    if let Some((ms, n, position)) = overall {
        println!("slowest of {positions} positions: {ms:.3} ms for {n} moves");
        println!("  {position}");
    }
    if let Some((ms, n, position)) = own_worst {
        println!(
            "slowest under the presets' own rules: {ms:.3} ms for {n} moves (goal: under 1 ms)"
        );
        println!("  {position}");
    }
    clock_kept(if quick { 4 } else { 20 })
}

/// Prints how late the search answers when asked for 100 ms, over `count`
/// dense positions of every preset (its own rules), from a fresh engine.
fn clock_kept(count: usize) -> Result<(), String> {
    const ASKED: f64 = 100.0;
    let mut latest: Option<(f64, String)> = None;
    let mut searched = 0;
    for (i, &preset) in Preset::ALL.iter().enumerate() {
        let rules = preset.rules();
        for pos in dense_positions(&rules, count, 7 + i as u64) {
            let game = Game::from_position(&rules, pos);
            if game.outcome().is_some() {
                continue;
            }
            let limits = Limits {
                millis: Some(ASKED),
                ..Limits::default()
            };
            let began = Instant::now();
            Engine::new(TABLE_MIB).search(&game, &limits, &clock(), &mut |_| {});
            let late = began.elapsed().as_secs_f64() * 1e3 - ASKED;
            searched += 1;
            if latest.as_ref().is_none_or(|l| late > l.0) {
                latest = Some((late, describe(&rules, &pos)));
            }
        }
    }
    if let Some((late, position)) = latest {
        println!(
            "the search asked for {ASKED} ms, over {searched} dense positions of every preset: at most {late:.1} ms late (goal: 20 ms)"
        );
        println!("  {position}");
    }
    Ok(())
}
