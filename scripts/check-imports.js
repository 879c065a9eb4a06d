// @ts-check
// Checks the arrows between pageloop's rooms, so the architecture stays the
// one the folder names promise. Run by `npm run typecheck` (and so by CI):
//
//   node scripts/check-imports.js
//
// It reads every relative import of src/, components/ and frameworks/ —
// static, `import
// type`, `export … from` and dynamic `import()`, since a type-only or lazy
// import still ties two files together — and fails, listing file:line, on:
//   - any import circle between files;
//   - an upward arrow (the rules in RULES below, each saying why);
//   - an import into a room that is not its public face (FACES below); a
//     face that reaches, without `import()`, a module its room loads on first
//     use (the face is up-front code: what it imports is too); and a chunk
//     loaded on first use that takes another room's face as more than types
//     (the bundler would make that face's modules a chunk of their own,
//     shared with it and loaded up front);
//   - an `import` below the first statement of a file (imports at the top);
//   - a file over MAX_LINES lines of code (one concept per file: a file that
//     long does two); comments and blank lines are not counted, so no
//     explanation is ever cut to meet the rule.
// A worker started with `new URL('./x.ts', import.meta.url)` is not an
// import: it is a separate program reached through messages.
// Node only, no dependencies: the scanner below strips comments and strings
// just well enough to find import statements.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const SCANNED = ['src', 'components', 'frameworks'];
const EXTENSIONS = ['.ts', '.tsx', '.js'];
/** Names of the OpenAI wire format; the element renders events, never these. */
const WIRE_TYPES = ['ChatMessage', 'ChatToolCall'];
/** The most lines of code a file of src/, components/ or frameworks/ may have (issue 19; issue 33: comments and blank lines not counted). */
const MAX_LINES = 400;

/**
 * @typedef {{ from: string, to: string, line: number, names: string[], typeOnly: boolean, dynamic: boolean }} Edge
 * @typedef {{ name: string, why: string, applies(from: string): boolean, forbids(edge: Edge): boolean }} Rule
 */

/** True when the repo-relative `path` is `folder` or inside it. @param {string} path @param {string} folder */
const inside = (path, folder) => path === folder || path.startsWith(folder + '/');
/** True when `path` is inside any of `folders`. @param {string} path @param {string[]} folders */
const insideAny = (path, folders) => folders.some((f) => inside(path, f));

/** The ground floor: the files right under src/ that every room may import (types, settings, errors, formats). */
const isGround = (/** @type {string} */ path) => /^src\/[^/]+\.ts$/.test(path) && path !== 'src/index.ts';

/** Page-side code: what runs in the page's realm. */
const PAGE_SIDE = ['src/page', 'src/tools', 'src/ag-ui', 'src/engine', 'components', 'frameworks', 'src/index.ts'];

