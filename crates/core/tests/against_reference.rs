//! The engine against the naive reference implementation of RULES.md
//! (`reference/mod.rs`): random games of every preset, and random
//! positions under random rule sets.

mod reference;

use asalto_core::{Game, Move, MoveText, Point, PointSet, Position, Preset, Rules, Setup, Side};
use reference::{Geometry, RefMove, RefRules, Referee, Rng, State, name, parse_point};

/// A move as both implementations can describe it.
type Described = (String, Vec<String>, Vec<String>);

fn names(g: &Geometry, set: impl IntoIterator<Item = reference::Pt>) -> Vec<String> {
    let mut v: Vec<String> = set.into_iter().map(|p| name(g, p)).collect();
    v.sort();
    v
}

fn engine_names(set: PointSet) -> Vec<String> {
    let mut v: Vec<String> = set.iter().map(|p| p.to_string()).collect();
    v.sort();
    v
}

fn describe_engine(pos: &Position, moves: &[Move]) -> Vec<Described> {
    let mut out: Vec<Described> = moves
        .iter()
        .map(|m| {
            let text = MoveText::from_move(pos, m).to_string();
            (text, engine_names(m.captured()), engine_names(m.huffed()))
        })
        .collect();
    out.sort();
    out
}

fn describe_reference(g: &Geometry, moves: &[RefMove]) -> Vec<Described> {
    let mut out: Vec<Described> = moves
        .iter()
        .map(|m| {
            (
                m.text.clone(),
                names(g, m.captured.iter().copied()),
                names(g, m.huffed.iter().copied()),
            )
        })
        .collect();
    out.sort();
    out
}

fn winner(outcome: Option<asalto_core::Outcome>) -> Option<&'static str> {
    outcome.map(|o| o.winner().map_or("draw", |s| s.name()))
}

#[test]
fn random_games_of_every_preset_agree_with_the_reference() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for &preset in Preset::ALL {
        let rules = preset.rules();
        let referee =
            Referee::new(RefRules::parse(preset.name()).expect("reference parses presets"));
        for game_number in 0..6 {
            let mut game = Game::new(&rules).expect("playable");
            let mut history = vec![referee.start()];
            for ply in 0..400 {
                let context = format!("{} (game {game_number}, ply {ply})", game.record());
                let state = history.last().expect("state");
                assert_eq!(
                    winner(game.outcome()),
                    referee.outcome(&history),
                    "{context}"
                );
                if game.outcome().is_some() {
                    break;
                }
                let ours = describe_engine(game.position(), &game.legal_moves());
                let theirs = describe_reference(&referee.g, &referee.legal(state));
                assert_eq!(ours, theirs, "{context}");
                let pick = &ours[rng.below(ours.len())].0;
                game.play_text(&pick.parse().expect("text")).expect("legal");
                let m = referee
                    .legal(state)
                    .into_iter()
                    .find(|m| &m.text == pick)
                    .expect("same");
                history.push(referee.play(state, &m));
            }
        }
    }
}

const MENU: &[(&str, &[&str])] = &[
    (
        "board",
        &[
            "standard",
            "simplified",
            "fuchs-und-henne",
            "contra-20",
            "grosses",
            "royal-diagonals",
        ],
    ),
    (
        "attackers",
        &[
            "all",
            "lower",
            "c3,d3,e3",
            "a4,b4,c4,d4,c5",
            "d7",
            "c3,c3",
            "a1",
            "i9,a3",
            "",
        ],
    ),
    (
        "defenders",
        &["free", "c5,e5", "c6", "d7,c6,e6", "a4", "b9"],
    ),
    ("first", &["attacker", "defender"]),
    (
        "march",
        &["forward", "not-away", "not-backward", "any", "up"],
    ),
    ("inside", &["as-outside", "free"]),
    ("marked-lines", &["off", "on"]),
    ("capture", &["optional", "forced", "huff"]),
    ("max-capture", &["no", "yes"]),
    ("chain", &["single", "may-stop", "must-continue"]),
    ("defender-wins-below", &["0", "1", "9", "17", "30"]),
];

