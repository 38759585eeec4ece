//! `asalto tables`: endgame tables with `asalto_solve::tables` (build,
//! check, sample, probe, repack, refill); the packs' commands are in
//! `pack.rs`.

use std::io::Write;
use std::ops::RangeInclusive;
use std::path::Path;

use asalto_core::{Game, Record, Rules};
use asalto_solve::Value;
use asalto_solve::tables::{SliceProgress, Tables, TablesError, rules_in};

use crate::labelled::{Label, line};
use crate::options::Options;
use crate::tiers::{attackers, duration, finished, print_values};

/// Runs `asalto tables build RULES --attackers N --dir DIR [--threads T]`
/// or `asalto tables check DIR [--samples N] [--attackers A[-B]]`.
pub fn run(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("build") => build(&args[1..]),
        Some("check") => check(&args[1..]),
        Some("sample") => sample(&args[1..]),
        Some("probe") => probe(&args[1..]),
        Some("repack") => repack(&args[1..]),
        Some("refill") => refill(&args[1..]),
        Some("pack") => crate::pack::pack(&args[1..]),
        Some("bench") => crate::pack::bench(&args[1..]),
        _ => Err("tables takes build RULES --attackers N --dir DIR [--threads T] [--memory-mib M], check DIR [--samples N] [--attackers A[-B]], sample DIR --count N [--attackers A[-B]] [--seed S], probe RECORD (--dir DIR | --pack PATH), pack DIR OUT [--attackers A[-B]] [--part-mib M] [--store attacker|defender|smaller], bench --pack PATH [--count N] [--attackers A[-B]] [--seed S], repack RULES --dir DIR [--attackers A[-B]], or refill RULES --dir DIR --attackers N [--every K] [--seconds S]".to_owned()),
    }
}

/// `asalto tables refill RULES --dir DIR --attackers N [--every K]
/// [--seconds S]`: fills every `K`-th sealed slice of tier `N` again on
/// one thread (at most `S` seconds) and compares it with its file.
fn refill(args: &[String]) -> Result<(), String> {
    let options = Options::parse(args, &["dir", "attackers", "every", "seconds"])?;
    let (rules, dir, asked) = tier_asked(&options, "refill")?;
    let every = options.number("every")?.unwrap_or(15) as usize;
    let seconds = options.number("seconds")?.unwrap_or(60) as f64;
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

/// The rule set, `--dir` and `--attackers` of `tables COMMAND`.
fn tier_asked<'a>(options: &'a Options, command: &str) -> Result<(Rules, &'a str, u32), String> {
    let [rules] = options.rest.as_slice() else {
        return Err(format!("tables {command} takes one rule set"));
    };
    let rules: Rules = rules.parse().map_err(|e| format!("{e}"))?;
    let asked = options
        .number("attackers")?
        .ok_or(format!("tables {command} needs --attackers N"))?;
    let asked = u32::try_from(asked).map_err(|e| e.to_string())?;
    let dir = options
        .value("dir")
        .ok_or(format!("tables {command} needs --dir DIR"))?;
    Ok((rules, dir, asked))
}

/// Disk space a build leaves free, for everything else on the disk.
const DISK_RESERVE: u64 = 15 << 30;

