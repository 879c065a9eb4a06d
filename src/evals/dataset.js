// @ts-check
/**
 * An eval dataset: the cases `pageloop-eval` runs through the real loop, read
 * from JSONL (one case a line; a line `{"tools": [...]}` declares tools the
 * cases share), JSON (an array of cases, or `{ name?, tools?, cases }`) or an
 * ES module (default export of either shape; TypeScript too), and checked
 * whole before anything runs.
 *
 * Invariant: a dataset that loads is one every case of which can run and be
 * scored — each names its input, each tool it offers is declared (shared
 * tools by name), each check is of a known kind — and a dataset that does
 * not load says where (file, line or case id) and what is wrong.
 *
 * @example
 * {"id":"weather-paris","prompt":"What's the weather in Paris?","tools":["get_weather"],
 *  "expect":{"calls":[{"name":"get_weather","args":{"city":"Paris"}}],"answer":{"contains":"18"}}}
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** @typedef {import('./eval-types.js').EvalTool} EvalTool */
/** @typedef {import('./eval-types.js').EvalCase} EvalCase */
/** @typedef {import('./eval-types.js').ReadyCase} ReadyCase */
/** @typedef {import('./eval-types.js').Dataset} Dataset */

/** Case fields a dataset may use; anything else is a typo worth saying. */
const CASE_KEYS = new Set(['id', 'prompt', 'conversation', 'system', 'tools', 'expect', 'maxIterations', 'tags']);
const EXPECT_KEYS = new Set(['calls', 'order', 'allowExtra', 'answer']);
const CHECK_KINDS = ['contains', 'notContains', 'regex', 'schema', 'judge'];

/**
 * Reads and checks the dataset at `path` (.jsonl, .json, .js, .mjs, .ts or .mts).
 * @param {string} path
 * @returns {Promise<Dataset>}
 */
export async function loadDataset(path) {
  const file = resolve(path);
  const ext = extname(file).toLowerCase();
  /** @type {unknown} */
  let raw;
  if (ext === '.js' || ext === '.mjs') {
    raw = (await import(pathToFileURL(file).href)).default;
  } else if (ext === '.ts' || ext === '.mts') {
    raw = await importTypeScript(file);
  } else {
    const text = await readFile(file, 'utf8');
    raw = ext === '.jsonl' || ext === '.ndjson' ? parseJsonl(text, path) : parseJson(text, path);
  }
  return checkDataset(raw, path);
}

/**
 * Checks a dataset given as data: an array of cases, or `{ name?, tools?, cases }`.
 * @param {unknown} raw @param {string} [name]
 * @returns {Dataset}
 */
export function checkDataset(raw, name = 'dataset') {
  const shape = Array.isArray(raw) ? { cases: raw } : /** @type {{ name?: string, tools?: unknown, cases?: unknown }} */ (raw ?? {});
  if (!Array.isArray(shape.cases)) throw new Error(`${name}: expected an array of cases, or { tools?, cases: [...] }`);
  if (shape.cases.length === 0) throw new Error(`${name}: no cases`);
  /** @type {Map<string, EvalTool>} */
  const shared = new Map();
  for (const tool of Array.isArray(shape.tools) ? shape.tools : []) {
    const checked = checkTool(tool, `${name}: shared tool`);
    shared.set(checked.name, checked);
  }
  const seen = new Set();
  const cases = shape.cases.map((c, i) => {
    const where = `${name}: case ${typeof c?.id === 'string' ? `"${c.id}"` : `#${i + 1}`}`;
    const checked = checkCase(c, where, shared);
    if (seen.has(checked.id)) throw new Error(`${where}: the id is used twice`);
    seen.add(checked.id);
    return checked;
  });
  return { name: shape.name ?? name.replace(/^.*[\\/]/, ''), cases };
}

/**
 * @param {any} c @param {string} where @param {Map<string, EvalTool>} shared
 * @returns {ReadyCase}
 */
