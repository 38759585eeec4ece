// The game page's two modules (crates/web/src/relay.rs): the page paints
// and plays with the small first module, and the full module takes the
// board over, in the same state, once it has loaded. The full module is
// held back here by routing its files, so that each step is seen.
// Run by scripts/test.sh after `trunk build --release`.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST, clickPoints, recordRequests, serve, setUp } from './harness.mjs';

const shared = setUp(before, after);

const FULL = /\/asalto-web(_bg\.wasm|\.js)$/;
const moves = (page) => page.locator('#moves li').allTextContents();
const module = (page) => page.locator('#board').getAttribute('data-module');
const handedOver = (page) =>
  page.waitForFunction(() => document.querySelector('#board').dataset.module === 'full');

/** Runs `run` with a new browser context (its own storage and routes),
 * closed after; `options` are the context's. */
async function inContext(run, options = {}) {
  const context = await shared.browser.newContext(options);
  try {
    await run(context);
  } finally {
    await context.close();
  }
}

/** Opens the game page with the full module's files held until `release()`
 * (or refused, with `refuse`). */
async function openHeld(context, { refuse = false } = {}) {
  const page = await context.newPage();
  const held = [];
  let released = false;
  await page.route(FULL, (route) => {
    if (refuse) return route.fulfill({ status: 404, body: 'gone' });
    if (released) return route.continue();
    held.push(route);
  });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  const requests = recordRequests(page);
  await page.goto(shared.server.url + '/');
  await page.waitForFunction(() => document.querySelector('#board')?.dataset.layout);
  page.release = () => {
    released = true;
    for (const route of held.splice(0)) route.continue();
  };
  page.requests = requests;
  return page;
}

test('the first module plays, then hands the game over whole once the board is at rest', () => inContext(async (context) => {
  const page = await openHeld(context);
  assert.equal(await module(page), 'lite');
  assert.ok(page.requests.some((url) => url.endsWith('/asalto-lite_bg.wasm')));
  await clickPoints(page, 'd4', 'd5', 'c5', 'c6', 'c4', 'c5');
  await page.click('#undo');
  await page.click('#flip');
  assert.deepEqual(await moves(page), ['d4-d5', 'c5-c6', 'c4-c5']);
  // A piece picked: the full module waits for the move to be made.
  await clickPoints(page, 'd3');
  page.release();
  await page.waitForTimeout(800);
  assert.equal(await module(page), 'lite');
  await clickPoints(page, 'd4');
  await handedOver(page);
  assert.deepEqual(await moves(page), ['d4-d5', 'c5-c6', 'd3-d4']);
  assert.equal((await page.locator('#board').getAttribute('data-layout')).split(' ')[5], '1');
  assert.equal(await page.locator('.coordinates').count(), 1);
  assert.equal(await page.locator('#points button').count(), 33);
  // The full module steps through the game; the Rules dialog is its own.
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.locator('#moves li.undone').count(), 1);
  await page.click('#redo');
  assert.equal(await page.locator('#moves li.undone').count(), 0);
  await page.click('#rules');
  await page.locator('#rules-dialog[open]').waitFor();
  assert.deepEqual(page.errors, []);
}));

test('New game pressed before the full module has loaded opens its dialog once it has', () => inContext(async (context) => {
  const page = await openHeld(context);
  await page.click('#new');
  assert.equal(await page.locator('#new-game').getAttribute('open'), null);
  assert.equal(await page.locator('#new').getAttribute('aria-busy'), 'true');
  page.release();
  await page.locator('#new-game[open]').waitFor();
  assert.equal(await module(page), 'full');
  assert.equal(await page.locator('#new').getAttribute('aria-busy'), null);
  assert.equal(await page.locator('#new-game summary').count(), 1);
  assert.deepEqual(page.errors, []);
}));

test('coming to Hint before the full module has loaded starts the computer player once it has', () => inContext(async (context) => {
  const page = await openHeld(context);
  await page.hover('#hint');
  const worker = page.waitForRequest(/asalto-worker_bg\.wasm$/);
  page.release();
  await worker;
  assert.equal(await module(page), 'full');
  assert.deepEqual(page.errors, []);
}));

test('choosing another language, or a game the computer plays, hands over at once', () => inContext(async (context) => {
  let page = await openHeld(context);
  await page.selectOption('#opt-lang', 'de');
  page.release();
  await page.waitForFunction(() => /am Zug/.test(document.querySelector('#status').textContent));
  assert.equal(await module(page), 'full');
  await page.selectOption('#opt-lang', 'en');
  await page.close();
  // A saved game whose rebels the computer plays (level 4) moves at once.
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('set')) {
      sessionStorage.setItem('set', '1');
      localStorage.setItem('asalto:/:page', 'asalto 1\n\nassault\n4 human');
    }
  });
  page = await openHeld(context);
  page.release();
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
  assert.equal(await module(page), 'full');
  assert.deepEqual(page.errors, []);
}));

