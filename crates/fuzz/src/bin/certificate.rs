//! `cargo afl` target: [`asalto_fuzz::certificate`] (`scripts/fuzz.sh certificate MINUTES`).

fn main() {
    afl::fuzz!(|data: &[u8]| asalto_fuzz::certificate(data));
}
