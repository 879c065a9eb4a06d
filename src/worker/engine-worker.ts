/**
 * The agent's Web Worker with the in-page engine in it: the same agent as
 * worker.ts, and an import of the engine's code that bundlers follow (so an
 * app's build emits the engine's chunk and llama.cpp's wasm). Started by
 * `pageloop/engine` (src/engine/index.ts) for agents created with `engine`.
 */
import { provideEngineCode } from '../model/engine/engine-code.js';
import { exposeAgentWorker } from './agent-worker.js';

provideEngineCode(() => import('../model/engine/gguf-engine.js'));
exposeAgentWorker();