function checkCase(c, where, shared) {
  if (!c || typeof c !== 'object' || Array.isArray(c)) throw new Error(`${where}: expected an object`);
  for (const key of Object.keys(c)) if (!CASE_KEYS.has(key)) throw new Error(`${where}: unknown field "${key}" (a case has ${[...CASE_KEYS].join(', ')})`);
  if (typeof c.id !== 'string' || c.id === '') throw new Error(`${where}: "id" must be a non-empty string`);
  const hasPrompt = typeof c.prompt === 'string' && c.prompt !== '';
  const hasConversation = Array.isArray(c.conversation) && c.conversation.length > 0 && c.conversation.every((/** @type {unknown} */ t) => typeof t === 'string' && t !== '');
  if (hasPrompt === hasConversation) throw new Error(`${where}: give either "prompt" (a string) or "conversation" (user messages), not ${hasPrompt ? 'both' : 'neither'}`);
  const tools = (c.tools ?? []).map((/** @type {unknown} */ t) => {
    if (typeof t !== 'string') return checkTool(t, `${where}: tool`);
    const found = shared.get(t);
    if (!found) throw new Error(`${where}: tool "${t}" is not one of the dataset's shared tools (${[...shared.keys()].join(', ') || 'there are none'})`);
    return found;
  });
  if (c.expect !== undefined) checkExpectation(c.expect, where, new Set(tools.map((/** @type {EvalTool} */ t) => t.name)));
  if (c.maxIterations !== undefined && !(Number.isInteger(c.maxIterations) && c.maxIterations > 0)) throw new Error(`${where}: "maxIterations" must be a positive integer`);
  return { ...c, turns: hasPrompt ? [c.prompt] : c.conversation, tools };
}

/** @param {any} t @param {string} where @returns {EvalTool} */
function checkTool(t, where) {
  if (!t || typeof t !== 'object' || typeof t.name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(t.name)) {
    throw new Error(`${where}: a tool needs a "name" of letters, digits, _ or - (got ${JSON.stringify(t?.name ?? t)})`);
  }
  if (t.parameters !== undefined && (typeof t.parameters !== 'object' || t.parameters === null)) throw new Error(`${where} "${t.name}": "parameters" must be a JSON Schema object`);
  if (t.body !== undefined) {
    if (typeof t.body !== 'string') throw new Error(`${where} "${t.name}": "body" must be a string of JavaScript`);
    try {
      // Only parsed here (never run in Node): the page runs it. An async function, as the page builds it.
      const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
      new AsyncFunction('args', t.body);
    } catch (err) {
      throw new Error(`${where} "${t.name}": "body" does not parse: ${err instanceof Error ? err.message : err}`);
    }
  }
  if ([t.result !== undefined, t.body !== undefined, t.error !== undefined].filter(Boolean).length > 1) throw new Error(`${where} "${t.name}": give at most one of "result", "body", "error"`);
  return t;
}

