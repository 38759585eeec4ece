// The interface in English, French, German and Spanish: chosen from the
// browser (or an embedding page's lang), switchable, kept, and with no
// English left in any other language.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { clickPoints, clickPointsIn, openIn, setUp, press } from './harness.mjs';

const shared = setUp(before, after);

/** Every text of the page in document order: text nodes, titles, labels
 * and the document's title, after the New game and Rules dialogs have
 * been opened in the language shown (they write their words then). */
async function texts(page) {
  for (const [open, dialog] of [['#new', '#new-game'], ['#rules', '#rules-dialog']]) {
    await press(page, open);
    await page.waitForFunction((d) => document.querySelector(d).open, dialog);
    await page.keyboard.press('Escape');
    await page.waitForFunction((d) => !document.querySelector(d).open, dialog);
  }
  return page.evaluate(() => {
    const out = [document.title];
    for (const el of document.body.querySelectorAll('*')) {
      if (el.closest('script, style, noscript')) continue;
      for (const node of el.childNodes) {
        if (node.nodeType === Node.TEXT_NODE && node.textContent.trim()) out.push(node.textContent.trim());
      }
      for (const name of ['title', 'aria-label', 'placeholder', 'alt']) {
        if (el.hasAttribute(name)) out.push(el.getAttribute(name).trim());
      }
    }
    return out;
  });
}

/** Texts that are the same in every language: notation (no word of two
 * letters once point names are left out), names of games and languages. */
const OWN = new Set([
  'Asalto', 'Assault', 'Sharpshooters', 'Assaut', 'Belagerung', 'Option', 'Pause', 'no',
  'English', 'Français', 'Deutsch', 'Español',
]);
const universal = (text) => !/\p{L}{2}/u.test(text.replace(/[a-z]\d+/g, '')) || OWN.has(text);

