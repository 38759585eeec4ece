//! The course: short lessons by doing, each one position and one task
//! for the side to move, judged by the core's rules ([`Goal::met`]), with
//! a hint. Which lessons were done is kept as a set of bits
//! ([`Done`]), stored by the page.
//!
//! Pure Rust, tested natively: every lesson's position is legal, its task
//! can be done and, where more than a legal move is asked (and the rules
//! do not force the capture asked for), some legal move does not do it.

use asalto_core::{Game, Move, Side};

use crate::lang::T;

/// What a lesson asks of the move played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// Any legal move (the lesson shows which ones are).
    Any,
    /// A capture of at least this many attackers in one move.
    Capture(usize),
    /// A move that wins the game at once.
    Win,
    /// A step that ends below every attacker (who never step back).
    Behind,
    /// A move that leaves the piece on this point where it is (a waiting
    /// move; the lesson's test proves with the solver that exactly these
    /// moves keep the win).
    Hold(&'static str),
}

impl Goal {
    /// Whether `m`, played by `side`, leading to `after`, does the task.
    pub fn met(self, side: Side, m: &Move, after: &Game) -> bool {
        match self {
            Goal::Any => true,
            Goal::Capture(n) => m.captured().len() >= n,
            Goal::Win => after.outcome().and_then(|o| o.winner()) == Some(side),
            Goal::Behind => {
                let lowest = after.position().attackers().iter().map(|p| p.rank()).min();
                lowest.is_some_and(|low| m.to().rank() < low)
            }
            Goal::Hold(point) => m.from().is_none_or(|from| from.to_string() != point),
        }
    }
}

/// One lesson.
#[derive(Debug, Clone, Copy)]
pub struct Lesson {
    /// Its title.
    pub title: T,
    /// What to do, and why it matters.
    pub task: T,
    /// A hint, shown when asked for.
    pub hint: T,
    /// The position, as a rule set (RULES.md §3).
    pub position: &'static str,
    /// What the move must do.
    pub goal: Goal,
}

/// What a lesson has the board play: its position and its goal.
#[derive(Debug, Clone, Copy)]
pub struct Exercise {
    /// The position, as a rule set (RULES.md §3).
    pub position: &'static str,
    /// What the move must do.
    pub goal: Goal,
}

impl Exercise {
    /// The lesson's game at its start.
    pub fn game(&self) -> Game {
        super::tested_game(self.position)
    }
}

/// Each lesson's [`Exercise`], in course order: what the board's state
/// needs of the course, without the words, which only the lesson card
/// shows (the web page's first visit does without them).
pub const EXERCISES: [Exercise; LESSONS.len()] = {
    let mut exercises = [Exercise {
        position: "",
        goal: Goal::Any,
    }; LESSONS.len()];
    let mut i = 0;
    while i < LESSONS.len() {
        exercises[i] = Exercise {
            position: LESSONS[i].position,
            goal: LESSONS[i].goal,
        };
        i += 1;
    }
    exercises
};

/// A lesson's heading: its number (`{0}`), how many there are (`{1}`),
/// its title (`{2}`).
pub const LESSON_OF: T = t!["Lesson {0} of {1}: {2}"];
/// How many lessons are done (`{0}` of `{1}`), for the stars.
pub const DONE_OF: T = t!["{0} of {1} lessons done"];
/// The move did the task.
pub const WELL_DONE: T = t!["Well done: that is it."];
/// The move did not do the task.
pub const NOT_QUITE: T =
    t!["Not quite: that move does not do it. Play another, or ask for a hint."];
/// The move did not do the task, and `{0}` (the best reply) shows why.
pub const NOT_QUITE_REPLY: T =
    t!["Not quite: {0} answers that move. Play another, or ask for a hint."];
/// The hint, `{0}`.
pub const HINT: T = t!["Hint: {0}"];

/// The lessons done, a bit each, in course order.
pub type Done = u32;

