//! Perfect play from an endgame pack (docs/TABLES.md): the board's pack
//! address, the probes its positions want, and what the tables' worker
//! answered (`asalto-protocol`'s [`Probe`] and [`Solved`]).
//!
//! Pure Rust, tested natively. `crates/web` (`tables.rs`) starts the
//! tables' worker once a board has an address and sends it
//! [`Perfect::wanted`]; the answers come back through [`Perfect::answer`].
//! A value is shown only for the record it answers: never a stale or
//! guessed one.

use asalto_core::{Game, Move, MoveText, Point, Rules};

pub use asalto_protocol::{Choice, Probe, Solved};

/// What the pack says of one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Known {
    /// The record of the position it answers.
    record: String,
    /// Whether the side to move wins; `None` where the pack does not hold
    /// the position.
    pub value: Option<bool>,
    /// Each legal move and whether it wins for the side that makes it.
    pub moves: Vec<(MoveText, Option<bool>)>,
    /// The pack's fewest and most attackers.
    pub tiers: (u32, u32),
}

/// What the pack says of each position of a line (the start, then after
/// each move): whether its side to move wins, and a winning move.
pub type Proved = (Vec<Option<bool>>, Vec<Option<Choice>>);

/// A board's perfect play: its pack, its probes and their answers.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Perfect {
    address: Option<String>,
    next_id: u32,
    /// The shown position's probe, until it is answered.
    asked: Option<(Probe, Rules)>,
    /// A review's probe of a whole line, until it is answered.
    asked_line: Option<Probe>,
    /// The last position answered.
    known: Option<Known>,
    /// The last line answered: its record, and each position's value and
    /// winning move.
    line: Option<(String, Proved)>,
    /// Rules the pack was found not to hold: not asked about again.
    uncovered: Option<Rules>,
    /// Why perfect play is unavailable (until the address changes).
    pub failure: Option<String>,
}

impl Perfect {
    /// Perfect play from the pack whose index file is at `address` (an
    /// absolute address), or none; forgets what an earlier pack said.
    pub fn set_address(&mut self, address: Option<String>) {
        if self.address != address {
            *self = Perfect {
                address,
                next_id: self.next_id,
                ..Perfect::default()
            };
        }
    }

    /// The pack's address, if the board has one.
    pub fn address(&self) -> Option<&str> {
        self.address.as_deref()
    }

    fn probe(&mut self, record: String, line: bool) -> Option<Probe> {
        let tables = self.address.clone()?;
        self.next_id = self.next_id.wrapping_add(1).max(1);
        Some(Probe {
            id: self.next_id,
            record,
            tables,
            line,
        })
    }

    /// After any change: asks about the position `game` shows, unless it
    /// is answered or asked already, the game is over, or the pack is of
    /// other rules.
    pub fn plan(&mut self, game: &Game) {
        if self.address.is_none() || self.failure.is_some() || game.outcome().is_some() {
            self.asked = None;
            return;
        }
        if self.uncovered == Some(*game.rules()) {
            return;
        }
        let record = game.record().to_string();
        let answered = self.known.as_ref().is_some_and(|k| k.record == record);
        let asking = self.asked.as_ref().is_some_and(|(p, _)| p.record == record);
        if !answered && !asking {
            self.asked = self.probe(record, false).map(|p| (p, *game.rules()));
        }
    }

    /// Asks for the value of every position of `game`'s line (for a
    /// review); false when no pack can answer it.
    pub fn ask_line(&mut self, game: &Game) -> bool {
        if self.failure.is_some() || self.uncovered == Some(*game.rules()) {
            return false;
        }
        let mut whole = game.clone();
        whole.go_to(whole.moves().len());
        let record = whole.record().to_string();
        if self.line.as_ref().is_some_and(|(r, _)| *r == record) {
            return true;
        }
        self.asked_line = self.probe(record, true);
        self.asked_line.is_some()
    }

    /// The probe to send now: the shown position's first, then a line's.
    pub fn wanted(&self) -> Option<&Probe> {
        self.asked
            .as_ref()
            .map(|(p, _)| p)
            .or(self.asked_line.as_ref())
    }

