//! `asalto puzzles`: puzzles with proved answers, found in games.
//!
//! Reads game records (one a line, as `selfplay --records` prints them)
//! and walks each game back from its end: every position where exactly
//! one move wins, proved by the solver ([`asalto_solve::puzzle`]), is a
//! puzzle. Late positions are cheap to prove; the walk stops at the first
//! position the budget does not prove. Each puzzle is printed as a line:
//! the position as a rule set, a tab, the answer
//! (`assault;…;first=defender` TAB `d4xd2`); how many moves were refuted
//! and the positions the proofs took are said at the end.

use std::collections::HashSet;
use std::io::Write;

use asalto_core::MoveText;
use asalto_solve::puzzle::{self, Verdict};

use crate::labelled::describe;
use crate::solve::{Solvers, solvable_games};

/// Solver table per rule set (MiB).
const TABLE_MIB: usize = 256;

/// `asalto puzzles`: positions of game records where exactly one move
/// wins, proved by the solver.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Files of game records, one a line.
    #[arg(required = true)]
    files: Vec<String>,
    /// The most positions each move's proof may take.
    #[arg(long, default_value_t = 200_000)]
    nodes: u64,
    /// The most puzzles a game.
    #[arg(long, default_value_t = 2)]
    per_game: usize,
    /// The fewest positions a puzzle's whole proof takes (a puzzle whose
    /// other moves lose at once teaches little).
    #[arg(long, default_value_t = 1)]
    least: u64,
}

/// Prints the puzzles found, one a line.
pub(crate) fn run(args: Args) -> Result<(), String> {
    let (nodes, per_game, least) = (args.nodes, args.per_game, args.least);
    let mut seen = HashSet::new();
    let mut solvers = Solvers::new(TABLE_MIB);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let (mut games, mut found, mut refuted, mut work) = (0, 0, 0, 0);
    for path in &args.files {
        for game in solvable_games(path)? {
            let rules = *game.rules();
            let solver = solvers.of(rules);
            games += 1;
            let mut taken = 0;
            for ply in (0..game.moves().len()).rev() {
                if taken == per_game {
                    break;
                }
                let pos = *game.position_at(ply).ok_or("a ply of the game")?;
                let proved = match puzzle::only_winning_move(solver, &pos, &rules, nodes)
                    .map_err(|e| e.to_string())?
                {
                    Verdict::Puzzle(proved) if proved.nodes >= least => proved,
                    Verdict::Puzzle(_) => continue,
                    Verdict::Not => continue,
                    // Positions earlier are harder still.
                    Verdict::Unproved => break,
                };
                let position = describe(&rules, &pos);
                if !seen.insert(position.clone()) {
                    continue;
                }
                let answer = MoveText::from_move(&pos, &proved.answer);
                writeln!(out, "{position}\t{answer}").map_err(|e| e.to_string())?;
                taken += 1;
                found += 1;
                refuted += proved.losing;
                work += proved.nodes;
            }
        }
    }
    out.flush().map_err(|e| e.to_string())?;
    eprintln!(
        "{found} puzzles from {games} games: {refuted} wrong moves refuted, {work} positions proved"
    );
    Ok(())
}
