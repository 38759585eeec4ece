//! A door for the fuzzer (`crates/fuzz`): bytes read as a slice file, not
//! part of the crate's API.

use std::path::Path;

use super::Tables;

/// The tables' rule set whose slices the fuzzer's bytes stand for: few
/// attackers, so that a slice is small.
const RULES: &str = "assault;defender-wins-below=2";

/// `bytes` read as the file of the first slice of 3 attackers of small
/// tables; one that reads writes back (deflated or not) to a file that
/// reads to the same bits. Nothing touches the disk.
///
/// # Panics
///
/// Where a slice read writes back to other bits.
#[doc(hidden)]
pub fn slice(bytes: &[u8]) {
    let tables = Tables::empty(&RULES.parse().expect("rules")).expect("tables");
    let store = tables.store(Path::new("fuzz"), 0).expect("a store");
    let profile = store.slicing.profiles(3)[0];
    let path = store.path(profile);
    let Ok(read) = store.read_from(profile, &mut &bytes[..], &path, false) else {
        return;
    };
    for deflate in [false, true] {
        let (file, _) = store.file_bytes(profile, &read, deflate);
        let again = store
            .read_from(profile, &mut &file[..], &path, false)
            .expect("a slice written reads");
        assert_eq!((&again.bits, &again.attacker), (&read.bits, &read.attacker));
    }
}

/// A slice file of those tables, as the build writes it, for a seed.
#[doc(hidden)]
pub fn slice_seed() -> Vec<u8> {
    let dir = std::env::temp_dir().join(format!("asalto-fuzz-seed-{}", std::process::id()));
    let rules = RULES.parse().expect("rules");
    Tables::build_sliced(&rules, 3, &dir, 1, 1 << 24, &mut |_| Ok(())).expect("tables");
    let tables = Tables::empty(&rules).expect("tables");
    let store = tables.store(&dir, 0).expect("a store");
    let bytes = std::fs::read(store.path(store.slicing.profiles(3)[0])).expect("a slice");
    let _ = std::fs::remove_dir_all(&dir);
    bytes
}
