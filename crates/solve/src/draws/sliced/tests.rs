use super::moves::Next;
use super::*;
use crate::draws::Reachable;

fn rules(text: &str) -> Rules {
    text.parse().expect("rules")
}

/// Holds every position reachable from the start of `text` (both sides
/// to move where `first=` is flipped too) against the whole graph's
/// analysis, and returns how many positions of each value they hold.
fn agrees_with_the_whole_graph(text: &str) -> [u64; 3] {
    let rules = rules(text);
    let top = rules.attacker_start().len() as u32;
    let sliced = Sliced::build(&rules, top, &mut |_| true).expect("sliced");
    let start = Position::new(&rules).expect("start");
    let whole = Reachable::solve(&start, 5_000_000).expect("whole graph");
    // The walk of the reachable positions: each checked.
    let mut seen = std::collections::HashSet::new();
    let mut todo = vec![start];
    let mut counts = [0u64; 3];
    while let Some(pos) = todo.pop() {
        if !seen.insert(pos.key()) {
            continue;
        }
        let expected = whole.value(&pos).expect("reachable").0;
        let got = sliced.value(&pos).expect("in the tiers");
        assert_eq!(got, expected, "{text}: {:?}", pos.key());
        counts[code(got) as usize - 1] += 1;
        if pos.outcome().is_none() {
            todo.extend(
                pos.legal_moves()
                    .iter()
                    .map(|m| pos.play(m).expect("legal")),
            );
        }
    }
    counts
}

#[test]
fn repeating_rule_sets_agree_with_the_whole_graph() {
    // Two attackers against one defender can go round for ever; three
    // against one under a threshold of two cannot (a capture ends it).
    for (text, draws) in [
        (
            "asalto;attackers=c1,e1;defenders=d5;defender-wins-below=1",
            true,
        ),
        (
            "asalto;attackers=c1,e1;defenders=d5;defender-wins-below=1;first=defender",
            true,
        ),
        (
            "asalto;attackers=c3,d2,e3;defenders=d5;defender-wins-below=2",
            false,
        ),
        (
            "asalto;attackers=c1,e1;defenders=c5,e5;defender-wins-below=1",
            true,
        ),
    ] {
        let [won, drawn, lost] = agrees_with_the_whole_graph(text);
        eprintln!("{text}: {won} {drawn} {lost}");
        assert!(won > 0 && lost > 0, "{text}");
        assert_eq!(drawn > 0, draws, "{text}");
    }
}

#[test]
fn a_build_on_disk_stopped_goes_on_and_gives_the_same_values() {
    let text = "asalto;attackers=c1,e1;defenders=c5,e5;defender-wins-below=1";
    let rules = rules(text);
    let dir = std::env::temp_dir().join(format!("asalto-draws-{}", std::process::id()));
    let mut first = 0;
    Sliced::build_on_disk(&rules, 2, (&dir, 0, 1), &mut |_| {
        first += 1;
        first < 20
    })
    .expect("the first part");
    // Run again: only the slices not yet in files are solved, each read
    // back from its file (nothing is kept in memory).
    let mut second = 0;
    let on_disk = Sliced::build_on_disk(&rules, 2, (&dir, 0, 2), &mut |_| {
        second += 1;
        true
    })
    .expect("the rest");
    let mut all = 0;
    let in_memory = Sliced::build(&rules, 2, &mut |_| {
        all += 1;
        true
    })
    .expect("in memory");
    assert_eq!((first, first + second), (20, all));
    let start = Position::new(&rules).expect("start");
    let mut todo = vec![start];
    let mut seen = std::collections::HashSet::new();
    while let Some(pos) = todo.pop() {
        if seen.insert(pos.key()) && pos.outcome().is_none() {
            assert_eq!(on_disk.value(&pos), in_memory.value(&pos));
            todo.extend(
                pos.legal_moves()
                    .iter()
                    .map(|m| pos.play(m).expect("legal")),
            );
        }
    }
    assert!(seen.len() > 10_000);
    std::fs::remove_dir_all(&dir).expect("cleaned");
}

#[test]
fn a_forward_rule_set_has_no_draws_and_agrees_with_the_whole_graph() {
    let [_, drawn, _] = agrees_with_the_whole_graph(
        "assault;attackers=c3,e3,d2;defenders=c5,e5;defender-wins-below=2",
    );
    assert_eq!(drawn, 0);
}

#[test]
fn circles_share_a_potential_and_a_step_in_one_keeps_the_profile() {
    let g = Geometry::repeating(&rules("asalto")).expect("geometry");
    assert!(g.circles);
    for p in 0..g.len() as usize {
        for q in bits(g.steps[p]) {
            let q = q as usize;
            let back = g.steps[q] >> p & 1 == 1;
            if back {
                assert_eq!(g.potential[p], g.potential[q]);
            } else {
                assert!(g.potential[q] < g.potential[p]);
            }
        }
    }
    // Forward rules: no circle, and the geometry the one-bit tables use.
    let forward = Geometry::repeating(&rules("assault")).expect("geometry");
    assert!(!forward.circles);
    assert_eq!(
        forward.potential,
        Geometry::new(&rules("assault"))
            .expect("geometry")
            .potential
    );
    assert!(Geometry::new(&rules("asalto")).is_err());
}

