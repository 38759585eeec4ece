//! Proves who wins a position of Asalto with perfect play.
//!
//! [`Solver`] is a depth-first proof-number search (df-pn, Nagai 2002) in
//! its negamax form: every node's proof number is the work left to prove
//! that the side to move wins, its disproof number the work left to prove
//! that it loses; a node's proof number is the least disproof number of its
//! children, its disproof number the sum of their proof numbers, and the
//! search descends to the most proving child with thresholds, so that it
//! needs memory only for its transposition table. The values it returns
//! are proofs, never estimates: a position is won or lost only when every
//! line below it has been followed to a finished game.
//!
//! Why df-pn: the game is a race to a finish with very uneven branching
//! (a defender's capture chains against an attacker's many steps), which
//! proof numbers follow where a fixed-depth αβ would not; and df-pn's table
//! holds only numbers, so a bounded table is enough (when it fills, the
//! entries that cost least to find again go first).
//!
//! Repetitions: the solver only takes rule sets where no position can come
//! twice ([`repeats`]): with `march=forward` and `inside=as-outside` every
//! attacker move lowers the attackers' distance to the fortress (the
//! sideways steps on the fortress's bottom row go inward only) or takes
//! an attacker away (a capture), and attacker and defender moves alternate
//! once the defenders are placed, so the game is a finite graph without
//! cycles and every position is won or lost for the side to move. Nothing
//! here handles a cycle, on purpose.
//!
//! Endgame tables ([`tables`]) hold the value of every position with few
//! attackers; given to the solver ([`Solver::with_tables`]), a position
//! they hold is a leaf like a finished game.

use asalto_core::{Inside, March, Move, Position, Rules};

pub mod certificate;
pub mod draws;
pub mod frontier;
mod key_hash;
pub mod puzzle;
mod sealed;
pub mod tables;

use frontier::{Entry, FRONTIER_WORK, Key};
use key_hash::KeyMap;

/// A proof or disproof number that stands for infinity.
pub const INFINITY: u32 = u32::MAX / 4;

/// What is proved of a position, for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins with perfect play.
    Win,
    /// The side to move loses with perfect play.
    Loss,
}

/// What a solve found.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The value, if it was proved within the budget.
    pub value: Option<Value>,
    /// The root's proof and disproof numbers.
    pub proof: (u32, u32),
    /// The winning move, where the side to move wins.
    pub best: Option<Move>,
    /// Positions expanded.
    pub nodes: u64,
    /// Milliseconds spent.
    pub millis: f64,
}

