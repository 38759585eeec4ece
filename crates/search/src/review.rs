//! A game's review: every position of a line searched once, and each move
//! classed by what it lost against the best move there — the way lichess
//! reviews a game. The search's scores are from the side to move; a move's
//! loss is the score of the position it was played in less the score, for
//! the same side, of the position it led to.
//!
//! Platform-free like the rest of the crate: the command line
//! (`asalto review`) and the browser's Worker both use it.

use asalto_core::{Game, Glyph, Move, MoveText, Notes, Record, Side};

use crate::score::Score;
use crate::search::{Engine, Limits};

/// A loss of at least this much (hundredths of an attacker) is an
/// inaccuracy (`?!`).
pub const INACCURACY: i32 = 50;
/// A loss of at least this much is a mistake (`?`).
pub const MISTAKE: i32 = 100;
/// A loss of at least this much is a blunder (`??`); so is any move that
/// turns a proved win into a proved loss.
pub const BLUNDER: i32 = 250;
/// What a won (or lost) game counts as when losses are measured: the
/// scores are clamped to ± this.
pub const DECISIVE: i32 = 1000;

/// What a move was, against the best move where it was played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// The search's own choice.
    Best,
    /// Lost less than [`INACCURACY`].
    Good,
    /// Lost at least [`INACCURACY`].
    Inaccuracy,
    /// Lost at least [`MISTAKE`].
    Mistake,
    /// Lost at least [`BLUNDER`], or turned a proved win into a proved loss.
    Blunder,
}

impl Class {
    /// Its glyph in a record, if it deserves one.
    pub fn glyph(self) -> Option<Glyph> {
        match self {
            Class::Best | Class::Good => None,
            Class::Inaccuracy => Some(Glyph::Dubious),
            Class::Mistake => Some(Glyph::Mistake),
            Class::Blunder => Some(Glyph::Blunder),
        }
    }

    /// Its name: `best`, `good`, `inaccuracy`, `mistake`, `blunder`.
    pub fn name(self) -> &'static str {
        ["best", "good", "inaccuracy", "mistake", "blunder"][self as usize]
    }
}

/// One position, judged: its score for the side to move, and the best move
/// (none once the game is over).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Judged {
    /// The score for the side to move.
    pub score: Score,
    /// The side to move.
    pub side: Side,
    /// The search's best move.
    pub best: Option<Move>,
}

impl Judged {
    /// The score from the attackers' view, in attackers, clamped to ±10
    /// (a won game for the attackers is +10): what a graph of the game
    /// draws.
    pub fn for_attackers(&self) -> f64 {
        let own = f64::from(clamped(self.score)) / 100.0;
        if self.side == Side::Attacker {
            own
        } else {
            -own
        }
    }
}

/// A score as hundredths of an attacker, a decided game as ± [`DECISIVE`].
fn clamped(score: Score) -> i32 {
    if score.is_won() {
        DECISIVE
    } else if score.is_lost() {
        -DECISIVE
    } else {
        score.0.clamp(-DECISIVE, DECISIVE)
    }
}

/// Judges the position `game` shows: its outcome if it is over, else a
/// search within `limits` by the clock `now` (milliseconds).
pub fn judge(engine: &mut Engine, game: &Game, limits: &Limits, now: &dyn Fn() -> f64) -> Judged {
    let side = game.position().turn();
    if let Some(outcome) = game.outcome() {
        let score = Score::ended(outcome.winner().map(|w| w == side));
        return Judged {
            score,
            side,
            best: None,
        };
    }
    match engine.search(game, limits, now, &mut |_| {}) {
        Some(report) => Judged {
            score: report.score,
            side,
            best: Some(report.best),
        },
        None => Judged {
            score: Score(0),
            side,
            best: None,
        },
    }
}

/// A move, reviewed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reviewed {
    /// What it was.
    pub class: Class,
    /// What it lost against the best move, in hundredths of an attacker.
    pub loss: i32,
    /// The best move where it was played.
    pub best: Option<Move>,
}

/// Classes `played`, made in the position judged `before`, which led to
/// the position judged `after`.
pub fn review(before: &Judged, played: &Move, after: &Judged) -> Reviewed {
    // The position after, from the mover's view (the same side moves again
    // only while placing defenders).
    let after_for_mover = if after.side == before.side {
        after.score
    } else {
        Score(-after.score.0)
    };
    let loss = (clamped(before.score) - clamped(after_for_mover)).max(0);
    let (proved_win, proved_loss) = (before.score.is_won(), after_for_mover.is_lost());
    let class = if before.best == Some(*played) {
        Class::Best
    } else if (proved_win && proved_loss) || loss >= BLUNDER {
        Class::Blunder
    } else if loss >= MISTAKE {
        Class::Mistake
    } else if loss >= INACCURACY {
        Class::Inaccuracy
    } else {
        Class::Good
    };
    Reviewed {
        class,
        loss,
        best: before.best,
    }
}

