#!/usr/bin/env bash
# Trunk's post-build hook (Trunk.toml): the game's module, crates/web, in
# parts. What a first visit needs is asalto-web_bg.wasm; each function
# marked `#[wasm_split(NAME)]` goes, with the code only it reaches, into
# split_NAME.wasm, fetched the first time it is called (by
# __wasm_split.js, which the module imports); code that several parts
# share but the first visit does not goes into parts of its own.
#
# Steps: cargo links the module keeping its relocations; wasm-split-cli
# (crate wasm_split_cli_support, installed by scripts/lib.sh) cuts it into
# the main module and the parts; wasm-bindgen makes the main module's JS,
# keeping the exports the parts link against (scripts/short-imports.mjs
# then shortens the names of its imports); wasm-opt shrinks each and
# esbuild minifies the JS and the style sheets (in a release build). The
# list of files is written to parts.txt, and given to the service worker
# (sw.js) to keep for offline play.
#
# Trunk's own Rust pipeline cannot do it (the split must come between the
# link and wasm-bindgen: trunk-rs/trunk#1022), so index.html loads the
# files this writes. Its own target folder, since the flag relinks.
set -euo pipefail

cd "$TRUNK_SOURCE_DIR"
target=target/parts
if [ "$TRUNK_PROFILE" = release ]; then
    profile=wasm-release folder=wasm-release
else
    profile=dev folder=debug
fi
RUSTFLAGS="-C link-arg=--emit-relocs" CARGO_TARGET_DIR=$target \
    cargo build --locked -q -p asalto-web --target wasm32-unknown-unknown --profile "$profile"
split=$target/split
rm -rf "$split" && mkdir -p "$split"
wasm-split-cli "$target/wasm32-unknown-unknown/$folder/asalto_web.wasm" "$split" --out-name asalto-web
wasm-bindgen --target web --no-typescript --keep-lld-exports --out-name asalto-web \
    --out-dir "$TRUNK_STAGING_DIR" "$split/asalto-web.wasm"
# The JS functions the module imports get short names (the hashed ones
# wasm-bindgen gives do not compress).
node scripts/short-imports.mjs "$TRUNK_STAGING_DIR/asalto-web_bg.wasm" "$TRUNK_STAGING_DIR/asalto-web.js"
# The loader fetches each part from beside itself, or, on a page whose
# <meta name="asalto-wasm"> names the module elsewhere (hosts that refuse
# .wasm files), from beside that with its extension; and reads one served
# with another type than application/wasm whole, as the module's loaders
# do (index.html, www/asalto-board.js).
loader=$TRUNK_STAGING_DIR/__wasm_split.js
sed -e 's|new URL("\./\([A-Za-z0-9_.-]*\.wasm\)", import\.meta\.url)|part("\1")|g' \
    -e 's|WebAssembly\.instantiateStreaming(src, imports)|instantiate(src, imports)|g' \
    "$split/__wasm_split.js" > "$loader"
cat >> "$loader" <<'JS'
function part(file) {
    const module = document.querySelector('meta[name=asalto-wasm]')?.content;
    if (!module) return new URL(`./${file}`, import.meta.url);
    const at = new URL(module, document.baseURI);
    return new URL(file.replace(/\.wasm$/, at.pathname.match(/\.[^./]*$/)?.[0] ?? ''), at);
}
async function instantiate(src, imports) {
    const response = await src;
    return response.headers.get('content-type')?.startsWith('application/wasm')
        ? WebAssembly.instantiateStreaming(response, imports)
        : WebAssembly.instantiate(await response.arrayBuffer(), imports);
}
JS
[ "$(grep -c 'import\.meta\.url' "$loader")" = 1 ] && ! grep -q instantiateStreaming.src "$loader" || {
    echo "web-parts.sh: __wasm_split.js fetches a part some other way" >&2
    exit 1
}
parts=()
for chunk in "$split"/*.wasm; do
    name=$(basename "$chunk")
    [ "$name" = asalto-web.wasm ] && continue
    cp "$chunk" "$TRUNK_STAGING_DIR/$name"
    parts+=("$name")
done
if [ "$TRUNK_PROFILE" = release ]; then
    # The features Rust's wasm32 target enables, and no more (binaryen's
    # newer encodings, as compact imports, are not in every browser); no
    # producers or target features sections, which browsers do not read.
    features=(--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
              --enable-mutable-globals --enable-reference-types --enable-multivalue)
    for wasm in asalto-web_bg.wasm "${parts[@]}"; do
        wasm-opt -Os --converge "${features[@]}" --strip-producers --strip-target-features \
            "$TRUNK_STAGING_DIR/$wasm" -o "$TRUNK_STAGING_DIR/$wasm"
    done
    # The module's JS, minified (esbuild keeps every name the module and
    # its parts import or export: those are strings and exports); the
    # single file (scripts/single-file.mjs) rewrites the JS as written.
    # wasm-bindgen names __wasm_split.js once for each import the parts
    # need, each time the same module: a duplicate key that changes
    # nothing, not worth a warning a build.
    mkdir -p "$target/js"
    for js in asalto-web.js __wasm_split.js; do
        cp "$TRUNK_STAGING_DIR/$js" "$target/js/$js"
        esbuild "$TRUNK_STAGING_DIR/$js" --minify --format=esm --log-level=warning \
            --log-override:duplicate-object-key=silent \
            --allow-overwrite --outfile="$TRUNK_STAGING_DIR/$js"
    done
    # The style sheets: the game page's, inline, and the copies embedded
    # boards fetch.
    node scripts/minify-css.mjs "$TRUNK_STAGING_DIR"/{index.html,board.css,element.css}
fi
printf '%s\n' __wasm_split.js "${parts[@]}" > "$TRUNK_STAGING_DIR/parts.txt"
# The service worker keeps the parts too.
list=$(printf "'%s', " __wasm_split.js "${parts[@]}")
sed -i "s|/\* the parts \*/|${list% }|" "$TRUNK_STAGING_DIR/sw.js"
grep -q "'__wasm_split.js'" "$TRUNK_STAGING_DIR/sw.js" || {
    echo "web-parts.sh: sw.js has no /* the parts */ to fill" >&2
    exit 1
}
