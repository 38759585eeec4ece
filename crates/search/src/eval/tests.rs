//! The evaluation's tests: its features on chosen positions, and the
//! committed weights and networks on positions whose value is proved.

use super::*;
use asalto_core::{Game, Preset, Setup};

/// Where the feature called `n` stands in a features array.
fn name(n: &str) -> usize {
    Weights::index(n).expect("a feature")
}

/// How much the feature `n` adds to `pos`'s score under `weights`.
fn share(rules: &Rules, weights: &Weights, pos: &Position, n: &str) -> i32 {
    let mut without = weights.clone();
    without.terms[name(n)] = 0;
    Eval::with_weights(rules, weights.clone()).score(pos)
        - Eval::with_weights(rules, without).score(pos)
}

/// Asserts that `rules`' weights give feature `base` a positive weight and
/// `locked` its opposite, so that `pos`'s `count` of `base` counts nothing.
fn assert_cancelled(rules: &Rules, pos: &Position, locked: &str, base: &str, count: i32) {
    let weights = Weights::for_rules(rules);
    let w = weights.get(base).expect("named");
    assert!(w > 0, "{base} {w}");
    assert_eq!(weights.get(locked), Some(-w), "{locked}");
    assert_eq!(share(rules, &weights, pos, locked), -count * w);
}

fn position(rules: &Rules, attackers: &str, defenders: &str, turn: Side) -> Position {
    let set = |s: &str| {
        s.split_whitespace()
            .map(|n| n.parse::<Point>().expect("point"))
            .collect()
    };
    Position::from_setup(&Setup {
        rules: *rules,
        attackers: set(attackers),
        defenders: set(defenders),
        turn,
        to_place: 0,
    })
    .expect("consistent")
}

#[test]
fn the_start_is_roughly_even_and_scores_flip_with_the_side_to_move() {
    let game = Game::from_record(&"assault d4-d5".parse().expect("record")).expect("legal");
    let eval = Eval::new(game.rules());
    let pos = *game.position();
    let passed = pos.passed().expect("in play");
    assert_eq!(eval.score(&pos), -eval.score(&passed));
}

#[test]
fn forward_marches_count_the_steps_left_and_the_points_out_of_reach() {
    let game = Game::new(&Preset::Assault.rules()).expect("game");
    let eval = Eval::new(game.rules());
    let start = eval.features(game.position(), 1);
    assert!(start[name("tempo")] > 24 * 2, "{start:?}");
    assert_eq!(start[name("out_of_reach")], 0);
    // An officer behind the lines (a3, where no attacker can come back).
    let rules = Preset::Assault.rules();
    let pos = position(
        &rules,
        "b3 c3 d3 e3 f3 g3 a4 b4 c4 d4",
        "a3 d7",
        Side::Attacker,
    );
    let f = eval.features(&pos, 1);
    assert_eq!(f[name("out_of_reach")], 1, "{f:?}");
    assert!(f[name("tempo")] < start[name("tempo")]);
    // Murray's attackers march any way: no tempo is counted.
    let murray = Game::new(&Preset::Murray.rules()).expect("game");
    let f = Eval::new(murray.rules()).features(murray.position(), 1);
    assert_eq!(f[name("tempo")], 0);
}

#[test]
fn material_fortress_and_walled_officers_count() {
    let rules = Preset::Assault.rules();
    let eval = Eval::new(&rules);
    let base = "a3 b3 f3 g3 a4 b4 c4 d4 e4 f4 g4";
    let score = |a: &str, d: &str| eval.score(&position(&rules, a, d, Side::Attacker));
    // One attacker more is better for the attackers.
    assert!(score(&format!("{base} a5"), "c7 e7") > score(base, "c7 e7"));
    // Standing in the fortress is better than outside it.
    assert!(score(&format!("{base} d5"), "c7 e7") > score(&format!("{base} a5"), "c7 e7"));
    // An officer fewer is much better for the attackers.
    assert!(score(base, "c7") > score(base, "c7 e7") + 400);
    // An officer walled in (c7, with c6 d6 d7 held and backed) is good for them.
    let walled = "b3 f3 g3 a4 b4 c4 d4 e4 f4 g4 c6 d6 d7 c5 e5 e7";
    let free = "b3 f3 g3 a4 b4 c4 d4 e4 f4 g4 c5 d5 e5 a5 b5 f5";
    assert!(score(walled, "c7 g5") > score(free, "c7 g5"));
}

