//! What the panel beside the board shows, computed from the state as plain
//! data: each line's words and each button's state, tested natively.
//! `asalto-web` writes it into whichever of these elements a board's markup
//! has, touching only what changed since the view it wrote last.

use asalto_core::{Chain, PointSet, Side};

use super::overlay::{self, Overlay};
use super::{App, Mode};
use crate::board::threats::Threats;
use crate::computer::Player;
use crate::lang::capitalise;
use crate::perfect::Known;
use crate::say::{solved, text};
use crate::study::{move_list, notes};
use crate::words::page as words;
use crate::words::play as play_words;

/// A button's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Button {
    /// Whether it is shown, for the buttons the state shows and hides
    /// (`None`: the markup and the board's options decide).
    pub shown: Option<bool>,
    /// Whether, not shown, its place is kept (the panel does not jump).
    pub kept: bool,
    /// Whether it can be pressed.
    pub enabled: bool,
}

impl Button {
    /// Enabled where `enabled`; shown as the markup says.
    fn enabled(enabled: bool) -> Button {
        Button {
            shown: None,
            kept: false,
            enabled,
        }
    }

    /// Shown where `shown`, its place kept while `kept`.
    fn slot(kept: bool, shown: bool, enabled: bool) -> Button {
        Button {
            shown: Some(shown),
            kept,
            enabled,
        }
    }
}

/// The move list and what a screen reader hears of the move shown, made
/// again only when the game shown changed.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveList {
    /// The list's markup.
    pub html: String,
    /// The move shown and its comment, for the live region.
    pub said: String,
}

