//! `cargo afl` target: [`asalto_fuzz::link`] (`scripts/fuzz.sh link MINUTES`).

fn main() {
    afl::fuzz!(|data: &[u8]| asalto_fuzz::link(data));
}
