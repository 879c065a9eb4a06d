/**
 * The entry of `createMemory`'s worker: one MemoryEngine, exposed by Comlink.
 * (The agent's worker hosts its own engine as the service 'memory' instead.)
 */
import * as Comlink from 'comlink';
import { MemoryEngine } from '../memory/memory-engine.js';
import { memoryWorkerApi } from './memory-api.js';
import { crossErrors } from '../errors.js';

crossErrors();
Comlink.expose(memoryWorkerApi((options) => new MemoryEngine(options)));
