// Perfect play along a whole game in Chromium: an embedded board served
// with the release site (dist/) and a pack from a local static server that
// honours Range is shown the game ply by ply (its `moves` attribute); at
// each ply the value of every move on its canvas is compared with what
// `asalto tables probe --pack` gives natively, and the time to the values
// is measured. Prints the positions and moves compared, those that differ,
// and the median and longest time.
//
//   node tests/browser/bench-game-tables.mjs PACK_DIR [RECORD]
//
// RECORD: a game as a link's fragment (`assault+d4-d5+…`); the review
// benchmark's 112-ply game by default. Expects target/release/asalto.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, LONG_GAME, ROOT, launch, serve } from './harness.mjs';

const [packDir, record = LONG_GAME] = process.argv.slice(2);
if (!packDir) {
  console.error('usage: node tests/browser/bench-game-tables.mjs PACK_DIR [RECORD]');
  process.exit(2);
}
const [rules, ...game] = record.split('+');
const asalto = join(ROOT, 'target/release/asalto');
const index = JSON.parse(readFileSync(`${packDir}/manifest.json`, 'utf8')).index;
const page = '<!doctype html><meta charset="utf-8"><script type="module" src="/asalto-board.js"></script>'
  + `<asalto-board id="b" rules="${rules}" tables="/pack/${index}" controls="status"></asalto-board>`;
const server = await serve(DIST, { '/game.html': ['text/html', page] }, {}, { '/pack/': [packDir, null] });
const browser = await launch();
const tab = await browser.newPage({ viewport: { width: 800, height: 800 } });
await tab.goto(server.url + '/game.html');
await tab.waitForFunction(() => document.querySelector('asalto-board')?.shadowRoot?.querySelector('#board')?.dataset.layout);

/** Shows the game's first `ply` moves; the page's move values once shown. */
async function shown(ply) {
  const start = Date.now();
  await tab.evaluate((m) => document.querySelector('asalto-board').setAttribute('moves', m), game.slice(0, ply).join(' '));
  // The values of the position before may stay until the board has read
  // the new moves.
  await new Promise((ok) => setTimeout(ok, 60));
  await tab.waitForFunction((n) => {
    const b = document.querySelector('asalto-board').shadowRoot;
    const line = b.querySelector('#perfect').textContent;
    const moves = b.querySelectorAll('#moves .mv').length;
    return moves === n && b.querySelector('#board').dataset.values !== undefined && !/looking/i.test(line);
  }, ply, { timeout: 120000, polling: 20 });
  const values = await tab.evaluate(() => document.querySelector('asalto-board').shadowRoot.querySelector('#board').dataset.values);
  return { ms: Date.now() - start, values: Object.fromEntries(values.trim().split(/\s+/).filter(Boolean).map((kv) => kv.split(':'))) };
}

let positions = 0, moves = 0, differ = 0;
const times = [];
for (let ply = 0; ply < game.length; ply++) {
  const { ms, values } = await shown(ply);
  times.push(ms);
  const native = execFileSync(asalto, ['tables', 'probe', [rules, ...game.slice(0, ply)].join(' '), '--pack', packDir],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  for (const line of native.split('\n').slice(1)) {
    const m = line.trim().match(/^(\S+)\s+(win|loss)$/);
    if (!m) continue;
    moves++;
    if (values[m[1]] !== m[2]) {
      differ++;
      console.log(`ply ${ply} ${m[1]}: the page ${values[m[1]] ?? 'nothing'}, natively ${m[2]}`);
    }
  }
  positions++;
}
times.sort((a, b) => a - b);
console.log(`${positions} positions, ${moves} moves compared, ${differ} differ; `
  + `time to the values: median ${times[times.length >> 1]} ms, most ${times[times.length - 1]} ms`);
await browser.close();
await server.close();
process.exitCode = differ ? 1 : 0;
