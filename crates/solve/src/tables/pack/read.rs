//! Reading a pack: the values of positions and of their moves from the
//! blocks the reader is given ([`Pack`]), and the same over a pack's files
//! ([`PackFiles`]).

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use asalto_core::{Move, Position, Rules, Side};

use super::super::geometry::{Geometry, bits};
use super::super::index::{pair_of, pairs};
use super::super::profile::{Profile, Slicing};
use super::PackError;
use super::format::{self, Entry, Fill, Header, Key};
use crate::Value;

/// Bytes the reader needs: `length` bytes at `offset` of a part (0: the
/// index file, `i`: the `i`-th data part, [`Pack::part_names`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Need {
    /// The file: 0 the index, then the data parts.
    pub part: u16,
    /// The first byte.
    pub offset: u64,
    /// How many bytes.
    pub length: u32,
    /// A block's rows and the free points of its tier (rows 0: a leaf
    /// directory).
    block: (u32, u32),
}

/// Each legal move and its value for the side that makes it.
pub type MoveValues = Vec<(Move, Option<Value>)>;

/// An answer, or what it needs first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer<T> {
    /// Known from the bytes given so far.
    Known(T),
    /// Needs these bytes ([`Pack::supply`] them and ask again).
    Need(Vec<Need>),
}

/// A pack opened from its header: answers from the leaf directories and
/// blocks it has been given, within a memory budget.
#[derive(Debug)]
pub struct Pack {
    header: Header,
    pub(super) geometry: Geometry,
    slicing: Slicing,
    /// Whether a defender that can capture must: then a defender's bit
    /// where it can is not read ([`Pack::stores`]).
    forced: bool,
    /// Per tier (from the fewest attackers), each slice's first row.
    starts: Vec<OnceLock<HashMap<Profile, u64>>>,
    leaves: HashMap<usize, Arc<Vec<Entry>>>,
    blocks: HashMap<(u16, u64), Arc<Vec<u8>>>,
    held: usize,
    budget: usize,
}

/// Moves whose values need blocks that a position's value asks for in one
/// round, at most: the rest wait for the next round, when one of these may
/// already win. Asking for every move's blocks at once expands every line
/// down to stored bits (forced captures and the side not stored go
/// further), and does it again each round: `assault` after `d4-d5` took
/// 62 s natively (124 reads), 0.25 s (49 reads) with at most 3; at most
/// 1, 2, 4 and 5 took 12.5, 2.0, 0.29 and 0.42 s (2026-12-07).
const UNKNOWN_MOVES: usize = 3;

/// Bytes of blocks a pack keeps by default.
const BUDGET: usize = 64 << 20;

impl Pack {
    /// Opens a pack from the first bytes of its index file (at least its
    /// header and root directory: [`format::HEAD`] bytes, or the whole
    /// file if shorter).
    ///
    /// # Errors
    ///
    /// The bytes are not a pack's header, or its rules are not tables'.
    pub fn open(first: &[u8]) -> Result<Pack, PackError> {
        let header = Header::parse(first)?;
        let rules: Rules = header
            .rules
            .parse()
            .map_err(|e| PackError::Rules(format!("{e}")))?;
        let geometry = Geometry::new(&rules).map_err(|e| PackError::Rules(e.to_string()))?;
        let slicing = Slicing::new(&geometry).map_err(|e| PackError::Rules(e.to_string()))?;
        let most = geometry.len().saturating_sub(2);
        if u32::from(header.high) > most || header.low == 0 {
            return Err(PackError::Corrupt("the header's attacker counts".into()));
        }
        let tiers = usize::from(header.high - header.low) + 1;
        Ok(Pack {
            header,
            geometry,
            slicing,
            starts: (0..tiers).map(|_| OnceLock::new()).collect(),
            forced: rules.capture == asalto_core::Capture::Forced,
            leaves: HashMap::new(),
            blocks: HashMap::new(),
            held: 0,
            budget: BUDGET,
        })
    }

