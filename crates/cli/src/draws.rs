//! `asalto tables draws`: win, draw or loss for every position of rules
//! whose positions repeat (`asalto_solve::draws::Sliced`), slice by slice,
//! in memory or, with `--dir`, a file a slice that a build run again goes
//! on from. A line a slice, then the totals, and once every tier of the
//! start is built, the start's value and each first move's. `--check N`
//! checks the tiers built instead, N random positions each.

use std::path::Path;

use asalto_core::{MoveText, Position, Rules};
use asalto_solve::draws::{SliceSolved, Sliced};
use asalto_solve::tables::TablesError;

use crate::disk::{Lock, room};

/// `asalto tables draws`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The rule set.
    rules: String,
    /// The most attackers.
    #[arg(long)]
    attackers: u32,
    /// A folder to keep the slices in (a build run again goes on from
    /// them); without it, all are held in memory.
    #[arg(long)]
    dir: Option<String>,
    /// MiB of solved slices kept in memory (with --dir).
    #[arg(long, default_value_t = 4096)]
    memory_mib: u64,
    /// Threads (with --dir; every core by default).
    #[arg(long)]
    threads: Option<usize>,
    /// Stop after solving this many slices.
    #[arg(long)]
    slices: Option<u64>,
    /// Instead of building, check the tiers built in --dir up to
    /// --attackers (from --from): this many random positions a tier, each
    /// value re-derived from its moves' values.
    #[arg(long)]
    check: Option<u64>,
    /// The lowest tier to check.
    #[arg(long)]
    from: Option<u32>,
    /// The checked positions' seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// What the slices solved so far add up to.
#[derive(Debug, Default)]
struct Totals {
    slices: u64,
    positions: u64,
    within: u64,
    counts: [u64; 3],
    deflated: u64,
}

/// Runs the build, a line a slice solved (attackers, defenders, profile,
/// positions, moves within the slice, won/drawn/lost, seconds, bytes
/// deflated), then the totals; stops before the disk has less than
/// 15 GB free (`disk::room`).
pub(crate) fn run(args: &Args) -> Result<(), String> {
    let rules: Rules = args.rules.parse().map_err(|e| format!("{e}"))?;
    if let Some(samples) = args.check {
        return check(args, &rules, samples);
    }
    let start = std::time::Instant::now();
    let most = args.slices.unwrap_or(u64::MAX);
    let mut totals = Totals::default();
    let mut stopped = None;
    // Whether the build stopped before its last slice.
    let mut cut = false;
    let mut checked = f64::NEG_INFINITY;
    let mut report = |s: &SliceSolved| {
        let [w, d, l] = s.counts;
        println!(
            "{} {} {} positions {} within {} won {w} drawn {d} lost {l} {:.2} s deflated {}",
            s.attackers, s.defenders, s.profile, s.positions, s.moves_within, s.seconds, s.deflated
        );
        totals.slices += 1;
        totals.positions += s.positions;
        totals.within += s.moves_within;
        totals.deflated += s.deflated;
        for (c, n) in totals.counts.iter_mut().zip(s.counts) {
            *c += n;
        }
        if let Some(dir) = &args.dir {
            let now = start.elapsed().as_secs_f64();
            if now - checked >= 60.0 {
                checked = now;
                stopped = room(Path::new(dir)).err();
            }
        }
        let go_on = stopped.is_none() && totals.slices < most;
        cut |= !go_on;
        go_on
    };
    let built = match &args.dir {
        Some(dir) => {
            std::fs::create_dir_all(dir).map_err(|e| format!("{dir}: {e}"))?;
            let _lock = Lock::take(Path::new(dir))?;
            let budget = args.memory_mib << 20;
            let threads = args
                .threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            Sliced::build_on_disk(
                &rules,
                args.attackers,
                (Path::new(dir), budget, threads),
                &mut report,
            )
        }
        None => Sliced::build(&rules, args.attackers, &mut report),
    };
    let built = built.map_err(|e: TablesError| e.to_string())?;
    let seconds = start.elapsed().as_secs_f64();
    let Totals {
        slices,
        positions,
        within,
        counts: [w, d, l],
        deflated,
    } = totals;
    println!(
        "{slices} slices solved, {positions} positions (won {w}, drawn {d}, lost {l} for their side to move), {within} moves within slices, {seconds:.1} s, {:.0} positions a second, {deflated} bytes deflated ({:.3} bits a position)",
        positions as f64 / seconds.max(1e-9),
        deflated as f64 * 8.0 / positions.max(1) as f64
    );
    if !cut && holds_the_start(&rules, args.attackers) {
        print_start(&rules, &built)?;
    }
    stopped.map_or(Ok(()), Err)
}

/// `--check`: the tiers built in `--dir`, `samples` positions each, a line
/// a tier.
fn check(args: &Args, rules: &Rules, samples: u64) -> Result<(), String> {
    let dir = args
        .dir
        .as_deref()
        .ok_or("--check reads the slices in --dir")?;
    let opened =
        Sliced::open(rules, (Path::new(dir), args.memory_mib << 20)).map_err(|e| e.to_string())?;
    let lowest = args
        .from
        .unwrap_or_else(|| u32::from(rules.threshold()).max(1));
    let start = std::time::Instant::now();
    opened
        .check(rules, lowest..=args.attackers, (samples, args.seed), &mut |t| {
            let [w, d, l] = t.counts;
            println!(
                "{} attackers: {} positions re-derived from their moves, none wrong (won {w}, drawn {d}, lost {l} for the side to move; {:.0} s)",
                t.attackers,
                t.positions,
                start.elapsed().as_secs_f64()
            );
        })
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// Whether tiers up to `attackers` hold the start of `rules`.
fn holds_the_start(rules: &Rules, attackers: u32) -> bool {
    attackers as usize >= rules.attacker_start().len()
}

/// The start's value for its side to move, then each first move's for
/// its mover.
fn print_start(rules: &Rules, built: &Sliced) -> Result<(), String> {
    let start = Position::new(rules).map_err(|e| e.to_string())?;
    let value = |p: &Position| built.value(p).ok_or("a position outside the tables");
    println!(
        "start: {} for the {} to move",
        value(&start)?,
        start.turn().name()
    );
    for m in start.legal_moves() {
        let next = start.play(&m).map_err(|e| e.to_string())?;
        let mine = value(&next)?.for_mover(next.turn() == start.turn());
        println!("{} {mine}", MoveText::from_move(&start, &m));
    }
    Ok(())
}
