//! The search: iterative deepening, principal-variation alpha-beta with a
//! transposition table, a quiescence search over captures, and limits.

use std::sync::OnceLock;

use asalto_core::{Game, Move, Position, Rules, Side};

use crate::eval::{Eval, Weights};
use crate::score::{Score, WIN, WON};
use crate::table::{Bound, Entry, Table};
use crate::zobrist;

mod ordering;
mod quiescence;
mod run;

use ordering::Ordering;
use run::Run;

/// Deepest line the search follows (plies from the root).
pub(crate) const MAX_PLY: usize = 96;
pub(crate) const INFINITY: i32 = WIN + 1;
/// How often (in units of work: nodes, and the moves of wide positions) the
/// clock and node budget are checked.
pub(crate) const CHECK_EVERY: u64 = 1024;
/// A position with more legal moves than this is wide: each move beyond
/// counts as a unit of work, so that no position, however wide, keeps the
/// search from its clock. Narrower ones count only as a node.
const WIDE: usize = 64;

/// The work a node's move list adds beyond the node itself.
pub(crate) fn wide_work(moves: usize) -> u64 {
    moves.saturating_sub(WIDE) as u64
}
/// Null-move pruning: from this depth, with at least this many legal
/// moves, searched this many plies shallower.
const NULL_DEPTH: i32 = 3;
const NULL_MIN_MOVES: usize = 4;
const NULL_REDUCTION: i32 = 3;
/// What a draw by repetition costs the side searching: it plays on in any
/// position short of a piece and a half down, as weak players' draws
/// are wins given away.
const CONTEMPT: i32 = 150;
/// Shallowest remaining depth at which the table is probed and filled.
const TABLE_DEPTH: i32 = 2;
/// Pruning near the horizon: at most this depth, with this margin per ply.
const FUTILITY_DEPTH: i32 = 3;
const FUTILITY_MARGIN: i32 = 90;
/// Late-move reductions: larger divisors reduce less.
const LMR_DIVISOR: f64 = 2.0;

/// When to stop searching: the first limit reached ends the search. The
/// first iteration (depth 1) always completes, so a move is always found.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Nodes (positions visited, quiescence included).
    pub nodes: Option<u64>,
    /// Milliseconds, by the clock passed to [`Engine::search`].
    pub millis: Option<f64>,
}

/// What an iteration of the search found.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The depth searched, in plies.
    pub depth: u32,
    /// The score of the best move, for the side to move.
    pub score: Score,
    /// The best move.
    pub best: Move,
    /// The expected line of play, starting with `best`.
    pub pv: Vec<Move>,
    /// Nodes visited so far in this search.
    pub nodes: u64,
    /// Milliseconds since the search started.
    pub millis: f64,
}

/// The computer player: a transposition table and move-ordering memory
/// kept from one search to the next.
#[derive(Debug)]
pub struct Engine {
    table: Table,
    ordering: Ordering,
    eval: Option<(Rules, Eval)>,
    /// The weights its evaluation uses.
    weights: Weights,
    /// Whether they were set by the caller ([`Engine::set_weights`]),
    /// which a level's own preference does not override.
    weights_set: bool,
    /// Hashes of the positions from the last one-way move to the current
    /// node: the game's history, then the search path.
    path: Vec<u64>,
    /// A move list per ply, reused.
    buffers: Vec<Vec<Move>>,
    /// Per ply, the moves' sort keys and indices in the move list.
    keys: Vec<Vec<(i32, u16)>>,
}

impl Engine {
    /// An engine with a transposition table of about `table_mib` MiB.
    pub fn new(table_mib: usize) -> Engine {
        Engine {
            table: Table::new(table_mib),
            ordering: Ordering::new(),
            eval: None,
            weights: Weights::learned(),
            weights_set: false,
            path: Vec::with_capacity(512),
            buffers: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            keys: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
        }
    }

