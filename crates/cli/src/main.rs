//! `asalto`: the engine on the command line.
//!
//! ```text
//! asalto perft <rules> <depth>   count move sequences (RULES.md §9)
//! asalto referee                 answer the line protocol of RULES.md §9
//! asalto show <record>           the board, whose turn, the legal moves
//! asalto bench [--quick] [--search | --movegen]   speed figures
//! asalto bestmove <record> [--movetime MS] [--level N] [--tables DIR] [--certificate FILE]
//! asalto analyse <record> [--movetime MS] [--tables DIR] [--certificate FILE]
//! asalto review <record> [--movetime MS]
//! asalto solve <record> [--budget SECONDS] [--nodes N] [--table-mib MIB] [--checkpoint FILE] [--certificate FILE] [--tables DIR]
//! asalto verify <certificate>
//! asalto tables build <rules> --attackers N --dir DIR [--threads T] [--memory-mib M]
//! asalto tables check (DIR | --pack PATH) [--samples N] [--attackers A[-B]] [--seed S]
//! asalto tables sample DIR --count N [--attackers A[-B]] [--seed S]
//! asalto tables probe <record> (--dir DIR | --pack PATH)
//! asalto tables pack DIR OUT [--attackers A[-B]] [--part-mib M] [--store attacker|defender|smaller]
//! asalto tables bench --pack PATH [--count N] [--attackers A[-B]] [--seed S]
//! asalto tables repack <rules> --dir DIR [--attackers A[-B]]
//! asalto train FILE... [--weights FILE] [--out FILE] [--epochs N] [--network HIDDEN [--judges N]] [--evaluate]
//! asalto match <rules>... --weights FILE [--against FILE] [--games N] [--movetime MS | --nodes N] [--opening N] [--seed S]
//! asalto label FILE... [--nodes N] [--misses K]
//! asalto diagram <record> [--ply N] [--size PX] [--theme light|dark|print] [--coordinates]
//! asalto selfplay <rules> [--games N] [--movetime MS | --nodes N] [--attacker P] [--defender P] [--opening N] [--seed S] [--attacker-weights FILE] [--defender-weights FILE] [--positions FILE] [--ladder] [--records]
//! ```

mod bench;
mod diagram;
mod examples;
mod http;
mod label;
mod labelled;
mod matchup;
mod network;
mod options;
mod pack;
mod perfect;
mod play;
mod puzzles;
mod referee;
mod review;
mod selfplay;
mod show;
mod solve;
mod tables;
mod tiers;
mod train;
mod worst;

use std::process::ExitCode;

use asalto_core::{Position, Rules, perft};

