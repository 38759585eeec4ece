//! Board geometry against `data/boards.json`, a copy of the project's
//! `spec/boards.json` (extracted from the historical figures).

use std::collections::BTreeSet;

use asalto_core::BoardId;

type Pt = (u8, u8);

fn json() -> serde_json::Value {
    serde_json::from_str(include_str!("data/boards.json")).expect("valid JSON")
}

fn pt(v: &serde_json::Value) -> Pt {
    let n = |i: usize| v[i].as_u64().expect("coordinate") as u8;
    (n(0), n(1))
}

fn pairs(v: &serde_json::Value) -> BTreeSet<(Pt, Pt)> {
    v.as_array()
        .expect("list")
        .iter()
        .map(|l| {
            let (a, b) = (pt(&l[0]), pt(&l[1]));
            (a.min(b), a.max(b))
        })
        .collect()
}

#[test]
fn every_board_matches_boards_json() {
    let data = json();
    assert_eq!(data.as_object().expect("object").len(), BoardId::ALL.len());
    for &id in BoardId::ALL {
        let spec = &data[id.name()];
        let board = id.board();
        let points = |key: &str| {
            spec[key]
                .as_array()
                .expect("list")
                .iter()
                .map(pt)
                .collect::<BTreeSet<_>>()
        };
        let ours =
            |set: asalto_core::PointSet| set.iter().map(|p| board.xy(p)).collect::<BTreeSet<_>>();
        assert_eq!(
            u64::from(board.height()),
            spec["height"].as_u64().expect("height"),
            "{id}"
        );
        assert_eq!(ours(board.points()), points("points"), "{id} points");
        assert_eq!(ours(board.fortress()), points("fortress"), "{id} fortress");
        let lines = |marked: bool| {
            board
                .lines()
                .iter()
                .filter(|l| !marked || l.marked)
                .map(|l| {
                    let (a, b) = (board.xy(l.a), board.xy(l.b));
                    (a.min(b), a.max(b))
                })
                .collect::<BTreeSet<_>>()
        };
        assert_eq!(lines(false), pairs(&spec["lines"]), "{id} lines");
        assert_eq!(lines(true), pairs(&spec["marked"]), "{id} marked lines");
    }
}
