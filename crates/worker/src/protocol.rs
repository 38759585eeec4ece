//! The messages between the page and the worker, as plain JS objects.
//!
//! Page → worker: `{id, record, level, millis?, seed, fresh?}`, where `record` is
//! the game record (RULES.md §8) up to the position to move in, `level` a
//! level number (1–5) and `millis` an optional time in place of the
//! level's own; `fresh` forgets earlier searches (a new game). Worker → page: `{kind: "ready"}` once loaded; then, for a
//! request `id`, any number of `{id, kind: "progress", depth, score, nodes,
//! ...move}`, and one `{id, kind: "move", score, depth, nodes, millis,
//! ...move}` or `{id, kind: "error", message}`, where a move is `best` (its
//! text, to show), `route` (the point indices of its start and landings, or
//! of a placement) and `capture` (whether it is one): the page finds the
//! move from its points, without parsing text.
//!
//! The page side of this protocol is `crates/web/src/computer.rs`.

use asalto_core::{Game, Move, MoveText, Record};
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
    /// Whether to forget earlier searches first (a new game).
    pub fresh: bool,
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
            fresh: field(data, "fresh").is_truthy(),
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
    if request.fresh {
        engine.clear();
    }
    let pos = *game.position();
    let with_move = |m: &Move, mut fields: Vec<(&'static str, JsValue)>| {
        let text = MoveText::from_move(&pos, m);
        let (route, capture) = match &text {
            MoveText::Place(p) => (vec![*p], false),
            MoveText::Step(a, b) => (vec![*a, *b], false),
            MoveText::Capture(points) => (points.clone(), true),
        };
        let indices: js_sys::Array = route.iter().map(|p| JsValue::from(p.index())).collect();
        fields.push(("best", text.to_string().into()));
        fields.push(("route", indices.into()));
        fields.push(("capture", capture.into()));
        fields
    };
    let mut progress = |r: &Report| {
        let fields = vec![
            ("depth", r.depth.into()),
            ("score", r.score.to_string().into()),
            ("nodes", (r.nodes as f64).into()),
        ];
        post(answer(request.id, "progress", &with_move(&r.best, fields)));
    };
    let choice = level.choose(
        engine,
        &game,
        request.millis,
        request.seed,
        now,
        &mut progress,
    );
    match choice {
        Some(r) => {
            let fields = vec![
                ("score", r.score.to_string().into()),
                ("depth", r.depth.into()),
                ("nodes", (r.nodes as f64).into()),
                ("millis", r.millis.into()),
            ];
            post(answer(request.id, "move", &with_move(&r.best, fields)));
        }
        None => error("the game is over".to_owned()),
    }
}
