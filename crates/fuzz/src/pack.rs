//! The pack target: the input's first byte chooses what its other bytes
//! are: a header, a leaf directory or a block of a pack's format (each that
//! reads writes back to what reads the same; a block sealed and then
//! changed in one byte opens to what was sealed or is refused; a block
//! that opens seals again to the same bits), or the
//! index file of a small pack made once from real tables (every value
//! read through it is the value the whole pack gives, or the reader
//! refuses the bytes).

use std::collections::HashMap;
use std::sync::OnceLock;

use asalto_core::dense::Rng;
use asalto_core::{Position, Rules, Side};
use asalto_solve::tables::Tables;
use asalto_solve::tables::pack::{self, MoveValues, PackError, PackFiles, PackSource};

/// The pack's files by name, and positions with their moves' values.
struct Made {
    files: HashMap<String, Vec<u8>>,
    index: String,
    known: Vec<(Position, MoveValues)>,
}

/// The rule set the pack holds: the standard board, decided below two
/// attackers, so that its tables build in a moment.
const RULES: &str = "assault;defender-wins-below=2";
/// The most attackers it holds.
const TOP: u32 = 4;

/// Files held in memory.
#[derive(Debug)]
struct Memory(HashMap<String, Vec<u8>>);

impl PackSource for Memory {
    fn read(&mut self, name: &str, offset: u64, length: u32) -> Result<Vec<u8>, PackError> {
        let file = self
            .0
            .get(name)
            .ok_or_else(|| PackError::Io(format!("no file {name}")))?;
        let start = usize::try_from(offset)
            .unwrap_or(usize::MAX)
            .min(file.len());
        let end = start.saturating_add(length as usize).min(file.len());
        Ok(file[start..end].to_vec())
    }
}

fn made() -> &'static Made {
    static MADE: OnceLock<Made> = OnceLock::new();
    MADE.get_or_init(|| {
        let rules: Rules = RULES.parse().expect("rules");
        let dir = std::env::temp_dir().join(format!("asalto-fuzz-pack-{}", std::process::id()));
        let (tables, out) = (dir.join("tables"), dir.join("pack"));
        Tables::build_sliced(&rules, TOP, &tables, 1, 1 << 24, &mut |_| Ok(())).expect("tables");
        let packed = pack::pack(
            &rules,
            &tables,
            &out,
            0..=TOP,
            pack::PackOptions {
                part_limit: 4096,
                ..pack::PackOptions::default()
            },
            &mut |_| Ok(()),
        )
        .expect("packed");
        let files: HashMap<String, Vec<u8>> = packed
            .files
            .iter()
            .map(|(name, _)| (name.clone(), std::fs::read(out.join(name)).expect("a part")))
            .collect();
        let _ = std::fs::remove_dir_all(&dir);
        let index = packed.files[0].0.clone();
        let mut whole = PackFiles::from_source(Box::new(Memory(files.clone())), &index)
            .expect("the pack opens");
        let mut rng = Rng::new(5);
        let mut known = Vec::new();
        while known.len() < 40 {
            let a = 2 + rng.below(3) as u32;
            let turn = [Side::Attacker, Side::Defender][rng.below(2)];
            if let Some((_, pos)) = whole.pack().random(&rules, a, turn, &mut rng) {
                let moves = whole.moves(&pos).expect("the whole pack answers");
                known.push((pos, moves));
            }
        }
        Made {
            files,
            index,
            known,
        }
    })
}

/// One pack's part, chosen by the input's first byte.
pub fn pack(data: &[u8]) {
    use asalto_solve::tables::pack::format;
    let Some((&which, bytes)) = data.split_first() else {
        return;
    };
    match which % 5 {
        0 => {
            if let Ok(header) = format::Header::parse(bytes) {
                let written = header.to_bytes();
                assert_eq!(format::Header::parse(&written).as_ref(), Ok(&header));
            }
        }
        1 => {
            if let Ok(entries) = format::decode_leaf(bytes) {
                let written = format::encode_leaf(&entries);
                assert_eq!(format::decode_leaf(&written).as_ref(), Ok(&entries));
            }
        }
        2 => {
            // The rest sealed as a block of as many rows as it holds, then
            // one byte changed where its first two bytes say: what opens
            // is what was sealed, or nothing.
            let Some((at, [free, raw @ ..])) = bytes.split_first_chunk::<2>() else {
                return;
            };
            let free = 2 + u32::from(*free) % 23;
            let rows = raw.len() * 8 / (free * (free - 1) / 2) as usize;
            if rows == 0 {
                return;
            }
            let (mut sealed, _) = format::seal_block(raw, free, rows, usize::MAX);
            let bits = format::open_block(&sealed, free, rows).expect("a sealed block opens");
            let at = usize::from(u16::from_le_bytes(*at)) % sealed.len();
            sealed[at] ^= 1 << (at % 8);
            if let Ok(opened) = format::open_block(&sealed, free, rows) {
                assert_eq!(opened, bits, "a changed byte at {at} opened to other bits");
            }
        }
        3 => {
            // Any bytes as a block of up to 255 rows: what opens seals
            // again to a block that opens the same.
            let Some(([free, rows], code)) = bytes.split_first_chunk::<2>() else {
                return;
            };
            let (free, rows) = (2 + u32::from(*free) % 23, usize::from(*rows));
            if let Ok(bits) = format::open_block(code, free, rows) {
                let (again, _) = format::seal_block(&bits, free, rows, usize::MAX);
                assert_eq!(format::open_block(&again, free, rows).as_ref(), Ok(&bits));
            }
        }
        _ => whole(bytes),
    }
}

/// The small pack with its index replaced by `bytes`.
fn whole(bytes: &[u8]) {
    let made = made();
    let mut files = made.files.clone();
    files.insert(made.index.clone(), bytes.to_vec());
    let Ok(mut read) = PackFiles::from_source(Box::new(Memory(files)), &made.index) else {
        return;
    };
    for (pos, moves) in &made.known {
        match read.moves(pos) {
            Ok(got) => assert_eq!(&got, moves, "{pos}"),
            Err(_) => return,
        }
    }
}

/// Makes the small pack now (a fuzzing process does so once, before it
/// forks its runs).
pub fn ready() {
    made();
}

/// Seeds of each kind: the small pack's header with its index (kinds 0
/// and 4), a leaf directory, a sealed block of some bits and a changed
/// one.
pub fn seeds() -> Vec<Vec<u8>> {
    use asalto_solve::tables::pack::format;
    let made = made();
    let index = &made.files[&made.index];
    let header = format::Header::parse(index).expect("the header");
    let head = header.to_bytes().len();
    let leaf = header.leaves.first().map_or(&index[head..], |l| {
        &index[l.offset as usize..(l.offset + u64::from(l.length)) as usize]
    });
    let bits: Vec<u8> = (0..600u32).map(|i| (i * 37 % 251) as u8 & 0x5a).collect();
    let with = |kind: u8, bytes: &[u8]| [&[kind][..], bytes].concat();
    vec![
        with(0, index),
        with(1, leaf),
        with(2, &[[7, 0].as_slice(), &bits].concat()),
        with(3, &format::seal(&bits)),
        with(4, index),
    ]
}
