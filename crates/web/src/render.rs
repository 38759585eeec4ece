//! Drawing the state on the canvas: a pure function of [`App`] and the
//! [`Theme`]; it reads nothing else and changes nothing.

use std::f64::consts::TAU;

use asalto_core::{Move, Point, PointSet, Side};
use wasm_bindgen::JsValue;
use web_sys::CanvasRenderingContext2d as Ctx;

use crate::app::App;
use crate::layout::Layout;

/// The colours of the board, read from the page's CSS custom properties
/// (`--board`, `--ink`, …) so that themes live in CSS.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Theme {
    /// Board background.
    pub board: String,
    /// Lines, points and coordinates.
    pub ink: String,
    /// The fortress area.
    pub fortress: String,
    /// Attacker fill.
    pub attacker: String,
    /// Defender fill.
    pub defender: String,
    /// Piece outlines.
    pub rim: String,
    /// Last move and selection.
    pub highlight: String,
    /// Points that may be picked.
    pub target: String,
    /// Captures and huffs.
    pub danger: String,
}

impl Default for Theme {
    fn default() -> Theme {
        let s = str::to_owned;
        Theme {
            board: s("#f4ead5"),
            ink: s("#4a3b2c"),
            fortress: s("#e3cfa6"),
            attacker: s("#2e4a62"),
            defender: s("#a3262a"),
            rim: s("#1b140e"),
            highlight: s("rgba(232, 170, 20, 0.45)"),
            target: s("rgba(40, 120, 60, 0.75)"),
            danger: s("#c0392b"),
        }
    }
}

/// Draws everything: board, last move, pieces, selection, targets.
/// `scale` is the device pixel ratio of the canvas backing store.
pub fn draw(ctx: &Ctx, app: &App, theme: &Theme, scale: f64) {
    let _ = ctx.set_transform(scale, 0.0, 0.0, scale, 0.0, 0.0);
    let l = &app.layout;
    ctx.set_fill_style_str(&theme.board);
    ctx.fill_rect(0.0, 0.0, app.size.0, app.size.1);
    board(ctx, app, theme);
    last_move(ctx, app, theme);
    pieces(ctx, app, theme);
    selection(ctx, app, theme);
    if let Some(a) = &app.animation {
        let (x, y) = along(l, &a.path, a.progress);
        piece(ctx, l, theme, a.side, x, y);
    }
    if let Some(press) = app.press.filter(|p| p.dragging)
        && let Some(side) = app.position().piece_at(press.point)
    {
        piece(ctx, l, theme, side, press.at.0, press.at.1);
    }
}

fn board(ctx: &Ctx, app: &App, theme: &Theme) {
    let l = &app.layout;
    let board = app.game.rules().board();
    let fortress = board.fortress();
    // The fortress: every grid square whose corners are all fortress points.
    ctx.set_fill_style_str(&theme.fortress);
    for p in fortress {
        let corners = [(1, 0), (0, -1), (1, -1)].map(|(f, r)| p.offset(f, r));
        if corners
            .iter()
            .all(|c| c.is_some_and(|c| fortress.contains(c)))
        {
            let (x, y) = l.pixel(p);
            let (x2, y2) = corners[2].map_or((x, y), |c| l.pixel(c));
            ctx.fill_rect(x.min(x2), y.min(y2), (x2 - x).abs(), (y2 - y).abs());
        }
    }
    ctx.set_stroke_style_str(&theme.ink);
    ctx.set_line_cap("round");
    let width = (l.spacing * 0.035).max(1.0);
    let dash = js_sys::Array::of2(
        &JsValue::from(l.spacing * 0.09),
        &JsValue::from(l.spacing * 0.09),
    );
    let solid = js_sys::Array::new();
    for line in board.lines() {
        let inside = fortress.contains(line.a) && fortress.contains(line.b);
        ctx.set_line_width(if inside { width * 2.0 } else { width });
        let _ = ctx.set_line_dash(if line.marked { &dash } else { &solid });
        let ((x0, y0), (x1, y1)) = (l.pixel(line.a), l.pixel(line.b));
        ctx.begin_path();
        ctx.move_to(x0, y0);
        ctx.line_to(x1, y1);
        ctx.stroke();
    }
    let _ = ctx.set_line_dash(&solid);
    ctx.set_fill_style_str(&theme.ink);
    for p in board.points() {
        disc(ctx, l.pixel(p), l.spacing * 0.06);
    }
    coordinates(ctx, app, theme);
}

fn coordinates(ctx: &Ctx, app: &App, theme: &Theme) {
    let l = &app.layout;
    let (w, h) = l.size;
    ctx.set_fill_style_str(&theme.ink);
    let font_px = (l.spacing * 0.24).round() as u32;
    ctx.set_font(&format!("{font_px}px system-ui, sans-serif"));
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    let gap = l.spacing * 0.58;
    let (bottom, left) = if l.flipped { (h, w - 1) } else { (1, 0) };
    for file in 0..w {
        if let Some(p) = Point::new(file, bottom) {
            let (x, y) = l.pixel(p);
            let _ = ctx.fill_text(&char::from(b'a' + file).to_string(), x, y + gap);
        }
    }
    for rank in 1..=h {
        if let Some(p) = Point::new(left, rank) {
            let (x, y) = l.pixel(p);
            let _ = ctx.fill_text(&rank.to_string(), x - gap, y);
        }
    }
}

