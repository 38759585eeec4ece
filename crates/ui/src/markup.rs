//! The page's markup, read by the tests that hold it to the words and the
//! messages: the board's frame (`www/parts/frame.html`), written once, and
//! what is around it in the game page and in the embedded board's script.

/// The board's frame: every element the game looks for.
pub(crate) const FRAME: &str = include_str!("../../../www/parts/frame.html");

/// What is around the frame: the game page, and the embedded board's
/// script.
pub(crate) const AROUND: [&str; 2] = [
    include_str!("../../../index.html"),
    include_str!("../../../www/asalto-board.js"),
];

/// All the markup: the frame and what is around it.
pub(crate) const MARKUP: [&str; 3] = [FRAME, AROUND[0], AROUND[1]];

/// The values of every `name="…"` attribute in `markup`.
pub(crate) fn values<'a>(markup: &'a str, name: &str) -> Vec<&'a str> {
    markup
        .split(&format!(" {name}=\""))
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect()
}
