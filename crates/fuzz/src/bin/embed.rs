//! `cargo afl` target: [`asalto_fuzz::embed`] (`scripts/fuzz.sh embed MINUTES`).

fn main() {
    afl::fuzz!(|data: &[u8]| asalto_fuzz::embed(data));
}
