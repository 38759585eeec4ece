//! `cargo afl` target: [`asalto_fuzz::slice`] (`scripts/fuzz.sh slice MINUTES`).

fn main() {
    afl::fuzz!(|data: &[u8]| asalto_fuzz::slice(data));
}
