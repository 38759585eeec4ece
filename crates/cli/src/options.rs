//! What the commands' arguments share: the readers clap calls for a
//! level, a player, an attacker range and a record, the tiers a tables
//! command reads, the weights a file holds, and a clock.

use std::ops::RangeInclusive;
use std::time::Instant;

use asalto_core::Record;
use asalto_search::{Bot, Level, Weights};

/// A clock in milliseconds since it was made.
pub fn clock() -> impl Fn() -> f64 {
    let start = Instant::now();
    move || start.elapsed().as_secs_f64() * 1000.0
}

/// A level, 1 (Recruit) to 5 (Marshal).
pub(crate) fn level(text: &str) -> Result<Level, String> {
    text.parse::<u32>()
        .ok()
        .and_then(Level::from_number)
        .ok_or_else(|| "levels are 1 (Recruit) to 5 (Marshal)".to_owned())
}

/// A player: a level (1–5 or its name) or a bot.
pub(crate) fn bot(text: &str) -> Result<Bot, String> {
    Bot::parse(text).ok_or_else(|| {
        "a player is a level (1–5 or its name), random, greedy, greedy-material, greedy-march, greedy-mobility, haven or depthN".to_owned()
    })
}

/// The tiers `A` or `A-B` name.
pub(crate) fn tiers(text: &str) -> Result<RangeInclusive<u32>, String> {
    let number = |t: &str| {
        t.parse::<u32>()
            .map_err(|_| format!("'{text}' is not N or A-B"))
    };
    Ok(match text.split_once('-') {
        Some((a, b)) => number(a)?..=number(b)?,
        None => number(text)?..=number(text)?,
    })
}

/// The record the words of `record` make together (a record has spaces,
/// so a shell may pass it as many arguments).
pub(crate) fn record(record: &[String]) -> Result<Record, String> {
    record.join(" ").parse().map_err(|e| format!("{e}"))
}

/// The weights in the file at `path`, if one is named.
pub(crate) fn weights(path: Option<&str>) -> Result<Option<Weights>, String> {
    match path {
        None => Ok(None),
        Some(path) => std::fs::read_to_string(path)
            .map_err(|e| format!("{path}: {e}"))?
            .parse()
            .map(Some)
            .map_err(|e| format!("{path}: {e}")),
    }
}

/// The tiers a command reads.
#[derive(Debug, clap::Args)]
pub(crate) struct Tiers {
    /// Attackers: N, or A-B (every tier by default).
    #[arg(long = "attackers", value_name = "N|A-B", value_parser = tiers)]
    asked: Option<RangeInclusive<u32>>,
}

impl Tiers {
    /// The tiers asked for, every tier if none.
    pub(crate) fn range(&self) -> RangeInclusive<u32> {
        self.asked.clone().unwrap_or(0..=u32::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers_levels_and_players_read_or_say_why_not() {
        assert_eq!(tiers("9"), Ok(9..=9));
        assert_eq!(tiers("9-13"), Ok(9..=13));
        assert_eq!(tiers("x"), Err("'x' is not N or A-B".to_owned()));
        assert_eq!(level("5"), Ok(Level::Marshal));
        assert!(level("6").is_err());
        assert!(bot("greedy").is_ok() && bot("nobody").is_err());
    }
}
