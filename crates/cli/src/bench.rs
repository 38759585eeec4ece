//! `asalto bench`: speed figures, printed.

use std::time::Instant;

use asalto_core::{Game, Position, Record, Rules, perft};
use asalto_search::{Engine, Limits, TABLE_MIB, Weights};

use crate::options::clock;

/// Search benchmark positions, shared with the web benchmark: lines of a
/// name, a tab and a game record (the middle game: 30 plies between two
/// Captains, 22 rebels left, rebels to move).
const POSITIONS: &str = include_str!("../data/bench-positions.txt");

/// `asalto bench`: move generation's and the search's speed.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Smaller runs (a quick look, not a figure to write down).
    #[arg(long)]
    quick: bool,
    /// The search's speed alone.
    #[arg(long, conflicts_with = "movegen")]
    search: bool,
    /// The slowest move listings of dense positions, made on purpose.
    #[arg(long)]
    movegen: bool,
}

/// Prints perft speed for `assault` and `royal-garrison` (the best of three
/// runs, as a shared machine only ever slows a run down), then the
/// search's.
pub(crate) fn run(args: Args) -> Result<(), String> {
    if args.movegen {
        return crate::worst::run(args.quick);
    }
    if !args.search {
        perft_speed(args.quick)?;
    }
    search_speed()
}

fn perft_speed(quick: bool) -> Result<(), String> {
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

/// Prints the depth reached and the nodes per second of 200 ms searches,
/// with the weights the Marshal plays each rule set with (as the Worker's
/// benchmark, which asks the Marshal).
fn search_speed() -> Result<(), String> {
    println!("search, 200 ms from a fresh table, single thread, best of 3");
    for line in POSITIONS.lines().filter(|l| !l.starts_with('#')) {
        let (name, record) = line.split_once('\t').ok_or("bench-positions.txt: no tab")?;
        let record: Record = record.parse().map_err(|e| format!("{e}"))?;
        let game = Game::from_record(&record).map_err(|e| e.to_string())?;
        let (mut depth, mut rate) = (0, 0.0f64);
        for _ in 0..3 {
            let mut engine = Engine::new(TABLE_MIB);
            engine.set_weights(Weights::for_rules(game.rules()));
            let limits = Limits {
                millis: Some(200.0),
                ..Limits::default()
            };
            let report = engine
                .search(&game, &limits, &clock(), &mut |_| {})
                .ok_or("the benchmark game is over")?;
            depth = depth.max(report.depth);
            rate = rate.max(report.nodes as f64 / report.millis / 1e3);
        }
        println!("  {name:<22} depth {depth:>2} in 200 ms, {rate:>5.2} M nodes/s");
    }
    Ok(())
}
