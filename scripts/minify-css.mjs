// Minifies style sheets in place with esbuild (scripts/web-parts.sh, in a
// release build): each `.css` file given whole, and in each `.html` file
// the text of its `<style>` elements, nothing else of the page (its other
// readers match its markup as written: the tables' meta, the single file).
//
//   node scripts/minify-css.mjs FILE...

import { readFile, writeFile } from 'node:fs/promises';
import { transform } from 'esbuild';

/** `css` minified. */
const minify = async (css) => (await transform(css, { loader: 'css', minify: true })).code.trim();

for (const file of process.argv.slice(2)) {
  const text = await readFile(file, 'utf8');
  let out;
  if (file.endsWith('.css')) {
    out = await minify(text);
  } else if (file.endsWith('.html')) {
    const sheets = [...text.matchAll(/(<style>)([\s\S]*?)(<\/style>)/g)];
    if (sheets.length === 0) throw new Error(`minify-css: ${file} has no <style>`);
    out = text;
    for (const [whole, open, css, close] of sheets) {
      const minified = open + (await minify(css)) + close;
      out = out.replace(whole, () => minified);
    }
  } else {
    throw new Error(`minify-css: ${file} is neither .css nor .html`);
  }
  await writeFile(file, out);
}