    /// Keeps at most `bytes` of decoded blocks (64 MiB unless set).
    pub fn set_budget(&mut self, bytes: usize) {
        self.budget = bytes;
    }

    /// The tables' rule set the pack holds (see [`super::super::table_rules`]).
    pub fn rules(&self) -> &str {
        &self.header.rules
    }

    /// Whether the pack answers positions of `rules`.
    pub fn covers(&self, rules: &Rules) -> bool {
        super::super::table_rules(rules) == self.header.rules
    }

    /// The attacker counts the pack holds.
    pub fn attackers(&self) -> std::ops::RangeInclusive<u32> {
        u32::from(self.header.low)..=u32::from(self.header.high)
    }

    /// The data parts' file names, in order (part 1 first).
    pub fn part_names(&self) -> Vec<String> {
        let parts = &self.header.parts;
        parts.iter().map(|p| format::part_name(&p.sha256)).collect()
    }

    /// Takes the bytes of `need`.
    ///
    /// # Errors
    ///
    /// Bytes of another length, or that fail their checksum or make no
    /// sense: nothing is kept.
    pub fn supply(&mut self, need: Need, bytes: &[u8]) -> Result<(), PackError> {
        if bytes.len() != need.length as usize {
            return Err(PackError::Corrupt(format!(
                "{} bytes where {} were asked for",
                bytes.len(),
                need.length
            )));
        }
        if need.part == 0 {
            let leaves = &self.header.leaves;
            let i = leaves
                .iter()
                .position(|l| l.offset == need.offset)
                .ok_or_else(|| PackError::Corrupt("no such leaf directory".into()))?;
            let entries = format::decode_leaf(bytes)?;
            let first = entries.first().map(|e| e.key);
            let sorted = entries.windows(2).all(|w| w[0].key < w[1].key);
            if first != Some(leaves[i].first) || !sorted {
                return Err(PackError::Corrupt(format!("leaf directory {i}")));
            }
            self.leaves.insert(i, Arc::new(entries));
        } else {
            let (rows, free) = need.block;
            let raw = format::open_block(bytes, free, rows as usize)?;
            if self.held + raw.len() > self.budget {
                self.blocks.clear();
                self.held = 0;
            }
            self.held += raw.len();
            self.blocks.insert((need.part, need.offset), Arc::new(raw));
        }
        Ok(())
    }

    /// The first row of `profile`'s slice in its tier (of `attackers`).
    fn start(&self, attackers: u32, profile: Profile) -> Option<u64> {
        let tier = self
            .starts
            .get((attackers - u32::from(self.header.low)) as usize)?;
        let starts = tier.get_or_init(|| {
            let mut row = 0;
            let profiles = self.slicing.profiles(attackers);
            let mut starts = HashMap::with_capacity(profiles.len());
            for p in profiles {
                starts.insert(p, row);
                row += self.slicing.sets(p);
            }
            starts
        });
        starts.get(&profile).copied()
    }

    /// The entry holding `key`'s row.
    fn entry(&self, key: Key) -> Result<Answer<Entry>, PackError> {
        let leaves = &self.header.leaves;
        let i = leaves.partition_point(|l| l.first <= key);
        let missing = || PackError::Corrupt(format!("no block holds {key:?}"));
        let i = i.checked_sub(1).ok_or_else(missing)?;
        let Some(entries) = self.leaves.get(&i) else {
            let leaf = leaves[i];
            return Ok(Answer::Need(vec![Need {
                part: 0,
                offset: leaf.offset,
                length: leaf.length,
                block: (0, 0),
            }]));
        };
        let j = entries.partition_point(|e| e.key <= key);
        let e = *entries.get(j.wrapping_sub(1)).ok_or_else(missing)?;
        let inside = e.key.attackers == key.attackers && key.row - e.key.row < u64::from(e.rows);
        if inside {
            Ok(Answer::Known(e))
        } else {
            Err(missing())
        }
    }

