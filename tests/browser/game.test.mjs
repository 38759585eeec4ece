// The built site in real headless Chromium: moves by clicking and dragging
// on the canvas, the status line and the move list, undo/redo and the
// keyboard, the New game dialog, a game played to its end, a phone screen.
// Run by scripts/test.sh after `trunk build --release`.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { clickPoints, openGame, openIn, pointXY, setUp, press } from './harness.mjs';

const shared = setUp(before, after);

const open = (viewport) => openGame(shared.browser, shared.server.url, viewport);

const status = (page) => page.locator('#status').textContent();

/** Clicks Start in the New game dialog and waits for the game it starts
 * (the dialog's close event comes in a later task). */
async function start(page, rulesLine) {
  await page.click('#ng-start');
  await page.waitForFunction(
    (re) => new RegExp(re).test(document.querySelector('#rules-line').textContent),
    rulesLine.source,
  );
}
const moves = (page) => page.locator('#moves .mv').allTextContents();

test('the page loads the standard game with the attackers to move', async () => {
  const page = await open();
  assert.equal(await status(page), 'Attackers to move.');
  assert.match(await page.locator('#rules-line').textContent(), /^Assault — 33-point cross — /);
  assert.equal(await page.locator('.status-line').getAttribute('role'), 'status');
  assert.deepEqual(await moves(page), []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('moves are played by clicking and by dragging', async () => {
  const page = await open();
  await clickPoints(page, 'd4', 'd5');
  assert.deepEqual(await moves(page), ['d4-d5']);
  assert.equal(await status(page), 'Defenders to move.');
  // A click on an illegal destination changes nothing.
  await clickPoints(page, 'c5', 'c4');
  assert.deepEqual(await moves(page), ['d4-d5']);
  await clickPoints(page, 'c5'); // drop the selection
  const from = await pointXY(page, 'c5');
  const to = await pointXY(page, 'c6');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
  assert.deepEqual(await moves(page), ['d4-d5', 'c5-c6']);
  assert.equal(await status(page), 'Attackers to move.');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('undo, redo, the arrow keys and the move list step through the game', async () => {
  const page = await open();
  await clickPoints(page, 'd4', 'd5', 'c5', 'c6', 'c4', 'c5');
  assert.deepEqual(await moves(page), ['d4-d5', 'c5-c6', 'c4-c5']);
  await page.click('#undo');
  assert.equal(await status(page), 'Attackers to move (move 1 of 2).');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await status(page), 'Attackers to move (move 0 of 2).');
  assert.equal(await page.locator('#undo').isDisabled(), true);
  await page.keyboard.press('End');
  assert.equal(await status(page), 'Defenders to move.');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  assert.equal(await status(page), 'Defenders to move (move 1 of 2).');
  await page.locator('#moves .mv', { hasText: 'c5-c6' }).click();
  assert.equal(await page.locator('#moves .mv[aria-current]').textContent(), 'c5-c6');
  await page.click('#redo');
  assert.equal(await status(page), 'Defenders to move.');
  // Looking back apart from Undo: Start, Back, Forward (#redo) and End
  // under the move list, each off where it cannot go.
  assert.equal(await page.locator('#last').isDisabled(), true);
  await page.click('#back');
  assert.equal(await status(page), 'Attackers to move (move 1 of 2).');
  await page.click('#first');
  assert.equal(await status(page), 'Attackers to move (move 0 of 2).');
  for (const id of ['first', 'back', 'undo']) assert.equal(await page.locator('#' + id).isDisabled(), true, id);
  await page.click('#last');
  assert.equal(await status(page), 'Defenders to move.');
  assert.deepEqual(await moves(page), ['d4-d5', 'c5-c6', 'c4-c5']);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a game is played to its end and announced with the reason', async () => {
  const page = await open();
  await page.click('#new');
  await page.locator('#new-game summary').click();
  await page.locator('[data-key="defender-wins-below"]').fill('24');
  assert.equal(
    await page.locator('dialog .rules-text').textContent(),
    'Rule set: assault;defender-wins-below=24',
  );
  await start(page, /defender-wins-below=24/);
  await clickPoints(page, 'd4', 'd5', 'c5', 'c6', 'c4', 'c5', 'c6', 'c4');
  assert.deepEqual(await moves(page), ['d4-d5', 'c5-c6', 'c4-c5', 'c6xc4']);
  assert.equal(await status(page), 'Defenders win: fewer than 24 attackers remain.');
  assert.match(await page.locator('#note').textContent(), /Captured 1 attacker \(c5\)/);
  // Nothing moves after the end; undo goes back into the game.
  await clickPoints(page, 'd5', 'd6');
  assert.equal((await moves(page)).length, 4);
  await page.click('#undo');
  assert.equal(await status(page), 'Defenders to move (move 2 of 2).');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the New game dialog offers every preset and rejects bad options', async () => {
  const page = await open();
  await page.click('#new');
  await page.locator('#new-game[open]').waitFor();
  const presets = await page.locator('#ng-preset option').allTextContents();
  assert.equal(presets.length, 12);
  for (const line of presets) assert.equal(line.split(' — ').length, 3, line);
  await page.locator('#new-game summary').click();
  // The starting points as the chosen game has them: words, not values.
  const attackers = page.locator('[data-key="attackers"]');
  assert.equal(await attackers.inputValue(), '');
  assert.equal(await attackers.getAttribute('placeholder'), 'as in the game chosen: everywhere');
  assert.match(await page.locator('[data-key="defenders"]').getAttribute('placeholder'), /^as in the game chosen: [a-g]\d, [a-g]\d$/);
  await page.selectOption('#ng-preset', 'asalto');
  await page.locator('[data-key="defenders"]').fill('a1,b2');
  assert.notEqual(await page.locator('dialog .error').textContent(), '');
  assert.equal(await page.locator('#ng-start').isDisabled(), true);
  await page.locator('[data-key="defenders"]').fill('free');
  assert.equal(await page.locator('#ng-start').isDisabled(), false);
  await start(page, /^Asalto — /);
  assert.equal(await status(page), 'Officers: place 2 officers in the fortress.');
  await clickPoints(page, 'd6');
  assert.deepEqual(await moves(page), ['@d6']);
  assert.equal(await status(page), 'Officers: place 1 officer in the fortress.');
  // Royal Garrison: the 67-point board.
  await page.click('#new');
  await page.selectOption('#ng-preset', 'royal-garrison');
  await start(page, /^Royal Garrison — 67-point/);
  assert.equal((await page.locator('#board').getAttribute('data-layout')).split(' ')[4], '9');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('on a phone-sized screen the board fits and plays by touch', async () => {
  const context = await shared.browser.newContext({
    viewport: { width: 375, height: 740 },
    deviceScaleFactor: 2,
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await page.goto(shared.server.url + '/');
  await page.waitForFunction(() => document.querySelector('#board')?.dataset.layout);
  const box = await page.locator('#board').boundingBox();
  assert.ok(box.width <= 375 && box.width > 300, `board width ${box.width}`);
  const [backing] = await page.$$eval('#board', (c) => [c[0].width]);
  assert.equal(backing, Math.round(box.width * 2), 'backing store at devicePixelRatio 2');
  for (const name of ['d4', 'd5']) {
    const { x, y } = await pointXY(page, name);
    await page.touchscreen.tap(x, y);
  }
  assert.deepEqual(await moves(page), ['d4-d5']);
  // At 390×844 the status and the move list (with its steps) show without
  // scrolling past the buttons: both above the controls, inside the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const top = async (selector) => (await page.locator(selector).boundingBox()).y;
  const bottom = async (selector) => {
    const b = await page.locator(selector).boundingBox();
    return b.y + b.height;
  };
  for (const selector of ['#status', '#moves', '.steps']) {
    assert.ok((await bottom(selector)) <= 844, `${selector} inside the screen`);
    assert.ok((await bottom(selector)) <= (await top('.panel > .controls')), `${selector} above the buttons`);
  }
  await context.close();
});

test('a link opens its game, moves keep the link in step, a bad link says why', async () => {
  const page = await open();
  await page.goto(shared.server.url + '/#asalto+@c5+@e5+d4-d5');
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 3);
  assert.deepEqual(await moves(page), ['@c5', '@e5', 'd4-d5']);
  assert.match(await page.locator('#rules-line').textContent(), /^Asalto — /);
  const historyLength = await page.evaluate(() => history.length);
  await clickPoints(page, 'c5', 'c6');
  assert.equal(await page.evaluate(() => location.hash), '#asalto+@c5+@e5+d4-d5+c5-c6');
  await page.click('#undo');
  // Looking back keeps the whole game in the link, and the move shown apart.
  assert.equal(await page.evaluate(() => location.hash), '#asalto+@c5+@e5+d4-d5+c5-c6&at=3');
  assert.equal(await page.evaluate(() => history.length), historyLength, 'no entry per move');
  // A link with an illegal move: its legal part, a message, a usable board.
  await page.goto(shared.server.url + '/#assault+d4-d5+c5-c3');
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 1);
  assert.match(await page.locator('#note').textContent(), /move 2: .*c5-c3/);
  assert.equal(await page.evaluate(() => location.hash), '#assault+d4-d5+c5-c3', 'kept as given');
  await clickPoints(page, 'c5', 'c6');
  assert.deepEqual(await moves(page), ['d4-d5', 'c5-c6']);
  assert.equal(await page.locator('#note').textContent(), '');
  assert.equal(await page.evaluate(() => location.hash), '#assault+d4-d5+c5-c6');
  // An unknown rule set: a new standard game and the reason.
  await page.goto(shared.server.url + '/#chess+e2-e4');
  await page.reload();
  await page.waitForFunction(() => /rule set/.test(document.querySelector('#note').textContent));
  assert.equal(await status(page), 'Attackers to move.');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('looking back never loses a move: reload, play another, enter, promote and delete variations', async () => {
  const page = await open();
  const game = '#assault+d4-d5+c5-d4+d5-d6+e5xc7+b4-c5+d4xb4xd6';
  await page.goto(shared.server.url + '/' + game);
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 6);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const hash = () => page.evaluate(() => location.hash);
  assert.equal(await hash(), game + '&at=2');
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 6);
  assert.equal(await page.locator('#moves .mv[aria-current]').textContent(), 'c5-d4');
  // Another move here starts a variation; the old line stays.
  await clickPoints(page, 'b4', 'c5');
  assert.equal(await hash(), '#assault+d4-d5+c5-d4+d5-d6+(b4-c5)+e5xc7+b4-c5+d4xb4xd6&at=4');
  assert.deepEqual(await moves(page), ['d4-d5', 'c5-d4', 'd5-d6', 'b4-c5', 'e5xc7', 'b4-c5', 'd4xb4xd6']);
  assert.equal(await page.locator('#moves .variation .mv[aria-current]').textContent(), 'b4-c5');
  assert.equal(await page.locator('#moves > .turn').first().textContent(), '1.');
  // Into the main line by the mouse, back into the variation.
  await page.locator('#moves > .mv', { hasText: 'd4xb4xd6' }).click();
  assert.equal(await status(page), 'Attackers to move.');
  assert.equal(await hash(), '#assault+d4-d5+c5-d4+d5-d6+(b4-c5)+e5xc7+b4-c5+d4xb4xd6');
  await page.locator('#moves .variation .mv').click();
  assert.equal(await hash(), '#assault+d4-d5+c5-d4+d5-d6+(b4-c5)+e5xc7+b4-c5+d4xb4xd6&at=4');
  // Promoted with the mouse: the main line; the old line its variation.
  await page.click('#moves [data-promote]');
  assert.equal(await hash(), '#assault+d4-d5+c5-d4+b4-c5+(d5-d6+e5xc7+b4-c5+d4xb4xd6)');
  // Deleted with the keyboard: the variation is gone, the main line stays.
  await page.focus('#moves [data-delete]');
  await page.keyboard.press('Enter');
  assert.equal(await hash(), '#assault+d4-d5+c5-d4+b4-c5');
  assert.deepEqual(await moves(page), ['d4-d5', 'c5-d4', 'b4-c5']);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a finished game shows its result beside the board, with Rematch and New game, and it can be closed', async () => {
  const page = await open();
  await page.goto(shared.server.url + '/#assault;defender-wins-below=24+d4-d5+c5-c6+c4-c5+c6xc4');
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 4);
  const end = 'Defenders win: fewer than 24 attackers remain.';
  assert.equal(await status(page), end);
  assert.ok(await page.locator('#result').isVisible());
  assert.equal(await page.locator('#result-text').textContent(), end);
  assert.ok(await page.locator('#pause').isHidden(), 'nothing to pause');
  // It covers no part of the board, at a desktop's size and a phone's.
  const apart = () => page.evaluate(() => {
    const a = document.querySelector('#result').getBoundingClientRect();
    const b = document.querySelector('#board').getBoundingClientRect();
    return a.right <= b.left || a.left >= b.right || a.bottom <= b.top || a.top >= b.bottom;
  });
  assert.ok(await apart(), 'the result is beside the board');
  await page.setViewportSize({ width: 390, height: 844 });
  assert.ok(await apart(), 'and on a phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  // Escape closes it, and so does its button; it stays closed for this game.
  await page.keyboard.press('Escape');
  assert.ok(await page.locator('#result').isHidden());
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('End');
  assert.ok(await page.locator('#result').isHidden(), 'closed stays closed');
  await page.goto(shared.server.url + '/#assault;defender-wins-below=24+d4-d5+c5-c6+c4-c5+c6xc4');
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 4);
  assert.ok(await page.locator('#result').isVisible(), 'a game opened again shows it');
  await page.click('#result-close');
  assert.ok(await page.locator('#result').isHidden());
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('End');
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 4);
  // Looking back hides it; the end shows it again.
  await page.keyboard.press('ArrowLeft');
  assert.ok(await page.locator('#result').isHidden());
  await page.keyboard.press('End');
  assert.ok(await page.locator('#result').isVisible());
  // The result's New game opens the dialog; Rematch starts again.
  await page.click('#result-new');
  await page.locator('#new-game[open]').waitFor();
  await page.keyboard.press('Escape');
  await page.click('#rematch');
  assert.deepEqual(await moves(page), []);
  assert.equal(await status(page), 'Attackers to move.');
  assert.ok(await page.locator('#result').isHidden());
  assert.match(await page.evaluate(() => location.hash), /^#assault;defender-wins-below=24$|^$/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the board marks the last route, the pieces that must capture, and dashed lines only where they count', async () => {
  const page = await open();
  const board = page.locator('#board');
  await page.goto(shared.server.url + '/#assault+d4-d5+c5-d6+c4-c5');
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 3);
  assert.equal(await board.getAttribute('data-route'), 'c4 c5');
  assert.equal(await board.getAttribute('data-forced'), 'd6', 'marked before any click');
  await clickPoints(page, 'd6');
  assert.equal(await board.getAttribute('data-forced'), '');
  await page.goto(shared.server.url + '/#assault+d4-d5+c5-d4+b4-c5+d4xb4xd6xd4');
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 4);
  assert.equal(await board.getAttribute('data-route'), 'd4 b4 d6 d4', 'every landing');
  assert.ok(await page.locator('#legend').isHidden(), 'no rule uses the dashed lines');
  await page.goto(shared.server.url + '/#german-tactics');
  await page.waitForFunction(() => /German Tactics/.test(document.querySelector('#rules-line').textContent));
  assert.equal(await page.locator('#legend').textContent(), 'Dashed lines: rebels may not step along them.');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the Rules dialog tells the game in words, with its source and the sources\' readings', async () => {
  const page = await open();
  const text = page.locator('#rules-text');
  await press(page, '#rules');
  await page.locator('#rules-dialog[open]').waitFor();
  assert.ok(await page.locator('#rules-dialog').isVisible());
  assert.match(await text.textContent(), /24 attackers besiege 2 defenders/);
  assert.match(await text.textContent(), /Source: ways-to-play, “Assault” \(games\.porg\.es\)\./);
  assert.match(await text.textContent(), /Solved: from the start, the attackers win with perfect play/);
  await page.click('#rules-dialog .sources summary');
  assert.equal(await text.locator('tbody tr').count(), 11);
  assert.equal(await text.locator('tr.disputed th', { hasText: 'Attackers may step' }).count(), 1);
  // Another game, other words.
  await page.goto(shared.server.url + '/#royal-garrison');
  await page.waitForFunction(() => /67-point/.test(document.querySelector('#rules-text').textContent));
  assert.match(await text.textContent(), /defenders start on c7, e7 and g7\./);
  assert.doesNotMatch(await text.textContent(), /Solved/, 'only assault is solved');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('on a phone the Rules dialog opens at its top, its title focused', async () => {
  const page = await openGame(shared.browser, shared.server.url, { width: 390, height: 844 });
  await page.click('#more');
  await page.click('#rules');
  await page.locator('#rules-dialog[open]').waitFor();
  assert.equal(await page.evaluate(() => document.querySelector('#rules-dialog').scrollTop), 0);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'rules-title');
  assert.ok(await page.locator('#rules-title').isVisible());
  await page.close();
});

test('a set-up position is a rule set: its link plays, and one already decided is over', async () => {
  const context = await shared.browser.newContext();
  const page = await openIn(context, shared.server.url + '/#assault;attackers=a3,d4;defenders=d5;first=defender;defender-wins-below=1');
  assert.equal(await status(page), 'Defenders to move.');
  await clickPoints(page, 'd5', 'd3');
  assert.deepEqual(await moves(page), ['d5xd3']);
  const decided = await openIn(context, shared.server.url + '/#assault;attackers=d6,d7;defenders=c5;defender-wins-below=5');
  assert.match(await status(decided), /defenders win/i);
  assert.deepEqual(page.errors, []);
  await context.close();
});
