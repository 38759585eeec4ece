//! The options of a board embedded in another page: the attributes of
//! `<asalto-board>` (the same names work in the fragment of `embed.html`),
//! read and checked. A bad value never stops the board: it is replaced by
//! the default and named in [`Embed::problems`].
//!
//! The attributes arrive as [`Attributes`] and an embedded board tells its
//! page what it shows as [`Shown`], both carried by `serde_wasm_bindgen`.
//! Pure Rust, tested natively; `element` mounts the board.

use asalto_core::Side;
use asalto_search::Level;

use crate::computer::Player;
use crate::keep::link;
use crate::lang::{Lang, Naming, Say};
pub use crate::newcomer::puzzles::PuzzleChoice;
use crate::words::embed as words;

/// An option that could not be used; the board uses the default.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// An attribute whose value is not one of those it takes.
    NotOneOf {
        /// The attribute's name.
        name: &'static str,
        /// The value it was given.
        value: String,
        /// The values it takes.
        expected: String,
    },
    /// `computer` outside `mode="play"`.
    ComputerNotInPlay,
    /// A fragment's option that is none of [`ATTRIBUTES`].
    NotAnOption(String),
    /// A fragment's option with a bad `%` escape.
    Garbled(String),
}

impl Problem {
    /// The sentence that names the problem, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let say = Say::plain(lang);
        match self {
            Problem::NotOneOf {
                name,
                value,
                expected,
            } => say.f(&words::NOT_ONE_OF, &[name, value, expected]),
            Problem::ComputerNotInPlay => say.t(&words::COMPUTER_NOT_IN_PLAY),
            Problem::NotAnOption(name) => {
                say.f(&words::NOT_AN_OPTION, &[name, &ATTRIBUTES.join(", ")])
            }
            Problem::Garbled(name) => say.f(&words::GARBLED, &[name]),
        }
    }
}

/// Every attribute a board reads.
pub const ATTRIBUTES: [&str; 13] = [
    "rules", "moves", "mode", "controls", "computer", "level", "ply", "at", "lang", "sides",
    "lesson", "puzzle", "tables",
];

/// What the reader may do with a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Play moves (from the end of the given record).
    #[default]
    Play,
    /// Step through the given record, from its start.
    Replay,
    /// Look at one position.
    View,
}

/// One of the controls an embedded board may show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    /// The status line (whose turn, who won).
    Status,
    /// The move list.
    Moves,
    /// A step back (undo when playing).
    Back,
    /// A step forward (redo when playing).
    Forward,
    /// Back to the start.
    First,
    /// On to the last move.
    Last,
    /// Turn the board round.
    Flip,
    /// The New game dialog.
    New,
    /// The computer's suggestion.
    Hint,
    /// The reader's choices: coordinates, contrast, sounds.
    Options,
    /// The Rules button (the rules in words, and the sources' readings).
    Rules,
    /// The set-up editor.
    Edit,
    /// A review of the game, with its graph.
    Review,
}

