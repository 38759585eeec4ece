// Probe times of a pack in Chromium: one embedded board served with the
// release site (dist/) and the pack from a local static server that
// honours Range; the board is shown each of N positions in turn (its
// `rules` attribute), and the time from the change to its values on the
// canvas is measured, cold (first pass, blocks fetched) and warm (second
// pass: from memory). Prints the median and 95th percentile and the
// requests a probe took.
//
//   node tests/browser/bench-tables.mjs PACK_DIR POSITIONS_FILE
//
// POSITIONS_FILE: one position a line (`asalto tables sample DIR --count N`
// writes them, a value after a tab).

import { readFileSync } from 'node:fs';
import { DIST, launch, serve } from './harness.mjs';

const [packDir, positionsFile] = process.argv.slice(2);
if (!packDir || !positionsFile) {
  console.error('usage: node tests/browser/bench-tables.mjs PACK_DIR POSITIONS_FILE');
  process.exit(2);
}
const index = JSON.parse(readFileSync(`${packDir}/manifest.json`, 'utf8')).index;
const positions = readFileSync(positionsFile, 'utf8').split('\n').map((l) => l.split('\t')[0]).filter(Boolean);
const page = '<!doctype html><meta charset="utf-8"><script type="module" src="/asalto-board.js"></script>'
  + `<asalto-board id="b" tables="/pack/${index}" controls="status"></asalto-board>`;
const server = await serve(DIST, { '/bench.html': ['text/html', page] }, {}, { '/pack/': [packDir, null] });
const browser = await launch();
const tab = await browser.newPage({ viewport: { width: 800, height: 800 } });
await tab.goto(server.url + '/bench.html');
await tab.waitForFunction(() => document.querySelector('asalto-board')?.shadowRoot?.querySelector('#board')?.dataset.layout);

/** The longest a probe is waited for (ms); one not answered by then counts
 * as that long and is counted apart. */
const CAP = 30000;

/** Shows `rules` and returns the ms until its values are on the canvas. */
function probe(rules) {
  return tab.evaluate(([rules, cap]) => new Promise((ok) => {
    const board = document.querySelector('asalto-board');
    const canvas = board.shadowRoot.querySelector('#board');
    const line = board.shadowRoot.querySelector('#perfect');
    const start = performance.now();
    board.setAttribute('rules', rules);
    const check = () => {
      const answered = canvas.dataset.values || /unavailable|hold positions/.test(line.textContent);
      const ms = performance.now() - start;
      if ((answered && !line.textContent.includes('looking')) || ms >= cap) ok(Math.min(ms, cap));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }), [rules, CAP]);
}

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
for (const pass of ['cold', 'warm']) {
  const times = [];
  const before = server.ranges.length;
  for (const p of positions) times.push(await probe(p));
  const per = (server.ranges.length - before) / positions.length;
  console.log(`${pass}: ${positions.length} positions, median ${quantile(times, 0.5).toFixed(1)} ms, `
    + `95th percentile ${quantile(times, 0.95).toFixed(1)} ms, ${per.toFixed(2)} requests a position, `
    + `${times.filter((t) => t >= CAP).length} not answered in ${CAP / 1000} s`);
}
await browser.close();
await server.close();
