//! The game as a graph: the evaluation after each ply from a review, from
//! the attackers' view (up: the attackers ahead), clamped to ±[`CLAMP`]
//! attackers, captures marked on the axis and mistakes as dots in their
//! class's colour, the ply shown as a line. An SVG document, drawn in the
//! page's colours through CSS classes, and a text equivalent: a table of
//! the mistakes and the turning points (where the side ahead changes).
//!
//! Pure Rust, tested natively.

use asalto_search::review::{Class, Reviewed};

use crate::lang::Say;
use crate::words::play as words;

/// The graph's vertical range, in attackers each way.
pub const CLAMP: f64 = 5.0;

/// The graph's width and height in its own units.
pub const SIZE: (i32, i32) = (600, 120);

/// The x of ply `ply` of `plies`, in whole units (no float formatting,
/// which would weigh on the page's module).
fn x(ply: usize, plies: usize) -> i32 {
    (f64::from(SIZE.0) * ply as f64 / plies.max(1) as f64).round() as i32
}

/// The y of an evaluation, in whole units.
fn y(value: f64) -> i32 {
    (f64::from(SIZE.1) / 2.0 * (1.0 - value.clamp(-CLAMP, CLAMP) / CLAMP)).round() as i32
}

/// The ply nearest `fraction` (0 to 1) of the graph's width.
pub fn ply_at(fraction: f64, plies: usize) -> usize {
    ((fraction.clamp(0.0, 1.0) * plies as f64).round() as usize).min(plies)
}

/// The graph of `series` (the evaluation after each ply, `None` where not
/// known yet), with `moves`' classes, `captures` (plies whose move
/// captured) and the ply `shown`.
pub fn svg(
    series: &[Option<f64>],
    moves: &[Option<Reviewed>],
    captures: &[usize],
    shown: usize,
) -> String {
    let plies = series.len().saturating_sub(1);
    let (w, h) = SIZE;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" preserveAspectRatio=\"none\">"
    );
    out.push_str(&format!(
        "<line class=\"axis\" x1=\"0\" y1=\"{0}\" x2=\"{w}\" y2=\"{0}\"/>",
        h / 2
    ));
    // The area between the curve and the axis, then the curve, over the
    // plies known (a gap where one is not).
    let known: Vec<(i32, i32)> = series
        .iter()
        .enumerate()
        .filter_map(|(i, v)| v.map(|v| (x(i, plies), y(v))))
        .collect();
    if let (Some(first), Some(last)) = (known.first(), known.last()) {
        let points: Vec<String> = known
            .iter()
            .map(|(x, y)| format!("{x:.1},{y:.1}"))
            .collect();
        out.push_str(&format!(
            "<polygon class=\"area\" points=\"{:.1},{mid} {} {:.1},{mid}\"/>",
            first.0,
            points.join(" "),
            last.0,
            mid = h / 2
        ));
        out.push_str(&format!(
            "<polyline class=\"curve\" points=\"{}\"/>",
            points.join(" ")
        ));
    }
    for &ply in captures {
        let cx = x(ply, plies);
        out.push_str(&format!(
            "<line class=\"capture\" x1=\"{cx}\" y1=\"{0}\" x2=\"{cx}\" y2=\"{1}\"/>",
            h / 2 - 4,
            h / 2 + 4
        ));
    }
    for (i, r) in moves.iter().enumerate() {
        let (Some(r), Some(Some(v))) = (r, series.get(i + 1)) else {
            continue;
        };
        if r.class >= Class::Inaccuracy {
            out.push_str(&format!(
                "<circle class=\"{}\" cx=\"{}\" cy=\"{}\" r=\"4\"/>",
                r.class.name(),
                x(i + 1, plies),
                y(*v)
            ));
        }
    }
    let sx = x(shown.min(plies), plies);
    out.push_str(&format!(
        "<line class=\"shown\" x1=\"{sx}\" y1=\"0\" x2=\"{sx}\" y2=\"{h}\"/></svg>"
    ));
    out
}

/// What the graph's halves and axis mean, as HTML beside its drawing:
/// which side is ahead above and below the zero line, and the first and
/// last turns of `plies` plies under it.
pub fn labels(say: Say, plies: usize) -> String {
    let last = (plies.max(1) - 1) / 2 + 1;
    format!(
        "<span class=\"graph-label up\">{}</span><span class=\"graph-label down\">{}</span>\
         <span class=\"graph-turns\"><span>{}</span><span>{}</span></span>",
        say.t(&words::GRAPH_UP),
        say.t(&words::GRAPH_DOWN),
        say.f(&words::GRAPH_TURN, &["1"]),
        say.f(&words::GRAPH_TURN, &[&last.to_string()]),
    )
}

