//! Validated positions: legal moves, playing them, and the end of the game.
//!
//! A [`Setup`] is any arrangement of pieces; [`Position::from_setup`] checks
//! it and gives a [`Position`], a small `Copy` value for search. Playing has
//! three levels: [`Position::play`] checks and hands the position back in the
//! error, [`Position::is_legal`] only checks, and [`Position::play_unchecked`]
//! trusts the caller (search, perft).

use std::fmt;

use crate::board::Board;
use crate::movegen;
use crate::moves::Move;
use crate::point::{Point, PointSet};
use crate::rules::{Defenders, Rules, RulesError};
use crate::side::Side;
pub use crate::state::Position;
use crate::tables::tables;
use crate::word::Word;

/// A position's identity, as [`Position::key`] gives it: attackers,
/// defenders, the side to move and the defenders still to place.
pub type PositionKey = (PointSet, PointSet, Side, u8);

/// An arrangement of pieces under a rule set, not yet checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The rules.
    pub rules: Rules,
    /// Points holding attackers.
    pub attackers: PointSet,
    /// Points holding defenders.
    pub defenders: PointSet,
    /// The side to move.
    pub turn: Side,
    /// Free defenders still to be placed (the defender places them first).
    pub to_place: u8,
}

impl Setup {
    /// The start of a game under `rules` (the rules are not checked here).
    pub fn start(rules: &Rules) -> Setup {
        let (defenders, to_place) = match rules.defenders {
            Defenders::Free => (PointSet::EMPTY, rules.free_defender_count()),
            Defenders::Fixed(points) => (points, 0),
        };
        Setup {
            rules: *rules,
            attackers: rules.attacker_start(),
            defenders,
            turn: if to_place > 0 {
                Side::Defender
            } else {
                rules.first
            },
            to_place,
        }
    }
}

/// Why a [`Setup`] is not a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// The rules cannot be played.
    Rules(RulesError),
    /// A piece stands off the board.
    OffBoard(Point),
    /// Two pieces share a point.
    Overlap(Point),
    /// Defenders are still to be placed but it is the attacker's turn.
    PlacementTurn,
    /// More defenders are to be placed than there are empty fortress points.
    PlacementRoom,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Rules(e) => e.fmt(f),
            PositionError::OffBoard(p) => write!(f, "a piece on {p} is off the board"),
            PositionError::Overlap(p) => write!(f, "two pieces share {p}"),
            PositionError::PlacementTurn => {
                f.write_str("defenders are still to be placed, so the defender must be to move")
            }
            PositionError::PlacementRoom => {
                f.write_str("more defenders to place than empty fortress points")
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// How a game ended (RULES.md §6). The reason decides the winner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Fewer attackers than `defender-wins-below` remain: the defender wins.
    AttackersReduced,
    /// Every fortress point holds an attacker: the attacker wins.
    FortressFilled,
    /// No defender is left: the attacker wins.
    DefendersGone,
    /// This side was to move and had no legal move: it loses.
    NoMoves(Side),
    /// The same position stood for the third time: a draw.
    Repetition,
}

impl Outcome {
    /// The winner; `None` for a draw.
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::AttackersReduced => Some(Side::Defender),
            Outcome::FortressFilled | Outcome::DefendersGone => Some(Side::Attacker),
            Outcome::NoMoves(side) => Some(side.other()),
            Outcome::Repetition => None,
        }
    }
}

impl fmt::Display for Outcome {
    /// A sentence naming the result and its reason.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::AttackersReduced => f.write_str("defender wins: too few attackers remain"),
            Outcome::FortressFilled => f.write_str("attacker wins: the fortress is filled"),
            Outcome::DefendersGone => f.write_str("attacker wins: no defender is left"),
            Outcome::NoMoves(Side::Defender) => {
                f.write_str("attacker wins: the defenders are trapped")
            }
            Outcome::NoMoves(Side::Attacker) => {
                f.write_str("defender wins: the attackers cannot move")
            }
            Outcome::Repetition => f.write_str("draw: the same position stood three times"),
        }
    }
}

/// The move is not legal in the position, which is handed back unchanged.
#[derive(Debug, Clone)]
pub struct PlayError {
    /// The move that was refused.
    pub m: Move,
    /// The position, unchanged.
    pub position: Position,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {:?}", self.m)
    }
}

impl std::error::Error for PlayError {}

impl Position {
    /// The start position of `rules`.
    ///
    /// # Errors
    ///
    /// When the rules cannot be played (see [`Rules::validate`]).
    pub fn new(rules: &Rules) -> Result<Position, RulesError> {
        Position::from_setup(&Setup::start(rules)).map_err(|e| match e {
            PositionError::Rules(e) => e,
            _ => unreachable!("a start setup is consistent once its rules are valid: {e}"),
        })
    }

