//! `cargo afl` target: [`asalto_fuzz::pack`] (`scripts/fuzz.sh pack MINUTES`).

fn main() {
    // The small pack is made before the fork server starts, once.
    asalto_fuzz::pack_ready();
    afl::fuzz!(|data: &[u8]| asalto_fuzz::pack(data));
}
