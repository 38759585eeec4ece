// The web module's shape, as a reader's browser sees it: one wasm module
// for the game page; French, German and Spanish words fetched only for
// their readers (and the board in English, with the reason, when they
// cannot be); the computer's worker spoken to in typed messages, and a
// worker that answers nonsense leaves a playable game; an embedded board
// tells its page what it shows.
// Run by scripts/test.sh after `trunk build --release`.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { clickPoints, clickPointsIn, openIn, recordRequests, setUp } from './harness.mjs';

const shared = setUp(before, after);

const paths = (urls) => urls.map((url) => new URL(url).pathname);

test('the game page loads one module, and an English reader no word file', async () => {
  const context = await shared.browser.newContext({ locale: 'en-GB', serviceWorkers: 'block' });
  const page = await context.newPage();
  const requests = recordRequests(page);
  await page.goto(shared.server.url + '/');
  await page.waitForFunction(() => document.querySelector('#board')?.dataset.layout);
  await clickPoints(page, 'd4', 'd5');
  const fetched = paths(requests);
  assert.deepEqual(fetched.filter((p) => p.endsWith('.wasm')), ['/asalto-web_bg.wasm']);
  assert.deepEqual(fetched.filter((p) => p.includes('/words/')), []);
  assert.equal(await page.locator('#status').textContent(), 'Defenders to move.');
  await context.close();
});

test('a French reader fetches the French words only, and plays in French', async () => {
  const context = await shared.browser.newContext({ locale: 'fr-FR', serviceWorkers: 'block' });
  const page = await context.newPage();
  const requests = recordRequests(page);
  await page.goto(shared.server.url + '/');
  await page.waitForFunction(() => document.querySelector('#board')?.dataset.layout);
  assert.equal(await page.locator('#status').textContent(), 'Aux assaillants de jouer.');
  assert.equal(await page.locator('html').getAttribute('lang'), 'fr');
  assert.deepEqual(paths(requests).filter((p) => p.includes('/words/')), ['/words/fr.json']);
  // Another language is fetched when it is chosen.
  await page.selectOption('#opt-lang', 'de');
  await page.waitForFunction(() => document.documentElement.lang === 'de');
  assert.equal(await page.locator('#status').textContent(), 'Die Angreifer sind am Zug.');
  assert.deepEqual(paths(requests).filter((p) => p.includes('/words/')), ['/words/fr.json', '/words/de.json']);
  await context.close();
});

test('words that cannot be fetched leave the board in English, saying why', async () => {
  const context = await shared.browser.newContext({ locale: 'es-ES', serviceWorkers: 'block' });
  await context.route('**/words/es.json', (route) => route.fulfill({ status: 404, body: 'no' }));
  const page = await context.newPage();
  await page.goto(shared.server.url + '/');
  await page.waitForFunction(() => document.querySelector('#board')?.dataset.layout);
  assert.equal(await page.locator('#status').textContent(), 'Attackers to move.');
  assert.match(await page.locator('#note').textContent(), /Español words could not be fetched: .*404/);
  await clickPoints(page, 'd4', 'd5');
  assert.equal(await page.locator('#status').textContent(), 'Defenders to move.');
  // A garbled file is refused as clearly.
  await context.unroute('**/words/es.json');
  await context.route('**/words/es.json', (route) => route.fulfill({ contentType: 'application/json', body: '["not", "words"]' }));
  const again = await context.newPage();
  await again.goto(shared.server.url + '/');
  await again.waitForFunction(() => document.querySelector('#board')?.dataset.layout);
  assert.match(await again.locator('#note').textContent(), /Español words did not read/);
  await context.close();
});

test('a language chosen whose words cannot be fetched: the board says why and speaks on', async () => {
  const context = await shared.browser.newContext({ locale: 'en-GB', serviceWorkers: 'block' });
  await context.route('**/words/de.json', (route) => route.abort());
  const page = await openIn(context, shared.server.url + '/');
  await page.selectOption('#opt-lang', 'de');
  await page.waitForFunction(() => /Deutsch words could not be fetched/.test(document.querySelector('#note').textContent));
  assert.equal(await page.locator('#opt-lang').inputValue(), 'en');
  assert.equal(await page.locator('#status').textContent(), 'Attackers to move.');
  await clickPoints(page, 'd4', 'd5');
  assert.equal(await page.locator('#status').textContent(), 'Defenders to move.');
  await context.close();
});

test('a worker that answers nonsense: the page says so and plays on', async () => {
  const context = await shared.browser.newContext({ serviceWorkers: 'block' });
  // A worker that is ready, then answers every request with no message of
  // the protocol.
  await context.route('**/asalto-worker_loader.js', (route) => route.fulfill({
    contentType: 'text/javascript',
    body: "postMessage('ready'); onmessage = () => postMessage({ kind: 'move', best: 42 });",
  }));
  const page = await openIn(context, shared.server.url + '/');
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.click('#new');
  await page.selectOption('#ng-defender', '2');
  await page.click('#ng-start');
  await clickPoints(page, 'd4', 'd5');
  await page.waitForFunction(() => /did not parse/.test(document.querySelector('#thinking').textContent));
  assert.match(await page.locator('#thinking').textContent(), /^The computer stopped \(the computer player's answer did not parse: .+\); both sides are played at this screen\.$/);
  // The game goes on by hand.
  await clickPoints(page, 'c5', 'c6');
  assert.equal(await page.locator('#moves .mv').count(), 2);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the worker answers a request that does not parse with an error', async () => {
  const page = await shared.browser.newPage();
  await page.goto(shared.server.url + '/');
  const answers = await page.evaluate(() => new Promise((resolve) => {
    const worker = new Worker('./asalto-worker_loader.js');
    const said = [];
    worker.onmessage = ({ data }) => {
      said.push(data);
      if (data === 'ready') worker.postMessage({ id: 'one', level: 'high' });
      else if (said.length === 2) worker.postMessage({ id: 7, record: 'assault z9-a1', level: 3 });
      else { worker.terminate(); resolve(said); }
    };
  }));
  assert.equal(answers[0], 'ready');
  assert.equal(answers[1].error.id, undefined);
  assert.match(answers[1].error.message, /^not a request: /);
  assert.equal(answers[2].error.id, 7);
  assert.match(answers[2].error.message, /z9/);
  await page.close();
});

test('an embedded board tells its page what it shows', async () => {
  const html = `<!doctype html><meta charset="utf-8"><script type="module" src="/asalto-board.js"></script>
    <asalto-board id="b" rules="assault" moves="d4-d5" lang="fr"></asalto-board>
    <script>window.shown = []; document.getElementById('b').addEventListener('gamechange', (e) => shown.push(e.detail));</script>`;
  const server = shared.server;
  const page = await shared.browser.newPage();
  await page.route('**/article.html', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto(server.url + '/article.html');
  await page.waitForFunction(() => document.querySelector('asalto-board').shadowRoot?.querySelector('#board')?.dataset.layout);
  const board = page.locator('asalto-board');
  assert.equal(await board.locator('#status').textContent(), 'Aux défenseurs de jouer.');
  await clickPointsIn(page, board, 'c5', 'c6');
  await page.waitForFunction(() => window.shown.length >= 2);
  const shown = await page.evaluate(() => window.shown);
  assert.deepEqual(shown.at(0), { record: 'assault d4-d5', ply: 1, at: 1, moves: 1, result: null });
  assert.deepEqual(shown.at(-1), { record: 'assault d4-d5 c5-c6', ply: 2, at: 2, moves: 2, result: null });
  await page.close();
});
