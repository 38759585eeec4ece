// Boards in other pages: the demo article's three <asalto-board>s, the
// iframe page embed.html, bad attributes, the element's own content when the
// game cannot load or start, a configurable wasm address served with the
// wrong type, and no request leaving the page's origin.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST, clickPointsIn, openGame, recordRequests, serve, setUp } from './harness.mjs';

const shared = setUp(before, after);

/** Opens `path` and waits until its `count` boards are drawn. */
async function openBoards(page, address, count) {
  await page.goto(address);
  await page.waitForFunction(
    (n) => [...document.querySelectorAll('asalto-board')]
      .filter((b) => b.shadowRoot?.querySelector('#board')?.dataset.layout).length === n,
    count,
  );
}

const board = (page, id) => page.locator(`asalto-board#${id}`);
const inBoard = (page, id, selector) => board(page, id).locator(selector);
const movesOf = (page, id) => inBoard(page, id, '#moves .mv').allTextContents();
const statusOf = (page, id) => inBoard(page, id, '#status').textContent();

test('the demo page shows three independent boards, of one size', async () => {
  const context = await shared.browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await openBoards(page, shared.server.url + '/demo.html', 3);
  assert.equal(await statusOf(page, 'standard'), 'Rebels to move.');
  assert.equal(await statusOf(page, 'double-jump'), 'Officers to move (move 3 of 3).');
  assert.equal(await statusOf(page, 'fill'), 'Rebels to move.');
  // One size per column: the same square board in each, and nothing wider.
  const boxes = [];
  for (const id of ['standard', 'double-jump', 'fill']) {
    const canvas = await inBoard(page, id, '#board').boundingBox();
    const frame = await inBoard(page, id, '.frame').boundingBox();
    assert.ok(Math.abs(canvas.width - canvas.height) < 1, `${id}: ${canvas.width}×${canvas.height}`);
    assert.ok(frame.width <= canvas.width + 1, `${id}: the controls are no wider than the board`);
    boxes.push(canvas.width);
  }
  assert.ok(Math.max(...boxes) - Math.min(...boxes) < 1, `boards of ${boxes.join(', ')} px`);
  // A move on one board is that board's alone.
  await board(page, 'standard').scrollIntoViewIfNeeded();
  await clickPointsIn(page, board(page, 'standard'), 'd4', 'd5');
  assert.deepEqual(await movesOf(page, 'standard'), ['d4-d5']);
  assert.deepEqual(await movesOf(page, 'fill'), []);
  // The computer's hint comes from the worker beside the module.
  await inBoard(page, 'standard', '#hint').click();
  await inBoard(page, 'standard', '#thinking').filter({ hasText: /^Hint: / }).waitFor();
  // The replay's move list shows the move shown whole, inside its box
  // (Figure 2's list once cut the row in half).
  const seen = await inBoard(page, 'double-jump', '#moves [aria-current]').evaluate((row) => {
    const r = row.getBoundingClientRect();
    for (let box = row.parentElement; box; box = box.parentElement) {
      if (getComputedStyle(box).overflowY === 'visible') continue;
      const b = box.getBoundingClientRect();
      if (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5) return false;
    }
    return true;
  });
  assert.ok(seen, 'the move shown is whole inside the box that scrolls it');
  // The keyboard steps through the board that has the focus, only.
  await inBoard(page, 'double-jump', '#board').focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await statusOf(page, 'double-jump'), 'Rebels to move.');
  assert.deepEqual(await movesOf(page, 'standard'), ['d4-d5'], 'not undone by the arrow key');
  // A replay plays no moves; its buttons step through it.
  await inBoard(page, 'double-jump', '#first').click();
  assert.equal(await statusOf(page, 'double-jump'), 'Rebels to move (move 0 of 3).');
  await clickPointsIn(page, board(page, 'double-jump'), 'd4', 'd5');
  assert.equal(await statusOf(page, 'double-jump'), 'Rebels to move (move 0 of 3).');
  // Each board keeps its own game for the next visit.
  await page.reload();
  await openBoards(page, shared.server.url + '/demo.html', 3);
  assert.deepEqual(await movesOf(page, 'standard'), ['d4-d5']);
  assert.deepEqual(await movesOf(page, 'fill'), []);
  assert.equal(await statusOf(page, 'double-jump'), 'Officers to move (move 3 of 3).');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a page that changes a board\'s attributes is shown the new game', async () => {
  const page = await shared.browser.newPage({ viewport: { width: 1000, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await openBoards(page, shared.server.url + '/demo.html', 3);
  const set = (attributes) => page.evaluate((a) => {
    const host = document.querySelector('asalto-board#double-jump');
    for (const [name, value] of Object.entries(a)) {
      if (value === null) host.removeAttribute(name);
      else host.setAttribute(name, value);
    }
  }, attributes);
  // An article's "show the position after move 2" link.
  await set({ ply: '2' });
  await page.waitForFunction(() => document.querySelector('asalto-board#double-jump')
    .shadowRoot.querySelector('#status').textContent.includes('move 1 of 3'));
  assert.equal(await statusOf(page, 'double-jump'), 'Rebels to move (move 1 of 3).');
  // Another game, played, in French, with other controls: one update.
  await set({ rules: 'asalto', moves: '@c5 @e5', mode: 'play', ply: null, lang: 'fr', controls: 'status moves new' });
  await page.waitForFunction(() => document.querySelector('asalto-board#double-jump')
    .shadowRoot.querySelector('#status').textContent.includes('rebelles'));
  assert.equal(await statusOf(page, 'double-jump'), 'Aux rebelles de jouer.');
  assert.deepEqual(await movesOf(page, 'double-jump'), ['@c5', '@e5']);
  assert.equal(await inBoard(page, 'double-jump', '#first').isVisible(), false);
  assert.equal(await inBoard(page, 'double-jump', '#new').textContent(), 'Nouvelle partie');
  await board(page, 'double-jump').scrollIntoViewIfNeeded();
  await clickPointsIn(page, board(page, 'double-jump'), 'd4', 'd5');
  assert.deepEqual(await movesOf(page, 'double-jump'), ['@c5', '@e5', 'd4-d5']);
  // The other boards are as they were.
  assert.equal(await statusOf(page, 'standard'), 'Rebels to move.');
  assert.deepEqual(errors, []);
  await page.close();
});

test('embed.html takes its options from the fragment and names the bad ones', async () => {
  const page = await shared.browser.newPage({ viewport: { width: 500, height: 400 } });
  await openBoards(page, shared.server.url + '/embed.html#rules=royal-garrison&mode=view&colour=red', 1);
  const host = page.locator('asalto-board');
  assert.match(await host.locator('#note').textContent(), /"colour" is not an option/);
  assert.equal(await host.locator('#undo').isVisible(), false, 'a view has no controls');
  assert.equal(await host.locator('#board').getAttribute('data-layout').then((l) => l.split(' ')[3]), '9');
  // An illegal move: the legal part, the reason, a board that plays on.
  await openBoards(page, shared.server.url + '/embed.html#moves=d4-d5+c5-c7', 1);
  assert.match(await host.locator('#note').textContent(), /stops at move 2/);
  assert.equal(await host.locator('#status').textContent(), 'Defenders to move.');
  await clickPointsIn(page, host, 'c5', 'c6');
  assert.equal(await host.locator('#status').textContent(), 'Attackers to move.');
  await page.close();
});

test('bad attributes are named inside the board, which keeps its defaults', async () => {
  const page = await shared.browser.newPage();
  const html = `<!doctype html><meta charset="utf-8"><script type="module" src="/asalto-board.js"></script>
    <asalto-board mode="fly" level="11" rules="chess"></asalto-board><p id="after">The article goes on.</p>`;
  const server = await serve(DIST, { '/bad.html': ['text/html', html] });
  try {
    await openBoards(page, server.url + '/bad.html', 1);
    const note = await page.locator('asalto-board #note').textContent();
    assert.match(note, /mode attribute "fly"/);
    assert.match(note, /level attribute "11"/);
    assert.match(note, /rule set/);
    assert.equal(await page.locator('asalto-board #status').textContent(), 'Attackers to move.');
    assert.ok(await page.locator('#after').isVisible());
  } finally {
    await page.close();
    await server.close();
  }
});

test('an article teaches with lesson="N" or the whole course; a lesson out of range is named', async () => {
  const page = await shared.browser.newPage();
  const html = `<!doctype html><meta charset="utf-8"><script type="module" src="/asalto-board.js"></script>
    <asalto-board id="taught" lesson="3"></asalto-board><asalto-board id="wrong" lesson="99"></asalto-board>
    <asalto-board id="course" mode="lesson" lang="de"></asalto-board><asalto-board id="daily" mode="puzzle"></asalto-board>`;
  const server = await serve(DIST, { '/lesson.html': ['text/html', html] });
  try {
    await openBoards(page, server.url + '/lesson.html', 4);
    assert.equal(await inBoard(page, 'taught', '#lesson-title').textContent(), 'Lesson 3 of 9: A capture');
    await clickPointsIn(page, board(page, 'taught'), 'd5', 'd3');
    assert.equal(await inBoard(page, 'taught', '#lesson-said').textContent(), 'Well done: that is it.');
    assert.equal(await inBoard(page, 'wrong', '#lesson').isHidden(), true);
    assert.match(await inBoard(page, 'wrong', '#note').textContent(), /lesson attribute "99".*1 to 9/);
    // The whole course in one board: it starts at the first lesson and
    // Next walks it to the last.
    assert.equal(await inBoard(page, 'course', '#lesson-title').textContent(), 'Lektion 1 von 9: Wie die Angreifer ziehen');
    for (let i = 0; i < 8; i++) await inBoard(page, 'course', '#lesson-next').click();
    assert.match(await inBoard(page, 'course', '#lesson-title').textContent(), /^Lektion 9 von 9: /);
    assert.equal(await inBoard(page, 'course', '#lesson-next').isDisabled(), true);
    // mode="puzzle" alone: the puzzle of the day (once the puzzles are fetched).
    await inBoard(page, 'daily', '#puzzle-title').waitFor();
    assert.match(await inBoard(page, 'daily', '#puzzle-title').textContent(), /^Puzzle \d+ of \d+$/);
  } finally {
    await page.close();
    await server.close();
  }
});

test('a board whose files come from another site (CORS, as a CDN) plays, the computer included', async () => {
  const files = await serve(DIST, {}, { 'access-control-allow-origin': '*' });
  const html = `<!doctype html><meta charset="utf-8"><script type="module" src="${files.url}/asalto-board.js"></script>
    <asalto-board id="cdn" computer="attacker" level="1"></asalto-board>`;
  const article = await serve(DIST, { '/article.html': ['text/html', html] });
  const page = await shared.browser.newPage();
  try {
    await page.goto(article.url + '/article.html');
    // The computer opens as the attackers: its worker started.
    await page.waitForFunction(
      () => document.querySelector('asalto-board')?.shadowRoot?.querySelectorAll('#moves .mv').length === 1,
      null,
      { timeout: 20000 },
    );
    assert.match(await statusOf(page, 'cdn'), /defenders/);
  } finally {
    await page.close();
    await article.close();
    await files.close();
  }
});

test('a board whose files cannot be fetched says so in one line above the content it was given', async () => {
  const page = await shared.browser.newPage();
  // As a host that is gone, or refuses them to another site (no CORS).
  await page.route('**/asalto-web_bg.wasm', (route) => route.fulfill({ status: 404, body: 'gone' }));
  const failed = page.waitForEvent('console', (m) => /could not be loaded/.test(m.text()));
  await page.goto(shared.server.url + '/demo.html');
  await failed;
  assert.ok(await page.locator('#double-jump .fallback').isVisible());
  const why = page.locator('#double-jump p[role=note]');
  assert.match(
    await why.textContent(),
    /^This board could not load its files from http:\/\/127\.0\.0\.1:\d+: .*Access-Control-Allow-Origin/,
  );
  await page.close();
});

test('a board that cannot start says why in its page\'s language, above the content it was given', async () => {
  const page = await shared.browser.newPage();
  // A browser that refuses the board a canvas.
  await page.addInitScript(() => {
    HTMLCanvasElement.prototype.getContext = () => null;
  });
  const html = `<!doctype html><html lang="fr"><meta charset="utf-8">
    <script type="module" src="/asalto-board.js"></script>
    <asalto-board><p class="fallback">Figure 1</p></asalto-board>`;
  const server = await serve(DIST, { '/refused.html': ['text/html', html] });
  try {
    const failed = page.waitForEvent('console', (m) => /could not start/.test(m.text()));
    await page.goto(server.url + '/refused.html');
    await failed;
    assert.match(await page.locator('asalto-board p:not(.fallback)').textContent(), /^Ce plateau n’a pas pu démarrer \(.+\)\.$/);
    assert.ok(await page.locator('asalto-board .fallback').isVisible());
  } finally {
    await page.close();
    await server.close();
  }
});

test('a board whose part of the module is lost says so, above its content', async () => {
  const page = await shared.browser.newPage();
  await page.route('**/split_element.wasm', (route) => route.fulfill({ status: 404, body: 'gone' }));
  const html = `<!doctype html><html lang="de"><meta charset="utf-8">
    <script type="module" src="/asalto-board.js"></script>
    <asalto-board><p class="fallback">Abbildung 1</p></asalto-board>`;
  const server = await serve(DIST, { '/lost.html': ['text/html', html] });
  try {
    const failed = page.waitForEvent('console', (m) => /could not start/.test(m.text()));
    await page.goto(server.url + '/lost.html');
    await failed;
    assert.match(await page.locator('asalto-board p:not(.fallback)').textContent(), /its code could not be fetched/);
    assert.ok(await page.locator('asalto-board .fallback').isVisible());
  } finally {
    await page.close();
    await server.close();
  }
});

test('the wasm address is configurable, and a wrong MIME type still loads', async () => {
  // The module and, beside it, its parts (scripts/web-parts.sh).
  const files = {};
  for (const name of (await readdir(DIST)).filter((n) => n.endsWith('.wasm') && !n.includes('worker'))) {
    const bin = name === 'asalto-web_bg.wasm' ? 'game' : name.replace(/\.wasm$/, '');
    files[`/files/${bin}.bin`] = ['application/octet-stream', await readFile(join(DIST, name))];
  }
  const html = `<!doctype html><meta charset="utf-8">
    <meta name="asalto-wasm" content="/files/game.bin">
    <script type="module" src="/asalto-board.js"></script>
    <asalto-board rules="asalto"></asalto-board>`;
  const server = await serve(DIST, {
    '/article/page.html': ['text/html', html],
    ...files,
  });
  const page = await shared.browser.newPage();
  const requests = recordRequests(page);
  try {
    await openBoards(page, server.url + '/article/page.html', 1);
    assert.match(await page.locator('asalto-board #status').textContent(), /place 2 officers/);
    assert.ok(requests.some((url) => url.endsWith('/files/game.bin')));
    assert.ok(!requests.some((url) => url.endsWith('.wasm')));
  } finally {
    await page.close();
    await server.close();
  }
});

test('no request leaves the page\'s origin', async () => {
  const own = (url) => url.startsWith(shared.server.url + '/') || /^(blob|data):/.test(url);
  // The game page with the computer asked for a hint (its worker loads).
  const page = await openGame(shared.browser, shared.server.url);
  const requests = recordRequests(page);
  await page.reload();
  await page.waitForFunction(() => document.querySelector('#board')?.dataset.layout);
  await page.click('#hint');
  await page.waitForFunction(() => /^Hint: /.test(document.querySelector('#thinking').textContent));
  await page.evaluate(() => navigator.serviceWorker.ready);
  for (const [path, count] of [['/demo.html', 3], ['/embed.html#mode=replay&moves=d4-d5', 1]]) {
    await openBoards(page, shared.server.url + path, count);
  }
  assert.ok(requests.length >= 8, `${requests.length} requests seen`);
  assert.deepEqual(requests.filter((url) => !own(url)), []);
  await page.close();
});