/// `record` (whose main line is `game`'s moves) with the review written
/// in: each inaccuracy, mistake or blunder gets its glyph and, after any
/// comment it had, `words(class, best)` and an arrow of the better move
/// (`[%draw]`). The moves stay as they are.
pub fn annotate(
    record: &Record,
    game: &Game,
    reviews: &[Reviewed],
    words: &dyn Fn(Class, &str) -> String,
) -> Record {
    let mut out = record.clone();
    out.notes.resize(out.moves.len(), Notes::default());
    for (i, r) in reviews.iter().enumerate().take(out.moves.len()) {
        let (Some(glyph), Some(best), Some(pos)) = (r.class.glyph(), r.best, game.position_at(i))
        else {
            continue;
        };
        let text = MoveText::from_move(pos, &best).to_string();
        let arrow = match best.from() {
            Some(from) => format!("{from}-{}", best.to()),
            None => best.to().to_string(),
        };
        let said = format!("{} [%draw {arrow}]", words(r.class, &text));
        let notes = &mut out.notes[i];
        notes.glyph = Some(glyph);
        notes.comment = Some(match notes.comment.take() {
            Some(before) => format!("{before} {said}"),
            None => said,
        });
    }
    if out.notes.iter().all(Notes::is_empty) {
        out.notes.clear();
    }
    out
}

/// The English words of a review's comment: `Mistake: c5-d6 was better.`
pub fn english(class: Class, best: &str) -> String {
    let name = class.name();
    let mut chars = name.chars();
    let capital: String = chars
        .next()
        .map(|c| c.to_ascii_uppercase())
        .into_iter()
        .chain(chars)
        .collect();
    format!("{capital}: {best} was better.")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judged(score: i32, side: Side, best: Option<Move>) -> Judged {
        Judged {
            score: Score(score),
            side,
            best,
        }
    }

    #[test]
    fn moves_are_classed_by_what_they_lose() {
        let game =
            Game::from_record(&"assault d4-d5".parse::<Record>().expect("record")).expect("legal");
        let moves = game.legal_moves();
        let (best, other) = (moves[0], moves[1]);
        let before = judged(120, Side::Defender, Some(best));
        let class =
            |after: i32| review(&before, &other, &judged(after, Side::Attacker, None)).class;
        assert_eq!(
            review(&before, &best, &judged(-120, Side::Attacker, None)).class,
            Class::Best
        );
        assert_eq!(class(-100), Class::Good);
        assert_eq!(class(-60), Class::Inaccuracy);
        assert_eq!(class(0), Class::Mistake);
        assert_eq!(class(200), Class::Blunder);
        // A proved win thrown into a proved loss is a blunder, whatever the
        // clamped numbers say.
        let won = judged(Score::ended(Some(true)).0 - 5, Side::Defender, Some(best));
        let lost = Judged {
            score: Score::ended(Some(true)),
            side: Side::Attacker,
            best: None,
        };
        let r = review(&won, &other, &lost);
        assert_eq!((r.class, r.loss), (Class::Blunder, 2 * DECISIVE));
        assert_eq!(Class::Blunder.glyph(), Some(Glyph::Blunder));
        assert_eq!(lost.for_attackers(), 10.0);
    }

    #[test]
    fn scores_read_back_as_they_are_written() {
        for score in [
            Score(125),
            Score(-7),
            Score(0),
            Score::ended(Some(true)),
            Score(-999_990),
        ] {
            assert_eq!(score.to_string().parse::<Score>(), Ok(score));
        }
        assert!("win in x".parse::<Score>().is_err());
        assert!("1e12".parse::<Score>().is_err());
        assert_eq!("-0.05".parse::<Score>(), Ok(Score(-5)));
        assert!(
            "+1.5".parse::<Score>().is_err(),
            "two decimals, as Display writes"
        );
    }

    #[test]
    fn a_review_is_written_into_the_record_and_leaves_the_moves() {
        let record: Record = "assault d4-d5 {usual} c5-d4 b4-c5".parse().expect("record");
        let game = Game::from_record(&record).expect("legal");
        let before = game.position_at(1).expect("a position");
        let best = before
            .legal_moves()
            .into_iter()
            .find(|m| MoveText::from_move(before, m).to_string() == "c5-d6")
            .expect("c5-d6");
        let reviews = [
            Reviewed {
                class: Class::Best,
                loss: 0,
                best: None,
            },
            Reviewed {
                class: Class::Mistake,
                loss: 120,
                best: Some(best),
            },
            Reviewed {
                class: Class::Good,
                loss: 10,
                best: None,
            },
        ];
        let annotated = annotate(&record, &game, &reviews, &english);
        assert_eq!(
            annotated.to_string(),
            "assault d4-d5 {usual} c5-d4? {Mistake: c5-d6 was better. [%draw c5-d6]} b4-c5"
        );
        assert_eq!(annotated.without_notes(), record.without_notes());
    }

    #[test]
    fn a_finished_game_is_judged_by_its_outcome() {
        let record: Record = "assault;defender-wins-below=24 d4-d5 c5-c6 c4-c5 c6xc4"
            .parse()
            .expect("record");
        let game = Game::from_record(&record).expect("legal");
        let mut engine = Engine::new(1);
        let j = judge(&mut engine, &game, &Limits::default(), &|| 0.0);
        assert_eq!((j.side, j.best), (Side::Attacker, None));
        assert!(j.score.is_lost(), "the attackers, to move, have lost");
        assert!(j.for_attackers() < -9.9, "the defenders have won");
    }
}
