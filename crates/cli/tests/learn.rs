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
    // A network fitted atop the learned weights, which it keeps, and
    // read back to be measured.
    let net = dir.join("network.txt");
    let net = net.to_str().expect("a path");
    let args = [
        "train",
        data,
        "--weights",
        out,
        "--network",
        "4",
        "--epochs",
        "2",
    ];
    let fitted = asalto(&[&args[..], &["--out", net]].concat(), "");
    let said = stdout(&fitted);
    assert!(fitted.status.success(), "{said}");
    assert!(
        said.contains("pass 2: held-back loss") && said.contains("the network learned"),
        "{said}"
    );
    let text = std::fs::read_to_string(net).expect("a network written");
    let features: Vec<&str> = weights.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(text.contains(&features.join("\n")), "{text}");
    assert!(
        text.contains("\nnetwork 33 4 ") && text.contains("\nmove "),
        "{text}"
    );
    assert!(
        text.starts_with("# The evaluation's weights")
            && text.contains("# The network (4 hidden units, 2 passes)"),
        "{text}"
    );
    let measured = asalto(&["train", data, "--weights", net, "--evaluate"], "");
    assert!(measured.status.success(), "{}", stdout(&measured));
    // Fitted again from that file, the new network's lines replace the old.
    let again = dir.join("again.txt");
    let again = again.to_str().expect("a path");
    let args_again = [
        &["train", data, "--weights", net],
        &args[4..],
        &["--out", again],
    ]
    .concat();
    // With `--judges`, it judges positions of more attackers than it
    // learned from.
    let refitted = asalto(&[&args_again[..], &["--judges", "24"]].concat(), "");
    assert!(refitted.status.success(), "{}", stdout(&refitted));
    let text = std::fs::read_to_string(again).expect("a network written");
    assert_eq!(text.matches("# The network").count(), 1, "{text}");
    assert!(text.contains("\nnetwork 33 4 24\n"), "{text}");
    let bad = asalto(&[&args_again[..], &["--judges", "40"]].concat(), "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("at most 33 attackers"));
    let bad = asalto(&["train", data, "--judges", "20"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&bad.stderr)
            .contains("required arguments were not provided:\n  --network")
    );
    assert!(text.starts_with("# The evaluation's weights"), "{text}");
    let bad = asalto(&[&args[..4], &["--network", "0"]].concat(), "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("0 is not in 1..=256"));
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
