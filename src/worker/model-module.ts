/**
 * Loads a `modelModule` (option `modelModule`) in the agent's worker: the URL
 * of an ES module whose `createModel()` returns the `ChatModel` the loop uses
 * instead of HTTP — a scripted model for tests and demos.
 *
 * Invariant: the module is imported as the browser would import any module
 * (an http(s) URL, a `blob:` URL made on the page, or a `data:` URL of
 * JavaScript), and every way it can fail ends in one `bad-request` error that
 * names the URL and says what to do — above all the bundler trap: a
 * production build that copied or inlined the file as an asset instead of
 * building it as a module (`vite build` turns `new URL('./brain.ts',
 * import.meta.url)` into a `data:video/mp2t` URL of raw TypeScript; webpack
 * copies it as raw source). The import carries both bundlers' ignore markers,
 * so neither rewrites it into a lookup of its own chunks.
 *
 * What each bundler keeps as a module file (docs-site/guide/testing.md, "A scripted
 * model in a production build"):
 * - Vite: `import brain from './brain.ts?model-module'` with the
 *   `modelModules()` plugin of `pageloop/testing/vite` (an emitted chunk that
 *   keeps its exports);
 * - webpack 5: a second entry `{ import: './brain.js', library: { type: 'module' } }`
 *   (with `experiments.outputModule`), named by
 *   `new URL(/* webpackIgnore: true *\/ './brain.js', import.meta.url)`;
 * - esbuild: a second entry point beside the app's, named by
 *   `new URL('./brain.js', import.meta.url)` (esbuild leaves it alone).
 *
 * @example
 * const model = await loadModelModule('/assets/brain-3f2a.js', { model: 'scripted', baseURL: '' }, self.location.href);
 */
import type { ChatModel, ModelModule } from '../model/chat-model.js';
import { PageloopError, errorMessage } from '../errors.js';

/** Where the forms that work are explained, named in every error. */
const HELP = 'see "A scripted model in a production build" in pageloop\'s guide "Testing your agent" (docs-site/guide/testing.md)';

/** Media types a browser runs as a module script (the HTML standard's JavaScript MIME type essence matches, in short). */
const JAVASCRIPT_TYPES = /^(text|application)\/(x-)?(javascript|ecmascript)$|^text\/(jscript|livescript)$/i;

/**
 * Imports the module `spec` names (resolved against `base`, the worker's own
 * URL) and returns the model its `createModel(config)` makes.
 */
export async function loadModelModule(spec: string, config: { model: string; baseURL: string }, base: string): Promise<ChatModel> {
  const url = new URL(spec, base).href;
  const shown = describe(url);
  const refusal = refuseDataUrl(url);
  if (refusal) throw new PageloopError('bad-request', `The model module ${shown} ${refusal} (${HELP}).`);
  let module: Partial<ModelModule>;
  try {
    module = (await import(/* webpackIgnore: true */ /* @vite-ignore */ url)) as Partial<ModelModule>;
  } catch (err) {
    throw new PageloopError('bad-request', `The model module ${shown} could not be imported: ${errorMessage(err)}${hint(errorMessage(err))} (${HELP}).`);
  }
  if (typeof module.createModel !== 'function') {
    const names = Object.keys(module);
    throw new PageloopError(
      'bad-request',
      `The model module ${shown} does not export createModel() (it exports ${names.length ? names.join(', ') : 'nothing'}${names.length === 0 ? ': a bundler may have built it as a script, dropping its exports' : ''}; ${HELP}).`,
    );
  }
  return module.createModel(config);
}

/** A URL short enough for a message: a `data:` URL by its media type and size, not its payload. */
function describe(url: string): string {
  if (!url.startsWith('data:')) return url;
  const comma = url.indexOf(',');
  return `data:${url.slice(5, comma < 0 ? 40 : comma)},… (${url.length} characters)`;
}

/** Why a `data:` URL cannot be a module (it holds no JavaScript), or undefined. */
function refuseDataUrl(url: string): string | undefined {
  if (!url.startsWith('data:')) return undefined;
  const type = url.slice(5, url.indexOf(',')).split(';')[0]?.trim() ?? '';
  if (JAVASCRIPT_TYPES.test(type)) return undefined;
  const what = type === 'video/mp2t' ? 'TypeScript source (a .ts file, typed video/mp2t)' : `a file of type "${type || 'text/plain'}"`;
  return `is a data: URL of ${what}, not a JavaScript module: the bundler inlined the file as an asset instead of building it, which is what \`vite build\` does to new URL('./x.ts', import.meta.url)`;
}

/** What an import failure usually means, in a sentence. */
function hint(message: string): string {
  if (/module specifier|bare specifier/i.test(message)) return ' — it imports packages by name, so it was served as source instead of built as a module';
  if (/MIME type/i.test(message)) return ' — the server did not send it as JavaScript (a TypeScript file copied as an asset?)';
  return '';
}
