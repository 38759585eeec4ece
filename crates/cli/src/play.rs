//! `asalto bestmove` and `asalto selfplay`: the computer player.

use std::io::Write;
use std::time::Instant;

use asalto_core::{Game, MoveText, Record, Rules, Side};
use asalto_search::{Bot, Engine, Level, Limits, TABLE_MIB};

/// The time a bot that does not search is given (it does not use it).
const DEPTH_BOT_MILLIS: f64 = 100.0;

/// A game this long is stopped and scored as a draw.
const MAX_PLIES: usize = 1000;

/// A clock in milliseconds since it was made.
pub fn clock() -> impl Fn() -> f64 {
    let start = Instant::now();
    move || start.elapsed().as_secs_f64() * 1000.0
}

/// Options shared by the commands: `--name value` pairs and the rest.
pub(crate) struct Options {
    /// The arguments that are not options.
    pub(crate) rest: Vec<String>,
    pairs: Vec<(String, String)>,
}

impl Options {
    /// Reads `args`, whose options may be `--name value` for `names`.
    pub(crate) fn parse(args: &[String], names: &[&str]) -> Result<Options, String> {
        let mut options = Options {
            rest: Vec::new(),
            pairs: Vec::new(),
        };
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            if let Some(name) = arg.strip_prefix("--") {
                if !names.contains(&name) {
                    return Err(format!(
                        "unknown option '{arg}' (options: --{})",
                        names.join(", --")
                    ));
                }
                let value = args.next().ok_or(format!("option '{arg}' needs a value"))?;
                options.pairs.push((name.to_owned(), value.clone()));
            } else {
                options.rest.push(arg.clone());
            }
        }
        Ok(options)
    }

    /// The last value given for `--name`.
    pub(crate) fn value(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The whole number given for `--name`.
    pub(crate) fn number(&self, name: &str) -> Result<Option<u64>, String> {
        self.value(name)
            .map(|v| {
                v.parse::<u64>()
                    .map_err(|_| format!("--{name} '{v}' is not a whole number"))
            })
            .transpose()
    }

    fn bot(&self, name: &str) -> Result<Option<Bot>, String> {
        self.value(name)
            .map(|v| {
                Bot::parse(v).ok_or(format!(
                    "--{name} {v}: a player is a level (1–5 or its name), random, greedy or depthN"
                ))
            })
            .transpose()
    }

    fn level(&self, name: &str) -> Result<Option<Level>, String> {
        self.number(name)?
            .map(|n| {
                u32::try_from(n)
                    .ok()
                    .and_then(Level::from_number)
                    .ok_or(format!(
                        "--{name} {n}: levels are 1 (Recruit) to 5 (Marshal)"
                    ))
            })
            .transpose()
    }
}

/// `asalto bestmove <record> [--movetime MS] [--level N]`: one line, the move.
pub fn bestmove(args: &[String]) -> Result<(), String> {
    let options = Options::parse(args, &["movetime", "level", "tables", "certificate"])?;
    let record: Record = options.rest.join(" ").parse().map_err(|e| format!("{e}"))?;
    let game = Game::from_record(&record).map_err(|e| e.to_string())?;
    let proved = crate::perfect::Proved::load(&options, &record.rules);
    let level = options.level("level")?.unwrap_or(Level::Marshal);
    let millis = options.number("movetime")?.map(|ms| ms as f64);
    let mut engine = Engine::new(TABLE_MIB);
    let now = clock();
    let choice = level
        .choose(
            &mut engine,
            &game,
            millis,
            seed(&record.to_string()),
            &now,
            &mut |_| {},
        )
        .ok_or_else(|| match game.outcome() {
            Some(outcome) => format!("the game is over: {outcome}"),
            None => "no legal move".to_owned(),
        })?;
    let pos = game.position();
    let best = proved.choose(pos, choice.best);
    println!("{}", MoveText::from_move(pos, &best));
    Ok(())
}

/// `asalto analyse <record> [--movetime MS]`: the search's iterations, one
/// line each: depth, score, nodes, milliseconds and the expected line.
pub fn analyse(args: &[String]) -> Result<(), String> {
    let options = Options::parse(args, &["movetime"])?;
    let record: Record = options.rest.join(" ").parse().map_err(|e| format!("{e}"))?;
    let game = Game::from_record(&record).map_err(|e| e.to_string())?;
    let limits = Limits {
        millis: Some(options.number("movetime")?.unwrap_or(1000) as f64),
        ..Limits::default()
    };
    let mut engine = Engine::new(TABLE_MIB);
    let start = *game.position();
    let result = engine.search(&game, &limits, &clock(), &mut |r| {
        let mut pos = start;
        let line: Vec<String> =
            r.pv.iter()
                .map(|m| {
                    let text = MoveText::from_move(&pos, m).to_string();
                    pos.play_unchecked(m);
                    text
                })
                .collect();
        // A closed pipe (`| head`) ends the output, not the program.
        let _ = writeln!(
            std::io::stdout(),
            "depth {:>2}  score {:>11}  nodes {:>10}  {:>7.1} ms  {}",
            r.depth,
            r.score.to_string(),
            r.nodes,
            r.millis,
            line.join(" ")
        );
    });
    let last = match result {
        Some(r) => format!(
            "best {} ({} nodes, {:.1} M nodes/s)",
            MoveText::from_move(&start, &r.best),
            r.nodes,
            r.nodes as f64 / r.millis.max(1e-3) / 1e3
        ),
        None => match game.outcome() {
            Some(outcome) => format!("the game is over: {outcome}"),
            None => "no legal move".to_owned(),
        },
    };
    let _ = writeln!(std::io::stdout(), "{last}");
    Ok(())
}

