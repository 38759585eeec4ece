//! Drawing the state on the canvas: a pure function of [`App`] and the
//! [`Theme`]; it reads nothing else and changes nothing.

use std::f64::consts::TAU;

use asalto_core::{Board, BoardId, Point, Side};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d as Ctx, HtmlCanvasElement};

use asalto_ui::app::App;
use asalto_ui::app::overlay::Overlay;
use asalto_ui::board::layout::Layout;

mod marks;

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
    /// An author's arrows and rings.
    pub annotation: String,
    /// The hint's arrows: a colour no line of the board uses.
    pub hint: String,
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
            annotation: s("rgba(30, 90, 170, 0.8)"),
            hint: s("rgba(135, 55, 175, 0.85)"),
        }
    }
}

/// The two canvases the board is drawn on: the empty board underneath,
/// redrawn only when it changes, and the pieces and marks above it,
/// redrawn each frame. Each frame then touches only what moves, which is
/// what keeps a redraw cheap on software-rendered canvases.
#[derive(Debug, Clone)]
pub struct Layers {
    /// The empty board: lines, fortress, points.
    pub base: Ctx,
    /// Pieces, highlights, selection.
    pub top: Ctx,
}

/// The round things drawn at points, each drawn once as a picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mark {
    Attacker,
    Defender,
    /// The disc under the last move's start and end.
    LastMove,
    /// The dot on a point that may be picked.
    Target,
    /// The ring round the point picked last.
    Ring,
}

impl Mark {
    const ALL: [Mark; 5] = [
        Mark::Attacker,
        Mark::Defender,
        Mark::LastMove,
        Mark::Target,
        Mark::Ring,
    ];

    fn piece(side: Side) -> Mark {
        match side {
            Side::Attacker => Mark::Attacker,
            Side::Defender => Mark::Defender,
        }
    }

    /// Radius in CSS pixels, room for outlines included.
    fn radius(self, l: &Layout) -> f64 {
        match self {
            Mark::Attacker | Mark::Defender => l.defender_radius() + l.spacing * 0.05,
            Mark::LastMove => l.spacing * 0.45,
            Mark::Target => l.spacing * 0.19,
            Mark::Ring => l.spacing * 0.47,
        }
    }

    /// Draws the mark centred on `c`.
    fn paint(self, ctx: &Ctx, l: &Layout, theme: &Theme, c: (f64, f64)) {
        match self {
            Mark::Attacker => piece_batch(ctx, l, theme, Side::Attacker, &[c]),
            Mark::Defender => piece_batch(ctx, l, theme, Side::Defender, &[c]),
            Mark::LastMove => {
                ctx.set_fill_style_str(&theme.highlight);
                disc(ctx, c, l.spacing * 0.44);
            }
            Mark::Target => {
                ctx.set_fill_style_str(&theme.target);
                disc(ctx, c, l.spacing * 0.18);
            }
            Mark::Ring => {
                ctx.set_stroke_style_str(&theme.target);
                ctx.set_line_width(l.spacing * 0.06);
                ctx.begin_path();
                let _ = ctx.arc(c.0, c.1, l.spacing * 0.43, 0.0, TAU);
                ctx.stroke();
            }
        }
    }
}

/// What the last frames drew that the next can reuse: the board on the base
/// layer and a picture of each [`Mark`] at device resolution, kept until
/// the board, layout, pixel ratio or colours change.
#[derive(Debug, Default)]
pub struct Sprites {
    key: Option<(BoardId, bool, Layout, u64, Theme)>,
    /// A picture of each [`Mark`], and its side in device pixels.
    pictures: Vec<(HtmlCanvasElement, f64)>,
    /// The device pixel ratio they were drawn for.
    pub(super) scale: f64,
}

impl Sprites {
    fn refresh(&mut self, layers: &Layers, app: &App, theme: &Theme, scale: f64) {
        let (id, marked) = (app.game().rules().board, app.game().rules().marked_lines);
        let key = (id, marked, app.layout(), scale.to_bits(), theme.clone());
        if self.key.as_ref() == Some(&key) {
            return;
        }
        let l = &app.layout();
        let base = &layers.base;
        let _ = base.set_transform(scale, 0.0, 0.0, scale, 0.0, 0.0);
        base.clear_rect(0.0, 0.0, app.size().0, app.size().1);
        base.set_fill_style_str(&theme.board);
        let (x, y, w, h) = l.area();
        base.fill_rect(x, y, w, h);
        board(base, id.board(), marked, l, theme);
        // A whole number of device pixels, so pictures are copied unscaled.
        self.pictures = Mark::ALL
            .iter()
            .map_while(|&mark| {
                let side = (mark.radius(l) * 2.0 * scale).ceil();
                let half = side / scale / 2.0;
                let canvas = picture(base, side, scale, |c| mark.paint(c, l, theme, (half, half)))?;
                Some((canvas, side))
            })
            .collect();
        self.scale = scale;
        self.key = Some(key);
    }

