//! A review of the game in the page, as lichess reviews one: every
//! position of the line shown judged by the search in the Worker, one at a
//! time and in order (so the first classes come at once), each move classed
//! by what it lost (`asalto_search::review`: the thresholds are named
//! there), and the review written into the game's tree — a glyph and,
//! in the reader's language, the better move as a comment with its arrow.
//! So a reviewed game is an annotated record: the link, the saved game and
//! an embedded board keep it. The moves never change.
//!
//! Where the board has an endgame pack, the positions it holds are judged
//! by it first ([`Review::prove`]): a move is then a blunder exactly when
//! it throws a proved win away, and the search judges only the rest.
//!
//! Pure Rust, tested natively: `App` asks the [`Computer`] for each
//! position and hands its answers here.

use asalto_core::{Game, NodeId, Tree};
use asalto_search::Score;
use asalto_search::review::{self, Class, Judged, Reviewed};

use crate::computer::{Choice, Computer};
use crate::lang::Say;
use crate::perfect::Proved;
use crate::study::notes;
use crate::words::play as words;

/// The time the search is given for each position, in milliseconds: a
/// 100-ply game is reviewed in about 15 s with the Worker's overhead.
pub const MILLIS: f64 = 120.0;

/// A review under way, or done.
#[derive(Debug, Clone)]
pub struct Review {
    /// The line reviewed, at its start.
    game: Game,
    /// The tree nodes of its moves.
    nodes: Vec<NodeId>,
    /// Each position's judgement, once the search has given it.
    judged: Vec<Option<Judged>>,
    /// Each move's class, once both its positions are judged.
    pub moves: Vec<Option<Reviewed>>,
    /// Whether the pack's word on the line was taken.
    proved: bool,
}

impl Review {
    /// A review of `game`'s whole line (its moves are `nodes` of the
    /// tree); `None` if it has no moves: there is nothing to review.
    pub fn new(game: &Game, nodes: &[NodeId]) -> Option<Review> {
        if game.moves().is_empty() {
            return None;
        }
        let mut game = game.clone();
        game.go_to(0);
        let n = game.moves().len();
        let mut review = Review {
            game,
            nodes: nodes.to_vec(),
            judged: vec![None; n + 1],
            moves: vec![None; n],
            proved: false,
        };
        // A finished game's last position needs no search.
        review.game.go_to(n);
        if let Some(outcome) = review.game.outcome() {
            let side = review.game.position().turn();
            review.judged[n] = Some(Judged {
                score: Score::ended(outcome.winner().map(|w| w == side)),
                side,
                best: None,
            });
        }
        Some(review)
    }

    /// The next position to judge, if any is left.
    pub fn next(&self) -> Option<usize> {
        self.judged.iter().position(Option::is_none)
    }

    /// Whether every move is classed.
    pub fn done(&self) -> bool {
        self.next().is_none()
    }

    /// Positions judged, and how many there are.
    pub fn progress(&self) -> (usize, usize) {
        let done = self.judged.iter().filter(|j| j.is_some()).count();
        (done, self.judged.len())
    }

    /// Asks `computer` for the next position, if it is free.
    pub fn ask(&mut self, computer: &mut Computer) {
        if let Some(ply) = self.next() {
            self.game.go_to(ply);
            computer.ask_review(&self.game, ply, MILLIS);
        }
    }

    /// Takes the search's answer for position `ply`: its best move and
    /// score. Returns the moves it classed (a best move that does not read
    /// is taken as none).
    pub fn take(&mut self, ply: usize, best: &Choice, score: Score) -> Vec<usize> {
        if ply >= self.judged.len() {
            return Vec::new();
        }
        self.game.go_to(ply);
        let pos = self.game.position();
        let best = best.move_text().and_then(|t| t.to_move(pos).ok());
        self.judged[ply] = Some(Judged {
            score,
            side: pos.turn(),
            best,
        });
        self.class(ply.saturating_sub(1)..=ply)
    }

    /// Takes the pack's word on the line: for each position it holds,
    /// whether its side to move wins and a winning move. Returns the moves
    /// it classed.
    pub fn prove(&mut self, (values, winning): &Proved) -> Vec<usize> {
        if std::mem::replace(&mut self.proved, true) {
            return Vec::new();
        }
        for (ply, value) in values.iter().enumerate().take(self.judged.len()) {
            let Some(wins) = *value else { continue };
            self.game.go_to(ply);
            let pos = self.game.position();
            let best = winning
                .get(ply)
                .cloned()
                .flatten()
                .and_then(|c| c.move_text()?.to_move(pos).ok());
            self.judged[ply] = Some(Judged {
                score: Score::ended(Some(wins)),
                side: pos.turn(),
                best,
            });
        }
        self.class(0..=self.moves.len())
    }

    /// The whole line's record.
    pub fn record(&self) -> String {
        let mut game = self.game.clone();
        game.go_to(game.moves().len());
        game.record().to_string()
    }

    /// Classes the moves among `plies` whose positions before and after are
    /// both judged and that are not classed yet; returns them.
    fn class(&mut self, plies: std::ops::RangeInclusive<usize>) -> Vec<usize> {
        let mut classed = Vec::new();
        for i in plies {
            let (Some(Some(before)), Some(Some(after)), Some(m)) = (
                self.judged.get(i),
                self.judged.get(i + 1),
                self.game.moves().get(i),
            ) else {
                continue;
            };
            if self.moves[i].is_none() {
                self.moves[i] = Some(review::review(before, m, after));
                classed.push(i);
            }
        }
        classed
    }