/// Everything the panel shows, by what it is.
#[derive(Debug, Clone, PartialEq)]
pub struct PanelView {
    /// The status line.
    pub status: String,
    /// The attackers taken and left.
    pub captured: String,
    /// A notice, a refusal, or what the last move did.
    pub note: String,
    /// The author's comment on the position shown.
    pub comment: Option<String>,
    /// The rule set's line.
    pub rules_line: String,
    /// Each side's goal.
    pub goal: String,
    /// The two sides' names beside their colours (attackers first).
    pub side_names: [String; 2],
    /// What the canvas publishes for tests and tools: `data-*` attributes.
    pub canvas: Vec<(&'static str, String)>,
    /// Each button by its element's id.
    pub buttons: Vec<(&'static str, Button)>,
    /// Pause's words (Pause or Resume).
    pub pause: String,
    /// The result over the board, when it is shown.
    pub result: Option<String>,
    /// What the dashed lines mean, where the rules use them.
    pub legend: Option<String>,
    /// What is threatened, while threats are shown.
    pub threats: Option<String>,
    /// What perfect play makes of the position, where there is a pack.
    pub perfect: Option<String>,
    /// The computer's line.
    pub thinking: String,
    /// The play-by-link invitation.
    pub invite: String,
    /// The move list, when the game shown changed.
    pub moves: Option<MoveList>,
}

impl PanelView {
    /// The ids of the buttons the view sets.
    pub const BUTTONS: [&'static str; 15] = [
        "undo", "first", "back", "redo", "last", "stop", "hint", "move-now", "pause", "send",
        "share", "diagram", "embed", "annotate", "review",
    ];

    /// The panel for `app`; its move list only where the game shown
    /// `changed`.
    pub fn of(app: &App, changed: bool) -> PanelView {
        let (game, computer, say) = (&app.game, &app.computer, app.say());
        let rules = *game.rules();
        let status = match app.editor() {
            Some(editor) => text::setup_status(say, editor.turn),
            None => text::status(say, game, &app.pick, computer),
        };
        let note = match (&app.notice, &app.refusal) {
            (Some(notice), _) => notice.clone(),
            // A lesson says it in its card.
            (None, Some(why)) if app.lesson().is_none() => why.clone(),
            // A figure that only shows a position says nothing of its move.
            (None, _) if app.mode == Mode::View => String::new(),
            (None, _) => text::last_move_note(say, game),
        };
        let line = text::preset_line(app.lang, rules.preset);
        let custom = rules.to_string();
        // A lesson's position is its card's business, not the rules line's.
        let plain =
            custom == rules.preset.name() || app.lesson().is_some() || app.puzzle().is_some();
        let rules_line = if plain {
            line
        } else {
            format!("{line} ({custom})")
        };
        let pause = if computer.paused {
            &words::RESUME
        } else {
            &words::PAUSE
        };
        PanelView {
            status,
            captured: text::captured(say, game),
            note,
            comment: notes::spoken(app.comment()),
            rules_line,
            goal: text::goal(say, &rules),
            side_names: [Side::Attacker, Side::Defender]
                .map(|side| capitalise(say.side(side, false))),
            canvas: canvas(app),
            buttons: buttons(app),
            pause: app.lang.of(pause).to_owned(),
            result: app
                .result_shown()
                .then(|| text::result(say, game, computer.reader())),
            legend: rules.marked_lines.then(|| say.t(&play_words::LEGEND)),
            threats: app.threats.as_ref().map(|t| t.said(say)),
            perfect: app
                .shows_perfect()
                .then(|| solved::line(say, game, &app.perfect))
                .flatten(),
            thinking: text::computer_line(say, game, computer),
            invite: text::invite(
                say,
                game,
                (app.link_moves, app.friend_offered()),
                app.shared,
            ),
            moves: changed.then(|| {
                let said = text::said(say, game);
                MoveList {
                    html: move_list::html(&app.tree, app.shown(), app.lang, app.mode == Mode::Play),
                    said: match notes::spoken(app.comment()) {
                        Some(comment) => format!("{said} {comment}"),
                        None => said,
                    },
                }
            }),
        }
    }

    /// The state of the button with the element id `id`, if the panel
    /// sets one.
    pub fn button(&self, id: &str) -> Option<Button> {
        self.buttons.iter().find(|(b, _)| *b == id).map(|(_, b)| *b)
    }
}

/// What the board marks, published on the canvas for tests and tools: the
/// author's shapes (as `[%draw]` writes them), the hint, the last move's
/// route, the pieces that must capture, perfect play's rings and values,
/// and the threats.
fn canvas(app: &App) -> Vec<(&'static str, String)> {
    let shapes: Vec<String> = notes::drawn(app.comment())
        .iter()
        .map(notes::shape_text)
        .collect();
    let overlay = Overlay::of(app);
    let threats = |f: fn(&Threats) -> PointSet| {
        overlay::names(app.threats.as_ref().map_or(PointSet::EMPTY, f))
    };
    vec![
        ("data-shapes", shapes.join(" ")),
        ("data-hint", overlay::names(overlay.hint)),
        ("data-route", overlay::names(overlay.route)),
        ("data-forced", overlay::names(overlay.forced)),
        ("data-perfect", overlay::perfect_names(&overlay.perfect)),
        (
            "data-values",
            app.perfect
                .known(&app.game)
                .filter(|_| app.shows_perfect())
                .map_or_else(String::new, Known::text),
        ),
        ("data-threats", threats(Threats::taken)),
        ("data-unsafe", threats(Threats::unsafe_points)),
    ]
}

/// Each button's state, by element id.
fn buttons(app: &App) -> Vec<(&'static str, Button)> {
    let (game, computer) = (&app.game, &app.computer);
    let editing = app.editor().is_some();
    let (at_start, at_end) = (game.ply() == 0, game.ply() == game.moves().len());
    let over = game.outcome().is_some();
    let human_to_move = computer.player(game.position().turn()) == Player::Human;
    let watching = computer.players.iter().all(|p| *p != Player::Human);
    let pausable = !over && (computer.moving() || computer.paused || watching);
    // Stop here keeps its place where the rules let a chain stop.
    let may_stop = game.rules().chain == Chain::MayStop;
    // Send keeps its place while two people play.
    let people = !computer.plays() && app.mode == Mode::Play;
    let back = Button::enabled(!editing && !at_start);
    let on = Button::enabled(!editing && !at_end);
    let game_only = Button::enabled(!editing);
    vec![
        ("undo", back),
        ("first", back),
        ("back", back),
        ("redo", on),
        ("last", on),
        (
            "stop",
            Button::slot(may_stop, app.pick.can_stop().is_some(), true),
        ),
        (
            "hint",
            Button::enabled(!editing && computer.thinking.is_none() && !over && human_to_move),
        ),
        // Move now and Pause keep their places while the computer plays.
        (
            "move-now",
            Button::slot(computer.plays(), computer.moving(), true),
        ),
        (
            "pause",
            Button::slot(computer.plays() && !over, pausable, true),
        ),
        ("send", Button::slot(people, app.can_send(), !editing)),
        ("share", game_only),
        ("diagram", game_only),
        ("embed", game_only),
        ("annotate", game_only),
        // Review runs once at a time.
        (
            "review",
            Button::enabled(!editing && app.review().is_none_or(|r| r.done())),
        ),
    ]
}

#[cfg(test)]
mod tests;
