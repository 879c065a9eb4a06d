/**
 * Where the agent's worker gets the in-page engine's code (wllama, the Jinja
 * engine, llama.cpp's wasm by reference) when an agent asks for `engine`.
 *
 * Invariant: nothing here names the engine's code in a form a bundler
 * follows, so an app that never imports `pageloop/engine` builds a worker
 * without it and emits neither the engine's chunk nor the 8.8 MB
 * `wllama.wasm` (a bundler emits every file a reachable module addresses as
 * `import('…')` or `new URL('…', import.meta.url)`). The agent worker
 * `pageloop/engine` starts (src/worker/engine-worker.ts) provides the code
 * with an import its bundler does follow. Without it, the code is imported
 * from beside this module, by a URL no bundler sees: that works where files
 * are served as they are (the standalone bundle, pageloop's own tests) and
 * fails, saying what to import, in an app's build.
 */
import { PageloopError, errorMessage } from '../../errors.js';
import type * as GgufEngineModule from './gguf-engine.js';

/** The engine's module. */
export type EngineCode = typeof GgufEngineModule;

let provided: (() => Promise<EngineCode>) | undefined;

/** Called by the engine's worker entry: `load` imports the engine's module, in a form the app's bundler follows. */
export function provideEngineCode(load: () => Promise<EngineCode>): void {
  provided = load;
}

/** The engine's module: the provided one, or the file beside this one (the standalone bundle names it `gguf-engine.js`). */
export async function loadEngineCode(): Promise<EngineCode> {
  if (provided) return provided();
  // Built from a variable, so no bundler takes it for a file of the app's (src: .ts, dist: .js).
  const file = `./gguf-engine.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`;
  try {
    return (await import(/* webpackIgnore: true */ /* @vite-ignore */ new URL(file, import.meta.url).href)) as EngineCode;
  } catch (err) {
    throw new PageloopError(
      'bad-request',
      `The in-page engine is not in this build (${errorMessage(err)}): import 'pageloop/engine' once in the app and create the agent with option \`engine\` (guide "A model in the page", "The engine in an app's build").`,
    );
  }
}
