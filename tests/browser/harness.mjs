// Shared by the browser tests and the web benchmark: a static file server
// for dist/ on 127.0.0.1 and Debian's Chromium driven by playwright-core.
// Nothing here downloads a browser.

import { createServer } from 'node:http';
import { open, readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DIST = join(ROOT, 'dist');

/** A long game of `assault` (Marshal against Marshal, 10 ms a move, 112
 * plies) as a link's fragment: the benchmarks' review and perfect-play
 * game. */
export const LONG_GAME = 'assault+d4-d5+e5-d4+d5-d6+c5xe7+c4-c5+d4-c4+c5-c6+c4-c5+c6-c7+e7-d6+e4-e5+d6-e6+e3-e4+e6-d6+e2-e3+d6-e6+c3-d4+c5-c4+d2-c3+e6-e7+d4-d5+c4-d4+b5-c5+d4xd6+a5-b5+e7-e6+c3-c4+e6-e7+c2-c3+e7-e6+e3-d4+e6-e7+c5-c6+e7-e6+c4-c5+d6-d5+c1-c2+e6-d6+c3-c4+d6-e6+e1-e2+d5-d6+e2-e3+e6-e7+a4-a5+e7-e6+d1-d2+e6-e7+c2-c3+d6-d5+c5-d6+e7xc5+e5-e6+d5-e5+e6-e7+c5-d5+d4-c5+d5-d6+d3-d4+d6-d5+d2-d3+d5-d6+a3-a4+d6-d5+c5-d6+d5xd7+d4-c5+d7-d6+e3-d4+e5xe3+f5-e5+e3-e4+e5-e6+e4-e5+f4-f5+e5-d5+d4-e5+d6xf4+c5-d6+d5xd7+d3-d4+d7-d6+b5-c5+f4-e5+a5-b5+d6-d5+b4-a5+d5xd3+c5-d6+d3-d2+c3-b4+d2-d3+b5-c5+d3-c3+d6-d7+c3xa3+g3-f4+e5xg3xe3+f5-e5+e3-d2+g5-f5+d2-e3+b4-b5+e3-d2+c5-d6+d2-c3+b5-c5+c3-b4+a5-b5+a3xa5+g4-g5+b4xd4';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

/** Serves `dir` (and `extra`, a map of path → [type, body]) on a free port,
 * its files with `headers` too. A request with one `Range` (`bytes=a-b`)
 * gets those bytes (206), read alone, as static hosts do; each is listed in
 * the result's `ranges`. `mounts` maps a path prefix to `[folder, answer]`:
 * the folder's files, answered by `answer(req, res, body)` (a host's way
 * with ranges) or, without one, as above. */
export async function serve(dir = DIST, extra = {}, headers = {}, mounts = {}) {
  const ranges = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (extra[path]) {
      const [type, body] = extra[path];
      res.writeHead(200, { 'content-type': type });
      res.end(body);
      return;
    }
    const mount = Object.entries(mounts).find(([prefix]) => path.startsWith(prefix));
    const [root, rest, answer] = mount
      ? [mount[1][0], path.slice(mount[0].length - 1), mount[1][1]]
      : [dir, path, null];
    const file = normalize(join(root, rest.endsWith('/') ? rest + 'index.html' : rest));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    const type = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...headers };
    try {
      if (!answer && req.headers.range) {
        const handle = await open(file);
        try {
          const { size } = await handle.stat();
          const range = ranged(req, { length: size });
          if (range) {
            const [first, last] = range;
            ranges.push(`${path} ${first}-${last}`);
            const { buffer, bytesRead } = await handle.read(Buffer.alloc(last + 1 - first), 0, last + 1 - first, first);
            res.writeHead(206, { ...type, 'content-range': `bytes ${first}-${last}/${size}` });
            res.end(buffer.subarray(0, bytesRead));
            return;
          }
        } finally {
          await handle.close();
        }
      }
      const body = await readFile(file);
      if (answer) {
        answer(req, res, body);
      } else {
        res.writeHead(200, { ...type, 'accept-ranges': 'bytes' });
        res.end(body);
      }
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}`, ranges, close: () => new Promise((ok) => server.close(ok)) };
}

/** The first and last byte of the one range `req` asks of `body`, if it
 * asks one that `body` has (cut at its end). */
export function ranged(req, body) {
  const m = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
  if (!m || Number(m[1]) >= body.length) return null;
  return [Number(m[1]), Math.min(Number(m[2]), body.length - 1)];
}

/** Debian's Chromium, headless, with the flags this machine needs. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic',
    ],
  });
}

/** Pixel (page coordinates) of point `name` on the board inside `scope` (the
 * page, or an <asalto-board>'s locator), from the layout the canvas publishes
 * in `data-layout` ("originX originY spacing width height flipped"). */
export async function pointXY(page, name, scope = page) {
  const canvas = scope.locator('#board');
  const box = await canvas.boundingBox();
  const layout = (await canvas.getAttribute('data-layout')).split(' ').map(Number);
  const [ox, oy, spacing, width, height, flipped] = layout;
  const file = name.charCodeAt(0) - 97;
  const rank = Number(name.slice(1));
  let x = file;
  let y = height - rank;
  if (flipped) {
    x = width - 1 - x;
    y = height - 1 - y;
  }
  return { x: box.x + ox + x * spacing, y: box.y + oy + y * spacing };
}

/** Registers `node:test` hooks that start the static server and Chromium
 * before the tests and stop them after; returns `{server, browser}`, filled
 * in once the hooks have run. */
export function setUp(before, after) {
  const shared = {};
  before(async () => {
    shared.server = await serve();
    shared.browser = await launch();
  });
  after(async () => {
    await shared.browser?.close();
    await shared.server?.close();
  });
  return shared;
}

/** Opens the game at `url` in a new page of `browser` and waits for the
 * board; `page.errors` collects page errors and console errors. */
export async function openGame(browser, url, viewport = { width: 1280, height: 800 }) {
  return watch(await browser.newPage({ viewport }), url + '/');
}

/** Opens `address` in a new page of `context` (which keeps storage and
 * service workers between its pages) and waits for the game page's board. */
export async function openIn(context, address) {
  return watch(await context.newPage(), address);
}

async function watch(page, address) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(address);
  await page.waitForFunction(() => document.querySelector('#board')?.dataset.layout);
  page.errors = errors;
  return page;
}

/** Clicks the points of `names` in turn. */
/** Clicks the game page's control `selector`, opening the More menu first
 * when the control is in it and it is closed (as a reader would). */
export async function press(page, selector) {
  const menu = page.locator('#more-menu');
  if (await page.locator(`#more-menu ${selector}`).count()
      && !(await menu.evaluate((m) => m.matches(':popover-open')))) {
    await page.click('#more');
  }
  await page.click(selector);
}

export function clickPoints(page, ...names) {
  return clickPointsIn(page, page, ...names);
}

/** Clicks the points of `names` in turn on the board inside `scope`. */
export async function clickPointsIn(page, scope, ...names) {
  for (const name of names) {
    const { x, y } = await pointXY(page, name, scope);
    await page.mouse.click(x, y);
  }
}

/** Records the address of every request `page` makes. */
export function recordRequests(page) {
  const urls = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}
