use super::*;
use asalto_core::Rules;

fn position(rules: &str) -> Position {
    let rules: Rules = rules.parse().expect("rules");
    Position::new(&rules).expect("a position")
}

/// Every reachable position, found again by a simple walk (the oracles
/// take them from here, not from `explore`).
fn all(start: &Position) -> Vec<Position> {
    let mut seen = HashMap::new();
    let mut out = vec![*start];
    seen.insert(start.key(), ());
    let mut i = 0;
    while i < out.len() {
        let pos = out[i];
        i += 1;
        if pos.outcome().is_some() {
            continue;
        }
        for m in pos.legal_moves() {
            let child = pos.play(&m).expect("legal");
            if seen.insert(child.key(), ()).is_none() {
                out.push(child);
            }
        }
    }
    out
}

/// The oracle: minimax by depth. Won in `n` plies: some move reaches a
/// position lost in `n - 1` for its mover (won, where the same side moves
/// again); lost in `n`: every move reaches one won in at most `n - 1`.
/// Iterated over every position until nothing changes; what is left is a
/// draw.
fn by_depth(start: &Position) -> HashMap<PositionKey, (Wdl, u32)> {
    let positions = all(start);
    let mut known: HashMap<PositionKey, (Wdl, u32)> = HashMap::new();
    for pos in &positions {
        if let Some(outcome) = pos.outcome() {
            let won = outcome.winner() == Some(pos.turn());
            known.insert(pos.key(), (if won { Wdl::Win } else { Wdl::Loss }, 0));
        }
    }
    for n in 1.. {
        let mut found = Vec::new();
        for pos in positions.iter().filter(|p| !known.contains_key(&p.key())) {
            let mut win = false;
            let mut all_lost = true;
            for m in pos.legal_moves() {
                let child = pos.play(&m).expect("legal");
                let same = child.turn() == pos.turn();
                match known.get(&child.key()) {
                    Some(&(v, _)) if (v == Wdl::Win) == same => win = true,
                    Some(_) => {}
                    None => all_lost = false,
                }
            }
            if win {
                found.push((pos.key(), (Wdl::Win, n)));
            } else if all_lost {
                found.push((pos.key(), (Wdl::Loss, n)));
            }
        }
        if found.is_empty() {
            break;
        }
        known.extend(found);
    }
    positions
        .iter()
        .map(|p| {
            (
                p.key(),
                known.get(&p.key()).copied().unwrap_or((Wdl::Draw, 0)),
            )
        })
        .collect()
}

/// The other oracle: plain minimax along one line of play, a position
/// met again on the line being a draw (the repetition that ends the game),
/// from the side to move's view; `None` once it has visited `budget` more
/// positions than it may.
fn minimax(pos: &Position, line: &mut Vec<PositionKey>, budget: &mut u64) -> Option<Wdl> {
    if let Some(outcome) = pos.outcome() {
        let won = outcome.winner() == Some(pos.turn());
        return Some(if won { Wdl::Win } else { Wdl::Loss });
    }
    if line.contains(&pos.key()) {
        return Some(Wdl::Draw);
    }
    *budget = budget.checked_sub(1)?;
    line.push(pos.key());
    let mut best = Wdl::Loss;
    for m in pos.legal_moves() {
        let child = pos.play(&m).expect("legal");
        let v = minimax(&child, line, budget)?;
        let mine = match v {
            _ if child.turn() == pos.turn() => v,
            Wdl::Win => Wdl::Loss,
            Wdl::Loss => Wdl::Win,
            Wdl::Draw => Wdl::Draw,
        };
        if mine == Wdl::Win {
            best = Wdl::Win;
            break;
        }
        if mine == Wdl::Draw {
            best = Wdl::Draw;
        }
    }
    line.pop();
    Some(best)
}

#[test]
fn every_position_agrees_with_minimax_by_depth() {
    for rules in [
        // Attackers step sideways, so positions repeat; two cannot fill
        // the fortress, and the defender wins only by taking both.
        "asalto;attackers=c1,e1;defenders=d5;defender-wins-below=1",
        "asalto;attackers=c1,e1;defenders=d5;defender-wins-below=1;first=defender",
    ] {
        let start = position(rules);
        let solved = Reachable::solve(&start, 1 << 20).expect("small enough");
        let oracle = by_depth(&start);
        assert_eq!(solved.len(), oracle.len(), "{rules}");
        for pos in all(&start) {
            assert_eq!(
                solved.value(&pos),
                oracle.get(&pos.key()).copied(),
                "{rules}: {pos:?}"
            );
        }
        let [won, drawn, lost] = solved.counts();
        assert!(
            won > 0 && drawn > 0 && lost > 0,
            "{rules}: {won} {drawn} {lost}"
        );
    }
}

#[test]
fn small_graphs_agree_with_minimax_that_stops_at_a_repetition() {
    // Attackers that can only step sideways along the fortress's top row,
    // against a defender that must take them all: small graphs full of
    // cycles, every position of which line-by-line minimax can settle.
    // (The draws of the test above lie in regions too large for it.)
    for rules in [
        "asalto;attackers=c7,e7;defenders=d5;defender-wins-below=1",
        "asalto;attackers=c7,e7;defenders=d5;defender-wins-below=1;first=defender",
    ] {
        let start = position(rules);
        let solved = Reachable::solve(&start, 1 << 16).expect("small enough");
        let mut checked = 0;
        for pos in all(&start) {
            let v = minimax(&pos, &mut Vec::new(), &mut 100_000).expect("settled");
            assert_eq!(
                Some(v),
                solved.value(&pos).map(|(v, _)| v),
                "{rules}: {pos:?}"
            );
            checked += 1;
        }
        assert_eq!(checked, solved.len());
        let [won, _, lost] = solved.counts();
        assert!(won > 0 && lost > 0, "{rules}");
    }
}

#[test]
fn a_forward_rule_set_has_no_draws_and_too_many_positions_are_refused() {
    let start = position("assault;attackers=c3,d3,e3;defenders=d6;defender-wins-below=2");
    let solved = Reachable::solve(&start, 1 << 20).expect("small enough");
    assert_eq!(solved.counts()[1], 0, "forward marches always end");
    assert_eq!(
        Reachable::solve(&position("asalto"), 1000).map(|r| r.len()),
        Err(DrawsError::TooMany(1000))
    );
}
