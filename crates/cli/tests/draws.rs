//! `asalto tables draws`: win, draw or loss slice by slice, in memory and
//! in a folder a build goes on from, checked, and a damaged slice refused.

mod common;

use common::{asalto, stdout};
use std::process::Output;

/// What `o` printed on stdout, once it is known to have succeeded (else
/// the test fails with what it printed on stderr).
fn succeeded(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    stdout(o)
}

const RULES: &str = "asalto;attackers=c1,e1;defenders=d5;defender-wins-below=1";

#[test]
fn the_sliced_analysis_gives_the_whole_graph_s_values_and_goes_on_from_its_files() {
    // In memory: the start and its moves as `solve` values them.
    let out = succeeded(&asalto(&["tables", "draws", RULES, "--attackers", "2"], ""));
    assert!(
        out.contains("\nstart: draw for the attacker to move\n"),
        "{out}"
    );
    assert!(out.lines().any(|l| l == "c1-d1 draw"), "{out}");
    let total = |out: &str| -> u64 {
        let line = out
            .lines()
            .find(|l| l.contains(" slices solved, "))
            .expect("totals");
        line.split(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .expect("a count")
    };
    let all = total(&out);

    // In a folder on two threads: stopped after 5 slices (and those under
    // way then), then run again to the end.
    let dir = std::env::temp_dir().join(format!("asalto-cli-draws-{}", std::process::id()));
    let path = dir.to_str().expect("utf-8");
    let args = [
        "tables",
        "draws",
        RULES,
        "--attackers",
        "2",
        "--dir",
        path,
        "--threads",
        "2",
    ];
    let first = succeeded(&asalto(&[&args[..], &["--slices", "5"]].concat(), ""));
    let done = total(&first);
    // A thread that has just told its fifth may start one more before the
    // stop is seen, and the other finishes the one under way.
    assert!((5..=7).contains(&done), "{first}");
    assert!(!first.contains("start:"), "stopped before the start's tier");
    let rest = asalto(&args, "");
    assert_eq!(total(&stdout(&rest)), all - done);
    assert!(stdout(&rest).contains("\nstart: draw for the attacker to move\n"));

    // Checked through the rules engine.
    let out = succeeded(&asalto(&[&args[..], &["--check", "500"]].concat(), ""));
    assert!(
        out.contains("2 attackers: 500 positions re-derived from their moves, none wrong"),
        "{out}"
    );

    // A slice whose bytes changed: refused, with what to do.
    let slice = std::fs::read_dir(
        std::fs::read_dir(&dir)
            .expect("folder")
            .flatten()
            .find(|e| e.path().is_dir())
            .expect("the rules' folder")
            .path()
            .join("02"),
    )
    .expect("tier 2")
    .flatten()
    .map(|e| e.path())
    .max_by_key(|p| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0))
    .expect("a slice");
    let mut bytes = std::fs::read(&slice).expect("slice");
    let at = bytes.len() - 12;
    bytes[at] ^= 0x10;
    std::fs::write(&slice, &bytes).expect("damaged");
    let refused = asalto(&[&args[..], &["--check", "500"]].concat(), "");
    assert!(!refused.status.success());
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        err.contains("delete the file and run the build again"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).expect("cleaned");
}
