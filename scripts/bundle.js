// @ts-check
// How pageloop is bundled, shared by the build (scripts/build.js) and the
// test runner (which bundles the standalone build to test it as shipped).
import { build } from 'esbuild';
import { minifySync } from 'rolldown/utils';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { openaiChatOnly } from './openai-chat-only.js';
import { cssTemplates } from './css-templates.js';

const root = resolve(new URL('..', import.meta.url).pathname);

/** Entries that exist. @param {Record<string, string>} entries */
export const present = (entries) => Object.fromEntries(Object.entries(entries).filter(([, path]) => existsSync(resolve(root, path))).map(([name, path]) => [name, resolve(root, path)]));

/**
 * Source refers to workers as `new URL('./x-worker.ts', import.meta.url)` (what
 * Vite and the dev server understand); bundled, every worker is a sibling `x-worker.js`.
 * Likewise a `.wasm` file addressed in a package (the in-page engine's
 * `…/node_modules/@wllama/wllama/esm/wasm/wllama.wasm`) is copied next to the bundle
 * and addressed as `./wllama.wasm`, so the bundle never needs a CDN.
 * @type {import('esbuild').Plugin}
 */
const workerUrls = {
  name: 'worker-urls',
  setup(b) {
    /** @type {Set<string>} */
    const wasm = new Set();
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const contents = source
        .replace(/new URL\((['"])([^'"]+)\.ts\1,\s*import\.meta\.url\)/g, (_m, q, path) => `new URL(${q}./${basename(path)}.js${q}, import.meta.url)`)
        .replace(/new URL\((['"])([^'"]+\.wasm)\1,\s*import\.meta\.url\)/g, (_m, q, path) => {
          wasm.add(resolve(dirname(args.path), path));
          return `new URL(${q}./${basename(path)}${q}, import.meta.url)`;
        });
      return { contents, loader: 'ts' };
    });
    b.onEnd(() => {
      const outdir = b.initialOptions.outdir;
      // Also for builds that write their own output (write: false, then minified
      // and written by the caller): the wasm is never part of esbuild's output.
      if (!outdir) return;
      mkdirSync(outdir, { recursive: true });
      for (const file of wasm) if (existsSync(file)) copyFileSync(file, resolve(outdir, basename(file)));
    });
  },
};

/** @type {import('esbuild').BuildOptions} */
export const common = { bundle: true, format: 'esm', target: 'es2022', platform: 'browser', plugins: [workerUrls], logLevel: 'warning', legalComments: 'none' };

/**
 * The workers, by output name: the agent's, the memory's; and the engine's
 * code under a fixed name, `gguf-engine.js`, which the agent worker imports by
 * URL where files are served as they are (src/model/engine/engine-code.ts).
 * The library (scripts/build.js) adds the agent worker with the engine in it,
 * which only `pageloop/engine` starts (the standalone bundle has no use for it).
 */
export const workers = () => present({ worker: 'src/worker/worker.ts', 'gguf-engine': 'src/model/engine/gguf-engine.ts', 'memory-worker': 'src/worker/memory-worker.ts' });

/**
 * Packages loaded on first use, by the file the standalone bundle serves them
 * from, each built once, whole, as that file: one both the page and the worker
 * load (`import('./json-schema.js')`) instead of each build carrying a copy; one
 * whose dependencies must not be split into chunks another room loads too (the
 * AG-UI client's zod would join the MCP SDK's into one chunk that MCP users
 * fetch whole). Only dynamic imports are redirected: a package imported
 * statically stays inside the build that imports it.
 */
const SHARED_LAZY = { '@cfworker/json-schema': 'json-schema', '@ag-ui/client': 'worker-agui-client' };

/**
 * What both the page and the worker import up front, built once as
 * `shared.js` and imported by both (`import … from './shared.js'`): one more
 * module request each, a copy fewer of each in the bundle. Packages by name,
 * our own modules by path (each imports nothing up front but what is listed
 * here; their names must not clash, as shared.js re-exports them all).
 */
const SHARED_STATIC = ['comlink', 'src/errors.ts', 'src/settings.ts', 'src/json-bounds.ts', 'src/tools/json-schema.ts', 'src/tools/fetch-tool-spec.ts', 'src/tools/memory-tools-spec.ts'];
const SHARED_FILE = 'shared';

/**
 * What the agent worker's entry imports up front and its lazy chunks (the
 * thread store, the OpenAI client, fetch) or the memory worker import too,
 * built once as `worker-shared.js`. esbuild would put each such group in a
 * chunk of its own: five small module requests the worker waits for before
 * it can answer `init` (measured: the second round of requests was most of
 * `startup.ready_ms` above its floor). Same rules as SHARED_STATIC; they may
 * import SHARED_STATIC's modules, which stay in shared.js.
 */
const WORKER_STATIC = ['src/model/forced-call.ts', 'src/model/context-window.ts', 'src/model/think-splitter.ts', 'src/thread-format.ts', 'src/store/thread-lock.ts', 'src/store/storage-errors.ts', 'src/event-merge.ts', 'src/worker/memory-api.ts'];
const WORKER_SHARED_FILE = 'worker-shared';

/**
 * What the page's entry imports up front and its lazy chunks import too,
 * built once as `page-shared.js`: lit (its core), the directives the page
 * draws with, the palettes, the A2UI tool's name and catalog ids (create-agent
 * tells MCP servers; the A2UI offer's chunk shares them). esbuild gives every
 * module that the entry and some lazy chunks share a chunk of its own, one
 * per set of chunks that share it, and never puts shared code in the entry:
 * the page loaded five small chunks of them (lit's directive base, its
 * helpers, `repeat`, the palettes, a constant; ~0.1–0.8 KB gz each) beside
 * lit's core, each a module request before the element can be defined, and
 * esbuild has no way to merge them (Rollup's `manualChunks`). Specifiers as
 * they are imported (packages by name, our own modules by path); every file
 * they load is served from page-shared.js, so an import of any of them, by
 * whatever path, is an import of it (lit's own directives, loaded later,
 * import its core from there too).
 */
const PAGE_STATIC = ['lit', 'lit/directive.js', 'lit/directive-helpers.js', 'lit/directives/repeat.js', 'components/palette.styles.ts', 'src/a2ui-types.ts', 'src/page/a2ui/a2ui-ids.ts'];
const PAGE_SHARED_FILE = 'page-shared';

/** `PAGE_STATIC` as a module that re-exports each. */
const pageStaticSource = () => PAGE_STATIC.map((m) => `export * from '${/^(src|components)\//.test(m) ? `./${m}` : m}';`).join('\n');

/**
 * Imports of any file of PAGE_STATIC's (the files they load, found by
 * bundling them once) become imports of page-shared.js.
 * @type {import('esbuild').Plugin}
 */
const pageShared = {
  name: 'page-shared',
  setup(b) {
    /** @type {Set<string> | undefined} */
    let files;
    b.onStart(async () => {
      if (files) return;
      const found = await build({ ...common, plugins: [], write: false, metafile: true, logLevel: 'silent', stdin: { contents: pageStaticSource(), resolveDir: root, loader: 'ts' } });
      files = new Set(Object.keys(found.metafile?.inputs ?? {}).filter((path) => path !== '<stdin>').map((path) => resolve(root, path)));
    });
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind === 'entry-point' || args.pluginData?.pageShared || !files) return undefined;
      const found = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { pageShared: true } });
      return found.errors.length === 0 && !found.external && files.has(found.path) ? { path: `./${PAGE_SHARED_FILE}.js`, external: true } : undefined;
    });
  },
};