    /// Checks `setup` and makes it a position.
    ///
    /// # Errors
    ///
    /// See [`PositionError`].
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let rules = &setup.rules;
        rules.validate().map_err(PositionError::Rules)?;
        let board = rules.board();
        let pieces = setup.attackers | setup.defenders;
        if let Some(p) = (pieces - board.points()).iter().next() {
            return Err(PositionError::OffBoard(p));
        }
        if let Some(p) = (setup.attackers & setup.defenders).iter().next() {
            return Err(PositionError::Overlap(p));
        }
        if setup.to_place > 0 {
            if setup.turn != Side::Defender {
                return Err(PositionError::PlacementTurn);
            }
            if usize::from(setup.to_place) > (board.fortress() - pieces).len() {
                return Err(PositionError::PlacementRoom);
            }
        }
        Ok(Position {
            attackers: setup.attackers,
            defenders: setup.defenders,
            turn: setup.turn,
            to_place: setup.to_place,
            first: rules.first,
            capture: rules.capture,
            max_capture: rules.max_capture,
            chain: rules.chain,
            threshold: rules.threshold(),
            tables: tables(rules),
        })
    }

    /// The board.
    pub fn board(&self) -> &'static Board {
        self.tables.board
    }

    /// Points holding attackers.
    pub fn attackers(&self) -> PointSet {
        self.attackers
    }

    /// Points holding defenders.
    pub fn defenders(&self) -> PointSet {
        self.defenders
    }

    /// The side to move.
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// Free defenders still to be placed.
    pub fn to_place(&self) -> u8 {
        self.to_place
    }

    /// The side whose piece stands on `p`, if any.
    pub fn piece_at(&self, p: Point) -> Option<Side> {
        if self.attackers.contains(p) {
            Some(Side::Attacker)
        } else if self.defenders.contains(p) {
            Some(Side::Defender)
        } else {
            None
        }
    }

    /// The points, pieces and side to move: equal keys are the same
    /// position for repetition (RULES.md §6).
    pub fn key(&self) -> PositionKey {
        (self.attackers, self.defenders, self.turn, self.to_place)
    }

    /// The end of the game decided by the pieces alone (RULES.md §6,
    /// checks 1–3), which leaves no legal move.
    pub fn decided(&self) -> Option<Outcome> {
        if self.to_place > 0 {
            None
        } else if self.attackers.len() < usize::from(self.threshold) {
            Some(Outcome::AttackersReduced)
        } else if self.tables.fortress & !self.attackers.0 == 0 {
            Some(Outcome::FortressFilled)
        } else if self.defenders.is_empty() {
            Some(Outcome::DefendersGone)
        } else {
            None
        }
    }

    /// How the game has ended, if it has (RULES.md §6, checks 1–4; only a
    /// [`crate::Game`] knows about repetition).
    pub fn outcome(&self) -> Option<Outcome> {
        self.decided().or_else(|| {
            (self.to_place == 0 && !self.has_legal_move()).then_some(Outcome::NoMoves(self.turn))
        })
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.append_legal_moves(&mut moves);
        moves
    }

    /// Adds every legal move to `moves` (for callers that reuse a buffer).
    pub fn append_legal_moves(&self, moves: &mut Vec<Move>) {
        if self.tables.wide {
            movegen::legal_moves::<u128>(self, moves);
        } else {
            movegen::legal_moves::<u64>(self, moves);
        }
    }

    /// Whether the side to move has a legal move (without counting them).
    pub fn has_legal_move(&self) -> bool {
        if self.tables.wide {
            movegen::has_legal_move::<u128>(self)
        } else {
            movegen::has_legal_move::<u64>(self)
        }
    }

    /// The number of legal moves, counted without listing them where possible.
    pub fn count_legal_moves(&self) -> usize {
        if self.tables.wide {
            movegen::count_legal_moves::<u128>(self)
        } else {
            movegen::count_legal_moves::<u64>(self)
        }
    }

    /// Perft to depth 2 when the attacker is to move (else 0): the
    /// defender's replies to every attacker step, counted in bulk.
    pub(crate) fn count_replies_to_steps(&self) -> u64 {
        if self.tables.wide {
            movegen::count_replies_to_steps::<u128>(self)
        } else {
            movegen::count_replies_to_steps::<u64>(self)
        }
    }

    /// The same pieces with the other side to move: a pass, which the rules
    /// never allow, for search and evaluation (counting the other side's
    /// moves, null-move pruning). `None` while defenders are being placed.
    pub fn passed(&self) -> Option<Position> {
        (self.to_place == 0).then(|| Position {
            turn: self.turn.other(),
            ..*self
        })
    }

    /// The attackers some defender could jump now (first jumps of chains),
    /// whoever is to move.
    pub fn threatened(&self) -> PointSet {
        if self.tables.wide {
            PointSet(movegen::threatened::<u128>(self).to_set())
        } else {
            PointSet(movegen::threatened::<u64>(self).to_set())
        }
    }

    /// Whether `m` is legal here (including its recorded huffs).
    pub fn is_legal(&self, m: &Move) -> bool {
        self.legal_moves().contains(m)
    }

    /// Plays `m` after checking it.
    ///
    /// # Errors
    ///
    /// When `m` is not legal; the error holds the move and this position.
    pub fn play(mut self, m: &Move) -> Result<Position, PlayError> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(self)
        } else {
            Err(PlayError {
                m: *m,
                position: self,
            })
        }
    }

    /// Plays `m`, which the caller guarantees is legal here. An illegal move
    /// leaves a position that may break the rules, but nothing worse.
    pub fn play_unchecked(&mut self, m: &Move) {
        match *m {
            Move::Place { to } => {
                self.defenders.insert(to);
                self.to_place = self.to_place.saturating_sub(1);
                if self.to_place == 0 {
                    self.turn = self.first;
                }
                return;
            }
            Move::Step { from, to, huffed } => {
                let pieces = match self.turn {
                    Side::Attacker => &mut self.attackers,
                    Side::Defender => &mut self.defenders,
                };
                pieces.remove(from);
                pieces.insert(to);
                self.defenders = self.defenders - huffed;
            }
            Move::Capture {
                from,
                to,
                captured,
                huffed,
            } => {
                self.defenders.remove(from);
                self.defenders.insert(to);
                self.attackers = self.attackers - captured;
                self.defenders = self.defenders - huffed;
            }
        }
        self.turn = self.turn.other();
    }

    /// The defender on `from` would capture along each route from there:
    /// calls `visit` with the route (start and landing points) and the
    /// attackers jumped, for every chain the `chain` rule allows as a move.
    pub fn for_each_capture_route(&self, from: Point, mut visit: impl FnMut(&[Point], PointSet)) {
        movegen::for_each_chain::<u128>(self, from.index(), &mut |path: &[u8], jumped: u128| {
            let route: Vec<Point> = path.iter().filter_map(|&i| Point::from_index(i)).collect();
            visit(&route, PointSet(jumped));
        });
    }
}

