// The computer player in real headless Chromium: it answers from its Web
// Worker, plays itself at a chosen pace with pause and resume, gives
// hints, and when its worker cannot run the game goes on by hand.
// Run by scripts/test.sh after `trunk build --release`.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, serve, clickPoints, openGame, setUp } from './harness.mjs';

const shared = setUp(before, after);

const open = (url = shared.server.url) => openGame(shared.browser, url);

const text = (page, selector) => page.locator(selector).textContent();
const moveCount = (page) => page.locator('#moves .mv').count();

/** Starts a standard game with these players ('human' or a level 1–5). */
async function newGame(page, attacker, defender, pause = '300') {
  await page.click('#new');
  await page.selectOption('#ng-attacker', attacker);
  await page.selectOption('#ng-defender', defender);
  await page.selectOption('#ng-pause', pause);
  await page.click('#ng-start');
  await page.waitForFunction(() => !document.querySelector('#new-game').open);
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 0);
  // The first visit's card goes with the frame that draws the new game: a
  // busy machine may not have drawn it yet.
  await page.waitForFunction(() => document.querySelector('#welcome').hidden);
}

test('the computer answers a move and the person plays on', async () => {
  const page = await open();
  await newGame(page, 'human', '2');
  assert.equal(await page.locator('#pause').isHidden(), true, 'no Pause while the person is to move');
  await clickPoints(page, 'd4', 'd5');
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 2, null, {
    timeout: 15000,
  });
  assert.equal(await text(page, '#status'), 'Your move (attackers).');
  // Undo takes back the computer's reply and the person's move.
  await page.click('#undo');
  assert.equal(await text(page, '#status'), 'Attackers to move (move 0 of 1).');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('computer against computer can be watched, paused and resumed', async () => {
  const page = await open();
  await newGame(page, '1', '1', '300');
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length >= 4, null, {
    timeout: 15000,
  });
  await page.click('#pause');
  assert.equal(await text(page, '#pause'), 'Resume');
  const paused = await moveCount(page);
  await page.waitForTimeout(1200);
  // At most the move already on its way when Pause was pressed.
  assert.ok((await moveCount(page)) <= paused + 1);
  const resumedFrom = await moveCount(page);
  await page.click('#pause');
  await page.waitForFunction(
    (n) => document.querySelectorAll('#moves .mv').length > n,
    resumedFrom,
    { timeout: 15000 },
  );
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a hint explains itself with a fact the engine can name', async () => {
  const page = await open();
  // The defenders must capture: the hint takes, and says how many.
  await page.goto(shared.server.url + '/#assault+d4-d5+c5-d4+b4-c5');
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 3);
  await page.click('#hint');
  await page.waitForFunction(() => /^Hint: /.test(document.querySelector('#thinking').textContent), null, {
    timeout: 15000,
  });
  assert.equal(await text(page, '#thinking'), 'Hint: d4xb4xd6xd4: it takes 3 attackers.');
  assert.equal(await page.locator('#board').getAttribute('data-hint'), 'd4 b4 d6 d4');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a hint shows a move for the side to move', async () => {
  const page = await open();
  await clickPoints(page, 'd4', 'd5');
  // The worker is fetched when the pointer comes to Hint, before the click.
  const worker = page.waitForRequest(/asalto-worker(-simd)?_bg\.wasm$/);
  await page.hover('#hint');
  await worker;
  await page.click('#hint');
  await page.waitForFunction(() => /^Hint: /.test(document.querySelector('#thinking').textContent), null, {
    timeout: 15000,
  });
  const hint = (await text(page, '#thinking')).match(/^Hint: ([^\s:]+?)[:.]/)[1];
  assert.ok(['c5-c6', 'c5-d4', 'c5-d6', 'e5-d4', 'e5-d6', 'e5-e6'].includes(hint), hint);
  // On the board: the piece it moves and an arrow to its target.
  assert.equal(await page.locator('#board').getAttribute('data-hint'), hint.replace('-', ' '));
  // The hint goes once a move is played.
  const [from, to] = hint.split('-');
  await clickPoints(page, from, to);
  assert.equal(await text(page, '#thinking'), '');
  assert.equal(await page.locator('#board').getAttribute('data-hint'), '');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the worker runs its SIMD build where the browser has SIMD, and the plain one elsewhere', async () => {
  // The loader as served, and the same behind a probe that says no.
  const loader = readFileSync(join(DIST, 'asalto-worker_loader.js'), 'utf8');
  const without = await serve(undefined, {
    '/asalto-worker_loader.js': ['text/javascript', `WebAssembly.validate = () => false;\n${loader}`],
  });
  try {
    for (const [url, fetched] of [[shared.server.url, 'asalto-worker-simd_bg.wasm'], [without.url, 'asalto-worker_bg.wasm']]) {
      const page = await open(url);
      const modules = [];
      page.on('request', (r) => /_bg\.wasm$/.test(r.url()) && modules.push(r.url().split('/').pop()));
      await newGame(page, 'human', '2');
      await clickPoints(page, 'd4', 'd5');
      await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 2, null, {
        timeout: 15000,
      });
      assert.deepEqual(modules, [fetched]);
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  } finally {
    await without.close();
  }
});