impl Control {
    /// Every control with its attribute name.
    pub const ALL: [(Control, &'static str); 13] = [
        (Control::Status, "status"),
        (Control::Moves, "moves"),
        (Control::Back, "back"),
        (Control::Forward, "forward"),
        (Control::First, "first"),
        (Control::Last, "last"),
        (Control::Flip, "flip"),
        (Control::New, "new"),
        (Control::Hint, "hint"),
        (Control::Options, "options"),
        (Control::Rules, "rules"),
        (Control::Edit, "edit"),
        (Control::Review, "review"),
    ];

    /// The controls a mode shows when the `controls` attribute is absent.
    pub fn defaults(mode: Mode) -> Vec<Control> {
        use Control::*;
        match mode {
            Mode::Play => vec![Status, Back, Forward, Flip, New],
            Mode::Replay => vec![Status, First, Back, Forward, Last],
            Mode::View => Vec::new(),
        }
    }
}

/// An embedded board's options.
#[derive(Debug, Clone, PartialEq)]
pub struct Embed {
    /// The rule set's text (RULES.md §5); empty for the standard game.
    pub rules: String,
    /// The moves' text (RULES.md §8), separated by spaces or `+`.
    pub moves: String,
    /// What the reader may do.
    pub mode: Mode,
    /// The controls shown.
    pub controls: Vec<Control>,
    /// The side the computer plays, in [`Mode::Play`].
    pub computer: Option<Side>,
    /// The computer's level.
    pub level: Level,
    /// The move shown first (0 = the start); `None` for the mode's own
    /// (the start in a replay, the end otherwise).
    pub ply: Option<usize>,
    /// The move shown first, in whatever line it is: the `at`th move the
    /// record writes (as a link's `&at=`); it outranks `ply`.
    pub at: Option<usize>,
    /// The language asked for (`lang`), if the interface speaks it; else
    /// the page's or the browser's is used.
    pub lang: Option<Lang>,
    /// The side names asked for (`sides`: `attackers`, `rebels` or
    /// `soldiers`), so a board agrees with its article's words; else the
    /// preset's source's.
    pub sides: Option<Naming>,
    /// The lesson shown (`lesson`, from 1), in place of a game.
    pub lesson: Option<usize>,
    /// The puzzle shown (`puzzle`: `today` or a number from 1), in place
    /// of a game.
    pub puzzle: Option<PuzzleChoice>,
    /// The address of an endgame pack's index file (`tables`), as given:
    /// perfect play for the positions it holds (docs/TABLES.md).
    pub tables: Option<String>,
    /// Each option that could not be used.
    pub problems: Vec<Problem>,
}

/// The computer's level when `level` is absent.
const DEFAULT_LEVEL: Level = Level::Sergeant;

fn level_named(value: &str) -> Option<Level> {
    if let Ok(n) = value.parse() {
        return Level::from_number(n);
    }
    Level::ALL
        .iter()
        .copied()
        .find(|l| l.name().eq_ignore_ascii_case(value))
}

fn one_of<T: Copy>(value: &str, choices: &[(T, &str)]) -> Option<T> {
    choices
        .iter()
        .find(|(_, name)| name.eq_ignore_ascii_case(value))
        .map(|(t, _)| *t)
}

fn names<T>(choices: &[(T, &str)]) -> String {
    let names: Vec<&str> = choices.iter().map(|(_, n)| *n).collect();
    names.join(", ")
}

impl Embed {
    /// Reads the options from `attribute`, which gives an attribute's
    /// value by name.
    pub fn read(attribute: &dyn Fn(&str) -> Option<String>) -> Embed {
        let mut problems = Vec::new();
        let mut bad = |name: &'static str, value: &str, expected: String| {
            problems.push(Problem::NotOneOf {
                name,
                value: value.to_owned(),
                expected,
            });
        };
        let get = |name: &str| attribute(name).map(|v| v.trim().to_owned());
        // `lesson` and `puzzle` are boards played on: the course from its
        // first lesson (or `lesson`'s), the puzzle of the day (or `puzzle`'s).
        let modes = [
            ((Mode::Play, None), "play"),
            ((Mode::Replay, None), "replay"),
            ((Mode::View, None), "view"),
            ((Mode::Play, Some("lesson")), "lesson"),
            ((Mode::Play, Some("puzzle")), "puzzle"),
        ];
        let (mode, teaching) = match get("mode") {
            None => (Mode::Play, None),
            Some(v) => one_of(&v, &modes).unwrap_or_else(|| {
                bad("mode", &v, names(&modes));
                (Mode::Play, None)
            }),
        };
        let controls = match get("controls") {
            None => Control::defaults(mode),
            Some(v) if v.eq_ignore_ascii_case("none") => Vec::new(),
            Some(v) if v.eq_ignore_ascii_case("all") => {
                Control::ALL.iter().map(|(c, _)| *c).collect()
            }
            Some(v) => {
                let mut controls = Vec::new();
                for word in v.split([' ', ',']).filter(|w| !w.is_empty()) {
                    match one_of(word, &Control::ALL) {
                        Some(c) if !controls.contains(&c) => controls.push(c),
                        Some(_) => {}
                        None => bad(
                            "controls",
                            word,
                            format!("all, none, {}", names(&Control::ALL)),
                        ),
                    }
                }
                controls
            }
        };
        let sides = [
            (Some(Side::Attacker), "attacker"),
            (Some(Side::Defender), "defender"),
            (None, "none"),
        ];
        let computer = match get("computer") {
            None => None,
            Some(v) => one_of(&v, &sides).unwrap_or_else(|| {
                bad("computer", &v, names(&sides));
                None
            }),
        };
        let level = match get("level") {
            None => DEFAULT_LEVEL,
            Some(v) => level_named(&v).unwrap_or_else(|| {
                let levels: Vec<String> = Level::ALL
                    .iter()
                    .map(|l| format!("{} ({})", l.number(), l.name()))
                    .collect();
                bad("level", &v, levels.join(", "));
                DEFAULT_LEVEL
            }),
        };
        let mut number = |name: &'static str| match get(name) {
            None => None,
            Some(v) => match v.parse() {
                Ok(n) => Some(n),
                Err(_) => {
                    bad(name, &v, "0, 1, 2, …".to_owned());
                    None
                }
            },
        };
        let (ply, at) = (number("ply"), number("at"));
        let lessons = crate::newcomer::lessons::LESSONS.len();
        let lesson = match get("lesson") {
            None => (teaching == Some("lesson")).then_some(1),
            Some(v) => match v.parse::<usize>() {
                Ok(n) if (1..=lessons).contains(&n) => Some(n),
                _ => {
                    bad("lesson", &v, format!("1 to {lessons}"));
                    (teaching == Some("lesson")).then_some(1)
                }
            },
        };
        let today = (teaching == Some("puzzle")).then_some(PuzzleChoice::Today);
        let puzzle = match get("puzzle") {
            None => today,
            // A number past the last is said by the state once the
            // puzzles are fetched.
            Some(v) => PuzzleChoice::parse(&v).or_else(|| {
                bad("puzzle", &v, "today, 1, 2, …".to_owned());
                today
            }),
        };
        let sides = get("sides").and_then(|v| {
            let naming = Naming::from_name(&v);
            if naming.is_none() {
                let all: Vec<&str> = Naming::NAMES.iter().map(|(n, _)| *n).collect();
                bad("sides", &v, all.join(", "));
            }
            naming
        });
        if computer.is_some() && mode != Mode::Play {
            problems.push(Problem::ComputerNotInPlay);
        }
        Embed {
            rules: get("rules").unwrap_or_default(),
            moves: get("moves").unwrap_or_default().replace('+', " "),
            mode,
            controls,
            computer: computer.filter(|_| mode == Mode::Play),
            level,
            ply,
            at,
            lang: get("lang").as_deref().and_then(Lang::from_tag),
            sides,
            lesson,
            puzzle,
            tables: get("tables").filter(|t| !t.trim().is_empty()),
            problems,
        }
    }

    /// Reads the options from a URL fragment (with or without its `#`), as
    /// `embed.html` is given them: `name=value` pairs joined by `&`, values
    /// %-escaped with `+` for spaces (`#rules=asalto&moves=@c5+@e5`). A
    /// fragment without `=` is a game record, as in the game page's links.
    pub fn from_fragment(fragment: &str) -> Embed {
        let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
        let mut pairs: Vec<(String, String)> = Vec::new();
        let mut problems = Vec::new();
        // The game page's own link fragment (a record, its rule set maybe
        // with options) is taken as it is.
        let first = fragment
            .split(['+', ';', '&', '%'])
            .next()
            .unwrap_or_default();
        let record = first.parse::<asalto_core::Preset>().is_ok() || !fragment.contains('=');
        if record && !fragment.trim().is_empty() {
            match link::decode(fragment) {
                Some(text) => pairs.push(("moves".to_owned(), text)),
                None => problems.push(Problem::Garbled("moves".to_owned())),
            }
        } else {
            for part in fragment.split('&').filter(|p| !p.is_empty()) {
                let (name, value) = part.split_once('=').unwrap_or((part, ""));
                match link::decode(value) {
                    Some(value) if ATTRIBUTES.contains(&name) => {
                        pairs.push((name.to_owned(), value));
                    }
                    Some(_) => problems.push(Problem::NotAnOption(name.to_owned())),
                    None => problems.push(Problem::Garbled(name.to_owned())),
                }
            }
        }
        let mut embed = Embed::read(&|name| {
            pairs
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
        });
        problems.append(&mut embed.problems);
        embed.problems = problems;
        embed
    }

    /// The game record the board opens (rule set, then moves); the rules
    /// default to the standard game's, and `moves` may hold a whole record.
    pub fn record(&self) -> String {
        let whole = self.moves.split_whitespace().next().is_some_and(|first| {
            first.parse::<asalto_core::Rules>().is_ok() || first.contains(';')
        });
        let rules = if whole {
            String::new()
        } else if self.rules.is_empty() {
            asalto_core::Rules::default().to_string()
        } else {
            self.rules.clone()
        };
        format!("{rules} {}", self.moves).trim().to_owned()
    }

    /// Who plays each side at the start (attackers first).
    pub fn players(&self) -> [Player; 2] {
        let player = |side| {
            if self.computer == Some(side) {
                Player::Computer(self.level)
            } else {
                Player::Human
            }
        };
        [player(Side::Attacker), player(Side::Defender)]
    }
}

mod page;
pub use page::{Attributes, Shown, embed_code};

#[cfg(test)]
mod tests;