/**
 * Imports of what is shared (SHARED_LAZY on first use, and with `statics`
 * SHARED_STATIC, with `workerStatics` also WORKER_STATIC) become imports of the
 * file that serves it.
 * @param {{ statics: boolean, workerStatics?: boolean }} options
 * @returns {import('esbuild').Plugin}
 */
const shared = ({ statics, workerStatics = false }) => ({
  name: 'shared',
  setup(b) {
    const escape = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    for (const [pkg, file] of Object.entries(SHARED_LAZY)) {
      b.onResolve({ filter: new RegExp(`^${escape(pkg)}$`) }, (args) => (args.kind === 'dynamic-import' ? { path: `./${file}.js`, external: true } : undefined));
    }
    if (!statics) return;
    /** @type {Map<string, string>} source path → the file that serves it */
    const files = new Map(SHARED_STATIC.filter((m) => m.startsWith('src/')).map((m) => [resolve(root, m), SHARED_FILE]));
    if (workerStatics) for (const m of WORKER_STATIC) files.set(resolve(root, m), WORKER_SHARED_FILE);
    for (const pkg of SHARED_STATIC.filter((m) => !m.startsWith('src/'))) b.onResolve({ filter: new RegExp(`^${escape(pkg)}$`) }, () => ({ path: `./${SHARED_FILE}.js`, external: true }));
    b.onResolve({ filter: /^\.\.?\/.*\.js$/ }, (args) => {
      const file = files.get(resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts')));
      return file ? { path: `./${file}.js`, external: true } : undefined;
    });
  },
});

/**
 * The esbuild builds that make the standalone bundle in `outdir`, in order
 * (the bench rebuilds them in memory to see where the bytes come from).
 * The page and the workers are bundled apart: sharing chunks between them
 * would save a few KB in total but cost the worker extra module requests
 * before it can start, and the page more bytes up front (measured:
 * `startup.ready_ms`, `bundle.page_gz_kb`). What both load only on first use
 * is shared (SHARED_LAZY), as that costs neither; what both import up front
 * is one file (SHARED_STATIC), one request more for each.
 * @param {string} outdir
 * @returns {import('esbuild').BuildOptions[]}
 */
export function cdnBuilds(outdir) {
  const entry = existsSync(resolve(root, 'components/cdn.ts')) ? 'components/cdn.ts' : 'src/index.ts';
  /** @type {import('esbuild').BuildOptions} */
  const options = { ...common, plugins: [...(common.plugins ?? []), cssTemplates, openaiChatOnly, shared({ statics: true })], outdir: resolve(root, outdir), minify: true, sourcemap: 'linked', splitting: true };
  return [
    { ...options, plugins: [pageShared, ...(options.plugins ?? [])], entryPoints: { 'agent-chat': resolve(root, entry) }, chunkNames: '[name]-[hash]' },
    {
      ...options,
      plugins: [...(common.plugins ?? []), cssTemplates],
      splitting: false,
      stdin: { contents: pageStaticSource(), resolveDir: root, loader: /** @type {const} */ ('ts'), sourcefile: `${PAGE_SHARED_FILE}.js` },
      outdir: undefined,
      outfile: resolve(root, outdir, `${PAGE_SHARED_FILE}.js`),
    },
    { ...options, plugins: [...(common.plugins ?? []), cssTemplates, openaiChatOnly, shared({ statics: true, workerStatics: true })], entryPoints: workers(), chunkNames: 'worker-[name]-[hash]' },
    {
      ...options,
      splitting: false,
      stdin: { contents: WORKER_STATIC.map((m) => `export * from './${m}';`).join('\n'), resolveDir: root, loader: /** @type {const} */ ('ts'), sourcefile: `${WORKER_SHARED_FILE}.js` },
      outdir: undefined,
      outfile: resolve(root, outdir, `${WORKER_SHARED_FILE}.js`),
    },
    {
      ...options,
      plugins: [...(common.plugins ?? []), shared({ statics: false })],
      splitting: false,
      stdin: { contents: SHARED_STATIC.map((m) => `export * from '${m.startsWith('src/') ? `./${m}` : m}';`).join('\n'), resolveDir: root, loader: /** @type {const} */ ('ts'), sourcefile: `${SHARED_FILE}.js` },
      outdir: undefined,
      outfile: resolve(root, outdir, `${SHARED_FILE}.js`),
    },
    // `pageloop/ag-ui` (toAgUiAgent): an entry of its own that an app imports beside the bundle, whole
    // (the official client and the rxjs it runs on, one copy), so nothing of it is in the page's bundle.
    ...Object.entries(present({ 'ag-ui': 'src/ag-ui/index.ts' })).map(([name, path]) => ({ ...options, plugins: common.plugins, splitting: false, entryPoints: { [name]: path } })),
    ...Object.entries(SHARED_LAZY).map(([pkg, file]) => ({
      ...options,
      plugins: common.plugins,
      splitting: false,
      stdin: { contents: `export * from '${pkg}';`, resolveDir: root, loader: /** @type {const} */ ('js'), sourcefile: `${file}.js` },
      outdir: undefined,
      outfile: resolve(root, outdir, `${file}.js`),
    })),
  ];
}

/**
 * A second minifier pass over a minified output file: oxc's minifier (rolldown's,
 * which comes with Vite) finds what esbuild's leaves (it compresses across
 * statements and mangles harder): about 3 KB gz of the standalone bundle.
 * The source map is carried through (esbuild's map is the input map).
 * @param {string} path @param {string} code @param {string} [map] esbuild's map, JSON
 * @returns {{ code: string, map?: string }}
 */
export function minifyAgain(path, code, map) {
  const result = minifySync(basename(path), code, {
    module: true,
    compress: { target: 'es2022' },
    mangle: { toplevel: true },
    sourcemap: map !== undefined,
    inputMap: map === undefined ? undefined : JSON.parse(map),
  });
  if (result.errors.length > 0) throw new Error(`minifying ${path} again: ${result.errors.map((e) => e.message).join('; ')}`);
  return { code: result.code, map: result.map && JSON.stringify({ ...result.map, file: basename(path) }) };
}

/**
 * Runs an esbuild build in memory and passes every .js file through
 * minifyAgain, its linked source map with it: the files as they are written
 * (the bench measures them the same way).
 * @param {import('esbuild').BuildOptions} options
 * @returns {Promise<{ files: { path: string, contents: string | Uint8Array }[], metafile?: import('esbuild').Metafile }>}
 */
export async function minifiedTwice(options) {
  const linked = options.sourcemap === 'linked';
  const result = await build({ ...options, write: false, sourcemap: linked ? 'external' : options.sourcemap });
  const maps = new Map(result.outputFiles.filter((f) => f.path.endsWith('.js.map')).map((f) => [f.path.slice(0, -4), f.text]));
  /** @type {{ path: string, contents: string | Uint8Array }[]} */
  const files = [];
  for (const file of result.outputFiles) {
    if (file.path.endsWith('.js.map')) continue;
    if (!file.path.endsWith('.js')) {
      files.push({ path: file.path, contents: file.contents });
      continue;
    }
    const again = minifyAgain(file.path, file.text, maps.get(file.path));
    if (linked && again.map) {
      files.push({ path: `${file.path}.map`, contents: again.map });
      files.push({ path: file.path, contents: `${again.code.trimEnd()}\n//# sourceMappingURL=${basename(file.path)}.map\n` });
    } else files.push({ path: file.path, contents: again.code });
  }
  return { files, metafile: result.metafile };
}

/** Builds with minifiedTwice and writes the files. @param {import('esbuild').BuildOptions} options */
async function buildMinifiedTwice(options) {
  for (const file of (await minifiedTwice(options)).files) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.contents);
  }
}

/**
 * The standalone bundle for <script type="module">: every dependency inside,
 * the workers beside it (see cdnBuilds), minified twice (minifyAgain).
 * @param {string} outdir
 */
export async function buildCdn(outdir) {
  for (const options of cdnBuilds(outdir)) await buildMinifiedTwice(options);
}

/**
 * `createOpenAIModel` bundled with the `openai` client reduced as the
 * standalone build reduces it (see openai-chat-only.js), its exports intact,
 * so test/cdn/ can run the chat path through the client as shipped.
 * @param {string} outdir
 */
export async function buildShippedModel(outdir) {
  await buildMinifiedTwice({
    ...common,
    plugins: [...(common.plugins ?? []), openaiChatOnly],
    entryPoints: { 'openai-model': resolve(root, 'src/model/openai-model.ts') },
    outdir: resolve(root, outdir),
    minify: true,
  });
}
