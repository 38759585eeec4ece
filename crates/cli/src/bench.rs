//! `asalto bench`: speed figures, printed.

use std::time::Instant;

use asalto_core::{Position, Rules, perft};

/// Prints perft speed for `assault` and `royal-garrison`: the best of three
/// runs, as a shared machine only ever slows a run down.
pub fn run(quick: bool) -> Result<(), String> {
    let cases: [(&str, u32); 2] = if quick {
        [("assault", 10), ("royal-garrison", 7)]
    } else {
        [("assault", 12), ("royal-garrison", 10)]
    };
    println!("perft (bulk-counted leaves), single thread, best of 3");
    for (rules, depth) in cases {
        let rules: Rules = rules.parse().map_err(|e| format!("{e}"))?;
        let start = Position::new(&rules).map_err(|e| e.to_string())?;
        let mut nodes = 0;
        let mut seconds = f64::INFINITY;
        for _ in 0..3 {
            let began = Instant::now();
            nodes = perft(&start, depth);
            seconds = seconds.min(began.elapsed().as_secs_f64());
        }
        println!(
            "  {:<16} depth {depth:>2}: {nodes:>12} nodes in {seconds:>7.3} s = {:>7.1} M nodes/s",
            rules.to_string(),
            nodes as f64 / seconds / 1e6
        );
    }
    Ok(())
}
