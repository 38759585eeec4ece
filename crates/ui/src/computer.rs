//! Who plays each side, and the computer's side of the game: when it must
//! think, what it is asked, and what to do with its answers.
//!
//! Pure Rust, tested natively. [`App`](crate::app::App) holds a
//! [`Computer`]; `worker` sends its [`Request`]s to the Web Worker (see
//! `crates/worker`) and hands its [`Answer`]s back (the types of
//! `asalto-protocol`, shared by both ends). A request
//! answers one position: once the game has moved on, its answers are
//! ignored, and `worker` ends the worker's search.

use asalto_core::{Game, Move, MoveText, Point, PointSet, Side};
use asalto_search::{Level, Score};

use hint_reason::Why;

/// Time the strongest level is given for a hint, in milliseconds.
pub const HINT_MILLIS: f64 = 1000.0;

/// Time the strongest level is given for the reply that shows why a
/// lesson's or a puzzle's wrong move fails, in milliseconds.
pub const REPLY_MILLIS: f64 = 600.0;

/// Who plays a side. Saved and sent as a number: 0 for a person, else
/// the computer's level (see `saved`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(into = "u32", try_from = "u32")]
pub enum Player {
    /// Someone at the screen.
    Human,
    /// The computer, at a level.
    Computer(Level),
}

pub use asalto_protocol::{Answer, Choice, Request};

/// A request under way.
#[derive(Debug, Clone, PartialEq)]
pub struct Thinking {
    /// What was asked.
    pub request: Request,
    /// The side it moves for.
    pub side: Side,
    /// Whether it is a hint for a person rather than the computer's move.
    pub hint: bool,
    /// The ply of the position it judges for a review of the game, if it
    /// does.
    pub review: Option<usize>,
    /// The deepest search finished so far and its best move.
    pub progress: Option<(u32, Choice)>,
    /// The position it answers: the ply and the moves known.
    at: (usize, usize),
}

/// The computer players and their state.
#[derive(Debug, Clone, PartialEq)]
pub struct Computer {
    /// The players of the attackers and of the defenders.
    pub players: [Player; 2],
    /// Pause between moves when computers play each other, in milliseconds.
    pub watch_pause: u32,
    /// Whether the computer is told to wait.
    pub paused: bool,
    /// The request under way.
    pub thinking: Option<Thinking>,
    /// The suggested move, shown until the position changes.
    pub hint: Option<Hint>,
    /// Why the computer stopped playing, if it failed.
    pub failure: Option<String>,
    /// A review's answer, until the review takes it: the ply of the
    /// position judged, the best move and the score.
    pub judged: Option<(usize, Choice, Score)>,
    next_id: u32,
    retried: bool,
    seed: u64,
    /// Whether the next request starts a new game.
    fresh: bool,
}

/// A move the computer suggests: its text, its route for drawing, and
/// why it is good, if a fact says it.
#[derive(Debug, Clone, PartialEq)]
pub struct Hint {
    /// Its move text.
    pub text: String,
    /// Its start and landings (or the point it places on).
    pub route: Vec<Point>,
    /// The fact that makes it good.
    pub why: Option<Why>,
}

impl Default for Computer {
    fn default() -> Computer {
        Computer {
            players: [Player::Human, Player::Human],
            watch_pause: 1000,
            paused: false,
            thinking: None,
            hint: None,
            failure: None,
            judged: None,
            next_id: 1,
            retried: false,
            seed: 0,
            fresh: true,
        }
    }
}

fn index(side: Side) -> usize {
    usize::from(side == Side::Defender)
}

/// The route a move's text draws: start, landings, or the placed point.
pub fn route(text: &MoveText) -> Vec<Point> {
    match text {
        MoveText::Place(p) => vec![*p],
        MoveText::Step(a, b) => vec![*a, *b],
        MoveText::Capture(points) => points.clone(),
    }
}

