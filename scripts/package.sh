#!/usr/bin/env bash
# Makes the npm package `asalto-board`: the <asalto-board> element, its
# wasm and the wasm's parts (dist/parts.txt), CSS, the board's frame, word files, puzzles and the computer's worker, and nothing else, from the
# release site in dist/ (built first unless --no-build). Its version is the
# workspace's (Cargo.toml). Prints the tarball's path: target/npm/asalto-board-VERSION.tgz
#
#   scripts/package.sh [--no-build]
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

if [ "${1:-}" != --no-build ]; then
    install_web_tools
    build_site >&2
fi
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
[ -n "$version" ] || { echo "no workspace version in Cargo.toml" >&2; exit 1; }
out=target/npm
stage=$out/asalto-board
rm -rf "$stage" && mkdir -p "$stage/words"
for f in asalto-board.js asalto-web.js asalto-web_bg.wasm asalto-worker.js asalto-worker_bg.wasm \
         asalto-worker-simd.js asalto-worker-simd_bg.wasm asalto-worker_loader.js board.css element.css \
         puzzles.txt frame.html $(cat dist/parts.txt 2>/dev/null); do
    [ -f "dist/$f" ] || { echo "dist/$f is missing: build the site first" >&2; exit 1; }
    cp "dist/$f" "$stage/"
done
cp dist/words/*.json "$stage/words/"
cp LICENSE-MIT LICENSE-APACHE "$stage/"
cat > "$stage/README.md" <<TEXT
# asalto-board

The siege game Assault (Asalto) as a web component: one module script and
one element per board, each playing its own game, with the computer in a
Web Worker. Every file the element needs lies beside \`asalto-board.js\`.

\`\`\`html
<script type="module" src="https://cdn.jsdelivr.net/npm/asalto-board@$version/asalto-board.js"></script>
<asalto-board rules="assault" moves="d4-d5 c5-d4" mode="replay"></asalto-board>
\`\`\`

or, installed with \`npm install asalto-board\`, serve
\`node_modules/asalto-board/\` with your pages and import
\`asalto-board/asalto-board.js\`. The attributes (rules, moves, mode,
controls, computer, level, ply, at, lang, sides, lesson, puzzle) and the
\`gamechange\` event are described in the project's docs/EMBED.md.
TEXT
cat > "$stage/package.json" <<JSON
{
  "name": "asalto-board",
  "version": "$version",
  "description": "The siege game Assault (Asalto) as a web component: <asalto-board>, with its rules engine and computer player in WebAssembly",
  "license": "MIT OR Apache-2.0",
  "type": "module",
  "keywords": ["asalto", "assault", "board-game", "web-component", "webassembly"],
  "exports": {
    ".": "./asalto-board.js",
    "./asalto-board.js": "./asalto-board.js",
    "./*": "./*"
  },
  "files": [
    "asalto-board.js", "asalto-web.js", "asalto-web_bg.wasm",
    "asalto-worker.js", "asalto-worker_bg.wasm", "asalto-worker-simd.js", "asalto-worker-simd_bg.wasm",
    "asalto-worker_loader.js",
    "board.css", "element.css", "puzzles.txt", "frame.html", "words/*.json",
    "__wasm_split.js", "split_*.wasm", "chunk_*.wasm",
    "LICENSE-MIT", "LICENSE-APACHE"
  ]
}
JSON
use_node_bin
(cd "$out" && npm pack ./asalto-board --loglevel=error >/dev/null)
echo "$out/asalto-board-$version.tgz"