fn random_rules_text(rng: &mut Rng) -> String {
    let mut text = Preset::ALL[rng.below(Preset::ALL.len())].name().to_owned();
    for (key, values) in MENU {
        if rng.below(3) == 0 {
            text += &format!(";{key}={}", values[rng.below(values.len())]);
        }
    }
    text
}

#[test]
fn rule_set_text_is_accepted_exactly_when_the_reference_accepts_it() {
    let mut rng = Rng(7);
    for _ in 0..3000 {
        let text = random_rules_text(&mut rng);
        let ours = text.parse::<Rules>();
        assert_eq!(
            ours.is_ok(),
            RefRules::parse(&text).is_some(),
            "{text}: {ours:?}"
        );
        if let Ok(rules) = ours {
            let printed = rules.to_string();
            assert_eq!(
                printed.parse::<Rules>(),
                Ok(rules),
                "{text} printed as {printed}"
            );
            // The start (a set-up position, say) agrees: its moves and
            // whether it is decided at once.
            let referee = Referee::new(RefRules::parse(&text).expect("accepted"));
            let start = referee.start();
            let game = Game::new(&rules).expect("a valid rule set starts");
            assert_eq!(
                describe_engine(game.position(), &game.legal_moves()),
                describe_reference(&referee.g, &referee.legal(&start)),
                "{text}"
            );
            assert_eq!(winner(game.outcome()), referee.outcome(&[start]), "{text}");
        }
    }
}

/// A random arrangement: each point an attacker with chance 1/2, and
/// 1–3 defenders on the remaining points.
fn random_setup(rng: &mut Rng, rules: &Rules, g: &Geometry) -> (Setup, State) {
    let (mut attackers, mut defenders) = (PointSet::EMPTY, PointSet::EMPTY);
    let (mut ra, mut rd) = (
        std::collections::BTreeSet::new(),
        std::collections::BTreeSet::new(),
    );
    let wanted = 1 + rng.below(3);
    for p in rules.board().points() {
        let xy = parse_point(g, &p.to_string()).expect("same naming");
        match rng.below(8) {
            0..=3 => {
                attackers.insert(p);
                ra.insert(xy);
            }
            4 if defenders.len() < wanted => {
                defenders.insert(p);
                rd.insert(xy);
            }
            _ => {}
        }
    }
    let turn = if rng.below(3) == 0 {
        Side::Attacker
    } else {
        Side::Defender
    };
    let setup = Setup {
        rules: *rules,
        attackers,
        defenders,
        turn,
        to_place: 0,
    };
    let state = State {
        attackers: ra,
        defenders: rd,
        turn: if turn == Side::Attacker { 'A' } else { 'D' },
        to_place: 0,
    };
    (setup, state)
}

#[test]
fn random_positions_under_random_rules_agree_with_the_reference() {
    let mut rng = Rng(2026);
    let mut checked = 0;
    while checked < 4000 {
        let text = random_rules_text(&mut rng);
        let (Ok(rules), Some(ref_rules)) = (text.parse::<Rules>(), RefRules::parse(&text)) else {
            continue;
        };
        let referee = Referee::new(ref_rules);
        for _ in 0..5 {
            let (setup, state) = random_setup(&mut rng, &rules, &referee.g);
            let pos = Position::from_setup(&setup).expect("consistent setup");
            let context = format!("{text}\n{pos}\n{} to move", pos.turn());
            let ours = describe_engine(&pos, &pos.legal_moves());
            assert_eq!(
                ours,
                describe_reference(&referee.g, &referee.legal(&state)),
                "{context}"
            );
            assert_eq!(pos.count_legal_moves(), ours.len(), "{context}");
            assert_eq!(pos.has_legal_move(), !ours.is_empty(), "{context}");
            assert_eq!(
                winner(pos.outcome()),
                referee.outcome(&[state]),
                "{context}"
            );
            checked += 1;
        }
    }
}

