// @ts-check
/**
 * Bundle figures, from the built dist/cdn (gzip level 9, as a CDN would serve
 * it), and where the bytes come from: the page entry and the worker are
 * rebuilt in memory, once whole and once without each of their biggest
 * sources (made external), and the gzipped difference is that source's cost.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { cdnBuilds, minifiedTwice, workers } from '../../scripts/bundle.js';
import { OPT_IN } from './opt-in.js';
import { measureI18nCost } from './i18n-cost.js';

const KB = 1024;

/** @param {string | Uint8Array} data */
const gzKb = (data) => gzipSync(data, { level: 9 }).length / KB;

/** Static imports of an ES module (`import … from "./x.js"`, `import "./x.js"`, `export … from`), not `import("…")`. */
const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]*?from\s*)?["'](\.\/[^"']+)["']/g;

/** Dynamic imports (`import("./x.js")`; the second minifier pass writes `` import(`./x.js`) ``). */
const DYNAMIC_IMPORT = /import\(\s*["'`](\.\/[^"'`]+)["'`]\s*\)/g;

/**
 * The files a page loads before anything runs: the entry and, transitively,
 * every chunk it imports statically (lazy chunks, like highlight.js languages, excluded).
 * Lazy chunks whose names match `alsoLazy` are followed too (the worker
 * prefetches the OpenAI client as soon as it starts, so that is worker code).
 * @param {string} dir @param {string} entry @param {RegExp} [alsoLazy]
 */
export function staticClosure(dir, entry, alsoLazy) {
  const seen = new Set([entry]);
  const queue = [entry];
  while (queue.length) {
    const source = readFileSync(join(dir, /** @type {string} */ (queue.pop())), 'utf8');
    const lazy = alsoLazy ? [...source.matchAll(DYNAMIC_IMPORT)].filter((m) => alsoLazy.test(m[1])) : [];
    for (const match of [...source.matchAll(STATIC_IMPORT), ...lazy]) {
      const file = match[1].slice(2);
      if (!seen.has(file)) {
        seen.add(file);
        queue.push(file);
      }
    }
  }
  return [...seen];
}

/**
 * Every file a page can ever load from `dir` starting at `entries`, following
 * static and dynamic imports, except dynamic imports whose names match `skip`
 * (and what only they reach).
 * @param {string} dir @param {string[]} entries @param {RegExp} skip
 */
export function everyLoad(dir, entries, skip) {
  const seen = new Set(entries);
  const queue = [...entries];
  while (queue.length) {
    const source = readFileSync(join(dir, /** @type {string} */ (queue.pop())), 'utf8');
    const lazy = [...source.matchAll(DYNAMIC_IMPORT)].filter((m) => !skip.test(m[1]));
    for (const match of [...source.matchAll(STATIC_IMPORT), ...lazy]) {
      const file = match[1].slice(2);
      if (!seen.has(file)) {
        seen.add(file);
        queue.push(file);
      }
    }
  }
  return [...seen];
}


/** Capabilities that load only from inside another one's chunks (listed before them in OPT_IN), by the one they load from. */
const INSIDE = { mcpapps: 'mcp' };

/** A pattern matching the chunks of every opt-in capability named in `names`. @param {string[]} names */
const chunksOf = (names) => (names.length ? new RegExp(names.map((n) => OPT_IN[/** @type {keyof typeof OPT_IN} */ (n)].source).join('|')) : /(?!)/);

/** The package a bundled path belongs to, or our own folder (`src/tools`, `components`). */
function sourceOf(/** @type {string} */ path) {
  return /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? path.split('/').slice(0, -1).join('/');
}

/**
 * Bundles `entry` as dist/cdn does (minified, split) and returns the gzipped
 * KB a page loads up front (lazy chunks left out) and the minified bytes per source.
 * `leaveOut` sources are made external, to see what they cost.
 * @param {string} root @param {string} entry @param {string} [leaveOut]
 */
async function upFront(root, entry, leaveOut) {
  /** @type {import('esbuild').Plugin[]} */
  const plugins = leaveOut
    ? [{
        name: 'leave-out',
        setup(b) {
          b.onResolve({ filter: /.*/ }, async (args) => {
            if (args.pluginData === 'leave-out' || args.kind === 'entry-point') return undefined;
            const resolved = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: 'leave-out' });
            return resolved.path && sourceOf(relative(root, resolved.path)) === leaveOut ? { path: args.path, external: true } : undefined;
          });
        },
      }]
    : [];
  const result = await build({
    entryPoints: { entry: join(root, entry) }, bundle: true, format: 'esm', target: 'es2022', platform: 'browser', splitting: true,
    minify: true, write: false, metafile: true, outdir: '/tmp/pageloop-bench-out', logLevel: 'silent', legalComments: 'none', plugins,
  });
  const outputs = result.metafile.outputs;
  const loaded = new Set();
  const visit = (/** @type {string} */ path) => {
    if (loaded.has(path) || !outputs[path]) return;
    loaded.add(path);
    for (const imported of outputs[path].imports) if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(Object.keys(outputs).find((path) => path.endsWith('entry.js')) ?? '');
  /** @type {Record<string, number>} */
  const bytes = {};
  let gz = 0;
  for (const path of loaded) {
    const file = result.outputFiles.find((f) => f.path.endsWith(path.replace(/^.*\//, '/')));
    if (file) gz += gzKb(file.contents);
    for (const [input, info] of Object.entries(outputs[path].inputs)) bytes[sourceOf(input)] = (bytes[sourceOf(input)] ?? 0) + info.bytesInOutput;
  }
  return { gz, bytes };
}

/**
 * What each of the biggest sources costs, gzipped, in what a page loads up
 * front for `entry`: the bundle with it, minus the bundle without it.
 * @param {string} root @param {string} entry
 */
async function breakdown(root, entry) {
  const all = await upFront(root, entry);
  const biggest = Object.entries(all.bytes).sort((a, b) => b[1] - a[1]).slice(0, 9).map(([name]) => name);
  /** @type {[string, number][]} */
  const rows = [];
  for (const name of biggest) rows.push([name, all.gz - (await upFront(root, entry, name)).gz]);
  return { total: all.gz, rows: rows.sort((a, b) => b[1] - a[1]) };
}

/**
 * Where the standalone bundle's bytes come from: its builds are rerun in
 * memory as the build runs them (both minifier passes, the same output folder,
 * so the same file names), and each file's gzipped size is shared among its
 * sources in proportion to their bytes in esbuild's output (gzip does not
 * split exactly; the shares add up to the total). Each file counts under
 * `groupOf(file)` (the core, or the opt-in capability it belongs to).
 * @param {string} root @param {(file: string) => string} groupOf
 * @returns {Promise<Record<string, [string, number][]>>} by group, KB gz by source, biggest first
 */
export async function totalBySource(root, groupOf) {
  /** @type {Record<string, Record<string, number>>} */
  const kb = {};
  for (const options of cdnBuilds('dist/cdn')) {
    const result = await minifiedTwice({ ...options, metafile: true, logLevel: 'silent' });
    const outputs = result.metafile?.outputs ?? {};
    for (const file of result.files) {
      if (!file.path.endsWith('.js')) continue;
      const output = Object.entries(outputs).find(([path]) => file.path.endsWith(path.replace(/^(?:\.\.\/)+/, '/')))?.[1];
      if (!output) continue;
      const inputs = Object.entries(output.inputs).map(([path, info]) => [sourceOf(relative(root, resolve(root, path))), info.bytesInOutput]);
      const bytes = inputs.reduce((sum, [, n]) => sum + Number(n), 0) || 1;
      const gz = gzKb(file.contents);
      const group = (kb[groupOf(file.path.replace(/^.*\//, ''))] ??= {});
      for (const [source, n] of inputs) group[source] = (group[source] ?? 0) + (gz * Number(n)) / bytes;
    }
  }
  return Object.fromEntries(Object.entries(kb).map(([group, sources]) => [group, Object.entries(sources).sort((a, b) => b[1] - a[1])]));
}

/**
 * The package that is most of the worker, bundled alone: what the OpenAI client costs by itself.
 * @param {string} root
 */
async function openaiAloneGzKb(root) {
  const result = await build({
    stdin: { contents: "import OpenAI from 'openai'; export default new OpenAI({ apiKey: 'x', baseURL: '/v1', dangerouslyAllowBrowser: true });", resolveDir: root, loader: 'js' },
    bundle: true, format: 'esm', target: 'es2022', platform: 'browser', minify: true, write: false, logLevel: 'silent', legalComments: 'none',
  });
  return gzKb(result.outputFiles[0].contents);
}

/**
 * Measures the bundle figures and, with `explain`, prints where the page and
 * worker bytes come from (about twenty rebuilds: seconds, so quick runs skip it).
 * @param {string} root @param {{ explain?: boolean }} [options]
 * @returns {Promise<Record<string, number>>}
 */
export async function measureBundles(root, options = {}) {
  const dir = join(root, 'dist/cdn');
  const read = (/** @type {string} */ file) => readFileSync(join(dir, file));
  const pageFiles = staticClosure(dir, 'agent-chat.js');
  const page = pageFiles.reduce((sum, file) => sum + gzKb(read(file)), 0);
  // The worker's own code: its entry, the chunks it imports, and the OpenAI client it loads at start.
  const workerFiles = staticClosure(dir, 'worker.js', /openai-model/);
  const worker = workerFiles.reduce((sum, file) => sum + gzKb(read(file)), 0);
  // Core: what a page that uses no opt-in capability can ever load (the page, both workers, every
  // lazy chunk of theirs); each capability's chunks (and what only they import) apart.
  const all = readdirSync(dir).filter((f) => f.endsWith('.js'));
  // `ag-ui.js` (pageloop/ag-ui) is an entry an app imports beside the bundle: counted only as its opt-in row.
  const entries = ['agent-chat.js', ...Object.keys(workers()).map((name) => `${name}.js`), ...(existsSync(join(dir, 'ag-ui.js')) ? ['ag-ui.js'] : [])];
  // An opt-in capability may be a worker of its own (memory's): its entry is left out with its chunks.
  const from = (/** @type {RegExp} */ skip) => entries.filter((entry) => !skip.test(entry));
  const names = Object.keys(OPT_IN);
  const coreFiles = new Set(everyLoad(dir, from(chunksOf(names)), chunksOf(names)));
  const total = all.filter((f) => coreFiles.has(f)).reduce((sum, file) => sum + gzKb(read(file)), 0);
  /** @type {Record<string, { files: string[], kb: number }>} */
  const optIn = {};
  for (const name of names) {
    // A capability that loads only from inside another's chunks (MCP Apps from the MCP drawer) is reached through that one, whose own files are left out.
    const parent = INSIDE[/** @type {keyof typeof INSIDE} */ (name)];
    const others = chunksOf(names.filter((n) => n !== name && n !== parent));
    const files = everyLoad(dir, from(others), others).filter((f) => !coreFiles.has(f) && !(parent && optIn[parent]?.files.includes(f)));
    optIn[name] = { files, kb: files.reduce((sum, file) => sum + gzKb(read(file)), 0) };
  }
  const wasm = readdirSync(dir).filter((f) => f.endsWith('.wasm'));
  // A page in German (issue 37): the page up front, then the catalogs' table and the German catalog the element loads on first use
  // (not the German doctor's lines, `doctor-de-*.js`: they load with the doctor's checklist).
  // Each found by the import that loads it (a stale file of an earlier build in dist/cdn is never picked).
  const imported = (/** @type {string[]} */ from, /** @type {string} */ name) =>
    from.flatMap((file) => [...readFileSync(join(dir, file), 'utf8').matchAll(DYNAMIC_IMPORT)].map((m) => m[1].slice(2))).find((f) => new RegExp(`^${name}-[A-Z0-9]{8}\\.js$`).test(f));
  const catalogs = imported(pageFiles, 'catalogs');
  const localeFiles = new Set(pageFiles);
  for (const first of [catalogs, catalogs && imported([catalogs], 'de')]) if (first) for (const file of staticClosure(dir, first)) localeFiles.add(file);
  const withLocale = [...localeFiles].reduce((sum, file) => sum + gzKb(read(file)), 0);
  console.log(`  with a locale: the page in German loads ${[...localeFiles].filter((f) => !pageFiles.includes(f)).join(' + ')} on first use (${(withLocale - page).toFixed(1)} KB gz)`);

  const i18n = await measureI18nCost(root);
  console.log(`  localisation up front: ${i18n.cost.toFixed(2)} KB gz (the page as shipped minus the same build in plain English: the i18n mechanism ${i18n.mechanism.toFixed(2)}, the message ids ${i18n.ids.toFixed(2)}; i18n-cost.js)`);

  const show = async (/** @type {string} */ entry) => {
    const { total, rows } = await breakdown(root, entry);
    return `${total.toFixed(1)} KB gz; without each source: ${rows.map(([name, kb]) => `${name} −${Number(kb).toFixed(1)}`).join(', ')}`;
  };
  console.log(`bundle: the page loads ${pageFiles.join(' + ')} up front; the worker ${workerFiles.join(' + ')}`);
  const optInLine = names.map((name) => `${name} ${optIn[name].kb.toFixed(1)} KB gz (${optIn[name].files.join(' + ')})`).join('; ');
  console.log(`  core ${total.toFixed(1)} KB gz in ${coreFiles.size} files; opt-in, each apart: ${optInLine}${wasm.length ? `, plus ${wasm.map((f) => `${f} ${(gzKb(read(f))).toFixed(0)} KB gz`).join(', ')}` : ''}`);
  if (options.explain) {
    console.log(`  page (rebuilt from source): ${await show('components/cdn.ts')}`);
    console.log(`  worker (rebuilt from source): ${await show(relative(root, workers().worker))}`);
    // By source, the core apart from the opt-in capabilities (a package in an opt-in chunk is not core).
    const groupOf = (/** @type {string} */ file) => (coreFiles.has(file) ? 'core' : names.find((name) => optIn[name].files.includes(file)) ?? 'other');
    const bySource = await totalBySource(root, groupOf);
    const line = (/** @type {[string, number][]} */ rows) => rows.filter(([, kb]) => kb >= 0.05).map(([name, kb]) => `${name || '(generated)'} ${kb.toFixed(1)}`).join(', ');
    console.log(`  core by source (each file's gzip shared by its sources' minified bytes): ${line(bySource.core ?? [])}`);
    for (const [group, rows] of Object.entries(bySource)) if (group !== 'core') console.log(`  ${group} by source: ${line(rows)}`);
  }
  return {
    'bundle.page_gz_kb': page,
    'bundle.page_with_locale_gz_kb': withLocale,
    'bundle.page_i18n_cost_gz_kb': i18n.cost,
    'bundle.worker_gz_kb': worker,
    'bundle.cdn_total_gz_kb': total,
    ...Object.fromEntries(names.map((name) => [`bundle.${name}_gz_kb`, optIn[name].kb])),
    // What the page would load before it could run if the loop lived on the page too.
    'bundle.baseline_inthread_page_gz_kb': page + worker,
    'bundle.baseline_openai_gz_kb': await openaiAloneGzKb(root),
    // Not measured here (no network): deep-chat's standalone bundle, as the issue quotes it.
    'bundle.reference_deep_chat_gz_kb': 111,
  };
}
