//! The committed puzzles (`www/puzzles.txt`, made by `scripts/puzzles.sh`)
//! proved again: a sample of them, each by a fresh solver, must have
//! exactly the one winning move the file names.

use std::collections::BTreeSet;

use asalto_core::{Game, MoveText, Position, Rules};
use asalto_solve::Solver;
use asalto_solve::puzzle::{Verdict, only_winning_move};

/// The puzzles: position, rules and the answer's text.
fn puzzles() -> Vec<(String, Rules, Position, String)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../www/puzzles.txt");
    let text = std::fs::read_to_string(path).expect("www/puzzles.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let [position, answer] = fields[..] else {
                panic!("two fields: {line}");
            };
            let rules: Rules = position.parse().expect("a rule set");
            let pos = Position::new(&rules).expect("a position");
            (position.to_owned(), rules, pos, answer.to_owned())
        })
        .collect()
}

#[test]
fn there_are_two_hundred_puzzles_on_several_presets_none_twice() {
    let all = puzzles();
    assert!(all.len() >= 200, "{} puzzles", all.len());
    let presets: BTreeSet<String> = all.iter().map(|p| p.1.preset.to_string()).collect();
    assert!(presets.len() >= 4, "{presets:?}");
    let positions: BTreeSet<&String> = all.iter().map(|p| &p.0).collect();
    assert_eq!(positions.len(), all.len());
    for side in ["first=attacker", "first=defender"] {
        assert!(all.iter().any(|p| p.0.ends_with(side)), "{side}");
    }
}

#[test]
fn a_sample_of_the_puzzles_is_proved_again() {
    let all = puzzles();
    // A random thirteenth, a new one each run: every seventeenth from a
    // random start (a spread over presets and sides). The start is printed
    // and ASALTO_PUZZLE_START runs one again.
    let start = std::env::var("ASALTO_PUZZLE_START")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
            now.map_or(0, |d| d.subsec_nanos() as usize) % 17
        });
    eprintln!("puzzles proved again: every 17th from {start} (ASALTO_PUZZLE_START={start})");
    let sample: Vec<_> = all.iter().skip(start).step_by(17).collect();
    assert!(sample.len() >= 8, "{} in the sample", sample.len());
    for (position, rules, pos, answer) in sample {
        let mut solver = Solver::new(64);
        let verdict = only_winning_move(&mut solver, pos, rules, 5_000_000).expect("solvable");
        let Verdict::Puzzle(proved) = verdict else {
            panic!("{position}: {verdict:?}");
        };
        assert_eq!(
            &MoveText::from_move(pos, &proved.answer).to_string(),
            answer,
            "{position}"
        );
        // The answer plays from the position as a move text too.
        let mut game = Game::from_position(rules, *pos);
        game.play_text(&answer.parse().expect("a move text"))
            .expect("legal");
    }
}
