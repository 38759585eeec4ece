//! The page's markup, read by the tests that hold it to the words and the
//! messages: the game page and the embedded board's template, each with the
//! parts both share (`www/parts/`).

/// The parts both markups share (`www/parts/`).
macro_rules! parts {
    () => {
        concat!(
            include_str!("../../../www/parts/cards.html"),
            include_str!("../../../www/parts/tools.html"),
            include_str!("../../../www/parts/options.html"),
            include_str!("../../../www/parts/dialogs.html"),
        )
    };
}

/// The markup of the game page and of the embedded board, each with the
/// parts they share.
pub(crate) const MARKUP: [&str; 2] = [
    concat!(include_str!("../../../index.html"), parts!()),
    concat!(include_str!("../../../www/asalto-board.js"), parts!()),
];

/// The values of every `name="…"` attribute in `markup`.
pub(crate) fn values<'a>(markup: &'a str, name: &str) -> Vec<&'a str> {
    markup
        .split(&format!(" {name}=\""))
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect()
}
