//! Setting a board up outside the messages: the page's choices when the
//! board is built, a saved game restored, an embedded board's options
//! applied. The page writes no field of the state; it calls these.

use super::{App, LessonMsg, Msg};
use crate::keep::embed::{Embed, Mode};
use crate::keep::link::{self, Source};
use crate::keep::saved::Saved;
use crate::lang::Lang;

/// What the page knows of a board when it builds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageSetup {
    /// The language it speaks (its words installed).
    pub lang: Lang,
    /// Whether threats are marked (the reader's setting).
    pub threats: bool,
    /// Whether moves are animated (not where the reader asks for less
    /// motion).
    pub animate: bool,
    /// The computer's random seed (its first moves vary).
    pub seed: u64,
}

impl App {
    /// Takes the page's choices, before a game is opened (so that a bad
    /// link is said in the board's language).
    pub fn set_up(&mut self, page: PageSetup) {
        self.lang = page.lang;
        self.show_threats = page.threats;
        self.animate = page.animate;
        self.computer.seed_with(page.seed);
    }

    /// Shows a saved game and gives its sides to their players.
    pub fn restore(&mut self, saved: &Saved) {
        if let Some(opened) = link::read(self.lang, &saved.record, Source::Saved) {
            self.open(opened);
            self.computer.set_players(saved.players);
            if let Some(node) = saved.at.and_then(|n| self.tree.numbered(n)) {
                self.enter(node);
            }
        }
    }

    /// Gives an embedded board its options' game (or `saved`, the game
    /// saved from them), mode, side names, players, first move shown and
    /// lesson, and names the options that could not be used in its note.
    pub fn configure(&mut self, embed: &Embed, saved: Option<&Saved>) {
        self.mode = embed.mode;
        self.naming = embed.sides;
        let mut problems: Vec<String> = embed.problems.iter().map(|p| p.text(self.lang)).collect();
        match saved {
            Some(saved) => self.restore(saved),
            None => {
                if let Some(opened) = link::read(self.lang, &embed.record(), Source::Attributes) {
                    self.open(opened);
                }
                self.computer.set_players(embed.players());
                let first = match embed.mode {
                    Mode::Replay => Some(embed.ply.unwrap_or(0)),
                    _ => embed.ply,
                };
                if let Some(ply) = first {
                    self.game.go_to(ply);
                    self.refresh();
                }
                if let Some(node) = embed.at.and_then(|n| self.tree.numbered(n)) {
                    self.enter(node);
                }
            }
        }
        if let Some(n) = embed.lesson {
            self.update(Msg::Lesson(LessonMsg::Open(n - 1)));
        }
        problems.extend(self.notice.take());
        self.notice = (!problems.is_empty()).then(|| problems.join(" "));
    }

    /// Adds `text` (if any) to the note line, after what it says.
    pub fn add_notice(&mut self, text: Option<String>) {
        self.notice = match (self.notice.take(), text) {
            (Some(said), Some(more)) => Some(format!("{said} {more}")),
            (said, more) => said.or(more),
        };
    }

    /// Gives the computer and the tables' worker the work the state wants
    /// after a set-up (as every update does). The computer waits while
    /// its move is held for the pack's word.
    pub fn plan(&mut self) {
        if self.held.is_none() {
            self.computer.plan(&self.game);
        }
        self.perfect.plan(&self.game);
    }
}
