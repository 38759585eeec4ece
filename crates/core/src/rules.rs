//! Rule sets: the twelve presets of RULES.md §7 and the options of §3.
//!
//! A rule set is written `preset;key=value;key=value`. Parsing starts from
//! the preset and applies each override in turn; printing writes the preset
//! and then, in the key order of RULES.md §3, every key whose value differs
//! from the preset's, so `parse(print(r)) == r` and printed text is stable.
//!
//! The parser is strict: no spaces, no empty parts, no key given twice, and
//! the finished rule set must be playable (see [`RulesError`]).
//!
//! ```
//! use asalto_core::{Rules, Capture};
//! let rules: Rules = "assault;capture=huff".parse()?;
//! assert_eq!(rules.capture, Capture::Huff);
//! assert_eq!(rules.to_string(), "assault;capture=huff");
//! # Ok::<_, asalto_core::ParseRulesError>(())
//! ```

use std::fmt;
use std::str::FromStr;

mod errors;
pub use errors::{Expected, ParseRulesError, RulesError};

use crate::board::{Board, BoardId};
use crate::names::{UnknownName, named_enum};
use crate::point::{Point, PointSet};
use crate::side::Side;

named_enum! {
    /// The named rule sets of RULES.md §7.
    pub enum Preset as "preset" {
        /// The games-history page's figures: fixed officers, forward march, forced capture.
        Assault = "assault",
        /// Walker's Cyningstan leaflet: free placement, huffing.
        Asalto = "asalto",
        /// Walker's variation: as `asalto`, marked lines forbidden to attackers.
        GermanTactics = "german-tactics",
        /// The games-book text: defenders first, 15 captures win.
        Sharpshooters = "sharpshooters",
        /// The French rules sheet: maximum capture, free inside the fortress.
        Assaut = "assaut",
        /// The Belagerung blog post: the 67-point board, free movement, optional capture.
        Belagerung = "belagerung",
        /// Royal Garrison on the 67-point board.
        RoyalGarrison = "royal-garrison",
        /// Royal Garrison on the board with all diagonals.
        RoyalGarrisonDiagonals = "royal-garrison-diagonals",
        /// The simplified board without diagonals.
        Simplified = "simplified",
        /// Fuchs und Henne: 20 attackers on the lower points.
        FuchsUndHenne = "fuchs-und-henne",
        /// Eggenweiler's 2 Contra 20.
        ZweiContra20 = "zwei-contra-20",
        /// Murray 1952 as Ludii plays it: single jumps, any direction.
        Murray = "murray",
    }
}

/// Where the attackers start (`attackers`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AttackerStart {
    /// Every point outside the fortress (`all`).
    All,
    /// Every point with `y ≥ 3`, 20 on a 33-point board (`lower`).
    Lower,
    /// Exactly these points, anywhere on the board (a set-up position).
    Points(PointSet),
}

impl AttackerStart {
    /// The words `attackers` takes besides a list of points.
    pub const NAMES: &'static [&'static str] = &["all", "lower"];
}

impl fmt::Display for AttackerStart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AttackerStart::All => f.write_str("all"),
            AttackerStart::Lower => f.write_str("lower"),
            AttackerStart::Points(points) => points.fmt(f),
        }
    }
}

/// A comma list of points, each once.
fn point_list(value: &str, any: Expected) -> Result<PointSet, Expected> {
    let mut points = PointSet::EMPTY;
    for name in value.split(',') {
        let p: Point = name.parse().map_err(|_| any)?;
        if points.contains(p) {
            return Err(Expected::EachPointOnce);
        }
        points.insert(p);
    }
    Ok(points)
}

named_enum! {
    /// How attackers may step (`march`, RULES.md §4).
    pub enum March as "march value" {
        /// Towards the fortress; sideways only inward on the fortress's bottom row.
        Forward = "forward",
        /// Never away from the fortress.
        NotAway = "not-away",
        /// Never backward.
        NotBackward = "not-backward",
        /// Any direction.
        Any = "any",
    }
}

named_enum! {
    /// How attackers move inside the fortress (`inside`).
    pub enum Inside as "inside value" {
        /// By the same rule as outside.
        AsOutside = "as-outside",
        /// Along any line that stays inside.
        Free = "free",
    }
}

