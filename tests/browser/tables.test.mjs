// Perfect play in the browser: `assault`'s tier of 9 attackers built and
// packed by the command line (about a minute), and small forms of the other
// forward presets' tables (seconds), served with Range by a local static
// server; boards whose every move's value matches the native pack's
// along whole games, with a cold probe's requests counted and a warm one's
// none (the Cache API); and hosts that break ranges, refuse other sites or
// lack the pack, each said in one line while the game plays on.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST, ROOT, clickPointsIn, launch, ranged, serve } from './harness.mjs';

/** Two positions of 9 attackers the attackers win, each with losing moves. */
const STARTS = [
  'assault;attackers=b5,c6,c7,d6,d7,e3,e5,e6,e7;defenders=a4,g5;first=attacker',
  'assault;attackers=c3,c5,c6,c7,d5,d7,e5,e6,e7;defenders=a4,b5;first=attacker',
];

/** The other presets whose attackers only march forward (issue: every
 * 33-point board solved): their boards read packs as `assault`'s do. */
const PRESETS = ['simplified', 'fuchs-und-henne', 'zwei-contra-20'];

const shared = {};
/** The ranges the honest host (`/pack/`) was asked for so far. */
const asked = () => shared.server.ranges.filter((r) => r.startsWith('/pack/')).length;

function send(res, status, headers, body) {
  res.writeHead(status, { 'content-type': 'application/octet-stream', ...headers });
  res.end(body);
}

/** Bad hosts: one that sends whole files, one that gzips the file and then
 * cuts its range from the gzip, one that changes a byte of every range but
 * the header's. */
const HOSTS = {
  whole(req, res, body) {
    send(res, 200, {}, body);
  },
  gzip(req, res, body) {
    const zipped = gzipSync(body);
    const [a, b] = ranged(req, zipped) ?? [0, zipped.length - 1];
    const headers = { 'content-encoding': 'gzip', 'content-range': `bytes ${a}-${b}/${zipped.length}` };
    send(res, 206, headers, zipped.subarray(a, b + 1));
  },
  corrupt(req, res, body) {
    const [a, b] = ranged(req, body) ?? [0, body.length - 1];
    const part = Buffer.from(body.subarray(a, b + 1));
    if (a > 0) part[part.length >> 1] ^= 0x40;
    send(res, 206, { 'content-range': `bytes ${a}-${b}/${body.length}` }, part);
  },
};

const PAGE = '<!doctype html><meta charset="utf-8"><title>tables</title>'
  + '<script type="module" src="/asalto-board.js"></script>';

