//! `cargo afl` target: [`asalto_fuzz::slice`] (`scripts/fuzz.sh slice MINUTES`).

fn main() {
    // Its folder is made before the fork server starts, once, not by every
    // forked run.
    asalto_fuzz::slice(&[]);
    afl::fuzz!(|data: &[u8]| asalto_fuzz::slice(data));
}
