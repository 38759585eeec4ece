#!/usr/bin/env bash
# Trunk's post-build hook (Trunk.toml): the computer player's worker built a
# second time, for WebAssembly's 128-bit vectors (SIMD), beside the plain
# one Trunk built: asalto-worker-simd.js and asalto-worker-simd_bg.wasm.
# The worker's loader (www/asalto-worker_loader.js) runs it where the
# browser has SIMD (every current one: Chrome and Firefox since 2021,
# Safari since 16.4), the plain one elsewhere. With vectors the evaluation
# network's sums take eight numbers an instruction, and the search runs
# nearly twice as fast (docs/MEASUREMENTS.md).
#
# Its own target folder, since the flag rebuilds every crate below it.
# Tools: Trunk's PATH (cargo, wasm-bindgen, and node_modules/.bin's
# wasm-opt; scripts/lib.sh installs them).
set -euo pipefail

cd "$TRUNK_SOURCE_DIR"
target=target/simd
if [ "$TRUNK_PROFILE" = release ]; then
    profile=wasm-fast
else
    profile=dev
fi
RUSTFLAGS="-C target-feature=+simd128" CARGO_TARGET_DIR=$target \
    cargo build --locked -q -p asalto-worker --target wasm32-unknown-unknown --profile "$profile"
# Cargo's folder for the dev profile is named debug.
folder=$profile
[ "$profile" = dev ] && folder=debug
wasm-bindgen --target no-modules --no-typescript --out-name asalto-worker-simd \
    --out-dir "$TRUNK_STAGING_DIR" "$target/wasm32-unknown-unknown/$folder/asalto_worker.wasm"
if [ "$TRUNK_PROFILE" = release ]; then
    wasm=$TRUNK_STAGING_DIR/asalto-worker-simd_bg.wasm
    wasm-opt -O3 --enable-simd "$wasm" -o "$wasm"
fi
# The JS functions each worker module imports get short names, as the
# page's module's (scripts/short-imports.mjs).
for name in asalto-worker asalto-worker-simd; do
    node scripts/short-imports.mjs "$TRUNK_STAGING_DIR/${name}_bg.wasm" "$TRUNK_STAGING_DIR/$name.js"
done
