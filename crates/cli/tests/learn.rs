//! Teaching the evaluation, end to end: games' positions labelled by
//! `selfplay --positions`, weights fitted by `train`, and a `match`
//! between two sets of weights.

mod common;

use common::{asalto, stdout};

#[test]
fn games_become_labelled_positions_weights_and_a_match() {
    let dir = std::env::temp_dir().join(format!("asalto-learn-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a directory");
    let data = dir.join("games.txt");
    let data = data.to_str().expect("a path");
    let played = asalto(
        &[
            "selfplay",
            "assault",
            "--games",
            "4",
            "--attacker",
            "depth2",
            "--defender",
            "greedy",
            "--positions",
            data,
        ],
        "",
    );
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    let text = std::fs::read_to_string(data).expect("positions written");
    assert!(text.lines().count() > 40, "{text}");
    assert!(text.lines().all(|l| l.starts_with("assault;attackers=")));
    let out = dir.join("weights.txt");
    let out = out.to_str().expect("a path");
    let trained = asalto(&["train", data, "--epochs", "20", "--out", out], "");
    let said = stdout(&trained);
    assert!(trained.status.success(), "{said}");
    assert!(
        said.contains("held back") && said.contains("weights written"),
        "{said}"
    );
    let weights = std::fs::read_to_string(out).expect("weights");
    assert!(
        weights.contains("\nmaterial ") && weights.contains("\ncannot_fill "),
        "{weights}"
    );
    // The learned weights against the crate's, one game a side.
    let matched = asalto(
        &[
            "match",
            "assault",
            "--weights",
            out,
            "--games",
            "1",
            "--movetime",
            "5",
        ],
        "",
    );
    let said = stdout(&matched);
    assert!(
        matched.status.success(),
        "{}",
        String::from_utf8_lossy(&matched.stderr)
    );
    assert!(
        said.contains("new scored ") && said.contains(" of 2 "),
        "{said}"
    );
    // Bad input: a broken weights file, a broken data line.
    std::fs::write(out, "material many\n").expect("written");
    let bad = asalto(&["match", "assault", "--weights", out], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("weights line 1"));
    std::fs::write(data, "assault\tperhaps\n").expect("written");
    let bad = asalto(&["train", data], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("'perhaps' is not win, loss or draw"));
    let _ = std::fs::remove_dir_all(&dir);
}
