//! `asalto tables`: endgame tables with `asalto_solve::tables` (build,
//! check, sample, probe, refill); the packs' commands are in
//! `pack.rs`.

use std::io::Write;
use std::ops::RangeInclusive;
use std::path::Path;

use asalto_core::{Game, Record, Rules};
use asalto_solve::Value;
use asalto_solve::tables::{SliceProgress, Tables, TablesError, rules_in};

use crate::disk::{Lock, room};
use crate::labelled::{Label, line};
use crate::options::Tiers;
use crate::tiers::{duration, finished, print_values};

/// `asalto tables`: endgame tables and their packs.
#[derive(Debug, clap::Subcommand)]
pub(crate) enum Command {
    /// Build endgame tables up to N attackers slice by slice (resumable:
    /// run it again to go on)
    Build {
        #[command(flatten)]
        tier: Tier,
        /// Threads (every core by default).
        #[arg(long)]
        threads: Option<usize>,
        /// MiB of slices kept in memory.
        #[arg(long, default_value_t = 8 * 1024)]
        memory_mib: u64,
    },
    /// Re-derive random table (or pack) entries from their successors with
    /// the rules engine
    Check {
        /// The tables' folder (or --pack).
        #[arg(required_unless_present = "pack")]
        dir: Option<String>,
        /// A pack instead: its index file, folder or https:// address.
        #[arg(long, conflicts_with = "dir")]
        pack: Option<String>,
        /// Positions a tier.
        #[arg(long, default_value_t = 10_000)]
        samples: u64,
        #[command(flatten)]
        tiers: Tiers,
        /// The positions' seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// MiB of a pack's decoded blocks kept in memory.
        #[arg(long, default_value_t = 4 * 1024, requires = "pack")]
        memory_mib: usize,
    },
    /// Print N random positions a tier with their exact values (labelled
    /// lines: position TAB win|loss)
    Sample {
        /// The tables' folder.
        dir: String,
        /// Positions a tier.
        #[arg(long)]
        count: u64,
        #[command(flatten)]
        tiers: Tiers,
        /// The positions' seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Print the value of the position for its side to move, and of every
    /// legal move
    Probe {
        /// The game record (a rule set, then moves).
        #[arg(required = true)]
        record: Vec<String>,
        /// The tables' folder.
        #[arg(long, required_unless_present = "pack", conflicts_with = "pack")]
        dir: Option<String>,
        /// A pack: its index file, folder or https:// address.
        #[arg(long)]
        pack: Option<String>,
    },
    /// Pack the tables for static hosting: an index, data parts and
    /// manifest.json (resumable)
    Pack(crate::pack::PackArgs),
    /// Time random positions and their moves read from a pack, cold and
    /// warm
    Bench(crate::pack::BenchArgs),
    /// Fill every K-th sealed slice of a tier again and compare it with its
    /// file
    Refill {
        #[command(flatten)]
        tier: Tier,
        /// Every how many slices.
        #[arg(long, default_value_t = 15)]
        every: usize,
        /// Seconds at most.
        #[arg(long, default_value_t = 60)]
        seconds: u64,
    },
    /// Value every position of rules whose positions repeat (win, draw or
    /// loss), slice by slice (resumable with --dir), and print each slice's
    /// figures
    Draws(crate::draws::Args),
}

/// A rule set's tables up to a tier, in a folder.
#[derive(Debug, clap::Args)]
pub(crate) struct Tier {
    /// The rule set.
    rules: String,
    /// The most attackers.
    #[arg(long)]
    attackers: u32,
    /// The tables' folder.
    #[arg(long)]
    dir: String,
}

/// Runs a `tables` command.
pub(crate) fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Build {
            tier,
            threads,
            memory_mib,
        } => build(&tier, threads, memory_mib << 20),
        Command::Check {
            dir,
            pack,
            samples,
            tiers,
            seed,
            memory_mib,
        } => match (pack, dir) {
            (Some(path), _) => {
                crate::pack::check(&path, tiers.range(), (samples, seed), memory_mib << 20)
            }
            (None, Some(dir)) => check(&dir, &tiers.range(), samples, seed),
            (None, None) => Err("tables check takes a folder of tables, or --pack".to_owned()),
        },
        Command::Sample {
            dir,
            count,
            tiers,
            seed,
        } => sample(&dir, count, &tiers.range(), seed),
        Command::Probe { record, dir, pack } => probe(&record, dir.as_deref(), pack.as_deref()),
        Command::Pack(args) => crate::pack::pack(args),
        Command::Bench(args) => crate::pack::bench(args),
        Command::Refill {
            tier,
            every,
            seconds,
        } => refill(&tier, every, seconds as f64),
        Command::Draws(args) => crate::draws::run(&args),
    }
}

