#!/usr/bin/env bash
# Builds the site and serves it on http://127.0.0.1:8080 (or PORT), rebuilding
# when a file changes. Installs Trunk, wasm-bindgen-cli and wasm-opt if missing.
#
#   scripts/serve.sh             a debug build, quick to rebuild
#   scripts/serve.sh --release   the build that is deployed

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
install_web_tools
use_node_bin
port="${PORT:-8080}"
say "open http://127.0.0.1:$port/"
exec trunk serve --port "$port" "$@"
