//! A position as a standalone SVG figure: the board's lines (the marked
//! ones dashed only where the rules forbid them, as the board draws
//! them), the fortress, the points, the pieces, the last move, and the
//! arrows and rings of the record's `[%draw]` comment; coordinates as real
//! text. One function ([`svg`]) for the command line (`asalto diagram`) and
//! the page. The `print` theme needs no colour to be read: the fortress is
//! hatched, attackers are black, defenders white with a thick rim.
//!
//! No text of the record reaches the SVG but point names: a comment is
//! never written into it.

use std::fmt::Write;

use asalto_core::{Game, Point, Record, Shape, Side, shapes};

/// The figure's colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theme {
    /// As the page's light board.
    Light,
    /// As the page's dark board.
    Dark,
    /// Black and white, for print.
    Print,
}

impl Theme {
    /// The theme named `light`, `dark` or `print`.
    pub fn named(name: &str) -> Option<Theme> {
        match name {
            "light" => Some(Theme::Light),
            "dark" => Some(Theme::Dark),
            "print" => Some(Theme::Print),
            _ => None,
        }
    }
}

/// What a figure shows and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The figure's width and height, in pixels.
    pub size: u32,
    /// Its colours.
    pub theme: Theme,
    /// Whether the files and ranks are written around the board.
    pub coordinates: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            size: 480,
            theme: Theme::Light,
            coordinates: false,
        }
    }
}

struct Palette {
    background: &'static str,
    ink: &'static str,
    fortress: &'static str,
    attacker: &'static str,
    defender: &'static str,
    rim: &'static str,
    last: &'static str,
    annotation: &'static str,
}

fn palette(theme: Theme) -> Palette {
    match theme {
        Theme::Light => Palette {
            background: "#f4ead5",
            ink: "#4a3b2c",
            fortress: "#e3cfa6",
            attacker: "#2e4a62",
            defender: "#a3262a",
            rim: "#1b140e",
            last: "#e8aa14",
            annotation: "#1e5aaa",
        },
        Theme::Dark => Palette {
            background: "#2b241d",
            ink: "#cbb99c",
            fortress: "#4a3d2c",
            attacker: "#6f9bc2",
            defender: "#d8574f",
            rim: "#0d0a07",
            last: "#f0be3c",
            annotation: "#6eaaf0",
        },
        Theme::Print => Palette {
            background: "#ffffff",
            ink: "#000000",
            fortress: "url(#hatch)",
            attacker: "#000000",
            defender: "#ffffff",
            rim: "#000000",
            last: "#000000",
            annotation: "#000000",
        },
    }
}

/// The position of `record` after `ply` moves of its main line (its end
/// if `ply` is larger) as an SVG document.
///
/// # Errors
///
/// When the record's main line cannot be played (the error says which
/// move and why).
pub fn svg(
    record: &Record,
    ply: Option<usize>,
    options: &Options,
) -> Result<String, asalto_core::RecordError> {
    let mut game = Game::from_record(record)?;
    game.go_to(ply.unwrap_or(usize::MAX));
    let shown = game.ply();
    let comment = match shown {
        0 => record.comment.as_deref(),
        n => record.notes.get(n - 1).and_then(|n| n.comment.as_deref()),
    };
    let drawn = comment.and_then(|c| shapes(c).ok()).unwrap_or_default();
    Ok(draw(&game, &drawn, options))
}

