// Sharing and keeping games: the saved game and links, play by link with
// the Share button, offline play through the service worker, and the
// single-file build from file://. Run by scripts/test.sh after the build.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { DIST, clickPoints, launch, openIn, recordRequests, setUp, press } from './harness.mjs';

const shared = setUp(before, after);

const moves = (page) => page.locator('#moves .mv').allTextContents();
const text = (page, id) => page.locator(`#${id}`).textContent();

test('the game survives a reload, and a link opens its own game over it', async () => {
  const context = await shared.browser.newContext();
  const home = shared.server.url + '/';
  let page = await openIn(context, home);
  await clickPoints(page, 'd4', 'd5', 'c5', 'c6');
  await page.close();
  // A visit without a link: the saved game.
  page = await openIn(context, home);
  assert.deepEqual(await moves(page), ['d4-d5', 'c5-c6']);
  assert.equal(await text(page, 'status'), 'Attackers to move.');
  await page.close();
  // A link: its game, whatever is saved.
  page = await openIn(context, home + '#asalto+@c5+@e5');
  assert.deepEqual(await moves(page), ['@c5', '@e5']);
  assert.match(await text(page, 'rules-line'), /^Asalto/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a link opened over a game against the computer is shown as it was', async () => {
  const context = await shared.browser.newContext();
  const home = shared.server.url + '/';
  const page = await openIn(context, home);
  // The reader defends against the Recruit, who opens.
  await page.selectOption('#welcome-level', '0');
  await page.click('#welcome-defend');
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 1, null, {
    timeout: 15000,
  });
  // The same tab, the address changed: a friend's game, the defenders to move.
  const link = home + '#assault+d4-d5+e5-d4+f4-e5';
  await page.evaluate((url) => { location.href = url; }, link);
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 3);
  await page.waitForTimeout(1500);
  assert.deepEqual(await moves(page), ['d4-d5', 'e5-d4', 'f4-e5'], 'the computer did not move');
  assert.equal(await page.evaluate(() => location.href), link, 'the address as it was given');
  assert.equal(await text(page, 'status'), 'Defenders to move.');
  assert.equal(await page.locator('#welcome-link').isVisible(), true);
  // The reader's own game is still theirs.
  const own = await openIn(context, home);
  assert.deepEqual(await moves(own), ['d4-d5']);
  await own.close();
  // A new game offers the players the reader chose, not the link's people.
  await page.click('#new');
  assert.equal(await page.locator('#ng-attacker').inputValue(), '1');
  assert.equal(await page.locator('#ng-defender').inputValue(), 'human');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('#new-game').open);
  // So does the New game dialog of a later visit opened at a link.
  const later = await openIn(context, link);
  await later.click('#new');
  assert.equal(await later.locator('#ng-attacker').inputValue(), '1');
  assert.equal(await later.locator('#ng-defender').inputValue(), 'human');
  await later.close();
  // Playing on as the attackers: the computer takes the defenders.
  await page.click('#welcome-attack');
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 4, null, {
    timeout: 15000,
  });
  assert.equal(await page.locator('#welcome').isHidden(), true);
  // A finished game, in a new tab, speaks of the sides.
  const finished = await openIn(context, home + '#assault;defender-wins-below=24+d4-d5+c5-c6+c4-c5+c6xc4');
  const result = await text(finished, 'result-text');
  assert.match(result, /defenders/i);
  assert.doesNotMatch(result, /\byou\b|Rematch to play/i);
  assert.deepEqual([...page.errors, ...finished.errors], []);
  await context.close();
});

test('a saved game that cannot be read says so and the board plays on', async () => {
  const context = await shared.browser.newContext();
  const home = shared.server.url + '/';
  await context.addInitScript(() => {
    localStorage.setItem('asalto:/:page', 'asalto 1\n\nassault d4-d5 c5-c3\nhuman human');
  });
  const page = await openIn(context, home);
  assert.deepEqual(await moves(page), ['d4-d5']);
  assert.match(await text(page, 'note'), /saved game stops at move 2/);
  await clickPoints(page, 'c5', 'c6');
  assert.deepEqual(await moves(page), ['d4-d5', 'c5-c6']);
  await context.close();
});