/** @type {Rule[]} */
const RULES = [
  {
    name: 'memory is the bottom floor',
    why: 'src/memory may import only itself, its public types (src/memory-types.ts) and src/errors.ts; what speaks the protocol to it (src/worker/memory-api.ts) lives on the worker side',
    applies: (from) => inside(from, 'src/memory'),
    forbids: (e) => !insideAny(e.to, ['src/memory', 'src/memory-types.ts', 'src/errors.ts']),
  },
  {
    name: 'errors are below everything',
    why: 'src/errors.ts may import only the wire form of an error (src/error-codes.ts, types only): every floor imports it',
    applies: (from) => from === 'src/errors.ts',
    forbids: (e) => e.to !== 'src/error-codes.ts',
  },
  {
    name: 'the ground floor is below every room',
    why: 'the files right under src/ (types, settings, errors, the thread format…) are imported by both sides and every room: they import only each other',
    applies: isGround,
    forbids: (e) => !isGround(e.to),
  },
  {
    name: 'the code stays in its house',
    why: 'src/, components/ and frameworks/ import nothing from scripts/, test/, bench/ or demo/: tooling and tests sit above the code, never under it',
    applies: () => true,
    forbids: (e) => !insideAny(e.to, ['src', 'components', 'frameworks']),
  },
  {
    name: 'src is below the element',
    why: 'src/ (the agent, the page side, the ground) must not import components/ (the element) nor frameworks/ (the element in React, Vue, Svelte…), not even as types: what describes the element lives above it, in frameworks/',
    applies: (from) => inside(from, 'src'),
    forbids: (e) => insideAny(e.to, ['components', 'frameworks']),
  },
  {
    name: 'the element is below its frameworks',
    why: 'components/ must not import frameworks/: the React wrapper and the framework typings describe the element, which knows none of them',
    applies: (from) => inside(from, 'components'),
    forbids: (e) => inside(e.to, 'frameworks'),
  },
  {
    name: 'the element reaches threads through the agent',
    why: 'components must not import src/store: stored threads come through agent.threads and agent.events(), and the thread file\'s format is src/thread-format.ts',
    applies: (from) => inside(from, 'components'),
    forbids: (e) => inside(e.to, 'src/store'),
  },
  {
    name: 'the store knows nothing above it',
    why: 'src/store keeps threads for the loop and must not import it (src/agent), the wire (src/model), the worker, the page side or the protocol; the event rules it shares live in src/event-merge.ts',
    applies: (from) => inside(from, 'src/store'),
    forbids: (e) => insideAny(e.to, ['src/agent', 'src/model', 'src/worker', 'src/worker-tools', 'src/protocol', ...PAGE_SIDE]),
  },
  {
    name: 'the page does not load the loop',
    why: 'the page side (src/page, src/tools, components, frameworks, src/index.ts) must not import src/agent: the loop runs in the worker, and its modules would only grow the page bundle',
    applies: (from) => insideAny(from, PAGE_SIDE),
    forbids: (e) => inside(e.to, 'src/agent'),
  },
  {
    name: 'the loop knows nothing above it',
    why: 'src/agent must not import the page side (src/page, components, frameworks) nor the worker entry (src/worker) that hosts it',
    applies: (from) => inside(from, 'src/agent'),
    forbids: (e) => insideAny(e.to, ['src/page', 'components', 'frameworks', 'src/worker']),
  },
  {
    name: 'the loop reaches the wire through one door',
    why: 'src/agent may import from src/model only src/model/loop-door.ts (a model turn: text and parsed calls, the protocol hidden; the tool-calling model itself loads through it)',
    applies: (from) => inside(from, 'src/agent'),
    forbids: (e) => inside(e.to, 'src/model') && e.to !== 'src/model/loop-door.ts',
  },
  {
    name: 'the element speaks events only',
    why: 'components must not import the model layer (src/model) nor the wire types ' + WIRE_TYPES.join(', '),
    applies: (from) => inside(from, 'components'),
    forbids: (e) => inside(e.to, 'src/model') || e.names.some((n) => WIRE_TYPES.includes(n)),
  },
  {
    name: 'the page does not load worker code',
    why: 'the page side (src/page, src/tools, components, frameworks, src/index.ts) must not import src/worker or src/worker-tools',
    applies: (from) => insideAny(from, PAGE_SIDE),
    forbids: (e) => insideAny(e.to, ['src/worker', 'src/worker-tools']),
  },
  {
    name: 'worker tools have no DOM',
    why: 'src/worker-tools must not import the DOM tools (src/tools/dom), the page (src/page), components, or the worker entry (src/worker)',
    applies: (from) => inside(from, 'src/worker-tools'),
    forbids: (e) => insideAny(e.to, ['src/tools/dom', 'src/page', 'components', 'src/worker']),
  },
];

/**
 * The rooms of components/ and the one file each shows the rest of the code
 * (issue 33): an import from outside a room may name only its face. A face
 * holds what the room offers up front, and loader functions for its chunks
 * loaded on first use, so the room decides what loads when; it may reach a
 * module the room loads with `import()` only as a type. Every folder of
 * components/ is a room and needs a line here.
 * @type {Record<string, string>}
 */
const FACES = {
  'components/activity': 'components/activity/index.ts',
  'components/a2ui': 'components/a2ui/index.ts',
  'components/approvals': 'components/approvals/index.ts',
  'components/attachments': 'components/attachments/index.ts',
  'components/composer': 'components/composer/index.ts',
  'components/conversation': 'components/conversation/index.ts',
  'components/doctor': 'components/doctor/index.ts',
  'components/format': 'components/format/index.ts',
  'components/i18n': 'components/i18n/index.ts',
  'components/markdown': 'components/markdown/index.ts',
  'components/mcp': 'components/mcp/index.ts',
  'components/threads': 'components/threads/index.ts',
  'components/tool-cards': 'components/tool-cards/index.ts',
  'components/trace': 'components/trace/index.ts',
  // The loop's rooms face the rest of the loop through an index.ts that re-exports what it uses.
  'src/agent/calls': 'src/agent/calls/index.ts',
  'src/agent/thread': 'src/agent/thread/index.ts',
  'src/agent/trace': 'src/agent/trace/index.ts',
  'src/agent/attachments': 'src/agent/attachments/index.ts',
};

