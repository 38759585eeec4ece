//! The marks drawn over the board from [`Overlay`]: the last move's route
//! with what it took, the hint's arrows and the piece it moves, the pieces
//! that must capture, and the author's arrows and rings.

use std::f64::consts::TAU;

use asalto_core::{Move, PointSet, Shape};
use wasm_bindgen::JsValue;
use web_sys::CanvasRenderingContext2d as Ctx;

use super::{Mark, Sprites, Theme, circle, cross, in_css_pixels, stroke_route};
use asalto_ui::app::App;
use asalto_ui::app::overlay::Overlay;
use asalto_ui::board::layout::Layout;

/// Under the pieces: the last move's route and where it stopped, and what
/// it took.
pub(super) fn last_move(ctx: &Ctx, app: &App, overlay: &Overlay, theme: &Theme, sprites: &Sprites) {
    let Some(m) = app.game().last_move() else {
        return;
    };
    let l = &app.layout();
    for &p in &overlay.route {
        sprites.mark(ctx, l, theme, Mark::LastMove, l.pixel(p));
    }
    in_css_pixels(ctx, sprites.scale, || {
        if overlay.route.len() > 2 {
            ctx.set_stroke_style_str(&theme.highlight);
            ctx.set_line_width(l.spacing * 0.16);
            ctx.set_line_cap("round");
            ctx.set_line_join("round");
            stroke_route(ctx, l, &overlay.route);
            ctx.set_line_cap("butt");
        }
        // Captured rebels and huffed officers are shown where they stood.
        ctx.set_stroke_style_str(&theme.danger);
        ctx.set_line_width((l.spacing * 0.05).max(1.0));
        for p in m.captured() {
            cross(ctx, l.pixel(p), l.spacing * 0.14);
        }
        huffed(ctx, l, theme, m);
    });
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

/// Over the pieces: the pieces that must capture, ringed; the hint's piece
/// ringed and an arrow for each leg of its route.
pub(super) fn hint_and_forced(ctx: &Ctx, app: &App, overlay: &Overlay, theme: &Theme, scale: f64) {
    let l = &app.layout();
    in_css_pixels(ctx, scale, || {
        if !overlay.forced.is_empty() {
            ctx.set_stroke_style_str(&theme.danger);
            ctx.set_line_width(l.spacing * 0.05);
            ctx.begin_path();
            for p in overlay.forced {
                circle(ctx, l.pixel(p), l.spacing * 0.44);
            }
            ctx.stroke();
        }
        let Some(&piece) = overlay.hint.first() else {
            return;
        };
        ctx.set_stroke_style_str(&theme.hint);
        ctx.set_fill_style_str(&theme.hint);
        ctx.set_line_width(l.spacing * 0.07);
        ctx.begin_path();
        circle(ctx, l.pixel(piece), l.spacing * 0.44);
        ctx.stroke();
        ctx.set_line_width(l.spacing * 0.11);
        ctx.set_line_cap("round");
        for leg in overlay.hint.windows(2) {
            arrow(ctx, l.pixel(leg[0]), l.pixel(leg[1]), l.spacing);
        }
        ctx.set_line_cap("butt");
    });
}

/// Perfect play's marks: a solid ring in the targets' colour round each
/// point whose move wins, a thin dashed one in the captures' colour round
/// each whose moves lose (told apart by shape as well as colour).
pub(super) fn perfect(ctx: &Ctx, app: &App, overlay: &Overlay, theme: &Theme, scale: f64) {
    if overlay.perfect.is_empty() {
        return;
    }
    let l = &app.layout();
    in_css_pixels(ctx, scale, || {
        for wins in [true, false] {
            let (colour, width, dash) = if wins {
                (&theme.target, 0.07, 0.0)
            } else {
                (&theme.danger, 0.035, 0.07)
            };
            ctx.set_stroke_style_str(colour);
            ctx.set_line_width(l.spacing * width);
            let dashes = js_sys::Array::new();
            if dash > 0.0 {
                dashes.push(&JsValue::from(l.spacing * dash));
            }
            let _ = ctx.set_line_dash(&dashes);
            ctx.begin_path();
            for (p, _) in overlay.perfect.iter().filter(|(_, w)| *w == wins) {
                circle(ctx, l.pixel(*p), l.spacing * 0.4);
            }
            ctx.stroke();
        }
        let _ = ctx.set_line_dash(&js_sys::Array::new());
    });
}

/// Under the pieces, while threats are shown: each capture a defender
/// could make as a thin line along its route, the attackers it would take
/// ringed, and a small ring on each point where a step would be taken.
pub(super) fn threats(ctx: &Ctx, app: &App, theme: &Theme, scale: f64) {
    let Some(threats) = app.threats() else {
        return;
    };
    let l = &app.layout();
    in_css_pixels(ctx, scale, || {
        ctx.set_stroke_style_str(&theme.danger);
        ctx.set_line_width((l.spacing * 0.04).max(1.0));
        let dash = js_sys::Array::of2(
            &JsValue::from(l.spacing * 0.08),
            &JsValue::from(l.spacing * 0.06),
        );
        let _ = ctx.set_line_dash(&dash);
        for (route, _) in &threats.captures {
            stroke_route(ctx, l, route);
        }
        let _ = ctx.set_line_dash(&js_sys::Array::new());
        ctx.set_line_width(l.spacing * 0.06);
        ctx.begin_path();
        for p in threats.taken() {
            circle(ctx, l.pixel(p), l.spacing * 0.4);
        }
        for p in threats.unsafe_points() {
            circle(ctx, l.pixel(p), l.spacing * 0.16);
        }
        ctx.stroke();
    });
}

/// The author's arrows and rings for the position shown.
pub(super) fn annotations(ctx: &Ctx, app: &App, theme: &Theme, scale: f64) {
    let shapes = asalto_ui::study::notes::drawn(app.comment());
    if shapes.is_empty() {
        return;
    }
    let l = &app.layout();
    in_css_pixels(ctx, scale, || {
        ctx.set_stroke_style_str(&theme.annotation);
        ctx.set_fill_style_str(&theme.annotation);
        ctx.set_line_width(l.spacing * 0.11);
        ctx.set_line_cap("round");
        for shape in &shapes {
            match *shape {
                Shape::Ring(p) => {
                    let (x, y) = l.pixel(p);
                    ctx.begin_path();
                    let _ = ctx.arc(x, y, l.spacing * 0.42, 0.0, TAU);
                    ctx.stroke();
                }
                Shape::Arrow(a, b) => arrow(ctx, l.pixel(a), l.pixel(b), l.spacing),
            }
        }
        ctx.set_line_cap("butt");
    });
}

/// An arrow from `a`'s centre towards `b`'s (drawn over the pieces, as a
/// board's arrows are), shaped as the figures' (`asalto-diagram`).
fn arrow(ctx: &Ctx, a: (f64, f64), b: (f64, f64), spacing: f64) {
    let Some([shaft, tip, left, right]) = asalto_diagram::arrow_geometry(a, b, spacing) else {
        return;
    };
    ctx.begin_path();
    ctx.move_to(a.0, a.1);
    ctx.line_to(shaft.0, shaft.1);
    ctx.stroke();
    ctx.begin_path();
    ctx.move_to(tip.0, tip.1);
    ctx.line_to(left.0, left.1);
    ctx.line_to(right.0, right.1);
    ctx.close_path();
    ctx.fill();
}
