//! `asalto bestmove` and `asalto selfplay`: the computer player.

use std::io::Write;
use std::time::Instant;

use asalto_core::{Game, MoveText, Record, Rules, Side};
use asalto_search::{Engine, Level, Limits, TABLE_MIB};

/// A game this long is stopped and scored as a draw.
const MAX_PLIES: usize = 1000;

/// A clock in milliseconds since it was made.
pub fn clock() -> impl Fn() -> f64 {
    let start = Instant::now();
    move || start.elapsed().as_secs_f64() * 1000.0
}

/// Options shared by the commands: `--name value` pairs and the rest.
struct Options {
    rest: Vec<String>,
    pairs: Vec<(String, String)>,
}

impl Options {
    fn parse(args: &[String], names: &[&str]) -> Result<Options, String> {
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

    fn number(&self, name: &str) -> Result<Option<u64>, String> {
        self.pairs
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| {
                v.parse::<u64>()
                    .map_err(|_| format!("--{name} '{v}' is not a whole number"))
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
    let options = Options::parse(args, &["movetime", "level"])?;
    let record: Record = options.rest.join(" ").parse().map_err(|e| format!("{e}"))?;
    let game = Game::from_record(&record).map_err(|e| e.to_string())?;
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
    println!("{}", MoveText::from_move(game.position(), &choice.best));
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

/// `asalto selfplay <rules> [--games N] [--movetime MS] [--attacker N]
/// [--defender N] [--opening N]`: engine against engine.
pub fn selfplay(args: &[String]) -> Result<(), String> {
    let options = Options::parse(
        args,
        &["games", "movetime", "attacker", "defender", "opening"],
    )?;
    let [rules] = options.rest.as_slice() else {
        return Err("selfplay takes one rule set".to_owned());
    };
    let rules: Rules = rules.parse().map_err(|e| format!("{e}"))?;
    Game::new(&rules).map_err(|e| e.to_string())?;
    let games = options.number("games")?.unwrap_or(10);
    let millis = options.number("movetime")?.unwrap_or(100) as f64;
    let attacker = options.level("attacker")?.unwrap_or(Level::Marshal);
    let defender = options.level("defender")?.unwrap_or(Level::Marshal);
    let opening = options.number("opening")?.unwrap_or(2) as usize;
    let describe = |level: Level| match level.default_millis() {
        Some(_) => format!("{level} ({millis} ms a move)"),
        None => level.to_string(),
    };
    println!(
        "{games} games of {rules}: attackers {} against defenders {}; the first {opening} plies of each game played by a Soldier",
        describe(attacker),
        describe(defender)
    );
    let (mut wins, mut draws, mut plies) = ([0u64; 2], 0u64, 0usize);
    let mut engines = [Engine::new(TABLE_MIB), Engine::new(TABLE_MIB)];
    let now = clock();
    for number in 1..=games {
        let mut game = Game::new(&rules).map_err(|e| e.to_string())?;
        engines.iter_mut().for_each(Engine::clear);
        while game.outcome().is_none() && game.ply() < MAX_PLIES {
            let side = game.position().turn();
            let level = match side {
                _ if game.ply() < opening => Level::Soldier,
                Side::Attacker => attacker,
                Side::Defender => defender,
            };
            let seed = number * 1000 + game.ply() as u64;
            let engine = &mut engines[usize::from(side == Side::Defender)];
            let Some(choice) = level.choose(engine, &game, Some(millis), seed, &now, &mut |_| {})
            else {
                break;
            };
            game.play(&choice.best)
                .map_err(|e| format!("the engine chose an illegal move: {e}"))?;
        }
        plies += game.ply();
        let result = match game.outcome() {
            Some(outcome) => {
                match outcome.winner() {
                    Some(w) => wins[usize::from(w == Side::Defender)] += 1,
                    None => draws += 1,
                }
                outcome.to_string()
            }
            None => {
                draws += 1;
                format!("stopped after {MAX_PLIES} plies, a draw")
            }
        };
        println!("  game {number}: {result} after {} plies", game.ply());
    }
    println!(
        "attackers won {}, defenders won {}, draws {draws}; average length {:.1} plies",
        wins[0],
        wins[1],
        plies as f64 / games.max(1) as f64
    );
    Ok(())
}
