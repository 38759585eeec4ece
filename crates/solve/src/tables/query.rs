//! Asking the tables: a position's value (from a whole tier in memory or
//! a slice read as it is asked for), checking entries against the rules
//! engine, and labelled samples (of positions drawn by `draw`).

use std::ops::RangeInclusive;
use std::sync::Arc;

use asalto_core::dense::Rng;
use asalto_core::{Position, Side};

use super::draw::{Placed, position_of, random_placed};
use super::error::TablesError;
use super::geometry::bits;
use super::index::{pair_of, rank};
use super::slices::Slice;
use super::{Tables, located};
use crate::Value;

/// What a check found.
#[derive(Debug, Clone, Default)]
pub struct Checked {
    /// Per tier: attackers, positions checked, of them won by the side to
    /// move.
    pub tiers: Vec<(u32, u64, u64)>,
}

impl Tables {
    /// The first slice that could not be read, if one could not: positions
    /// that need it are answered `None`.
    pub fn damage(&self) -> Option<String> {
        self.damage.lock().expect("damage").clone()
    }

    /// The value of `pos` for its side to move, if the tables hold it (a
    /// position of their rules, two defenders, a game not yet finished)
    /// and can read it (see [`Tables::damage`]). While the defenders are
    /// being placed, the best of their placements: every placement's
    /// position once both stand is in the tables.
    pub fn value(&self, pos: &Position) -> Option<Value> {
        if pos.to_place() > 0 {
            return self.placing(pos);
        }
        self.value_by(pos, &mut |set, x, y| self.defender_wins(set, x, y))
    }

    /// [`Tables::value`] of a position whose defenders are still being
    /// placed: a win if one of its placements wins.
    fn placing(&self, pos: &Position) -> Option<Value> {
        let mut known = true;
        for m in pos.legal_moves() {
            let mut next = *pos;
            next.play_unchecked(&m);
            match self.wins_by_moving(pos, &next) {
                Some(true) => return Some(Value::Win),
                Some(false) => {}
                None => known = false,
            }
        }
        known.then_some(Value::Loss)
    }

    /// Whether the side to move in `pos` wins by the move that leaves
    /// `next`, if the game has ended there or the tables know `next`: a
    /// win where `next` is lost for the other side, or won for the same
    /// side while it is still placing its defenders.
    pub fn wins_by_moving(&self, pos: &Position, next: &Position) -> Option<bool> {
        if let Some(outcome) = next.outcome() {
            return outcome.winner().map(|w| w == pos.turn());
        }
        let won = if next.turn() == pos.turn() {
            Value::Win
        } else {
            Value::Loss
        };
        self.value(next).map(|v| v == won)
    }

    /// [`Tables::value`], the defender's bits asked of `ask`.
    fn value_by(&self, pos: &Position, ask: &mut Ask<'_>) -> Option<Value> {
        let (turn, set, x, y) = self.placed(pos)?;
        match self.wins_by(turn, set, x, y, ask) {
            Ok(true) => Some(Value::Win),
            Ok(false) => Some(Value::Loss),
            Err(e) => {
                self.damage
                    .lock()
                    .expect("damage")
                    .get_or_insert(e.to_string());
                None
            }
        }
    }

    /// `pos` as the tables see it (side to move, attacker set, the
    /// defenders' points), if they hold it.
    fn placed(&self, pos: &Position) -> Option<(Side, u64, u32, u32)> {
        let a = pos.attackers().len() as u32;
        if pos.to_place() != 0 || pos.defenders().len() != 2 || !self.attackers().contains(&a) {
            return None;
        }
        let set = self.geometry.set(pos.attackers());
        if set & self.geometry.fortress == self.geometry.fortress {
            return None;
        }
        let mut defenders = bits(self.geometry.set(pos.defenders()));
        let (x, y) = (defenders.next()?, defenders.next()?);
        Some((pos.turn(), set, x, y))
    }