test('an address edited as the board is handed over opens its game', () => inContext(async (context) => {
  // The address changes just before the first module gets the full one,
  // its hashchange still to come.
  await context.addInitScript(() => {
    let full;
    Object.defineProperty(self, 'asaltoFull', {
      configurable: true,
      get: () => full,
      set: (load) => {
        full = () => load().then((takeOver) => {
          if (!self.edited) {
            self.edited = true;
            location.hash = '#asalto+@c5+@e5+d4-d5';
          }
          return takeOver;
        });
      },
    });
  });
  const page = await context.newPage();
  await page.goto(shared.server.url + '/');
  await handedOver(page);
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 3);
  assert.deepEqual(await moves(page), ['@c5', '@e5', 'd4-d5']);
  assert.equal(await page.evaluate(() => location.hash), '#asalto+@c5+@e5+d4-d5');
}));

test('a reader of another language gets the full module from the start', () => inContext(async (context) => {
  const page = await context.newPage();
  const requests = recordRequests(page);
  await page.goto(shared.server.url + '/');
  await page.waitForFunction(() => document.querySelector('#board')?.dataset.layout);
  assert.equal(await module(page), 'full');
  assert.match(await page.locator('#status').textContent(), /jouer/);
  await page.click('#new');
  await page.locator('#new-game[open]').waitFor();
  assert.equal(await page.locator('#new-game summary').count(), 1);
  assert.equal(requests.filter((url) => url.endsWith('/asalto-web_bg.wasm')).length, 1);
}, { locale: 'fr-FR' }));

test('when the full module cannot load, the board plays on and says why the rest is missing', () => inContext(async (context) => {
  const page = await openHeld(context, { refuse: true });
  await clickPoints(page, 'd4', 'd5');
  await page.click('#rules');
  await page.waitForFunction(() => /could not be loaded/.test(document.querySelector('#note').textContent));
  assert.equal(await module(page), 'lite');
  assert.equal(await page.locator('#rules').getAttribute('aria-busy'), null);
  await clickPoints(page, 'c5', 'c6');
  assert.deepEqual(await moves(page), ['d4-d5', 'c5-c6']);
  assert.deepEqual(page.errors, []);
}));

test('a reader of another language whose full module cannot load gets the board in English, and why', () => inContext(async (context) => {
  const page = await openHeld(context, { refuse: true });
  assert.equal(await module(page), 'lite');
  assert.match(await page.locator('#note').textContent(), /could not be loaded/);
  await clickPoints(page, 'd4', 'd5');
  assert.deepEqual(await moves(page), ['d4-d5']);
  assert.match(await page.locator('#status').textContent(), /to move/);
  assert.deepEqual(page.errors, []);
}, { locale: 'fr-FR' }));

test('when the full module fails to take the board over, the page says to reload, and the reload keeps the game', () => inContext(async (context) => {
  const page = await context.newPage();
  let broken;
  const held = new Promise((resolve) => { broken = resolve; });
  await page.route(/\/asalto-web\.js$/, async (route) => {
    await held;
    await route.fulfill({
      contentType: 'text/javascript',
      body: 'export default async () => {}; export function take_over() { throw new Error("broken"); }',
    });
  });
  await page.goto(shared.server.url + '/');
  await page.waitForFunction(() => document.querySelector('#board')?.dataset.layout);
  await clickPoints(page, 'd4', 'd5');
  assert.deepEqual(await moves(page), ['d4-d5']);
  await page.click('#new');
  broken();
  await page.waitForFunction(() => /reload the page/.test(document.querySelector('#note').textContent));
  await page.unrouteAll();
  await page.reload();
  await handedOver(page);
  assert.deepEqual(await moves(page), ['d4-d5']);
}));

test('the game page finds both modules at the addresses its meta tags give, whatever their type', async () => {
  const index = await readFile(join(DIST, 'index.html'), 'utf8');
  const html = index.replace('<head>', `<head>
    <meta name="asalto-lite" content="/files/first.bin">
    <meta name="asalto-wasm" content="/files/full.bin">`);
  const server = await serve(DIST, {
    '/': ['text/html; charset=utf-8', html],
    '/files/first.bin': ['application/octet-stream', await readFile(join(DIST, 'asalto-lite_bg.wasm'))],
    '/files/full.bin': ['application/octet-stream', await readFile(join(DIST, 'asalto-web_bg.wasm'))],
  });
  const page = await shared.browser.newPage();
  const requests = recordRequests(page);
  try {
    await page.goto(server.url + '/');
    await handedOver(page);
    await clickPoints(page, 'd4', 'd5');
    assert.deepEqual(await moves(page), ['d4-d5']);
    assert.ok(requests.some((url) => url.endsWith('/files/first.bin')));
    assert.ok(requests.some((url) => url.endsWith('/files/full.bin')));
    // (The page's preload still fetches the first module's default file.)
    assert.ok(!requests.some((url) => url.endsWith('/asalto-web_bg.wasm')));
  } finally {
    await page.close();
    await server.close();
  }
});
