//! `asalto solve`, `verify` and `tables`, end to end: proofs, frontiers,
//! certificates and endgame tables.

mod common;
mod host;

use common::{asalto, stdout};

#[test]
fn solve_proves_a_small_position_and_refuses_repeating_rules() {
    // Ten attackers against a threshold of nine: the defenders need two.
    let position = "assault;attackers=a3,b3,c3,d3,e3,f3,g3,c2,d2,e2;defenders=c5,d6;first=defender";
    let o = asalto(&["solve", position, "--budget", "60"], "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(["win", "loss"].contains(&lines[0]), "{out}");
    assert_eq!(lines[1], "for the defender to move");
    assert!(lines[2].starts_with("nodes "), "{out}");
    assert!(lines[3].starts_with("root proof number "), "{out}");
    if lines[0] == "win" {
        assert!(lines[4].starts_with("winning move "), "{out}");
    }
    // A budget too small: unknown, with the numbers so far.
    let o = asalto(&["solve", "assault", "--nodes", "1000"], "");
    assert!(stdout(&o).starts_with("unknown\n"), "{}", stdout(&o));
    let o = asalto(&["solve", "asalto", "--positions", "100000"], "");
    assert_eq!(o.status.code(), Some(2));
    let said = String::from_utf8_lossy(&o.stderr);
    assert!(
        said.contains("positions can repeat under march=not-away"),
        "{said}"
    );
    assert!(
        said.contains("more than 100000 positions are reachable"),
        "{said}"
    );
}

#[test]
fn solve_values_a_small_repeating_position_with_draws() {
    // Two attackers safe on the bottom row, shuffling sideways; the
    // defender must take both: neither side can force an end.
    let o = asalto(
        &[
            "solve",
            "asalto;attackers=c1,e1;defenders=d5;defender-wins-below=1",
        ],
        "",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..2], ["draw", "for the attacker to move"], "{out}");
    assert!(lines.contains(&"c1-d1 draw"), "{out}");
    assert!(
        lines.last().is_some_and(|l| l.starts_with(
            "positions 23273 (won 10430, drawn 3632, lost 9211 for their side to move)"
        )),
        "{out}"
    );
    // The defender nearer: it wins, every move valued with its length.
    let o = asalto(
        &[
            "solve",
            "asalto;attackers=c1,e1;defenders=d2;defender-wins-below=1",
        ],
        "",
    );
    let out = stdout(&o);
    assert!(
        out.starts_with("loss\nfor the attacker to move\nin 24 plies\n"),
        "{out}"
    );
    assert!(out.lines().any(|l| l.ends_with(" loss in 24")), "{out}");
}

