//! A figure for the benchmark script: how long one full redraw takes.

use asalto_core::{Game, Record};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_split_helpers::wasm_split;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use crate::parts::Unloaded;
use crate::render::{self, Layers, Sprites, Theme};
use asalto_ui::app::{App, Msg, PointerMsg, SettingsMsg};

/// Milliseconds per redraw of an `assault` position with a capture
/// selected, on a 600 × 600 CSS-pixel board at devicePixelRatio `scale`,
/// averaged over `frames` redraws: the whole top layer (pieces, last move,
/// selection, targets) as every frame draws it, over the base layer drawn
/// once. Each redraw is flushed by reading a pixel back, so rasterising is
/// counted too. With `threats`, the Threats layer is drawn as well. Its
/// code is a part of the module of its own (see `crate::parts`).
#[wasm_bindgen]
pub async fn bench_redraw(frames: u32, scale: f64, threats: bool) -> Result<f64, JsValue> {
    redraw_in_part(frames, scale, threats)
        .await
        .unwrap_or_else(|Unloaded| Err(JsValue::from_str("the benchmark's part did not load")))
}

/// [`bench_redraw`]'s work, in a part.
#[wasm_split(bench, fallible)]
fn redraw_in_part(
    frames: u32,
    scale: f64,
    threats: bool,
) -> Result<Result<f64, JsValue>, Unloaded> {
    Ok(redraw(frames, scale, threats))
}

/// [`bench_redraw`]'s figure.
fn redraw(frames: u32, scale: f64, threats: bool) -> Result<f64, JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    let size = 600.0;
    let layer = || -> Result<CanvasRenderingContext2d, JsValue> {
        let canvas: HtmlCanvasElement = document.create_element("canvas")?.dyn_into()?;
        canvas.set_width((size * scale) as u32);
        canvas.set_height((size * scale) as u32);
        Ok(canvas
            .get_context("2d")?
            .ok_or("no 2d context")?
            .dyn_into()?)
    };
    let layers = Layers {
        base: layer()?,
        top: layer()?,
    };
    let record: Record = "assault d4-d5 c5-c6 c4-c5"
        .parse()
        .map_err(|e| JsValue::from_str(&format!("{e}")))?;
    let game = Game::from_record(&record).map_err(|e| JsValue::from_str(&e.to_string()))?;
    let mut app = App::new(game, size, size);
    app.update(Msg::Settings(SettingsMsg::ShowThreats(threats)));
    if let Some(p) = app.targets().iter().next() {
        app.update(Msg::Pointer(PointerMsg::Choose(p)));
    }
    let theme = Theme::default();
    let performance = window.performance().ok_or("no performance")?;
    // The base layer and the piece pictures are drawn once, as on the page.
    let mut sprites = Sprites::default();
    render::draw(&layers, &app, &theme, scale, &mut sprites);
    let began = performance.now();
    for _ in 0..frames {
        render::draw(&layers, &app, &theme, scale, &mut sprites);
        layers.top.get_image_data(0.0, 0.0, 1.0, 1.0)?;
    }
    Ok((performance.now() - began) / f64::from(frames.max(1)))
}
