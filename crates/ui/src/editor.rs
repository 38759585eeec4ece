//! The set-up editor: a position built point by point (each choice cycles
//! a point through empty, attacker and defender), the side to move, and the
//! rule set that is that position (RULES.md §3: `attackers=` and
//! `defenders=` lists, `first=`), checked by the core crate: legal or not,
//! and decided at once or not.
//!
//! Pure Rust, tested natively.

use asalto_core::{AttackerStart, Defenders, Game, Point, PointSet, Position, Preset, Rules, Side};

use crate::lang::Say;
use crate::say::engine_errors;
use crate::say::text;
use crate::words::play as words;

/// A position being set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Editor {
    /// The rules the position is played under (its other options).
    pub base: Rules,
    /// Points holding attackers.
    pub attackers: PointSet,
    /// Points holding defenders.
    pub defenders: PointSet,
    /// The side to move.
    pub turn: Side,
}

impl Editor {
    /// An editor starting from `pos`, a position under `rules`.
    pub fn from_position(rules: Rules, pos: &Position) -> Editor {
        Editor {
            base: rules,
            attackers: pos.attackers(),
            defenders: pos.defenders(),
            turn: pos.turn(),
        }
    }

    /// Cycles point `p`: empty → attacker → defender → empty. Points off
    /// the board are left alone.
    pub fn toggle(&mut self, p: Point) {
        if !self.base.board().contains(p) {
            return;
        }
        if self.attackers.contains(p) {
            self.attackers.remove(p);
            self.defenders.insert(p);
        } else if self.defenders.contains(p) {
            self.defenders.remove(p);
        } else {
            self.attackers.insert(p);
        }
    }

    /// The presets a position of this board may be played under.
    pub fn presets(&self) -> Vec<Preset> {
        let board = self.base.board;
        Preset::ALL
            .iter()
            .copied()
            .filter(|p| p.rules().board == board)
            .collect()
    }

    /// Plays the position under `preset`'s rules, if it is of this board.
    pub fn choose_rules(&mut self, preset: Preset) -> bool {
        if !self.presets().contains(&preset) || self.base == preset.rules() {
            return false;
        }
        self.base = preset.rules();
        true
    }

    /// Empties the board.
    pub fn clear(&mut self) {
        self.attackers = PointSet::EMPTY;
        self.defenders = PointSet::EMPTY;
    }

    /// The rule set that is this position, if it is one.
    pub fn rules(&self) -> Option<Rules> {
        if self.attackers.is_empty() || self.defenders.is_empty() {
            return None;
        }
        let mut rules = self.base;
        rules.attackers = AttackerStart::Points(self.attackers);
        rules.defenders = Defenders::Fixed(self.defenders);
        rules.first = self.turn;
        rules.validate().ok().map(|()| rules)
    }

    /// What the position is, in words: who moves, or how it is already
    /// decided, or what it lacks.
    pub fn state(&self, say: Say) -> String {
        if self.attackers.is_empty() {
            return say.t(&words::SETUP_NO_ATTACKER);
        }
        if self.defenders.is_empty() {
            return say.t(&words::SETUP_NO_DEFENDER);
        }
        let mut rules = self.base;
        rules.attackers = AttackerStart::Points(self.attackers);
        rules.defenders = Defenders::Fixed(self.defenders);
        rules.first = self.turn;
        if let Err(e) = rules.validate() {
            return engine_errors::unplayable(say, &e);
        }
        match Game::new(&rules) {
            Ok(game) => match game.outcome() {
                Some(outcome) => say.f(
                    &words::SETUP_DECIDED,
                    &[&text::outcome(say, outcome, rules.threshold())],
                ),
                None => say.of(self.turn).t(&words::SETUP_LEGAL),
            },
            Err(e) => engine_errors::unplayable(say, &e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

    #[test]
    fn a_position_is_built_from_empty_and_is_a_rule_set() {
        let rules = Rules::default();
        let start = Position::new(&rules).expect("start");
        let mut e = Editor::from_position(rules, &start);
        e.clear();
        let say = |e: &Editor| e.state(Say::new(Lang::En, rules.preset));
        assert_eq!(say(&e), "Place at least one attacker.");
        let p = |n: &str| n.parse::<Point>().expect("point");
        e.toggle(p("d4"));
        e.toggle(p("a3"));
        assert_eq!(say(&e), "Place at least one defender.");
        e.toggle(p("d5"));
        e.toggle(p("d5"));
        assert!(e.defenders.contains(p("d5")));
        e.toggle(p("a1"));
        assert!(!e.attackers.contains(p("a1")), "not a point of this board");
        e.turn = Side::Defender;
        // Two attackers are fewer than the fortress's nine: decided.
        assert!(say(&e).starts_with("Already decided: "), "{}", say(&e));
        e.base = "assault;defender-wins-below=1".parse().expect("rules");
        assert_eq!(say(&e), "Legal: the defenders to move.");
        let rules = e.rules().expect("a rule set");
        assert_eq!(
            rules.to_string(),
            "assault;attackers=a3,d4;defenders=d5;first=defender;defender-wins-below=1"
        );
        let game = Game::new(&rules).expect("plays");
        assert_eq!(game.position().attackers(), e.attackers);
    }
}
