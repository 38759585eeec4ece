//! Labelled positions, the data an evaluation learns from: one a line,
//! `<position as a rule set>` TAB `<result>`, where the result is `win`,
//! `loss` or `draw` for the side to move, known exactly (the endgame
//! tables) or from how a game went on. `tables sample` and `selfplay
//! --positions` write them; `train` reads them.

use asalto_core::{Position, Rules, Side};

/// How a position ended for its side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Label {
    /// The side to move won.
    Win,
    /// The side to move lost.
    Loss,
    /// Neither won.
    Draw,
}

impl Label {
    /// The label of a win (`true`) or a loss.
    pub fn of(won: bool) -> Label {
        if won { Label::Win } else { Label::Loss }
    }

    /// Its word in a line.
    pub fn word(self) -> &'static str {
        match self {
            Label::Win => "win",
            Label::Loss => "loss",
            Label::Draw => "draw",
        }
    }

    /// What the side to move scored: 1, 0 or ½.
    pub fn points(self) -> f64 {
        match self {
            Label::Win => 1.0,
            Label::Loss => 0.0,
            Label::Draw => 0.5,
        }
    }
}

/// `pos` under `rules` as a set-up rule set.
pub fn describe(rules: &Rules, pos: &Position) -> String {
    let list = |set: asalto_core::PointSet| {
        set.iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    let first = match pos.turn() {
        Side::Attacker => "attacker",
        Side::Defender => "defender",
    };
    format!(
        "{rules};attackers={};defenders={};first={first}",
        list(pos.attackers()),
        list(pos.defenders())
    )
}

/// A line of `position` (a rule set) labelled `label`.
pub fn line(position: &str, label: Label) -> String {
    format!("{position}\t{}", label.word())
}

/// Reads a line: the position, its rules and its label.
///
/// # Errors
///
/// A line without a tab and a label, a rule set that does not parse, or
/// a position that cannot be.
pub fn parse(text: &str) -> Result<(Rules, Position, Label), String> {
    let (position, word) = text.split_once('\t').ok_or_else(|| {
        format!(
            "'{}': expected a position, a tab and win, loss or draw",
            short(text)
        )
    })?;
    let label = match word.trim() {
        "win" => Label::Win,
        "loss" => Label::Loss,
        "draw" => Label::Draw,
        other => {
            return Err(format!(
                "'{}': '{other}' is not win, loss or draw",
                short(text)
            ));
        }
    };
    let rules: Rules = position
        .parse()
        .map_err(|e| format!("'{}': {e}", short(text)))?;
    let pos = Position::new(&rules).map_err(|e| format!("'{}': {e}", short(text)))?;
    Ok((rules, pos, label))
}

/// The start of a long line, for a message.
fn short(text: &str) -> String {
    text.chars().take(60).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use asalto_core::Game;

    #[test]
    fn a_line_reads_back_as_the_position_it_was_written_from() {
        let game = Game::from_record(&"assault d4-d5 c5-d4 d5-d6".parse().expect("record"))
            .expect("legal");
        let text = line(&describe(game.rules(), game.position()), Label::Draw);
        let (_, pos, label) = parse(&text).expect("reads");
        assert_eq!(pos.attackers(), game.position().attackers());
        assert_eq!(pos.defenders(), game.position().defenders());
        assert_eq!(pos.turn(), game.position().turn());
        assert_eq!(label, Label::Draw);
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        assert!(parse("assault win").expect_err("no tab").contains("a tab"));
        assert!(
            parse("assault\tmaybe")
                .expect_err("label")
                .contains("'maybe'")
        );
        assert!(parse("nonsense\twin").is_err());
    }
}