    /// Whether the pack's bit of the attackers on `set` and the defenders
    /// on `x` and `y` (with the side its tier stores to move) is its value:
    /// not where one more ply decides it and the bit is whatever coded
    /// smallest, as Syzygy leaves its positions with a winning capture.
    /// Those are, with the attacker to move, where a step fills the
    /// fortress; with the defender to move, where it must capture.
    pub fn stores(&self, set: u64, x: u32, y: u32) -> bool {
        let g = &self.geometry;
        match self.stored(set.count_ones()) {
            Some(Side::Attacker) => !fills_in_one(g, set, x, y),
            Some(Side::Defender) => !(self.forced && g.can_capture(set, x, y)),
            None => false,
        }
    }

    /// The side to move whose bits the tier of `attackers` stores, if the
    /// pack holds the tier.
    pub fn stored(&self, attackers: u32) -> Option<Side> {
        let i = attackers.checked_sub(u32::from(self.header.low))?;
        self.header.sides.get(i as usize).copied()
    }

    /// The bit the pack stores for the attackers on `set` (a set of the
    /// pack's tiers whose fortress is not full) and the defenders on `x`
    /// and `y`, with the side its tier stores to move ([`Pack::stored`]):
    /// whether that side wins, where [`Pack::stores`] says so.
    ///
    /// # Errors
    ///
    /// The pack is damaged.
    pub fn bit(&self, set: u64, x: u32, y: u32) -> Result<Answer<bool>, PackError> {
        let g = &self.geometry;
        let attackers = set.count_ones();
        let (profile, index, mirrored) = self.slicing.place(set);
        let (kept, a, b) = if mirrored {
            let m = |p: u32| u32::from(g.mirror[p as usize]);
            (g.mirror_set(set), m(x), m(y))
        } else {
            (set, x, y)
        };
        let start = self
            .start(attackers, profile)
            .ok_or_else(|| PackError::Corrupt(format!("no tier of {attackers} attackers")))?;
        let key = Key {
            attackers: attackers as u8,
            row: start + index,
        };
        let e = match self.entry(key)? {
            Answer::Known(e) => e,
            Answer::Need(n) => return Ok(Answer::Need(n)),
        };
        let width = pairs(g.len() - attackers);
        let k = pair_of(g.all() & !kept, a, b);
        match e.fill {
            Fill::Zeros => Ok(Answer::Known(false)),
            Fill::Ones => Ok(Answer::Known(true)),
            Fill::Coded => {
                let Some(block) = self.blocks.get(&(e.part, e.offset)) else {
                    let raw = (e.rows as usize * width).div_ceil(8);
                    // Blocks hold 64 KiB of bits (a row more at most):
                    // never decode what a damaged directory claims.
                    if raw > 1 << 20 {
                        return Err(PackError::Corrupt(format!("a block of {raw} bytes")));
                    }
                    return Ok(Answer::Need(vec![Need {
                        part: e.part,
                        offset: e.offset,
                        length: e.length,
                        block: (e.rows, g.len() - attackers),
                    }]));
                };
                let bit = (key.row - e.key.row) as usize * width + k;
                Ok(Answer::Known(block[bit / 8] >> (bit % 8) & 1 == 1))
            }
        }
    }

    /// `pos` as the pack sees it (side to move, attacker set, the
    /// defenders' points), if it holds it.
    fn placed(&self, pos: &Position) -> Option<(Side, u64, u32, u32)> {
        let a = pos.attackers().len() as u32;
        if !self.attackers().contains(&a) || pos.to_place() != 0 || pos.defenders().len() != 2 {
            return None;
        }
        let set = self.geometry.set(pos.attackers());
        let fortress = self.geometry.fortress;
        if set & fortress == fortress || pos.outcome().is_some() {
            return None;
        }
        let mut defenders = bits(self.geometry.set(pos.defenders()));
        let (x, y) = (defenders.next()?, defenders.next()?);
        Some((pos.turn(), set, x, y))
    }

