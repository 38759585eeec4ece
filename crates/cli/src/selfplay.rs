//! `asalto selfplay`: players against each other, the ladder of levels,
//! and the games' positions as labelled data.

use std::io::Write;

use asalto_core::{Game, Outcome, Rules, Side};
use asalto_search::{Bot, Engine, Level, Limits, TABLE_MIB, Taste, Weights};

use crate::labelled::{Label, describe, line};
use crate::options::clock;

/// The time a bot that does not search is given (it does not use it).
const DEPTH_BOT_MILLIS: f64 = 100.0;

/// A game this long is stopped and scored as a draw.
const MAX_PLIES: usize = 1000;

/// The result of games between two players.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    /// Games the attackers and the defenders won.
    pub(crate) wins: [u64; 2],
    /// Games neither won (or stopped at the ply limit).
    pub(crate) draws: u64,
    /// Plies played over all games.
    pub(crate) plies: usize,
    /// Games played.
    pub(crate) games: u64,
}

/// How a match is played: games, time, opening and seed.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Match {
    /// Games to play.
    pub(crate) games: u64,
    /// Milliseconds a move for the searching levels (else each its own time).
    pub(crate) millis: Option<f64>,
    /// Nodes a move for the searching levels, in place of any time: games
    /// that do not depend on the machine's load.
    pub(crate) nodes: Option<u64>,
    /// The first plies of each game, played by a Soldier.
    pub(crate) opening: usize,
    /// With the games' numbers, what the players' randomness is drawn
    /// from: another seed, other games (seed 0, the games of earlier runs).
    pub(crate) seed: u64,
}

impl Match {
    /// What a searching level whose own time is `own` ms is given a move,
    /// in words.
    pub(crate) fn budget(&self, own: f64) -> String {
        match (self.nodes, self.millis) {
            (Some(n), _) => format!("{n} nodes a move"),
            (None, ms) => format!("{} ms a move", ms.unwrap_or(own)),
        }
    }
}

/// The evaluation weights each side's engine plays with, where a file
/// names them (else each level its own: the crate's).
pub(crate) type SideWeights = [Option<Weights>; 2];

/// Plays a match of `rules` between `attacker` and `defender`; `each`
/// hears every game's result.
pub(crate) fn play_games(
    rules: &Rules,
    [attacker, defender]: [Bot; 2],
    weights: SideWeights,
    Match {
        games,
        millis,
        nodes,
        opening,
        seed,
    }: Match,
    each: &mut dyn FnMut(u64, &str, &Game),
) -> Result<Tally, String> {
    let mut tally = Tally::default();
    let mut engines = [Engine::new(TABLE_MIB), Engine::new(TABLE_MIB)];
    for (engine, w) in engines.iter_mut().zip(weights) {
        if let Some(w) = w {
            engine.set_weights(w);
        }
    }
    // The opening's Soldier plays with its own evaluation, whatever
    // weights the sides were given, so that each opening is the same for
    // any two evaluations.
    let mut opener = Engine::new(1);
    let now = clock();
    for number in 1..=games {
        let mut game = Game::new(rules).map_err(|e| e.to_string())?;
        engines.iter_mut().for_each(Engine::clear);
        opener.clear();
        while game.outcome().is_none() && game.ply() < MAX_PLIES {
            let side = game.position().turn();
            let bot = match side {
                _ if game.ply() < opening => Bot::Level(Level::Soldier),
                Side::Attacker => attacker,
                Side::Defender => defender,
            };
            let seed = (seed << 32)
                .wrapping_add(number)
                .wrapping_mul(1000)
                .wrapping_add(game.ply() as u64);
            let engine = if game.ply() < opening {
                &mut opener
            } else {
                &mut engines[usize::from(side == Side::Defender)]
            };
            // Each searching level thinks its own time, or `--movetime`,
            // or searches `--nodes`.
            let time = match bot {
                Bot::Level(level) => millis.or(level.default_millis()),
                _ => millis,
            }
            .unwrap_or(DEPTH_BOT_MILLIS);
            let budget = nodes.map_or(Limits::of_millis(time), Limits::of_nodes);
            let Some(m) = bot.choose(engine, &game, budget, seed, &now) else {
                break;
            };
            game.play(&m)
                .map_err(|e| format!("{bot} chose an illegal move: {e}"))?;
        }
        tally.plies += game.ply();
        tally.games += 1;
        let result = match game.outcome() {
            Some(outcome) => {
                match outcome.winner() {
                    Some(w) => tally.wins[usize::from(w == Side::Defender)] += 1,
                    None => tally.draws += 1,
                }
                outcome.to_string()
            }
            None => {
                tally.draws += 1;
                format!("stopped after {MAX_PLIES} plies, a draw")
            }
        };
        each(number, &result, &game);
    }
    Ok(tally)
}