    /// Takes in what the tables' worker said; returns whether anything
    /// changed.
    pub fn answer(&mut self, solved: Solved) -> bool {
        let asked = self.asked.as_ref().map(|(p, _)| p.id);
        let line = self.asked_line.as_ref().map(|p| p.id);
        match solved {
            Solved::Values {
                id,
                value,
                moves,
                tiers,
                ..
            } if Some(id) == asked => {
                let Some((probe, _)) = self.asked.take() else {
                    return false;
                };
                let moves = moves
                    .iter()
                    .filter_map(|v| Some((v.choice.move_text()?, v.wins)))
                    .collect();
                self.known = Some(Known {
                    record: probe.record,
                    value,
                    moves,
                    tiers,
                });
                true
            }
            Solved::Line {
                id,
                values,
                winning,
            } if Some(id) == line => {
                let Some(probe) = self.asked_line.take() else {
                    return false;
                };
                self.line = Some((probe.record, (values, winning)));
                true
            }
            Solved::Uncovered { id, .. } if Some(id) == asked || Some(id) == line => {
                self.uncovered = self.asked.take().map(|(_, rules)| rules);
                self.asked_line = None;
                true
            }
            Solved::Unavailable { id, message } if id.is_none() || id == asked || id == line => {
                self.failure = Some(message);
                self.asked = None;
                self.asked_line = None;
                true
            }
            // Answers to earlier probes, and the greeting (every kind
            // named: a new one must be handled here).
            Solved::Ready
            | Solved::Values { .. }
            | Solved::Line { .. }
            | Solved::Uncovered { .. }
            | Solved::Unavailable { .. } => false,
        }
    }

    /// What the pack says of the position `game` shows, once answered.
    pub fn known(&self, game: &Game) -> Option<&Known> {
        let known = self.known.as_ref()?;
        (known.record == game.record().to_string()).then_some(known)
    }

    /// Whether the position `game` shows is being looked up.
    pub fn looking(&self, game: &Game) -> bool {
        self.asked
            .as_ref()
            .is_some_and(|(p, _)| p.record == game.record().to_string())
    }

    /// What the pack says of each position of the line whose record is
    /// `record`, once answered.
    pub fn line(&self, record: &str) -> Option<&Proved> {
        let (r, proved) = self.line.as_ref()?;
        (r == record).then_some(proved)
    }

    /// Whether a line's values are being looked up.
    pub fn line_pending(&self) -> bool {
        self.asked_line.is_some()
    }
}

impl Known {
    /// The legal moves of `game`'s position that win, in the pack's order.
    pub fn winning(&self, game: &Game) -> Vec<Move> {
        let pos = game.position();
        self.moves
            .iter()
            .filter(|(_, wins)| *wins == Some(true))
            .filter_map(|(text, _)| text.to_move(pos).ok())
            .collect()
    }

    /// Whether move `m` of `game`'s position wins for its side (`None`:
    /// not known).
    pub fn wins(&self, game: &Game, m: &Move) -> Option<bool> {
        let text = MoveText::from_move(game.position(), m);
        self.moves.iter().find(|(t, _)| *t == text)?.1
    }

    /// Each move and its value, as the canvas's `data-values` writes them
    /// for tests and tools: `d4-d5:win c3-c4:loss e5-e6:unknown`.
    pub fn text(&self) -> String {
        let moves: Vec<String> = self
            .moves
            .iter()
            .map(|(m, wins)| {
                let value = match wins {
                    Some(true) => "win",
                    Some(false) => "loss",
                    None => "unknown",
                };
                format!("{m}:{value}")
            })
            .collect();
        moves.join(" ")
    }

    /// The points to mark and whether each wins, for the route `route`
    /// entered so far: with none, each piece (or placement) by whether one
    /// of its moves wins; else the next points of the moves that go on
    /// from it.
    pub fn marks(&self, route: &[Point]) -> Vec<(Point, bool)> {
        let mut out: Vec<(Point, bool)> = Vec::new();
        for (text, wins) in &self.moves {
            let Some(wins) = *wins else { continue };
            let points = crate::computer::route(text);
            if !points.starts_with(route) {
                continue;
            }
            let Some(&p) = points.get(route.len()) else {
                continue;
            };
            match out.iter_mut().find(|(q, _)| *q == p) {
                Some((_, w)) => *w |= wins,
                None => out.push((p, wins)),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests;
