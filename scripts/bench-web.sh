#!/usr/bin/env bash
# Prints the web figures of the README: first-load size, startup against an
# inline-script page, full-redraw time. Builds the release site first.

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
install_web_tools
install_browser
use_node_bin
say "building the site (release)"
trunk build --release >/dev/null
node tests/browser/bench.mjs