/// `asalto selfplay`: the computer against itself.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The rule set.
    rules: String,
    /// Games.
    #[arg(long, default_value_t = 10)]
    games: u64,
    /// Milliseconds a move (by default each level's own).
    #[arg(long)]
    movetime: Option<u64>,
    /// Positions a move, in place of the time (the same games on any
    /// machine).
    #[arg(long)]
    nodes: Option<u64>,
    /// The attackers' player: a level (1–5 or its name), random, greedy,
    /// greedy-material, greedy-march, greedy-mobility, haven or depthN.
    #[arg(long, default_value = "5", value_parser = crate::options::bot)]
    attacker: Bot,
    /// The defenders' player.
    #[arg(long, default_value = "5", value_parser = crate::options::bot)]
    defender: Bot,
    /// Plies of each opening, played by a Soldier.
    #[arg(long, default_value_t = 2)]
    opening: usize,
    /// Draws other games.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The attackers' weights file.
    #[arg(long)]
    attacker_weights: Option<String>,
    /// The defenders' weights file.
    #[arg(long)]
    defender_weights: Option<String>,
    /// Adds every position of each game after its opening to this file,
    /// labelled by how the game ended.
    #[arg(long)]
    positions: Option<String>,
    /// The Marshal against `greedy` on both sides, then each level against
    /// the one below, a line each.
    #[arg(long)]
    ladder: bool,
    /// Prints each game's record.
    #[arg(long)]
    records: bool,
}

/// Plays the games and prints each result and the score.
pub(crate) fn run(args: Args) -> Result<(), String> {
    let records = args.records;
    let rules: Rules = args.rules.parse().map_err(|e| format!("{e}"))?;
    Game::new(&rules).map_err(|e| e.to_string())?;
    let (games, opening) = (args.games, args.opening);
    let matched = Match {
        games,
        millis: args.movetime.map(|ms| ms as f64),
        nodes: args.nodes,
        opening,
        seed: args.seed,
    };
    if args.ladder {
        return run_ladder(&rules, matched);
    }
    let (attacker, defender) = (args.attacker, args.defender);
    let describe = |bot: Bot| match bot {
        Bot::Level(level) => match level.default_millis() {
            Some(own) => format!("{level} ({})", matched.budget(own)),
            None => level.to_string(),
        },
        bot => bot.to_string(),
    };
    println!(
        "{games} games of {rules}: attackers {} against defenders {}; the first {opening} plies of each game played by a Soldier",
        describe(attacker),
        describe(defender)
    );
    let weights = [
        crate::options::weights(args.attacker_weights.as_deref())?,
        crate::options::weights(args.defender_weights.as_deref())?,
    ];
    let mut positions = match args.positions.as_deref() {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("{path}: {e}"))?,
        )),
        None => None,
    };
    let mut failed = None;
    let tally = play_games(
        &rules,
        [attacker, defender],
        weights,
        matched,
        &mut |number, result, game| {
            println!("  game {number}: {result} after {} plies", game.ply());
            if records {
                println!("    {}", game.record());
            }
            if let Some(out) = &mut positions {
                for text in labelled_positions(game, opening) {
                    if let Err(e) = writeln!(out, "{text}") {
                        failed.get_or_insert(e.to_string());
                    }
                }
            }
        },
    )?;
    if let Some(out) = &mut positions {
        out.flush().map_err(|e| e.to_string())?;
    }
    if let Some(e) = failed {
        return Err(format!("--positions: {e}"));
    }
    println!(
        "attackers won {}, defenders won {}, draws {}; average length {:.1} plies",
        tally.wins[0],
        tally.wins[1],
        tally.draws,
        tally.plies as f64 / tally.games.max(1) as f64
    );
    Ok(())
}

/// The Marshal against `greedy`, and each level against the one below, on
/// both sides: the stronger player's wins of the match's games each, every
/// searching level thinking its `millis` a move, or its own time (the
/// match's opening is the ladder's own).
fn run_ladder(rules: &Rules, matched: Match) -> Result<(), String> {
    let games = matched.games;
    let time = if matched.millis.is_none() && matched.nodes.is_none() {
        "each level its own time".to_owned()
    } else {
        matched.budget(0.0)
    };
    println!(
        "{rules}, {games} games a side, {time}; wins of the first player named (its side, then the other)"
    );
    let mut pairs = vec![(Bot::Level(Level::Marshal), Bot::Greedy(Taste::Standard))];
    for pair in Level::ALL.windows(2).rev() {
        pairs.push((Bot::Level(pair[1]), Bot::Level(pair[0])));
    }
    for (strong, weak) in pairs {
        let mut line = format!("  {strong} against {weak}:");
        // The bot's own first moves are random; levels' games differ by
        // their seeds, and by a Soldier's first two plies.
        let opening = if weak == Bot::Greedy(Taste::Standard) {
            0
        } else {
            2
        };
        for (side, players) in [
            (Side::Attacker, [strong, weak]),
            (Side::Defender, [weak, strong]),
        ] {
            let matched = Match { opening, ..matched };
            let tally = play_games(rules, players, [None, None], matched, &mut |_, _, _| {})?;
            let won = tally.wins[usize::from(side == Side::Defender)];
            line.push_str(&format!(
                " {won} of {games} as the {} ({} draws)",
                side.name(),
                tally.draws
            ));
        }
        println!("{line}");
    }
    Ok(())
}

/// Every position of `game` in play from ply `from` on, labelled by how
/// the game ended for its side to move (a game stopped unfinished is a
/// draw).
fn labelled_positions(game: &Game, from: usize) -> Vec<String> {
    let winner = game.outcome().and_then(Outcome::winner);
    (from..game.ply())
        .filter_map(|ply| game.position_at(ply))
        .filter(|pos| pos.to_place() == 0 && pos.outcome().is_none())
        .map(|pos| {
            let label = match winner {
                None => Label::Draw,
                Some(w) => Label::of(w == pos.turn()),
            };
            line(&describe(game.rules(), pos), label)
        })
        .collect()
}
