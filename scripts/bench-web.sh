#!/usr/bin/env bash
# Prints the web figures of the README: first-load size, startup against an
# inline-script page, an embedded replay board's bytes, the first click on
# each part of the module (cold and prefetched), full-redraw time, search in the browser's Worker beside
# the native CLI, the wide Belagerung game in the Worker and under clicks,
# main-thread tasks while the computer thinks. Builds the
# release site and the native CLI first.

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
install_web_tools
install_browser
use_node_bin
say "building the site (release)"
trunk build --release >/dev/null
cargo build --release --locked -q -p asalto-cli
node tests/browser/bench.mjs