named_enum! {
    /// The capture obligation (`capture`, RULES.md §5).
    pub enum Capture as "capture value" {
        /// A defender may capture or step.
        Optional = "optional",
        /// If a capture exists, the defender must capture.
        Forced = "forced",
        /// Any move; a defender that could have captured and did not is removed.
        Huff = "huff",
    }
}

named_enum! {
    /// How many jumps one capture may make (`chain`).
    pub enum Chain as "chain value" {
        /// One jump per turn.
        Single = "single",
        /// Any number of jumps; the defender may stop.
        MayStop = "may-stop",
        /// The chain must go on while a jump is possible.
        MustContinue = "must-continue",
    }
}

/// How the defenders start (`defenders`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Defenders {
    /// Placed by the defender, one per turn, on empty fortress points.
    Free,
    /// Fixed on these points.
    Fixed(PointSet),
}

/// A complete rule set: a preset and the value of every option.
///
/// Fields are public so a rule set can be built by hand; [`Rules::validate`]
/// (called by the parser and by [`crate::Position::new`]) checks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The preset the text starts from; overrides are printed against it.
    pub preset: Preset,
    /// `board`.
    pub board: BoardId,
    /// `attackers`.
    pub attackers: AttackerStart,
    /// `defenders`.
    pub defenders: Defenders,
    /// `first`: who moves first after setup.
    pub first: Side,
    /// `march`.
    pub march: March,
    /// `inside`.
    pub inside: Inside,
    /// `marked-lines`: attackers may not step along marked lines.
    pub marked_lines: bool,
    /// `capture`.
    pub capture: Capture,
    /// `max-capture`: the obligation is to take the most pieces possible.
    pub max_capture: bool,
    /// `chain`.
    pub chain: Chain,
    /// `defender-wins-below`; `None` means the fortress size.
    pub defender_wins_below: Option<u8>,
}

/// The option keys of RULES.md §3, in order.
pub const KEYS: [&str; 11] = [
    "board",
    "attackers",
    "defenders",
    "first",
    "march",
    "inside",
    "marked-lines",
    "capture",
    "max-capture",
    "chain",
    "defender-wins-below",
];

impl Preset {
    /// The overrides of `assault` that make this preset (RULES.md §7).
    const fn overrides(self) -> &'static str {
        match self {
            Preset::Assault => "",
            Preset::Asalto => "defenders=free;march=not-away;capture=huff",
            Preset::GermanTactics => "defenders=free;march=not-away;capture=huff;marked-lines=on",
            Preset::Sharpshooters => {
                "defenders=free;first=defender;march=not-backward;capture=huff;defender-wins-below=10"
            }
            Preset::Assaut => "defenders=free;inside=free;capture=huff;max-capture=yes",
            Preset::Belagerung => {
                "board=grosses;defenders=free;march=any;capture=optional;chain=may-stop"
            }
            Preset::RoyalGarrison => "board=grosses;defenders=c7,e7,g7",
            Preset::RoyalGarrisonDiagonals => "board=royal-diagonals;defenders=c7,e7,g7",
            Preset::Simplified => "board=simplified",
            Preset::FuchsUndHenne => "board=fuchs-und-henne;attackers=lower;defenders=c7,e7",
            Preset::ZweiContra20 => "board=contra-20;attackers=lower;defenders=free",
            Preset::Murray => {
                "defenders=c6,e6;first=defender;march=any;capture=huff;chain=single;defender-wins-below=1"
            }
        }
    }

    /// Where the preset comes from (RULES.md §7; files in `docs/sources`).
    pub const fn source(self) -> &'static str {
        match self {
            Preset::Assault
            | Preset::RoyalGarrison
            | Preset::RoyalGarrisonDiagonals
            | Preset::Simplified
            | Preset::FuchsUndHenne
            | Preset::ZweiContra20 => "ways-to-play, “Assault” (games.porg.es)",
            Preset::Asalto | Preset::GermanTactics => {
                "D. Walker, Cyningstan leaflet “Asalto” (2011)"
            }
            Preset::Sharpshooters => "a games book on Asalto (“Fox Geese 3”)",
            Preset::Assaut => "a French rules sheet, “Assault”",
            Preset::Belagerung => "blog post “Belagerung – yet bigger fortress”",
            Preset::Murray => "H. J. R. Murray (1952), as Ludii plays it",
        }
    }

    /// The rule set of this preset.
    pub fn rules(self) -> Rules {
        let mut rules = Rules {
            preset: self,
            board: BoardId::Standard,
            attackers: AttackerStart::All,
            defenders: Defenders::Fixed(PointSet::EMPTY),
            first: Side::Attacker,
            march: March::Forward,
            inside: Inside::AsOutside,
            marked_lines: false,
            capture: Capture::Forced,
            max_capture: false,
            chain: Chain::MustContinue,
            defender_wins_below: None,
        };
        for part in ["defenders=c5,e5", self.overrides()].join(";").split(';') {
            if let Some((key, value)) = part.split_once('=') {
                rules
                    .set(key, value)
                    .unwrap_or_else(|e| panic!("preset {self}: {e}"));
            }
        }
        rules
    }
}

