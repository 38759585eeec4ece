//! Every file of every target's corpus (`corpus/NAME/`) run through its
//! target: a target that panics on its own seeds, or a crash found by the
//! fuzzer and kept in `corpus/NAME/` as a regression, fails here.

use std::path::Path;

use asalto_fuzz::TARGETS;

#[test]
fn every_corpus_file_passes_its_target() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    for (name, target) in TARGETS {
        let dir = root.join(name);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("entry").path())
            .collect();
        files.sort();
        assert!(files.len() >= 3, "{name}: {} seeds", files.len());
        for file in files {
            let data = std::fs::read(&file).expect("a corpus file");
            let caught = std::panic::catch_unwind(|| target(&data));
            assert!(caught.is_ok(), "{name} fails on {}", file.display());
        }
    }
}

/// Writes the seeds that are made, not written by hand: the small pack's
/// files, a slice file of each kind (`cargo test -p asalto-fuzz --
/// --ignored`).
#[test]
#[ignore = "writes the generated seeds into corpus/"]
fn write_generated_seeds() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/pack");
    std::fs::create_dir_all(&dir).expect("corpus/pack");
    let kinds = ["header", "leaf", "changed-block", "block", "index"];
    for (kind, seed) in kinds.iter().zip(asalto_fuzz::pack_seeds()) {
        std::fs::write(dir.join(kind), seed).expect("written");
    }
    let dir = dir.with_file_name("slice");
    std::fs::create_dir_all(&dir).expect("corpus/slice");
    let built = asalto_solve::tables::fuzz::slice_seed();
    std::fs::write(dir.join("built"), &built).expect("written");
    std::fs::write(dir.join("cut"), &built[..built.len() / 2]).expect("written");
    std::fs::write(dir.join("empty"), b"").expect("written");
    std::fs::write(dir.join("draws"), asalto_solve::draws::fuzz_file_seed()).expect("written");
}
