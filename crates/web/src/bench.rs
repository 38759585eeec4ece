//! A figure for the benchmark script: how long one full redraw takes.

use asalto_core::{Game, Record};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use crate::app::App;
use crate::render::{self, Theme};

/// Milliseconds per full redraw of a middle-game `assault` position with a
/// capture chain selected, on a 600 × 600 CSS-pixel canvas at
/// devicePixelRatio `scale`, averaged over `frames` redraws. Each redraw is
/// flushed by reading a pixel back, so rasterising is counted too.
#[wasm_bindgen]
pub fn bench_redraw(frames: u32, scale: f64) -> Result<f64, JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    let canvas: HtmlCanvasElement = document.create_element("canvas")?.dyn_into()?;
    let size = 600.0;
    canvas.set_width((size * scale) as u32);
    canvas.set_height((size * scale) as u32);
    let ctx: CanvasRenderingContext2d = canvas
        .get_context("2d")?
        .ok_or("no 2d context")?
        .dyn_into()?;
    let record: Record = "assault d4-d5 c5-c6 c4-c5"
        .parse()
        .map_err(|e| JsValue::from_str(&format!("{e}")))?;
    let game = Game::from_record(&record).map_err(|e| JsValue::from_str(&e.to_string()))?;
    let mut app = App::new(game, size, size);
    if let Some(p) = app.targets().iter().next() {
        app.update(crate::app::Msg::Choose(p));
    }
    let theme = Theme::default();
    let performance = window.performance().ok_or("no performance")?;
    let began = performance.now();
    for _ in 0..frames {
        render::draw(&ctx, &app, &theme, scale);
        ctx.get_image_data(0.0, 0.0, 1.0, 1.0)?;
    }
    Ok((performance.now() - began) / f64::from(frames.max(1)))
}
