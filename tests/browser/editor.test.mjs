// The set-up editor: a position built from an empty board by clicks and by
// the keyboard, its side to move, the core's verdict, then its link and its
// <asalto-board> code, which reproduce it, and Play.
// Run by scripts/test.sh after `trunk build --release`.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { clickPoints, openIn, setUp, press } from './harness.mjs';

const shared = setUp(before, after);

test('a position set up from empty plays, and its link and code reproduce it', async () => {
  const context = await shared.browser.newContext({
    permissions: ['clipboard-read', 'clipboard-write'],
    serviceWorkers: 'block',
  });
  const page = await openIn(context, shared.server.url + '/');
  await press(page, '#edit');
  assert.equal(await page.locator('#edit').getAttribute('aria-pressed'), 'true');
  await page.locator('#editor').waitFor(); // the card's code is a part, fetched on first use
  assert.equal(await page.locator('#editor').isVisible(), true);
  await page.click('#ed-clear');
  const state = page.locator('#ed-state');
  assert.equal(await state.textContent(), 'Place at least one attacker.');
  // Clicks: a3 an attacker; d4 an attacker; d5 clicked twice, a defender.
  await clickPoints(page, 'a3', 'd4', 'd5', 'd5');
  // The keyboard: c3, then Enter, an attacker.
  await page.locator('#points [data-point="c3"]').focus();
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('#points [data-point="c3"]').getAttribute('aria-label'), 'c3, attacker');
  assert.equal(await page.locator('#points [data-point="d5"]').getAttribute('aria-label'), 'd5, defender');
  await page.selectOption('#ed-turn', 'defender');
  // While editing, the status speaks of the set-up position and the
  // game's own controls are off.
  assert.equal(await page.locator('#status').textContent(), 'Set-up position, defenders to move.');
  for (const id of ['undo', 'redo', 'hint', 'review', 'share', 'diagram', 'embed', 'annotate']) {
    assert.ok(await page.locator('#' + id).isDisabled(), id + ' is disabled while editing');
  }
  // The rule set: any preset of this board.
  const presets = await page.locator('#ed-rules option').evaluateAll((o) => o.map((x) => x.value));
  assert.ok(presets.includes('german-tactics') && !presets.includes('royal-garrison'), presets.join());
  assert.equal(await page.locator('#ed-rules').inputValue(), 'assault');
  await page.selectOption('#ed-rules', 'german-tactics');
  await page.click('#ed-link');
  await page.waitForFunction(() => /Copied: a link to this position/.test(document.querySelector('#note').textContent));
  const tactics = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(tactics, /#german-tactics;.*attackers=a3,c3,d4/);
  await page.selectOption('#ed-rules', 'assault');
  // Three attackers are fewer than the fortress's nine.
  assert.match(await state.textContent(), /^Already decided: /);
  await page.click('#ed-link');
  await page.waitForFunction(() => /Copied: a link to this position/.test(document.querySelector('#note').textContent));
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(link, `${shared.server.url}/#assault;attackers=a3,c3,d4;defenders=d5;first=defender`);
  await page.click('#ed-code');
  await page.waitForFunction(() => /Copied: the <asalto-board> code/.test(document.querySelector('#note').textContent));
  const code = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(code, /^<asalto-board moves="assault;attackers=a3,c3,d4;defenders=d5;first=defender" mode="replay" ply="0">/);
  // Play it: the game of that position, already over.
  await page.click('#ed-play');
  assert.equal(await page.locator('#editor').isVisible(), false);
  assert.ok(await page.locator('#share').isEnabled(), 'the game\'s controls are back');
  assert.match(await page.locator('#status').textContent(), /Defenders win/);
  // The link opens the same position.
  const other = await openIn(context, link);
  assert.match(await other.locator('#status').textContent(), /Defenders win/);
  const pieces = await other.evaluate(() => [...document.querySelectorAll('#points [data-point]')]
    .map((b) => b.getAttribute('aria-label')).filter((l) => !/empty/.test(l)));
  assert.deepEqual(pieces.sort(), ['a3, attacker', 'c3, attacker', 'd4, attacker', 'd5, defender']);
  assert.deepEqual(page.errors, []);
  await context.close();
});
