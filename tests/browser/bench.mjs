// The web benchmark (scripts/bench-web.sh): prints the first-load size, the
// startup delay against a page that paints a canvas from an inline script
// (both in the same run, alternating), and the time of a full redraw at
// devicePixelRatio 2. Expects a release build in dist/.

import { readdir, readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { serve, launch, DIST } from './harness.mjs';

const RUNS = Number(process.env.RUNS ?? 15);

// Size: everything the first load fetches (the files of dist/).
let raw = 0;
let gzip = 0;
const rows = [];
for (const name of (await readdir(DIST)).sort()) {
  if (!/\.(html|js|wasm|css)$/.test(name)) continue;
  const body = await readFile(join(DIST, name));
  const z = gzipSync(body, { level: 9 }).length;
  raw += body.length;
  gzip += z;
  rows.push(`  ${name.padEnd(44)} ${String(body.length).padStart(8)} B ${String(z).padStart(7)} B gzip`);
}
console.log('first load (release build)');
console.log(rows.join('\n'));
console.log(`  total ${String(raw).padStart(50)} B ${String(gzip).padStart(7)} B gzip = ${(gzip / 1024).toFixed(1)} KiB gzip (goal ≤ 50 KB)`);

// The reference: a canvas painted by an inline script, nothing fetched.
const reference = `<!doctype html><html><head><meta charset="utf-8"></head><body>
<canvas id="c" width="600" height="600"></canvas><script>
const ctx = document.getElementById('c').getContext('2d');
ctx.fillStyle = '#f4ead5'; ctx.fillRect(0, 0, 600, 600);
ctx.strokeStyle = '#4a3b2c';
for (let i = 0; i < 7; i++) { ctx.beginPath(); ctx.moveTo(50 + i * 83, 50); ctx.lineTo(50 + i * 83, 550); ctx.stroke(); }
for (let i = 0; i < 26; i++) { ctx.beginPath(); ctx.arc(50 + (i % 7) * 83, 50 + Math.floor(i / 7) * 83, 25, 0, 6.3); ctx.fill(); }
performance.mark('asalto-ready');
</script></body></html>`;

const server = await serve(DIST, { '/reference.html': ['text/html; charset=utf-8', reference] });
const browser = await launch();

async function readyTime(path) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(server.url + path);
  const t = await page.waitForFunction(() => {
    const mark = performance.getEntriesByName('asalto-ready')[0];
    return mark && mark.startTime;
  });
  const value = await t.jsonValue();
  await page.close();
  return value;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ours = [];
const theirs = [];
await readyTime('/'); // warm the server and the browser's caches of the binary
for (let i = 0; i < RUNS; i++) {
  theirs.push(await readyTime('/reference.html'));
  ours.push(await readyTime('/'));
}
const delay = ours.map((t, i) => t - theirs[i]);
console.log(`startup, navigation start → board painted and interactive, median of ${RUNS} (headless Chromium, localhost)`);
console.log(`  inline-script canvas page ${median(theirs).toFixed(1).padStart(7)} ms`);
console.log(`  Asalto                    ${median(ours).toFixed(1).padStart(7)} ms`);
console.log(`  difference                ${median(delay).toFixed(1).padStart(7)} ms (goal ≤ 50 ms)`);

// Redraw: the exported benchmark draws a middle-game board with a selection.
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(server.url + '/');
await page.waitForFunction(() => window.wasmBindings?.bench_redraw);
await page.evaluate(() => window.wasmBindings.bench_redraw(50, 2)); // warm up
const redraw = [];
for (let i = 0; i < 5; i++) {
  redraw.push(await page.evaluate(() => window.wasmBindings.bench_redraw(200, 2)));
}
console.log('full redraw, 600×600 CSS px at devicePixelRatio 2, median of 5 × 200');
console.log(`  ${median(redraw).toFixed(3)} ms per redraw (goal ≤ 0.5 ms)`);

await browser.close();
await server.close();