/// A seed from text, so that the same position gets the same choice.
fn seed(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// The result of games between two players.
#[derive(Debug, Default)]
struct Tally {
    /// Games the attackers and the defenders won.
    wins: [u64; 2],
    draws: u64,
    plies: usize,
    games: u64,
}

/// How a match is played: games, time, opening and seed.
#[derive(Debug, Clone, Copy)]
struct Match {
    /// Games to play.
    games: u64,
    /// Milliseconds a move for the searching levels (else each its own time).
    millis: Option<f64>,
    /// The first plies of each game, played by a Soldier.
    opening: usize,
    /// With the games' numbers, what the players' randomness is drawn
    /// from: another seed, other games (seed 0, the games of earlier runs).
    seed: u64,
}

/// Plays a match of `rules` between `attacker` and `defender`; `each`
/// hears every game's result.
fn play_games(
    rules: &Rules,
    [attacker, defender]: [Bot; 2],
    Match {
        games,
        millis,
        opening,
        seed,
    }: Match,
    each: &mut dyn FnMut(u64, &str, &Game),
) -> Result<Tally, String> {
    let mut tally = Tally::default();
    let mut engines = [Engine::new(TABLE_MIB), Engine::new(TABLE_MIB)];
    let now = clock();
    for number in 1..=games {
        let mut game = Game::new(rules).map_err(|e| e.to_string())?;
        engines.iter_mut().for_each(Engine::clear);
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
            let engine = &mut engines[usize::from(side == Side::Defender)];
            // Each searching level thinks its own time, or `--movetime`.
            let time = match bot {
                Bot::Level(level) => millis.or(level.default_millis()),
                _ => millis,
            }
            .unwrap_or(DEPTH_BOT_MILLIS);
            let Some(m) = bot.choose(engine, &game, time, seed, &now) else {
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

/// `asalto selfplay <rules> [--games N] [--movetime MS] [--attacker P]
/// [--defender P] [--opening N] [--seed S] [--ladder] [--records]`: players
/// against each other, where a player is a level (1–5 or its name),
/// `random`, `greedy` or `depthN`; `--records` prints each game's record,
/// `--seed` draws other games. With `--ladder`: the Marshal against
/// `greedy` on both sides, then each level against the one below on both
/// sides, a line each.
pub fn selfplay(args: &[String]) -> Result<(), String> {
    let flag = |name: &str| args.iter().any(|a| a == name);
    let (ladder, records) = (flag("--ladder"), flag("--records"));
    let args: Vec<String> = args
        .iter()
        .filter(|a| !matches!(a.as_str(), "--ladder" | "--records"))
        .cloned()
        .collect();
    let options = Options::parse(
        &args,
        &[
            "games", "movetime", "attacker", "defender", "opening", "seed",
        ],
    )?;
    let [rules] = options.rest.as_slice() else {
        return Err("selfplay takes one rule set".to_owned());
    };
    let rules: Rules = rules.parse().map_err(|e| format!("{e}"))?;
    Game::new(&rules).map_err(|e| e.to_string())?;
    let games = options.number("games")?.unwrap_or(10);
    let millis = options.number("movetime")?.map(|ms| ms as f64);
    let opening = options.number("opening")?.unwrap_or(2) as usize;
    let matched = Match {
        games,
        millis,
        opening,
        seed: options.number("seed")?.unwrap_or(0),
    };
    if ladder {
        return run_ladder(&rules, matched);
    }
    let attacker = options
        .bot("attacker")?
        .unwrap_or(Bot::Level(Level::Marshal));
    let defender = options
        .bot("defender")?
        .unwrap_or(Bot::Level(Level::Marshal));
    let describe = |bot: Bot| match bot {
        Bot::Level(level) => match millis.filter(|_| level.default_millis().is_some()) {
            Some(ms) => format!("{level} ({ms} ms a move)"),
            None => match level.default_millis() {
                Some(own) => format!("{level} ({own} ms a move)"),
                None => level.to_string(),
            },
        },
        bot => bot.to_string(),
    };
    println!(
        "{games} games of {rules}: attackers {} against defenders {}; the first {opening} plies of each game played by a Soldier",
        describe(attacker),
        describe(defender)
    );
    let tally = play_games(
        &rules,
        [attacker, defender],
        matched,
        &mut |number, result, game| {
            println!("  game {number}: {result} after {} plies", game.ply());
            if records {
                println!("    {}", game.record());
            }
        },
    )?;
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
    let Match { games, millis, .. } = matched;
    let time = millis.map_or("each level its own time".to_owned(), |ms| {
        format!("{ms} ms a move")
    });
    println!(
        "{rules}, {games} games a side, {time}; wins of the first player named (its side, then the other)"
    );
    let mut pairs = vec![(Bot::Level(Level::Marshal), Bot::Greedy)];
    for pair in Level::ALL.windows(2).rev() {
        pairs.push((Bot::Level(pair[1]), Bot::Level(pair[0])));
    }
    for (strong, weak) in pairs {
        let mut line = format!("  {strong} against {weak}:");
        // The bot's own first moves are random; levels' games differ by
        // their seeds, and by a Soldier's first two plies.
        let opening = if weak == Bot::Greedy { 0 } else { 2 };
        for (side, players) in [
            (Side::Attacker, [strong, weak]),
            (Side::Defender, [weak, strong]),
        ] {
            let matched = Match { opening, ..matched };
            let tally = play_games(rules, players, matched, &mut |_, _, _| {})?;
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