fn draw(game: &Game, drawn: &[Shape], options: &Options) -> String {
    let board = game.rules().board();
    let pos = game.position();
    let p = palette(options.theme);
    let size = f64::from(options.size.max(64));
    let (w, h) = (f64::from(board.width()), f64::from(board.height()));
    let margin = if options.coordinates { 0.9 } else { 0.6 };
    let spacing = size / (w.max(h) - 1.0 + 2.0 * margin);
    let ox = (size - (w - 1.0) * spacing) / 2.0;
    let oy = (size - (h - 1.0) * spacing) / 2.0;
    let at = |q: Point| {
        let (x, y) = board.xy(q);
        (ox + f64::from(x) * spacing, oy + f64::from(y) * spacing)
    };
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}" role="img">"#
    );
    let turn = match (game.outcome(), pos.turn()) {
        (Some(_), _) => "",
        (None, Side::Attacker) => ", attackers to move",
        (None, Side::Defender) => ", defenders to move",
    };
    let _ = write!(
        s,
        "<title>{} after {} moves{turn}</title>",
        game.rules().preset.name(),
        game.ply()
    );
    if options.theme == Theme::Print {
        let step = (spacing * 0.18).max(3.0);
        let _ = write!(
            s,
            r##"<defs><pattern id="hatch" width="{step:.1}" height="{step:.1}" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="{step:.1}" stroke="#000" stroke-width="{:.2}"/></pattern></defs>"##,
            (spacing * 0.025).max(0.6)
        );
    }
    let _ = write!(
        s,
        r#"<rect width="{size}" height="{size}" fill="{}"/>"#,
        p.background
    );
    // The fortress: every grid square whose corners are fortress points.
    let fortress = board.fortress();
    for q in fortress {
        let corners = [(1, 0), (0, -1), (1, -1)].map(|(f, r)| q.offset(f, r));
        if corners
            .iter()
            .all(|c| c.is_some_and(|c| fortress.contains(c)))
            && let Some(far) = corners[2]
        {
            let ((x0, y0), (x1, y1)) = (at(q), at(far));
            let _ = write!(
                s,
                r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{}"/>"#,
                x0.min(x1),
                y0.min(y1),
                (x1 - x0).abs(),
                (y1 - y0).abs(),
                p.fortress
            );
        }
    }
    let width = (spacing * 0.035).max(1.0);
    let _ = write!(
        s,
        r#"<g stroke="{}" stroke-width="{width:.2}" stroke-linecap="round">"#,
        p.ink
    );
    for line in board.lines() {
        let ((x0, y0), (x1, y1)) = (at(line.a), at(line.b));
        let inside = fortress.contains(line.a) && fortress.contains(line.b);
        let dash = if line.marked && game.rules().marked_lines {
            format!(r#" stroke-dasharray="{0:.1} {0:.1}""#, spacing * 0.09)
        } else {
            String::new()
        };
        let thick = if inside {
            format!(r#" stroke-width="{:.2}""#, width * 2.0)
        } else {
            String::new()
        };
        let _ = write!(
            s,
            r#"<line x1="{x0:.1}" y1="{y0:.1}" x2="{x1:.1}" y2="{y1:.1}"{dash}{thick}/>"#
        );
    }
    s.push_str("</g>");
    let _ = write!(s, r#"<g fill="{}">"#, p.ink);
    for q in board.points() {
        let (x, y) = at(q);
        let _ = write!(
            s,
            r#"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}"/>"#,
            spacing * 0.06
        );
    }
    s.push_str("</g>");
    // The last move: its start and end ringed.
    if let Some(m) = game.last_move() {
        for q in m.from().into_iter().chain([m.to()]) {
            let (x, y) = at(q);
            let _ = write!(
                s,
                r#"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="{}" stroke-width="{:.1}"/>"#,
                spacing * 0.4,
                p.last,
                spacing * 0.07
            );
        }
    }
    for (side, fill, class) in [
        (Side::Attacker, p.attacker, "attacker"),
        (Side::Defender, p.defender, "defender"),
    ] {
        let set = match side {
            Side::Attacker => pos.attackers(),
            Side::Defender => pos.defenders(),
        };
        let rim = if options.theme == Theme::Print && side == Side::Defender {
            spacing * 0.08
        } else {
            spacing * 0.03
        };
        for q in set {
            let (x, y) = at(q);
            let _ = write!(
                s,
                r#"<circle class="{class}" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{fill}" stroke="{}" stroke-width="{rim:.1}"/>"#,
                spacing * 0.3,
                p.rim
            );
            // The board's shine, up and to the left: a round piece.
            if options.theme != Theme::Print {
                let r = spacing * 0.19;
                let _ = write!(
                    s,
                    r##"<path d="M{:.1} {:.1}A{r:.1} {r:.1} 0 0 1 {:.1} {:.1}" fill="none" stroke="#ffffff" stroke-opacity="0.65" stroke-width="{:.1}" stroke-linecap="round"/>"##,
                    x - r * 0.94,
                    y - r * 0.34,
                    x - r * 0.34,
                    y - r * 0.94,
                    spacing * 0.035
                );
            }
        }
    }
    // Who moves: a small piece of that side in the bottom right-hand
    // corner, while the game is on.
    if game.outcome().is_none() {
        let (fill, rim) = match pos.turn() {
            Side::Attacker => (p.attacker, spacing * 0.03),
            Side::Defender if options.theme == Theme::Print => (p.defender, spacing * 0.06),
            Side::Defender => (p.defender, spacing * 0.03),
        };
        let r = spacing * 0.16;
        let _ = write!(
            s,
            r#"<circle class="to-move" cx="{:.1}" cy="{:.1}" r="{r:.1}" fill="{fill}" stroke="{}" stroke-width="{rim:.1}"/>"#,
            size - r * 1.8,
            size - r * 1.8,
            p.rim
        );
    }
    let _ = write!(
        s,
        r#"<g stroke="{0}" fill="{0}" stroke-width="{1:.1}" stroke-linecap="round">"#,
        p.annotation,
        spacing * 0.1
    );
    for shape in drawn {
        match *shape {
            Shape::Ring(q) => {
                let (x, y) = at(q);
                let _ = write!(
                    s,
                    r#"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none"/>"#,
                    spacing * 0.42
                );
            }
            Shape::Arrow(a, b) => arrow(&mut s, at(a), at(b), spacing),
        }
    }
    s.push_str("</g>");
    if options.coordinates {
        let font = spacing * 0.3;
        let _ = write!(
            s,
            r#"<g fill="{}" font-family="sans-serif" font-size="{font:.1}" text-anchor="middle">"#,
            p.ink
        );
        for x in 0..board.width() {
            let file = char::from(b'a' + x);
            let cx = ox + f64::from(x) * spacing;
            let cy = oy + (h - 1.0) * spacing + spacing * 0.75;
            let _ = write!(s, r#"<text x="{cx:.1}" y="{cy:.1}">{file}</text>"#);
        }
        for y in 0..board.height() {
            let rank = board.height() - y;
            let cy = oy + f64::from(y) * spacing + font * 0.35;
            let cx = ox - spacing * 0.65;
            let _ = write!(s, r#"<text x="{cx:.1}" y="{cy:.1}">{rank}</text>"#);
        }
        s.push_str("</g>");
    }
    s.push_str("</svg>\n");
    s
}

/// The geometry of an arrow from `a`'s centre towards `b`'s, on a board
/// whose points are `spacing` apart: the end of its shaft, then its head's
/// tip (short of `b`'s centre) and its two other corners. `None` when the
/// points coincide. Shared by the figure and the page's canvas.
pub fn arrow_geometry(
    (ax, ay): (f64, f64),
    (bx, by): (f64, f64),
    spacing: f64,
) -> Option<[(f64, f64); 4]> {
    let (dx, dy) = (bx - ax, by - ay);
    let length = dx.hypot(dy);
    if length < 1.0 {
        return None;
    }
    let (ux, uy) = (dx / length, dy / length);
    let head = spacing * 0.3;
    let tip = (bx - ux * spacing * 0.12, by - uy * spacing * 0.12);
    let (sx, sy) = (tip.0 - ux * head, tip.1 - uy * head);
    let half = head * 0.6;
    Some([
        (sx, sy),
        tip,
        (sx - uy * half, sy + ux * half),
        (sx + uy * half, sy - ux * half),
    ])
}

/// An arrow from `a`'s centre to near `b`'s.
fn arrow(s: &mut String, a: (f64, f64), b: (f64, f64), spacing: f64) {
    let Some([(sx, sy), (tx, ty), (lx, ly), (rx, ry)]) = arrow_geometry(a, b, spacing) else {
        return;
    };
    let (ax, ay) = a;
    let _ = write!(
        s,
        r#"<line x1="{ax:.1}" y1="{ay:.1}" x2="{sx:.1}" y2="{sy:.1}"/><polygon stroke="none" points="{tx:.1},{ty:.1} {lx:.1},{ly:.1} {rx:.1},{ry:.1}"/>"#
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figure(text: &str, ply: Option<usize>, options: &Options) -> String {
        svg(&text.parse().expect("record"), ply, options).expect("a figure")
    }

    #[test]
    fn a_figure_is_well_formed_svg_with_its_pieces_and_shapes() {
        let text = "assault d4-d5 c5-d4 {a <b>hostile</b> </svg> remark [%draw d4-b4 c3]}";
        for theme in [Theme::Light, Theme::Dark, Theme::Print] {
            let options = Options {
                theme,
                coordinates: true,
                ..Options::default()
            };
            let svg = figure(text, None, &options);
            let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
            let root = doc.root_element();
            assert_eq!(root.tag_name().name(), "svg");
            let count = |class: &str| {
                root.descendants()
                    .filter(|n| n.has_tag_name("circle") && n.attribute("class") == Some(class))
                    .count()
            };
            assert_eq!((count("attacker"), count("defender")), (24, 2));
            let texts: Vec<&str> = root
                .descendants()
                .filter(|n| n.has_tag_name("text"))
                .filter_map(|n| n.text())
                .collect();
            assert!(texts.contains(&"a") && texts.contains(&"7"), "{texts:?}");
            assert_eq!(
                root.descendants()
                    .filter(|n| n.has_tag_name("polygon"))
                    .count(),
                1
            );
            assert!(
                !svg.contains("hostile"),
                "a comment never reaches the figure"
            );
        }
        let print = figure(
            text,
            None,
            &Options {
                theme: Theme::Print,
                ..Options::default()
            },
        );
        assert!(print.contains("url(#hatch)"), "the fortress is hatched");
    }

    #[test]
    fn lines_are_dashed_only_where_the_rules_forbid_them() {
        let options = Options::default();
        let plain = figure("assault", None, &options);
        assert!(!plain.contains("stroke-dasharray"), "{plain}");
        let marked = figure("german-tactics", None, &options);
        assert!(marked.contains("stroke-dasharray"), "{marked}");
    }

    #[test]
    fn the_side_to_move_is_marked_and_named_and_pieces_shine_but_on_paper() {
        let marker = |svg: &str| {
            let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
            doc.descendants()
                .find(|n| n.attribute("class") == Some("to-move"))
                .and_then(|n| n.attribute("fill").map(str::to_owned))
        };
        let light = palette(Theme::Light);
        let start = figure("assault", None, &Options::default());
        assert_eq!(marker(&start).as_deref(), Some(light.attacker));
        assert!(start.contains("attackers to move</title>"), "{start}");
        let reply = figure("assault d4-d5", None, &Options::default());
        assert_eq!(marker(&reply).as_deref(), Some(light.defender));
        assert!(reply.contains("after 1 moves, defenders to move</title>"));
        // 26 pieces, each with its shine; none on paper.
        assert_eq!(start.matches("stroke-opacity=\"0.65\"").count(), 26);
        let print = figure(
            "assault",
            None,
            &Options {
                theme: Theme::Print,
                ..Options::default()
            },
        );
        assert!(!print.contains("stroke-opacity"));
        assert_eq!(marker(&print).as_deref(), Some("#000000"));
        // A finished game has no side to move.
        let won = figure(
            "assault;defender-wins-below=24 d4-d5 c5-d4 d5-d6 e5xc7",
            None,
            &Options::default(),
        );
        assert_eq!(marker(&won), None, "{won}");
    }

    #[test]
    fn a_ply_chooses_the_position_and_a_bad_record_is_refused() {
        let at_start = figure("assault d4-d5", Some(0), &Options::default());
        let after = figure("assault d4-d5", None, &Options::default());
        assert_ne!(at_start, after);
        assert!(after.contains("after 1 moves"));
        let bad = svg(
            &"assault d4-d4".parse().expect("parses"),
            None,
            &Options::default(),
        );
        let err = bad.expect_err("illegal");
        assert!(err.to_string().contains("illegal move d4-d4"), "{err}");
        let big = figure(
            "royal-garrison",
            None,
            &Options {
                size: 900,
                ..Options::default()
            },
        );
        roxmltree::Document::parse(&big).expect("well-formed");
    }
}
