//! The Asalto game page's first module: `asalto-web` without its `full`
//! feature (the board and its panel, in English), built as its own
//! WebAssembly module so that the page paints and answers before the full
//! module has loaded. Everything is in `asalto-web`; see its `relay`
//! module for the handover.

pub use asalto_web::*;
