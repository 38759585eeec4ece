// The reader's comforts: coordinates off, a high-contrast board, sounds for
// moves (on for the game page, off in embedded boards until ticked), kept
// for the next visit.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { clickPoints, clickPointsIn, openIn, setUp } from './harness.mjs';

const shared = setUp(before, after);

/** Counts the sounds the page plays, in `window.notes`. */
function countNotes() {
  window.notes = 0;
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (...args) {
    window.notes += 1;
    return play.apply(this, args);
  };
}

const baseImage = (page, scope = page) =>
  scope.locator('#board-base').evaluate((c) => c.toDataURL());

test('coordinates and contrast change the board and are kept', async () => {
  const context = await shared.browser.newContext();
  let page = await openIn(context, shared.server.url + '/');
  assert.equal(await page.isChecked('#opt-coordinates'), true);
  // Files and ranks along the edges of the standard 7 × 7 board.
  const coordinates = page.locator('.coordinates span');
  assert.deepEqual(await coordinates.allTextContents(), [...'abcdefg', ...'1234567']);
  assert.equal(await coordinates.first().isVisible(), true);
  await page.uncheck('#opt-coordinates');
  await coordinates.first().waitFor({ state: 'hidden' });
  const plain = await baseImage(page);
  await page.check('#opt-contrast');
  assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-contrast')), true);
  assert.equal(
    await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--board').trim()),
    '#fff',
  );
  await page.waitForFunction((old) => document.querySelector('#board-base').toDataURL() !== old, plain);
  await page.close();
  page = await openIn(context, shared.server.url + '/');
  assert.equal(await page.isChecked('#opt-coordinates'), false, 'kept');
  assert.equal(await page.isChecked('#opt-contrast'), true, 'kept');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('moves sound on the game page; embedded boards are quiet until asked', async () => {
  const context = await shared.browser.newContext();
  await context.addInitScript(countNotes);
  const page = await openIn(context, shared.server.url + '/');
  await clickPoints(page, 'd4', 'd5');
  assert.equal(await page.evaluate(() => window.notes), 1, 'a move: one sound');
  // A choice kept on the game page (sounds still on there)…
  await page.uncheck('#opt-coordinates');

  // …does not make an embedded board sound.
  const embedded = await context.newPage();
  await embedded.goto(shared.server.url + '/embed.html#controls=status+options');
  const board = embedded.locator('asalto-board');
  await board.locator('#board[data-layout]').waitFor();
  assert.equal(await board.locator('#opt-coordinates').isChecked(), true);
  await clickPointsIn(embedded, board, 'd4', 'd5');
  assert.equal(await embedded.evaluate(() => window.notes), 0, 'quiet at first');
  await board.locator('#opt-sound').check();
  await clickPointsIn(embedded, board, 'c5', 'c6');
  assert.equal(await embedded.evaluate(() => window.notes), 1);

  await page.uncheck('#opt-sound');
  await clickPoints(page, 'c5', 'c6');
  assert.equal(await page.evaluate(() => window.notes), 1, 'muted');
  await context.close();
});

test('Threats marks what a defender can take and where a step would be taken, says it, and is kept', async () => {
  const context = await shared.browser.newContext();
  let page = await openIn(context, shared.server.url + '/#assault+d4-d5+c5-d6');
  const board = page.locator('#board');
  assert.equal(await page.isChecked('#opt-threats'), false);
  assert.ok(await page.locator('#threats').isHidden());
  assert.equal(await board.getAttribute('data-threats'), '');
  const top = () => board.evaluate((c) => c.toDataURL());
  const before = await top();
  // Places in the panel's content (the panel scrolls when it is taller
  // than the screen, and checking a box scrolls it into view).
  const places = () => page.evaluate(() => {
    const panel = document.querySelector('.panel');
    return [...panel.querySelectorAll('.controls button')].filter((b) => b.getClientRects().length).map((b) => {
      const r = b.getBoundingClientRect();
      return `${b.id} ${r.x} ${r.y + panel.scrollTop}`;
    });
  });
  const placed = await places();
  await page.check('#opt-threats');
  // Its words come under the controls: no button moves.
  await page.locator('#threats').waitFor();
  assert.deepEqual(await places(), placed);
  // From the rules engine: the defenders on d6 and e5 can take d5; a step
  // to c5 or d4 would be taken, and the words name the steps.
  assert.equal(await board.getAttribute('data-threats'), 'd5');
  assert.equal(await board.getAttribute('data-unsafe').then((s) => s.split(' ').sort().join(' ')), 'c5 d4');
  assert.equal(
    await page.locator('#threats').textContent(),
    'The defender on d6 can take d5. The defender on e5 can take d5. An attacker stepping b4-c5, c3-d4 or e3-d4 would be taken.',
  );
  await page.waitForFunction((b) => document.querySelector('#board').toDataURL() !== b, before);
  // After a move, the new position's threats.
  await clickPoints(page, 'c4', 'c5');
  assert.equal(await board.getAttribute('data-threats'), 'd5');
  assert.equal(await board.getAttribute('data-unsafe'), '', 'the defenders to move');
  assert.equal(await page.locator('#threats').textContent(), 'The defender on d6 can take d5.');
  await page.close();
  page = await openIn(context, shared.server.url + '/');
  assert.equal(await page.isChecked('#opt-threats'), true, 'kept');
  await page.uncheck('#opt-threats');
  assert.ok(await page.locator('#threats').isHidden());
  await context.close();
});
