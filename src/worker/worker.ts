/** The agent's Web Worker entry: the loop, the model client and worker tools live here. */
import { exposeAgentWorker } from './agent-worker.js';

exposeAgentWorker();