test('when the worker cannot run, it is retried once and then people play on', async () => {
  const broken = await serve(undefined, {
    '/asalto-worker_loader.js': ['text/javascript', 'throw new Error("no engine here");'],
  });
  try {
    const page = await open(broken.url);
    await newGame(page, 'human', '3');
    await clickPoints(page, 'd4', 'd5');
    await page.waitForFunction(() => /stopped/.test(document.querySelector('#thinking').textContent), null, {
      timeout: 15000,
    });
    assert.match(await text(page, '#thinking'), /both sides are played at this screen/);
    assert.equal(await text(page, '#status'), 'Defenders to move.');
    await clickPoints(page, 'c5', 'c6');
    assert.equal(await moveCount(page), 2);
    await page.close();
  } finally {
    await broken.close();
  }
});

test('Review judges every position in the Worker, marks the moves in the game and draws the graph', async () => {
  const page = await open();
  await page.click('#review');
  assert.match(await text(page, '#note'), /nothing to review/);
  const game = 'assault+d4-d5+c5-d4+d5-d6+e5xc7+b4-c5+d4xb4xd6';
  await page.goto(shared.server.url + '/#' + game);
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 6);
  await page.click('#review');
  await page.locator('#review-box').waitFor(); // the box's code is a part, fetched on first use
  assert.ok(await page.locator('#review-box').isVisible());
  assert.match(await text(page, '#review-status'), /^Reviewing: \d of 7 positions$/);
  await page.waitForFunction(() => /^Reviewed: /.test(document.querySelector('#review-status').textContent), null, {
    timeout: 20000,
  });
  // The moves stay; the marks the review wrote are in the move list, the
  // table and the link.
  const moves = await page.locator('#moves .mv').allTextContents();
  assert.deepEqual(moves.map((m) => m.replace(/[!?]+$/, '')), ['d4-d5', 'c5-d4', 'd5-d6', 'e5xc7', 'b4-c5', 'd4xb4xd6']);
  // ?! an inaccuracy, ? a mistake, ?? a blunder.
  const marked = moves.filter((m) => /\?/.test(m)).length;
  const rows = await page.locator('#review-table tr').allTextContents();
  assert.equal(rows.filter((r) => /Inaccuracy|Mistake|Blunder/.test(r)).length, marked, rows.join(' | '));
  const [counted] = (await text(page, '#review-status')).match(/\d+ inaccuracies, \d+ mistakes, \d+ blunders/);
  assert.equal(counted.match(/\d+/g).map(Number).reduce((a, b) => a + b), marked);
  const hash = await page.evaluate(() => decodeURIComponent(location.hash));
  assert.equal((hash.match(/\[%draw\+/g) || []).length, marked, hash);
  // The table has its headings; the graph says which side is up and
  // counts turns along its axis.
  assert.deepEqual(await page.locator('#review-table th').allTextContents(), ['Turn', 'Move', 'Judged', 'Better']);
  assert.equal(await text(page, '#graph .graph-label.up'), 'Attackers ahead');
  assert.equal(await text(page, '#graph .graph-label.down'), 'Defenders ahead');
  assert.deepEqual(await page.locator('#graph .graph-turns span').allTextContents(), ['turn 1', 'turn 3']);
  // The graph: seven points, and a click shows the move under it.
  const points = await page.locator('#graph polyline').getAttribute('points');
  assert.equal(points.split(' ').length, 7);
  const box = await page.locator('#graph').boundingBox();
  await page.mouse.click(box.x + 2, box.y + box.height / 2);
  assert.equal(await text(page, '#status'), 'Attackers to move (move 0 of 3).');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a known blunder is marked ?? with the better move, as asalto review marks it', async () => {
  const page = await open();
  // b4-c5 leaves c4, c5 and d5 to the defender's d4xb4xd6xd4.
  await page.goto(shared.server.url + '/#assault+d4-d5+c5-d4+b4-c5+d4xb4xd6xd4');
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 4);
  await page.click('#review');
  await page.waitForFunction(() => /^Reviewed: /.test(document.querySelector('#review-status').textContent), null, {
    timeout: 20000,
  });
  assert.equal(await page.locator('#moves .mv').nth(2).textContent(), 'b4-c5??');
  const hash = await page.evaluate(() => decodeURIComponent(location.hash));
  assert.match(hash, /b4-c5\?\?\+\{Blunder:\+\S+\+was\+better\.\+\[%draw\+[a-g][1-7]-[a-g][1-7]\]\}/);
  // The blunder's position shows the better move's arrow, and its advice
  // has room, at a desktop's size and a phone's.
  await page.locator('#moves .mv').nth(2).click();
  assert.match(await page.locator('#board').getAttribute('data-shapes'), /^[a-g][1-7]-[a-g][1-7]$/);
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    const advice = await page.locator('#comment').boundingBox();
    assert.ok(advice && advice.height > 10, `the advice is ${advice?.height} px high at ${viewport.width} px`);
    assert.match(await page.locator('#comment').textContent(), /^Blunder: \S+ was better\.$/);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  // The graph by keyboard: focused, ← steps back a move.
  await page.focus('#graph');
  await page.keyboard.press('ArrowLeft');
  assert.equal((await page.locator('#moves .mv[aria-current]').textContent()).replace(/[!?]+$/, ''), 'c5-d4');
  assert.match(await page.locator('#graph line.shown').getAttribute('x1'), /^\d+$/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('nothing moves when Move now and Pause come and go, or the More menu opens; the menu closes', async () => {
  const page = await open();
  await newGame(page, 'human', '5');
  const places = () => page.evaluate(() =>
    [...document.querySelectorAll('.panel .controls button, .panel .moves-heading, #options')]
      .map((el) => { const r = el.getBoundingClientRect(); return `${el.id || el.className} ${Math.round(r.x)} ${Math.round(r.y)}`; }));
  const placed = await places();
  assert.ok(placed.length >= 9, placed.join('\n'));
  await clickPoints(page, 'd4', 'd5');
  await page.locator('#move-now').waitFor({ state: 'visible' });
  assert.deepEqual(await places(), placed, 'while the computer thinks');
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 2, null, {
    timeout: 15000,
  });
  assert.equal(await page.locator('#move-now').isHidden(), true);
  assert.deepEqual(await places(), placed, 'after its move');
  // The More menu opens over the panel: sharing, authoring, the rules.
  const menu = page.locator('#more-menu');
  assert.equal(await menu.isVisible(), false);
  await page.click('#more');
  assert.equal(await menu.isVisible(), true);
  assert.equal(await page.locator('#rules').isVisible(), true);
  assert.deepEqual(await places(), placed, 'the menu pushes nothing');
  await page.keyboard.press('Escape');
  assert.equal(await menu.isVisible(), false, 'Escape closes it');
  // A choice in it closes it too.
  await page.click('#more');
  await page.click('#rules');
  await page.locator('#rules-dialog').waitFor({ state: 'visible' });
  assert.equal(await menu.isVisible(), false, 'a choice closes it');
  assert.deepEqual(page.errors, []);
  await page.close();
});
