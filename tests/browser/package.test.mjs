// The npm package `asalto-board` (scripts/package.sh): packed from the
// release site, installed from its tarball into an empty folder with npm,
// then a plain page that imports it from node_modules, and one that loads
// the package's files as a CDN serves them, each play a move against the
// computer in Chromium.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile, mkdir, cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIST, ROOT, clickPointsIn, launch, serve } from './harness.mjs';

let browser;
let dir;
before(async () => {
  browser = await launch();
  dir = await mkdtemp(join(tmpdir(), 'asalto-package-'));
});
after(async () => {
  await browser?.close();
  await rm(dir, { recursive: true, force: true });
});

const page = (script) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>An article</title>
<script type="module" src="${script}"></script></head>
<body><main><h1>Assault</h1>
<asalto-board id="game" rules="assault" computer="defender" level="1"></asalto-board>
<asalto-board id="daily" mode="puzzle"></asalto-board>
</main></body></html>`;

/** Opens `url`, plays d4-d5 on its board and waits for the computer's reply. */
async function playsAMove(url) {
  const tab = await browser.newPage({ viewport: { width: 900, height: 900 } });
  const errors = [];
  tab.on('pageerror', (e) => errors.push(String(e)));
  await tab.goto(url);
  const board = tab.locator('asalto-board#game');
  await tab.waitForFunction(() => document.querySelector('asalto-board')?.shadowRoot?.querySelector('#board')?.dataset.layout);
  await clickPointsIn(tab, board, 'd4', 'd5');
  await tab.waitForFunction(
    () => document.querySelector('asalto-board').shadowRoot.querySelectorAll('#moves .mv').length === 2,
    null,
    { timeout: 20000 },
  );
  // The puzzles are fetched from beside the module too.
  await tab.waitForFunction(
    () => /^Puzzle \d+ of \d+$/.test(document.querySelector('asalto-board#daily').shadowRoot.querySelector('#puzzle-title')?.textContent),
  );
  assert.deepEqual(errors, []);
  await tab.close();
}

/** Serves `dir` and plays a move on the page at `path` there. */
async function servedPlays(dir, path) {
  const server = await serve(dir);
  try {
    await playsAMove(server.url + path);
  } finally {
    await server.close();
  }
}

test('the package installs from its tarball and a board from node_modules plays against the computer', async () => {
  const tarball = execFileSync(join(ROOT, 'scripts/package.sh'), ['--no-build'], { encoding: 'utf8' }).trim().split('\n').pop();
  const site = join(dir, 'site');
  await mkdir(site);
  await writeFile(join(site, 'package.json'), '{"name":"an-article","private":true}');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', join(ROOT, tarball)], { cwd: site });
  const installed = (await readdir(join(site, 'node_modules/asalto-board'))).sort();
  // The game module's parts (scripts/web-parts.sh), each a file of its own.
  const parts = (await readFile(join(DIST, 'parts.txt'), 'utf8')).split('\n').filter((f) => f.endsWith('.wasm'));
  assert.ok(parts.length > 0);
  assert.deepEqual(installed, [
    'LICENSE-APACHE', 'LICENSE-MIT', 'README.md', '__wasm_split.js', 'asalto-board.js', 'asalto-web.js',
    'asalto-web_bg.wasm', 'asalto-worker-simd.js', 'asalto-worker-simd_bg.wasm', 'asalto-worker.js',
    'asalto-worker_bg.wasm', 'asalto-worker_loader.js', 'board.css', 'element.css', 'frame.html',
    'package.json', 'puzzles.txt', ...parts, 'words',
  ].sort());
  await writeFile(join(site, 'index.html'), page('./node_modules/asalto-board/asalto-board.js'));
  await servedPlays(site, '/');
  // As a CDN serves it: the package's files under a versioned path, the
  // page elsewhere.
  const cdn = join(dir, 'cdn');
  await cp(join(site, 'node_modules/asalto-board'), join(cdn, 'npm/asalto-board@0.1.0'), { recursive: true });
  await writeFile(join(cdn, 'article.html'), page('/npm/asalto-board@0.1.0/asalto-board.js'));
  await servedPlays(cdn, '/article.html');
});