before(async () => {
  execFileSync('cargo', ['build', '--release', '--locked', '-q', '-p', 'asalto-cli'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  shared.asalto = join(ROOT, 'target', 'release', 'asalto');
  shared.work = mkdtempSync(join(tmpdir(), 'asalto-tables-'));
  const tables = join(shared.work, 'tables');
  shared.pack = join(shared.work, 'pack');
  execFileSync(shared.asalto, ['tables', 'build', 'assault', '--attackers', '9', '--dir', tables], {
    stdio: 'ignore',
  });
  execFileSync(shared.asalto, ['tables', 'pack', tables, shared.pack], { stdio: 'ignore' });
  shared.index = JSON.parse(readFileSync(join(shared.pack, 'manifest.json'), 'utf8')).index;
  // The other forward presets' boards, their tables in a small form (the
  // defenders win below 3 attackers: tiers 3 and 4, seconds), each with a
  // start of 4 attackers.
  shared.presets = PRESETS.map((preset) => {
    const dir = join(shared.work, preset);
    const pack = join(shared.work, `${preset}-pack`);
    const rules = `${preset};defender-wins-below=3`;
    execFileSync(shared.asalto, ['tables', 'build', rules, '--attackers', '4', '--dir', dir], { stdio: 'ignore' });
    execFileSync(shared.asalto, ['tables', 'pack', dir, pack], { stdio: 'ignore' });
    const index = JSON.parse(readFileSync(join(pack, 'manifest.json'), 'utf8')).index;
    const sampled = execFileSync(shared.asalto, ['tables', 'sample', dir, '--attackers', '4', '--count', '300'], {
      encoding: 'utf8',
    });
    // Of the first 40, one whose side to move has moves of both values,
    // else the one with the most moves.
    const probed = sampled.trim().split('\n').slice(0, 40).map((l) => {
      const position = l.split('\t')[0];
      const { moves } = native(position, pack);
      return { position, moves: moves.length, both: new Set(moves.map((m) => m.split(':')[1])).size === 2 };
    });
    const start = (probed.find((p) => p.both) ?? probed.sort((a, b) => b.moves - a.moves)[0]).position;
    return { preset, pack, index, start };
  });
  // The game page with the pack as the site's default.
  const index = readFileSync(join(DIST, 'index.html'), 'utf8').replace(
    '<meta name="asalto-tables" content="">',
    `<meta name="asalto-tables" content="pack/${shared.index}">`,
  );
  const mounts = Object.fromEntries(
    Object.entries(HOSTS).map(([name, answer]) => [`/${name}/`, [shared.pack, answer]]),
  );
  shared.server = await serve(
    DIST,
    { '/tables.html': ['text/html', PAGE], '/perfect.html': ['text/html', index] },
    {},
    {
      '/pack/': [shared.pack, null],
      ...mounts,
      ...Object.fromEntries(shared.presets.map((p) => [`/${p.preset}/`, [p.pack, null]])),
    },
  );
  // Another origin that allows no other site (no CORS header).
  shared.foreign = await serve(shared.pack);
  shared.browser = await launch();
});

after(async () => {
  await shared.browser?.close();
  await shared.server?.close();
  await shared.foreign?.close();
  if (shared.work) rmSync(shared.work, { recursive: true, force: true });
});

/** The native pack's word on `record`: each legal move's value. */
function native(record, pack = shared.pack) {
  const out = execFileSync(shared.asalto, ['tables', 'probe', record, '--pack', pack], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [first, ...moves] = out.trim().split('\n');
  return {
    value: first.split(' ')[0],
    moves: moves.map((l) => l.trim().split(/\s+/).join(':')).sort(),
  };
}

/** Adds a board of `rules` reading `tables` to `page` and returns it. */
async function addBoard(page, rules, tables, id) {
  await page.evaluate(([rules, tables, id]) => {
    const board = document.createElement('asalto-board');
    Object.assign(board, { id });
    board.setAttribute('rules', rules);
    board.setAttribute('tables', tables);
    board.setAttribute('controls', 'status,moves,back,hint');
    document.body.append(board);
  }, [rules, tables, id]);
  const board = page.locator(`asalto-board#${id}`);
  await board.locator('#board[data-layout]').waitFor({ state: 'attached' });
  return board;
}

/** Waits until `board` (on `page`) shows `moves` (sorted `move:value`) as
 * its values. */
async function shows(page, board, moves) {
  const canvas = await board.locator('#board').elementHandle();
  try {
    await page.waitForFunction(
      ([canvas, want]) => canvas.dataset.values.split(' ').filter(Boolean).sort().join(' ') === want,
      [canvas, moves.join(' ')],
      { timeout: 10000 },
    );
  } catch {
    const said = await board.locator('#perfect').textContent();
    const values = await canvas.getAttribute('data-values');
    assert.fail(`the board shows ${values} (${said}), the native pack ${moves.join(' ')}`);
  }
}

/** Plays `text` (a step `a-b` or a capture `axbxc`) by clicking. */
async function play(page, board, text) {
  await board.scrollIntoViewIfNeeded();
  await clickPointsIn(page, board, ...text.split(/[-x]/));
}

test('every move of whole games has the native pack\'s value; a warm probe asks nothing, offline too', async () => {
  // A context of its own, whose pages share one Cache API.
  const context = await shared.browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(shared.server.url + '/tables.html');
  let seed = 7;
  for (const [n, start] of STARTS.entries()) {
    const before = asked();
    const board = await addBoard(page, start, '/pack/' + shared.index, `game${n}`);
    let record = start;
    let cold = null;
    for (let ply = 0; ply < 60; ply++) {
      const { value, moves } = native(record);
      if (moves.length === 0) break;
      await shows(page, board, moves);
      cold ??= asked() - before;
      const line = await board.locator('#perfect').textContent();
      const mover = ply % 2 === 0 ? 'attacker' : 'defender';
      assert.match(line, /^Solved: the .+ win from here\./, record);
      assert.equal(line.includes('Winning moves:'), value === 'win', `${record}: ${line}`);
      // The pieces ringed as winning are those with a winning move.
      const ringed = (await board.locator('#board').getAttribute('data-perfect'))
        .split(' ').filter((m) => m.endsWith(':win')).map((m) => m.split(':')[0]).sort();
      const winners = [...new Set(moves.filter((m) => m.endsWith(':win'))
        .map((m) => m.split(/[-x]/)[0]))].sort();
      assert.deepEqual(ringed, winners, `${record} (${mover} to move)`);
      // The winning move on even plies, else one drawn at random.
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const winning = moves.filter((m) => m.endsWith(':win'));
      const pick = ply % 2 === 0 && winning.length ? winning[0] : moves[seed % moves.length];
      const text = pick.split(':')[0];
      await play(page, board, text);
      record += ' ' + text;
    }
    // The first board is cold (the later ones share its cached blocks).
    if (n === 0) assert.ok(cold > 0 && cold <= 12, `a cold first probe took ${cold} requests`);
    console.log(`# ${start}: ${record.split(' ').length - 1} moves; first probe ${cold} requests`);
    await board.evaluate((b) => b.remove());
  }
  // A new board of a position seen: every block from the Cache API.
  const before = asked();
  const again = await addBoard(page, STARTS[0], '/pack/' + shared.index, 'again');
  await shows(page, again, native(STARTS[0]).moves);
  assert.equal(asked() - before, 0, 'a warm probe makes no request');
  // Offline: a new page of the same browser (a new worker, nothing in its
  // memory) with every request for the pack failing, as with the network
  // off: the positions seen answer from the Cache API alone.
  const offline = await context.newPage();
  await context.route('**/pack/**', (route) => route.abort('internetdisconnected'));
  await offline.goto(shared.server.url + '/tables.html');
  const seen = await addBoard(offline, STARTS[0], '/pack/' + shared.index, 'offline');
  await shows(offline, seen, native(STARTS[0]).moves);
  assert.equal(asked() - before, 0, 'offline, nothing reached the host');
  assert.deepEqual(errors, []);
  await context.close();
});

test('boards of the other forward presets show their packs\' values along a game', async () => {
  const context = await shared.browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  await page.goto(shared.server.url + '/tables.html');
  for (const { preset, pack, index, start } of shared.presets) {
    const board = await addBoard(page, start, `/${preset}/${index}`, preset.replaceAll('-', ''));
    let record = start;
    let seed = 3;
    for (let ply = 0; ply < 16; ply++) {
      const { moves } = native(record, pack);
      if (moves.length === 0) break;
      await shows(page, board, moves);
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const text = moves[seed % moves.length].split(':')[0];
      await play(page, board, text);
      record += ' ' + text;
    }
    console.log(`# ${preset}: ${record.split(' ').length - 1} moves`);
    await board.evaluate((b) => b.remove());
  }
  await context.close();
});

test('the game page reads the site\'s pack: the hint names a winning move', async () => {
  const page = await shared.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${shared.server.url}/perfect.html#${STARTS[1]}`);
  await page.waitForFunction(() => document.querySelector('#board')?.dataset.layout);
  const { moves } = native(STARTS[1]);
  await shows(page, page.locator('body'), moves);
  await page.click('#hint');
  const hint = await page.waitForFunction(() => document.querySelector('#board').dataset.hint);
  const route = (await hint.jsonValue()).split(' ');
  const winning = moves.filter((m) => m.endsWith(':win')).map((m) => m.split(':')[0].split(/[-x]/));
  assert.ok(winning.some((w) => w.join(' ') === route.join(' ')), `${route} among ${winning}`);
  assert.match(await page.locator('#thinking').textContent(), /perfect play/);
  await page.close();
});

test('a host that breaks ranges, refuses other sites or lacks the pack is said, and play goes on', async () => {
  const page = await shared.browser.newPage({ viewport: { width: 1000, height: 900 } });
  await page.goto(shared.server.url + '/tables.html');
  const cases = [
    ['whole', `/whole/${shared.index}`, /ignores Range requests/],
    ['gzip', `/gzip/${shared.index}`, /cannot be fetched|damaged|not a pack|ends too early/],
    ['corrupt', `/corrupt/${shared.index}`, /damaged/],
    ['foreign', `${shared.foreign.url}/${shared.index}`, /cannot be fetched/],
    ['missing', '/pack/asalto-0000000000000000.bin', /HTTP 404/],
  ];
  for (const [id, tables, why] of cases) {
    const board = await addBoard(page, STARTS[0], tables, id);
    const line = board.locator('#perfect');
    await line.filter({ hasText: 'Perfect play is unavailable' }).waitFor({ timeout: 10000 });
    assert.match(await line.textContent(), why, id);
    assert.equal(await board.locator('#board').getAttribute('data-values'), '', id);
    await play(page, board, 'e3-d4');
    assert.deepEqual(await board.locator('#moves .mv').allTextContents(), ['e3-d4'], id);
    await board.evaluate((b) => b.remove());
  }
  await page.close();
});
