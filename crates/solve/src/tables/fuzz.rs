//! A door for the fuzzer (`crates/fuzz`): bytes read as a slice file, not
//! part of the crate's API.

use std::path::PathBuf;
use std::sync::OnceLock;

use super::Tables;

/// The tables' rule set whose slices the fuzzer's bytes stand for: few
/// attackers, so that a slice is small.
const RULES: &str = "assault;defender-wins-below=2";

/// `bytes` read as the file of the first slice of 3 attackers of small
/// tables; one that reads is written and read again to the same bits.
///
/// # Panics
///
/// Where a slice read writes back to other bits, or a file cannot be
/// written in the temporary folder.
#[doc(hidden)]
pub fn slice(bytes: &[u8]) {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    let dir = DIR.get_or_init(|| {
        std::env::temp_dir().join(format!("asalto-fuzz-slices-{}", std::process::id()))
    });
    let tables = Tables::empty(&RULES.parse().expect("rules")).expect("tables");
    let store = tables.store(dir, 0).expect("a store");
    let profile = store.slicing.profiles(3)[0];
    let path = store.path(profile);
    std::fs::create_dir_all(path.parent().expect("a tier folder")).expect("a folder");
    std::fs::write(&path, bytes).expect("written");
    let Ok(read) = store.read(profile) else {
        return;
    };
    store.write(profile, &read).expect("written again");
    let again = store.read(profile).expect("a slice written reads");
    assert_eq!((again.bits, again.attacker), (read.bits, read.attacker));
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
