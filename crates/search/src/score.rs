//! A search's score: hundredths of an attacker for the side to move, or a
//! game won or lost in so many plies; written and read as `+1.25`,
//! `win in 7`, `loss in 6`.

use std::fmt;

/// The score of a won game, less the plies it takes.
pub(crate) const WIN: i32 = 1_000_000;
/// Scores beyond this are wins or losses.
pub(crate) const WON: i32 = WIN - 1000;

/// A score from the view of the side to move: hundredths of an attacker,
/// or a won or lost game in so many plies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Score(pub i32);

impl Score {
    /// The score of a finished game for the side to move: won, lost, or
    /// (`None`) drawn.
    pub fn ended(mover_wins: Option<bool>) -> Score {
        match mover_wins {
            Some(true) => Score(WIN),
            Some(false) => Score(-WIN),
            None => Score(0),
        }
    }

    /// Whether the side to move has won, as far as the search has seen.
    pub fn is_won(self) -> bool {
        self.0 > WON
    }

    /// Whether the side to move has lost, as far as the search has seen.
    pub fn is_lost(self) -> bool {
        self.0 < -WON
    }

    /// Plies to the end of a game the search has seen to its end: positive
    /// when the side to move wins, negative when it loses.
    pub fn plies_to_end(self) -> Option<i32> {
        if self.0 > WON {
            Some(WIN - self.0)
        } else if self.0 < -WON {
            Some(-(WIN + self.0))
        } else {
            None
        }
    }
}

/// Text that is not a score as [`Score`]'s `Display` writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseScoreError(String);

impl std::fmt::Display for ParseScoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "'{}' is not a score", self.0)
    }
}

impl std::error::Error for ParseScoreError {}

impl std::str::FromStr for Score {
    type Err = ParseScoreError;

    /// Reads a score as [`Score`]'s `Display` writes it.
    fn from_str(s: &str) -> Result<Score, ParseScoreError> {
        let plies = |n: &str| n.parse::<i32>().ok().filter(|n| (0..1000).contains(n));
        if let Some(n) = s.strip_prefix("win in ").and_then(plies) {
            return Ok(Score(WIN - n));
        }
        if let Some(n) = s.strip_prefix("loss in ").and_then(plies) {
            return Ok(Score(-(WIN - n)));
        }
        // `+1.25`: a sign, whole attackers and hundredths (no float
        // parsing, which would weigh on the page's module).
        let bad = || ParseScoreError(s.to_owned());
        let (sign, digits) = match s.as_bytes().first() {
            Some(b'-') => (-1, &s[1..]),
            Some(b'+') => (1, &s[1..]),
            _ => (1, s),
        };
        let (whole, hundredths) = digits.split_once('.').unwrap_or((digits, "00"));
        let number = |t: &str| {
            (!t.is_empty() && t.len() <= 6 && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| t.parse::<i32>().ok())
                .flatten()
        };
        let (Some(whole), Some(part), 2) = (number(whole), number(hundredths), hundredths.len())
        else {
            return Err(bad());
        };
        let value = whole * 100 + part;
        (value < WON).then_some(Score(sign * value)).ok_or_else(bad)
    }
}

impl fmt::Display for Score {
    /// `+1.25` (attackers' worth), `win in 7` or `loss in 6` (plies).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.plies_to_end() {
            Some(n) if n >= 0 => write!(f, "win in {n}"),
            Some(n) => write!(f, "loss in {}", -n),
            None => write!(f, "{:+.2}", f64::from(self.0) / 100.0),
        }
    }
}