impl Rules {
    /// The board's geometry.
    pub fn board(&self) -> &'static Board {
        self.board.board()
    }

    /// The points the attackers start on.
    pub fn attacker_start(&self) -> PointSet {
        let board = self.board();
        let outside = board.points() - board.fortress();
        match self.attackers {
            AttackerStart::All => outside,
            AttackerStart::Lower => outside.iter().filter(|&p| board.xy(p).1 >= 3).collect(),
            AttackerStart::Points(points) => points,
        }
    }

    /// How many defenders are placed under `defenders=free`: 2 on the
    /// 33-point boards, 3 on the 67-point boards.
    pub fn free_defender_count(&self) -> u8 {
        if self.board().points().len() > 33 {
            3
        } else {
            2
        }
    }

    /// Who wins the start with perfect play, where the project has proved
    /// it: the rule set of `assault`, whatever preset names it, whose
    /// endgame tables hold every position of the game (docs/SOLVING.md);
    /// `None` for every other rule set.
    pub fn solved(&self) -> Option<Side> {
        let named = Rules {
            preset: Preset::Assault,
            ..*self
        };
        (named == Preset::Assault.rules()).then_some(Side::Attacker)
    }

    /// The defender wins when fewer attackers than this remain.
    pub fn threshold(&self) -> u8 {
        self.defender_wins_below
            .unwrap_or(self.board().fortress().len() as u8)
    }

    /// Checks that the rule set can be played.
    ///
    /// # Errors
    ///
    /// See [`RulesError`].
    pub fn validate(&self) -> Result<(), RulesError> {
        let board = self.board();
        let attackers = self.attacker_start();
        if let Some(p) = attackers.iter().find(|&p| !board.contains(p)) {
            return Err(RulesError::AttackerOffBoard(p));
        }
        if self.defenders == Defenders::Free {
            let room = (board.fortress() - attackers).len();
            let placed = usize::from(self.free_defender_count());
            if room < placed {
                return Err(RulesError::NoRoomToPlace(room as u8));
            }
        }
        if let Defenders::Fixed(points) = self.defenders {
            if points.is_empty() {
                return Err(RulesError::NoDefenders);
            }
            if let Some(p) = points.iter().find(|&p| !board.contains(p)) {
                return Err(RulesError::DefenderOffBoard(p));
            }
            if let Some(p) = points.iter().find(|&p| attackers.contains(p)) {
                return Err(RulesError::DefenderOnAttacker(p));
            }
        }
        // A threshold above the attackers decides the game at once.
        Ok(())
    }

    /// The value of option `key` as rule-set text (empty for a default
    /// `defender-wins-below`, and for a key not in [`KEYS`]).
    pub fn value(&self, key: &str) -> String {
        let on_off = |b: bool| if b { "on" } else { "off" }.to_owned();
        match key {
            "board" => self.board.to_string(),
            "attackers" => self.attackers.to_string(),
            "defenders" => match self.defenders {
                Defenders::Free => "free".to_owned(),
                Defenders::Fixed(points) => points.to_string(),
            },
            "first" => self.first.to_string(),
            "march" => self.march.to_string(),
            "inside" => self.inside.to_string(),
            "marked-lines" => on_off(self.marked_lines),
            "capture" => self.capture.to_string(),
            "max-capture" => if self.max_capture { "yes" } else { "no" }.to_owned(),
            "chain" => self.chain.to_string(),
            "defender-wins-below" => self
                .defender_wins_below
                .map_or(String::new(), |n| n.to_string()),
            _ => String::new(),
        }
    }

    /// Sets option `key` from its text.
    fn set(&mut self, key: &str, value: &str) -> Result<(), ParseRulesError> {
        let bad = |expected: Expected| ParseRulesError::BadValue {
            key: key.to_owned(),
            value: value.to_owned(),
            expected,
        };
        let named = |e: UnknownName| bad(Expected::OneOf(e.expected));
        match key {
            "board" => self.board = value.parse().map_err(named)?,
            "attackers" => {
                self.attackers = match value {
                    "all" => AttackerStart::All,
                    "lower" => AttackerStart::Lower,
                    _ => AttackerStart::Points(
                        point_list(value, Expected::AttackerPoints).map_err(bad)?,
                    ),
                }
            }
            "defenders" if value == "free" => self.defenders = Defenders::Free,
            "defenders" => {
                self.defenders =
                    Defenders::Fixed(point_list(value, Expected::Points).map_err(bad)?);
            }
            "first" => self.first = value.parse().map_err(named)?,
            "march" => self.march = value.parse().map_err(named)?,
            "inside" => self.inside = value.parse().map_err(named)?,
            "marked-lines" => {
                self.marked_lines = match value {
                    "on" => true,
                    "off" => false,
                    _ => return Err(bad(Expected::OneOf(&["on", "off"]))),
                }
            }
            "capture" => self.capture = value.parse().map_err(named)?,
            "max-capture" => {
                self.max_capture = match value {
                    "yes" => true,
                    "no" => false,
                    _ => return Err(bad(Expected::OneOf(&["yes", "no"]))),
                }
            }
            "chain" => self.chain = value.parse().map_err(named)?,
            "defender-wins-below" => {
                let digits = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
                let n = value
                    .parse()
                    .ok()
                    .filter(|_| digits)
                    .ok_or_else(|| bad(Expected::WholeNumber))?;
                self.defender_wins_below = Some(n);
            }
            _ => return Err(ParseRulesError::UnknownKey(key.to_owned())),
        }
        Ok(())
    }
}