#[test]
fn deposit_and_extract_invert_each_other() {
    let from = 0b1011_0110_1001u64;
    for pick in 0..1u64 << from.count_ones() {
        let set = deposit(pick, from);
        assert_eq!(set & !from, 0);
        assert_eq!(extract(set, from), pick);
    }
}

/// Every move of random positions with many attackers, as sets (the
/// fortress filled, captures below the threshold, huffs of one officer and
/// of both), against the rules engine's moves and the ends they decide.
#[test]
fn moves_as_sets_are_the_rules_engines() {
    use asalto_core::Setup;
    use asalto_core::dense::Rng;
    for text in [
        "asalto",
        "assault",
        "german-tactics",
        "asalto;capture=forced",
    ] {
        let rules = rules(text);
        let g = Geometry::repeating(&rules).expect("geometry");
        let moves = Moves::new(&rules).expect("moves");
        let mut rng = Rng::new(7);
        let (mut ends, mut huffs) = (0, 0);
        for _ in 0..3000 {
            // Attackers on the fortress and the rows below it mostly.
            let a = 9 + rng.below(16) as u32;
            let mut set = 0u64;
            while set.count_ones() < a {
                let p = if rng.below(2) == 0 {
                    rng.below(15)
                } else {
                    rng.below(g.len() as usize)
                };
                set |= 1 << p;
            }
            let free: Vec<u32> = bits(g.all() & !set).collect();
            let d = 1 + rng.below(2);
            let mut defenders = 0u64;
            while (defenders.count_ones() as usize) < d.min(free.len()) {
                defenders |= 1 << free[rng.below(free.len())];
            }
            let turn = if rng.below(2) == 0 {
                Side::Attacker
            } else {
                Side::Defender
            };
            let pos = Position::from_setup(&Setup {
                rules,
                attackers: g.points_of(set),
                defenders: g.points_of(defenders),
                turn,
                to_place: 0,
            })
            .expect("a position");
            if pos.decided().is_some() {
                continue;
            }
            let seen = |child: &Position| -> (u8, u64, u64) {
                match child.decided().map(|o| o.winner() == Some(turn)) {
                    Some(true) => (0, 0, 0),
                    Some(false) => (1, 0, 0),
                    None => (2, g.set(child.attackers()), g.set(child.defenders())),
                }
            };
            let mut engine: Vec<_> = pos
                .legal_moves()
                .iter()
                .map(|m| seen(&pos.play(m).expect("legal")))
                .collect();
            let mut ours: Vec<(u8, u64, u64)> = Vec::new();
            match turn {
                Side::Attacker => {
                    for p in bits(set) {
                        for q in bits(g.steps[p as usize] & !set & !defenders) {
                            let next = set ^ (1 << p) ^ (1 << q);
                            ours.push(if Moves::filled(&g, next) {
                                (0, 0, 0)
                            } else {
                                (2, next, defenders)
                            });
                        }
                    }
                }
                Side::Defender => {
                    let mut out = Vec::new();
                    moves.defender(&g, (set, defenders), &mut out);
                    for next in out {
                        ours.push(match next {
                            Next::Won => (0, 0, 0),
                            Next::Lost => (1, 0, 0),
                            Next::At(s, d) => {
                                huffs +=
                                    u32::from(s == set && d.count_ones() < defenders.count_ones());
                                (2, s, d)
                            }
                        });
                    }
                }
            }
            ends += ours.iter().filter(|m| m.0 < 2).count();
            for list in [&mut engine, &mut ours] {
                list.sort_unstable();
                list.dedup();
            }
            assert_eq!(ours, engine, "{text}: {:?}", pos.key());
        }
        assert!(ends > 0, "{text}: no move ended a game");
        if text.starts_with("asalto;") || text == "assault" {
            assert_eq!(huffs, 0, "{text}");
        } else {
            assert!(huffs > 0, "{text}: no huff");
        }
    }
}

#[test]
fn a_check_passes_built_slices_and_finds_a_changed_one() {
    let rules = rules("asalto;attackers=c1,e1;defenders=c5,e5;defender-wins-below=1");
    let sliced = Sliced::build(&rules, 2, &mut |_| true).expect("built");
    let checked = sliced
        .check(&rules, 1..=2, (3000, 5), &mut |_| {})
        .expect("checked");
    assert_eq!(checked.len(), 2);
    for tier in &checked {
        assert_eq!(tier.positions, 3000);
        assert!(tier.counts[0] > 0 && tier.counts[2] > 0, "{tier:?}");
    }
    assert!(checked[1].counts[1] > 0, "two attackers draw");
    // Every value of tier 2 with two officers turned round (won for lost):
    // the check names a position.
    for profile in sliced.slicing.profiles(2) {
        let id = (2, 2, profile);
        let name = sliced.slicing.name(profile);
        let positions = 2 * sliced.slicing.sets(profile) * binomial(sliced.geometry.len() - 2, 2);
        let values = sliced.solved(id).expect("read").expect("built");
        // Two bits a position: 01 won, 10 drawn, 11 lost.
        let turned = values.iter().map(|&b| b ^ (b & 0x55) << 1).collect();
        sliced
            .store
            .put(id, (&name, positions), turned)
            .expect("kept");
    }
    let err = sliced
        .check(&rules, 2..=2, (3000, 5), &mut |_| {})
        .expect_err("wrong");
    assert!(matches!(err, TablesError::Wrong(_)), "{err}");
}