    /// Forgets what earlier searches learned (for a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.ordering = Ordering::new();
    }

    /// Plays with `weights` from now on (to match one evaluation against
    /// another); what was learned under the old ones is forgotten.
    pub fn set_weights(&mut self, weights: Weights) {
        self.weights_set = true;
        self.use_weights(weights);
    }

    /// The weights its evaluation uses now.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Plays with `weights` unless the caller set others (a level's own
    /// evaluation); what was learned under other weights is forgotten.
    pub(crate) fn prefer_weights(&mut self, weights: Weights) {
        if !self.weights_set && self.weights != weights {
            self.use_weights(weights);
        }
    }

    fn use_weights(&mut self, weights: Weights) {
        self.weights = weights;
        self.eval = None;
        self.clear();
    }

    /// The evaluation for `rules`; under new rules, what was learned under
    /// others is forgotten (hashes do not include the rules).
    fn eval_for(&mut self, rules: &Rules) -> Eval {
        match &self.eval {
            Some((r, e)) if r == rules => e.clone(),
            _ => {
                self.clear();
                let e = Eval::with_weights(rules, self.weights);
                self.eval = Some((*rules, e.clone()));
                e
            }
        }
    }

    /// Searches the current position of `game` within `limits`, calling
    /// `report` after every completed iteration; returns the last report,
    /// its nodes and time counting the whole search.
    /// `now` is a clock in milliseconds. `None` when the game is over.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        now: &dyn Fn() -> f64,
        report: &mut dyn FnMut(&Report),
    ) -> Option<Report> {
        let root_moves = game.legal_moves();
        if root_moves.is_empty() {
            return None;
        }
        let rules = *game.rules();
        let eval = self.eval_for(&rules);
        let mut run = Run::new(&rules, &eval, *limits, now);
        self.ordering.age();
        self.start_path(game, &run);
        let pos = *game.position();
        let hash = zobrist::hash(&pos);
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        let mut order: Vec<(Move, i32)> = root_moves.iter().map(|&m| (m, 0)).collect();
        let mut last: Option<Report> = None;
        for depth in 1..=max_depth {
            let best = self.root(&mut run, &pos, hash, depth as i32, &mut order);
            let Some((best, score)) = best else { break };
            if run.stopped {
                // A move that beat the last iteration's best before time ran
                // out is better; its depth is not complete.
                if let Some(last) = last.as_mut().filter(|l| l.best != best) {
                    last.best = best;
                    last.score = Score(score);
                    last.pv = vec![best];
                }
                break;
            }
            let done = Report {
                depth,
                score: Score(score),
                best,
                pv: self.principal_variation(&pos, hash, best, depth as usize),
                nodes: run.nodes,
                millis: run.elapsed(),
            };
            report(&done);
            last = Some(done);
            let decided = score.abs() > WON && (WIN - score.abs()) <= depth as i32;
            if decided {
                break;
            }
        }
        if let Some(last) = last.as_mut() {
            last.nodes = run.nodes;
            last.millis = run.elapsed();
        }
        last.or_else(|| {
            Some(Report {
                depth: 0,
                score: Score(0),
                best: order[0].0,
                pv: vec![order[0].0],
                nodes: run.nodes,
                millis: run.elapsed(),
            })
        })
    }

    /// Scores every root move with a full window at `depth` (for levels
    /// that choose among good moves as a person would); also returns the
    /// nodes visited.
    pub fn score_moves(
        &mut self,
        game: &Game,
        depth: u32,
        now: &dyn Fn() -> f64,
    ) -> (Vec<(Move, Score)>, u64) {
        let rules = *game.rules();
        let eval = self.eval_for(&rules);
        let mut run = Run::new(&rules, &eval, Limits::default(), now);
        self.start_path(game, &run);
        let pos = *game.position();
        let hash = zobrist::hash(&pos);
        let barrier = 0;
        let scored = game
            .legal_moves()
            .into_iter()
            .map(|m| {
                let (next, h, child_barrier) = self.enter(&run, &pos, hash, &m, barrier);
                let s = -self.alpha_beta(
                    &mut run,
                    &next,
                    h,
                    depth as i32 - 1,
                    1,
                    -INFINITY,
                    INFINITY,
                    child_barrier,
                );
                self.path.pop();
                (m, Score(s))
            })
            .collect();
        (scored, run.nodes)
    }

    /// Fills `path` with the game's positions since its last one-way move.
    fn start_path(&mut self, game: &Game, run: &Run) {
        self.path.clear();
        if run.can_repeat {
            for ply in 0..game.ply() {
                let (Some(pos), Some(m)) = (game.position_at(ply), game.moves().get(ply)) else {
                    break;
                };
                if run.one_way(pos, m) {
                    self.path.clear();
                } else {
                    self.path.push(zobrist::hash(pos));
                }
            }
        }
        self.path.push(zobrist::hash(game.position()));
    }

    /// One iteration at the root; `order` holds the root moves, best first,
    /// and is re-sorted by this iteration's results. `None` if stopped
    /// before the first move was searched.
    fn root(
        &mut self,
        run: &mut Run,
        pos: &Position,
        hash: u64,
        depth: i32,
        order: &mut [(Move, i32)],
    ) -> Option<(Move, i32)> {
        let mut alpha = -INFINITY;
        let mut best: Option<(Move, i32)> = None;
        let barrier = 0;
        for (i, entry) in order.iter_mut().enumerate() {
            let m = entry.0;
            let (next, h, child_barrier) = self.enter(run, pos, hash, &m, barrier);
            let child = |engine: &mut Engine, run: &mut Run, a: i32, b: i32| {
                -engine.alpha_beta(run, &next, h, depth - 1, 1, a, b, child_barrier)
            };
            let mut score = if i == 0 {
                child(self, run, -INFINITY, -alpha)
            } else {
                child(self, run, -alpha - 1, -alpha)
            };
            if i > 0 && score > alpha && !run.stopped {
                score = child(self, run, -INFINITY, -alpha);
            }
            self.path.pop();
            if run.stopped {
                break;
            }
            entry.1 = if score > alpha {
                score
            } else {
                -INFINITY + i as i32
            };
            if score > alpha {
                alpha = score;
                best = Some((m, score));
            }
        }
        // Best first; moves not searched keep their place after the searched ones.
        order.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        if let Some((m, s)) = best {
            let index = self.index_of(pos, &m);
            self.table.store(Entry {
                key: hash,
                score: s,
                best: index,
                depth: depth as u8,
                bound: Bound::Exact,
            });
        }
        best
    }

    /// Plays `m` from `pos` (hash `hash`) onto the search path: returns
    /// the next position, its hash and its repetition barrier. The caller
    /// pops the path after searching it.
    fn enter(
        &mut self,
        run: &Run,
        pos: &Position,
        hash: u64,
        m: &Move,
        barrier: usize,
    ) -> (Position, u64, usize) {
        let mut next = *pos;
        next.play_unchecked(m);
        let h = zobrist::after(hash, pos, m, &next);
        let child_barrier = if run.one_way(pos, m) {
            self.path.len()
        } else {
            barrier
        };
        self.path.push(h);
        (next, h, child_barrier)
    }

    fn index_of(&mut self, pos: &Position, m: &Move) -> u16 {
        let buf = &mut self.buffers[MAX_PLY];
        buf.clear();
        pos.append_legal_moves(buf);
        buf.iter()
            .position(|x| x == m)
            .map_or(u16::MAX, |i| i as u16)
    }

    /// The side to move's result if the pieces alone have decided the game.
    fn decided(run: &Run, pos: &Position, ply: usize) -> Option<i32> {
        let winner = run.eval.winner(pos)?;
        let won = WIN - ply as i32;
        Some(if winner == pos.turn() { won } else { -won })
    }

    /// Whether the position at the end of `path` stood before, since the
    /// last one-way move (at `barrier`).
    fn repeated(&self, barrier: usize) -> bool {
        let Some((&now, before)) = self.path.split_last() else {
            return false;
        };
        before[barrier.min(before.len())..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|&h| h == now)
    }

    #[allow(clippy::too_many_arguments)]
    fn alpha_beta(
        &mut self,
        run: &mut Run,
        pos: &Position,
        hash: u64,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        barrier: usize,
    ) -> i32 {
        if run.out_of_budget() {
            return 0;
        }
        if let Some(s) = Self::decided(run, pos, ply) {
            return s;
        }
        if run.can_repeat && self.repeated(barrier) {
            // A draw is worse than even for the side searching.
            return if ply.is_multiple_of(2) {
                -CONTEMPT
            } else {
                CONTEMPT
            };
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(run, pos, ply, alpha, beta);
        }
        let mut tt_best = u16::MAX;
        // The table lives in main memory: nodes next to the horizon, the
        // most numerous and the cheapest to search again, skip it.
        let use_table = depth >= TABLE_DEPTH;
        if let Some(e) = use_table.then(|| self.table.probe(hash)).flatten() {
            tt_best = e.best;
            if i32::from(e.depth) >= depth {
                let s = from_table(e.score, ply);
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if usable {
                    return s;
                }
            }
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        pos.append_legal_moves(&mut moves);
        run.work += wide_work(moves.len());
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return -(WIN - ply as i32);
        }
        // Far enough above beta near the horizon, in a quiet position, the
        // side to move will not fall below it (a null window only).
        let quiet_here = pos.to_place() == 0
            && !moves[0].is_capture()
            && (pos.turn() == Side::Defender || pos.threatened().is_empty());
        let may_pass = depth >= NULL_DEPTH && moves.len() >= NULL_MIN_MOVES && !run.after_null;
        let static_eval =
            (quiet_here && beta - alpha == 1 && (depth <= FUTILITY_DEPTH || may_pass))
                .then(|| run.eval.score_counted(pos, moves.len()));
        if let Some(e) = static_eval
            && depth <= FUTILITY_DEPTH
            && e - FUTILITY_MARGIN * depth >= beta
            && beta.abs() < WON
        {
            self.buffers[ply] = moves;
            return e;
        }
        // Null move: if passing still holds beta with a shallower search, a
        // real move would too. Not near the horizon, not with few moves
        // (where having to move can hurt), never twice in a row.
        if may_pass
            && beta.abs() < WON
            && let Some(passed) = pos.passed()
            && static_eval.is_some_and(|e| e >= beta)
        {
            let h = hash ^ zobrist::PASS;
            self.path.push(h);
            run.after_null = true;
            let score = -self.alpha_beta(
                run,
                &passed,
                h,
                depth - 1 - NULL_REDUCTION,
                ply + 1,
                -beta,
                -beta + 1,
                self.path.len() - 1,
            );
            run.after_null = false;
            self.path.pop();
            if run.stopped {
                self.buffers[ply] = moves;
                return 0;
            }
            if score >= beta {
                self.buffers[ply] = moves;
                return beta;
            }
        }
        // A forced reply costs nothing to look past.
        let depth = if moves.len() == 1 { depth + 1 } else { depth };
        let side = pos.turn();
        let mut keys = std::mem::take(&mut self.keys[ply]);
        keys.clear();
        keys.extend(moves.iter().enumerate().map(|(i, m)| {
            let key = self.ordering.key(side, ply, m, i == usize::from(tt_best));
            (key, i as u16)
        }));
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_index = u16::MAX;
        for n in 0..keys.len() {
            // Selection sort, one pick at a time: cutoffs come early.
            let pick = (n..keys.len()).max_by_key(|&i| keys[i].0).unwrap_or(n);
            keys.swap(n, pick);
            let index = keys[n].1;
            let m = moves[usize::from(index)];
            // Quiet moves that cannot lift a hopeless score to alpha are skipped.
            if n > 0
                && depth <= FUTILITY_DEPTH
                && static_eval.is_some_and(|e| e + FUTILITY_MARGIN * depth <= alpha)
                && !m.is_capture()
                && keys[n].0 < 1 << 25
                && alpha.abs() < WON
            {
                continue;
            }
            let (next, h, child_barrier) = self.enter(run, pos, hash, &m, barrier);
            let child = |engine: &mut Engine, run: &mut Run, d: i32, a: i32, b: i32| {
                -engine.alpha_beta(run, &next, h, d, ply + 1, a, b, child_barrier)
            };
            let next_can_capture = side == Side::Attacker && !next.threatened().is_empty();
            let mut score;
            if n == 0 {
                score = child(self, run, depth - 1, -beta, -alpha);
            } else {
                // Late quiet moves are searched less deeply first.
                let quiet = !m.is_capture() && keys[n].0 < 1 << 25 && !next_can_capture;
                let reduction = if quiet && depth >= 3 && n >= 2 {
                    reduction(depth, n)
                } else {
                    0
                };
                score = child(self, run, depth - 1 - reduction, -alpha - 1, -alpha);
                if reduction > 0 && score > alpha && !run.stopped {
                    score = child(self, run, depth - 1, -alpha - 1, -alpha);
                }
                if score > alpha && score < beta && !run.stopped {
                    score = child(self, run, depth - 1, -beta, -alpha);
                }
            }
            self.path.pop();
            if run.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                best_index = index;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        self.ordering.reward(side, ply, &m, depth);
                        break;
                    }
                }
            }
        }
        self.keys[ply] = keys;
        if run.stopped {
            self.buffers[ply] = moves;
            return 0;
        }
        self.buffers[ply] = moves;
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if !use_table {
            return best_score;
        }
        self.table.store(Entry {
            key: hash,
            score: to_table(best_score, ply),
            best: best_index,
            depth: depth.clamp(1, 255) as u8,
            bound,
        });
        best_score
    }

    /// The expected line from the root: `best`, then the table's best moves.
    fn principal_variation(
        &mut self,
        pos: &Position,
        hash: u64,
        best: Move,
        depth: usize,
    ) -> Vec<Move> {
        let mut line = vec![best];
        let mut pos = *pos;
        let mut h = hash;
        let mut m = best;
        let mut seen = vec![hash];
        while line.len() < depth.max(1) {
            let before = pos;
            pos.play_unchecked(&m);
            h = zobrist::after(h, &before, &m, &pos);
            if seen.contains(&h) {
                break;
            }
            seen.push(h);
            let Some(e) = self.table.probe(h) else { break };
            let buf = &mut self.buffers[MAX_PLY];
            buf.clear();
            pos.append_legal_moves(buf);
            let Some(&next) = buf.get(usize::from(e.best)) else {
                break;
            };
            line.push(next);
            m = next;
        }
        line
    }
}

/// How many plies less a late quiet move is searched first: more for later
/// moves and deeper searches, never below depth 1.
fn reduction(depth: i32, n: usize) -> i32 {
    // ln(depth) × ln(n) / 2 + 0.5, rounded down, for depth and n up to 63.
    static TABLE: OnceLock<[[u8; 64]; 64]> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = [[0; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (n, r) in row.iter_mut().enumerate().skip(1) {
                *r = ((d as f64).ln() * (n as f64).ln() / LMR_DIVISOR + 0.5) as u8;
            }
        }
        t
    });
    let r = table[depth.clamp(0, 63) as usize][n.min(63)];
    i32::from(r).clamp(0, depth - 2)
}

/// Win scores are stored relative to the node, not the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > WON {
        score + ply as i32
    } else if score < -WON {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > WON {
        score - ply as i32
    } else if score < -WON {
        score + ply as i32
    } else {
        score
    }
}
