# Shared helpers for the project's scripts: idempotent installers of every
# tool the build and the tests need. Sourced, never run on its own.
# Each installer checks first and returns at once when the tool is present.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TRUNK_VERSION=0.21.14
# cargo-afl: the fuzzer (AFL++) for crates/fuzz; the afl crate there matches it.
CARGO_AFL_VERSION=0.18.2
# Must equal the `wasm-bindgen` version pinned with `=` in crates/web/Cargo.toml.
WASM_BINDGEN_VERSION=0.2.130
# wasm-split-cli (crate wasm_split_cli_support): cuts the game's module into
# parts (scripts/web-parts.sh); its runtime, wasm_split_helpers, is in
# crates/web/Cargo.toml.
WASM_SPLIT_VERSION=0.2.4

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

# Runs a `selfplay` COMMAND and keeps its result line in FILE, written whole
# only once the games are over (a stopped run's last line is not a result,
# and is not kept): the match scripts' cells (strength.sh, ladder.sh).
keep_result() {
    local file=$1
    shift
    "$@" | tail -1 > "$file.part" && grep -q '^attackers won' "$file.part" && mv "$file.part" "$file"
}

# Runs a command as root (directly when we are root, else through sudo).
as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

install_rust_parts() {
    if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
        say "adding the wasm32-unknown-unknown target"
        rustup target add wasm32-unknown-unknown
    fi
    for component in clippy rustfmt; do
        if ! rustup component list --installed | grep -q "^$component"; then
            rustup component add "$component"
        fi
    done
}

# cargo_tool BINARY CRATE VERSION: installs CRATE at VERSION unless BINARY
# already reports that version.
cargo_tool() {
    local binary=$1 crate=$2 version=$3
    if "$binary" --version 2>/dev/null | grep -qF "$version"; then
        return
    fi
    say "installing $crate $version (once; this takes a few minutes)"
    cargo install --locked "$crate" --version "$version" \
        || cargo install "$crate" --version "$version"
}

# The fuzzer: cargo-afl, which builds AFL++ when it is installed.
install_fuzzer() {
    if cargo afl --version 2>/dev/null | grep -qF "$CARGO_AFL_VERSION"; then
        return
    fi
    say "installing cargo-afl $CARGO_AFL_VERSION (once; this takes a few minutes)"
    cargo install --locked cargo-afl --version "$CARGO_AFL_VERSION"
    cargo afl config --build >/dev/null 2>&1 || true
}

install_web_tools() {
    install_rust_parts
    cargo_tool trunk trunk "$TRUNK_VERSION"
    cargo_tool wasm-bindgen wasm-bindgen-cli "$WASM_BINDGEN_VERSION"
    install_split_tool
    install_node_modules
}

# wasm-split-cli has no --version: cargo's list of installed crates says.
install_split_tool() {
    if cargo install --list | grep -qxF "wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
        return
    fi
    say "installing wasm_split_cli_support $WASM_SPLIT_VERSION (once; this takes a few minutes)"
    cargo install --locked wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary
}

# npm packages (binaryen's wasm-opt, playwright-core), reinstalled only when
# package-lock.json changed since the last install.
install_node_modules() {
    local stamp="$ROOT/node_modules/.asalto-lock"
    if [ -f "$stamp" ] && cmp -s "$stamp" "$ROOT/package-lock.json"; then
        return
    fi
    say "installing npm packages"
    (cd "$ROOT" && npm ci --no-audit --no-fund --loglevel=error)
    cp "$ROOT/package-lock.json" "$stamp"
}

install_browser() {
    if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
        return
    fi
    say "installing Debian's chromium and chromium-driver"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver
}

# Puts the npm-installed wasm-opt first on PATH for Trunk.
use_node_bin() {
    export PATH="$ROOT/node_modules/.bin:$PATH"
}

# Builds the release site into dist/, with its single-file copy
# (dist/asalto-offline.html).
# The release site in dist/ (and its single file). With ASALTO_TABLES set,
# its pages read that endgame pack by default (docs/TABLES.md): the address
# of the pack's index file, absolute or relative to the site.
build_site() {
    use_node_bin
    trunk build --release
    if [ -n "${ASALTO_TABLES:-}" ]; then
        for page in dist/index.html dist/embed.html; do
            ASALTO_TABLES="$ASALTO_TABLES" node -e '
              const fs = require("fs"), page = process.argv[1];
              const value = process.env.ASALTO_TABLES.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
              const html = fs.readFileSync(page, "utf8");
              const set = html.replace(/(<meta name="asalto-tables" content=")[^"]*"/, `$1${value}"`);
              if (set === html) throw new Error(`${page} has no asalto-tables meta`);
              fs.writeFileSync(page, set);' "$page"
        done
    fi
    node scripts/single-file.mjs
}
