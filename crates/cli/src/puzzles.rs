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
use crate::options::Options;
use crate::solve::{Solvers, solvable_games};

/// Solver table per rule set (MiB).
const TABLE_MIB: usize = 256;

/// `asalto puzzles FILE... [--nodes N] [--per-game K] [--least L]`: at
/// most `K` puzzles a game (2 by default), each move's value proved within
/// `N` positions (200,000 by default), none whose whole proof took fewer
/// than `L` positions (1 by default: a puzzle whose other moves lose at
/// once teaches little).
pub fn run(args: &[String]) -> Result<(), String> {
    let options = Options::parse(args, &["nodes", "per-game", "least"])?;
    if options.rest.is_empty() {
        return Err("puzzles takes one or more files of game records".to_owned());
    }
    let nodes = options.number("nodes")?.unwrap_or(200_000);
    let per_game = options.number("per-game")?.unwrap_or(2) as usize;
    let least = options.number("least")?.unwrap_or(1);
    let mut seen = HashSet::new();
    let mut solvers = Solvers::new(TABLE_MIB);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let (mut games, mut found, mut refuted, mut work) = (0, 0, 0, 0);
    for path in &options.rest {
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