/// `asalto tables refill`: fills every `every`-th sealed slice of the tier
/// again on one thread (at most `seconds`) and compares it with its file.
fn refill(tier: &Tier, every: usize, seconds: f64) -> Result<(), String> {
    let (rules, dir, asked) = tier.asked()?;
    let done =
        Tables::refill(&rules, Path::new(dir), asked, every, seconds).map_err(|e| e.to_string())?;
    println!(
        "tier {asked}: {} slices filled again in {:.1} s ({:.2} slices/s, {:.1} M positions/s), {} differ from their files",
        done.slices,
        done.seconds,
        done.slices as f64 / done.seconds.max(1e-9),
        done.positions as f64 / done.seconds.max(1e-9) / 1e6,
        done.differ
    );
    if done.differ > 0 {
        return Err(format!("{} slices differ from their files", done.differ));
    }
    Ok(())
}

impl Tier {
    /// The rule set, the folder and the attackers.
    fn asked(&self) -> Result<(Rules, &str, u32), String> {
        let rules: Rules = self.rules.parse().map_err(|e| format!("{e}"))?;
        Ok((rules, &self.dir, self.attackers))
    }
}

fn build(tier: &Tier, threads: Option<usize>, memory: u64) -> Result<(), String> {
    let (rules, dir, asked) = tier.asked()?;
    let threads =
        threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    std::fs::create_dir_all(dir).map_err(|e| format!("{dir}: {e}"))?;
    if let Some(code) = again_returning_memory() {
        std::process::exit(code);
    }
    let _lock = Lock::take(Path::new(dir))?;
    Tables::sliceable(&rules).map_err(|e| e.to_string())?;
    let start = std::time::Instant::now();
    sliced(&rules, asked, Path::new(dir), threads, memory)?;
    println!(
        "tables of {} to {asked} attackers in {dir}, slice by slice: {} with {threads} threads",
        asalto_solve::tables::table_rules(&rules),
        duration(start.elapsed().as_secs_f64())
    );
    Ok(())
}

/// Builds the tiers up to `asked` slice by slice, saying how it goes every
/// ten seconds and stopping when the disk fills.
fn sliced(
    rules: &Rules,
    asked: u32,
    dir: &Path,
    threads: usize,
    memory: u64,
) -> Result<(), String> {
    let (mut said, mut checked) = (-10.0, -60.0);
    // The rate over the last minute or so: a run that continues starts
    // with tiers cut from files, far faster than filling.
    let mut window = std::collections::VecDeque::from([(0.0, 0u64)]);
    let mut report = |p: &SliceProgress| {
        if p.seconds - checked >= 60.0 {
            checked = p.seconds;
            room(dir).map_err(TablesError::Stopped)?;
        }
        if p.seconds - said >= 10.0 || p.slices.0 == p.slices.1 {
            said = p.seconds;
            window.push_back((p.seconds, p.positions.0));
            while window.len() > 7 {
                window.pop_front();
            }
            let (t0, n0) = window[0];
            let rate = (p.positions.0 - n0) as f64 / (p.seconds - t0).max(1e-3);
            eprintln!(
                "tier {}: slice {} of {}, {:.1} M positions/s, {:.1} % of slices read from disk, {}{:.2} GB written, {} left to tier {asked} (running {})",
                p.attackers,
                p.slices.0,
                p.slices.1,
                rate / 1e6,
                100.0 * p.reads.0 as f64 / p.reads.1.max(1) as f64,
                resident().map_or(String::new(), |b| format!(
                    "{:.1} GB in memory, ",
                    b as f64 / 1e9
                )),
                p.written as f64 / 1e9,
                duration(p.positions.1 as f64 / rate.max(1.0)),
                duration(p.seconds),
            );
        }
        Ok(())
    };
    Tables::build_sliced(rules, asked, dir, threads, memory, &mut report).map_err(|e| e.to_string())
}

/// glibc's variable that fixes the size above which an allocation is
/// mapped on its own and returned to the system when freed.
const MMAP_THRESHOLD: &str = "MALLOC_MMAP_THRESHOLD_";

/// Under glibc, runs this command again with [`MMAP_THRESHOLD`] at 64 KiB
/// and returns its exit code (`None` elsewhere, or when it is set). The
/// build frees slices of every size, and glibc keeps freed blocks below a
/// threshold it raises as it goes: a build whose slices were kept within
/// 10 GiB held 17.6 GB after 45 minutes, and 8.6–10.9 GB over 50 minutes
/// with the threshold fixed. glibc reads it when the process starts, hence the
/// second process.
fn again_returning_memory() -> Option<i32> {
    if !cfg!(all(target_os = "linux", target_env = "gnu"))
        || std::env::var_os(MMAP_THRESHOLD).is_some()
    {
        return None;
    }
    let status = std::process::Command::new(std::env::current_exe().ok()?)
        .args(std::env::args_os().skip(1))
        .env(MMAP_THRESHOLD, "65536")
        .status()
        .ok()?;
    Some(status.code().unwrap_or(1))
}