impl fmt::Display for Position {
    /// The board as text, ranks on the left and files below: `A` attacker,
    /// `D` defender, `+` empty fortress point, `o` other empty point.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.board();
        let picture = board.draw(|p| match self.piece_at(p) {
            Some(Side::Attacker) => 'A',
            Some(Side::Defender) => 'D',
            None if board.fortress().contains(p) => '+',
            None => 'o',
        });
        for (i, row) in picture.lines().enumerate() {
            let rank = usize::from(board.height()) - i / 2;
            match i % 2 {
                0 => writeln!(f, "{rank:>2}  {row}")?,
                _ => writeln!(f, "    {row}")?,
            }
        }
        let files: Vec<String> = (0..board.width())
            .map(|x| char::from(b'a' + x).to_string())
            .collect();
        write!(f, "    {}", files.join("   "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    fn pts(names: &str) -> PointSet {
        names
            .split_whitespace()
            .map(|n| n.parse::<Point>().expect("point"))
            .collect()
    }

    #[test]
    fn setups_are_checked() {
        let rules = Rules::default();
        let mut setup = Setup::start(&rules);
        setup.defenders.insert("a1".parse().expect("point"));
        assert_eq!(
            Position::from_setup(&setup).err(),
            Some(PositionError::OffBoard(
                pts("a1").iter().next().expect("a1")
            ))
        );
        let mut setup = Setup::start(&rules);
        setup.defenders = pts("c5 a5");
        assert!(matches!(
            Position::from_setup(&setup),
            Err(PositionError::Overlap(_))
        ));
        let mut setup = Setup::start(&Preset::Asalto.rules());
        setup.turn = Side::Attacker;
        assert_eq!(
            Position::from_setup(&setup).err(),
            Some(PositionError::PlacementTurn)
        );
    }

    #[test]
    fn outcomes_follow_rules_md_order() {
        let rules = Rules::default();
        let setup = |attackers: &str, defenders: &str, turn| Setup {
            rules,
            attackers: pts(attackers),
            defenders: pts(defenders),
            turn,
            to_place: 0,
        };
        let reduced = Position::from_setup(&setup("a3 b3", "c5", Side::Attacker)).expect("ok");
        assert_eq!(reduced.outcome(), Some(Outcome::AttackersReduced));
        assert_eq!(reduced.legal_moves(), vec![]);
        let fortress = "c5 d5 e5 c6 d6 e6 c7 d7 e7";
        let filled = Position::from_setup(&setup(fortress, "a3", Side::Defender)).expect("ok");
        assert_eq!(filled.outcome(), Some(Outcome::FortressFilled));
        let gone =
            Position::from_setup(&setup("a3 b3 c3 d3 e3 f3 g3 a4 b4 c4", "", Side::Attacker));
        assert_eq!(gone.expect("ok").outcome(), Some(Outcome::DefendersGone));
        // An attacker on d5 under the forward march, all fortress points
        // above it taken by... nothing: it can step, so the game goes on.
        let moving = Position::from_setup(&setup(
            "a3 b3 c3 d3 e3 f3 g3 a4 b4 d5",
            "d7",
            Side::Attacker,
        ));
        assert_eq!(moving.expect("ok").outcome(), None);
    }
}
