//! `cargo afl` target: [`asalto_fuzz::frontier`] (`scripts/fuzz.sh frontier MINUTES`).

fn main() {
    afl::fuzz!(|data: &[u8]| asalto_fuzz::frontier(data));
}
