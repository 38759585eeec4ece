//! `asalto match`: one evaluation against another, the Marshal on both
//! sides, paired games (each opening played once with either evaluation
//! attacking), on one or more rule sets; the new weights' share of the
//! points and what it means in Elo.

use asalto_core::{Rules, Side};
use asalto_search::{Bot, Level, Weights};

use crate::selfplay::{Match, play_games};

/// `asalto match`: one evaluation's weights against another's, the
/// Marshal on both sides.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The rule sets to play.
    #[arg(required = true)]
    rules: Vec<String>,
    /// The new evaluation's weights file.
    #[arg(long)]
    weights: String,
    /// The old one's (by default the crate's for each rule set).
    #[arg(long)]
    against: Option<String>,
    /// Games a side on each rule set.
    #[arg(long, default_value_t = 10)]
    games: u64,
    /// Milliseconds a move.
    #[arg(long, default_value_t = 100)]
    movetime: u64,
    /// Positions a move, in place of the time (the same games on any
    /// machine).
    #[arg(long)]
    nodes: Option<u64>,
    /// Plies of each opening, played by a Soldier.
    #[arg(long, default_value_t = 4)]
    opening: usize,
    /// The openings' seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

/// Plays the games and prints the new weights' share of the points.
pub(crate) fn run(args: Args) -> Result<(), String> {
    let new = crate::options::weights(Some(&args.weights))?;
    let against = crate::options::weights(args.against.as_deref())?;
    let matched = Match {
        games: args.games,
        millis: Some(args.movetime as f64),
        nodes: args.nodes,
        opening: args.opening,
        seed: args.seed,
    };
    let marshal = [Bot::Level(Level::Marshal); 2];
    println!(
        "new {} against old {}: the Marshal at {}, {} games a side a rule set, the first {} plies of each by a Soldier",
        args.weights,
        args.against
            .as_deref()
            .unwrap_or("(the crate's weights for each rule set)"),
        matched.budget(0.0),
        matched.games,
        matched.opening
    );
    let (mut points, mut games) = (0.0, 0);
    for text in &args.rules {
        let rules: Rules = text.parse().map_err(|e| format!("{text}: {e}"))?;
        let mut line = format!("  {rules}:");
        let mut here = 0.0;
        let old = against
            .clone()
            .unwrap_or_else(|| Weights::for_rules(&rules));
        for side in [Side::Attacker, Side::Defender] {
            let weights = match side {
                Side::Attacker => [new.clone(), Some(old.clone())],
                Side::Defender => [Some(old.clone()), new.clone()],
            };
            let tally = play_games(&rules, marshal, weights, matched, &mut |_, _, _| {})?;
            let own = tally.wins[usize::from(side == Side::Defender)] as f64;
            let scored = own + tally.draws as f64 / 2.0;
            here += scored;
            line.push_str(&format!(
                " as the {} {scored} of {} ({} draws);",
                side.name(),
                tally.games,
                tally.draws
            ));
        }
        let n = 2 * matched.games;
        line.push_str(&format!(" {:.1} %", 100.0 * here / n as f64));
        println!("{line}");
        points += here;
        games += n;
    }
    let share = points / games.max(1) as f64;
    let (elo, margin) = elo(share, games);
    println!(
        "new scored {points} of {games} ({:.1} %): {elo:+.0} Elo ± {margin:.0} (95 %)",
        100.0 * share
    );
    Ok(())
}

/// The Elo difference a share of the points means, and its 95 % margin
/// (from the binomial spread of the share, draws counted as half wins).
fn elo(share: f64, games: u64) -> (f64, f64) {
    let of = |s: f64| -400.0 * (1.0 / s.clamp(0.001, 0.999) - 1.0).log10();
    let spread = 1.96 * (share * (1.0 - share) / games.max(1) as f64).sqrt();
    let e = of(share);
    (e, (of(share + spread) - of(share - spread)) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::elo;

    #[test]
    fn even_is_zero_and_more_games_are_surer() {
        assert!(elo(0.5, 100).0.abs() < 1e-9);
        assert!(elo(0.65, 100).0 > 100.0);
        assert!(elo(0.6, 1000).1 < elo(0.6, 100).1);
    }
}
