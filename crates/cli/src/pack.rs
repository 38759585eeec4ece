//! `asalto tables pack`, `tables bench --pack`, and the `--pack` forms of
//! `tables check` and `tables probe`: packs of endgame tables for static
//! hosting (`asalto_solve::tables::pack`).

use std::ops::RangeInclusive;
use std::path::Path;

use asalto_core::{Position, Rules};
use asalto_solve::tables::pack::{self, PackFiles};
use asalto_solve::tables::{rules_in, table_rules};

use crate::options::Tiers;
use crate::tiers::{duration, finished, print_values};

/// The pack at `path`: a file or folder, or an `http(s)://` address.
pub(crate) fn open(path: &str) -> Result<PackFiles, pack::PackError> {
    if crate::http::is_address(path) {
        crate::http::open(path)
    } else {
        PackFiles::open(Path::new(path))
    }
}

/// `asalto tables check --pack PATH`: random positions of each tier
/// re-derived from their successors through the pack alone.
pub(crate) fn check(
    path: &str,
    range: RangeInclusive<u32>,
    (samples, seed): (u64, u64),
    memory: usize,
) -> Result<(), String> {
    let start = std::time::Instant::now();
    let mut files = open(path).map_err(|e| e.to_string())?;
    println!("{}", files.pack().rules());
    files
        .check(range, samples, seed, memory, &mut |t| {
            println!(
                "  {} attackers: {} positions re-derived from their successors through the pack, none wrong ({} won by the {} to move; {})",
                t.attackers,
                t.positions,
                t.won,
                t.side.name(),
                duration(start.elapsed().as_secs_f64())
            );
        })
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// `asalto tables probe RECORD --pack PATH`: the tables' probe from a pack
/// (its index file, or the folder that holds it), with the reads it took.
pub(crate) fn probe(rules: &Rules, pos: &Position, path: &str) -> Result<(), String> {
    let start = std::time::Instant::now();
    let mut files = open(path).map_err(|e| e.to_string())?;
    if !files.pack().covers(rules) {
        return Err(format!(
            "{path} holds tables of {}, not of {}",
            files.pack().rules(),
            table_rules(rules)
        ));
    }
    let value = match finished(pos) {
        Some(v) => Some(v),
        None => files.value(pos).map_err(|e| e.to_string())?,
    };
    let reads = files.requests();
    print_values(pos, value, files.moves(pos).map_err(|e| e.to_string())?);
    eprintln!(
        "{reads} reads for the position (after the header), {} for it and its moves in {} rounds, {:.1} ms",
        files.requests(),
        files.rounds(),
        start.elapsed().as_secs_f64() * 1e3
    );
    Ok(())
}

/// `asalto tables pack`: a folder of tables as a pack for static hosting.
#[derive(Debug, clap::Args)]
pub(crate) struct PackArgs {
    /// The tables' folder (one rule set's).
    dir: String,
    /// The pack's folder.
    out: String,
    #[command(flatten)]
    tiers: Tiers,
    /// The most MiB of a data part.
    #[arg(long, default_value_t = pack::PART_LIMIT >> 20)]
    part_mib: u64,
    /// The side to move whose bits each tier stores: attacker, defender,
    /// or the smaller.
    #[arg(long, default_value = "smaller", value_parser = ["attacker", "defender", "smaller"])]
    store: String,
    /// Tiers packed at once, each on a thread.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
}

/// Packs the tables in `DIR` into the folder `OUT`, each tier with the
/// bits of the side to move named (by default the one whose bits take
/// fewer bytes).
pub(crate) fn pack(args: PackArgs) -> Result<(), String> {
    let side = match args.store.as_str() {
        "attacker" => Some(asalto_core::Side::Attacker),
        "defender" => Some(asalto_core::Side::Defender),
        _ => None,
    };
    let (dir, out) = (&args.dir, &args.out);
    let found = rules_in(Path::new(dir)).map_err(|e| e.to_string())?;
    let [rules] = found.as_slice() else {
        return Err(format!(
            "{dir} holds tables of {} rule sets: pack them from folders of one each",
            found.len()
        ));
    };
    let limit = args.part_mib << 20;
    let start = std::time::Instant::now();
    let packed = pack::pack(
        rules,
        Path::new(dir),
        Path::new(out),
        args.tiers.range(),
        pack::PackOptions {
            part_limit: limit,
            store: side,
            threads: args.threads.into(),
        },
        &mut |t| {
            eprintln!(
                "tier {}: {} positions, the {}'s bits stored ({:.2} MB, the other side's {}{:.2} MB), {} entries, {:.4} bits a position ({})",
                t.attackers,
                t.positions(),
                t.side.name(),
                t.bytes as f64 / 1e6,
                if t.other_stopped { "more than " } else { "" },
                t.other as f64 / 1e6,
                t.entries,
                t.bits_a_position(),
                duration(start.elapsed().as_secs_f64())
            );
            Ok(())
        },
    )
    .map_err(|e| e.to_string())?;
    let bytes: u64 = packed.files.iter().map(|f| f.1).sum();
    let positions: u64 = packed.tiers.iter().map(|t| t.positions()).sum();
    println!(
        "{}: {} files, {:.3} GB, {:.4} bits a position, in {}",
        packed.index.display(),
        packed.files.len(),
        bytes as f64 / 1e9,
        bytes as f64 * 8.0 / positions.max(1) as f64,
        duration(start.elapsed().as_secs_f64())
    );
    Ok(())
}

/// `asalto tables bench`: probes of a pack timed, cold and warm.
#[derive(Debug, clap::Args)]
pub(crate) struct BenchArgs {
    /// The pack: its index file, folder or https:// address.
    #[arg(long)]
    pack: String,
    /// Positions a tier and side to move.
    #[arg(long, default_value_t = 200)]
    count: u64,
    #[command(flatten)]
    tiers: Tiers,
    /// The positions' seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// The value of `count` random positions of each tier (either side to
/// move) and of their moves, each read cold (the pack opened again, its
/// header read once) and then warm: the rounds of reads (95th percentile
/// and most) and the reads the value takes alone, the reads with its
/// moves', and the times, median and 95th percentile.
pub(crate) fn bench(args: BenchArgs) -> Result<(), String> {
    let (path, count, range) = (args.pack.as_str(), args.count, args.tiers.range());
    let mut rng = asalto_core::dense::Rng::new(args.seed);
    let err = |e: pack::PackError| e.to_string();
    let first = open(path).map_err(err)?;
    let rules: Rules = first.pack().rules().parse().map_err(|e| format!("{e}"))?;
    let percentiles = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
        (at(0.5), at(0.95), v.last().copied().unwrap_or(0.0))
    };
    println!(
        "cold: the pack opened again for each position (its header read once); reads and ms: median, 95th percentile, most"
    );
    println!(
        "tier  side      rounds: value  reads: value        value and moves   cold ms             warm ms"
    );
    for a in first.pack().attackers().filter(|a| range.contains(a)) {
        for turn in [asalto_core::Side::Attacker, asalto_core::Side::Defender] {
            let (mut reads, mut cold, mut warm) = (Vec::new(), Vec::new(), Vec::new());
            let (mut alone, mut rounds) = (Vec::new(), Vec::new());
            while (reads.len() as u64) < count {
                let Some((_, pos)) = first.pack().random(&rules, a, turn, &mut rng) else {
                    continue;
                };
                let mut files = open(path).map_err(err)?;
                let start = std::time::Instant::now();
                files.value(&pos).map_err(err)?;
                alone.push(files.requests() as f64);
                rounds.push(files.rounds() as f64);
                files.moves(&pos).map_err(err)?;
                cold.push(start.elapsed().as_secs_f64() * 1e3);
                reads.push(files.requests() as f64);
                let start = std::time::Instant::now();
                files.value(&pos).map_err(err)?;
                files.moves(&pos).map_err(err)?;
                warm.push(start.elapsed().as_secs_f64() * 1e3);
            }
            let (r, c, w) = (
                percentiles(&mut reads),
                percentiles(&mut cold),
                percentiles(&mut warm),
            );
            let (v, t) = (percentiles(&mut alone), percentiles(&mut rounds));
            println!(
                "{a:>4}  {:<8}  {:>5.0} {:>5.0}      {:>5.0} {:>5.0} {:>5.0}     {:>5.0} {:>5.0} {:>5.0}     {:>7.2} {:>7.2}     {:>7.3} {:>7.3}",
                turn.name(),
                t.1,
                t.2,
                v.0,
                v.1,
                v.2,
                r.0,
                r.1,
                r.2,
                c.0,
                c.1,
                w.0,
                w.1
            );
        }
    }
    Ok(())
}