    /// Draws `mark` centred on `(x, y)` (CSS pixels) on a context drawing
    /// in device pixels, from its picture if it has one: copied at whole
    /// device pixels, never scaled.
    pub(super) fn mark(
        &self,
        ctx: &Ctx,
        l: &Layout,
        theme: &Theme,
        mark: Mark,
        (x, y): (f64, f64),
    ) {
        let scale = self.scale;
        let Some((picture, size)) = self.pictures.get(mark as usize) else {
            return in_css_pixels(ctx, scale, || mark.paint(ctx, l, theme, (x, y)));
        };
        let corner = |c: f64| (c * scale - size / 2.0).round();
        let _ = ctx.draw_image_with_html_canvas_element(picture, corner(x), corner(y));
    }

    /// Draws a piece of `side` centred on `at`.
    fn piece(&self, ctx: &Ctx, l: &Layout, theme: &Theme, side: Side, at: (f64, f64)) {
        self.mark(ctx, l, theme, Mark::piece(side), at);
    }
}

/// A square canvas of `side` device pixels, drawn by `paint` in CSS pixels
/// at `scale`; `None` if the browser gives none.
fn picture(
    ctx: &Ctx,
    side: f64,
    scale: f64,
    paint: impl FnOnce(&Ctx),
) -> Option<HtmlCanvasElement> {
    let document = ctx.canvas()?.owner_document()?;
    let canvas: HtmlCanvasElement = document.create_element("canvas").ok()?.dyn_into().ok()?;
    canvas.set_width(side as u32);
    canvas.set_height(side as u32);
    let c: Ctx = canvas.get_context("2d").ok()??.dyn_into().ok()?;
    c.set_transform(scale, 0.0, 0.0, scale, 0.0, 0.0).ok()?;
    paint(&c);
    Some(canvas)
}

/// Draws everything: the base layer if it changed, then on the top layer
/// the last move, pieces, selection and targets. `scale` is the device
/// pixel ratio of the canvases' backing stores. The top layer draws in
/// device pixels, so that its pictures are copied without a change of
/// transform each; lines and crosses are drawn in CSS pixels.
pub fn draw(layers: &Layers, app: &App, theme: &Theme, scale: f64, sprites: &mut Sprites) {
    sprites.refresh(layers, app, theme, scale);
    let (ctx, l) = (&layers.top, &app.layout());
    let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
    ctx.clear_rect(0.0, 0.0, app.size().0 * scale, app.size().1 * scale);
    if app.editor().is_some() {
        // A position being set up: its pieces alone.
        pieces(ctx, app, theme, sprites);
        return;
    }
    let overlay = Overlay::of(app);
    marks::last_move(ctx, app, &overlay, theme, sprites);
    marks::threats(ctx, app, theme, sprites.scale);
    pieces(ctx, app, theme, sprites);
    marks::annotations(ctx, app, theme, sprites.scale);
    marks::hint_and_forced(ctx, app, &overlay, theme, sprites.scale);
    marks::perfect(ctx, app, &overlay, theme, sprites.scale);
    selection(ctx, app, theme, sprites);
    if let Some(a) = app.animation() {
        sprites.piece(ctx, l, theme, a.side, along(l, &a.path, a.progress));
    }
    if let Some(press) = app.press().filter(|p| p.dragging)
        && let Some(side) = app.position().piece_at(press.point)
    {
        sprites.piece(ctx, l, theme, side, press.at);
    }
}

/// Runs `draw` with `ctx` drawing in CSS pixels at `scale`, then returns
/// it to device pixels.
pub(super) fn in_css_pixels(ctx: &Ctx, scale: f64, draw: impl FnOnce()) {
    let _ = ctx.set_transform(scale, 0.0, 0.0, scale, 0.0, 0.0);
    draw();
    let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
}

/// The empty board: fortress, lines (the marked ones dashed only where the
/// rules forbid them, `marked_lines`), points.
fn board(ctx: &Ctx, board: &Board, marked_lines: bool, l: &Layout, theme: &Theme) {
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
    // Lines in four batches (plain or marked, outside or inside the
    // fortress): four strokes instead of one per line.
    ctx.set_stroke_style_str(&theme.ink);
    ctx.set_line_cap("round");
    let width = (l.spacing * 0.035).max(1.0);
    let dash = js_sys::Array::of2(
        &JsValue::from(l.spacing * 0.09),
        &JsValue::from(l.spacing * 0.09),
    );
    let solid = js_sys::Array::new();
    for (marked, inside) in [(false, false), (false, true), (true, false), (true, true)] {
        ctx.begin_path();
        for line in board.lines() {
            let in_fortress = fortress.contains(line.a) && fortress.contains(line.b);
            if (line.marked && marked_lines) == marked && in_fortress == inside {
                let ((x0, y0), (x1, y1)) = (l.pixel(line.a), l.pixel(line.b));
                ctx.move_to(x0, y0);
                ctx.line_to(x1, y1);
            }
        }
        ctx.set_line_width(if inside { width * 2.0 } else { width });
        let _ = ctx.set_line_dash(if marked { &dash } else { &solid });
        ctx.stroke();
    }
    let _ = ctx.set_line_dash(&solid);
    ctx.set_fill_style_str(&theme.ink);
    ctx.begin_path();
    for p in board.points() {
        circle(ctx, l.pixel(p), l.spacing * 0.06);
    }
    ctx.fill();
}

