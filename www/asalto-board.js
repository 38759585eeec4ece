// <asalto-board>: an Asalto board in any page, e.g.
//   <script type="module" src="asalto-board.js"></script>
//   <asalto-board rules="royal-garrison" moves="d6-d7 c7-c6" mode="replay">
//     <img src="figure.png" alt="…">   (shown if scripts or WebAssembly fail)
//   </asalto-board>
// Attributes: rules, moves, mode (play|replay|view|lesson|puzzle), controls (all, none or
// a list of status moves back forward first last flip new hint options
// rules edit), computer (attacker|defender|none), level (1–5 or a level's
// name), ply (the main line's), at (the nth move the record writes, in
// any line), lang (en, fr, de or es; else the page's nearest lang, else
// the browser's), sides (attackers, rebels or soldiers: the side names),
// lesson (1–9: a lesson of the course), puzzle (today, or a puzzle's number:
// a position where exactly one move wins, proved by the solver).
// A page that changes them later is shown the new game.
// The game (crates/web) is loaded once for all the boards of the page, from
// beside this file, or from <meta name="asalto-wasm" content="…"> (the
// module's address; its parts beside it, with its extension) and
// <meta name="asalto-worker" content="…"> for hosts that need other names
// (served with the wrong type, the wasm file still loads, more slowly); a
// board in French, German or Spanish fetches that language's words from
// words/ beside this file, and a board that shows a puzzle puzzles.txt.
// Each board lives in its own shadow root: its own state, focus and styles.
// After every change of the game it shows, a board sends a `gamechange`
// event whose detail is {record, ply, at, moves, result}.

import init, { mount_board, update_board } from './asalto-web.js';

const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.content;
const beside = (file) => new URL(file, import.meta.url).href;

/** The board's frame (www/parts/frame.html, which the game page inlines),
 * fetched once from beside this file, in the element's own box. */
const board = (frame) => `<div class="frame">${frame}</div>`;

/** The text of `file`, beside this one. */
async function text(file) {
  const response = await fetch(beside(file));
  if (!response.ok) throw new Error(`${file}: ${response.status}`);
  return response.text();
}

async function sheet(file) {
  return new CSSStyleSheet().replace(await text(file));
}

// The computer player's worker script and the word files' folder, which the
// game finds in these tags.
for (const [name, file] of [['asalto-worker', 'asalto-worker_loader.js'], ['asalto-words', 'words/']]) {
  if (meta(name)) continue;
  const tag = Object.assign(document.createElement('meta'), { name });
  tag.content = beside(file);
  // A browser starts a worker only from the page's origin: for files from
  // another (a CDN), a script of the page's own that imports the loader,
  // telling it where its files are.
  if (name === 'asalto-worker' && new URL(tag.content).origin !== location.origin) {
    const base = JSON.stringify(beside('.'));
    const script = `self.asaltoBase = ${base}; importScripts(${JSON.stringify(tag.content)});`;
    tag.content = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
  }
  document.head.append(tag);
}

let loaded;
/** The game module, the boards' style sheets and their markup, fetched once. */
function load() {
  loaded ??= Promise.all([
    init({ module_or_path: meta('asalto-wasm') ?? beside('asalto-web_bg.wasm') }),
    Promise.all([sheet('board.css'), sheet('element.css')]),
    text('frame.html'),
  ]).then(([, sheets, frame]) => ({ sheets, markup: board(frame) }));
  return loaded;
}

class AsaltoBoard extends HTMLElement {
  static observedAttributes = ['rules', 'moves', 'mode', 'controls', 'computer', 'level', 'ply', 'at', 'lang', 'sides', 'lesson', 'puzzle', 'tables'];

  /** The options, as the game reads them: each attribute's value (or null),
   * and embed.html's fragment, which stands for them all. */
  options() {
    const names = [...AsaltoBoard.observedAttributes, 'fragment'];
    return Object.fromEntries(names.map((name) => [name, this.getAttribute(name)]));
  }

  /** After the board started: the new options, once for the changes a
   * script makes in one go. */
  attributeChangedCallback(name, old, value) {
    // Changed while the board starts (fetching its words): shown once it has.
    if (this.starting && old !== value) this.stale = true;
    if (!this.mounted || old === value || this.changing) return;
    this.changing = true;
    queueMicrotask(() => {
      this.changing = false;
      this.update();
    });
  }

  /** Shows the options as they are now. */
  update() {
    update_board(this, this.shadowRoot, this.options()).catch((e) => {
      console.error('asalto-board: the new options could not be shown:', e);
    });
  }

  async connectedCallback() {
    if (this.shadowRoot) return; // moved within the page: still mounted
    let sheets, markup;
    try {
      ({ sheets, markup } = await load());
    } catch (e) {
      // One line saying why (in English: the word files are among what
      // could not be fetched), above the element's own content (a static
      // figure, say).
      console.error('asalto-board: the game could not be loaded:', e);
      if (this.shadowRoot || !this.isConnected) return;
      const why = document.createElement('p');
      why.setAttribute('role', 'note');
      why.textContent = `This board could not load its files from ${new URL(beside('.')).origin}: `
        + 'the host must serve them to this page (to another site, with an Access-Control-Allow-Origin header).';
      this.attachShadow({ mode: 'open' }).replaceChildren(why, document.createElement('slot'));
      return;
    }
    if (this.shadowRoot || !this.isConnected) return;
    const shadow = this.attachShadow({ mode: 'open' });
    shadow.adoptedStyleSheets = sheets;
    shadow.innerHTML = markup;
    // The keyboard steps through the board that has the focus.
    shadow.getElementById('board').tabIndex = 0;
    // The status says nothing until the board speaks, in its own language
    // (the page's "Loading…" is English).
    shadow.getElementById('status').textContent = '';
    try {
      this.starting = true;
      await mount_board(this, shadow, this.options());
      this.mounted = true;
      if (this.stale) this.update();
    } catch (e) {
      // Why, in the board's language (mount_board's sentence), above the
      // element's own content (a static figure, say).
      console.error('asalto-board: the board could not start:', e);
      const why = document.createElement('p');
      why.textContent = String(e);
      shadow.adoptedStyleSheets = [];
      shadow.replaceChildren(why, document.createElement('slot'));
    } finally {
      this.starting = false;
    }
  }
}

customElements.define('asalto-board', AsaltoBoard);
