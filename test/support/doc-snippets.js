// @ts-check
/**
 * The code blocks of the documentation — README.md, every page of the site
 * (docs-site/**\/*.md, less the pages generated from the source) and the
 * repository's files the site includes whole (docs/ARCHITECTURE.md…) — as
 * their tests see them. Every fenced block runs as written unless a comment
 * on the line before it says otherwise:
 *
 *   (no comment)                 html, js: runs in its own page in Chromium
 *                                (test/docs/doc-snippets-suite.ts); json: parsed
 *   <!-- snippet: calls [{ "name": "find_orders", "args": { … } }, …] -->
 *                                runs in its own page too, and there the model calls
 *                                those tools (one call a turn, in order): each call
 *                                must end with status `ok` (an element's approval
 *                                panel is approved for it)
 *   <!-- snippet: continues -->  runs in the page of the block before it (same file), after it
 *   <!-- snippet: shell -->      a shell command: checked by `bash -n`, and each
 *                                `npm start|test|run X` must name a script of package.json
 *   <!-- snippet: shell app -->  the same, for commands run in the reader's own app:
 *                                `bash -n` only (its npm scripts are the app's)
 *   <!-- snippet: typecheck -->  cannot run alone (a framework's component): type-checked
 *                                against pageloop's types
 *   <!-- snippet: server … -->   code for the reader's backend: syntax-checked by Node
 *   <!-- snippet: vue -->        a Vue single-file component: compiled by @vue/compiler-sfc
 *   <!-- snippet: svelte -->     a Svelte 5 component: compiled by svelte/compiler
 *
 * (scripts/check-snippets.js checks all but the runnable ones.) A `text`
 * block is prose (a diagram, a sample output) and is not code. A block in
 * another language, or a js/html block without a comment of a kind it
 * knows, fails the check; so does an indented code block, which no check
 * would see (fence it).
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { filesUnder } from '../../scripts/lib/files-under.js';

/**
 * @typedef {object} Snippet
 * @property {number} index   position among all the documentation's code blocks (0-based)
 * @property {string} file    the markdown file, from the repository root
 * @property {number} line    1-based line of its opening fence
 * @property {string} lang    the fence's language
 * @property {'run' | 'calls' | 'continues' | 'shell' | 'typecheck' | 'server' | 'vue' | 'svelte' | 'json' | 'text'} kind
 * @property {string} [flag]  the word after the kind (`app` for `shell app`)
 * @property {string} code
 * @property {{ name: string, args: Record<string, unknown> }[]} [calls]  the tool calls the model makes (`calls`)
 */

const KINDS = ['calls', 'continues', 'shell', 'typecheck', 'server', 'vue', 'svelte'];

/**
 * The site's pages generated from the source (scripts/docs/generate.js): their
 * code is the source's own signatures, so they are not documentation blocks.
 */
export const GENERATED = ['docs-site/reference/api/', 'docs-site/reference/settings.md', 'docs-site/reference/element.md'];

/**
 * The documentation's markdown files, from the repository root: README.md,
 * then the site's pages in path order (not the generated ones, the build
 * output or VitePress's own folder).
 * @param {string} root @returns {string[]}
 */
export function docFiles(root) {
  const skipped = ['node_modules', 'dist', '.vitepress'];
  const pages = filesUnder(resolve(root, 'docs-site'), { ext: '.md', skip: (folder) => skipped.includes(folder) || GENERATED.includes(`docs-site/${folder}/`) })
    .map((page) => `docs-site/${page}`)
    .filter((page) => !GENERATED.includes(page));
  // Files of the repository a page includes whole (`<!--@include: path-->`), e.g. docs/ARCHITECTURE.md.
  const included = pages.flatMap((page) =>
    [...readFileSync(resolve(root, page), 'utf8').matchAll(/^<!--@include: ([^\s]+?)-->/gm)].map(([, path]) => relative(root, resolve(root, page, '..', path ?? ''))),
  );
  return ['README.md', ...pages, ...[...new Set(included)].sort()];
}

/**
 * One file's fenced code blocks with what is to be done with each; `first`
 * is the index the first one gets. Throws on a block whose treatment is not
 * said (see the header).
 * @param {string} file @param {string} markdown @param {number} [first] @returns {Snippet[]}
 */
