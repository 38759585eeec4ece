//! The tables' worker's answers: a [`Probe`] served from an endgame pack
//! whose bytes come from a [`Source`] (ranges over HTTP in the browser,
//! `http`; a folder in the tests). Plain Rust, tested natively.

use std::future::Future;

use asalto_core::{Game, Record};
use asalto_protocol::{Choice, Probe, Solved, Valued};
use asalto_solve::Value;
use asalto_solve::tables::pack::{Answer, Need, Pack, PackError, format, from_moves};

/// Rounds of reads one question may take before the pack is called
/// damaged. A value from moves asks for a few unknown moves a round
/// (`Pack::by_moves`): along the review benchmark's game of `assault` a
/// position and its moves took 31 rounds at most (natively, 2026-12-07);
/// each round of a sound pack finds a value not known before.
const MOST_ROUNDS: u32 = 256;

/// Where a pack's bytes come from.
pub trait Source {
    /// The first [`format::HEAD`] bytes of the index file (fewer if the
    /// file is shorter).
    fn head(&mut self) -> impl Future<Output = Result<Vec<u8>, String>>;

    /// The bytes of each of `needs`, in order, asked for together;
    /// `parts` are the data parts' names ([`Pack::part_names`]).
    fn read(
        &mut self,
        parts: &[String],
        needs: &[Need],
    ) -> impl Future<Output = Result<Vec<Vec<u8>>, String>>;

    /// Bytes that passed their checksum, to keep (a cache).
    fn keep(&mut self, parts: &[String], need: &Need, bytes: &[u8]);

    /// Reads that went to the network (or disk) so far.
    fn requests(&self) -> u32;
}

/// A pack opened from an address, and its bytes' source.
#[derive(Debug)]
pub struct Opened<S> {
    /// The index file's address.
    pub address: String,
    pack: Pack,
    parts: Vec<String>,
    /// Where its bytes come from.
    pub source: S,
}

impl<S: Source> Opened<S> {
    /// Opens the pack at `address` from `source`.
    ///
    /// # Errors
    ///
    /// Its first bytes cannot be had, or are not a pack this reader reads.
    pub async fn open(address: String, mut source: S) -> Result<Opened<S>, String> {
        let first = source.head().await?;
        let pack = Pack::open(&first).map_err(|e| e.to_string())?;
        let parts = pack.part_names();
        Ok(Opened {
            address,
            pack,
            parts,
            source,
        })
    }

    /// What `ask` answers once the bytes it needs are read; `None` if
    /// `superseded` says, before a round of reads, that a newer question
    /// came (the values found so far stay with the pack).
    async fn resolve<T>(
        &mut self,
        ask: impl Fn(&Pack) -> Result<Answer<T>, PackError>,
        superseded: &dyn Fn() -> bool,
    ) -> Result<Option<T>, String> {
        for _ in 0..MOST_ROUNDS {
            let needs = match ask(&self.pack).map_err(|e| e.to_string())? {
                Answer::Known(t) => return Ok(Some(t)),
                Answer::Need(needs) => needs,
            };
            if superseded() {
                return Ok(None);
            }
            let bytes = self.source.read(&self.parts, &needs).await?;
            for (need, bytes) in needs.iter().zip(&bytes) {
                self.pack.supply(*need, bytes).map_err(|e| e.to_string())?;
                self.source.keep(&self.parts, need, bytes);
            }
        }
        Err(PackError::Corrupt("a probe that never ends".into()).to_string())
    }

    /// The answer to `probe` (whose `tables` this pack was opened from).
    pub async fn answer(&mut self, probe: &Probe) -> Solved {
        match self.answer_unless(probe, &|| false).await {
            Some(solved) => solved,
            None => Solved::Unavailable {
                id: Some(probe.id),
                message: "the question was given up".into(),
            },
        }
    }

    /// The answer to `probe`, or `None` if it was given up because
    /// `superseded` said a newer question came: a position a reader has
    /// left can take minutes to look up.
    pub async fn answer_unless(
        &mut self,
        probe: &Probe,
        superseded: &dyn Fn() -> bool,
    ) -> Option<Solved> {
        let id = probe.id;
        let unavailable = |message: String| {
            Some(Solved::Unavailable {
                id: Some(id),
                message,
            })
        };
        let game = match probe
            .record
            .parse::<Record>()
            .map_err(|e| e.to_string())
            .and_then(|r| Game::from_record(&r).map_err(|e| e.to_string()))
        {
            Ok(game) => game,
            Err(why) => return unavailable(format!("the record: {why}")),
        };
        if !self.pack.covers(game.rules()) {
            return Some(Solved::Uncovered {
                id,
                rules: self.pack.rules().to_owned(),
            });
        }
        let requests = self.source.requests();
        if probe.line {
            let (mut values, mut winning) = (Vec::new(), Vec::new());
            for ply in 0..=game.ply() {
                let Some(pos) = game.position_at(ply).copied() else {
                    break;
                };
                let moves = if pos.outcome().is_some() {
                    Vec::new()
                } else {
                    match self.resolve(|p| p.moves(&pos), superseded).await {
                        Ok(moves) => moves?,
                        Err(why) => return unavailable(why),
                    }
                };
                let value = pos
                    .outcome()
                    .is_none()
                    .then(|| from_moves(&moves))
                    .flatten();
                values.push(value.map(|v| v == Value::Win));
                let wins = moves.iter().find(|(_, v)| *v == Some(Value::Win));
                winning.push(wins.map(|(m, _)| Choice::from_move(&pos, m)));
            }
            return Some(Solved::Line {
                id,
                values,
                winning,
            });
        }
        let pos = *game.position();
        let moves = match self.resolve(|p| p.moves(&pos), superseded).await {
            Ok(moves) => moves?,
            Err(why) => return unavailable(why),
        };
        let value = if pos.outcome().is_some() {
            None
        } else {
            from_moves(&moves).map(|v| v == Value::Win)
        };
        let tiers = self.pack.attackers();
        Some(Solved::Values {
            id,
            value,
            moves: moves
                .iter()
                .map(|(m, v)| Valued {
                    choice: Choice::from_move(&pos, m),
                    wins: v.map(|v| v == Value::Win),
                })
                .collect(),
            tiers: (*tiers.start(), *tiers.end()),
            requests: self.source.requests() - requests,
        })
    }
}

/// The first bytes of an index file a reader asks for.
pub const HEAD: u32 = format::HEAD as u32;

#[cfg(test)]
mod tests;