/// Why the solver refuses to solve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolveError {
    /// Positions of the rule set can repeat ([`repeats`] says why).
    Repeats(String),
    /// The solver's endgame tables are of other rules: which.
    OtherTables(String),
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::Repeats(s) | SolveError::OtherTables(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for SolveError {}

/// Why the solver refuses a rule set: its positions can repeat, so the
/// game may be drawn and proof numbers without cycle handling do not hold.
pub fn repeats(rules: &Rules) -> Option<String> {
    if rules.march != March::Forward {
        return Some(format!(
            "positions can repeat under march={} (the solver needs march=forward, where every game ends)",
            rules.march.name()
        ));
    }
    if rules.inside != Inside::AsOutside {
        return Some(format!(
            "positions can repeat under inside={} (the solver needs inside=as-outside, where every game ends)",
            rules.inside.name()
        ));
    }
    None
}

/// The proof-number search and its table.
#[derive(Debug)]
pub struct Solver {
    /// Each position's proof and disproof numbers, and the positions
    /// expanded below it so far, over all its visits.
    table: KeyMap<Key, (u32, u32, u64)>,
    /// The positions proved at a real cost, and the work each took: never
    /// thinned, and what a frontier file keeps.
    proved: KeyMap<Key, (Value, u64)>,
    /// Entries the table may hold before it is thinned.
    capacity: usize,
    nodes: u64,
    /// Stop after this many nodes, or at this clock time (ms).
    limit: (u64, f64),
    stopped: bool,
    /// Endgame tables: exact values the search need not find.
    tables: Option<tables::Tables>,
}

/// Bytes a table entry may take: 65 for the key, the numbers and the
/// map's control byte, times up to 2.28 for the buckets a map of that
/// capacity allocates (a power of two, at most 7/8 full). The table is
/// allocated once at its full size, so it never grows past its budget (a
/// 12 GiB table that doubled as it filled was killed for memory).
const ENTRY_BYTES: usize = 150;

impl Solver {
    /// A solver whose table takes at most about `table_mib` MiB.
    pub fn new(table_mib: usize) -> Solver {
        let capacity = (table_mib << 20) / ENTRY_BYTES;
        Solver {
            table: KeyMap::with_capacity_and_hasher(capacity, Default::default()),
            proved: KeyMap::default(),
            capacity,
            nodes: 0,
            limit: (u64::MAX, f64::INFINITY),
            stopped: false,
            tables: None,
        }
    }

    /// This solver, taking the values of `tables` as proved: a position
    /// they hold is a leaf.
    pub fn with_tables(mut self, tables: tables::Tables) -> Solver {
        self.tables = Some(tables);
        self
    }

    /// The tables the solver uses.
    pub fn tables(&self) -> Option<&tables::Tables> {
        self.tables.as_ref()
    }

    /// Proves the value of `pos` for its side to move, within `nodes`
    /// expanded positions and `millis` by the clock `now` (ms).
    ///
    /// # Errors
    ///
    /// When positions can repeat under its rules ([`repeats`]), or the
    /// solver's tables are of other rules.
    pub fn solve(
        &mut self,
        pos: &Position,
        rules: &Rules,
        nodes: u64,
        millis: f64,
        now: &dyn Fn() -> f64,
    ) -> Result<Report, SolveError> {
        if let Some(why) = repeats(rules) {
            return Err(SolveError::Repeats(why));
        }
        if let Some(t) = self.tables.as_ref().filter(|t| !t.covers(rules)) {
            return Err(SolveError::OtherTables(format!(
                "the endgame tables are for {}, not {rules}",
                t.rules()
            )));
        }
        // Nodes count on over solves: the table's work figures use them.
        let (start, first) = (now(), self.nodes);
        self.stopped = false;
        self.limit = (first.saturating_add(nodes), start + millis);
        let proof = self.mid(pos, INFINITY, INFINITY, now);
        let value = match proof {
            (0, _) => Some(Value::Win),
            (_, 0) => Some(Value::Loss),
            _ => None,
        };
        let best = (value == Some(Value::Win))
            .then(|| self.winning_move(pos))
            .flatten();
        Ok(Report {
            value,
            proof,
            best,
            nodes: self.nodes - first,
            millis: now() - start,
        })
    }

    /// Takes in proofs of an earlier run (a frontier file's entries).
    pub fn load(&mut self, entries: &[Entry]) {
        for &(key, value, work) in entries {
            self.proved.insert(key, (value, work));
        }
    }

    /// The positions proved at a real cost so far (loaded ones too).
    pub fn frontier(&self) -> Vec<Entry> {
        self.proved
            .iter()
            .map(|(&key, &(value, work))| (key, value, work))
            .collect()
    }

    /// What is known of `pos` for its side to move: a finished game's
    /// value, or a proof in the table.
    pub fn value_of(&self, pos: &Position) -> Option<Value> {
        match self.exact(pos).or_else(|| self.known(pos))? {
            (0, _) => Some(Value::Win),
            (_, 0) => Some(Value::Loss),
            _ => None,
        }
    }

    /// A move of `pos` to a position its side to move loses, from the table.
    pub fn winning_move(&self, pos: &Position) -> Option<Move> {
        pos.legal_moves().into_iter().find(|m| {
            let mut next = *pos;
            next.play_unchecked(m);
            self.exact(&next) == Some((INFINITY, 0)) || self.known(&next) == Some((INFINITY, 0))
        })
    }

    /// A child's numbers when its parent is expanded: a finished game's or
    /// the endgame tables' (never stored: they cost little to find again),
    /// else the table's, else a new node's: a proof number of 1 (one move
    /// may win) and a disproof number of its move count (every move must
    /// be refuted).
    fn first_numbers(&self, pos: &Position) -> (u32, u32) {
        let to_move_wins = |won: bool| if won { (0, INFINITY) } else { (INFINITY, 0) };
        if let Some(outcome) = pos.decided() {
            return to_move_wins(outcome.winner() == Some(pos.turn()));
        }
        if let Some(value) = self.tables.as_ref().and_then(|t| t.value(pos)) {
            return to_move_wins(value == Value::Win);
        }
        if let Some(numbers) = self.known(pos) {
            return numbers;
        }
        // Counted once: no legal move is a loss (RULES.md §6, check 4).
        match pos.count_legal_moves() {
            0 => to_move_wins(false),
            n => (1, n as u32),
        }
    }

    /// The numbers of a finished game, or of a position the endgame
    /// tables hold.
    fn exact(&self, pos: &Position) -> Option<(u32, u32)> {
        terminal(pos).or_else(|| {
            Some(match self.tables.as_ref()?.value(pos)? {
                Value::Win => (0, INFINITY),
                Value::Loss => (INFINITY, 0),
            })
        })
    }

    /// The numbers of `pos` the search knows: proved at a cost, or in the
    /// table.
    fn known(&self, pos: &Position) -> Option<(u32, u32)> {
        let key = pos.key();
        match self.proved.get(&key) {
            Some((Value::Win, _)) => Some((0, INFINITY)),
            Some((Value::Loss, _)) => Some((INFINITY, 0)),
            None => self.table.get(&key).map(|&(pn, dn, _)| (pn, dn)),
        }
    }

    /// Keeps `numbers` for `pos` with the `work` done below it. A full
    /// table is thinned to half by work: the cheapest entries go first
    /// (a finished game's numbers cost nothing to find again), proved ones
    /// at a quarter of the others' price, so that long proofs survive.
    fn store(&mut self, pos: &Position, (pn, dn): (u32, u32), work: u64) {
        if self.table.len() >= self.capacity {
            let mut least = 1;
            while self.table.len() > self.capacity / 2 {
                self.table.retain(|_, &mut (pn, dn, work)| {
                    let proved = pn == 0 || dn == 0;
                    work >= least || (proved && work.saturating_mul(4) >= least)
                });
                least = least.saturating_mul(4);
            }
        }
        self.table.insert(pos.key(), (pn, dn, work));
    }

    /// Searches `pos` until its proof number reaches `th_pn` or its
    /// disproof number `th_dn` (or the budget runs out); returns them.
    fn mid(&mut self, pos: &Position, th_pn: u32, th_dn: u32, now: &dyn Fn() -> f64) -> (u32, u32) {
        if let Some(numbers) = self.exact(pos) {
            return numbers;
        }
        // The work below this position: its earlier visits' and this one's.
        let before = self
            .nodes
            .saturating_sub(self.table.get(&pos.key()).map_or(0, |&(_, _, w)| w));
        self.nodes += 1;
        if self.nodes >= self.limit.0 || (self.nodes.is_multiple_of(1024) && now() >= self.limit.1)
        {
            self.stopped = true;
        }
        let children: Vec<Position> = pos
            .legal_moves()
            .iter()
            .map(|m| {
                let mut next = *pos;
                next.play_unchecked(m);
                next
            })
            .collect();
        // The children's numbers, read once: afterwards only the child
        // searched changes them (a transposition's proof elsewhere is met
        // on the next visit), which halves the time per node.
        let mut numbers: Vec<(u32, u32)> = children.iter().map(|c| self.first_numbers(c)).collect();
        loop {
            let (mut pn, mut dn) = (INFINITY, 0u32);
            // The most proving child (least disproof number) and the
            // runner-up's disproof number.
            let (mut best, mut best_dn, mut second_dn) = (0, INFINITY, INFINITY);
            for (i, &(cpn, cdn)) in numbers.iter().enumerate() {
                pn = pn.min(cdn);
                dn = dn.saturating_add(cpn).min(INFINITY);
                if cdn < best_dn {
                    second_dn = best_dn;
                    best_dn = cdn;
                    best = i;
                } else if cdn < second_dn {
                    second_dn = cdn;
                }
            }
            // A sum that reaches infinity is not a disproof of the
            // opponent: only a child that is lost for it makes one (a
            // saturated sum once stopped a run dead at the root).
            dn = if pn == 0 {
                INFINITY
            } else {
                dn.min(INFINITY - 1)
            };
            if pn >= th_pn || dn >= th_dn || self.stopped {
                let work = self.nodes - before;
                let value = match (pn, dn) {
                    (0, _) => Some(Value::Win),
                    (_, 0) => Some(Value::Loss),
                    _ => None,
                };
                match value {
                    Some(value) if work >= FRONTIER_WORK => {
                        self.proved.insert(pos.key(), (value, work));
                    }
                    _ => self.store(pos, (pn, dn), work),
                }
                return (pn, dn);
            }
            let child = children[best];
            let (cpn, _) = numbers[best];
            let child_th_pn = th_dn.saturating_sub(dn).saturating_add(cpn).min(INFINITY);
            let child_th_dn = th_pn.min(second_dn.saturating_add(1));
            numbers[best] = self.mid(&child, child_th_pn, child_th_dn, now);
        }
    }
}

/// The numbers of a finished position: its side to move has won (proof
/// 0) or lost (disproof 0); `None` while it goes on.
fn terminal(pos: &Position) -> Option<(u32, u32)> {
    let winner = pos.outcome()?.winner()?;
    Some(if winner == pos.turn() {
        (0, INFINITY)
    } else {
        (INFINITY, 0)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeating_rule_sets_are_refused_with_a_reason() {
        let asalto: Rules = "asalto".parse().expect("rules");
        assert!(repeats(&asalto).is_some_and(|r| r.contains("march=not-away")));
        let assaut: Rules = "assaut".parse().expect("rules");
        assert!(repeats(&assaut).is_some());
        for name in ["assault", "simplified", "fuchs-und-henne", "zwei-contra-20"] {
            assert_eq!(repeats(&name.parse().expect("rules")), None, "{name}");
        }
    }
}