export function fileSnippets(file, markdown, first = 0) {
  const lines = markdown.split('\n');
  /** @type {Snippet[]} */
  const snippets = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const open = /^(\s*)```(\w*)\s*$/.exec(line);
    if (!open) {
      // An indented block: four spaces after a blank line that follows a paragraph (not a list item's continuation).
      if (/^ {4}\S/.test(line) && (lines[i - 1] ?? '').trim() === '' && /^[^\s>|<:-]/.test(precedingText(lines, i)) && !/^(\d+\.|[*+])\s/.test(precedingText(lines, i))) {
        throw new Error(`${file}:${i + 1}: an indented code block: fence it (\`\`\`lang) so it is checked`);
      }
      continue;
    }
    const indent = open[1] ?? '';
    const lang = open[2] ?? '';
    const end = lines.findIndex((l, j) => j > i && l.startsWith(`${indent}\`\`\``));
    if (end < 0) throw new Error(`${file}:${i + 1}: a code block that never closes`);
    const comment = /^\s*<!-- snippet: (\w+)(?: (\w+))?/.exec(lines[i - 1] ?? '');
    const marker = comment?.[1];
    if (marker !== undefined && !KINDS.includes(marker)) throw new Error(`${file}:${i + 1}: unknown snippet kind "${marker}" (known: ${KINDS.join(', ')})`);
    /** @type {Snippet['calls']} */
    let calls;
    if (marker === 'calls') {
      const json = /^\s*<!-- snippet: calls (.*) -->\s*$/.exec(lines[i - 1] ?? '')?.[1] ?? '';
      try {
        calls = JSON.parse(json);
      } catch {
        throw new Error(`${file}:${i}: \`calls\` takes a JSON array of { name, args } on the same line`);
      }
      if (!Array.isArray(calls) || calls.some((c) => typeof c?.name !== 'string' || typeof c.args !== 'object')) throw new Error(`${file}:${i}: \`calls\` takes a JSON array of { name, args }`);
    }
    /** @type {Snippet['kind']} */
    let kind;
    if (marker !== undefined) kind = /** @type {Snippet['kind']} */ (marker);
    else if (lang === 'js' || lang === 'html') kind = 'run';
    else if (lang === 'json' || lang === 'text') kind = lang;
    else throw new Error(`${file}:${i + 1}: a \`${lang || 'plain'}\` block must be marked (<!-- snippet: shell | typecheck | server | vue | svelte -->): only js and html blocks run, json is parsed, text is prose`);
    if ((kind === 'continues' || kind === 'calls') && lang !== 'js' && lang !== 'html') throw new Error(`${file}:${i + 1}: only js and html blocks run`);
    if (kind === 'continues' && !snippets.some((s) => s.kind === 'run' || s.kind === 'calls')) throw new Error(`${file}:${i + 1}: the first runnable block of a file cannot continue another`);
    const code = lines
      .slice(i + 1, end)
      .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l))
      .join('\n');
    /** @type {Snippet} */
    const snippet = { index: first + snippets.length, file, line: i + 1, lang, kind, code };
    if (comment?.[2] && marker !== 'calls') snippet.flag = comment[2];
    if (calls) snippet.calls = calls;
    snippets.push(snippet);
    i = end;
  }
  return snippets;
}

/** The nearest non-blank line above line `i` (to tell a paragraph from a list item's continuation). @param {string[]} lines @param {number} i */
function precedingText(lines, i) {
  for (let j = i - 1; j >= 0; j--) if ((lines[j] ?? '').trim() !== '') return lines[j] ?? '';
  return '';
}

/**
 * Every code block of the documentation, indexed across files.
 * @param {string} root @returns {Snippet[]}
 */
export function docSnippets(root) {
  /** @type {Snippet[]} */
  const all = [];
  for (const file of docFiles(root)) all.push(...fileSnippets(file, readFileSync(resolve(root, file), 'utf8'), all.length));
  return all;
}

/**
 * The pages the runnable blocks make: each `run` block starts one, and the
 * `continues` blocks after it in the same file join it, in order.
 * @param {Snippet[]} snippets @returns {Snippet[][]}
 */
export function snippetPages(snippets) {
  /** @type {Snippet[][]} */
  const pages = [];
  for (const s of snippets) {
    if (s.kind === 'run' || s.kind === 'calls') pages.push([s]);
    else if (s.kind === 'continues') {
      const page = pages.at(-1);
      if (!page || page[0]?.file !== s.file) throw new Error(`${s.file}:${s.line}: continues a block of another file`);
      page.push(s);
    }
  }
  return pages;
}
