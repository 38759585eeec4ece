//! Reading a pack: the values of positions and of their moves from the
//! blocks the reader is given ([`Pack`]), and the same over a pack's files
//! ([`PackFiles`]).

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
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
    /// The blocks kept, oldest first: the first to go when the budget is
    /// spent, so the blocks of the latest round stay.
    order: VecDeque<(u16, u64)>,
    held: usize,
    budget: usize,
    /// Values found so far ([`Known`]).
    known: RefCell<Known>,
}

/// Positions' values found so far, each whether its side to move wins,
/// by attackers, the defenders' points and the side to move
/// ([`known_key`]): a value from moves is worked out once, not again each
/// round (its blocks may have gone since), and transpositions are met
/// once.
///
/// Without it, `assault`'s review game at ply 32 walked the same lines
/// again every round, and past 64 MiB of blocks dropped what the next
/// round needed, round after round: no answer in minutes.
type Known = HashMap<(u64, u16), bool>;

/// Values [`Known`] holds at most: past it, it starts again.
const KNOWN: usize = 1 << 20;

/// Moves whose values come from their own moves that a position's value
/// descends into in one round, at most: the rest wait for the next round,
/// when one of these may already win. Descending into every move at once
/// expands every line down to stored bits (forced captures and the side
/// not stored go further): `assault` after `d4-d5` took 62 s natively
/// (124 reads) that way, 0.25 s (49 reads) with at most 3. Along the
/// review benchmark's game at plies 32, 48 and 71, at most 1, 2, 3 and 5
/// took 229/281/799, 27/36/42, 17/17/18 and 15/15/13 rounds, reading
/// 376/515/1191, 462/592/1115, 491/646/1169 and 512/666/1300 blocks
/// (2026-12-07, before those moves were ordered by replies): a round is a
/// round trip over HTTP, so 3.
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
            order: VecDeque::new(),
            held: 0,
            budget: BUDGET,
            known: RefCell::new(HashMap::new()),
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
            while self.held + raw.len() > self.budget {
                let Some(old) = self.order.pop_front() else {
                    break;
                };
                self.held -= self.blocks.remove(&old).map_or(0, |b| b.len());
            }
            let key = (need.part, need.offset);
            self.held += raw.len();
            if let Some(old) = self.blocks.insert(key, Arc::new(raw)) {
                self.held -= old.len();
            } else {
                self.order.push_back(key);
            }
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
        let key = known_key(turn, set, x, y);
        if let Some(&won) = self.known.borrow().get(&key) {
            return Ok(Answer::Known(Some(won_or_lost(won))));
        }
        let value = if self.stored(set.count_ones()) == Some(turn) && self.stores(set, x, y) {
            match self.bit(set, x, y)? {
                Answer::Known(won) => Some(won_or_lost(won)),
                Answer::Need(n) => return Ok(Answer::Need(n)),
            }
        } else {
            match self.by_moves(pos, false)? {
                Answer::Known(moves) => from_moves(&moves),
                Answer::Need(n) => return Ok(Answer::Need(n)),
            }
        };
        if let Some(value) = value {
            self.remember(key, value == Value::Win);
        }
        Ok(Answer::Known(value))
    }

    /// Keeps the value of the position `key` names ([`Known`]).
    fn remember(&self, key: (u64, u16), won: bool) {
        let mut known = self.known.borrow_mut();
        if known.len() >= KNOWN {
            known.clear();
        }
        known.insert(key, won);
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
    /// unless `all`, only a move known to win if there is one (what the
    /// position's value needs).
    ///
    /// Moves are taken cheapest first: those known without a read (an end
    /// of the game, a value found before, a bit in a block at hand), then
    /// those whose value is one stored bit (a block each, all read in one
    /// round), and only then, unless `all`, those whose value comes from
    /// their own moves, the one with the fewest replies first, at most
    /// [`UNKNOWN_MOVES`] of them a round.
    pub(super) fn by_moves(
        &self,
        pos: &Position,
        all: bool,
    ) -> Result<Answer<MoveValues>, PackError> {
        let mover = pos.turn();
        let mut moves = Vec::new();
        let mut values = Vec::new();
        let mut needs = Vec::new();
        let mut deep = Vec::new();
        for m in pos.legal_moves() {
            let mut next = *pos;
            next.play_unchecked(&m);
            match self.look(mover, &next)? {
                Look::Known(Some(Value::Win)) if !all => {
                    return Ok(Answer::Known(vec![(m, Some(Value::Win))]));
                }
                Look::Known(value) => values.push(Some(value)),
                Look::Read(n) => {
                    needs.extend(n);
                    values.push(None);
                }
                Look::Deep => {
                    deep.push((moves.len(), next));
                    values.push(None);
                }
            }
            moves.push(m);
        }
        // A stored bit to read first may already win.
        if all || needs.is_empty() {
            deep.sort_by_cached_key(|(_, next)| next.legal_moves().len());
            let mut asked = 0;
            for (i, next) in deep {
                match self.value(&next)? {
                    Answer::Known(v) => {
                        let value = v.map(|v| as_mover(mover, &next, v));
                        if !all && value == Some(Value::Win) {
                            return Ok(Answer::Known(vec![(moves[i], value)]));
                        }
                        values[i] = Some(value);
                    }
                    Answer::Need(n) => {
                        needs.extend(n);
                        asked += 1;
                        if asked == UNKNOWN_MOVES {
                            break;
                        }
                    }
                }
            }
        }
        if !needs.is_empty() {
            return Ok(Answer::Need(dedup(needs)));
        }
        Ok(Answer::Known(
            moves
                .into_iter()
                .zip(values)
                .map(|(m, v)| (m, v.flatten()))
                .collect(),
        ))
    }

    /// What is known of the value, for `mover`, of the move that leads to
    /// `next`, without looking at `next`'s own moves.
    fn look(&self, mover: Side, next: &Position) -> Result<Look, PackError> {
        if let Some(outcome) = next.outcome() {
            return Ok(Look::Known(Some(won_or_lost(
                outcome.winner() == Some(mover),
            ))));
        }
        let Some((turn, set, x, y)) = self.placed(next) else {
            return Ok(Look::Known(None));
        };
        let key = known_key(turn, set, x, y);
        let known = |won| Look::Known(Some(as_mover(mover, next, won_or_lost(won))));
        if let Some(&won) = self.known.borrow().get(&key) {
            return Ok(known(won));
        }
        if self.stored(set.count_ones()) != Some(turn) || !self.stores(set, x, y) {
            return Ok(Look::Deep);
        }
        Ok(match self.bit(set, x, y)? {
            Answer::Known(won) => {
                self.remember(key, won);
                known(won)
            }
            Answer::Need(n) => Look::Read(n),
        })
    }
}

/// What is known of a move's value before its position's moves are looked
/// at ([`Pack::look`]).
enum Look {
    /// Known: the game ends, or the value was found before or is a bit at
    /// hand (`None`: the pack does not hold the position).
    Known(Option<Value>),
    /// One stored bit, in a block not at hand.
    Read(Vec<Need>),
    /// From the position's own moves.
    Deep,
}

/// The key of [`Known`]: the attackers' set, then the defenders' points
/// (below 64) and the side to move in 13 bits.
fn known_key(turn: Side, set: u64, x: u32, y: u32) -> (u64, u16) {
    (
        set,
        (x << 7 | y << 1 | u32::from(turn == Side::Defender)) as u16,
    )
}

/// `value`, the value of `next` for its side to move, for `mover`.
fn as_mover(mover: Side, next: &Position, value: Value) -> Value {
    if next.turn() == mover {
        value
    } else {
        won_or_lost(value == Value::Loss)
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