/// The values option `key` may take, when they are a fixed list (`None` for
/// `defenders` and `defender-wins-below`, which take points and numbers, and
/// for a key not in [`KEYS`]).
pub fn key_values(key: &str) -> Option<&'static [&'static str]> {
    match key {
        "board" => Some(BoardId::NAMES),
        "first" => Some(Side::NAMES),
        "march" => Some(March::NAMES),
        "inside" => Some(Inside::NAMES),
        "marked-lines" => Some(&["off", "on"]),
        "capture" => Some(Capture::NAMES),
        "max-capture" => Some(&["no", "yes"]),
        "chain" => Some(Chain::NAMES),
        _ => None,
    }
}

impl Default for Rules {
    /// The `assault` preset.
    fn default() -> Rules {
        Preset::Assault.rules()
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.preset.name())?;
        let base = self.preset.rules();
        for key in KEYS {
            let value = self.value(key);
            if value != base.value(key) {
                write!(f, ";{key}={value}")?;
            }
        }
        Ok(())
    }
}

impl FromStr for Rules {
    type Err = ParseRulesError;

    fn from_str(s: &str) -> Result<Rules, ParseRulesError> {
        let mut parts = s.split(';');
        let preset: Preset = parts
            .next()
            .unwrap_or_default()
            .parse()
            .map_err(ParseRulesError::Preset)?;
        let mut rules = preset.rules();
        let mut seen = Vec::new();
        for part in parts {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| ParseRulesError::NotKeyValue(part.to_owned()))?;
            if seen.contains(&key) {
                return Err(ParseRulesError::DuplicateKey(key.to_owned()));
            }
            seen.push(key);
            rules.set(key, value)?;
        }
        rules.validate().map_err(ParseRulesError::Invalid)?;
        Ok(rules)
    }
}

#[cfg(test)]
mod tests;
