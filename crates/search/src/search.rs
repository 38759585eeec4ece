//! The search: iterative deepening and the root, with a transposition
//! table and limits; below the root the principal-variation alpha-beta
//! (`alpha_beta`) and the quiescence search over captures (`quiescence`).

use asalto_core::{Game, Move, Position, Rules};

use crate::eval::{Eval, Weights};
use crate::score::{Score, WIN, WON};
use crate::table::{Bound, Entry, Table};
use crate::zobrist;

mod alpha_beta;
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

impl Limits {
    /// A search of `millis` milliseconds.
    pub fn of_millis(millis: f64) -> Limits {
        Limits {
            millis: Some(millis),
            ..Limits::default()
        }
    }

    /// A search of `nodes` nodes and no clock: the same position and
    /// table give the same move however busy the machine is.
    pub fn of_nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
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
    /// Per ply, the node's position for the evaluation network and its
    /// sums, summed only when the node is evaluated.
    net: Vec<NetPly>,
}

/// A ply's position for the evaluation network, and its sums once summed:
/// a child's sums are its parent's with the rows its move changed, so a
/// node evaluated sums its way up from the nearest ancestor summed.
#[derive(Debug, Clone, Default)]
struct NetPly {
    /// The node's position, where the network judges it.
    pos: Option<Position>,
    /// Whether `units` are the sums of `pos`.
    summed: bool,
    /// The network's hidden sums.
    units: Vec<i16>,
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
            net: vec![NetPly::default(); MAX_PLY + 1],
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
                let e = Eval::with_weights(rules, self.weights.clone());
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
        self.enter_network(&run, &pos, 0);
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
        self.enter_network(run, pos, 0);
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

    /// Notes `pos` as the node at `ply` for the network; its sums wait
    /// until it is evaluated ([`Engine::network_sums`]).
    fn enter_network(&mut self, run: &Run, pos: &Position, ply: usize) {
        let here = &mut self.net[ply];
        here.pos = run.eval.judges(pos).then_some(*pos);
        here.summed = false;
    }

    /// The network's sums for the node at `ply`, where it judges it: its
    /// nearest ancestor summed (or the first of an unbroken line of
    /// judged ones, summed anew), then each ply's move's rows up to `ply`.
    fn network_sums(&mut self, run: &Run, ply: usize) -> Option<&[i16]> {
        self.net[ply].pos?;
        let mut from = ply;
        while !self.net[from].summed && from > 0 && self.net[from - 1].pos.is_some() {
            from -= 1;
        }
        let first = &mut self.net[from];
        if !first.summed {
            let pos = first.pos.as_ref()?;
            run.eval.network_units(pos, &mut first.units);
            first.summed = true;
        }
        for at in from + 1..=ply {
            let (before, here) = self.net.split_at_mut(at);
            let (parent, here) = (&before[at - 1], &mut here[0]);
            let (Some(a), Some(b)) = (&parent.pos, &here.pos) else {
                return None;
            };
            here.units.resize(parent.units.len(), 0);
            run.eval.network_step(a, b, &parent.units, &mut here.units);
            here.summed = true;
        }
        Some(&self.net[ply].units)
    }

    /// The score of `pos`, the node at `ply`, for its side to move
    /// ([`Eval::score_counted`]), with the network's kept sums.
    fn evaluate(&mut self, run: &Run, pos: &Position, ply: usize, own: usize) -> i32 {
        debug_assert!(
            self.net[ply]
                .pos
                .is_none_or(|of| zobrist::hash(&of) == zobrist::hash(pos)),
            "the sums' position"
        );
        match self.network_sums(run, ply) {
            Some(units) => {
                let score = run.eval.score_with_units(pos, own, units);
                debug_assert_eq!(score, run.eval.score_counted(pos, own));
                score
            }
            None => run.eval.score_counted(pos, own),
        }
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