#[test]
fn a_chain_may_return_to_its_start() {
    // The defender on c5 jumps c4, e4 and e5's neighbours in a ring:
    // c5xc3xe3xe5xc5 lands back where it started, taking four attackers.
    let rules = Rules::default();
    let pts = |s: &str| {
        s.split_whitespace()
            .map(|n| n.parse::<Point>().expect("point"))
            .collect()
    };
    let setup = Setup {
        rules,
        attackers: pts("c4 d3 e4 d5 a3 b3 f3 g3 a4 b4 f4 g4"),
        defenders: pts("c5"),
        turn: Side::Defender,
        to_place: 0,
    };
    let pos = Position::from_setup(&setup).expect("ok");
    let moves = pos.legal_moves();
    let texts: Vec<String> = moves
        .iter()
        .map(|m| MoveText::from_move(&pos, m).to_string())
        .collect();
    assert!(texts.contains(&"c5xc3xe3xe5xc5".to_owned()), "{texts:?}");
    let ring = moves
        .iter()
        .find(|m| m.from() == Some(m.to()))
        .expect("ring");
    assert_eq!(ring.captured().len(), 4);
    let after = pos.play(ring).expect("legal");
    assert!(
        after.defenders().contains("c5".parse().expect("p")),
        "the defender stays on the board"
    );
    // Either direction round the ring is the same move.
    let other_way: MoveText = "c5xe5xe3xc3xc5".parse().expect("text");
    assert_eq!(other_way.to_move(&pos).as_ref(), Ok(ring));
}

#[test]
fn capture_routes_are_found_as_every_chain_finds_them() {
    // The route functions search chain states; every chain, listed one by
    // one, is the oracle.
    let mut rng = Rng(77);
    let mut checked = 0;
    while checked < 3000 {
        let text = random_rules_text(&mut rng);
        let (Ok(rules), Some(ref_rules)) = (text.parse::<Rules>(), RefRules::parse(&text)) else {
            continue;
        };
        let g = Referee::new(ref_rules).g;
        let (setup, _) = random_setup(&mut rng, &rules, &g);
        let setup = Setup {
            turn: Side::Defender,
            ..setup
        };
        let pos = Position::from_setup(&setup).expect("consistent setup");
        for m in pos.legal_moves().iter().filter(|m| m.is_capture()) {
            let context = format!("{text}\n{pos}\n{m:?}");
            let from = m.from().expect("a capture has a start");
            let mut routes = Vec::new();
            pos.for_each_capture_route(from, |route, jumped| {
                if route.last() == Some(&m.to()) && jumped == m.captured() {
                    routes.push(route.to_vec());
                }
            });
            let key = |r: &Vec<Point>| r.iter().map(|p| (p.file(), p.rank())).collect::<Vec<_>>();
            let first = routes.iter().min_by_key(|r| key(r)).expect("a route");
            assert_eq!(pos.capture_route(m).as_ref(), Some(first), "{context}");
            for r in &routes {
                assert!(pos.is_route_of(m, r), "{context}\n{r:?}");
                assert_eq!(pos.route_captures(r), Some(m.captured()), "{context}");
                for k in 1..r.len() {
                    let mut wanted: Vec<Point> = routes
                        .iter()
                        .filter(|o| o.starts_with(&r[..k]))
                        .map(|o| o[k])
                        .collect();
                    wanted.sort();
                    wanted.dedup();
                    let mut landings = pos.capture_landings(m, &r[..k]);
                    landings.sort();
                    assert_eq!(landings, wanted, "{context}\n{:?}", &r[..k]);
                }
                assert!(pos.capture_landings(m, r).is_empty(), "{context}");
            }
            checked += 1;
        }
    }
}