test("a game saved by the last version's JSON opens, and is kept as this version's text", async () => {
  const context = await shared.browser.newContext();
  await context.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem(
      'asalto:/:page',
      JSON.stringify({ version: 2, origin: '', record: 'assault d4-d5 {a "note"} c5-c6', players: [0, 0] }),
    );
  });
  const page = await openIn(context, shared.server.url + '/');
  assert.deepEqual(await moves(page), ['d4-d5', 'c5-c6']);
  await clickPoints(page, 'c4', 'c5');
  assert.deepEqual(await moves(page), ['d4-d5', 'c5-c6', 'c4-c5']);
  const kept = await page.evaluate(() => localStorage.getItem('asalto:/:page'));
  assert.match(kept, /^asalto 3\n0 0\n-\n0\nassault d4-d5 \{a "note"\} c5-c6 c4-c5/);
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 3);
  assert.deepEqual(await moves(page), ['d4-d5', 'c5-c6', 'c4-c5']);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('play by link: only a link sent for a reply invites, and Send copies the reply', async () => {
  const context = await shared.browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: shared.server.url,
  });
  // A link that only shows a game invites nobody; Share copies it as it is.
  let page = await openIn(context, shared.server.url + '/#assault+d4-d5');
  assert.equal(await text(page, 'invite'), '');
  await press(page, '#share');
  await page.waitForFunction(() => /Link copied/.test(document.querySelector('#invite').textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${shared.server.url}/#assault+d4-d5`);
  // Send copies it for a friend's reply.
  await press(page, '#send');
  await page.waitForFunction(() => /your friend/.test(document.querySelector('#invite').textContent));
  const sent = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(sent, `${shared.server.url}/#assault+d4-d5&reply`);
  await page.close();
  page = await openIn(context, sent);
  assert.equal(
    await text(page, 'invite'),
    'Your move as the defenders: send the link back when you have played.',
  );
  await clickPoints(page, 'c5', 'c6');
  assert.match(await text(page, 'invite'), /press Send and send it back/);
  await press(page, '#send');
  await page.waitForFunction(() => /your friend/.test(document.querySelector('#invite').textContent));
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, `${shared.server.url}/#assault+d4-d5+c5-c6&reply`);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('after the first visit the game plays offline, computer included', async () => {
  const context = await shared.browser.newContext();
  let page = await openIn(context, shared.server.url + '/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await context.setOffline(true);
  await page.close();
  page = await openIn(context, shared.server.url + '/');
  assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null));
  await clickPoints(page, 'd4', 'd5');
  await page.click('#hint');
  await page.waitForFunction(() => /^Hint: /.test(document.querySelector('#thinking').textContent));
  assert.deepEqual(await moves(page), ['d4-d5']);
  // The module's parts are kept from the first visit, though none was used.
  const downloads = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  await press(page, '#diagram');
  while (downloads.length < 2) await page.waitForEvent('download');
  assert.deepEqual(downloads.sort(), ['asalto.png', 'asalto.svg']);
  // The puzzles, fetched only when asked for, are kept too.
  await page.goto(shared.server.url + '/#puzzle=5');
  await page.waitForFunction(() => /^Puzzle 5 of \d+$/.test(document.querySelector('#puzzle-title').textContent));
  await context.close();
});

test('the single-file build plays from file://, computer included', async () => {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const requests = recordRequests(page);
    await page.goto(`file://${DIST}/asalto-offline.html`);
    await page.waitForFunction(() => document.querySelector('#board')?.dataset.layout);
    await clickPoints(page, 'd4', 'd5');
    assert.deepEqual(await moves(page), ['d4-d5']);
    await page.click('#hint');
    await page.waitForFunction(() => /^Hint: /.test(document.querySelector('#thinking').textContent));
    // So are the module's parts (the figure's code).
    const downloads = [];
    page.on('download', (d) => downloads.push(d.suggestedFilename()));
    await press(page, '#diagram');
    while (downloads.length < 2) await page.waitForEvent('download');
    assert.deepEqual(downloads.sort(), ['asalto.png', 'asalto.svg']);
    // The puzzles are in the file too.
    await page.goto(`file://${DIST}/asalto-offline.html#puzzle=5`);
    await page.waitForFunction(() => /^Puzzle 5 of \d+$/.test(document.querySelector('#puzzle-title')?.textContent));
    const outside = requests.filter((url) => !/^(file|blob|data):/.test(url));
    assert.deepEqual(outside, []);
  } finally {
    await browser.close();
  }
});
