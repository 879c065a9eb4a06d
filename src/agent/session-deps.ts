/**
 * What a session (agent-session.ts) needs from where it runs: the worker
 * hands it the page's host, the real model maker, the IndexedDB store and
 * the worker tools; a test or a benchmark hands it stand-ins, ids and a clock.
 */
import type { ChatModel } from '../model/loop-door.js';
import type { WorkerToolEnv, WorkerToolFactory } from '../worker-tools/worker-tool.js';
import type { ThreadStorage } from '../store/thread-store.js';
import type { AgentEvent } from '../types.js';
import type { SessionConfig, SessionHost } from './session-types.js';
import type { RemoteLoader } from './remote-loop.js';

/** What a session needs from its surroundings; tests inject ids and models. */
export interface SessionDeps {
  /** The page (a Comlink proxy of it in the worker, as it is): page tools, approvals, the start gate, the app's state, spans. */
  host: SessionHost;
  /** Where events go: the worker batches them (deltas about once a frame); absent: straight to `host.emit`. */
  emit?: (event: AgentEvent) => void;
  /** Sends what `emit` holds back, before something the page must hear of first is asked (a worker tool's start). */
  flush?: () => void;
  /** Awaited before a run starts (the worker waits for its MCP servers' first connect, so a first message sees their tools). */
  beforeRun?: () => Promise<void>;
  createModel(config: SessionConfig): ChatModel | Promise<ChatModel>;
  store?: ThreadStorage;
  workerTools?: Readonly<Record<string, WorkerToolFactory>>;
  env?: WorkerToolEnv;
  generateId?: () => string;
  /** The clock for stored timestamps; default `Date.now`. */
  now?: () => number;
  /** Asks the endpoint for its context window (absent: only `contextTokens`, overflow errors or the default say it). */
  probeContextWindow?: (config: SessionConfig, signal: AbortSignal) => Promise<number | undefined>;
  /** Loads the remote loop that runs option `agui` (the worker's AG-UI client, a chunk of its own); absent: `agui` is refused. */
  remote?: RemoteLoader;
}