/** @param {any} e @param {string} where @param {Set<string>} toolNames */
function checkExpectation(e, where, toolNames) {
  if (!e || typeof e !== 'object') throw new Error(`${where}: "expect" must be an object`);
  for (const key of Object.keys(e)) if (!EXPECT_KEYS.has(key)) throw new Error(`${where}: unknown field "expect.${key}" (expect has ${[...EXPECT_KEYS].join(', ')})`);
  if (e.order !== undefined && e.order !== 'strict' && e.order !== 'any') throw new Error(`${where}: "expect.order" is "strict" or "any"`);
  if (e.calls !== undefined) {
    if (!Array.isArray(e.calls)) throw new Error(`${where}: "expect.calls" must be an array (empty: no calls)`);
    e.calls.forEach((/** @type {any} */ call, /** @type {number} */ i) => {
      if (!call || typeof call.name !== 'string') throw new Error(`${where}: expect.calls[${i}] needs a "name"`);
      if (!toolNames.has(call.name)) throw new Error(`${where}: expect.calls[${i}] names "${call.name}", which the case does not offer (${[...toolNames].join(', ') || 'no tools'})`);
      if (call.args !== undefined && (typeof call.args !== 'object' || call.args === null || Array.isArray(call.args))) throw new Error(`${where}: expect.calls[${i}].args must be an object`);
      if (call.argsMatch !== undefined && call.argsMatch !== 'subset' && call.argsMatch !== 'exact') throw new Error(`${where}: expect.calls[${i}].argsMatch is "subset" or "exact"`);
    });
  }
  for (const check of e.answer === undefined ? [] : Array.isArray(e.answer) ? e.answer : [e.answer]) {
    const kinds = CHECK_KINDS.filter((k) => check && Object.hasOwn(check, k));
    if (kinds.length !== 1) throw new Error(`${where}: each answer check has exactly one of ${CHECK_KINDS.join(', ')} (got ${JSON.stringify(check)})`);
    if (kinds[0] === 'regex') {
      try {
        new RegExp(check.regex, check.flags);
      } catch (err) {
        throw new Error(`${where}: answer regex ${JSON.stringify(check.regex)} does not compile: ${err instanceof Error ? err.message : err}`);
      }
    }
  }
}

/**
 * One case a line; a line with `tools` and no `id` declares shared tools (and may give the dataset's `name`);
 * blank lines and lines starting with `//` are skipped.
 * @param {string} text @param {string} path
 */
function parseJsonl(text, path) {
  /** @type {unknown[]} */
  const cases = [];
  /** @type {unknown[]} */
  const tools = [];
  /** @type {string | undefined} */
  let name;
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '' || line.trimStart().startsWith('//')) return;
    let value;
    try {
      value = JSON.parse(line);
    } catch (err) {
      throw new Error(`${path}:${i + 1}: not JSON (${err instanceof Error ? err.message : err})`);
    }
    if (value && typeof value === 'object' && !Array.isArray(value) && !('id' in value) && Array.isArray(value.tools)) {
      tools.push(...value.tools);
      if (typeof value.name === 'string') name = value.name;
    } else {
      cases.push(value);
    }
  });
  return { ...(name ? { name } : {}), tools, cases };
}

/**
 * A TypeScript dataset module's default export: imported as it is where Node strips types itself
 * (22.6 and later), else compiled with the esbuild or typescript package the project has (its imports,
 * such as `import type … from 'pageloop/evals'`, resolve from the dataset's own folder).
 * @param {string} file
 */
async function importTypeScript(file) {
  try {
    return (await import(pathToFileURL(file).href)).default;
  } catch (err) {
    if (/** @type {{ code?: string }} */ (err).code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw err;
  }
  const source = await readFile(file, 'utf8');
  const js = await transpile(source, file);
  const out = join(dirname(file), `.pageloop-eval-${process.pid}-${Date.now()}.mjs`);
  await writeFile(out, js);
  try {
    return (await import(pathToFileURL(out).href)).default;
  } finally {
    await rm(out, { force: true });
  }
}

/** @param {string} source @param {string} file @returns {Promise<string>} */
async function transpile(source, file) {
  try {
    const esbuild = await import('esbuild');
    return (await esbuild.transform(source, { loader: 'ts', format: 'esm', sourcefile: file })).code;
  } catch {}
  try {
    const ts = (await import('typescript')).default;
    return ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 }, fileName: file }).outputText;
  } catch {}
  throw new Error(`${file}: this Node (${process.version}) cannot import TypeScript, and neither esbuild nor typescript is installed to compile it; use Node 22.6 or later, install one of them, or write the dataset as .js or .jsonl`);
}

/** @param {string} text @param {string} path */
function parseJson(text, path) {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`${path}: not JSON (${err instanceof Error ? err.message : err})`);
  }
}
