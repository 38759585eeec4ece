//! `asalto tables build`, `check` and `sample`: endgame tables with
//! `asalto_solve::tables`.

use std::io::Write;
use std::path::Path;

use asalto_core::Rules;
use asalto_solve::tables::{Progress, Tables, rules_in};

use crate::labelled::{Label, line};
use crate::options::Options;

/// Runs `asalto tables build RULES --attackers N --dir DIR [--threads T]`
/// or `asalto tables check DIR [--samples N]`.
pub fn run(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("build") => build(&args[1..]),
        Some("check") => check(&args[1..]),
        Some("sample") => sample(&args[1..]),
        _ => Err("tables takes build RULES --attackers N --dir DIR [--threads T], check DIR [--samples N], or sample DIR --count N [--attackers A[-B]] [--seed S]".to_owned()),
    }
}

fn build(args: &[String]) -> Result<(), String> {
    let options = Options::parse(args, &["attackers", "dir", "threads"])?;
    let [rules] = options.rest.as_slice() else {
        return Err("tables build takes one rule set".to_owned());
    };
    let rules: Rules = rules.parse().map_err(|e| format!("{e}"))?;
    let attackers = options
        .number("attackers")?
        .ok_or("tables build needs --attackers N")?;
    let dir = options.value("dir").ok_or("tables build needs --dir DIR")?;
    let threads = match options.number("threads")? {
        Some(t) => t as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let mut last = -10.0;
    let mut report = |p: &Progress| {
        let finished = p.levels.0 == p.levels.1;
        if p.seconds - last < 10.0 && !finished {
            return;
        }
        last = p.seconds;
        let rate = p.positions.0 as f64 / p.seconds.max(1e-3);
        eprintln!(
            "tier {} ({} of {} tiers done): level {} of {}, {:.1} M positions/s, {} left",
            p.attackers,
            p.tiers.0,
            p.tiers.1,
            p.levels.0,
            p.levels.1,
            rate / 1e6,
            duration(p.positions.1 as f64 / rate.max(1.0)),
        );
    };
    let start = std::time::Instant::now();
    let tables = Tables::build(
        &rules,
        u32::try_from(attackers).map_err(|e| e.to_string())?,
        Path::new(dir),
        threads,
        &mut report,
    )?;
    let seconds = start.elapsed().as_secs_f64();
    println!("tables of {} in {dir}", tables.rules());
    println!(
        "attackers {} to {}: {} positions, {} bytes on disk",
        tables.attackers().start(),
        tables.attackers().end(),
        tables.positions(),
        disk_bytes(Path::new(dir))?
    );
    println!("{} with {threads} threads", duration(seconds));
    Ok(())
}

fn check(args: &[String]) -> Result<(), String> {
    let options = Options::parse(args, &["samples", "seed"])?;
    let [dir] = options.rest.as_slice() else {
        return Err("tables check takes one directory".to_owned());
    };
    let samples = options.number("samples")?.unwrap_or(10_000);
    let seed = options.number("seed")?.unwrap_or(1);
    for rules in rules_in(Path::new(dir))? {
        let tables = Tables::load(&rules, Path::new(dir))?;
        let checked = tables.check(samples, seed)?;
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
    let range = match options.value("attackers") {
        None => 0..=u32::MAX,
        Some(text) => {
            let number = |t: &str| {
                t.parse::<u32>()
                    .map_err(|_| format!("--attackers '{text}' is not N or A-B"))
            };
            match text.split_once('-') {
                Some((a, b)) => number(a)?..=number(b)?,
                None => number(text)?..=number(text)?,
            }
        }
    };
    let seed = options.number("seed")?.unwrap_or(1);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for rules in rules_in(Path::new(dir))? {
        let tables = Tables::load(&rules, Path::new(dir))?;
        for (text, won) in tables.sample(range.clone(), count, seed)? {
            // A closed pipe (`| head`) ends the output, not the program.
            if writeln!(out, "{}", line(&text, Label::of(won))).is_err() {
                return Ok(());
            }
        }
    }
    Ok(())
}

/// The bytes of the table files in `dir`.
fn disk_bytes(dir: &Path) -> Result<u64, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(entries
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "tbl"))
        .filter_map(|e| e.metadata().ok())
        .map(|m| m.len())
        .sum())
}

/// `seconds` as hours, minutes and seconds.
fn duration(seconds: f64) -> String {
    let s = seconds.round() as u64;
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        _ => format!("{} h {} min", s / 3600, s % 3600 / 60),
    }
}
