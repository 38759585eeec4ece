//! The worker's answers against the tables the pack was made from, read
//! from a folder through a [`Source`] that counts its reads.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::task::{Context, Poll, Waker};

use asalto_core::dense::Rng;
use asalto_core::{Game, PointSet, Position, Rules, Setup, Side};
use asalto_protocol::{Probe, Solved};
use asalto_solve::Value;
use asalto_solve::tables::Tables;
use asalto_solve::tables::pack::{self, Need};

use super::{HEAD, Opened, Source};

const RULES: &str = "assault;defender-wins-below=2";

/// A pack's folder read directly, its bytes optionally damaged.
struct Folder {
    dir: PathBuf,
    index: String,
    reads: u32,
    /// A byte to flip in every read after the header's.
    flip: Option<usize>,
}

impl Source for Folder {
    async fn head(&mut self) -> Result<Vec<u8>, String> {
        self.reads += 1;
        let bytes = std::fs::read(self.dir.join(&self.index)).map_err(|e| e.to_string())?;
        Ok(bytes[..bytes.len().min(HEAD as usize)].to_vec())
    }

    async fn read(&mut self, parts: &[String], needs: &[Need]) -> Result<Vec<Vec<u8>>, String> {
        let mut out = Vec::new();
        for need in needs {
            self.reads += 1;
            let name = match need.part {
                0 => &self.index,
                i => parts.get(usize::from(i) - 1).ok_or("no such part")?,
            };
            let bytes = std::fs::read(self.dir.join(name)).map_err(|e| e.to_string())?;
            let start = need.offset as usize;
            let mut slice = bytes
                .get(start..start + need.length as usize)
                .ok_or("beyond the file")?
                .to_vec();
            if let Some(at) = self.flip {
                let at = at % slice.len();
                slice[at] ^= 0x20;
            }
            out.push(slice);
        }
        Ok(out)
    }

    fn keep(&mut self, _: &[String], _: &Need, _: &[u8]) {}

    fn requests(&self) -> u32 {
        self.reads
    }
}

/// Runs a future whose reads are all ready (a folder's).
fn now<T>(future: impl Future<Output = T>) -> T {
    let mut future = std::pin::pin!(future);
    match future
        .as_mut()
        .poll(&mut Context::from_waker(Waker::noop()))
    {
        Poll::Ready(t) => t,
        Poll::Pending => panic!("a folder's read waited"),
    }
}

