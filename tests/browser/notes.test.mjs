// Annotated records in the page and in <asalto-board>: a move's glyph in
// the move list, its comment under the board as text (never markup) and
// read by the status line, its [%draw] arrows and rings on the board, and
// the link keeping them; the Diagram and Embed buttons; an author writing a
// comment and drawing on the board.
// Run by scripts/test.sh after `trunk build --release`.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { clickPoints, openIn, pointXY, setUp, press } from './harness.mjs';

const shared = setUp(before, after);

const RECORD = 'assault {The standard start [%draw d4-d5]} d4-d5! {The usual first move} '
  + 'c5-d4?! {<script>window.hacked = 1</script></svg> loses a tempo [%draw d4-d3 c5]}';

test('an annotated link shows its glyphs, comments and shapes, and keeps them', async () => {
  const context = await shared.browser.newContext({ serviceWorkers: 'block' });
  const link = '/#' + encodeURIComponent(RECORD).replaceAll('%20', '+');
  const page = await openIn(context, shared.server.url + link);
  assert.deepEqual(await page.locator('#moves .mv').allTextContents(), ['d4-d5!', 'c5-d4?!']);
  const comment = page.locator('#comment');
  assert.equal(await comment.textContent(), '<script>window.hacked = 1</script></svg> loses a tempo');
  assert.equal(await page.evaluate(() => window.hacked), undefined);
  assert.equal(await page.locator('#comment script').count(), 0);
  assert.equal(await page.locator('#board').getAttribute('data-shapes'), 'd4-d3 c5');
  assert.match(await page.locator('#said').textContent(), /loses a tempo$/);
  // Stepping back shows the first move's comment and the start's arrow.
  await page.keyboard.press('ArrowLeft');
  assert.equal(await comment.textContent(), 'The usual first move');
  assert.equal(await page.locator('#board').getAttribute('data-shapes'), '');
  await page.keyboard.press('Home');
  assert.equal(await comment.textContent(), 'The standard start');
  assert.equal(await page.locator('#board').getAttribute('data-shapes'), 'd4-d5');
  await page.keyboard.press('End');
  // The address keeps the notes.
  const hash = decodeURIComponent((await page.evaluate(() => location.hash)).slice(1).replaceAll('+', ' '));
  assert.equal(hash, RECORD);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('an embedded board shows an annotated replay', async () => {
  const escaped = RECORD.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  const html = `<!doctype html><meta charset="utf-8"><script type="module" src="/asalto-board.js"></script>
    <asalto-board moves="${escaped}" mode="replay" ply="1" controls="status moves back forward"></asalto-board>`;
  const page = await shared.browser.newPage();
  await page.route('**/article.html', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto(shared.server.url + '/article.html');
  await page.waitForFunction(() => document.querySelector('asalto-board').shadowRoot?.querySelector('#board')?.dataset.layout);
  const board = page.locator('asalto-board');
  assert.equal(await board.locator('#comment').textContent(), 'The usual first move');
  assert.deepEqual(await board.locator('#moves .mv').allTextContents(), ['d4-d5!', 'c5-d4?!']);
  await page.close();
});

test('Diagram downloads the position as SVG and PNG; Embed copies the code that shows the game', async () => {
  const context = await shared.browser.newContext({
    acceptDownloads: true,
    permissions: ['clipboard-read', 'clipboard-write'],
    serviceWorkers: 'block',
  });
  const link = '/#' + encodeURIComponent(RECORD).replaceAll('%20', '+');
  const page = await openIn(context, shared.server.url + link);
  await page.keyboard.press('ArrowLeft');
  const downloads = [];
  page.on('download', (d) => downloads.push(d));
  await press(page, '#diagram');
  while (downloads.length < 2) await page.waitForEvent('download');
  const names = downloads.map((d) => d.suggestedFilename()).sort();
  assert.deepEqual(names, ['asalto.png', 'asalto.svg']);
  const read = async (name) => {
    const d = downloads.find((x) => x.suggestedFilename() === name);
    const chunks = [];
    for await (const chunk of await d.createReadStream()) chunks.push(chunk);
    return Buffer.concat(chunks);
  };
  const svg = (await read('asalto.svg')).toString('utf8');
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return {
      error: doc.querySelector('parsererror') !== null,
      attackers: doc.querySelectorAll('circle.attacker').length,
      defenders: doc.querySelectorAll('circle.defender').length,
    };
  }, svg);
  // The position shown: after d4-d5, before the defenders' answer.
  assert.deepEqual(parsed, { error: false, attackers: 24, defenders: 2 });
  assert.ok(!svg.includes('script'), 'a comment never reaches the figure');
  const png = await read('asalto.png');
  assert.deepEqual([...png.subarray(1, 4)], [...Buffer.from('PNG')]);
  await press(page, '#embed');
  await page.waitForFunction(() => /Copied: the <asalto-board> code/.test(document.querySelector('#note').textContent));
  const code = await page.evaluate(() => navigator.clipboard.readText());
  const [element, address] = code.split('\n');
  assert.match(element, /^<asalto-board moves="assault \{The standard start.*" mode="replay" ply="1"><\/asalto-board>$/);
  // The iframe address opens the same game at the same move.
  const embed = await context.newPage();
  await embed.goto(address);
  await embed.waitForFunction(() => document.querySelector('asalto-board')?.shadowRoot?.querySelector('#board')?.dataset.layout);
  const board = embed.locator('asalto-board');
  assert.equal(await board.locator('#comment').textContent(), 'The usual first move');
  assert.deepEqual(await board.locator('#moves .mv').allTextContents(), ['d4-d5!', 'c5-d4?!']);
  await context.close();
});

test("a part of the module that does not load says so in one line, and the game plays on", async () => {
  const context = await shared.browser.newContext({ acceptDownloads: true, serviceWorkers: 'block' });
  // The figure's code is a part of its own (scripts/web-parts.sh), fetched
  // when Diagram is first pressed (or once the page is idle): here the
  // host has lost the parts.
  const parts = [];
  await context.route('**/split_*.wasm', (route) => {
    parts.push(new URL(route.request().url()).pathname);
    return route.fulfill({ status: 404, body: 'gone' });
  });
  const page = await openIn(context, shared.server.url + '/#assault+d4-d5');
  await press(page, '#diagram');
  await page.waitForFunction(() => /could not be loaded/.test(document.querySelector('#note').textContent));
  assert.equal(
    await page.locator('#note').textContent(),
    'This part of the game could not be loaded (offline?); the game plays on.',
  );
  assert.ok(parts.includes('/split_figure.wasm'));
  await clickPoints(page, 'c5', 'd4');
  assert.deepEqual(await page.locator('#moves .mv').allTextContents(), ['d4-d5', 'c5-d4']);
  // So does a dialog whose part is lost: it stays closed.
  await press(page, '#rules');
  await page.waitForFunction(() => /could not be loaded/.test(document.querySelector('#note').textContent));
  assert.equal(await page.evaluate(() => document.querySelector('#rules-dialog').open), false);
  assert.ok(parts.includes('/split_rules.wasm'));
  // And a card's: the set-up editor opens without its card, and closes.
  await press(page, '#edit');
  while (!parts.includes('/split_cards.wasm')) await new Promise((r) => setTimeout(r, 20));
  await page.waitForFunction(() => /could not be loaded/.test(document.querySelector('#note').textContent));
  assert.equal(await page.locator('#editor').isHidden(), true);
  await press(page, '#edit');
  assert.equal(await page.locator('#edit').getAttribute('aria-pressed'), 'false');
  // Found again, each loads at the next press.
  await context.unroute('**/split_*.wasm');
  await press(page, '#edit');
  await page.locator('#editor').waitFor();
  await press(page, '#edit');
  assert.deepEqual(await page.locator('#moves .mv').allTextContents(), ['d4-d5', 'c5-d4']);
  const downloads = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  await press(page, '#diagram');
  while (downloads.length < 2) await page.waitForEvent('download');
  assert.deepEqual(downloads.sort(), ['asalto.png', 'asalto.svg']);
  // The failed fetch is logged, and nothing broke.
  assert.deepEqual(page.errors.filter((e) => /panicked|RuntimeError|unreachable/.test(e)), []);
  await context.close();
});

test('an author writes a comment and draws arrows and rings into the record', async () => {
  const context = await shared.browser.newContext({ serviceWorkers: 'block' });
  const page = await openIn(context, shared.server.url + '/#assault+d4-d5');
  await press(page, '#annotate');
  await page.locator('#comment-input').fill('The rebel steps {up}');
  // A right-drag from d5 to d6 draws an arrow; a right-click on d6 a ring.
  const [d5, d6] = [await pointXY(page, 'd5'), await pointXY(page, 'd6')];
  await page.mouse.move(d5.x, d5.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(d6.x, d6.y);
  await page.mouse.up({ button: 'right' });
  await page.mouse.click(d6.x, d6.y, { button: 'right' });
  assert.equal(await page.locator('#board').getAttribute('data-shapes'), 'd5-d6 d6');
  assert.equal(await page.locator('#comment').textContent(), 'The rebel steps up');
  // The address holds them, as a record.
  await page.waitForFunction(() => location.hash.includes('%5B%25draw') || location.hash.includes('[%25draw'));
  const hash = decodeURIComponent((await page.evaluate(() => location.hash)).slice(1).replaceAll('+', ' '));
  assert.equal(hash, 'assault d4-d5 {The rebel steps up [%draw d5-d6 d6]}');
  assert.deepEqual(page.errors, []);
  await context.close();
});