fn pieces(ctx: &Ctx, app: &App, theme: &Theme, sprites: &Sprites) {
    let l = &app.layout();
    let [attackers, defenders] = app.pieces();
    // Hidden: the animated piece at its destination and a dragged piece.
    let hidden = app
        .animation()
        .and_then(|a| a.path.last().copied())
        .or(app.press().filter(|p| p.dragging).map(|p| p.point));
    for (side, set) in [(Side::Attacker, attackers), (Side::Defender, defenders)] {
        for p in set.iter().filter(|&p| Some(p) != hidden) {
            sprites.piece(ctx, l, theme, side, l.pixel(p));
        }
    }
}

/// Strokes a path through the points of `route`.
pub(super) fn stroke_route(ctx: &Ctx, l: &Layout, route: &[Point]) {
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
}

fn selection(ctx: &Ctx, app: &App, theme: &Theme, sprites: &Sprites) {
    let l = &app.layout();
    let route = app.pick().route();
    if route.len() > 1 {
        in_css_pixels(ctx, sprites.scale, || {
            ctx.set_stroke_style_str(&theme.highlight);
            ctx.set_line_width(l.spacing * 0.1);
            stroke_route(ctx, l, route);
            ctx.set_stroke_style_str(&theme.danger);
            ctx.set_line_width((l.spacing * 0.05).max(1.0));
            for p in app.pick().jumped(app.position()) {
                cross(ctx, l.pixel(p), l.spacing * 0.16);
            }
        });
    }
    if let Some(&last) = route.last() {
        sprites.mark(ctx, l, theme, Mark::Ring, l.pixel(last));
    }
    // Destinations (or, before any pick, empty points to place on).
    let pos = app.position();
    for p in app.targets() {
        if pos.piece_at(p).is_none() {
            sprites.mark(ctx, l, theme, Mark::Target, l.pixel(p));
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

/// Draws pieces of one side at `at`: one path for the discs, one for their
/// marks (an officer wears a ring; a rebel a small highlight).
fn piece_batch(ctx: &Ctx, l: &Layout, theme: &Theme, side: Side, at: &[(f64, f64)]) {
    let (fill, r) = match side {
        Side::Attacker => (&theme.attacker, l.attacker_radius()),
        Side::Defender => (&theme.defender, l.defender_radius()),
    };
    ctx.begin_path();
    for &c in at {
        circle(ctx, c, r);
    }
    ctx.set_fill_style_str(fill);
    ctx.fill();
    ctx.set_stroke_style_str(&theme.rim);
    ctx.set_line_width((l.spacing * 0.03).max(1.0));
    ctx.stroke();
    ctx.begin_path();
    for &(x, y) in at {
        match side {
            Side::Defender => circle(ctx, (x, y), r * 0.62),
            Side::Attacker => {
                let (a, b) = (TAU * 0.55, TAU * 0.7);
                ctx.move_to(x + r * 0.6 * a.cos(), y + r * 0.6 * a.sin());
                let _ = ctx.arc(x, y, r * 0.6, a, b);
            }
        }
    }
    ctx.set_stroke_style_str("rgba(255, 255, 255, 0.75)");
    ctx.stroke();
}

/// Adds a circle to the current path as a closed subpath of its own.
pub(super) fn circle(ctx: &Ctx, (x, y): (f64, f64), r: f64) {
    ctx.move_to(x + r, y);
    let _ = ctx.arc(x, y, r, 0.0, TAU);
}

fn disc(ctx: &Ctx, (x, y): (f64, f64), r: f64) {
    ctx.begin_path();
    let _ = ctx.arc(x, y, r, 0.0, TAU);
    ctx.fill();
}

pub(super) fn cross(ctx: &Ctx, (x, y): (f64, f64), r: f64) {
    ctx.begin_path();
    ctx.move_to(x - r, y - r);
    ctx.line_to(x + r, y + r);
    ctx.move_to(x + r, y - r);
    ctx.line_to(x - r, y + r);
    ctx.stroke();
}
