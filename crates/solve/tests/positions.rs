//! Positions of real games the solver proves (README, "Proved on the way").

use asalto_core::{Game, Record};
use asalto_solve::{Solver, Value};

/// The engine's own game of `assault` (proofs/assault-marshal-game.txt),
/// its first 80 plies.
const GAME: &str = "assault d4-d5 c5-d6 b5-c5 d6xd4 a5-b5 d4-d5 a4-a5 d5-d6 c5-c6 d6-c5 c6-c7 c5-d4 b5-c5 d4-d5 b4-b5 e5-d6 b3-b4 d6-e5 c5-c6 d5-d4 b5-c5 e5-d5 a5-b5 d5-e5 a3-a4 d4-d5 e3-d4 e5xe3 f4-e5 d5-d6 f3-f4 e3-e4 e5-e6 e4-e5 e6-e7 d6-d5 d2-e3 e5-e4 b4-a5 e4-e5 d1-d2 e5-d6 c3-b4 d6-e5 d2-c3 e5-e4 f4-e5 e4xe6 e3-e4 e6-e5 e2-e3 e5-d6 e1-d2 d5-e5 e3-f4 e5xe3 f5-e5 e3-e4 e5-e6 e4-e5 f4-f5 d6-d5 c5-d6 d5xd7 g3-f4 e5xg3 d4-d5 g3-f4 b5-c5 d7-d6 c3-d4 f4-e3 c2-c3 e3-e2 f5-e5 e2xc2 a5-b5 d6xf4 c5-d6 f4-f5";

#[test]
fn the_engine_s_own_game_after_80_plies_is_won_by_the_attackers() {
    let record: Record = GAME.parse().expect("a record");
    let game = Game::from_record(&record).expect("legal");
    let pos = *game.position();
    let mut solver = Solver::new(256);
    let report = solver
        .solve(&pos, &record.rules, u64::MAX, f64::INFINITY, &|| 0.0)
        .expect("assault never repeats");
    assert_eq!(report.value, Some(Value::Win));
    // The winning move leaves the defenders a position proved lost.
    let mut next = pos;
    next.play_unchecked(&report.best.expect("a winning move"));
    let reply = Solver::new(256)
        .solve(&next, &record.rules, u64::MAX, f64::INFINITY, &|| 0.0)
        .expect("assault never repeats");
    assert_eq!(reply.value, Some(Value::Loss));
}