    /// The value of `pos` for its side to move, if the pack holds it (a
    /// position of its tiers under rules it covers ([`Pack::covers`]),
    /// two defenders, a game not yet finished): one look where its tier
    /// stores its side to move, else from its moves' values.
    ///
    /// # Errors
    ///
    /// The pack is damaged.
    pub fn value(&self, pos: &Position) -> Result<Answer<Option<Value>>, PackError> {
        let Some((turn, set, x, y)) = self.placed(pos) else {
            return Ok(Answer::Known(None));
        };
        if self.stored(set.count_ones()) == Some(turn) && self.stores(set, x, y) {
            return Ok(match self.bit(set, x, y)? {
                Answer::Known(won) => Answer::Known(Some(won_or_lost(won))),
                Answer::Need(n) => Answer::Need(n),
            });
        }
        Ok(match self.by_moves(pos, false)? {
            Answer::Known(moves) => Answer::Known(from_moves(&moves)),
            Answer::Need(n) => Answer::Need(n),
        })
    }

    /// The value of each legal move of `pos` for the side that makes it
    /// (`None` where the pack does not hold the position it leaves).
    ///
    /// # Errors
    ///
    /// The pack is damaged.
    pub fn moves(&self, pos: &Position) -> Result<Answer<MoveValues>, PackError> {
        self.by_moves(pos, true)
    }

    /// Each legal move of `pos` and its value for the side that makes it;
    /// unless `all`, only up to the first move known to win (what the
    /// position's value needs).
    pub(super) fn by_moves(
        &self,
        pos: &Position,
        all: bool,
    ) -> Result<Answer<MoveValues>, PackError> {
        let mover = pos.turn();
        let mut out = Vec::new();
        let mut needs = Vec::new();
        let mut unknown = 0;
        for m in pos.legal_moves() {
            let mut next = *pos;
            next.play_unchecked(&m);
            let value = if let Some(outcome) = next.outcome() {
                Some(won_or_lost(outcome.winner() == Some(mover)))
            } else {
                match self.value(&next)? {
                    Answer::Known(v) => v.map(|v| {
                        if next.turn() == mover {
                            v
                        } else {
                            won_or_lost(v == Value::Loss)
                        }
                    }),
                    Answer::Need(n) => {
                        needs.extend(n);
                        unknown += 1;
                        if !all && unknown == UNKNOWN_MOVES {
                            return Ok(Answer::Need(dedup(needs)));
                        }
                        continue;
                    }
                }
            };
            out.push((m, value));
            if !all && value == Some(Value::Win) {
                return Ok(Answer::Known(out));
            }
        }
        Ok(if needs.is_empty() {
            Answer::Known(out)
        } else {
            Answer::Need(dedup(needs))
        })
    }
}

/// A position's value from its moves' (for the side to move): a win if one
/// wins, unknown if one is, else a loss.
pub fn from_moves(moves: &MoveValues) -> Option<Value> {
    if moves.iter().any(|(_, v)| *v == Some(Value::Win)) {
        Some(Value::Win)
    } else if moves.iter().any(|(_, v)| v.is_none()) {
        None
    } else {
        Some(Value::Loss)
    }
}

/// Whether an attacker step fills the fortress with the attackers on
/// `set` and the defenders on `x` and `y`.
pub(super) fn fills_in_one(g: &Geometry, set: u64, x: u32, y: u32) -> bool {
    let hole = g.fortress & !set;
    if hole.count_ones() != 1 || hole & (1 << x | 1 << y) != 0 {
        return false;
    }
    bits(set).any(|p| g.steps[p as usize] & hole != 0)
}

fn won_or_lost(won: bool) -> Value {
    if won { Value::Win } else { Value::Loss }
}

fn dedup(mut needs: Vec<Need>) -> Vec<Need> {
    needs.sort_unstable_by_key(|n| (n.part, n.offset));
    needs.dedup();
    needs
}
