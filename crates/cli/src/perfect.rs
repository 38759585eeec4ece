//! Perfect play for `asalto bestmove` and `asalto analyse`: where endgame
//! tables or a pack of them (`--tables`, `ASALTO_TABLES`) or a verified
//! certificate (`--certificate`) hold the position, its value and the
//! move they prove, and a line on stderr that says so.

use std::cell::RefCell;

use asalto_core::{Move, Position, Rules};
use asalto_solve::Value;
use asalto_solve::certificate::Certificate;
use asalto_solve::tables::Tables;
use asalto_solve::tables::pack::{PackError, PackFiles};

/// Exact values: endgame tables, or a pack of them read as asked.
enum Exact {
    Tables(Tables),
    Pack(RefCell<PackFiles>),
}

impl Exact {
    /// The tables or pack at `path` for `rules`: a pack if `path` is one
    /// (its index file, or a folder holding one), else tables.
    fn load(path: &str, rules: &Rules) -> Result<Exact, String> {
        match crate::pack::open(path) {
            Ok(files) if files.pack().covers(rules) => {
                let tiers = files.pack().attackers();
                eprintln!(
                    "tables: a pack of {} to {} attackers, read from {path} as asked",
                    tiers.start(),
                    tiers.end()
                );
                Ok(Exact::Pack(RefCell::new(files)))
            }
            Ok(files) => Err(format!(
                "{path} holds a pack of {}, not of these rules",
                files.pack().rules()
            )),
            Err(PackError::Io(_) | PackError::NotAPack) if !crate::http::is_address(path) => {
                crate::solve::load_tables(path, rules).map(Exact::Tables)
            }
            Err(e) => Err(format!("{path}: {e}")),
        }
    }

    fn value(&self, pos: &Position) -> Option<Value> {
        match self {
            Exact::Tables(t) => t.value(pos),
            Exact::Pack(p) => p.borrow_mut().value(pos).unwrap_or_else(|e| {
                eprintln!("perfect play is unavailable: {e}");
                None
            }),
        }
    }

    /// Whether the side to move in `pos` wins by the move that leaves
    /// `next`, if known.
    fn wins_by_moving(&self, pos: &Position, next: &Position) -> Option<bool> {
        match self {
            Exact::Tables(t) => t.wins_by_moving(pos, next),
            Exact::Pack(_) => match next.outcome() {
                Some(outcome) => Some(outcome.winner() == Some(pos.turn())),
                None => {
                    let won = if next.turn() == pos.turn() {
                        Value::Win
                    } else {
                        Value::Loss
                    };
                    self.value(next).map(|v| v == won)
                }
            },
        }
    }
}

/// Where perfect play comes from, for `bestmove` and `analyse`.
#[derive(Debug, clap::Args)]
pub(crate) struct Sources {
    /// Endgame tables: their folder, or a pack (its index file, its
    /// folder or an https:// address); `ASALTO_TABLES` by default.
    #[arg(long)]
    pub tables: Option<String>,
    /// A certificate's file, verified first.
    #[arg(long)]
    pub certificate: Option<String>,
}

/// What is proved that `bestmove` can use.
pub(crate) struct Proved {
    tables: Option<Exact>,
    certificate: Option<Certificate>,
}

impl Proved {
    /// The tables and certificate `sources` name; either that cannot be
    /// used is said on stderr and left out (a move is played anyway).
    pub fn load(sources: &Sources, rules: &Rules) -> Proved {
        let tables = crate::solve::tables_named(sources.tables.as_deref()).and_then(|path| {
            Exact::load(&path, rules)
                .map_err(|e| eprintln!("endgame tables not used: {e}"))
                .ok()
        });
        let certificate = sources.certificate.as_deref().and_then(|path| {
            let checked = crate::solve::read_certificate(path)
                .and_then(|c| c.verify().map(|v| (c, v)).map_err(|e| e.to_string()));
            match checked {
                Ok((c, v)) => {
                    eprintln!("certificate {path}: verified, {} positions", v.positions);
                    Some(c)
                }
                Err(e) => {
                    eprintln!("certificate {path} not used: {e}");
                    None
                }
            }
        });
        Proved {
            tables,
            certificate,
        }
    }

    /// The value of `pos` for its side to move, where the certificate or
    /// the tables prove it.
    pub fn value(&self, pos: &Position) -> Option<Value> {
        if self
            .certificate
            .as_ref()
            .and_then(|c| c.move_at(pos))
            .is_some()
        {
            return Some(Value::Win);
        }
        self.tables.as_ref().and_then(|t| t.value(pos))
    }

    /// The move to play in `pos` instead of the search's `searched`, if
    /// the position is proved.
    pub fn choose(&self, pos: &Position, searched: Move) -> Move {
        if let Some(m) = self.certificate.as_ref().and_then(|c| c.move_at(pos)) {
            eprintln!(
                "perfect play: the certificate proves the {} to move wins",
                pos.turn().name()
            );
            return m;
        }
        let Some((tables, value)) = self.tables.as_ref().and_then(|t| Some((t, t.value(pos)?)))
        else {
            return searched;
        };
        eprintln!(
            "perfect play: the endgame tables say the {} to move {}",
            pos.turn().name(),
            if value == Value::Win { "wins" } else { "loses" }
        );
        // A win keeps to a winning move (one that finishes the game first,
        // else the search's if it wins); a loss resists with the search's.
        let after = |m: &Move| {
            let mut next = *pos;
            next.play_unchecked(m);
            next
        };
        let wins = |m: &Move| tables.wins_by_moving(pos, &after(m)) == Some(true);
        match value {
            Value::Win => pos
                .legal_moves()
                .into_iter()
                .filter(wins)
                .max_by_key(|m| (after(m).outcome().is_some(), *m == searched))
                .unwrap_or(searched),
            Value::Loss => searched,
        }
    }
}