/// The course, in order.
pub const LESSONS: &[Lesson] = &[
    Lesson {
        title: t!["How {the_a} move"],
        task: t![
            "{A} step one point forward along a line, towards the fortress at the top. At the start only the {a1} on d4 has a free point ahead: step it to d5."
        ],
        hint: t!["Click d4, then d5."],
        position: "assault",
        goal: Goal::Any,
    },
    Lesson {
        title: t!["How {the_d} move"],
        task: t![
            "{The_d} step one point along any line, in any direction, in the fortress and out of it. Step one of them."
        ],
        hint: t!["Click c5 or e5, then an empty point next to it along a line."],
        position: "assault;attackers=a3,b3,c3,d3,e3,f3,g3,c2,d2,e2;defenders=c5,e5;first=defender",
        goal: Goal::Any,
    },
    Lesson {
        title: t!["A capture"],
        task: t![
            "{The_d} take {a} by jumping over one, along a line, to the empty point just beyond, as in draughts. Taking is compulsory: while a capture can be made, no other move is allowed. Take the {a1} on d4."
        ],
        hint: t!["The {d1} on d5 jumps over d4 to d3."],
        position: "assault;attackers=d4,a3,b3,f3,g3,c2,d2,e2,c1,d1,e1;defenders=d5,c7;first=defender",
        goal: Goal::Capture(1),
    },
    Lesson {
        title: t!["A chain of captures"],
        task: t![
            "After a jump, whoever can jump again goes on in the same move. Take two {a} in one move."
        ],
        hint: t!["From d6 over d5 to d4, then over d3 to d2."],
        position: "assault;attackers=d5,d3,a3,b3,f3,g3,c2,e2,c1,d1,e1;defenders=d6,c7;first=defender",
        goal: Goal::Capture(2),
    },
    Lesson {
        title: t!["Filling the fortress"],
        task: t![
            "{The_a} win when they stand on every one of the fortress's nine points. One point is left: fill it."
        ],
        hint: t!["e5 is empty; the {a1} on e4 can step there."],
        position: "assault;attackers=c5,d5,c6,d6,e6,c7,d7,e7,e4,b3;defenders=a4,g4;first=attacker",
        goal: Goal::Win,
    },
    Lesson {
        title: t!["Behind the lines"],
        task: t![
            "{A} never step back: behind their lines {one_d} can never be hemmed in, and they can only run from it. Slip the {d1} on c4 behind the lines."
        ],
        hint: t!["Step from c4 down to c3, b3 or d3: every attacker stands above it."],
        position: "assault;attackers=a4,b4,d4,e4,f4,g4,a5,b5,f5,g5;defenders=c4,e6;first=defender",
        goal: Goal::Behind,
    },
    Lesson {
        title: t!["Hemming {the_d} in"],
        task: t![
            "{The_a} also win when {the_d} cannot move: no free point to step to and nothing to jump over. Leave {the_d} without a move."
        ],
        hint: t!["Close c5: then the {d1} on c7 cannot jump over c6."],
        position: "assault;attackers=c6,d6,d7,e6,e5,c4,a3,b3,f3;defenders=c7,e7;first=attacker",
        goal: Goal::Win,
    },
    Lesson {
        title: t!["Tempo at the end"],
        task: t![
            "{A} that cannot move lose, and each of their steps is spent for good. The {d1} on c5 keeps the fortress from being filled; the other, behind the lines, can step for ever. Make a waiting move and let {the_a} run out of steps."
        ],
        hint: t!["Leave c5 where it is: step the {d1} on d1."],
        position: "assault;attackers=d5,e5,c6,d6,e6,c7,d7,e7,b4,a3,g3;defenders=c5,d1;first=defender",
        goal: Goal::Hold("c5"),
    },
    Lesson {
        title: t!["Huffing"],
        task: t![
            "Some readings (Asalto, Assaut) do not make taking compulsory: {one_d} that could take and does not is huffed, taken off the board. Do not lose one: take."
        ],
        hint: t!["The {d1} on d5 jumps over d4 to d3."],
        position: "asalto;attackers=d4,a3,b3,f3,g3,c2,d2,e2,c1,d1,e1;defenders=d5,c7;first=defender",
        goal: Goal::Capture(1),
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lesson_can_be_done_and_most_can_be_missed() {
        for (i, lesson) in EXERCISES.iter().enumerate() {
            let game = lesson.game();
            let side = game.position().turn();
            let mut done = 0;
            let moves = game.legal_moves();
            assert!(!moves.is_empty(), "lesson {i}");
            for m in &moves {
                let mut after = game.clone();
                after.play(m).expect("legal");
                done += usize::from(lesson.goal.met(side, m, &after));
            }
            assert!(done > 0, "lesson {i}: no move does the task");
            // Under forced capture every legal move of a capture lesson
            // captures: the page refuses the others with the reason.
            let forced = game.rules().capture == asalto_core::Capture::Forced;
            let judged = match lesson.goal {
                Goal::Any => false,
                Goal::Capture(_) => !forced,
                Goal::Win | Goal::Behind | Goal::Hold(_) => true,
            };
            if judged {
                assert!(done < moves.len(), "lesson {i}: every move does the task");
            }
        }
    }

    #[test]
    fn a_waiting_move_keeps_the_win_and_only_a_waiting_move() {
        use asalto_solve::{Solver, Value};
        let mut waits = 0;
        for lesson in EXERCISES.iter().filter(|l| matches!(l.goal, Goal::Hold(_))) {
            let game = lesson.game();
            let side = game.position().turn();
            for m in game.legal_moves() {
                let mut after = game.clone();
                after.play(&m).expect("legal");
                // The opponent's value after the move: a loss for them is
                // a win kept.
                let mut solver = Solver::new(16);
                let report = solver
                    .solve(
                        after.position(),
                        game.rules(),
                        1_000_000,
                        f64::INFINITY,
                        &|| 0.0,
                    )
                    .expect("solvable");
                let kept = report.value == Some(Value::Loss);
                assert_eq!(
                    kept,
                    lesson.goal.met(side, &m, &after),
                    "{}: {m:?}",
                    lesson.position
                );
                waits += usize::from(kept);
            }
        }
        assert!(waits > 0);
    }

    #[test]
    fn the_first_lesson_has_one_move() {
        let game = EXERCISES[0].game();
        let moves = game.legal_moves();
        assert_eq!(moves.len(), 1);
        assert_eq!(
            asalto_core::MoveText::from_move(game.position(), &moves[0]).to_string(),
            "d4-d5"
        );
    }
}