/// The graph as a file of its own, for an article: the same drawing with
/// its colours written in (the page's come from its CSS).
pub fn standalone(svg: &str) -> String {
    const STYLE: &str = "<style>.axis{stroke:#6d5f50;stroke-width:1}\
        .area{fill:#e5cf9f}.curve{fill:none;stroke:#2b2118;stroke-width:1.5}\
        .capture{stroke:#c0392b;stroke-width:1.5}.shown{stroke:#8c2a22;stroke-width:2}\
        .inaccuracy{fill:#d9a400}.mistake{fill:#e0701a}.blunder{fill:#c0392b}</style>";
    svg.replacen(" preserveAspectRatio=\"none\">", &format!(">{STYLE}"), 1)
}

/// The graph in words: headings, then one row per mistake (turn, move,
/// class, the better move) and per turning point, as the HTML of a table.
/// `texts` are the moves' texts, `best` the better moves' texts.
pub fn table(
    say: Say,
    series: &[Option<f64>],
    moves: &[Option<Reviewed>],
    texts: &[String],
    best: &[Option<String>],
) -> String {
    let mut rows = format!(
        "<thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead><tbody>",
        say.t(&words::TABLE_TURN),
        say.t(&words::TABLE_MOVE),
        say.t(&words::TABLE_CLASS),
        say.t(&words::TABLE_BETTER),
    );
    let number = |i: usize| (i / 2 + 1).to_string();
    for (i, r) in moves.iter().enumerate() {
        let Some(r) = r.filter(|r| r.class >= Class::Inaccuracy) else {
            continue;
        };
        let better = best.get(i).cloned().flatten().unwrap_or_default();
        rows.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{better}</td></tr>",
            number(i),
            texts.get(i).map_or("", String::as_str),
            say.raw(crate::study::review::class_name(r.class)),
        ));
    }
    let ahead = |v: f64| (v > 0.5) as i8 - (v < -0.5) as i8;
    let mut last = None;
    for (ply, v) in series.iter().enumerate() {
        let Some(v) = v else { continue };
        let side = ahead(*v);
        if side != 0 {
            if last.is_some_and(|l| l != side) && ply > 0 {
                let who = if side > 0 {
                    &words::TURN_ATTACKERS
                } else {
                    &words::TURN_DEFENDERS
                };
                rows.push_str(&format!(
                    "<tr><td>{}</td><td>{}</td><td colspan=\"2\">{}</td></tr>",
                    number(ply - 1),
                    texts.get(ply - 1).map_or("", String::as_str),
                    say.t(who)
                ));
            }
            last = Some(side);
        }
    }
    rows.push_str("</tbody>");
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use asalto_core::Preset;

    fn reviewed(class: Class) -> Option<Reviewed> {
        Some(Reviewed {
            class,
            loss: 0,
            best: None,
        })
    }

    #[test]
    fn the_graph_draws_what_is_known_and_the_ply_shown() {
        let series = [Some(0.0), Some(1.0), None, Some(-20.0)];
        let moves = [reviewed(Class::Best), None, reviewed(Class::Blunder)];
        let svg = svg(&series, &moves, &[3], 1);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        // Three points known, the last clamped to the bottom.
        assert!(svg.contains("points=\"0,60 200,48 600,120\""), "{svg}");
        assert!(svg.contains("<circle class=\"blunder\" cx=\"600\" cy=\"120\""));
        assert!(svg.contains("class=\"capture\" x1=\"600\""));
        assert!(svg.contains("<line class=\"shown\" x1=\"200\""));
        assert_eq!(
            (ply_at(0.49, 3), ply_at(2.0, 3), ply_at(-1.0, 3)),
            (1, 3, 0)
        );
        let file = standalone(&svg);
        assert!(
            file.contains("viewBox=\"0 0 600 120\"><style>.axis{"),
            "{file}"
        );
        assert!(file.ends_with("</svg>"));
    }

    #[test]
    fn the_table_names_mistakes_and_turning_points() {
        let say = Say::new(Lang::En, Preset::Assault);
        let series = [Some(0.0), Some(1.0), Some(-3.0)];
        let moves = [reviewed(Class::Good), reviewed(Class::Mistake)];
        let texts = ["d4-d5".to_owned(), "c5-d4".to_owned()];
        let best = [None, Some("c5-d6".to_owned())];
        let rows = table(say, &series, &moves, &texts, &best);
        assert_eq!(
            rows,
            "<thead><tr><th scope=\"col\">Turn</th><th scope=\"col\">Move</th>\
             <th scope=\"col\">Judged</th><th scope=\"col\">Better</th></tr></thead><tbody>\
             <tr><td>1</td><td>c5-d4</td><td>Mistake</td><td>c5-d6</td></tr>\
             <tr><td>1</td><td>c5-d4</td><td colspan=\"2\">The defenders are ahead</td></tr></tbody>"
        );
        let labels = labels(say, 5);
        assert!(
            labels.contains(">Attackers ahead<")
                && labels.contains(">Defenders ahead<")
                && labels.contains(">turn 1<")
                && labels.contains(">turn 3<"),
            "{labels}"
        );
    }
}
