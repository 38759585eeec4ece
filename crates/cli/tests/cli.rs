//! The `asalto` binary, end to end.

#[path = "../../core/tests/reference/mod.rs"]
mod reference;

mod common;

use common::{asalto, stdout};

use reference::{RefRules, Referee, Rng};

/// Requests along random games of every preset with the answers the
/// reference gives: each prefix of each game, and now and then the prefix
/// with an impossible move or a garbled token added (answered `error`).
fn requests() -> Vec<(String, String)> {
    let mut rng = Rng(0x5eed);
    let mut lines = Vec::new();
    for preset in [
        "assault",
        "asalto",
        "german-tactics",
        "sharpshooters",
        "assaut",
        "belagerung",
        "royal-garrison",
        "royal-garrison-diagonals",
        "simplified",
        "fuchs-und-henne",
        "zwei-contra-20",
        "murray",
    ] {
        let referee = Referee::new(RefRules::parse(preset).expect("preset"));
        for _ in 0..2 {
            let mut history = vec![referee.start()];
            let mut record = preset.to_owned();
            for _ in 0..250 {
                let error = || "error".to_owned();
                match rng.below(12) {
                    0 => lines.push((format!("{record} a1-a2"), error())),
                    1 => lines.push((format!("{record} d4xd4"), error())),
                    2 => lines.push((format!("{record} ???"), error())),
                    _ => {}
                }
                if let Some(outcome) = referee.outcome(&history) {
                    lines.push((record.clone(), outcome.to_owned()));
                    lines.push((format!("{record} d4-d5"), error()));
                    break;
                }
                let state = history.last().expect("state");
                let moves = referee.legal(state);
                let mut texts: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
                texts.sort_unstable();
                let answer = format!("ongoing {}", texts.join(" "));
                // Now and then the same record annotated: the same answer.
                if rng.below(8) == 0 {
                    let annotated = annotate(&record, &mut rng);
                    lines.push((annotated, answer.clone()));
                }
                lines.push((record.clone(), answer));
                let m = &moves[rng.below(moves.len())];
                // Any route of a capture names it: use a random one.
                let routes: Vec<&String> = m.texts.iter().collect();
                record += &format!(" {}", routes[rng.below(routes.len())]);
                history.push(referee.play(state, m));
            }
        }
    }
    // Set-up positions as rule sets, on every board, either side to move.
    for preset in [
        "assault",
        "simplified",
        "fuchs-und-henne",
        "zwei-contra-20",
        "belagerung",
        "royal-garrison-diagonals",
    ] {
        let g = Referee::new(RefRules::parse(preset).expect("preset")).g;
        let points: Vec<_> = g.points.iter().copied().collect();
        for _ in 0..12 {
            let (mut attackers, mut defenders) = (Vec::new(), Vec::new());
            for &p in &points {
                match rng.below(10) {
                    0..=4 => attackers.push(reference::name(&g, p)),
                    5 if defenders.len() < 3 => defenders.push(reference::name(&g, p)),
                    _ => {}
                }
            }
            if attackers.is_empty() || defenders.is_empty() {
                continue;
            }
            let first = ["attacker", "defender"][rng.below(2)];
            let text = format!(
                "{preset};attackers={};defenders={};first={first}",
                attackers.join(","),
                defenders.join(",")
            );
            lines.push((text.clone(), reference::answer(&text)));
        }
    }
    for line in [
        "",
        "   ",
        "assault;;",
        "assault;march",
        "\u{1b}[2J",
        "assault d4-d5 c5-d4 extra",
    ] {
        lines.push((line.to_owned(), reference::answer(line)));
    }
    lines
}

/// `record` with a comment after its rule set and a glyph and a comment
/// after a random move: annotations the referee must not heed.
fn annotate(record: &str, rng: &mut Rng) -> String {
    let mut tokens: Vec<String> = record.split(' ').map(str::to_owned).collect();
    tokens[0].push_str(" {the start [%draw d4-d5]}");
    if tokens.len() > 1 {
        let i = 1 + rng.below(tokens.len() - 1);
        tokens[i].push_str(["!", "?!", "??"][rng.below(3)]);
        tokens[i].push_str(" {a remark}");
    }
    tokens.join(" ")
}

#[test]
fn referee_answers_every_line_as_the_reference_does() {
    let lines = requests();
    let input: String = lines
        .iter()
        .map(|(request, _)| format!("{request}\n"))
        .collect();
    let output = asalto(&["referee"], &input);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let answers = stdout(&output);
    let answers: Vec<&str> = answers.lines().collect();
    assert_eq!(answers.len(), lines.len(), "one answer per request");
    for ((request, expected), answer) in lines.iter().zip(&answers) {
        if expected == "error" {
            assert!(
                answer.starts_with("error ") && answer.len() > 6,
                "{request:?} → {answer}"
            );
        } else {
            assert_eq!(answer, expected, "{request}");
        }
    }
}

