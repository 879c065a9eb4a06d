/**
 * `pageloop/engine`: import it once in an app whose agents run a model in
 * the page (option `engine`), and its bundler builds the agent worker that
 * holds the engine and emits llama.cpp's wasm beside it. An app that never
 * imports it builds without them (nothing of the engine is emitted), and an
 * agent there that asks for `engine` is told to import this.
 *
 * @example
 * import 'pageloop/engine';
 * import { createAgent } from 'pageloop';
 * const agent = createAgent({ engine: { gguf: '/models/qwen2.5-0.5b-instruct-q4_k_m.gguf' } });
 */
import { provideEngineWorker } from '../page/spawn-worker.js';

provideEngineWorker(() => new Worker(new URL('../worker/engine-worker.ts', import.meta.url), { type: 'module', name: 'pageloop-agent' }));
