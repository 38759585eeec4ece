//! What the commands share: their options (`--name value` pairs) and a
//! clock.

use std::time::Instant;

use asalto_search::{Bot, Level, Weights};

/// A clock in milliseconds since it was made.
pub fn clock() -> impl Fn() -> f64 {
    let start = Instant::now();
    move || start.elapsed().as_secs_f64() * 1000.0
}

/// Options shared by the commands: `--name value` pairs, `--name` flags
/// and the rest.
pub(crate) struct Options {
    /// The arguments that are not options.
    pub(crate) rest: Vec<String>,
    pairs: Vec<(String, String)>,
    flags: Vec<String>,
}

impl Options {
    /// Reads `args`, whose options may be `--name value` for `names`.
    pub(crate) fn parse(args: &[String], names: &[&str]) -> Result<Options, String> {
        Options::parse_with_flags(args, names, &[])
    }

    /// Reads `args`, whose options may be `--name value` for `names` and
    /// `--name` alone for `flags`.
    pub(crate) fn parse_with_flags(
        args: &[String],
        names: &[&str],
        flags: &[&str],
    ) -> Result<Options, String> {
        let mut options = Options {
            rest: Vec::new(),
            pairs: Vec::new(),
            flags: Vec::new(),
        };
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            if let Some(name) = arg.strip_prefix("--") {
                if flags.contains(&name) {
                    options.flags.push(name.to_owned());
                    continue;
                }
                if !names.contains(&name) {
                    let known: Vec<&str> = names.iter().chain(flags).copied().collect();
                    return Err(format!(
                        "unknown option '{arg}' (options: --{})",
                        known.join(", --")
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

    /// The last value given for `--name`.
    pub(crate) fn value(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Whether the flag `--name` was given.
    pub(crate) fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    /// The whole number given for `--name`.
    pub(crate) fn number(&self, name: &str) -> Result<Option<u64>, String> {
        self.value(name)
            .map(|v| {
                v.parse::<u64>()
                    .map_err(|_| format!("--{name} '{v}' is not a whole number"))
            })
            .transpose()
    }

    pub(crate) fn bot(&self, name: &str) -> Result<Option<Bot>, String> {
        self.value(name)
            .map(|v| {
                Bot::parse(v).ok_or(format!(
                    "--{name} {v}: a player is a level (1–5 or its name), random, greedy, greedy-material, greedy-march, greedy-mobility, haven or depthN"
                ))
            })
            .transpose()
    }

    pub(crate) fn level(&self, name: &str) -> Result<Option<Level>, String> {
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

    /// The weights named by `--name FILE`, if it is given.
    pub(crate) fn weights(&self, name: &str) -> Result<Option<Weights>, String> {
        match self.value(name) {
            None => Ok(None),
            Some(path) => std::fs::read_to_string(path)
                .map_err(|e| format!("{path}: {e}"))?
                .parse()
                .map(Some)
                .map_err(|e| format!("{path}: {e}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Options;

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn flags_take_no_value_and_misspelt_options_list_them() {
        let o = Options::parse_with_flags(
            &args("asalto --records --games 4 --ladder"),
            &["games"],
            &["ladder", "records"],
        )
        .expect("known options");
        assert_eq!(o.rest, ["asalto"]);
        assert_eq!(o.number("games"), Ok(Some(4)));
        assert!(o.flag("records") && o.flag("ladder"));
        assert!(!Options::parse(&args("x"), &[]).unwrap().flag("records"));
        let Err(e) = Options::parse_with_flags(&args("--record"), &["games"], &["records"]) else {
            panic!("--record is not an option");
        };
        assert_eq!(e, "unknown option '--record' (options: --games, --records)");
        let Err(e) = Options::parse(&args("--games"), &["games"]) else {
            panic!("--games needs its value");
        };
        assert_eq!(e, "option '--games' needs a value");
    }
}
