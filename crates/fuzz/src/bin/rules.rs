//! `cargo afl` target: [`asalto_fuzz::rules`] (`scripts/fuzz.sh rules MINUTES`).

fn main() {
    afl::fuzz!(|data: &[u8]| asalto_fuzz::rules(data));
}