#[test]
fn perft_prints_one_number() {
    let out = asalto(&["perft", "assault", "5"], "");
    assert!(out.status.success());
    assert_eq!(stdout(&out), "358\n");
    let out = asalto(&["perft", "murray;chain=may-stop", "3"], "");
    assert_eq!(stdout(&out), "304\n");
}

#[test]
fn bad_arguments_give_one_clear_line_and_status_2() {
    for args in [
        &["perft", "chess", "3"][..],
        &["perft", "assault", "deep"],
        &["perft", "assault"],
        &["frobnicate"],
        &["show", "assault", "a1-a2"],
        &["bestmove", "assault", "d4-d5", "--level", "9"],
        &["bestmove", "assault", "--movetime", "soon"],
        &["bestmove", "assault", "--depth", "3"],
        &["bestmove", "assault", "d4-d5", "c5-c3"],
        &["selfplay", "assault", "--games"],
        &["selfplay", "chess"],
        &["analyse", "assault;march=sideways"],
    ] {
        let out = asalto(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("asalto: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn show_draws_the_board_and_lists_moves() {
    let out = asalto(&["show", "assault", "d4-d5"], "");
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.starts_with("assault d4-d5\n"), "{text}");
    assert!(text.contains(" 5  A---A---D...A...D---A---A"), "{text}");
    assert!(
        text.contains("defender to move; legal moves: c5-c6 c5-d4 c5-d6 e5-d4 e5-d6 e5-e6"),
        "{text}"
    );
    // A bad move is reported, and the game is shown up to it.
    let out = asalto(&["show", "assault d4-d5 c5-c7"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).contains("defender to move"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("move 2: illegal move c5-c7"));
}

#[test]
fn bestmove_prints_one_legal_move() {
    for level in ["1", "3", "5"] {
        let out = asalto(
            &[
                "bestmove",
                "assault",
                "d4-d5",
                "--level",
                level,
                "--movetime",
                "50",
            ],
            "",
        );
        assert!(out.status.success(), "{out:?}");
        let text = stdout(&out);
        let moves = [
            "c5-c6\n", "c5-d4\n", "c5-d6\n", "e5-d4\n", "e5-d6\n", "e5-e6\n",
        ];
        assert!(moves.contains(&text.as_str()), "level {level}: {text}");
    }
    // A finished game has no move to give.
    let out = asalto(
        &[
            "bestmove",
            "assault;defender-wins-below=24 d4-d5 c5-c6 c4-c5 c6xc4",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the game is over"));
}

#[test]
fn selfplay_prints_each_game_and_the_score() {
    let out = asalto(
        &[
            "selfplay",
            "assault",
            "--games",
            "2",
            "--movetime",
            "5",
            "--attacker",
            "1",
            "--defender",
            "2",
        ],
        "",
    );
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(
        lines[0].starts_with("2 games of assault: attackers Recruit against defenders Soldier")
    );
    assert!(
        lines[1].starts_with("  game 1: ") && lines[1].ends_with(" plies"),
        "{text}"
    );
    let last = lines[3];
    assert!(
        last.starts_with("attackers won ") && last.contains("average length"),
        "{text}"
    );
}

#[test]
fn selfplay_draws_other_games_from_another_seed() {
    let games = |seed: &str| {
        let out = asalto(
            &[
                "selfplay",
                "assault",
                "--games",
                "1",
                "--attacker",
                "random",
                "--defender",
                "random",
                "--seed",
                seed,
                "--records",
            ],
            "",
        );
        assert!(out.status.success(), "{out:?}");
        stdout(&out).lines().nth(2).expect("a record").to_owned()
    };
    assert_eq!(games("7"), games("7"));
    assert_ne!(games("7"), games("8"));
    let out = asalto(&["selfplay", "assault", "--seed", "x"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn selfplay_by_nodes_plays_the_same_game_twice() {
    let game = |more: &[&str]| {
        let mut args = vec![
            "selfplay",
            "fuchs-und-henne",
            "--games",
            "1",
            "--nodes",
            "3000",
            "--defender",
            "greedy",
            "--opening",
            "6",
            "--records",
        ];
        args.extend_from_slice(more);
        let out = asalto(&args, "");
        assert!(out.status.success(), "{out:?}");
        stdout(&out)
    };
    let text = game(&[]);
    assert!(
        text.starts_with("1 games of fuchs-und-henne: attackers Marshal (3000 nodes a move)"),
        "{text}"
    );
    // The Marshal's moves depend on nodes searched, not on the clock.
    assert_eq!(text, game(&[]));
    // Other weights for the Marshal leave the opening's six plies, the
    // Soldier's, as they were: two evaluations meet the same openings.
    let path = std::env::temp_dir().join(format!("asalto-weights-{}.txt", std::process::id()));
    let weights = include_str!("../../search/src/eval/fuchs-und-henne.txt");
    let other: String = weights
        .lines()
        .map(|l| match l.split_once(' ') {
            Some((name @ ("material" | "advance" | "fortress"), _)) => format!("{name} 900\n"),
            _ => format!("{l}\n"),
        })
        .collect();
    assert_ne!(other, weights);
    std::fs::write(&path, other).expect("a weights file");
    let given = game(&["--attacker-weights", path.to_str().expect("a path")]);
    let _ = std::fs::remove_file(&path);
    let opening = |text: &str| -> Vec<String> {
        let record = text.lines().nth(2).expect("a record");
        record
            .split_whitespace()
            .skip(1)
            .take(6)
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(opening(&given), opening(&text), "{given}");
}

#[test]
fn analyse_prints_iterations_then_the_best_move() {
    let out = asalto(&["analyse", "assault", "d4-d5", "--movetime", "50"], "");
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    assert!(text.starts_with("depth  1  score "), "{text}");
    assert!(
        text.lines().last().is_some_and(|l| l.starts_with("best ")),
        "{text}"
    );
}

#[test]
fn selfplay_takes_baseline_bots_and_runs_a_ladder() {
    let out = asalto(
        &[
            "selfplay",
            "asalto",
            "--games",
            "1",
            "--attacker",
            "random",
            "--defender",
            "greedy",
            "--opening",
            "0",
        ],
        "",
    );
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    assert!(
        text.starts_with("1 games of asalto: attackers random against defenders greedy"),
        "{text}"
    );
    let out = asalto(&["selfplay", "assault", "--attacker", "clever"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(
        "random, greedy, greedy-material, greedy-march, greedy-mobility, haven or depthN"
    ));
    let out = asalto(
        &[
            "selfplay",
            "simplified",
            "--ladder",
            "--games",
            "1",
            "--movetime",
            "2",
        ],
        "",
    );
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "{text}");
    assert!(lines[1].starts_with("  Marshal against greedy: "), "{text}");
    assert!(
        lines[5].starts_with("  Soldier against Recruit: "),
        "{text}"
    );
}

#[test]
fn diagram_prints_an_svg_figure_and_refuses_bad_options() {
    let out = asalto(
        &[
            "diagram",
            "assault",
            "d4-d5",
            "{[%draw",
            "c5-d4]}",
            "--coordinates",
            "--theme",
            "print",
        ],
        "",
    );
    assert!(out.status.success(), "{out:?}");
    let svg = stdout(&out);
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("class=\"attacker\"").count(), 24);
    for (args, said) in [
        (
            &["diagram", "assault", "--theme", "blue"][..],
            "'--theme <THEME>': a theme is light, dark or print",
        ),
        (
            &["diagram", "assault", "--size", "9"],
            "9 is not in 64..=4096",
        ),
        (&["diagram", "assault", "d4-d4"], "illegal move d4-d4"),
        (
            &["diagram", "assault", "--wide"],
            "unexpected argument '--wide'",
        ),
    ] {
        let out = asalto(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(said),
            "{args:?}: {out:?}"
        );
    }
}

#[test]
fn review_prints_the_annotated_record_then_each_position_as_csv() {
    let game = "assault d4-d5 c5-d4 d5-d6 e5xc7 b4-c5 d4xb4xd6";
    let o = asalto(&["review", game, "--movetime", "20"], "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    // The record: the same moves, perhaps marked and commented.
    let record: asalto_core::Record = lines[0].parse().expect("a record");
    assert_eq!(record.without_notes().to_string(), game);
    assert_eq!(
        (lines[1], lines[2]),
        ("", "ply,move,class,loss,best,attackers")
    );
    assert_eq!(lines.len(), 3 + 7, "the start and six moves");
    for (ply, row) in lines[3..].iter().enumerate() {
        let cells: Vec<&str> = row.split(',').collect();
        assert_eq!(cells.len(), 6, "{row}");
        assert_eq!(cells[0], ply.to_string());
        let eval: f64 = cells[5].parse().expect("an evaluation");
        assert!((-10.0..=10.0).contains(&eval), "{row}");
        if ply > 0 {
            assert!(
                ["best", "good", "inaccuracy", "mistake", "blunder"].contains(&cells[2]),
                "{row}"
            );
        }
    }
    // A record without moves: nothing to review, and it says so.
    let o = asalto(&["review", "assault"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("nothing to review"));
}

#[test]
fn review_marks_a_known_blunder_as_the_page_does() {
    // The same game and time per position as the page's test of Review.
    let game = "assault d4-d5 c5-d4 b4-c5 d4xb4xd6xd4";
    let o = asalto(&["review", game, "--movetime", "120"], "");
    assert!(o.status.success());
    let first = stdout(&o).lines().next().unwrap_or_default().to_owned();
    assert!(first.contains(" b4-c5?? {Blunder: "), "{first}");
    assert!(first.contains(" was better. [%draw "), "{first}");
}

#[test]
fn a_reader_that_stops_reading_ends_the_program_quietly() {
    // `asalto help | head -0`: the reader is gone before the help is written.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_asalto"))
        .arg("help")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("asalto runs");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("asalto exits");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(output.status.success(), "{:?}", output.status);
}