#[test]
fn an_officer_walled_in_the_fortress_keeps_it_from_being_filled() {
    // A game the Marshal lost attacking `assault` (to a 3-ply bot): seven
    // attackers in the fortress wall the officer on d7 in; the other
    // roams behind the lines, where too few attackers are left to trap
    // it, and the attackers run out of moves 34 plies later. Counted as
    // filling, those seven made the Marshal see a win of 20 attackers.
    let rules = Preset::Assault.rules();
    let outside = "f5 g5 a4 b4 g4 a3 b3 c3 e3 f3 g3 c2 e2 d1 e1";
    let locked = position(
        &rules,
        &format!("c7 e7 c6 d6 e6 d5 e5 {outside}"),
        "d7 d4",
        Side::Attacker,
    );
    let weights = Weights::for_rules(&rules);
    let eval = Eval::with_weights(&rules, weights.clone());
    let f = eval.features(&locked, 1);
    assert_eq!((f[name("filling")], f[name("locked_filling")]), (49, 49));
    // `assault`'s weights cancel the filling of a locked fortress.
    assert_cancelled(&rules, &locked, "locked_filling", "filling", 49);
    // An officer in the fortress that can still step out counts nothing.
    let open = position(
        &rules,
        &format!("c7 e7 c6 e6 d5 e5 c5 {outside}"),
        "d7 d4",
        Side::Attacker,
    );
    assert_eq!(eval.features(&open, 1)[name("locked_filling")], 0);
}

#[test]
fn where_attackers_may_step_sideways_an_officer_walled_in_the_fortress_locks_it() {
    // A game the Marshal lost attacking `german-tactics` (to a 2-ply bot,
    // 200,000 nodes a move, seed 13, game 22), ply 52: seven attackers
    // wall the officer on d7 in; the other roams the lower left, where
    // too few are left to trap it, and the attackers cannot move 40 plies
    // later. The Marshal scored it +5.2 attackers.
    let rules = Preset::GermanTactics.rules();
    let outside = "a5 f5 g5 b4 e4 f4 g4 a3 b3 c3 c2 d2 c1 d1";
    let locked = position(
        &rules,
        &format!("c7 e7 c6 d6 e6 d5 e5 {outside}"),
        "d7 c5",
        Side::Attacker,
    );
    let weights = Weights::for_rules(&rules);
    let eval = Eval::with_weights(&rules, weights.clone());
    let f = eval.features(&locked, 1);
    assert_eq!((f[name("fortress")], f[name("locked_fortress")]), (7, 7));
    assert_cancelled(&rules, &locked, "locked_fortress", "fortress", 7);
    // With d6 empty the officer can step out: nothing is locked.
    let open = position(
        &rules,
        &format!("c7 e7 c6 e6 d5 e5 {outside}"),
        "d7 c5",
        Side::Attacker,
    );
    assert_eq!(eval.features(&open, 1)[name("locked_fortress")], 0);
}

#[test]
fn a_fortress_no_attacker_can_reach_counts_as_locked() {
    // On the simplified board, attackers massed on the right: no attacker
    // can ever step into c5 or c6 (they march forward only), so the six
    // fortress points they hold will never be filled.
    let rules = Preset::Simplified.rules();
    let weights = Weights::for_rules(&rules);
    let eval = Eval::with_weights(&rules, weights.clone());
    let right = "d7 e7 d6 e6 d5 e5 f5 g5 f4 g4 f3 g3 e3";
    let locked = position(&rules, right, "c6 a3", Side::Attacker);
    let f = eval.features(&locked, 1);
    assert_eq!(f[name("unfillable")], 2);
    assert_eq!((f[name("fortress")], f[name("locked_fortress")]), (6, 6));
    // The simplified board's weights count such a fortress as nothing.
    assert_cancelled(&rules, &locked, "locked_fortress", "fortress", 6);
    // With attackers left that can reach every point, nothing is locked.
    let open = position(&rules, &format!("{right} b4 c4"), "c6 a3", Side::Attacker);
    let f = eval.features(&open, 1);
    assert_eq!((f[name("unfillable")], f[name("locked_fortress")]), (0, 0));
}