/** The room `path` is in, if any. @param {string} path */
const roomOf = (path) => Object.keys(FACES).find((room) => inside(path, room));

const files = SCANNED.flatMap((dir) => listFiles(join(root, dir))).map(toRepoPath).sort();
/** @type {Map<string, Edge[]>} */
const graph = new Map();
/** @type {string[]} */
const problems = [];

for (const file of files) {
  const source = readFileSync(join(root, file), 'utf8');
  const code = blankCommentsAndStrings(source);
  graph.set(file, importsOf(file, source, code));
  const late = lateImport(code);
  if (late !== undefined) problems.push(`imports at the top: ${file}:${late} has an import below the first statement`);
  const lines = linesOfCode(source);
  if (lines > MAX_LINES) problems.push(`file length: ${file} has ${lines} lines of code (at most ${MAX_LINES}, comments and blank lines not counted; move a concept out)`);
}

for (const [from, edges] of graph) {
  for (const rule of RULES) {
    if (!rule.applies(from)) continue;
    for (const edge of edges) {
      if (rule.forbids(edge)) {
        const what = edge.names.some((n) => WIRE_TYPES.includes(n)) ? ` (${edge.names.filter((n) => WIRE_TYPES.includes(n)).join(', ')})` : '';
        problems.push(`${rule.name}: ${from}:${edge.line} imports ${edge.to}${what} — ${rule.why}`);
      }
    }
  }
}

for (const problem of faceProblems(graph)) problems.push(problem);

for (const cycle of findCycles(graph)) {
  problems.push(`import circle: ${cycle.join(' → ')}`);
}

if (problems.length > 0) {
  console.error(`check-imports: ${problems.length} problem(s) in ${files.length} files\n` + problems.map((p) => `  - ${p}`).join('\n'));
  process.exit(1);
}
console.log(`check-imports: ${files.length} files, no circles, no upward arrows, imports at the top, none over ${MAX_LINES} lines of code`);

/**
 * The face rules: an import into a room from outside it must name the
 * room's face; a face must not reach, through imports that stay once
 * compiled, a module of its room that code loads with `import()` (it would
 * be in the up-front code, and its chunk would be no chunk). Also every
 * folder of components/ must be a room with a face that exists.
 * @param {Map<string, Edge[]>} g @returns {string[]}
 */
function faceProblems(g) {
  /** @type {string[]} */
  const out = [];
  const folders = new Set([...g.keys()].filter((f) => f.startsWith('components/') && f.split('/').length > 2).map((f) => f.split('/').slice(0, 2).join('/')));
  for (const folder of folders) if (!FACES[folder]) out.push(`room without a face: ${folder} has no line in FACES (scripts/check-imports.js): name the file it shows the rest of the code`);
  for (const [room, face] of Object.entries(FACES)) if (!g.has(face)) out.push(`room without a face: ${room}'s face ${face} does not exist`);
  for (const [from, edges] of g) {
    for (const edge of edges) {
      const room = roomOf(edge.to);
      if (room && roomOf(from) !== room && edge.to !== FACES[room]) {
        out.push(`through the face: ${from}:${edge.line} imports ${edge.to} — from outside ${room}/ import only its face, ${FACES[room]} (export what is needed there; a chunk loaded on first use gets a loader function)`);
      }
    }
  }
  const lazy = new Set([...g.values()].flat().filter((e) => e.dynamic && !e.typeOnly).map((e) => e.to));
  for (const [room, face] of Object.entries(FACES)) {
    // The face's up-front closure inside its room: edges that stay once compiled.
    /** @type {Map<string, string>} file → the file that imports it */
    const via = new Map([[face, '']]);
    const queue = [face];
    while (queue.length > 0) {
      const file = queue.shift() ?? face;
      for (const edge of g.get(file) ?? []) {
        if (edge.dynamic || edge.typeOnly || !inside(edge.to, room) || via.has(edge.to)) continue;
        via.set(edge.to, file);
        queue.push(edge.to);
      }
    }
    for (const file of via.keys()) {
      if (!lazy.has(file)) continue;
      const path = [file];
      for (let at = via.get(file); at; at = via.get(at)) path.unshift(at);
      out.push(`face loads a chunk up front: ${path.join(' → ')} — ${file} is loaded on first use (import()), but ${face} reaches it without import(): export a loader function or a type instead`);
    }
  }
  // A chunk loaded on first use, and the modules of its room it imports: another room's face as types only.
  for (const chunk of lazy) {
    const room = roomOf(chunk);
    if (!room) continue;
    const seen = new Set([chunk]);
    const queue = [chunk];
    while (queue.length > 0) {
      const file = queue.shift() ?? chunk;
      for (const edge of g.get(file) ?? []) {
        if (edge.dynamic || edge.typeOnly) continue;
        const other = roomOf(edge.to);
        if (other && other !== room && edge.to === FACES[other]) {
          out.push(`face in a chunk: ${file}:${edge.line} imports ${edge.to} for more than types, in ${chunk}'s chunk (loaded on first use) — every module that face exports would become a chunk shared with it, loaded up front: take types from the face and have the element hand over the values`);
        } else if (inside(edge.to, room) && !seen.has(edge.to)) {
          seen.add(edge.to);
          queue.push(edge.to);
        }
      }
    }
  }
  return out;
}

