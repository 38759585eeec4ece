//! `cargo afl` target: [`asalto_fuzz::protocol`] (`scripts/fuzz.sh protocol MINUTES`).

fn main() {
    afl::fuzz!(|data: &[u8]| asalto_fuzz::protocol(data));
}
