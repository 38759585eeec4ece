// Playing without the mouse: the keyboard alone (Tab to the board, the
// arrows along its lines, Enter), and the point elements alone, as a screen
// reader uses them (each named by its point and what stands on it); and
// axe-core's automated WCAG 2.1 AA checks of the pages.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ROOT, openIn, setUp, press } from './harness.mjs';

const shared = setUp(before, after);

/** A short game: the defenders win at the first capture. */
const GAME = '/#assault;defender-wins-below=24';
const open = async () => openIn(await shared.browser.newContext(), shared.server.url + GAME);
const END = 'Defenders win: fewer than 24 attackers remain.';

const moves = (page) => page.locator('#moves .mv').allTextContents();
const focused = (page) => page.evaluate(() => document.activeElement?.dataset.point ?? null);

/** Moves the keyboard's cursor to `name` with the arrow keys. */
async function cursorTo(page, name) {
  const step = async (key, n) => {
    for (let i = 0; i < Math.abs(n); i++) await page.keyboard.press(key);
  };
  const from = await focused(page);
  const dx = name.charCodeAt(0) - from.charCodeAt(0);
  const dy = Number(name.slice(1)) - Number(from.slice(1));
  await step(dx > 0 ? 'ArrowRight' : 'ArrowLeft', dx);
  await step(dy > 0 ? 'ArrowUp' : 'ArrowDown', dy);
  assert.equal(await focused(page), name);
}

test('a game is played to its end with the keyboard only', async () => {
  const page = await open();
  for (let i = 0; i < 10 && !(await focused(page)); i++) await page.keyboard.press('Tab');
  assert.ok(await focused(page), 'Tab reaches the board');
  // A refused choice says why, in a live region.
  await cursorTo(page, 'c5');
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('#note').textContent(), "It is the attackers' turn.");
  assert.equal(await page.locator('#note').getAttribute('aria-live'), 'polite');
  // A piece picked and dropped again with Escape.
  await cursorTo(page, 'd4');
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('[data-point=d4]').getAttribute('aria-label'), 'd4, attacker, selected');
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('[data-point=d4]').getAttribute('aria-label'), 'd4, attacker, can move');
  for (const point of ['d4', 'd5', 'c5', 'c6', 'c4', 'c5', 'c6', 'c4']) {
    await cursorTo(page, point);
    await page.keyboard.press(point === 'c6' ? ' ' : 'Enter');
  }
  assert.deepEqual(await moves(page), ['d4-d5', 'c5-c6', 'c4-c5', 'c6xc4']);
  assert.equal(await page.locator('#status').textContent(), END);
  // On the board the arrows move the cursor, never through the game.
  await page.keyboard.press('ArrowLeft');
  assert.equal(await focused(page), 'b4');
  assert.equal(await page.locator('#moves .mv[aria-current]').textContent(), 'c6xc4');
  assert.equal(await page.locator('#status').textContent(), END);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a game is played to its end with the point elements only', async () => {
  const page = await open();
  const point = (name) => page.getByRole('button', { name, exact: true });
  assert.equal(await page.getByRole('group', { name: 'Points of the board' }).getByRole('button').count(), 33);
  assert.ok(await point('c5, defender, can move').count() === 0, 'the attackers move first');
  for (const [from, to] of [['d4', 'd5'], ['c5', 'c6'], ['c4', 'c5']]) {
    await point(`${from}, ${from === 'c5' ? 'defender' : 'attacker'}, can move`).dispatchEvent('click');
    await point(`${to}, empty, move here`).dispatchEvent('click');
  }
  await point('c6, defender, can move').dispatchEvent('click');
  await point('c4, empty, move here').dispatchEvent('click');
  assert.deepEqual(await moves(page), ['d4-d5', 'c5-c6', 'c4-c5', 'c6xc4']);
  assert.equal(await point('c5, empty').count(), 1, 'the captured attacker is gone');
  assert.equal(await point('c4, defender').count(), 1);
  assert.equal(await page.locator('#status').textContent(), END);
  // The live region says the last move and what it took, then the result.
  assert.equal(
    (await page.getByRole('status').textContent()).replace(/\s+/g, ' ').trim(),
    `Defenders: c6xc4. Captured 1 attacker (c5). ${END}`,
  );
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** The WCAG 2.1 A and AA rules axe-core can test that `page` breaks. */
async function violations(page) {
  await page.addScriptTag({ path: join(ROOT, 'node_modules/axe-core/axe.min.js') });
  const result = await page.evaluate(() => axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  }));
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary}`).join(', ')}`);
}

test('the pages break none of the WCAG 2.1 AA rules axe-core checks, light and dark', async () => {
  // Light in English, dark in German (longer words).
  for (const [colorScheme, locale] of [['light', 'en-GB'], ['dark', 'de-DE']]) {
    const context = await shared.browser.newContext({ colorScheme, locale });
    // The game page with a note (a link with an illegal move), then its dialog.
    const page = await openIn(context, shared.server.url + '/#assault+d4-d5+c5-c3');
    assert.deepEqual(await violations(page), [], `game page, ${colorScheme}`);
    await press(page, '#rules');
    await page.click('#rules-dialog .sources summary');
    assert.deepEqual(await violations(page), [], `Rules dialog, ${colorScheme}`);
    await page.keyboard.press('Escape');
    await page.click('#new');
    await page.locator('#new-game summary').click();
    assert.deepEqual(await violations(page), [], `New game dialog, ${colorScheme}`);
    // A first visit's card, then a lesson with its hint.
    const first = await shared.browser.newContext({ colorScheme, locale });
    const fresh = await openIn(first, shared.server.url + '/');
    assert.equal(await fresh.locator('#welcome').isVisible(), true);
    assert.deepEqual(await violations(fresh), [], `first visit, ${colorScheme}`);
    await fresh.click('#welcome-learn');
    await fresh.click('#lesson-hint');
    assert.deepEqual(await violations(fresh), [], `a lesson, ${colorScheme}`);
    // The puzzle of the day, its answer shown; the More menu open.
    await fresh.goto(shared.server.url + '/#puzzle');
    await fresh.locator('#puzzle').waitFor();
    await fresh.click('#puzzle-answer');
    assert.deepEqual(await violations(fresh), [], `a puzzle, ${colorScheme}`);
    await fresh.click('#more');
    assert.deepEqual(await violations(fresh), [], `the More menu, ${colorScheme}`);
    await first.close();
    // The demo article's three boards.
    await page.goto(shared.server.url + '/demo.html');
    await page.waitForFunction(() => [...document.querySelectorAll('asalto-board')]
      .every((b) => b.shadowRoot?.querySelector('#board')?.dataset.layout));
    assert.deepEqual(await violations(page), [], `demo page, ${colorScheme}`);
    await context.close();
  }
});
