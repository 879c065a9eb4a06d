// @ts-check
/**
 * Bundle figures, from the built dist/cdn (gzip level 9, as a CDN would serve
 * it), and where the bytes come from: the page entry and the worker are
 * rebuilt in memory with esbuild's metafile to attribute output bytes to
 * packages.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const KB = 1024;

/** @param {string | Uint8Array} data */
const gzKb = (data) => gzipSync(data, { level: 9 }).length / KB;

/** Static imports of an ES module (`import … from "./x.js"`, `import "./x.js"`, `export … from`), not `import("…")`. */
const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]*?from\s*)?["'](\.\/[^"']+)["']/g;

/**
 * The files a page loads before anything runs: the entry and, transitively,
 * every chunk it imports statically (lazy chunks, like highlight.js languages, excluded).
 * @param {string} dir @param {string} entry
 */
export function staticClosure(dir, entry) {
  const seen = new Set([entry]);
  const queue = [entry];
  while (queue.length) {
    const source = readFileSync(join(dir, /** @type {string} */ (queue.pop())), 'utf8');
    for (const match of source.matchAll(STATIC_IMPORT)) {
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
 * Minified bytes each package (or our own folder) contributes to what a page
 * loads up front for `entry` (split as dist/cdn is; lazy chunks left out).
 * @param {string} root @param {string} entry
 */
async function breakdown(root, entry) {
  const result = await build({
    entryPoints: { entry: join(root, entry) }, bundle: true, format: 'esm', target: 'es2022', platform: 'browser', splitting: true,
    minify: true, write: false, metafile: true, outdir: '/tmp/pageloop-bench-out', logLevel: 'silent', legalComments: 'none',
  });
  const outputs = result.metafile.outputs;
  const loaded = new Set();
  const visit = (/** @type {string} */ path) => {
    if (loaded.has(path)) return;
    loaded.add(path);
    for (const imported of outputs[path].imports) if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(Object.keys(outputs).find((path) => path.endsWith('entry.js')) ?? '');
  /** @type {Record<string, number>} */
  const bytes = {};
  for (const output of [...loaded].map((path) => outputs[path])) {
    for (const [path, info] of Object.entries(output.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? path.split('/').slice(0, -1).join('/');
      bytes[pkg] = (bytes[pkg] ?? 0) + info.bytesInOutput;
    }
  }
  return Object.entries(bytes).sort((a, b) => b[1] - a[1]);
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
 * Measures the bundle figures and prints where the page and worker bytes come from.
 * @param {string} root
 * @returns {Promise<Record<string, number>>}
 */
export async function measureBundles(root) {
  const dir = join(root, 'dist/cdn');
  const read = (/** @type {string} */ file) => readFileSync(join(dir, file));
  const pageFiles = staticClosure(dir, 'agent-chat.js');
  const page = pageFiles.reduce((sum, file) => sum + gzKb(read(file)), 0);
  const worker = gzKb(read('worker.js'));
  const total = readdirSync(dir).filter((f) => f.endsWith('.js')).reduce((sum, file) => sum + gzKb(read(file)), 0);

  const show = (/** @type {[string, number][]} */ rows) => rows.slice(0, 10).map(([name, b]) => `${name} ${(b / KB).toFixed(1)}`).join(', ');
  console.log(`bundle: page loads ${pageFiles.join(' + ')}`);
  console.log(`  page, minified KB by source: ${show(await breakdown(root, 'components/cdn.ts'))}`);
  console.log(`  worker, minified KB by source: ${show(await breakdown(root, 'src/worker/worker.ts'))}`);
  return {
    'bundle.page_gz_kb': page,
    'bundle.worker_gz_kb': worker,
    'bundle.cdn_total_gz_kb': total,
    // What the page would load before it could run if the loop lived on the page too.
    'bundle.baseline_inthread_page_gz_kb': page + worker,
    'bundle.baseline_openai_gz_kb': await openaiAloneGzKb(root),
    // Not measured here (no network): deep-chat's standalone bundle, as the issue quotes it.
    'bundle.reference_deep_chat_gz_kb': 111,
  };
}