test('each language can be chosen and leaves no English behind', async () => {
  const context = await shared.browser.newContext({ locale: 'en-GB' });
  const page = await openIn(context, shared.server.url + '/');
  // A game with a capture, so that the notes have something to say.
  await clickPoints(page, 'd4', 'd5', 'c5', 'd4', 'd5', 'd6', 'e5', 'c7');
  assert.equal(await page.locator('#status').textContent(), 'Attackers to move.');
  const english = await texts(page);
  const expected = {
    fr: ['Aux assaillants de jouer.', 'Nouvelle partie', 'Règles', 'Assault — croix de 33 points'],
    de: ['Die Angreifer sind am Zug.', 'Neue Partie', 'Regeln', 'Assault — Kreuz mit 33 Punkten'],
    es: ['Juegan los atacantes.', 'Nueva partida', 'Reglas', 'Assault — cruz de 33 puntos'],
  };
  for (const [lang, [status, newGame, rules, line]] of Object.entries(expected)) {
    await page.selectOption('#opt-lang', lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    assert.equal(await page.locator('#status').textContent(), status);
    assert.equal(await page.locator('#new').textContent(), newGame);
    assert.match(await page.locator('#rules-line').textContent(), new RegExp(`^${line}`));
    const shown = await texts(page);
    assert.equal(shown.length, english.length, `${lang}: the same elements`);
    const untranslated = shown.filter((text, i) => text === english[i] && !universal(text));
    assert.deepEqual(untranslated, [], `${lang}: English left`);
    assert.ok(shown.includes(rules), `${lang}: ${rules}`);
  }
  // The choice is kept for the next visit.
  const again = await openIn(context, shared.server.url + '/');
  assert.equal(await again.locator('#status').textContent(), 'Juegan los atacantes.');
  assert.equal(await again.evaluate(() => document.title), 'Asalto — el juego de asedio');
  assert.equal(await again.inputValue('#opt-lang'), 'es');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('side names follow the preset\'s source in every language', async () => {
  const context = await shared.browser.newContext({ locale: 'fr-FR' });
  const page = await openIn(context, shared.server.url + '/#assaut');
  assert.equal(await page.locator('#status').textContent(), 'Officiers\u00a0: placez 2 officiers dans la forteresse.');
  await clickPoints(page, 'c5', 'e5');
  assert.equal(await page.locator('#status').textContent(), 'Aux soldats de jouer.');
  await clickPoints(page, 'c5');
  assert.equal(await page.locator('#note').textContent(), 'C’est au tour des soldats.');
  await page.goto(shared.server.url + '/#asalto');
  await page.waitForFunction(() => document.querySelector('#status').textContent.includes('officiers'));
  assert.equal(await page.locator('#status').textContent(), 'Officiers\u00a0: placez 2 officiers dans la forteresse.');
  await page.goto(shared.server.url + '/#belagerung+@c7+@e7+@g7');
  await page.waitForFunction(() => document.querySelector('#status').textContent.includes('assaillants'));
  assert.equal(await page.locator('#status').textContent(), 'Aux assaillants de jouer.');
  await context.close();
});

test('an embedded board speaks its page\'s language, else the browser\'s', async () => {
  const context = await shared.browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  // The demo article, as a Spanish page would have it.
  await page.route('**/demo.html', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('<html lang="en">', '<html lang="es">');
    await route.fulfill({ response, body });
  });
  await page.goto(shared.server.url + '/demo.html');
  const status = page.locator('asalto-board#standard #status');
  await status.waitFor();
  await page.waitForFunction(() =>
    document.querySelector('asalto-board#standard')?.shadowRoot?.querySelector('#status')?.textContent);
  assert.equal(await status.textContent(), 'Juegan los rebeldes.');
  assert.equal(await page.locator('asalto-board#standard #hint').textContent(), 'Pista');
  // The page's own language is left alone; the board says its own.
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
  // embed.html has no language of its own to give: the browser's is used,
  // unless its fragment asks for one.
  const board = async (fragment) => {
    const embed = await context.newPage();
    await embed.goto(shared.server.url + '/embed.html#' + fragment);
    await embed.waitForFunction(() =>
      document.querySelector('asalto-board')?.shadowRoot?.querySelector('#status')?.textContent);
    return embed.locator('asalto-board');
  };
  const replay = await board('mode=replay&moves=d4-d5');
  // The replay's steps back and forward, named in its language.
  assert.equal(await replay.locator('#back').getAttribute('aria-label'), 'Zurück');
  assert.equal(await replay.locator('#redo').getAttribute('aria-label'), 'Weiter');
  assert.equal(await replay.locator('.frame').getAttribute('lang'), 'de');
  assert.equal(await replay.getAttribute('lang'), null, 'the element\'s lang is its page\'s');
  const french = await board('lang=fr&rules=asalto');
  assert.equal(await french.locator('#status').textContent(), 'Officiers\u00a0: placez 2 officiers dans la forteresse.');
  // The reader's choice of language keeps the game on the board.
  await page.locator('asalto-board#standard').scrollIntoViewIfNeeded();
  await clickPointsIn(page, page.locator('asalto-board#standard'), 'd4', 'd5');
  await page.evaluate(() => {
    const select = document.querySelector('asalto-board#standard').shadowRoot.querySelector('#opt-lang');
    select.value = 'fr';
    select.dispatchEvent(new Event('change'));
  });
  // Once the French words have come, nothing has started the game again.
  await page.waitForFunction(() => document.querySelector('asalto-board#standard')
    .shadowRoot.querySelector('#status').textContent !== 'Juegan los oficiales.');
  assert.equal(await status.textContent(), 'Aux officiers de jouer.');
  assert.deepEqual(await page.locator('asalto-board#standard #moves .mv').allTextContents(), ['d4-d5']);
  // The choice is every embedded board's from then on.
  const chosen = await board('mode=replay&moves=d4-d5');
  assert.equal(await chosen.locator('#back').getAttribute('aria-label'), 'Reculer');
  await context.close();
});

test('on a 360 px screen nothing overflows, in every language, with every dialog open', async () => {
  const context = await shared.browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    hasTouch: true,
    isMobile: true,
  });
  const page = await openIn(context, shared.server.url + '/');
  const overflow = () =>
    page.evaluate(() => {
      // An element past the screen's edge, unless a box that scrolls holds it.
      const held = (el) => {
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
          if (getComputedStyle(up).overflowX !== 'visible') return up.getBoundingClientRect().right <= innerWidth + 0.5;
        }
        return false;
      };
      const wide = [...document.querySelectorAll('body *')]
        .filter((el) => el.getClientRects().length && el.getBoundingClientRect().right > innerWidth + 0.5 && !held(el))
        .map((el) => `${el.id || el.tagName} ${Math.round(el.getBoundingClientRect().right)}`);
      return [document.documentElement.scrollWidth - innerWidth, wide.slice(0, 5)];
    });
  for (const lang of ['en', 'fr', 'de', 'es']) {
    await page.selectOption('#opt-lang', lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    // The finished game's result, the editor, and each dialog in turn.
    await page.goto(shared.server.url + '/#assault;attackers=a3,d4;defenders=d5;first=defender');
    await page.waitForFunction(() => !document.querySelector('#result').hidden);
    assert.deepEqual(await overflow(), [0, []], `${lang}: the page`);
    await press(page, '#edit');
    assert.deepEqual(await overflow(), [0, []], `${lang}: the set-up editor`);
    await press(page, '#edit');
    for (const [open, dialog] of [['#new', '#new-game'], ['#rules', '#rules-dialog']]) {
      await press(page, open);
      await page.waitForFunction((d) => document.querySelector(d).open, dialog);
      assert.deepEqual(await overflow(), [0, []], `${lang}: ${dialog}`);
      if (dialog === '#new-game') {
        // Its rule options open, each control inside the dialog's box.
        await page.locator('#new-game summary').click();
        const outside = await page.evaluate(() => {
          const box = document.querySelector('#new-game').getBoundingClientRect();
          return [...document.querySelectorAll('#new-game select, #new-game input')]
            .filter((el) => el.getBoundingClientRect().right > box.right + 0.5)
            .map((el) => el.dataset.key ?? el.id);
        });
        assert.deepEqual(outside, [], `${lang}: the New game dialog's options`);
      }
      await page.keyboard.press('Escape');
      await page.waitForFunction((d) => !document.querySelector(d).open, dialog);
    }
  }
  await context.close();
});