/// The bytes of memory this process holds (its resident set), where the
/// system says (`/proc/self/status` on Linux).
pub(crate) fn resident() -> Option<u64> {
    kib_of("/proc/self/status", "VmRSS:")
}

/// The bytes of memory the system can still give (`/proc/meminfo` on
/// Linux).
pub(crate) fn available() -> Option<u64> {
    kib_of("/proc/meminfo", "MemAvailable:")
}

/// The figure in kiB on the line of `file` that starts with `label`, in
/// bytes.
fn kib_of(file: &str, label: &str) -> Option<u64> {
    let text = std::fs::read_to_string(file).ok()?;
    let line = text.lines().find(|l| l.starts_with(label))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib << 10)
}

/// `asalto tables check DIR`: random positions of each tier re-derived
/// from their successors by the rules engine.
fn check(dir: &str, range: &RangeInclusive<u32>, samples: u64, seed: u64) -> Result<(), String> {
    for tables in holding(dir, range)? {
        let checked = tables
            .check(range.clone(), samples, seed)
            .map_err(|e| e.to_string())?;
        println!("{}", tables.rules());
        for (attackers, n, wins) in checked.tiers {
            println!(
                "  {attackers} attackers: {n} positions re-derived from their successors, none wrong ({wins} won by the side to move)"
            );
        }
    }
    Ok(())
}

/// `asalto tables sample DIR --count N`: `N` random positions in play of
/// each tier of `range`, both sides to move, with their exact values, as
/// labelled lines.
fn sample(dir: &str, count: u64, range: &RangeInclusive<u32>, seed: u64) -> Result<(), String> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for tables in holding(dir, range)? {
        for (text, won) in tables
            .sample(range.clone(), count, seed)
            .map_err(|e| e.to_string())?
        {
            // A closed pipe (`| head`) ends the output, not the program.
            if writeln!(out, "{}", line(&text, Label::of(won))).is_err() {
                return Ok(());
            }
        }
    }
    Ok(())
}

/// The tables in `dir` (one set a rule set) that hold a tier of `range`;
/// an error saying which tiers `dir` holds where none does, so that a
/// tier not yet built is never answered by silence.
fn holding(dir: &str, range: &RangeInclusive<u32>) -> Result<Vec<Tables>, String> {
    let (mut held, mut others) = (Vec::new(), Vec::new());
    for rules in rules_in(Path::new(dir)).map_err(|e| e.to_string())? {
        let tables = Tables::load(&rules, Path::new(dir)).map_err(|e| e.to_string())?;
        let tiers = tables.attackers();
        if tiers.start() <= range.end() && range.start() <= tiers.end() {
            held.push(tables);
        } else {
            others.push(format!("{}-{}", tiers.start(), tiers.end()));
        }
    }
    if held.is_empty() {
        let asked = match (range.start(), range.end()) {
            (a, b) if a == b => a.to_string(),
            (a, b) => format!("{a}-{b}"),
        };
        return Err(format!(
            "{dir} holds no tier of {asked} attackers (its tiers: {})",
            if others.is_empty() {
                "none".to_owned()
            } else {
                others.join(", ")
            }
        ));
    }
    Ok(held)
}

/// `asalto tables probe RECORD --dir DIR`: the value of the position
/// after the record for its side to move, and of every legal move for the
/// side that makes it (a placement's too), as the tables prove them.
fn probe(record: &[String], dir: Option<&str>, pack: Option<&str>) -> Result<(), String> {
    let record: Record = crate::options::record(record)?;
    let game = Game::from_record(&record).map_err(|e| e.to_string())?;
    if let Some(path) = pack {
        return crate::pack::probe(&record.rules, game.position(), path);
    }
    let dir = dir.ok_or("tables probe needs --dir DIR or --pack PATH")?;
    let tables = Tables::load(&record.rules, Path::new(dir)).map_err(|e| e.to_string())?;
    let pos = *game.position();
    let moves = pos.legal_moves().into_iter().map(|m| {
        let mut next = pos;
        next.play_unchecked(&m);
        let won = tables.wins_by_moving(&pos, &next);
        (m, won.map(|won| if won { Value::Win } else { Value::Loss }))
    });
    print_values(&pos, finished(&pos).or_else(|| tables.value(&pos)), moves);
    match tables.damage() {
        Some(damage) => Err(damage),
        None => Ok(()),
    }
}