fn build(args: &[String]) -> Result<(), String> {
    let options = Options::parse(args, &["attackers", "dir", "threads", "memory-mib"])?;
    let (rules, dir, asked) = tier_asked(&options, "build")?;
    let threads = match options.number("threads")? {
        Some(t) => t as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let memory = options.number("memory-mib")?.unwrap_or(8 * 1024) << 20;
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
            let free = free_disk(dir).map_err(TablesError::Stopped)?;
            if free < DISK_RESERVE {
                return Err(TablesError::Stopped(format!(
                    "{:.1} GB left on the disk, {:.0} GB must stay free: the build stops here (run it again with room)",
                    free as f64 / 1e9,
                    DISK_RESERVE as f64 / 1e9
                )));
            }
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

/// A build's claim on its directory: `build.lock` holding its process
/// id, removed when the build ends. A lock whose process is gone (a
/// build that was killed) is taken over.
struct Lock(std::path::PathBuf);

impl Lock {
    fn take(dir: &Path) -> Result<Lock, String> {
        let path = dir.join("build.lock");
        if let Ok(pid) = std::fs::read_to_string(&path) {
            let pid = pid.trim();
            if Path::new("/proc").join(pid).exists() && pid != std::process::id().to_string() {
                return Err(format!(
                    "another build (process {pid}) is writing {}; if it is not, remove {}",
                    dir.display(),
                    path.display()
                ));
            }
        }
        std::fs::write(&path, std::process::id().to_string())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Lock(path))
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Bytes free on the disk that holds `dir` (`df`, in kibibytes).
fn free_disk(dir: &Path) -> Result<u64, String> {
    let out = std::process::Command::new("df")
        .arg("-Pk")
        .arg(dir)
        .output()
        .map_err(|e| {
            format!(
                "df {}: {e} (the free disk space is checked first)",
                dir.display()
            )
        })?;
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .nth(1)
        .and_then(|l| l.split_whitespace().nth(3))
        .and_then(|k| k.parse::<u64>().ok())
        .map(|k| k << 10)
        .ok_or_else(|| format!("df could not tell the free space of {}", dir.display()))
}

fn check(args: &[String]) -> Result<(), String> {
    let options = Options::parse(args, &["samples", "attackers", "seed", "pack"])?;
    let samples = options.number("samples")?.unwrap_or(10_000);
    let range = attackers(&options)?;
    let seed = options.number("seed")?.unwrap_or(1);
    if let Some(path) = options.value("pack") {
        return crate::pack::check(path, range, samples, seed);
    }
    let [dir] = options.rest.as_slice() else {
        return Err("tables check takes one directory, or --pack PATH".to_owned());
    };
    for tables in holding(dir, &range)? {
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

/// `asalto tables sample DIR --count N [--attackers A[-B]] [--seed S]`:
/// `N` random positions in play of each tier (or of tiers `A` to `B`),
/// both sides to move, with their exact values, as labelled lines.
fn sample(args: &[String]) -> Result<(), String> {
    let options = Options::parse(args, &["count", "attackers", "seed"])?;
    let [dir] = options.rest.as_slice() else {
        return Err("tables sample takes one directory".to_owned());
    };
    let count = options
        .number("count")?
        .ok_or("tables sample needs --count N")?;
    let range = attackers(&options)?;
    let seed = options.number("seed")?.unwrap_or(1);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for tables in holding(dir, &range)? {
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

/// `asalto tables repack RULES --dir DIR [--attackers A[-B]]`: writes
/// again, deflated, the slices that builds before deflate wrote.
fn repack(args: &[String]) -> Result<(), String> {
    let options = Options::parse(args, &["dir", "attackers"])?;
    let [rules] = options.rest.as_slice() else {
        return Err("tables repack takes one rule set".to_owned());
    };
    let rules: Rules = rules.parse().map_err(|e| format!("{e}"))?;
    let dir = options
        .value("dir")
        .ok_or("tables repack needs --dir DIR")?;
    if !Path::new(dir).is_dir() {
        return Err(format!("{dir} is not a directory of tables"));
    }
    let _lock = Lock::take(Path::new(dir))?;
    let mut rewritten = 0;
    Tables::repack(
        &rules,
        Path::new(dir),
        attackers(&options)?,
        &mut |a, n, before, after| {
            rewritten += n;
            if n > 0 {
                println!(
                    "tier {a}: {n} slices rewritten, {:.2} GB → {:.2} GB",
                    before as f64 / 1e9,
                    after as f64 / 1e9
                );
            }
        },
    )
    .map_err(|e| e.to_string())?;
    if rewritten == 0 {
        println!("nothing to rewrite: {dir} holds no slices of these rules in an older coding");
    }
    Ok(())
}

/// `asalto tables probe RECORD --dir DIR`: the value of the position
/// after the record for its side to move, and of every legal move for the
/// side that makes it (a placement's too), as the tables prove them.
fn probe(args: &[String]) -> Result<(), String> {
    let options = Options::parse(args, &["dir", "pack"])?;
    let record: Record = options.rest.join(" ").parse().map_err(|e| format!("{e}"))?;
    let game = Game::from_record(&record).map_err(|e| e.to_string())?;
    if let Some(path) = options.value("pack") {
        return crate::pack::probe(&record.rules, game.position(), path);
    }
    let dir = options
        .value("dir")
        .ok_or("tables probe needs --dir DIR or --pack PATH")?;
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
