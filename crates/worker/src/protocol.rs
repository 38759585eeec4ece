//! The messages between the page and the worker, as plain JS objects.
//!
//! Page → worker: `{id, record, level, millis?, seed}`, where `record` is
//! the game record (RULES.md §8) up to the position to move in, `level` a
//! level number (1–5) and `millis` an optional time in place of the
//! level's own. Worker → page: `{kind: "ready"}` once loaded; then, for a
//! request `id`, any number of `{id, kind: "progress", depth, score, best,
//! nodes}`, and one `{id, kind: "move", best, score, depth, nodes, millis}` or
//! `{id, kind: "error", message}`. Moves travel as move text.
//!
//! The page side of this protocol is `crates/web/src/computer.rs`.

use asalto_core::{Game, MoveText, Record};
use asalto_search::{Engine, Level, Report};
use js_sys::{Object, Reflect};
use wasm_bindgen::JsValue;

/// A request from the page.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// Chosen by the page; echoed in every answer.
    pub id: f64,
    /// The game to move in.
    pub record: String,
    /// The level number.
    pub level: u32,
    /// Time for the search levels, in milliseconds.
    pub millis: Option<f64>,
    /// Drives the lower levels' imprecision.
    pub seed: u64,
}

fn field(data: &JsValue, name: &str) -> JsValue {
    Reflect::get(data, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

impl Request {
    /// Reads a request; `None` if it is not one.
    pub fn read(data: &JsValue) -> Option<Request> {
        Some(Request {
            id: field(data, "id").as_f64()?,
            record: field(data, "record").as_string()?,
            level: field(data, "level").as_f64()? as u32,
            millis: field(data, "millis").as_f64(),
            seed: field(data, "seed").as_f64().unwrap_or(0.0) as u64,
        })
    }
}

/// Builds an answer object from `(name, value)` pairs.
pub fn answer(id: f64, kind: &str, fields: &[(&str, JsValue)]) -> JsValue {
    let object = Object::new();
    let set = |name: &str, value: &JsValue| {
        let _ = Reflect::set(&object, &JsValue::from_str(name), value);
    };
    set("id", &JsValue::from_f64(id));
    set("kind", &JsValue::from_str(kind));
    for (name, value) in fields {
        set(name, value);
    }
    object.into()
}

/// Answers `request` with `engine`: progress through `post` while it
/// searches, then the move (or an error).
pub fn serve(
    engine: &mut Engine,
    request: &Request,
    now: &dyn Fn() -> f64,
    post: &dyn Fn(JsValue),
) {
    let error = |message: String| post(answer(request.id, "error", &[("message", message.into())]));
    let game = match request.record.parse::<Record>() {
        Ok(record) => match Game::from_record(&record) {
            Ok(game) => game,
            Err(e) => return error(e.to_string()),
        },
        Err(e) => return error(e.to_string()),
    };
    let Some(level) = Level::from_number(request.level) else {
        return error(format!("no level {}", request.level));
    };
    let pos = *game.position();
    let mut progress = |r: &Report| {
        post(answer(
            request.id,
            "progress",
            &[
                ("depth", r.depth.into()),
                ("score", r.score.to_string().into()),
                (
                    "best",
                    MoveText::from_move(&pos, &r.best).to_string().into(),
                ),
                ("nodes", (r.nodes as f64).into()),
            ],
        ));
    };
    match level.choose(
        engine,
        &game,
        request.millis,
        request.seed,
        now,
        &mut progress,
    ) {
        Some(r) => post(answer(
            request.id,
            "move",
            &[
                (
                    "best",
                    MoveText::from_move(&pos, &r.best).to_string().into(),
                ),
                ("score", r.score.to_string().into()),
                ("depth", r.depth.into()),
                ("nodes", (r.nodes as f64).into()),
                ("millis", r.millis.into()),
            ],
        )),
        None => error("the game is over".to_owned()),
    }
}
