// Plays two builds of the `asalto` command against each other: paired
// games from random openings, each opening once with each build attacking,
// every move the Marshal's `bestmove` at the same time. It measures a new
// Marshal against an old one, weights, search and all (where `asalto match`
// compares two weight files inside one build). Prints each game and the
// score; a game still going after 400 plies is a draw.
//
//   node scripts/versus.mjs NEW OLD PRESET [GAMES] [MOVETIME] [SEED]
//
// NEW and OLD are paths to `asalto` binaries; GAMES openings (default 10),
// so twice as many games; MOVETIME ms a move (default 100); the openings'
// four plies drawn from SEED (default 1). Each move is a fresh process, so
// neither side keeps its table from move to move.

import { execFileSync } from 'node:child_process';

const [newer, older, preset, games = '10', movetime = '100', seed = '1'] = process.argv.slice(2);
if (!newer || !older || !preset) {
  console.error('usage: node scripts/versus.mjs NEW OLD PRESET [GAMES] [MOVETIME] [SEED]');
  process.exit(2);
}
const OPENING = 4;
const LONGEST = 400;

/** `asalto show` of the record: who moves, the legal moves, or the end. */
function show(record) {
  const text = execFileSync(newer, ['show', record], { encoding: 'utf8' });
  const over = text.match(/^game over: (.*)$/m);
  if (over) return { over: over[1] };
  const [, side, moves] = text.match(/^(attacker|defender) to move[^;]*; legal moves: (.*)$/m);
  return { side, moves: moves.split(' ') };
}

/** xorshift: the openings' moves, the same for every run with a seed. */
let state = BigInt(seed) * 0x9e3779b97f4a7c15n + 1n;
function random(n) {
  state ^= (state << 13n) & 0xffffffffffffffffn;
  state ^= state >> 7n;
  state ^= (state << 17n) & 0xffffffffffffffffn;
  return Number(state % BigInt(n));
}

/** Plays one game from `opening` with `attacker` and `defender` (binaries);
 * returns the winning side ('attacker', 'defender') or 'draw', and the record. */
function play(opening, attacker, defender) {
  let record = opening;
  for (let ply = 0; ; ply++) {
    const now = show(record);
    if (now.over) {
      const winner = /^(attacker|defender) wins/.exec(now.over)?.[1] ?? 'draw';
      return { winner, record, why: now.over };
    }
    if (ply >= LONGEST) return { winner: 'draw', record, why: `${LONGEST} plies` };
    const binary = now.side === 'attacker' ? attacker : defender;
    const move = execFileSync(binary, ['bestmove', record, '--movetime', movetime], { encoding: 'utf8' }).trim();
    record += ` ${move}`;
  }
}

const score = { newer: 0, older: 0, newerAttacking: 0, newerDefending: 0 };
for (let g = 0; g < Number(games); g++) {
  let opening = preset;
  for (let ply = 0; ply < OPENING; ply++) {
    const now = show(opening);
    if (now.over) break;
    opening += ` ${now.moves[random(now.moves.length)]}`;
  }
  for (const [attacker, defender, label] of [[newer, older, 'new attacking'], [older, newer, 'old attacking']]) {
    const { winner, record, why } = play(opening, attacker, defender);
    const newerSide = attacker === newer ? 'attacker' : 'defender';
    const points = winner === 'draw' ? 0.5 : winner === newerSide ? 1 : 0;
    score.newer += points;
    score.older += 1 - points;
    if (newerSide === 'attacker') score.newerAttacking += points;
    else score.newerDefending += points;
    console.log(`game ${2 * g + 1 + (label === 'old attacking')}: ${label}: ${why} (new ${points})`);
    console.log(`  ${record}`);
  }
}
const total = 2 * Number(games);
console.log(`new ${score.newer} of ${total} (${(100 * score.newer / total).toFixed(1)} %): attacking ${score.newerAttacking} of ${games}, defending ${score.newerDefending} of ${games}`);
