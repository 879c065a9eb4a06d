// @ts-check
/**
 * README.md's code blocks, as its tests see them. Every fenced block runs as
 * written unless a comment on the line before it says otherwise:
 *
 *   (no comment)                 html, js: runs in its own page in Chromium
 *                                (test/readme/readme-snippets.test.ts)
 *   <!-- snippet: continues -->  runs in the page of the block before it, after it
 *   <!-- snippet: shell -->      a shell command: checked by `bash -n`, and each
 *                                `npm start|test|run X` must name a script of package.json
 *   <!-- snippet: typecheck -->  cannot run alone (a framework's component): type-checked
 *                                against pageloop's types
 *   <!-- snippet: server … -->   code for the reader's backend: syntax-checked by Node
 *
 * (scripts/check-readme.js checks the last three.) A block in another language,
 * or a js/html block without a comment of a kind it knows, fails the check.
 */

/**
 * @typedef {object} Snippet
 * @property {number} index   position among the README's code blocks (0-based)
 * @property {number} line    1-based line of its opening fence
 * @property {string} lang    the fence's language
 * @property {'run' | 'continues' | 'shell' | 'typecheck' | 'server'} kind
 * @property {string} code
 */

const KINDS = ['continues', 'shell', 'typecheck', 'server'];

/**
 * The README's fenced code blocks with what is to be done with each.
 * Throws on a block whose treatment is not said (see the header).
 * @param {string} markdown @returns {Snippet[]}
 */
export function readmeSnippets(markdown) {
  const lines = markdown.split('\n');
  /** @type {Snippet[]} */
  const snippets = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i] ?? '');
    if (!open) continue;
    const lang = open[1] ?? '';
    const end = lines.findIndex((l, j) => j > i && l.startsWith('```'));
    if (end < 0) throw new Error(`README.md:${i + 1}: a code block that never closes`);
    const marker = /^<!-- snippet: (\w+)/.exec(lines[i - 1] ?? '')?.[1];
    if (marker !== undefined && !KINDS.includes(marker)) throw new Error(`README.md:${i + 1}: unknown snippet kind "${marker}" (known: ${KINDS.join(', ')})`);
    const kind = /** @type {Snippet['kind']} */ (marker ?? 'run');
    if ((kind === 'run' || kind === 'continues') && lang !== 'js' && lang !== 'html') {
      throw new Error(`README.md:${i + 1}: a \`${lang || 'plain'}\` block must be marked (<!-- snippet: shell | typecheck | server -->): only js and html blocks run`);
    }
    if (kind === 'continues' && snippets.length === 0) throw new Error(`README.md:${i + 1}: the first block cannot continue another`);
    snippets.push({ index: snippets.length, line: i + 1, lang, kind, code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return snippets;
}

/**
 * The pages the runnable blocks make: each `run` block starts one, and the
 * `continues` blocks after it join it, in order.
 * @param {Snippet[]} snippets @returns {Snippet[][]}
 */
export function snippetPages(snippets) {
  /** @type {Snippet[][]} */
  const pages = [];
  for (const s of snippets) {
    if (s.kind === 'run') pages.push([s]);
    else if (s.kind === 'continues') pages.at(-1)?.push(s);
  }
  return pages;
}
