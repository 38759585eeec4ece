//! `asalto review`: a game's review, as `asalto_search::review` makes it —
//! the record with each inaccuracy, mistake and blunder marked and the
//! better move written and drawn, then every position's evaluation as CSV
//! (from the attackers' view, in attackers, ±10 for a won game), for
//! authors who prepare articles offline.

use std::io::Write;

use asalto_core::{Game, MoveText, Record};
use asalto_search::review::{self, Judged};
use asalto_search::{Engine, Limits, TABLE_MIB, Weights};

use crate::options::clock;

/// `asalto review`: a game's mistakes marked, then every position's
/// evaluation as CSV.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The game record (a rule set, then moves).
    #[arg(required = true)]
    record: Vec<String>,
    /// Milliseconds for each position.
    #[arg(long, default_value_t = 200)]
    movetime: u64,
}

/// Prints the review.
pub(crate) fn run(args: Args) -> Result<(), String> {
    let record: Record = crate::options::record(&args.record)?;
    let mut game = Game::from_record(&record).map_err(|e| e.to_string())?;
    if game.moves().is_empty() {
        return Err("the record has no moves: there is nothing to review".to_owned());
    }
    let limits = Limits {
        millis: Some(args.movetime as f64),
        ..Limits::default()
    };
    let mut engine = Engine::new(TABLE_MIB);
    // As the Marshal judges this rule set.
    engine.set_weights(Weights::for_rules(game.rules()));
    let now = clock();
    let judged: Vec<Judged> = (0..=game.moves().len())
        .map(|ply| {
            game.go_to(ply);
            review::judge(&mut engine, &game, &limits, &now)
        })
        .collect();
    let reviews: Vec<_> = game
        .moves()
        .iter()
        .zip(judged.windows(2))
        .map(|(m, pair)| review::review(&pair[0], m, &pair[1]))
        .collect();
    let annotated = review::annotate(&record, &game, &reviews, &review::english);
    let mut out = std::io::stdout().lock();
    let mut lines = vec![annotated.to_string(), String::new()];
    lines.push("ply,move,class,loss,best,attackers".to_owned());
    for (ply, j) in judged.iter().enumerate() {
        let (text, class, loss, best) = match ply.checked_sub(1) {
            Some(i) => {
                let pos = game.position_at(i).ok_or("a position is missing")?;
                let r = &reviews[i];
                let best = r.best.map(|b| MoveText::from_move(pos, &b).to_string());
                (
                    MoveText::from_move(pos, &game.moves()[i]).to_string(),
                    r.class.name(),
                    r.loss.to_string(),
                    best.unwrap_or_default(),
                )
            }
            None => Default::default(),
        };
        lines.push(format!(
            "{ply},{text},{class},{loss},{best},{:.2}",
            j.for_attackers()
        ));
    }
    // A closed pipe (`| head`) ends the output, not the program.
    let _ = writeln!(out, "{}", lines.join("\n"));
    Ok(())
}