    /// Writes the class of move `i` into `tree`: its glyph and, after the
    /// comment it had, the better move in `say`'s words and its arrow.
    pub fn write(&self, i: usize, tree: &mut Tree, say: Say) {
        let (Some(Some(r)), Some(&node), Some(pos)) = (
            self.moves.get(i),
            self.nodes.get(i),
            self.game.position_at(i),
        ) else {
            return;
        };
        let (Some(glyph), Some(best)) = (r.class.glyph(), r.best) else {
            return;
        };
        tree.set_glyph(node, Some(glyph));
        let text = asalto_core::MoveText::from_move(pos, &best).to_string();
        let words = say.f(
            &words::REVIEW_BETTER,
            &[say.raw(class_name(r.class)), &text],
        );
        let comment = match tree.comment(node) {
            Some(before) => format!("{before} {words}"),
            None => words,
        };
        let shape = match best.from() {
            Some(from) => asalto_core::Shape::Arrow(from, best.to()),
            None => asalto_core::Shape::Ring(best.to()),
        };
        let drawn = notes::drawn(Some(&comment));
        let comment = if drawn.contains(&shape) {
            Some(comment)
        } else {
            notes::with_shape_toggled(Some(&comment), shape)
        };
        tree.set_comment(node, comment);
    }

    /// The plies whose move captured.
    pub fn captures(&self) -> Vec<usize> {
        self.game
            .moves()
            .iter()
            .enumerate()
            .filter(|(_, m)| m.is_capture())
            .map(|(i, _)| i + 1)
            .collect()
    }

    /// Each move's text.
    pub fn texts(&self) -> Vec<String> {
        (0..self.game.moves().len())
            .filter_map(|i| self.game.move_text(i).map(|t| t.to_string()))
            .collect()
    }

    /// Each classed move's better move, as text.
    pub fn better(&self) -> Vec<Option<String>> {
        self.moves
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let best = r.as_ref()?.best?;
                let pos = self.game.position_at(i)?;
                Some(asalto_core::MoveText::from_move(pos, &best).to_string())
            })
            .collect()
    }

    /// How many plies the line reviewed has.
    pub fn plies(&self) -> usize {
        self.game.moves().len()
    }

    /// The evaluation after each ply (0: the start), from the attackers'
    /// view in attackers, for the graph; `None` where not judged yet.
    pub fn series(&self) -> Vec<Option<f64>> {
        self.judged
            .iter()
            .map(|j| j.as_ref().map(Judged::for_attackers))
            .collect()
    }
}

/// A class's name in words.
pub fn class_name(class: Class) -> &'static crate::lang::T {
    match class {
        Class::Best => &words::CLASS_BEST,
        Class::Good => &words::CLASS_GOOD,
        Class::Inaccuracy => &words::CLASS_INACCURACY,
        Class::Mistake => &words::CLASS_MISTAKE,
        Class::Blunder => &words::CLASS_BLUNDER,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use asalto_core::{MoveText, Record};

    fn choice(game: &Game, ply: usize, text: &str) -> Choice {
        let pos = game.position_at(ply).expect("a position");
        let m = text
            .parse::<MoveText>()
            .expect("text")
            .to_move(pos)
            .expect("legal");
        Choice::from_move(pos, &m)
    }

    #[test]
    fn a_review_classes_moves_as_answers_come_and_writes_them_in_the_tree() {
        let record: Record = "assault d4-d5 c5-d4 b4-c5".parse().expect("record");
        let game = Game::from_record(&record).expect("legal");
        let mut tree = Tree::new(&game);
        let nodes = tree.main_line();
        let mut r = Review::new(&game, &nodes).expect("moves to review");
        assert_eq!((r.next(), r.progress()), (Some(0), (0, 4)));
        assert!(
            r.take(
                0,
                &choice(&game, 0, "d4-d5"),
                "+0.20".parse().expect("score")
            )
            .is_empty()
        );
        // The defenders' c5-d4 lost a lot: c5-d6 was better.
        assert_eq!(
            r.take(
                1,
                &choice(&game, 1, "c5-d6"),
                "+0.30".parse().expect("score")
            ),
            vec![0]
        );
        assert_eq!(
            r.take(
                2,
                &choice(&game, 2, "b4-c5"),
                "+2.90".parse().expect("score")
            ),
            vec![1]
        );
        let classes: Vec<_> = r.moves.iter().map(|m| m.map(|m| m.class)).collect();
        assert_eq!(classes, vec![Some(Class::Best), Some(Class::Blunder), None]);
        assert_eq!(r.series()[..3], [Some(0.2), Some(-0.3), Some(2.9)]);
        r.write(1, &mut tree, Say::new(Lang::En, record.rules.preset));
        assert_eq!(
            tree.record().to_string(),
            "assault d4-d5 c5-d4?? {Blunder: c5-d6 was better. [%draw c5-d6]} b4-c5"
        );
        // The last position, then done.
        assert_eq!(
            r.take(
                3,
                &choice(&game, 3, "d4xb4xd6xd4"),
                "win in 5".parse().expect("score")
            ),
            vec![2]
        );
        assert!(r.done());
        assert!(Review::new(&Game::new(&record.rules).expect("game"), &[]).is_none());
    }
}
