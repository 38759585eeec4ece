// A newcomer's first visit in real headless Chromium: the card that asks
// how to play, a computer game in one click, each side's goal under the
// status, and "you" against the computer.
// Run by scripts/test.sh after `trunk build --release`.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, openIn, setUp } from './harness.mjs';

const shared = setUp(before, after);

const text = (page, selector) => page.locator(selector).textContent();

test('a first visit offers the computer, a friend and the rules; one click starts a computer game', async () => {
  const context = await shared.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openIn(context, shared.server.url + '/');
  assert.equal(await page.locator('#welcome').isVisible(), true);
  assert.equal(await text(page, '#welcome-attack'), 'as the attackers');
  assert.equal(await text(page, '#welcome-defend'), 'as the defenders');
  assert.equal(await page.locator('#welcome-level').inputValue(), '1', 'the Soldier first');
  assert.match(
    await text(page, '#goal'),
    /^Attackers win by filling all 9 points of the fortress .*; the defenders win by taking 16 attackers/,
  );
  // Which colour is which side, after the goals, in the board's colours.
  assert.deepEqual(await page.locator('#goal .side-name').allTextContents(), ['Attackers', 'Defenders']);
  const colours = await page.evaluate(() => ['attacker', 'defender'].map((side) => [
    getComputedStyle(document.querySelector(`#goal .swatch.${side}`)).backgroundColor,
    getComputedStyle(document.querySelector('#goal')).getPropertyValue(`--${side}`).trim(),
  ]));
  assert.deepEqual(colours, [['rgb(46, 74, 98)', '#2e4a62'], ['rgb(163, 38, 42)', '#a3262a']]);
  // Defending against the Recruit: the computer opens as the attackers.
  await page.selectOption('#welcome-level', '0');
  await page.click('#welcome-defend');
  assert.equal(await page.locator('#welcome').isHidden(), true);
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 1, null, {
    timeout: 15000,
  });
  assert.equal(await text(page, '#status'), 'Your move (defenders).');
  // The game is saved: the next visit opens it, without the card.
  const again = await openIn(context, shared.server.url + '/');
  assert.equal(await again.locator('#welcome').isHidden(), true);
  assert.equal(await again.locator('#moves .mv').count(), 1);
  assert.deepEqual([...page.errors, ...again.errors], []);
  await context.close();
});

test('a friend, the lessons: no card; a link: the card to play on from it', async () => {
  const page = await openGame(shared.browser, shared.server.url);
  await page.click('#welcome-learn');
  await page.locator('#lesson').waitFor(); // the card's code is a part, fetched on first use
  assert.equal(await page.locator('#lesson').isVisible(), true, 'the first lesson');
  assert.equal(await page.locator('#welcome').isHidden(), true);
  await page.close();
  const friend = await openGame(shared.browser, shared.server.url);
  await friend.click('#welcome-friend');
  assert.equal(await friend.locator('#welcome').isHidden(), true);
  assert.match(await text(friend, '#invite'), /^Two players at this screen; or .*Send copies a link/);
  assert.equal(await text(friend, '#status'), 'Attackers to move.');
  await friend.close();
  const linked = await openIn(await shared.browser.newContext(), shared.server.url + '/#assault+d4-d5');
  assert.equal(await linked.locator('#welcome-title').isHidden(), true, 'not the first visit\'s card');
  assert.equal(await text(linked, '#welcome-link'), 'A shared game, shown as it stands. Play on from here?');
  assert.deepEqual(linked.errors, []);
  await linked.close();
});

test('on a phone the card\'s level is a control a finger can use', async () => {
  const page = await openGame(shared.browser, shared.server.url, { width: 390, height: 844 });
  const level = await page.locator('#welcome-level').boundingBox();
  const button = await page.locator('#welcome-attack').boundingBox();
  assert.ok(level.height >= 40 && level.height >= button.height - 1, JSON.stringify({ level, button }));
  assert.ok(level.width >= 80, JSON.stringify(level));
  await page.close();
});

test('the card and the goal speak the reader\'s language', async () => {
  const page = await openGame(shared.browser, shared.server.url);
  await page.selectOption('#opt-lang', 'fr');
  await page.waitForFunction(() => document.querySelector('#welcome-title').textContent.startsWith('Nouveau'));
  assert.equal(await text(page, '#welcome-defend'), 'avec les défenseurs');
  assert.match(await text(page, '#goal'), /forteresse/);
  const levels = await page.locator('#welcome-level option').allTextContents();
  assert.equal(levels.length, 5);
  assert.deepEqual(page.errors, []);
  await page.close();
});
