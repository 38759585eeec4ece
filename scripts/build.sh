#!/usr/bin/env bash
# Builds the release site into dist/ (ready for any static host), and
# dist/asalto-offline.html, the whole game in one file that plays from
# file://. Installs the tools it needs first. With ASALTO_TABLES set, every
# board of the site reads that endgame pack (docs/TABLES.md).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
install_web_tools
build_site
say "built dist/ and dist/asalto-offline.html"
