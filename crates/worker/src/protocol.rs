//! The worker's side of the protocol (`asalto-protocol`): serving a
//! [`Request`] with the search, and warming the search up.

use asalto_core::{Game, Record};
use asalto_protocol::{Answer, Choice, Request};
use asalto_search::{Engine, Level, Limits, Report};

/// How long the worker searches on its own when it starts, in ms.
pub const WARM_UP_MILLIS: f64 = 150.0;

/// A short search of a position nobody asked about, with its own small
/// table, run before the worker says it is ready: the browser compiles
/// the search's hot code with its optimizing tier while the person is
/// still thinking, so the first real search runs at full speed (the web
/// benchmark measured 14 plies in 200 ms without it, 16 with a warm
/// worker).
pub fn warm_up(now: &dyn Fn() -> f64) {
    let Ok(game) = "assault d4-d5"
        .parse::<Record>()
        .map_err(|_| ())
        .and_then(|r| Game::from_record(&r).map_err(|_| ()))
    else {
        return;
    };
    let limits = asalto_search::Limits {
        millis: Some(WARM_UP_MILLIS),
        ..Default::default()
    };
    Engine::new(1).search(&game, &limits, now, &mut |_| {});
}

/// Answers `request` with `engine`: progress through `post` while it
/// searches, then the move (or an error).
pub fn serve(
    engine: &mut Engine,
    request: &Request,
    now: &dyn Fn() -> f64,
    post: &mut dyn FnMut(Answer),
) {
    let id = request.id;
    let game = match request
        .record
        .parse::<Record>()
        .map_err(|e| e.to_string())
        .and_then(|record| Game::from_record(&record).map_err(|e| e.to_string()))
    {
        Ok(game) => game,
        Err(message) => {
            return post(Answer::Error {
                id: Some(id),
                message,
            });
        }
    };
    let Some(level) = Level::from_number(request.level) else {
        return post(Answer::Error {
            id: Some(id),
            message: format!("no level {}", request.level),
        });
    };
    if request.fresh {
        engine.clear();
    }
    let pos = *game.position();
    let choice = level.choose(
        engine,
        &game,
        request.millis.map(Limits::of_millis),
        request.seed,
        now,
        &mut |r: &Report| {
            post(Answer::Progress {
                id,
                depth: r.depth,
                best: Choice::from_move(&pos, &r.best),
            });
        },
    );
    post(match choice {
        Some(r) => Answer::Move {
            id,
            best: Choice::from_move(&pos, &r.best),
            depth: r.depth,
            score: r.score.0,
            nodes: r.nodes as f64,
            millis: r.millis,
        },
        None => Answer::Error {
            id: Some(id),
            message: "the game is over".to_owned(),
        },
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(record: &str, level: u32) -> Vec<Answer> {
        let request = Request {
            id: 7,
            record: record.to_owned(),
            level,
            millis: Some(30.0),
            seed: 1,
            fresh: true,
        };
        let start = std::time::Instant::now();
        let now = move || start.elapsed().as_secs_f64() * 1000.0;
        let mut answers = Vec::new();
        serve(&mut Engine::new(1), &request, &now, &mut |a| {
            answers.push(a)
        });
        answers
    }

    #[test]
    fn a_request_gets_progress_then_one_legal_move() {
        let answers = ask("assault d4-d5", 5);
        let Some(Answer::Move { id: 7, best, .. }) = answers.last() else {
            panic!("{answers:?}");
        };
        let game = Game::from_record(&"assault d4-d5".parse().expect("record")).expect("game");
        let text = best.move_text().expect("a route");
        assert!(text.to_move(game.position()).is_ok(), "{best:?}");
        assert!(
            answers[..answers.len() - 1]
                .iter()
                .all(|a| matches!(a, Answer::Progress { id: 7, .. }))
        );
    }

    #[test]
    fn a_bad_request_is_answered_with_an_error() {
        for (record, level) in [("assault z9-a1", 5), ("nonsense", 3), ("assault", 9)] {
            let answers = ask(record, level);
            assert!(
                matches!(answers.as_slice(), [Answer::Error { id: Some(7), .. }]),
                "{record}: {answers:?}"
            );
        }
    }
}