#[test]
fn solve_keeps_its_proofs_in_a_frontier_file_the_next_run_loads() {
    let dir = std::env::temp_dir().join(format!("asalto-frontier-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let file = dir.join("frontier.txt");
    let path = file.to_str().expect("a path");
    let position = "assault;attackers=a3,b3,c3,d3,e3,f3,g3,c2,d2,e2;defenders=c5,d6;first=defender";
    let first = asalto(&["solve", position, "--checkpoint", path], "");
    assert!(first.status.success());
    let kept = std::fs::read_to_string(&file).expect("a frontier file");
    assert!(kept.starts_with("asalto-solve frontier 1\n"), "{kept}");
    // The next run starts from it: the root is known at once.
    let again = asalto(&["solve", position, "--checkpoint", path], "");
    assert_eq!(stdout(&again).lines().next(), stdout(&first).lines().next());
    assert!(stdout(&again).contains("nodes 1,"), "{}", stdout(&again));
    // A changed file is refused, and named.
    let mut lines: Vec<String> = kept.lines().map(str::to_owned).collect();
    assert!(lines.len() > 4, "some proofs kept: {kept}");
    lines[3].push('7');
    std::fs::write(&file, lines.join("\n") + "\n").expect("written");
    let bad = asalto(&["solve", position, "--checkpoint", path], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("checksum"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_proof_s_certificate_is_written_and_verified_by_the_rules_alone() {
    let dir = std::env::temp_dir().join(format!("asalto-certificate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let file = dir.join("certificate.txt");
    let path = file.to_str().expect("a path");
    let position = "assault;attackers=a3,b3,c3,d3,e3,f3,g3,c2,d2,e2;defenders=c5,d6;first=defender";
    let solved = asalto(
        &[
            "solve",
            position,
            "--table-mib",
            "512",
            "--certificate",
            path,
        ],
        "",
    );
    assert!(
        solved.status.success(),
        "{}",
        String::from_utf8_lossy(&solved.stderr)
    );
    assert!(
        stdout(&solved).contains("certificate "),
        "{}",
        stdout(&solved)
    );
    let checked = asalto(&["verify", path], "");
    assert!(
        checked.status.success(),
        "{}",
        String::from_utf8_lossy(&checked.stderr)
    );
    let out = stdout(&checked);
    assert!(
        out.starts_with("verified: the defender wins assault;"),
        "{out}"
    );
    assert!(
        out.lines()
            .nth(1)
            .is_some_and(|l| l.ends_with(" positions checked")),
        "{out}"
    );
    // bestmove plays the certificate's move, and says so.
    let best = asalto(
        &[
            "bestmove",
            position,
            "--movetime",
            "50",
            "--certificate",
            path,
        ],
        "",
    );
    let said = String::from_utf8_lossy(&best.stderr);
    assert!(
        said.contains("verified")
            && said.contains("the certificate proves the defender to move wins"),
        "{said}"
    );
    let text = std::fs::read_to_string(&file).expect("a certificate");
    let played = stdout(&best).trim().to_owned();
    assert!(
        text.lines().any(|l| l.ends_with(&format!(" {played}"))),
        "{played} is not a move of the certificate"
    );
    // A changed certificate is refused.
    std::fs::write(&file, text.replacen("\ndefender\n", "\nattacker\n", 1)).expect("written");
    let bad = asalto(&["verify", path], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("checksum"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The two counts of a line "tier N: slice A of B, ...".
fn slice_counts(line: &str) -> (u64, u64) {
    let mut words = line
        .split(&[' ', ','])
        .filter_map(|w| w.parse::<u64>().ok());
    (words.next().unwrap_or(0), words.next().unwrap_or(u64::MAX))
}

#[test]
fn tables_are_built_checked_and_used_by_solve_and_bestmove() {
    let dir = std::env::temp_dir().join(format!("asalto-tables-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.to_str().expect("a path");
    let rules = "assault;defender-wins-below=2";
    let built = asalto(
        &["tables", "build", rules, "--attackers", "4", "--dir", path],
        "",
    );
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    assert!(
        stdout(&built).contains("to 4 attackers in "),
        "{}",
        stdout(&built)
    );
    let said = String::from_utf8_lossy(&built.stderr);
    let last = said.lines().last().unwrap_or("");
    let slices = slice_counts(last);
    assert!(
        last.starts_with("tier 4: slice ") && slices.0 == slices.1 && slices.0 > 10,
        "{said}"
    );
    let checked = asalto(&["tables", "check", path, "--samples", "500"], "");
    assert!(
        checked.status.success(),
        "{}",
        String::from_utf8_lossy(&checked.stderr)
    );
    assert!(
        stdout(&checked).contains("4 attackers: 500 positions re-derived"),
        "{}",
        stdout(&checked)
    );
    // One tier alone, as when a new tier is sealed.
    let one = asalto(
        &[
            "tables",
            "check",
            path,
            "--samples",
            "200",
            "--attackers",
            "4",
        ],
        "",
    );
    let said = stdout(&one);
    let tiers: Vec<&str> = said
        .lines()
        .filter(|l| l.contains("attackers:"))
        .map(str::trim)
        .collect();
    assert!(
        tiers.len() == 1 && tiers[0].starts_with("4 attackers: 200 positions"),
        "{said}"
    );
    // Labelled positions for an evaluation to learn from: N a tier.
    let sampled = asalto(
        &[
            "tables",
            "sample",
            path,
            "--count",
            "40",
            "--attackers",
            "3-4",
        ],
        "",
    );
    let lines: Vec<String> = stdout(&sampled).lines().map(str::to_owned).collect();
    assert_eq!(
        lines.len(),
        80,
        "{}",
        String::from_utf8_lossy(&sampled.stderr)
    );
    assert!(
        lines
            .iter()
            .all(|l| l.contains("defender-wins-below=2;attackers=")
                && (l.ends_with("\twin") || l.ends_with("\tloss"))),
        "{lines:?}"
    );
    // A tier not built is named, never answered with nothing.
    for verb in [["check", "--samples"], ["sample", "--count"]] {
        let none = asalto(
            &["tables", verb[0], path, verb[1], "5", "--attackers", "5-6"],
            "",
        );
        let said = String::from_utf8_lossy(&none.stderr);
        assert!(
            !none.status.success()
                && said.contains("holds no tier of 5-6 attackers (its tiers: 2-4)")
                && stdout(&none).is_empty(),
            "{verb:?}: {said}"
        );
    }
    // A build run again finds every slice made; one beside a running
    // build is refused.
    let again = asalto(
        &["tables", "build", rules, "--attackers", "4", "--dir", path],
        "",
    );
    assert!(again.status.success());
    assert!(!String::from_utf8_lossy(&again.stderr).contains("slice"));
    std::fs::write(dir.join("build.lock"), std::process::id().to_string()).expect("lock");
    let twice = asalto(
        &["tables", "build", rules, "--attackers", "4", "--dir", path],
        "",
    );
    assert_eq!(twice.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&twice.stderr).contains("another build"));
    std::fs::remove_file(dir.join("build.lock")).expect("unlocked");
    // Four attackers: the tables hold the answer, the solve is a lookup.
    let position = format!("{rules};attackers=b3,c3,d3,e3;defenders=c5,e5;first=defender");
    let solved = asalto(&["solve", &position, "--tables", path], "");
    let out = stdout(&solved);
    assert!(
        out.contains("nodes 0,") && out.contains("endgame tables: 2 to 4 attackers"),
        "{out}"
    );
    let value = out.lines().next().expect("a value").to_owned();
    // The tables' probe: the same value, and every move's.
    let probed = asalto(&["tables", "probe", &position, "--dir", path], "");
    let said = stdout(&probed);
    assert!(
        said.starts_with(&format!("{value} for the defender to move\n")),
        "{said}"
    );
    let moves: Vec<&str> = said.lines().skip(1).collect();
    assert!(!moves.is_empty(), "{said}");
    assert_eq!(
        moves.iter().any(|l| l.ends_with(" win")),
        value == "win",
        "a winner has a winning move, a loser none: {said}"
    );
    let best = asalto(
        &["bestmove", &position, "--movetime", "50", "--tables", path],
        "",
    );
    let said = String::from_utf8_lossy(&best.stderr);
    assert!(
        said.contains(&format!(
            "the endgame tables say the defender to move {value}s"
        )),
        "{said}"
    );
    if value == "win" {
        // The move leaves the attacker a lost position.
        let after = format!("{position} {}", stdout(&best).trim());
        let next = asalto(&["solve", &after, "--tables", path], "");
        assert!(stdout(&next).starts_with("loss\n"), "{}", stdout(&next));
    }
    // Analysis says what the tables prove instead of a score, and plays
    // the proved move.
    let analysed = asalto(
        &["analyse", &position, "--movetime", "50", "--tables", path],
        "",
    );
    let said = stdout(&analysed);
    let iterations: Vec<&str> = said.lines().filter(|l| l.starts_with("depth")).collect();
    assert!(
        !iterations.is_empty()
            && iterations.iter().all(|l| l
                .split_whitespace()
                .skip(2)
                .take(3)
                .eq(["score", "proved", &value])),
        "{said}"
    );
    if value == "win" {
        let best = said.lines().last().expect("the best move");
        let m = best.split(' ').nth(1).expect("a move");
        let next = asalto(&["solve", &format!("{position} {m}"), "--tables", path], "");
        assert!(stdout(&next).starts_with("loss\n"), "{said}");
    }
    // A pack of the tables answers as they do, checked through itself.
    let out_dir = dir.with_extension("pack");
    let packed = asalto(
        &["tables", "pack", path, out_dir.to_str().expect("utf-8")],
        "",
    );
    assert!(
        packed.status.success(),
        "{}",
        String::from_utf8_lossy(&packed.stderr)
    );
    let pack = out_dir.to_str().expect("utf-8");
    let from_pack = asalto(&["tables", "probe", &position, "--pack", pack], "");
    assert_eq!(stdout(&from_pack), stdout(&probed));
    let checked = asalto(&["tables", "check", "--pack", pack, "--samples", "200"], "");
    assert!(
        stdout(&checked).contains("4 attackers: 200 positions re-derived"),
        "{}",
        stdout(&checked)
    );
    let best = asalto(
        &["bestmove", &position, "--movetime", "50", "--tables", pack],
        "",
    );
    let said = String::from_utf8_lossy(&best.stderr);
    assert!(
        said.contains("a pack of 2 to 4 attackers")
            && said.contains(&format!(
                "the endgame tables say the defender to move {value}s"
            )),
        "{said}"
    );
    // The same pack from a web host, one Range request a read; a host
    // that ignores Range and a missing pack each say so in one line.
    let served = host::serve(&out_dir, host::Host::Honest);
    let from_host = asalto(&["tables", "probe", &position, "--pack", &served], "");
    assert_eq!(stdout(&from_host), stdout(&probed));
    let whole = host::serve(&out_dir, host::Host::Whole);
    for (address, said) in [
        (whole.as_str(), "does not serve Range requests"),
        (&format!("{served}nothing/"), "no such file (HTTP 404)"),
    ] {
        let refused = asalto(&["tables", "probe", &position, "--pack", address], "");
        let err = String::from_utf8_lossy(&refused.stderr);
        assert!(
            !refused.status.success() && err.lines().count() == 1 && err.contains(said),
            "{address}: {err}"
        );
    }
    let other = asalto(&["tables", "probe", "simplified", "--pack", pack], "");
    assert!(String::from_utf8_lossy(&other.stderr).contains("holds tables of assault"));
    let _ = std::fs::remove_dir_all(&out_dir);
    // Damaged slices: one line naming one, no panic.
    let folder = std::fs::read_dir(&dir)
        .expect("dir")
        .map(|e| e.expect("entry").path())
        .find(|p| p.is_dir())
        .expect("the slices' folder");
    for file in std::fs::read_dir(folder.join("04")).expect("the 4-attacker tier") {
        let file = file.expect("entry").path();
        let mut bytes = std::fs::read(&file).expect("file");
        let at = bytes.len() - 1;
        bytes[at] ^= 1;
        std::fs::write(&file, bytes).expect("written");
    }
    let bad = asalto(&["solve", &position, "--tables", path], "");
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.lines().filter(|l| l.starts_with("asalto: ")).count() == 1
            && err.contains(".slc is damaged (its checksum does not match)"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
