//! `cargo afl` target: [`asalto_fuzz::referee`] (`scripts/fuzz.sh referee MINUTES`).

fn main() {
    afl::fuzz!(|data: &[u8]| asalto_fuzz::referee(data));
}
