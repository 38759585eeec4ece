//! `asalto bench`: speed figures, printed.

use std::time::Instant;

use asalto_core::{Position, Rules, perft};

/// Prints perft speed for `assault` and `royal-garrison`.
pub fn run(quick: bool) -> Result<(), String> {
    let cases: [(&str, u32); 2] = if quick {
        [("assault", 10), ("royal-garrison", 6)]
    } else {
        [("assault", 12), ("royal-garrison", 8)]
    };
    println!("perft (bulk-counted leaves), single thread");
    for (rules, depth) in cases {
        let rules: Rules = rules.parse().map_err(|e| format!("{e}"))?;
        let start = Position::new(&rules).map_err(|e| e.to_string())?;
        let began = Instant::now();
        let nodes = perft(&start, depth);
        let seconds = began.elapsed().as_secs_f64();
        println!(
            "  {:<16} depth {depth:>2}: {nodes:>12} nodes in {seconds:>7.3} s = {:>7.1} M nodes/s",
            rules.to_string(),
            nodes as f64 / seconds / 1e6
        );
    }
    Ok(())
}
