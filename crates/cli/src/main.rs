//! `asalto`: the engine on the command line. Every command and its
//! options: `asalto --help`, `asalto COMMAND --help`; docs/CLI.md says
//! more.

mod bench;
mod diagram;
mod disk;
mod draws;
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
use clap::{CommandFactory, Parser, Subcommand};

/// Assault (Asalto): rules, computer play, proofs and endgame tables.
#[derive(Debug, Parser)]
#[command(
    name = "asalto",
    version,
    after_help = "Rules are written preset;key=value (for example assault or asalto;chain=single);\na record is a rule set followed by moves: assault d4-d5 c5-d4"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Count move sequences from the start of RULES (RULES.md §9)
    Perft {
        /// The rule set.
        rules: String,
        /// Plies.
        depth: u32,
    },
    /// Read 'RULES [MOVE ...]' lines and answer each (RULES.md §9)
    Referee,
    /// Print the board, whose turn it is and the legal moves
    Show {
        /// The game record (a rule set, then moves).
        #[arg(required = true)]
        record: Vec<String>,
    },
    /// Print move generation's and the search's speed
    Bench(bench::Args),
    /// Print the computer's move (perfect where tables or a verified
    /// certificate hold the position)
    Bestmove(play::BestmoveArgs),
    /// Print the search's iterations: depth, score, nodes, time, line
    #[command(alias = "analyze")]
    Analyse(play::AnalyseArgs),
    /// Print the record with its mistakes marked, then each position's
    /// evaluation as CSV
    Review(review::Args),
    /// Prove who wins the position: win, loss or unknown for the side to
    /// move, then figures
    Solve(solve::Args),
    /// Check a certificate with the rules engine alone
    Verify {
        /// The certificate's file.
        certificate: String,
    },
    /// Endgame tables and their packs
    #[command(subcommand)]
    Tables(tables::Command),
    /// Fit the evaluation's weights to labelled positions
    Train(train::Args),
    /// One evaluation's weights against another's, the Marshal on both
    /// sides
    Match(matchup::Args),
    /// Find puzzles in game records: positions where exactly one move wins
    Puzzles(puzzles::Args),
    /// Label the positions of game records with their values proved by the
    /// solver
    Label(label::Args),
    /// Print the position as a standalone SVG figure
    Diagram(diagram::Args),
    /// Play the computer against itself and print the score
    Selfplay(selfplay::Args),
    /// Print the completions of a shell (bash, zsh, fish, elvish,
    /// powershell) for asalto
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // --help and --version.
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        // One style for every error: "asalto: what is wrong".
        Err(e) => {
            let text = e.render().to_string();
            eprint!("asalto: {}", text.strip_prefix("error: ").unwrap_or(&text));
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Command::Perft { rules, depth } => run_perft(&rules, depth),
        Command::Referee => referee::run(std::io::stdin().lock(), std::io::stdout().lock())
            .map_err(|e| format!("referee: {e}")),
        Command::Show { record } => show::run(&record.join(" ")),
        Command::Bench(args) => bench::run(args),
        Command::Bestmove(args) => play::bestmove(args),
        Command::Analyse(args) => play::analyse(args),
        Command::Review(args) => review::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Verify { certificate } => solve::verify(&certificate),
        Command::Tables(command) => tables::run(command),
        Command::Train(args) => train::run(args),
        Command::Match(args) => matchup::run(args),
        Command::Puzzles(args) => puzzles::run(args),
        Command::Label(args) => label::run(args),
        Command::Diagram(args) => diagram::run(args),
        Command::Selfplay(args) => selfplay::run(args),
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "asalto", &mut std::io::stdout());
            Ok(())
        }
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

fn run_perft(rules: &str, depth: u32) -> Result<(), String> {
    let rules: Rules = rules.parse().map_err(|e| format!("{e}"))?;
    let start = Position::new(&rules).map_err(|e| e.to_string())?;
    println!("{}", perft(&start, depth));
    Ok(())
}
