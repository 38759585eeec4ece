// Fetches the endgame pack of the repository's latest release (its
// `asalto-<hash>.bin` files and `manifest.json`, made by the release
// workflow) into a folder, and prints the index file's name; prints
// nothing when the latest release has no pack (the site is then built
// without one). Used by the Pages workflow (.github/workflows/site.yml).
//
//   node scripts/endgame-pack.mjs OWNER/REPO FOLDER     (GH_TOKEN in the environment)

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const [repo, folder] = process.argv.slice(2);
if (!repo || !folder) {
  console.error('usage: node scripts/endgame-pack.mjs OWNER/REPO FOLDER');
  process.exit(2);
}
const headers = { accept: 'application/vnd.github+json' };
if (process.env.GH_TOKEN) headers.authorization = `Bearer ${process.env.GH_TOKEN}`;

const latest = await fetch(`https://api.github.com/repos/${repo}/releases/latest`, { headers });
if (latest.status === 404) process.exit(0);
if (!latest.ok) throw new Error(`the latest release: HTTP ${latest.status}`);
const assets = (await latest.json()).assets
  .filter((a) => /^asalto-[0-9a-f]{16}\.bin$/.test(a.name) || a.name === 'manifest.json');
const manifest = assets.find((a) => a.name === 'manifest.json');
if (!manifest) process.exit(0);
await mkdir(folder, { recursive: true });
for (const asset of assets) {
  const got = await fetch(asset.url, { headers: { ...headers, accept: 'application/octet-stream' } });
  if (!got.ok) throw new Error(`${asset.name}: HTTP ${got.status}`);
  await writeFile(join(folder, asset.name), Buffer.from(await got.arrayBuffer()));
}
const index = JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')).index;
if (!assets.some((a) => a.name === index)) throw new Error(`the release lacks the pack's index ${index}`);
console.log(index);
