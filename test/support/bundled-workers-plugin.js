// @ts-check
/**
 * The tests' agent and memory workers, served bundled.
 *
 * A page that starts `<agent-chat>` starts the agent's worker, and served as
 * they are its modules are a hundred requests and more, each fetched, parsed
 * and compiled again in every test file: every file runs in a new browser
 * context, with an empty cache. That is most of the first reply's time in a
 * test (measured: a cold first reply on an idle machine 1.7 s from the
 * sources, 0.7 s bundled). So the workers are bundled once, as the standalone
 * build bundles them (scripts/bundle.js: `common`, `workers()`; splitting, so
 * the engine's code is `gguf-engine.js` beside them, as engine-code.ts looks
 * for it), and the worker's own URL serves one import of its bundle: the
 * worker's location, and every URL resolved against it (a model module, a
 * tool's fetch), stays what the element asked for.
 *
 * The page's modules stay as they are: a test imports the element's own
 * modules, and must get the instances the element uses.
 *
 * With `--watch` the bundle is rebuilt when a source changes;
 * `PAGELOOP_WORKER_SOURCE=1` serves the workers' sources as they are (to
 * step through them in the browser's debugger).
 */
import { context } from 'esbuild';
import { common, workers } from '../../scripts/bundle.js';

/** Where the bundle is written (ignored by git), and served from. */
const OUTDIR = '.wtr-worker';

/** The worker URLs the element starts, by their bundle's file. */
const SERVED = { '/src/worker/worker.ts': 'worker.js', '/src/worker/memory-worker.ts': 'memory-worker.js' };

/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function bundledWorkers() {
  const off = process.env.PAGELOOP_WORKER_SOURCE === '1';
  /** @type {import('esbuild').BuildContext | undefined} */
  let build;
  return {
    name: 'bundled-workers',
    async serverStart() {
      if (off) return;
      build = await context({ ...common, entryPoints: workers(), outdir: OUTDIR, splitting: true, sourcemap: 'linked' });
      // Built before the first page asks for it; under --watch, again on every change of a source.
      await build.rebuild();
      if (process.argv.includes('--watch')) await build.watch();
    },
    async serverStop() {
      await build?.dispose();
    },
    serve({ path }) {
      if (off || !(path in SERVED)) return undefined;
      return { body: `import '/${OUTDIR}/${SERVED[/** @type {keyof typeof SERVED} */ (path)]}';\n`, type: 'js' };
    },
  };
}
