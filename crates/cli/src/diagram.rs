//! `asalto diagram <record> [--ply N] [--size PX] [--theme light|dark|print]
//! [--coordinates]`: the position as a standalone SVG figure on standard
//! output (`asalto-diagram`, the same figure the page's Diagram button
//! gives).

use std::io::Write;

use asalto_core::Record;
use asalto_diagram::{Options, Theme, svg};

use crate::options::Options as Args;

/// Prints the figure the arguments ask for.
pub fn run(args: &[String]) -> Result<(), String> {
    let args = Args::parse_with_flags(args, &["ply", "size", "theme"], &["coordinates"])?;
    let mut options = Options {
        coordinates: args.flag("coordinates"),
        ..Options::default()
    };
    if let Some(v) = args.value("size") {
        options.size = v
            .parse()
            .ok()
            .filter(|n| (64..=4096).contains(n))
            .ok_or_else(|| format!("--size '{v}' is not a size from 64 to 4096"))?;
    }
    if let Some(v) = args.value("theme") {
        options.theme =
            Theme::named(v).ok_or_else(|| format!("--theme '{v}' is not light, dark or print"))?;
    }
    let ply = args.number("ply")?.map(|n| n as usize);
    let record: Record = args.rest.join(" ").parse().map_err(|e| format!("{e}"))?;
    let figure = svg(&record, ply, &options).map_err(|e| e.to_string())?;
    // A closed pipe ends the output, not the program.
    let _ = std::io::stdout().write_all(figure.as_bytes());
    Ok(())
}
