// The README's screenshots, at 1280×800 and 390×844 in headless Chromium:
// the first visit, a lesson, a puzzle, a game with the More menu open, a
// review, a hint and a finished game. Needs the site built (scripts/build.sh or the test
// command's build); writes docs/screenshots/*.png.
//
//   node scripts/screenshots.mjs

import { join } from 'node:path';
import { ROOT, serve, launch } from '../tests/browser/harness.mjs';

const out = (name) => join(ROOT, 'docs', 'screenshots', `${name}.png`);
// A game the officers won: one held the fortress, one went behind the lines.
const FINISHED = 'assault d4-d5 c5-d4 d5-d6 e5xc7 e4-e5 d4-c5 e5-e6 c7-d6 f5-e5 d6-d7 g5-f5 d7-e7 e3-e4 e7-d7 e2-e3 d7-e7 d3-d4 e7-d7 e6-e7 d7-d6 e5-e6 d6-e5 g4-g5 e5-d6 d4-e5 d6-d7 d2-d3 d7-d6 e1-e2 d6-d7 c3-d4 c5xc3 b5-c5 c3-d2 c5-c6 d2-e1 b4-c5 e1-d2 c6-c7 d2-e1 c5-c6 e1-d2 b3-b4 d2-e1 d4-d5 e1-d2 e5-d6 d2xd4 b4-c5 d4-e5 c2-c3 e5-d4 a5-b5 d4-e5 g3-g4 e5xg3 c3-d4 g3-f4 c1-d2 f4-e5 d2-d3 e5xc3 d3-d4 c3xe5 d1-d2 e5-d4 f5-e5 d4xf4 a4-a5 f4-e4 g5-f5 e4-f4 g4-g5 f4-e4 f3-f4 e4xg4 e3-d4 g4-f4 e2-e3 f4-e4 e3-f4 e4xg4 d2-e3 g4-f4 e3-e4 f4-g4 a3-b4 g4-f4';
const REVIEWED = 'assault d4-d5 c5-d4 d5-d6 e5xc7 b4-c5 d4xb4xd6';

const shots = {
  async start(page) {
    await page.goto('/');
  },
  async lesson(page) {
    await page.goto('/');
    await page.click('#welcome-learn');
    await page.click('#lesson-next');
    await page.click('#lesson-next');
    await page.click('#lesson-hint');
  },
  async puzzle(page) {
    await page.goto('/#puzzle=2');
    await page.locator('#puzzle').waitFor();
  },
  async panel(page) {
    await page.goto('/#assault+d4-d5+c5-d4+d5-d6');
    await page.click('#more');
  },
  async review(page) {
    await page.goto(`/#${REVIEWED.replaceAll(' ', '+')}`);
    await page.click('#review');
    await page.waitForFunction(
      () => /^Reviewed: /.test(document.querySelector('#review-status').textContent),
      null,
      { timeout: 60000 },
    );
    await page.locator('#review-box').scrollIntoViewIfNeeded();
  },
  async hint(page) {
    await page.goto('/#assault+d4-d5+c5-d4+d5-d6');
    await page.click('#hint');
    await page.waitForFunction(() => document.querySelector('#thinking').textContent.startsWith('Hint'), null, {
      timeout: 30000,
    });
  },
  async finished(page) {
    await page.goto(`/#${FINISHED.replaceAll(' ', '+')}`);
  },
};

const server = await serve();
const browser = await launch();
try {
  for (const [name, take] of Object.entries(shots)) {
    for (const [width, height] of [[1280, 800], [390, 844]]) {
      const context = await browser.newContext({ viewport: { width, height }, baseURL: server.url });
      const page = await context.newPage();
      await take(page);
      await page.waitForTimeout(600);
      await page.screenshot({ path: out(`${name}-${width}`) });
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