#[test]
fn the_simplified_boards_network_sees_wins_the_features_miss() {
    // Positions of the Marshal's games against itself on the simplified
    // board, each proved won by the attackers to move (`asalto label`):
    // its features alone say they lose, and its network turns the score.
    let rules = Preset::Simplified.rules();
    let full = Eval::with_weights(&rules, Weights::for_rules(&rules));
    let features = Eval::with_weights(&rules, Weights::for_rules(&rules).without_network());
    for (attackers, defenders) in [
        ("c1 e1 f3 g3 a4 c5 d5 f5 c6 d6 e6 c7 d7 e7", "d2 d3"),
        (
            "c1 d2 e2 a3 b3 c3 e3 f3 g3 a4 b4 c4 d4 e4 f4 g4 d5 e5 f5 c7 e7",
            "b5 d6",
        ),
    ] {
        let pos = position(&rules, attackers, defenders, Side::Attacker);
        assert!(features.score(&pos) < 0, "{attackers}");
        assert!(full.score(&pos) > 0, "{attackers}");
    }
}

#[test]
fn assaults_network_sees_wins_the_features_miss() {
    // Tier 16 of `assault`'s tables: the attackers to move win both
    // (perfect play). The features alone say they lose; the network
    // turns the score round. It judges every tier, the start too, which
    // the attackers win (`Rules::solved`): it scores it theirs.
    let rules: Rules = "assault".parse().expect("a preset");
    let full = Eval::with_weights(&rules, Weights::for_rules(&rules));
    let features = Eval::with_weights(&rules, Weights::for_rules(&rules).without_network());
    for (attackers, defenders) in [
        ("c1 d1 e1 a3 c3 g3 b4 d4 f4 g4 a5 d5 e6 c7 d7 e7", "e5 f5"),
        ("c1 e1 c2 a3 c3 c4 f4 a5 b5 d5 e5 f5 g5 e6 d7 e7", "d3 g3"),
    ] {
        let pos = position(&rules, attackers, defenders, Side::Attacker);
        assert!(features.score(&pos) < 0, "{attackers}");
        assert!(full.score(&pos) > 0, "{attackers}");
        assert_ne!(full.network(&pos), 0);
    }
    let start = Position::new(&rules).expect("the start");
    assert_eq!(rules.solved(), Some(Side::Attacker));
    assert!(full.network(&start) > 0);
    assert!(full.score(&start) > 0);
    // Its sums kept move by move (a capture, steps, a pass) give the
    // output summed anew.
    let mut pos = position(
        &rules,
        "c1 d1 e1 a3 c3 g3 b4 d4 f4 g4 a5 d5 e6 c7 d7 e7",
        "d6 f5",
        Side::Defender,
    );
    let mut units = Vec::new();
    assert!(full.network_units(&pos, &mut units));
    for _ in 0..12 {
        let before = pos;
        pos = match pos.legal_moves().first() {
            Some(m) => {
                pos.play_unchecked(m);
                pos
            }
            None => pos.passed().expect("in play"),
        };
        let parent = units.clone();
        assert!(full.network_step(&before, &pos, &parent, &mut units));
        let own = pos.count_legal_moves();
        assert_eq!(
            full.score_with_units(&pos, own, &units),
            full.score_counted(&pos, own)
        );
    }
    assert!(pos.attackers().len() < 16, "a capture was made");
    // On a board of another size its network is dropped.
    let garrison: Rules = "royal-garrison".parse().expect("a preset");
    let other = Eval::with_weights(&garrison, Weights::for_rules(&rules));
    assert_eq!(other.weights().network, None);
}

#[test]
fn a_move_changing_many_inputs_is_summed_anew() {
    let mut changed = super::Changed::default();
    for input in 0..16 {
        changed.push(input);
    }
    assert_eq!(changed.inputs().map(<[u16]>::len), Some(16));
    changed.push(16);
    assert_eq!(changed.inputs(), None, "too many to step by");
}