/** Every source file under `dir`. @param {string} dir @returns {string[]} */
function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : listFiles(path);
    return EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** @param {string} absolute */
function toRepoPath(absolute) {
  return relative(root, absolute).split(sep).join('/');
}

/**
 * The relative imports of one file. `code` is the source with comments and
 * string contents blanked (same offsets), so matches are real statements;
 * the specifier itself is read back from `source` at the same place.
 * @param {string} file @param {string} source @param {string} code @returns {Edge[]}
 */
function importsOf(file, source, code) {
  /** @type {Edge[]} */
  const edges = [];
  const patterns = [
    // import x from '…', import { a, type b } from '…', import type …, export { … } from '…', export * from '…'
    /\b(import|export)\b(\s+type)?([^;'"`]*?)\bfrom\s*(['"])/g,
    // import '…' (side effects only)
    /\bimport\s*(['"])/g,
    // import('…'), also `typeof import('…')`
    /\bimport\s*\(\s*(['"])/g,
  ];
  for (const pattern of patterns) {
    for (const m of code.matchAll(pattern)) {
      if (m.index === undefined) continue;
      const quoteAt = m.index + m[0].length - 1;
      const end = source.indexOf(source[quoteAt] ?? "'", quoteAt + 1);
      const specifier = source.slice(quoteAt + 1, end);
      if (!specifier.startsWith('.')) continue;
      const target = resolveImport(file, specifier);
      if (!target) {
        problems.push(`unresolved import: ${file}:${lineAt(source, m.index)} imports ${specifier}`);
        continue;
      }
      const clause = pattern === patterns[0] ? (m[3] ?? '') : '';
      const dynamic = pattern === patterns[2];
      // `import type`, `export type`, `import { type a, type b }`, `typeof import('…')`: gone once compiled.
      const braces = /\{([^}]*)\}/.exec(clause);
      const allTypes = braces !== null && braces[1].split(',').filter((n) => n.trim() !== '').every((n) => /^\s*type\s/.test(n));
      const typeOnly = dynamic ? /\btypeof\s*$/.test(code.slice(Math.max(0, m.index - 12), m.index)) : pattern === patterns[0] && (m[2] !== undefined || allTypes);
      edges.push({ from: file, to: target, line: lineAt(source, m.index), names: importedNames(clause), typeOnly, dynamic });
    }
  }
  return edges;
}

/** `{ a, type B, c as d }` → ['a', 'B', 'c']; a default or namespace import gives its local name. @param {string} clause */
function importedNames(clause) {
  const braces = /\{([^}]*)\}/.exec(clause);
  const names = braces ? braces[1].split(',') : clause.split(',');
  return names
    .map((n) => n.trim().replace(/^type\s+/, '').replace(/^\*\s+as\s+/, '').split(/\s+as\s+/)[0]?.trim() ?? '')
    .filter((n) => /^[A-Za-z_$][\w$]*$/.test(n));
}

/** The repo path a relative specifier points at (`./x.js` may name `x.ts`). @param {string} file @param {string} specifier */
function resolveImport(file, specifier) {
  const base = resolve(root, dirname(file), specifier);
  const stem = base.replace(/\.(js|ts|tsx)$/, '');
  const candidates = [base, ...EXTENSIONS.map((ext) => stem + ext), ...EXTENSIONS.map((ext) => join(base, 'index' + ext))];
  const found = candidates.find((c) => existsSync(c) && statSync(c).isFile());
  return found ? toRepoPath(found) : undefined;
}

/** @param {string} text @param {number} offset */
function lineAt(text, offset) {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * The line of the first `import` statement that comes after other code, or
 * undefined. Imports and `export … from` re-exports may open a file; the
 * first statement of any other kind ends the import section.
 * @param {string} code
 */
function lateImport(code) {
  const opening = /^\s*(?:(?:import\b(?!\s*[(.])|export\b(?=[^;'"`]*\bfrom\s*['"]))[^;'"`]*?(?:\bfrom\s*)?(['"])[^'"]*\1\s*;?)/;
  let rest = code;
  let consumed = 0;
  for (let m = opening.exec(rest); m; m = opening.exec(rest)) {
    consumed += m[0].length;
    rest = rest.slice(m[0].length);
  }
  const later = /^[ \t]*import\b(?!\s*[(.])/m.exec(rest);
  return later ? lineAt(code, consumed + later.index) : undefined;
}

/** Lines with code on them: not blank, not only comment (a line of a multi-line string or template counts). @param {string} source */
function linesOfCode(source) {
  return blankCommentsAndStrings(source, false).split('\n').filter((line) => line.trim() !== '').length;
}

/**
 * The source with comments blanked and (unless `strings` is false) the
 * insides of strings, template literals and regular expressions replaced by
 * spaces; quotes and newlines stay, so offsets and line numbers are unchanged.
 * @param {string} s @param {boolean} [strings]
 */
function blankCommentsAndStrings(s, strings = true) {
  const out = s.split('');
  const blank = (/** @type {number} */ from, /** @type {number} */ to) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  let i = 0;
  let last = ''; // the last significant character of code, to tell a regex from a division
  while (i < s.length) {
    const c = s[i];
    const next = s[i + 1];
    if (c === '/' && next === '/') {
      const end = s.indexOf('\n', i);
      const stop = end === -1 ? s.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = s.indexOf('*/', i + 2);
      const stop = end === -1 ? s.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < s.length && s[j] !== c) {
        if (s[j] === '\\') j++;
        else if (c !== '`' && s[j] === '\n') break;
        j++;
      }
      if (strings) blank(i + 1, j);
      i = j + 1;
      last = c;
    } else if (c === '/' && (last === '' || '(,=:[!&|?{};+-*%<>~^'.includes(last) || /\b(return|typeof|case|in|of)\s*$/.test(s.slice(Math.max(0, i - 8), i)))) {
      let j = i + 1;
      let inClass = false;
      while (j < s.length && s[j] !== '\n' && (inClass || s[j] !== '/')) {
        if (s[j] === '\\') j++;
        else if (s[j] === '[') inClass = true;
        else if (s[j] === ']') inClass = false;
        j++;
      }
      blank(i + 1, j);
      i = j + 1;
      last = ')';
    } else {
      if (!/\s/.test(c ?? '')) last = c ?? '';
      i++;
    }
  }
  return out.join('');
}

/**
 * The circles of the graph: for each strongly connected component of more
 * than one file (Tarjan's algorithm), one concrete path around it.
 * @param {Map<string, Edge[]>} g @returns {string[][]}
 */
function findCycles(g) {
  let counter = 0;
  /** @type {Map<string, number>} */ const order = new Map();
  /** @type {Map<string, number>} */ const low = new Map();
  /** @type {string[]} */ const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */ const components = [];
  const visit = (/** @type {string} */ v) => {
    order.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const { to } of g.get(v) ?? []) {
      if (!order.has(to)) {
        visit(to);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(v, Math.min(low.get(v) ?? 0, order.get(to) ?? 0));
      }
    }
    if (low.get(v) === order.get(v)) {
      /** @type {string[]} */ const component = [];
      let w;
      do {
        w = stack.pop() ?? v;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      const selfLoop = (g.get(v) ?? []).some((e) => e.to === v);
      if (component.length > 1 || selfLoop) components.push(component);
    }
  };
  for (const v of g.keys()) if (!order.has(v)) visit(v);
  return components.map((component) => pathAround(g, new Set(component), component.sort()[0] ?? ''));
}

/** A shortest path from `start` back to itself inside one component (breadth first). @param {Map<string, Edge[]>} g @param {Set<string>} members @param {string} start */
function pathAround(g, members, start) {
  /** @type {Map<string, string>} */ const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift() ?? start;
    for (const { to } of g.get(v) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [start];
        for (let w = v; w !== start; w = cameFrom.get(w) ?? start) path.splice(1, 0, w);
        return [...path, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, v);
        queue.push(to);
      }
    }
  }
  return [start, start];
}