impl Computer {
    /// Sets the seed of the lower levels' imprecision (random per page).
    pub fn seed_with(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// The player of `side`.
    pub fn player(&self, side: Side) -> Player {
        self.players[index(side)]
    }

    /// The side the reader plays against the computer, if exactly one side
    /// is the reader's.
    pub fn reader(&self) -> Option<Side> {
        match self.players {
            [Player::Human, Player::Computer(_)] => Some(Side::Attacker),
            [Player::Computer(_), Player::Human] => Some(Side::Defender),
            _ => None,
        }
    }

    /// Whether any side is played by the computer.
    pub fn plays(&self) -> bool {
        self.players.iter().any(|p| *p != Player::Human)
    }

    /// Whether the computer plays both sides.
    pub fn watching(&self) -> bool {
        self.players.iter().all(|p| *p != Player::Human)
    }

    /// Whether the current search is the computer's own move (not a hint
    /// or a review).
    pub fn moving(&self) -> bool {
        self.thinking
            .as_ref()
            .is_some_and(|t| !t.hint && t.review.is_none())
    }

    /// New players for a new game: forgets any request and failure.
    pub fn set_players(&mut self, players: [Player; 2]) {
        self.players = players;
        self.paused = false;
        self.failure = None;
        self.thinking = None;
        self.hint = None;
        self.fresh = true;
    }

    fn ask(&mut self, game: &Game, level: Level, millis: Option<f64>, hint: bool) {
        let id = self.next_id;
        self.next_id = self.next_id.wrapping_add(1).max(1);
        let record = game.record();
        self.thinking = Some(Thinking {
            request: Request {
                id,
                record: record.to_string(),
                level: level.number(),
                millis,
                seed: (self.seed ^ (game.ply() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
                    & asalto_protocol::MAX_SEED,
                fresh: std::mem::take(&mut self.fresh),
            },
            side: game.position().turn(),
            hint,
            review: None,
            progress: None,
            at: (game.ply(), game.moves().len()),
        });
    }

    /// After any change to the game: drops a request the game has moved
    /// past, and asks for a move when it is the computer's turn at the end
    /// of the game, unpaused.
    pub fn plan(&mut self, game: &Game) {
        let now = (game.ply(), game.moves().len());
        if self
            .thinking
            .as_ref()
            .is_some_and(|t| t.review.is_none() && t.at != now)
        {
            self.thinking = None;
        }
        let reviewing = self.thinking.as_ref().is_some_and(|t| t.review.is_some());
        if (self.thinking.is_some() && !reviewing) || self.paused || game.outcome().is_some() {
            return;
        }
        let at_end = game.ply() == game.moves().len();
        if let Player::Computer(level) = self.player(game.position().turn())
            && at_end
        {
            // The game goes first; a review asks again after.
            self.ask(game, level, None, false);
        }
    }

    /// Asks the worker to judge the position `game` shows, ply `ply` of a
    /// review, in `millis`; false while it is busy.
    pub fn ask_review(&mut self, game: &Game, ply: usize, millis: f64) -> bool {
        if self.thinking.is_some() || self.failure.is_some() {
            return false;
        }
        self.ask(game, Level::Marshal, Some(millis), false);
        if let Some(t) = &mut self.thinking {
            t.review = Some(ply);
        }
        true
    }

    /// Asks for the best reply in `game`'s position, to be played as if
    /// the computer played that side (it shows why the move before it
    /// fails); false if the computer is busy or the game is over.
    pub fn ask_reply(&mut self, game: &Game) -> bool {
        if self.thinking.is_some() || game.outcome().is_some() {
            return false;
        }
        self.ask(game, Level::Marshal, Some(REPLY_MILLIS), false);
        true
    }

    /// Asks for a hint for the side to move; false if one cannot be given
    /// now (the game is over or the computer is busy).
    pub fn ask_hint(&mut self, game: &Game) -> bool {
        if self.thinking.is_some() || game.outcome().is_some() || self.hint.is_some() {
            return false;
        }
        self.ask(game, Level::Marshal, Some(HINT_MILLIS), true);
        true
    }

    /// Takes in an answer. Returns the move to play, if the answer is the
    /// computer's move for the current position; a hint is kept in
    /// [`Computer::hint`]. The bool says whether anything changed.
    pub fn answer(&mut self, game: &Game, answer: Answer) -> (Option<(Move, Vec<Point>)>, bool) {
        let current = self.thinking.as_ref().map(|t| t.request.id);
        match answer {
            Answer::Progress { id, depth, best } if Some(id) == current => {
                if let Some(t) = &mut self.thinking {
                    t.progress = Some((depth, best));
                }
                (None, true)
            }
            Answer::Move {
                id, best, score, ..
            } if Some(id) == current => self.conclude(game, &best, Some(Score(score))),
            Answer::Error { id, message } if id.is_none() || id == current => {
                self.thinking = None;
                if self.retried {
                    self.failure = Some(message);
                    self.players = [Player::Human, Player::Human];
                } else {
                    // Once more, with a fresh worker.
                    self.retried = true;
                    self.plan(game);
                }
                (None, true)
            }
            // Answers to an earlier request, and the worker's greeting
            // (every kind named: a new one must be handled here).
            Answer::Ready
            | Answer::Progress { .. }
            | Answer::Move { .. }
            | Answer::Error { .. } => (None, false),
        }
    }

    /// Plays now the best move found so far; false if there is none yet.
    pub fn move_now(&mut self, game: &Game) -> Option<(Move, Vec<Point>)> {
        let best = self
            .thinking
            .as_ref()
            .filter(|t| !t.hint)?
            .progress
            .as_ref()?
            .1
            .clone();
        self.conclude(game, &best, None).0
    }

    fn conclude(
        &mut self,
        game: &Game,
        best: &Choice,
        score: Option<Score>,
    ) -> (Option<(Move, Vec<Point>)>, bool) {
        let Some(thinking) = self.thinking.take() else {
            return (None, false);
        };
        if let Some(ply) = thinking.review {
            self.retried = false;
            // A review's position is judged by a finished search only.
            if let Some(score) = score {
                self.judged = Some((ply, best.clone(), score));
            }
            return (None, true);
        }
        let pos = game.position();
        let chosen = best.move_text().and_then(|text| text.to_move(pos).ok());
        let Some(m) = chosen else {
            let text = &best.text;
            self.failure = Some(format!(
                "the computer answered with a move that is not legal: {text}"
            ));
            self.players = [Player::Human, Player::Human];
            return (None, true);
        };
        let text = MoveText::from_move(pos, &m);
        let route = route(&text);
        self.retried = false;
        if thinking.hint {
            self.hint = Some(Hint {
                text: text.to_string(),
                route,
                why: hint_reason::why(pos, &m, score),
            });
            (None, true)
        } else {
            (Some((m, route)), true)
        }
    }

    /// The points of the hint, for drawing.
    pub fn hint_points(&self) -> PointSet {
        self.hint.iter().flat_map(|h| &h.route).copied().collect()
    }
}

pub mod hint_reason;

#[cfg(test)]
pub(crate) mod tests;