const USAGE: &str = "usage:
  asalto perft <rules> <depth>   count move sequences from the start of <rules>
  asalto referee                 read '<rules> [move ...]' lines, answer each (RULES.md §9)
  asalto show <record>           print the board, whose turn it is and the legal moves
  asalto bench [--quick] [--search | --movegen]
                                 print move-generation (perft) and search speed
  asalto bestmove <record> [--movetime MS] [--level N] [--tables DIR] [--certificate FILE]
                                 print the computer's move (levels 1 Recruit .. 5 Marshal, default 5; perfect where tables or a verified certificate hold the position)
  asalto analyse <record> [--movetime MS] [--tables DIR] [--certificate FILE]
                                 print the search's iterations: depth, score (proved win or loss where tables or a certificate hold it), nodes, time, line
  asalto review <record> [--movetime MS]
                                 print the record with its mistakes marked, then each position's evaluation as CSV
  asalto solve <record> [--budget SECONDS] [--nodes N] [--table-mib MIB] [--checkpoint FILE] [--certificate FILE] [--tables DIR]
                                 prove who wins the position: win, loss or unknown for the side to move, then figures
  asalto verify <certificate>    check a certificate with the rules engine alone
  asalto tables build <rules> --attackers N --dir DIR [--threads T] [--memory-mib M]
                                 build endgame tables up to N attackers slice by slice, M MiB of slices in memory (8 GiB by default; resumable: run again to continue)
  asalto tables check (DIR | --pack PATH) [--samples N] [--attackers A[-B]] [--seed S]
                                 re-derive random table (or pack) entries from their successors with the rules engine
  asalto tables sample DIR --count N [--attackers A[-B]] [--seed S]
                                 print N random positions a tier with their exact values (labelled lines: position TAB win|loss|draw)
  asalto tables probe <record> (--dir DIR | --pack PATH)
                                 print the value of the position for its side to move, and of every legal move
  asalto tables pack DIR OUT [--attackers A[-B]] [--part-mib M] [--store attacker|defender|smaller]
                                 pack the tables in DIR for static hosting: each tier the side to move whose bits take fewer bytes, data parts of at most M MiB (512), an index, manifest.json (resumable)
  asalto tables bench --pack PATH [--count N] [--attackers A[-B]] [--seed S]
                                 time N random positions a tier and side, and their moves, read from the pack cold and warm
  asalto tables repack <rules> --dir DIR [--attackers A[-B]]
                                 write again, deflated, the slices that builds before 2026-11-27 wrote run-length coded only
  asalto train FILE... [--weights FILE] [--out FILE] [--epochs N] [--network HIDDEN [--judges N]] [--evaluate]
                                 fit the evaluation's weights to labelled positions; print the loss on a held-back tenth
  asalto match <rules>... --weights FILE [--against FILE] [--games N] [--movetime MS | --nodes N] [--opening N] [--seed S]
                                 one evaluation's weights against another's, the Marshal on both sides, N games a side a rule set
  asalto puzzles FILE... [--nodes N] [--per-game K] [--least L]
                                 find puzzles in game records (one a line): positions where exactly one move wins, proved by the solver
  asalto label FILE... [--nodes N] [--misses K]
                                 label the positions of game records (one a line) with their values proved by the solver, walking back from each end
  asalto diagram <record> [--ply N] [--size PX] [--theme light|dark|print] [--coordinates]
                                 print the position as a standalone SVG figure
  asalto selfplay <rules> [--games N] [--movetime MS | --nodes N] [--attacker P] [--defender P] [--opening N] [--seed S]
                  [--attacker-weights FILE] [--defender-weights FILE] [--positions FILE] [--ladder] [--records]
                                 play the computer against itself at the given levels, print the score
rules are written preset;key=value (for example assault or asalto;chain=single);
a record is a rule set followed by moves: assault d4-d5 c5-d4";

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("perft") => run_perft(&args[1..]),
        Some("referee") => referee::run(std::io::stdin().lock(), std::io::stdout().lock())
            .map_err(|e| format!("referee: {e}")),
        Some("show") => show::run(&args[1..].join(" ")),
        Some("bench") => bench::run(&args[1..]),
        Some("bestmove") => play::bestmove(&args[1..]),
        Some("selfplay") => selfplay::run(&args[1..]),
        Some("diagram") => diagram::run(&args[1..]),
        Some("analyse" | "analyze") => play::analyse(&args[1..]),
        Some("review") => review::run(&args[1..]),
        Some("solve") => solve::run(&args[1..]),
        Some("verify") => solve::verify(&args[1..]),
        Some("tables") => tables::run(&args[1..]),
        Some("train") => train::run(&args[1..]),
        Some("match") => matchup::run(&args[1..]),
        Some("puzzles") => puzzles::run(&args[1..]),
        Some("label") => label::run(&args[1..]),
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!("unknown command '{other}'\n{USAGE}")),
        None => Err(USAGE.to_owned()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("asalto: {message}");
            ExitCode::from(2)
        }
    }
}

/// A reader that stops reading (`asalto tables sample … | head`) ends the
/// program quietly, as Unix tools end, instead of with `println!`'s panic.
fn quiet_on_closed_pipe() {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info.payload_as_str().unwrap_or_default();
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        report(info);
    }));
}

fn run_perft(args: &[String]) -> Result<(), String> {
    let [rules, depth] = args else {
        return Err(format!("perft takes a rule set and a depth\n{USAGE}"));
    };
    let rules: Rules = rules.parse().map_err(|e| format!("{e}"))?;
    let depth: u32 = depth
        .parse()
        .map_err(|_| format!("depth '{depth}' is not a whole number"))?;
    let start = Position::new(&rules).map_err(|e| e.to_string())?;
    println!("{}", perft(&start, depth));
    Ok(())
}