/// The tables of [`RULES`] to 5 attackers and their pack, built once.
fn built() -> &'static (PathBuf, PathBuf) {
    static BUILT: OnceLock<(PathBuf, PathBuf)> = OnceLock::new();
    BUILT.get_or_init(|| {
        let root = std::env::temp_dir().join(format!("asalto-worker-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let rules: Rules = RULES.parse().expect("rules");
        let (tables, out) = (root.join("tables"), root.join("pack"));
        Tables::build_sliced(&rules, 5, &tables, 2, 1 << 24, &mut |_| Ok(())).expect("tables");
        pack::pack(
            &rules,
            &tables,
            &out,
            0..=5,
            pack::PackOptions {
                part_limit: 1 << 14,
                ..pack::PackOptions::default()
            },
            &mut |_| Ok(()),
        )
        .expect("packed");
        (tables, out)
    })
}

fn opened(dir: &Path, flip: Option<usize>) -> Opened<Folder> {
    let index = std::fs::read_dir(dir)
        .expect("the pack")
        .map(|e| e.expect("entry").file_name().into_string().expect("utf-8"))
        .filter(|n| n.ends_with(".bin"))
        .find(|n| std::fs::read(dir.join(n)).is_ok_and(|b| b.starts_with(pack::format::MAGIC)))
        .expect("an index file");
    let source = Folder {
        dir: dir.to_owned(),
        index: index.clone(),
        reads: 0,
        flip,
    };
    now(Opened::open(index, source)).expect("opened")
}

fn probe(record: &str, line: bool) -> Probe {
    Probe {
        id: 9,
        record: record.to_owned(),
        tables: "pack".to_owned(),
        line,
    }
}

/// A random position of [`RULES`] with `attackers` attackers, as a
/// record's text.
fn random(
    rules: &Rules,
    attackers: usize,
    turn: Side,
    rng: &mut Rng,
) -> Option<(String, Position)> {
    let points: Vec<_> = rules.board().points().iter().collect();
    let mut taken = PointSet::EMPTY;
    let mut pick = |n: usize| {
        let mut set = PointSet::EMPTY;
        while set.len() < n {
            let p = points[rng.below(points.len())];
            if !taken.contains(p) {
                taken.insert(p);
                set.insert(p);
            }
        }
        set
    };
    let (attackers, defenders) = (pick(attackers), pick(2));
    let setup = Setup {
        rules: *rules,
        attackers,
        defenders,
        turn,
        to_place: 0,
    };
    let pos = Position::from_setup(&setup).ok()?;
    let text = format!(
        "{RULES};attackers={attackers};defenders={defenders};first={}",
        turn.name()
    );
    Some((text, pos))
}

#[test]
fn every_move_of_a_position_has_the_tables_value() {
    let (tables_dir, pack_dir) = built();
    let rules: Rules = RULES.parse().expect("rules");
    let tables = Tables::load(&rules, tables_dir).expect("tables");
    let mut reader = opened(pack_dir, None);
    let mut rng = Rng::new(11);
    let mut seen = [0; 2];
    for i in 0..300 {
        let turn = [Side::Attacker, Side::Defender][i % 2];
        let Some((text, pos)) = random(&rules, 2 + i % 4, turn, &mut rng) else {
            continue;
        };
        let Solved::Values {
            id: 9,
            value,
            moves,
            tiers: (2, 5),
            ..
        } = now(reader.answer(&probe(&text, false)))
        else {
            panic!("{text}: not values");
        };
        let expected = if pos.outcome().is_some() {
            None
        } else {
            tables.value(&pos)
        };
        assert_eq!(value, expected.map(|v| v == Value::Win), "{text}");
        assert_eq!(moves.len(), pos.legal_moves().len(), "{text}");
        for valued in &moves {
            let m = valued
                .choice
                .move_text()
                .expect("a move")
                .to_move(&pos)
                .expect("legal");
            let mut next = pos;
            next.play_unchecked(&m);
            let wins = match next.outcome() {
                Some(o) => Some(o.winner() == Some(pos.turn())),
                None => tables
                    .value(&next)
                    .map(|v| (v == Value::Win) == (next.turn() == pos.turn())),
            };
            assert_eq!(valued.wins, wins, "{text} {}", valued.choice.text);
        }
        if let Some(v) = value {
            seen[usize::from(v)] += 1;
        }
    }
    assert!(seen[0] > 20 && seen[1] > 20, "{seen:?}");
}

#[test]
fn a_line_has_each_position_s_value_and_a_warm_probe_reads_nothing() {
    let (tables_dir, pack_dir) = built();
    let rules: Rules = RULES.parse().expect("rules");
    let tables = Tables::load(&rules, tables_dir).expect("tables");
    let mut reader = opened(pack_dir, None);
    let mut rng = Rng::new(3);
    let (text, pos) = (0..)
        .find_map(|_| {
            random(&rules, 4, Side::Attacker, &mut rng).filter(|(_, p)| p.outcome().is_none())
        })
        .expect("a position");
    let mut game = Game::from_position(&rules, pos);
    while game.outcome().is_none() && game.ply() < 6 {
        let m = game.legal_moves()[0];
        game.play(&m).expect("legal");
    }
    let moves: Vec<String> = (0..game.ply())
        .map(|i| game.move_text(i).expect("a move").to_string())
        .collect();
    let record = format!("{text} {}", moves.join(" "));
    let Solved::Line {
        values, winning, ..
    } = now(reader.answer(&probe(&record, true)))
    else {
        panic!("not a line");
    };
    assert_eq!(values.len(), game.ply() + 1);
    assert_eq!(winning.len(), game.ply() + 1);
    for (ply, (value, win)) in values.iter().zip(&winning).enumerate() {
        let pos = game.position_at(ply).expect("a position");
        let expected = pos.outcome().is_none().then(|| tables.value(pos)).flatten();
        assert_eq!(
            *value,
            expected.map(|v| v == Value::Win),
            "{record} at {ply}"
        );
        // A winning move where the side to move wins, and one that does.
        assert_eq!(win.is_some(), *value == Some(true), "{record} at {ply}");
        if let Some(choice) = win {
            let m = choice
                .move_text()
                .expect("a move")
                .to_move(pos)
                .expect("legal");
            let next = pos.play(&m).expect("legal");
            assert_eq!(
                tables.wins_by_moving(pos, &next),
                Some(true),
                "{record} at {ply}"
            );
        }
    }
    // A question given up for a newer one before it reads is not answered;
    // one that needs no read is, whatever comes.
    let mut fresh = opened(pack_dir, None);
    let head = fresh.source.requests();
    assert_eq!(
        now(fresh.answer_unless(&probe(&record, false), &|| true)),
        None
    );
    assert_eq!(fresh.source.requests(), head, "nothing read for it");
    let answered = now(fresh.answer(&probe(&record, false)));
    assert!(matches!(answered, Solved::Values { .. }), "{answered:?}");
    assert!(now(fresh.answer_unless(&probe(&record, false), &|| true)).is_some());
    // Asked again, everything it needs is in memory.
    let Solved::Values { requests, .. } = now(reader.answer(&probe(&record, false))) else {
        panic!("not values");
    };
    let Solved::Values { requests: warm, .. } = now(reader.answer(&probe(&record, false))) else {
        panic!("not values");
    };
    assert!(requests <= 8, "{requests}");
    assert_eq!(warm, 0);
}

#[test]
fn damage_other_rules_and_bad_records_are_said_never_answered() {
    let (tables_dir, pack_dir) = built();
    let mut rng = Rng::new(5);
    let rules: Rules = RULES.parse().expect("rules");
    let tables = Tables::load(&rules, tables_dir).expect("tables");
    for flip in [0, 7, 100] {
        // Every read after the header has a byte changed: a probe that
        // needs one says so; one answered from memory is right.
        let mut reader = opened(pack_dir, Some(flip));
        let mut said = 0;
        for _ in 0..40 {
            let Some((text, pos)) = random(&rules, 5, Side::Defender, &mut rng) else {
                continue;
            };
            if pos.outcome().is_some() {
                continue;
            }
            match now(reader.answer(&probe(&text, false))) {
                Solved::Unavailable {
                    id: Some(9),
                    message,
                } => {
                    assert!(message.contains("damaged"), "{message}");
                    said += 1;
                }
                Solved::Values { value, .. } => {
                    assert_eq!(value, tables.value(&pos).map(|v| v == Value::Win), "{text}");
                }
                other => panic!("{other:?}"),
            }
        }
        assert!(said > 0, "flip {flip}");
    }
    let mut reader = opened(pack_dir, None);
    assert!(matches!(
        now(reader.answer(&probe("simplified", false))),
        Solved::Uncovered { id: 9, rules } if rules.starts_with("assault;")
    ));
    assert!(matches!(
        now(reader.answer(&probe("assault z9-a1", false))),
        Solved::Unavailable { id: Some(9), message } if message.starts_with("the record")
    ));
}
