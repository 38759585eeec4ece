//! What an author writes about a position (RULES.md §8): a comment's words
//! and its `[%draw]` arrows and rings, read and rewritten. The comments
//! themselves live in the game's [`asalto_core::Tree`], one per move. A
//! comment is untrusted text: the page shows it as text, never as markup.
//!
//! Pure Rust, tested natively.

use asalto_core::{Shape, shapes};

/// The shapes a comment draws (none if its `[%draw]` does not read).
pub fn drawn(comment: Option<&str>) -> Vec<Shape> {
    comment.and_then(|c| shapes(c).ok()).unwrap_or_default()
}

/// A comment as it is read out: its text without `[%draw …]`.
pub fn spoken(comment: Option<&str>) -> Option<String> {
    let mut out = String::new();
    let mut rest = comment?;
    while let Some(at) = rest.find("[%draw") {
        out.push_str(&rest[..at]);
        rest = rest[at..].split_once(']').map_or("", |(_, after)| after);
    }
    out.push_str(rest);
    let out = out.split_whitespace().collect::<Vec<_>>().join(" ");
    (!out.is_empty()).then_some(out)
}

/// `comment` with its words replaced by `words`, keeping its shapes;
/// braces, which a comment cannot hold, are left out.
pub fn with_words(comment: Option<&str>, words: &str) -> Option<String> {
    let words: String = words.chars().filter(|c| !matches!(c, '{' | '}')).collect();
    write(words.trim(), &drawn(comment))
}

/// `comment` with `shape` drawn, or taken away if it is drawn.
pub fn with_shape_toggled(comment: Option<&str>, shape: Shape) -> Option<String> {
    let mut shapes = drawn(comment);
    match shapes.iter().position(|s| *s == shape) {
        Some(i) => {
            shapes.remove(i);
        }
        None => shapes.push(shape),
    }
    write(&spoken(comment).unwrap_or_default(), &shapes)
}

/// A shape as `[%draw]` writes it: `c3-d4` or `c5`.
pub fn shape_text(shape: &Shape) -> String {
    match shape {
        Shape::Arrow(a, b) => format!("{a}-{b}"),
        Shape::Ring(p) => p.to_string(),
    }
}

/// A comment of `words` and `shapes` (none if both are empty).
fn write(words: &str, shapes: &[Shape]) -> Option<String> {
    let mut text = words.to_owned();
    if !shapes.is_empty() {
        let drawn: Vec<String> = shapes.iter().map(shape_text).collect();
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(&format!("[%draw {}]", drawn.join(" ")));
    }
    (!text.is_empty()).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_author_writes_words_and_draws_shapes() {
        let p = |n: &str| n.parse().expect("point");
        let c = with_shape_toggled(None, Shape::Arrow(p("d4"), p("b4")));
        let c = with_shape_toggled(c.as_deref(), Shape::Ring(p("c5")));
        let c = with_words(c.as_deref(), "the {officer} steps out");
        assert_eq!(c.as_deref(), Some("the officer steps out [%draw d4-b4 c5]"));
        assert_eq!(
            spoken(c.as_deref()).as_deref(),
            Some("the officer steps out")
        );
        assert_eq!(drawn(c.as_deref()).len(), 2);
        let c = with_shape_toggled(c.as_deref(), Shape::Ring(p("c5")));
        assert_eq!(c.as_deref(), Some("the officer steps out [%draw d4-b4]"));
        let c = with_words(c.as_deref(), " ");
        let c = with_shape_toggled(c.as_deref(), Shape::Arrow(p("d4"), p("b4")));
        assert_eq!(c, None);
    }

    #[test]
    fn a_hostile_comment_stays_text() {
        let c = Some("<script>alert(1)</script></svg> [%draw zz]");
        assert_eq!(
            spoken(c).as_deref(),
            Some("<script>alert(1)</script></svg>")
        );
        assert!(drawn(c).is_empty());
    }
}