fn last_move(ctx: &Ctx, app: &App, theme: &Theme) {
    let Some(m) = app.game.last_move() else {
        return;
    };
    let l = &app.layout;
    ctx.set_fill_style_str(&theme.highlight);
    let r = l.spacing * 0.44;
    if let Some(from) = m.from() {
        disc(ctx, l.pixel(from), r);
    }
    disc(ctx, l.pixel(m.to()), r);
    // Captured rebels and huffed officers are shown where they stood.
    ctx.set_stroke_style_str(&theme.danger);
    ctx.set_line_width((l.spacing * 0.05).max(1.0));
    for p in m.captured() {
        cross(ctx, l.pixel(p), l.spacing * 0.14);
    }
    huffed(ctx, l, theme, m);
}

fn huffed(ctx: &Ctx, l: &Layout, theme: &Theme, m: &Move) {
    let huffed: PointSet = m.huffed();
    if huffed.is_empty() {
        return;
    }
    let dash = js_sys::Array::of2(
        &JsValue::from(l.spacing * 0.06),
        &JsValue::from(l.spacing * 0.05),
    );
    let _ = ctx.set_line_dash(&dash);
    ctx.set_stroke_style_str(&theme.danger);
    for p in huffed {
        let (x, y) = l.pixel(p);
        ctx.begin_path();
        let _ = ctx.arc(x, y, l.defender_radius(), 0.0, TAU);
        ctx.stroke();
        cross(ctx, (x, y), l.spacing * 0.16);
    }
    let _ = ctx.set_line_dash(&js_sys::Array::new());
}

fn pieces(ctx: &Ctx, app: &App, theme: &Theme) {
    let l = &app.layout;
    let pos = app.position();
    // Hidden: the animated piece at its destination and a dragged piece.
    let hidden = app
        .animation
        .as_ref()
        .and_then(|a| a.path.last().copied())
        .or(app.press.filter(|p| p.dragging).map(|p| p.point));
    for (side, set) in [
        (Side::Attacker, pos.attackers()),
        (Side::Defender, pos.defenders()),
    ] {
        for p in set.iter().filter(|&p| Some(p) != hidden) {
            let (x, y) = l.pixel(p);
            piece(ctx, l, theme, side, x, y);
        }
    }
}

fn selection(ctx: &Ctx, app: &App, theme: &Theme) {
    let l = &app.layout;
    let route = app.pick.route();
    if let Some(&first) = route.first() {
        ctx.set_stroke_style_str(&theme.highlight);
        ctx.set_line_width(l.spacing * 0.1);
        if route.len() > 1 {
            ctx.begin_path();
            for (i, &p) in route.iter().enumerate() {
                let (x, y) = l.pixel(p);
                if i == 0 {
                    ctx.move_to(x, y)
                } else {
                    ctx.line_to(x, y)
                }
            }
            ctx.stroke();
            ctx.set_stroke_style_str(&theme.danger);
            ctx.set_line_width((l.spacing * 0.05).max(1.0));
            for p in app.pick.jumped(app.position()) {
                cross(ctx, l.pixel(p), l.spacing * 0.16);
            }
        }
        let (x, y) = l.pixel(*route.last().unwrap_or(&first));
        ctx.set_stroke_style_str(&theme.target);
        ctx.set_line_width(l.spacing * 0.06);
        ctx.begin_path();
        let _ = ctx.arc(x, y, l.spacing * 0.43, 0.0, TAU);
        ctx.stroke();
    }
    // Destinations (or, before any pick, empty points to place on).
    ctx.set_fill_style_str(&theme.target);
    let pos = app.position();
    for p in app.targets() {
        if pos.piece_at(p).is_none() {
            disc(ctx, l.pixel(p), l.spacing * 0.13);
        }
    }
}

/// Where a piece moving along `path` is at `progress` (0 to 1).
fn along(l: &Layout, path: &[Point], progress: f64) -> (f64, f64) {
    let legs = path.len().saturating_sub(1).max(1) as f64;
    let t = ease(progress) * legs;
    let i = (t.floor() as usize).min(path.len().saturating_sub(2));
    let (a, b) = (l.pixel(path[i]), l.pixel(path[(i + 1).min(path.len() - 1)]));
    let f = t - i as f64;
    (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f)
}

fn ease(t: f64) -> f64 {
    t * t * (3.0 - 2.0 * t)
}

fn piece(ctx: &Ctx, l: &Layout, theme: &Theme, side: Side, x: f64, y: f64) {
    let (fill, r) = match side {
        Side::Attacker => (&theme.attacker, l.attacker_radius()),
        Side::Defender => (&theme.defender, l.defender_radius()),
    };
    ctx.set_fill_style_str(fill);
    disc(ctx, (x, y), r);
    ctx.set_stroke_style_str(&theme.rim);
    ctx.set_line_width((l.spacing * 0.03).max(1.0));
    ctx.stroke();
    // An officer wears a ring; a rebel a small highlight.
    ctx.set_stroke_style_str("rgba(255, 255, 255, 0.75)");
    ctx.begin_path();
    match side {
        Side::Defender => {
            let _ = ctx.arc(x, y, r * 0.62, 0.0, TAU);
        }
        Side::Attacker => {
            let _ = ctx.arc(x, y, r * 0.6, TAU * 0.55, TAU * 0.7);
        }
    }
    ctx.stroke();
}

fn disc(ctx: &Ctx, (x, y): (f64, f64), r: f64) {
    ctx.begin_path();
    let _ = ctx.arc(x, y, r, 0.0, TAU);
    ctx.fill();
}

fn cross(ctx: &Ctx, (x, y): (f64, f64), r: f64) {
    ctx.begin_path();
    ctx.move_to(x - r, y - r);
    ctx.line_to(x + r, y + r);
    ctx.move_to(x + r, y - r);
    ctx.line_to(x - r, y + r);
    ctx.stroke();
}
