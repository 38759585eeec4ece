//! `asalto diagram <record> [--ply N] [--size PX] [--theme light|dark|print]
//! [--coordinates]`: the position as a standalone SVG figure on standard
//! output (`asalto-diagram`, the same figure the page's Diagram button
//! gives).

use std::io::Write;

use asalto_core::Record;
use asalto_diagram::{Options, Theme, svg};

/// `asalto diagram`: a position as a standalone SVG figure.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The game record (a rule set, then moves).
    #[arg(required = true)]
    record: Vec<String>,
    /// The position after this many moves of the main line (its end by
    /// default).
    #[arg(long)]
    ply: Option<usize>,
    /// The figure's size in pixels, 64 to 4096.
    #[arg(long, value_parser = clap::value_parser!(u32).range(64..=4096))]
    size: Option<u32>,
    /// Its colours: light, dark or print.
    #[arg(long, value_parser = theme)]
    theme: Option<Theme>,
    /// The points' names around the board.
    #[arg(long)]
    coordinates: bool,
}

fn theme(text: &str) -> Result<Theme, String> {
    Theme::named(text).ok_or_else(|| "a theme is light, dark or print".to_owned())
}

/// Prints the figure the arguments ask for.
pub(crate) fn run(args: Args) -> Result<(), String> {
    let mut options = Options {
        coordinates: args.coordinates,
        ..Options::default()
    };
    if let Some(size) = args.size {
        options.size = size;
    }
    if let Some(theme) = args.theme {
        options.theme = theme;
    }
    let record: Record = crate::options::record(&args.record)?;
    let figure = svg(&record, args.ply, &options).map_err(|e| e.to_string())?;
    // A closed pipe ends the output, not the program.
    let _ = std::io::stdout().write_all(figure.as_bytes());
    Ok(())
}
