//! Certificates built, written, read and verified.

use std::collections::HashSet;

use asalto_core::PointSet;

use super::build::smallest_proof_first;
use super::*;
use crate::{Solver, Value};

/// A record's rules and its last position.
fn position(text: &str) -> (Record, Position) {
    let record: Record = text.parse().expect("record");
    let game = Game::from_record(&record).expect("legal");
    let pos = *game.position();
    (record, pos)
}

#[test]
fn a_proof_s_certificate_is_verified_and_a_bad_one_is_refused() {
    let (record, root) =
        position("assault;attackers=a3,b3,c3,d3,e3,f3,g3,c2,d2,e2;defenders=c5,d6;first=defender");
    let mut solver = Solver::new(512);
    let report = solver
        .solve(&root, &record.rules, u64::MAX, f64::INFINITY, &|| 0.0)
        .expect("never repeats");
    assert_eq!(report.value, Some(Value::Win));
    let mut told = Vec::new();
    let moves = build(
        &mut solver,
        &root,
        &record.rules,
        Side::Defender,
        1 << 20,
        &mut |p| {
            told.push(p);
            Ok(())
        },
    )
    .expect("a proof");
    // Told at the first position (this proof is smaller than the
    // interval), nothing done yet.
    assert_eq!(told.len(), 1);
    assert_eq!((told[0].positions, told[0].done), (1, 0.0));
    // Its answer stops the build with its message.
    let stopped = build(
        &mut solver,
        &root,
        &record.rules,
        Side::Defender,
        1 << 20,
        &mut |_| Err(CertificateError::Stopped("out of memory".to_owned())),
    );
    assert_eq!(
        stopped,
        Err(CertificateError::Stopped("out of memory".to_owned()))
    );
    let text = write(&record, Side::Defender, &moves);
    let verified = verify(&text).expect("verified");
    assert_eq!(verified.winner, Side::Defender);
    assert!(
        verified.positions > moves.len(),
        "the loser's replies are followed too"
    );
    // A changed file, a missing move and a bad move are refused.
    assert!(
        verify(&text.replacen("defender\n", "attacker\n", 1)).is_err_and(
            |e| matches!(&e, CertificateError::Unreadable(w) if w.contains("checksum"))
        )
    );
    let lines: Vec<&str> = text.lines().collect();
    let mut without: Vec<String> = lines[..lines.len() - 1]
        .iter()
        .map(|l| (*l).to_owned())
        .collect();
    let first_move = 5 + without[5..]
        .iter()
        .position(|l| l.len() > 60)
        .expect("a move line");
    without.remove(first_move);
    without[4] = (moves.len() - 1).to_string();
    let body = sealed::seal(without.join("\n") + "\n");
    assert!(
        verify(&body)
            .is_err_and(|e| matches!(&e, CertificateError::Unproved(w) if w.contains("no move"))),
        "{:?}",
        verify(&body)
    );
    assert!(verify("").is_err());
    // Read line by line, trailing blank lines and all; a line twice is refused.
    let read = Certificate::read_from(format!("{text}\n\n").as_bytes()).expect("read");
    assert_eq!(read.verify(), Ok(verified));
    let mut twice = lines[..lines.len() - 1].to_vec();
    let again = twice[5];
    twice.insert(5, again);
    let count = (twice.len() - 5).to_string();
    twice[4] = &count;
    let body = sealed::seal(twice.join("\n") + "\n");
    assert!(
        verify(&body)
            .is_err_and(|e| matches!(&e, CertificateError::Unreadable(w) if w.contains("twice"))),
        "{:?}",
        verify(&body)
    );
}

#[test]
fn every_kind_of_move_packs_and_unpacks() {
    for text in [
        "@c6",
        "c3-c4",
        "d5xd3",
        "a1xa3xa5xc5xe5xg5xg7xe7",
        "a1xa3xa5xc5xe5xg5xg7xe7xc7",
    ] {
        let m: MoveText = text.parse().expect("a move");
        match Packed::new(&m) {
            Some(packed) => assert_eq!(packed.text(), m, "{text}"),
            // Nine points do not fit in a word: such moves are kept as text.
            None => assert_eq!(text.matches('x').count(), 8, "{text}"),
        }
    }
    let key = |side, place| (PointSet(1 << 80), PointSet(3), side, place);
    let packed = [
        key(Side::Attacker, 0),
        key(Side::Defender, 0),
        key(Side::Defender, 2),
    ]
    .map(|k| pack(&k));
    assert!(packed[0] != packed[1] && packed[1] != packed[2] && packed[0] != packed[2]);
}

/// The move of `text` in `pos`, and the position after it.
fn played(pos: &Position, text: &str) -> (asalto_core::Move, Position) {
    let m = (text.parse::<MoveText>().expect("move"))
        .to_move(pos)
        .expect("legal");
    let mut next = *pos;
    next.play_unchecked(&m);
    (m, next)
}

#[test]
fn the_winner_s_move_keeps_the_proof_small() {
    // The defender on c3 may take one attacker (c3xe3) or two
    // (c3xc5xc7).
    let (_, pos) =
        position("assault;attackers=d3,c4,c6,a5,b5,a4,c1,d1,e1,e2;defenders=c3,g3;first=defender");
    let child = |text: &str| played(&pos, text);
    let (one, after_one) = child("c3xe3");
    let (two, after_two) = child("c3xc5xc7");
    let mut seen = KeySet::default();
    let key = |(m, next): &(asalto_core::Move, Position), seen: &KeySet<(u128, u128)>| {
        smallest_proof_first(m, next, seen, &HashSet::new())
    };
    assert!(key(&(two, after_two), &seen) < key(&(one, after_one), &seen));
    seen.insert(pack(&after_one.key()));
    assert!(key(&(one, after_one), &seen) < key(&(two, after_two), &seen));
}

#[test]
fn the_attackers_step_to_a_set_the_proof_holds() {
    let (_, pos) =
        position("assault;attackers=c1,d1,e1,c2,d2,e2,a3,b3,f3,g3;defenders=c5,e5;first=attacker");
    let step = |text: &str| played(&pos, text);
    let (up, after_up) = step("a3-a4");
    let (other, after_other) = step("g3-g4");
    let seen = KeySet::default();
    let mut sets = HashSet::new();
    let key = |(m, next): &(asalto_core::Move, Position), sets: &HashSet<_>| {
        smallest_proof_first(m, next, &seen, sets)
    };
    // Mirror images aside, the two steps are alike until one's set is held.
    sets.insert(after_other.attackers());
    assert!(key(&(other, after_other), &sets) < key(&(up, after_up), &sets));
    sets.clear();
    sets.insert(after_up.attackers());
    assert!(key(&(up, after_up), &sets) < key(&(other, after_other), &sets));
}
