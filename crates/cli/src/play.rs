//! `asalto bestmove` and `asalto analyse`: the computer player on one position.

use std::io::Write;

use asalto_core::{Game, MoveText, Record};
use asalto_search::{Engine, Level, Limits, TABLE_MIB, Weights};
use asalto_solve::Value;

use crate::options::clock;
use crate::perfect::Sources;

/// `asalto bestmove`: the computer's move.
#[derive(Debug, clap::Args)]
pub(crate) struct BestmoveArgs {
    /// The game record (a rule set, then moves).
    #[arg(required = true)]
    record: Vec<String>,
    /// Milliseconds to think (by default the level's own).
    #[arg(long)]
    movetime: Option<u64>,
    /// The level, 1 (Recruit) to 5 (Marshal).
    #[arg(long, default_value = "5", value_parser = crate::options::level)]
    level: Level,
    #[command(flatten)]
    sources: Sources,
}

/// Prints one line, the move.
pub(crate) fn bestmove(args: BestmoveArgs) -> Result<(), String> {
    let record: Record = crate::options::record(&args.record)?;
    let game = Game::from_record(&record).map_err(|e| e.to_string())?;
    let proved = crate::perfect::Proved::load(&args.sources, &record.rules);
    let level = args.level;
    let budget = args.movetime.map(|ms| Limits::of_millis(ms as f64));
    let mut engine = Engine::new(TABLE_MIB);
    let now = clock();
    let choice = level
        .choose(
            &mut engine,
            &game,
            budget,
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

/// `asalto analyse`: the search's iterations.
#[derive(Debug, clap::Args)]
pub(crate) struct AnalyseArgs {
    /// The game record (a rule set, then moves).
    #[arg(required = true)]
    record: Vec<String>,
    /// Milliseconds to think.
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    #[command(flatten)]
    sources: Sources,
}

/// The search's iterations, one line each: depth, score, nodes,
/// milliseconds and the expected line; where the tables or the
/// certificate prove the position, "proved win" or "proved loss" for the
/// side to move instead of the score, and the proved move as the best.
pub(crate) fn analyse(args: AnalyseArgs) -> Result<(), String> {
    let record: Record = crate::options::record(&args.record)?;
    let game = Game::from_record(&record).map_err(|e| e.to_string())?;
    let proved = crate::perfect::Proved::load(&args.sources, &record.rules);
    let value = proved.value(game.position()).map(|v| match v {
        Value::Win => "proved win",
        Value::Loss => "proved loss",
    });
    let limits = Limits {
        millis: Some(args.movetime as f64),
        ..Limits::default()
    };
    let mut engine = Engine::new(TABLE_MIB);
    // As the Marshal judges this rule set.
    engine.set_weights(Weights::for_rules(game.rules()));
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
            value.map_or_else(|| r.score.to_string(), str::to_owned),
            r.nodes,
            r.millis,
            line.join(" ")
        );
    });
    let last = match result {
        Some(r) => format!(
            "best {} ({} nodes, {:.1} M nodes/s)",
            MoveText::from_move(&start, &proved.choose(&start, r.best)),
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
