// The puzzles in real headless Chromium: the puzzle of the day from the
// first visit's card and from its link (the same on two visits of one
// date), a wrong move refused with its reason, the answer shown, the right
// move accepted; in English and in French.
// Run by scripts/test.sh after `trunk build --release`.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, ROOT, clickPoints, openIn, press, serve, setUp } from './harness.mjs';

const shared = setUp(before, after);

const text = (page, selector) => page.locator(selector).textContent();

/** The committed puzzles: [position, answer]. */
const PUZZLES = readFileSync(join(ROOT, 'www', 'puzzles.txt'), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split('\t'));

/** The pairs (from, to) of the side to move's steps, read from the point
 * buttons' names as a screen reader hears them (chosen by keyboard). */
async function steps(page) {
  const label = (p) => page.locator(`[data-point=${p}]`).getAttribute('aria-label');
  const points = await page.locator('[data-point]').evaluateAll((bs) => bs.map((b) => b.dataset.point));
  const pairs = [];
  for (const from of points) {
    if (!(await label(from)).endsWith(', can move')) continue;
    await page.locator(`[data-point=${from}]`).press('Enter');
    for (const to of points) if ((await label(to)).endsWith(', move here')) pairs.push([from, to]);
    await page.locator(`[data-point=${from}]`).press('Escape');
  }
  return pairs;
}

test('the puzzle of the day: the same on two visits, a wrong step refused with its reason, the answer accepted', async () => {
  const context = await shared.browser.newContext({ viewport: { width: 1280, height: 800 } });
  let page = await openIn(context, shared.server.url + '/');
  await page.click('#welcome-puzzle');
  // The puzzles are fetched when first asked for: the card comes with them.
  await page.locator('#puzzle').waitFor();
  const title = await text(page, '#puzzle-title');
  assert.match(title, new RegExp(`^Puzzle \\d+ of ${PUZZLES.length}$`));
  const n = Number(title.split(' ')[1]);
  await page.waitForFunction((n) => location.hash === `#puzzle=${n}`, n);
  // The link of the day opens the same puzzle on another visit.
  const again = await openIn(context, shared.server.url + '/#puzzle');
  await again.locator('#puzzle').waitFor();
  assert.equal(await text(again, '#puzzle-title'), title);
  await again.close();
  // The More menu has it too.
  await press(page, '#puzzles');
  assert.equal(await text(page, '#puzzle-title'), title);
  await page.close();

  // A puzzle whose answer is a step: a wrong step, then the answer.
  const index = PUZZLES.findIndex(([, answer]) => /^[a-z]\d+-[a-z]\d+$/.test(answer));
  assert.ok(index >= 0, 'a puzzle answered by a step');
  const [position, answer] = PUZZLES[index];
  page = await openIn(context, `${shared.server.url}/#puzzle=${index + 1}`);
  await page.locator('#puzzle').waitFor();
  assert.equal(await text(page, '#puzzle-title'), `Puzzle ${index + 1} of ${PUZZLES.length}`);
  const side = position.endsWith('first=attacker') ? 'Attackers' : 'Defenders';
  // A puzzle under other rules than the standard game's names them.
  const task = await text(page, '#puzzle-task');
  const standard = position.split(';')[0] === 'assault';
  assert.match(task, new RegExp(`^${side} to move${standard ? '' : ', under the rules of .+'}\\. Exactly one move wins: find it\\.$`));
  const wrong = (await steps(page)).find(([a, b]) => `${a}-${b}` !== answer);
  assert.ok(wrong, 'another step');
  await clickPoints(page, ...wrong);
  // Then the computer's best reply, which shows why it fails.
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 2);
  const reply = (await page.locator('#moves .mv').allTextContents())[1];
  const refuted = `${wrong.join('-')} loses: ${reply} answers it, and against the best defence it cannot win, as the solver proved. Play another.`;
  assert.equal(await text(page, '#puzzle-said'), refuted);
  // A moment later both are taken back by themselves; the words stay.
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 0, null, { timeout: 6000 });
  assert.equal(await text(page, '#puzzle-said'), refuted);
  await page.click('#puzzle-answer');
  assert.equal(await text(page, '#puzzle-said'), `The answer: ${answer}.`);
  // Played in place of the move tried.
  assert.deepEqual(await page.locator('#moves .mv').allTextContents(), [answer]);
  assert.equal(await page.locator('#board').getAttribute('data-route'), answer.replace('-', ' '));
  await page.click('#puzzle-again');
  assert.equal(await text(page, '#puzzle-said'), '');
  await clickPoints(page, ...answer.split('-'));
  assert.equal(
    await text(page, '#puzzle-said'),
    `Right: ${answer} is the only move that wins; the solver proved that every other loses.`,
  );
  assert.equal(await page.locator('#result').isVisible(), false, 'the card, not the result');
  await page.click('#puzzle-next');
  assert.equal(await text(page, '#puzzle-title'), `Puzzle ${index + 2} of ${PUZZLES.length}`);
  await page.click('#puzzle-leave');
  assert.equal(await page.locator('#puzzle').isVisible(), false);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a puzzle speaks French', async () => {
  const context = await shared.browser.newContext({ locale: 'fr-FR' });
  const page = await openIn(context, `${shared.server.url}/#puzzle=1`);
  await page.waitForFunction(() => document.querySelector('#puzzle-title').textContent.startsWith('Problème'));
  assert.equal(await text(page, '#puzzle-title'), `Problème 1 sur ${PUZZLES.length}`);
  assert.match(await text(page, '#puzzle-task'), /^Aux .* de jouer(, selon les règles de .*)?\. Un seul coup gagne : trouvez-le\.$/);
  assert.equal(await text(page, '#puzzle-next'), 'Problème suivant');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('an article shows a puzzle: <asalto-board puzzle="2">, and a bad number is named', async () => {
  const html = `<!doctype html><meta charset="utf-8"><script type="module" src="/asalto-board.js"></script>
    <asalto-board id="p" puzzle="2"></asalto-board><asalto-board id="bad" puzzle="0"></asalto-board>`;
  const server = await serve(DIST, { '/article.html': ['text/html', html] });
  const page = await shared.browser.newPage();
  await page.goto(server.url + '/article.html');
  const inBoard = (id, selector) => page.locator(`#${id}`).locator(selector);
  await inBoard('p', '#puzzle-title').waitFor();
  assert.equal(await inBoard('p', '#puzzle-title').textContent(), `Puzzle 2 of ${PUZZLES.length}`);
  assert.match(await inBoard('bad', '#note').textContent(), /puzzle/);
  await page.close();
  server.close();
});

test('puzzles that cannot be fetched are said so, and the game plays on', async () => {
  const context = await shared.browser.newContext();
  await context.route('**/puzzles.txt', (route) => route.fulfill({ status: 404, body: 'gone' }));
  const page = await openIn(context, shared.server.url + '/#puzzle=3');
  await page.waitForFunction(() => /^The puzzles could not be fetched: .*404/.test(document.querySelector('#note').textContent));
  assert.equal(await page.locator('#puzzle').isHidden(), true);
  assert.equal(await text(page, '#status'), 'Attackers to move.');
  await context.close();
});
