//! `asalto diagram <record> [--ply N] [--size PX] [--theme light|dark|print]
//! [--coordinates]`: the position as a standalone SVG figure on standard
//! output (`asalto-diagram`, the same figure the page's Diagram button
//! gives).

use std::io::Write;

use asalto_core::Record;
use asalto_diagram::{Options, Theme, svg};

/// Prints the figure the arguments ask for.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut options = Options::default();
    let mut ply = None;
    let mut record = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .ok_or_else(|| format!("diagram: {name} needs a value"))
        };
        match arg.as_str() {
            "--ply" => {
                let v = value("--ply")?;
                ply = Some(
                    v.parse()
                        .map_err(|_| format!("diagram: --ply '{v}' is not a whole number"))?,
                );
            }
            "--size" => {
                let v = value("--size")?;
                options.size = v
                    .parse()
                    .ok()
                    .filter(|n| (64..=4096).contains(n))
                    .ok_or_else(|| {
                        format!("diagram: --size '{v}' is not a size from 64 to 4096")
                    })?;
            }
            "--theme" => {
                let v = value("--theme")?;
                options.theme = Theme::named(v)
                    .ok_or_else(|| format!("diagram: --theme '{v}' is not light, dark or print"))?;
            }
            "--coordinates" => options.coordinates = true,
            other if other.starts_with("--") => {
                return Err(format!(
                    "diagram: unknown option '{other}' (options: --ply, --size, --theme, --coordinates)"
                ));
            }
            word => record.push(word.to_owned()),
        }
    }
    let record: Record = record.join(" ").parse().map_err(|e| format!("{e}"))?;
    let figure = svg(&record, ply, &options)?;
    // A closed pipe ends the output, not the program.
    let _ = std::io::stdout().write_all(figure.as_bytes());
    Ok(())
}
