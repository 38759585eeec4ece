//! The review in the state: started on the line shown, fed position by
//! position through the computer's worker between the game's own
//! requests, written into the tree as moves are classed, cancelled or
//! stopped with a word why.

use super::{Activity, App};
use crate::study::review::Review;
use crate::words::play as words;

impl App {
    /// Starts a review of the line shown; says so when it has no moves.
    pub(super) fn start_review(&mut self) -> bool {
        match Review::new(&self.game, &self.line) {
            Some(review) => {
                // The pack's word first, where the board has one.
                if self.shows_perfect() {
                    self.perfect.ask_line(&self.game);
                }
                self.activity = Activity::Review(Box::new(review));
                self.notice = None;
            }
            None => self.notice = Some(self.say().t(&words::NOTHING_TO_REVIEW)),
        }
        true
    }

    /// Stops the review under way; what it classed stays in the game.
    pub(super) fn cancel_review(&mut self) -> bool {
        let Activity::Review(review) = &self.activity else {
            return false;
        };
        let done = review.done();
        if self
            .computer
            .thinking
            .as_ref()
            .is_some_and(|t| t.review.is_some())
        {
            self.computer.thinking = None;
        }
        // A finished review stays for its graph.
        if !done {
            self.activity = Activity::Play;
        }
        true
    }

    /// Takes the worker's judgement of a review's position and asks for the
    /// next; returns whether anything changed. A computer that can no
    /// longer play stops the review, which says so.
    pub(super) fn plan_review(&mut self) -> bool {
        let say = self.say();
        let Activity::Review(review) = &mut self.activity else {
            return false;
        };
        let mut changed = false;
        if let Some((ply, best, score)) = self.computer.judged.take() {
            for i in review.take(ply, &best, score) {
                review.write(i, &mut self.tree, say);
            }
            changed = true;
        }
        // The line's record is written only for a board with a pack.
        let proved = self
            .perfect
            .address()
            .and_then(|_| self.perfect.line(&review.record()));
        if let Some(proved) = proved {
            for i in review.prove(proved) {
                review.write(i, &mut self.tree, say);
                changed = true;
            }
        }
        if review.done() || self.perfect.line_pending() {
            return changed;
        }
        if self.computer.failure.is_some() {
            self.notice = Some(say.t(&words::REVIEW_STOPPED));
            self.activity = Activity::Play;
            return true;
        }
        if self.computer.thinking.is_none() {
            review.ask(&mut self.computer);
            changed |= self.computer.thinking.is_some();
        }
        changed
    }
}