    /// Whether `turn` wins to move with the attackers `set` (a tier's) and
    /// the defenders on `x` and `y`: the defender's bit, or one ply above
    /// the defender's bits for the attacker, the defender's bits asked of
    /// `ask`. Where `ask` answers that the defender wins, every attacker
    /// step is asked.
    fn wins_by(
        &self,
        turn: Side,
        set: u64,
        x: u32,
        y: u32,
        ask: &mut Ask<'_>,
    ) -> Result<bool, TablesError> {
        let geometry = &self.geometry;
        if set & geometry.fortress == geometry.fortress {
            return Ok(turn == Side::Attacker);
        }
        if turn == Side::Defender {
            return ask(set, x, y);
        }
        let empty = geometry.all() & !set & !(1 << x) & !(1 << y);
        for p in bits(set) {
            for q in bits(geometry.steps[p as usize] & empty) {
                let next = set ^ (1 << p) ^ (1 << q);
                if next & geometry.fortress == geometry.fortress || !ask(next, x, y)? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// The defender's bit: whether the defender to move wins against
    /// `set` from `x` and `y`.
    fn defender_wins(&self, set: u64, x: u32, y: u32) -> Result<bool, TablesError> {
        Ok(self.defender_wins_in(set, x, y, self.slice_of(set)?))
    }

    /// The slice that holds `set`'s bits, read if it is not in memory
    /// (`None` for a tier held whole).
    fn slice_of(&self, set: u64) -> Result<Option<Arc<Slice>>, TablesError> {
        if self.whole_tier(set) {
            return Ok(None);
        }
        let (store, _) = self
            .sliced
            .as_ref()
            .ok_or(TablesError::Asked("no such tier".to_owned()))?;
        let slice = store.get(store.slicing.profile(set))?;
        Ok(Some(slice))
    }

    /// Whether `set`'s tier is held whole in memory (not in slices).
    fn whole_tier(&self, set: u64) -> bool {
        let i = (set.count_ones() - self.play.threshold) as usize;
        i < self.tiers.len()
    }

    /// The defender's bit, from `set`'s slice (`None` for a tier held
    /// whole).
    fn defender_wins_in(&self, set: u64, x: u32, y: u32, slice: Option<Arc<Slice>>) -> bool {
        let geometry = &self.geometry;
        match slice {
            None => {
                let tier = &self.tiers[(set.count_ones() - self.play.threshold) as usize];
                tier.get(rank(set), pair_of(geometry.all() & !set, x, y))
            }
            Some(slice) => {
                let (store, _) = self.sliced.as_ref().expect("a sliced tier");
                located::Located::new(geometry, &store.slicing, set, slice)
                    .defender_wins(geometry, x, y)
            }
        }
    }

    /// The defender's bits of `questions`, read slice after slice (each
    /// slice once), as [`Answers`].
    fn answer(&self, questions: Vec<Placed>) -> Result<Answers, TablesError> {
        // Tiers held whole come last, apart from every slice.
        let profile = |set: u64| match (&self.sliced, self.whole_tier(set)) {
            (Some((store, _)), false) => store.slicing.profile(set),
            _ => u64::MAX,
        };
        let mut keyed: Vec<(u64, Placed)> =
            questions.into_iter().map(|q| (profile(q.0), q)).collect();
        keyed.sort_unstable();
        keyed.dedup();
        let mut answered = Vec::with_capacity(keyed.len());
        for run in keyed.chunk_by(|a, b| a.0 == b.0) {
            let slice = self.slice_of(run[0].1.0)?;
            for &(_, (set, x, y)) in run {
                let wins = self.defender_wins_in(set, x, y, slice.clone());
                answered.push(((set, x, y), wins));
            }
        }
        answered.sort_unstable_by_key(|&(question, _)| question);
        let (questions, wins) = answered.into_iter().unzip();
        Ok(Answers { questions, wins })
    }

    /// Checks `samples` random positions of each tier in `attackers`
    /// against the rules engine: each value must follow from its
    /// successors' (a finished game's, or the tables'). The positions are
    /// taken 50,000 at a time, every bit they need read slice by slice.
    /// Each tier draws its own from `seed` and its attacker count, so a
    /// tier's positions do not depend on the tiers checked with it.
    ///
    /// # Errors
    ///
    /// The first position whose value does not follow, as a rule set.
    pub fn check(
        &self,
        attackers: RangeInclusive<u32>,
        samples: u64,
        seed: u64,
    ) -> Result<Checked, TablesError> {
        let mut checked = Checked::default();
        for attackers in self.attackers().filter(|a| attackers.contains(a)) {
            let mut rng = Rng::new(seed ^ u64::from(attackers).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let mut wins = 0;
            let mut left = samples;
            while left > 0 {
                let n = left.min(CHUNK);
                left -= n;
                let drawn = (0..n)
                    .map(|_| self.random_position(attackers, &mut rng))
                    .collect::<Result<Vec<_>, _>>()?;
                let answers = self.answer(self.questions(|ask| {
                    for (text, pos, placed) in &drawn {
                        self.judge(text, pos, *placed, ask)?;
                    }
                    Ok(())
                })?)?;
                for (text, pos, placed) in &drawn {
                    let (stored, derived) =
                        self.judge(text, pos, *placed, &mut |s, x, y| answers.get((s, x, y)))?;
                    if derived != stored {
                        return Err(TablesError::Wrong(format!(
                            "{text}: the table says the {} {}, its successors say otherwise",
                            pos.turn().name(),
                            if stored { "wins" } else { "loses" }
                        )));
                    }
                    if pos.turn() == Side::Attacker
                        && let Some(kept) = self.attacker_bit(*placed)?
                        && kept != derived
                    {
                        return Err(TablesError::Wrong(format!(
                            "{text}: the slice's attacker-to-move bit says the attacker {}, its successors say otherwise",
                            if kept { "wins" } else { "loses" }
                        )));
                    }
                    wins += u64::from(stored);
                }
            }
            checked.tiers.push((attackers, samples, wins));
        }
        Ok(checked)
    }

    /// The attacker-to-move bit a slice keeps for `set` with the defenders
    /// on `x` and `y` (`None` for a tier held whole, which keeps none, and
    /// for a full fortress, whose bits no move reads).
    fn attacker_bit(&self, (set, x, y): Placed) -> Result<Option<bool>, TablesError> {
        let geometry = &self.geometry;
        if set & geometry.fortress == geometry.fortress {
            return Ok(None);
        }
        let Some(slice) = self.slice_of(set)? else {
            return Ok(None);
        };
        let (store, _) = self.sliced.as_ref().expect("a sliced tier");
        let located = located::Located::new(geometry, &store.slicing, set, slice);
        Ok(Some(located.attacker_wins(geometry, x, y)))
    }

    /// A position's value as stored, and as its successors give it (a
    /// finished game's, or the tables'), the defender's bits asked of
    /// `ask`.
    fn judge(
        &self,
        text: &str,
        pos: &Position,
        (set, x, y): Placed,
        ask: &mut Ask<'_>,
    ) -> Result<(bool, bool), TablesError> {
        let turn = pos.turn();
        let stored = self.wins_by(turn, set, x, y, ask)?;
        let derived = match pos.outcome() {
            Some(outcome) => outcome.winner() == Some(turn),
            None => {
                let mut won = false;
                for m in pos.legal_moves() {
                    let mut next = *pos;
                    next.play_unchecked(&m);
                    won |= match next.outcome() {
                        Some(outcome) => outcome.winner() != Some(next.turn()),
                        None => {
                            self.value_by(&next, ask).ok_or_else(|| {
                                self.damage().map_or_else(
                                    || {
                                        TablesError::Asked(format!(
                                            "{text}: a successor lies outside the tables"
                                        ))
                                    },
                                    TablesError::Damaged,
                                )
                            })? == Value::Loss
                        }
                    };
                }
                won
            }
        };
        Ok((stored, derived))
    }

    /// The defender's bits that `visit` asks for (told each time that
    /// the defender wins, so that every attacker step is asked).
    fn questions(
        &self,
        visit: impl FnOnce(&mut Ask<'_>) -> Result<(), TablesError>,
    ) -> Result<Vec<Placed>, TablesError> {
        let mut questions = Vec::new();
        visit(&mut |set, x, y| {
            questions.push((set, x, y));
            Ok(true)
        })?;
        Ok(questions)
    }

    /// `count` random positions in play of each tier from `attackers`,
    /// both sides to move, as rule sets with whether the side to move
    /// wins (labelled data for an evaluation to learn from); each tier's
    /// bits read slice by slice.
    ///
    /// # Errors
    ///
    /// A position the rules engine refuses (tables of a broken build), or
    /// a slice that cannot be read.
    pub fn sample(
        &self,
        attackers: RangeInclusive<u32>,
        count: u64,
        seed: u64,
    ) -> Result<Vec<(String, bool)>, TablesError> {
        let mut rng = Rng::new(seed);
        let mut out = Vec::new();
        for a in self.attackers().filter(|a| attackers.contains(a)) {
            let mut drawn = Vec::new();
            while (drawn.len() as u64) < count {
                let (text, pos, _) = self.random_position(a, &mut rng)?;
                if pos.outcome().is_none() {
                    drawn.push((text, pos));
                }
            }
            let answers = self.answer(self.questions(|ask| {
                for (_, pos) in &drawn {
                    self.value_by(pos, ask);
                }
                Ok(())
            })?)?;
            for (text, pos) in drawn {
                let value = self.value_by(&pos, &mut |s, x, y| answers.get((s, x, y)));
                let value = value.ok_or_else(|| {
                    self.damage().map_or_else(
                        || TablesError::Asked(format!("{text}: outside the tables")),
                        TablesError::Damaged,
                    )
                })?;
                out.push((text, value == Value::Win));
            }
        }
        Ok(out)
    }

    /// A random position of `attackers` attackers (fortress full or not),
    /// either side to move, as a rule set, as a position and as the tables
    /// see it (the attacker set and the defenders' points).
    fn random_position(
        &self,
        attackers: u32,
        rng: &mut Rng,
    ) -> Result<(String, Position, Placed), TablesError> {
        let placed = random_placed(&self.geometry, attackers, rng);
        let turn = if rng.below(2) == 0 {
            Side::Attacker
        } else {
            Side::Defender
        };
        let (text, pos) = position_of(&self.geometry, (&self.rules, &self.key), placed, turn)?;
        Ok((text, pos, placed))
    }
}

/// Asks a defender's bit: whether the defender to move wins.
type Ask<'a> = dyn FnMut(u64, u32, u32) -> Result<bool, TablesError> + 'a;

/// How many positions a check takes at a time: their questions (a few
/// hundred each) are held in memory together.
const CHUNK: u64 = 50_000;

/// Defender's bits answered together ([`Tables::answer`]), by question.
struct Answers {
    questions: Vec<Placed>,
    wins: Vec<bool>,
}

impl Answers {
    /// The answer to `question`, which must have been asked.
    fn get(&self, question: Placed) -> Result<bool, TablesError> {
        match self.questions.binary_search(&question) {
            Ok(i) => Ok(self.wins[i]),
            Err(_) => Err(TablesError::Asked(format!(
                "a bit not asked for: {question:?}"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::draw::unrank;
    use crate::tables::index::binomial;

    #[test]
    fn a_check_finds_bits_that_do_not_follow() {
        let rules: asalto_core::Rules = "assault;defender-wins-below=2".parse().expect("rules");
        let dir = std::env::temp_dir().join(format!("asalto-query-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let tables = Tables::build(&rules, 3, &dir, 1, &mut |_| {}).expect("tables");
        let both = tables
            .check(2..=3, 300, 5)
            .expect("the bits as built follow");
        let alone = tables.check(3..=3, 300, 5).expect("the same");
        assert_eq!(both.tiers[1], alone.tiers[0], "a tier draws the same alone");
        // Every bit of the top tier turned over.
        let top = tables.tiers.last().expect("a tier");
        for r in 0..binomial(tables.geometry.len(), 3) {
            let mut block = top.block(r);
            block.iter_mut().for_each(|w| *w = !*w);
            top.store(&tables.geometry, unrank(3, r), &block);
        }
        let err = tables.check(3..=3, 300, 5).expect_err("turned bits");
        assert!(matches!(err, TablesError::Wrong(_)), "{err}");
        std::fs::remove_dir_all(&dir).expect("clean up");
    }

    /// A sliced tier's attacker-to-move bits are checked too: turned
    /// over, the check names them.
    #[test]
    fn a_check_finds_attacker_bits_that_do_not_follow() {
        let rules: asalto_core::Rules = "assault;defender-wins-below=2".parse().expect("rules");
        let dir = std::env::temp_dir().join(format!("asalto-query-sliced-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Tables::build_sliced(&rules, 3, &dir, 1, 1 << 24, &mut |_| Ok(())).expect("built");
        let tables = Tables::load(&rules, &dir).expect("loaded");
        let checked = tables
            .check(2..=3, 2000, 5)
            .expect("the bits as built follow");
        assert_eq!(checked.tiers.len(), 2);
        let store = tables.store(&dir, 0).expect("the slices");
        for profile in store.slicing.profiles(3) {
            let slice = store.read(profile).expect("a slice");
            let turned = slice.attacker.iter().map(|w| !w).collect();
            let pairs = store.pairs(3);
            store
                .write(profile, &Slice::new(slice.bits.clone(), turned, pairs))
                .expect("written");
        }
        let tables = Tables::load(&rules, &dir).expect("loaded again");
        let err = tables.check(3..=3, 2000, 5).expect_err("turned bits");
        assert!(
            matches!(err, TablesError::Wrong(_))
                && err.to_string().contains("attacker-to-move bit"),
            "{err}"
        );
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}
