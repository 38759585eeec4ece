//! `cargo afl` target: [`asalto_fuzz::record`] (`scripts/fuzz.sh record MINUTES`).

fn main() {
    afl::fuzz!(|data: &[u8]| asalto_fuzz::record(data));
}
