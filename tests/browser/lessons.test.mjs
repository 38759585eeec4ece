// The course in real headless Chromium: a lesson opened from the first
// visit's card, done by pointer and by keyboard, a wrong move judged, the
// stars kept after a reload, in another language.
// Run by scripts/test.sh after `trunk build --release`.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { clickPoints, openIn, setUp } from './harness.mjs';

// Said at once; once the computer's reply is played, it is named.
const NOT_QUITE = /^Not quite: (that move does not do it|\S+ answers that move)\. Play another, or ask for a hint\.$/;

const shared = setUp(before, after);

const text = (page, selector) => page.locator(selector).textContent();

test('a lesson is done by pointer, the next by keyboard, and the stars are kept', async () => {
  const context = await shared.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openIn(context, shared.server.url + '/');
  await page.click('#welcome-learn');
  await page.locator('#lesson').waitFor(); // the card's code is a part, fetched on first use
  assert.equal(await page.locator('#lesson').isVisible(), true);
  assert.equal(await text(page, '#lesson-title'), 'Lesson 1 of 9: How the attackers move');
  assert.equal(await text(page, '#lesson-stars'), '☆☆☆☆☆☆☆☆☆');
  await page.click('#lesson-hint');
  assert.equal(await text(page, '#lesson-said'), 'Hint: Click d4, then d5.');
  await clickPoints(page, 'd4', 'd5');
  assert.equal(await text(page, '#lesson-said'), 'Well done: that is it.');
  assert.equal(await text(page, '#lesson-stars'), '★☆☆☆☆☆☆☆☆');
  assert.equal(await page.locator('#lesson-stars').getAttribute('aria-label'), '1 of 9 lessons done');
  // Lesson 2 by keyboard: the point buttons, Enter on each.
  await page.click('#lesson-next');
  assert.equal(await text(page, '#lesson-title'), 'Lesson 2 of 9: How the defenders move');
  await page.locator('[data-point=c5]').press('Enter');
  await page.locator('[data-point=c4]').press('Enter');
  assert.equal(await text(page, '#lesson-said'), 'Well done: that is it.');
  assert.equal(await text(page, '#lesson-stars'), '★★☆☆☆☆☆☆☆');
  // Lesson 7: a move that does not hem the defenders in is judged; Next
  // is not the main button until the task is done; Hint is still there,
  // and the next tap takes the wrong move back; a refused tap is said in
  // the card.
  for (let i = 0; i < 5; i++) await page.click('#lesson-next');
  assert.equal(await text(page, '#lesson-title'), 'Lesson 7 of 9: Hemming the defenders in');
  await clickPoints(page, 'a3', 'a4');
  assert.match(await text(page, '#lesson-said'), NOT_QUITE);
  // The computer's best reply shows why it fails.
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 2);
  assert.match(await text(page, '#lesson-said'), /^Not quite: \S+ answers that move\./);
  assert.equal(await page.locator('#lesson-next.primary').count(), 0);
  assert.equal(await page.locator('#lesson-hint').isEnabled(), true);
  await page.click('#lesson-hint');
  assert.match(await text(page, '#lesson-said'), /^Hint: /);
  await clickPoints(page, 'c7');
  const refused = await text(page, '#lesson-said');
  assert.ok(refused && !refused.startsWith('Hint'), `a refused tap said in the card: ${refused}`);
  assert.equal(await text(page, '#note'), '', 'and not far below it');
  await clickPoints(page, 'c4', 'c5');
  assert.equal(await text(page, '#lesson-said'), 'Well done: that is it.');
  assert.equal(await page.locator('#lesson-next.primary').count(), 1);
  // The list of every lesson, starred when done, opens any, back too.
  assert.equal(await page.locator('#lesson-pick option').count(), 9);
  assert.equal(await page.locator('#lesson-pick').inputValue(), '6');
  assert.match(await page.locator('#lesson-pick option').nth(6).textContent(), /^★ 7\. Hemming/);
  await page.selectOption('#lesson-pick', '0');
  assert.equal(await text(page, '#lesson-title'), 'Lesson 1 of 9: How the attackers move');
  await page.selectOption('#lesson-pick', '6');
  assert.equal(await page.locator('#result').isHidden(), true, 'no result box in a lesson');
  // Lesson 8, tempo: moving the defender that holds c5 is judged; a
  // waiting move with the other one is the task.
  await page.click('#lesson-next');
  assert.equal(await text(page, '#lesson-title'), 'Lesson 8 of 9: Tempo at the end');
  await clickPoints(page, 'c5', 'c4');
  assert.match(await text(page, '#lesson-said'), NOT_QUITE);
  await page.click('#lesson-again');
  await clickPoints(page, 'd1', 'd2');
  assert.equal(await text(page, '#lesson-said'), 'Well done: that is it.');
  // Lesson 9, under Asalto's huffing: a move that does not take is legal,
  // and judged; the names are the preset's.
  await page.click('#lesson-next');
  assert.equal(await text(page, '#lesson-title'), 'Lesson 9 of 9: Huffing');
  assert.match(await text(page, '#lesson-task'), /defender that could take/, 'one name for each side in the course');
  await clickPoints(page, 'c7', 'd7');
  assert.match(await text(page, '#lesson-said'), NOT_QUITE);
  await page.click('#lesson-again');
  await clickPoints(page, 'd5', 'd3');
  assert.equal(await text(page, '#lesson-said'), 'Well done: that is it.');
  // After a reload: no lesson saved as a game; Lessons opens the first
  // lesson not done, in French, with the stars kept.
  const again = await openIn(context, shared.server.url + '/');
  assert.equal(await again.locator('#lesson').isHidden(), true);
  assert.equal(await again.locator('#moves .mv').count(), 0);
  await again.selectOption('#opt-lang', 'fr');
  await again.waitForFunction(() => document.querySelector('#learn').textContent === 'Leçons');
  await again.click('#learn');
  await again.locator('#lesson').waitFor(); // a part again, after the reload
  assert.equal(await text(again, '#lesson-title'), 'Leçon 3 sur 9 : Une prise');
  assert.equal(await text(again, '#lesson-stars'), '★★☆☆☆☆★★★');
  await again.click('#lesson-leave');
  assert.equal(await again.locator('#lesson').isHidden(), true);
  assert.equal(await text(again, '#status'), 'Aux assaillants de jouer.');
  assert.deepEqual([...page.errors, ...again.errors], []);
  await context.close();
});
