/**
 * The worker side of the boundary. The page starts the agent through
 * `AgentWorkerEntry.start` and gets back a Comlink proxy of one object, a
 * `WorkerAgent`: the session itself (it extends `AgentSession`, so its
 * methods ARE the API declared in src/protocol/agent.ts, nothing forwarded),
 * plus what only a worker adds — its memory, MCP servers, doctor, threads
 * and files, each reached by path. A method that throws rejects on the page
 * with the same `PageloopError` (`crossErrors`, src/errors.ts).
 *
 * The page's host is used as it comes (a Comlink proxy): page tools and
 * approvals go straight to it. Only events pass something on the way: an
 * `EventBatcher`, so token deltas cross about once per frame, and the last
 * guard that keeps a batch crossable (crossing-events.ts).
 */
import * as Comlink from 'comlink';
import type { AgentEvent } from '../types.js';
import type { AgentWorkerApi, AgentWorkerEntry, AttachmentsApi, DoctorApi, PageHost, ThreadsApi, ToolDescriptor, WorkerConfig } from '../protocol/agent.js';
import type { MemoryWorkerApi } from '../protocol/memory.js';
import type { SessionConfig } from '../agent/session-types.js';
import type { ChatModel, ModelModule } from '../model/chat-model.js';
import { AgentSession } from '../agent/agent-session.js';
import { EventBatcher } from '../agent/event-batcher.js';
import { sendCrossable } from './crossing-events.js';
import { lazyThreadStore } from '../store/lazy-thread-store.js';
import { ThreadLibrary } from '../agent/thread/index.js';
import { PageloopError, crossErrors } from '../errors.js';
import { CLIENT_KEYS, SESSION_KEYS, pickSettings } from '../settings.js';
import { WORKER_TOOL_FACTORIES, createWorkerServices } from './worker-services.js';
import { memoryWorkerApi } from './memory-api.js';
import { EngineSlot } from '../model/engine/engine-slot.js';
import type { AgentMcp } from '../mcp-types.js';
import { DEFAULT_ENGINE_CONTEXT } from '../model/engine/engine-defaults.js';
import { loadToolCallingModel } from '../model/loop-door.js';
import { McpLoader } from './mcp-loader.js';
import { WorkerDoctor } from './worker-doctor.js';

/** Builds the model the config names: a `modelModule`'s, or the OpenAI-compatible client. */
export async function createModel(config: SessionConfig): Promise<ChatModel> {
  // Loaded on demand: only an agent on a model module needs the loader.
  if (config.modelModule) return (await import('./model-module.js')).loadModelModule(config.modelModule, { model: config.model, baseURL: config.baseURL }, self.location.href);
  // Loaded on demand: the client is most of the worker's code, and `ready` should not wait for it.
  const { createOpenAIModel } = await import('../model/openai-model.js');
  return createOpenAIModel({ ...pickSettings(config, CLIENT_KEYS), baseURL: config.baseURL, model: config.model });
}

/** Asks an HTTP endpoint for its context window; a `modelModule` has none to ask. */
async function probeContextWindow(config: SessionConfig, signal: AbortSignal): Promise<number | undefined> {
  if (config.modelModule) return undefined;
  const { probeContextWindow: probe } = await import('../model/context-window.js');
  return probe({ baseURL: config.baseURL, model: config.model, apiKey: config.apiKey, headers: config.headers }, signal);
}

/** The loop's settings from the wire's: those the loop reads (the memory is the worker's services'). */
export function toSessionConfig(config: Partial<WorkerConfig>): Partial<SessionConfig> {
  const session = pickSettings(config, SESSION_KEYS);
  // The in-page engine's window is the one it is loaded with, not the 8192 guessed for an endpoint.
  if ('engine' in config && !('contextTokens' in config)) session.contextTokens = config.engine ? (config.engine.contextSize ?? DEFAULT_ENGINE_CONTEXT) : undefined;
  return session;
}

/** The agent as its worker offers it to the page: the session, and the worker's own services. */
export class WorkerAgent extends AgentSession implements AgentWorkerApi {
  readonly memory: MemoryWorkerApi & Comlink.ProxyMarked;
  readonly mcp: AgentMcp & Comlink.ProxyMarked;
  readonly threads: ThreadsApi & Comlink.ProxyMarked;
  readonly doctor: DoctorApi & Comlink.ProxyMarked;
  readonly attachments: AttachmentsApi & Comlink.ProxyMarked;
  readonly #engine: EngineSlot;
  readonly #servers: McpLoader;
  readonly #doctor: WorkerDoctor;
  /** The page's tools; the MCP servers' join them. */
  #pageTools: readonly ToolDescriptor[];

  constructor(config: WorkerConfig, tools: readonly ToolDescriptor[], host: PageHost) {
    const batcher = new EventBatcher((events: AgentEvent[]) => sendCrossable((batch) => host.emit(batch), events));
    const push = (event: AgentEvent) => batcher.push(event);
    const services = createWorkerServices(config);
    // Engine status is not part of any conversation: it goes to the page, not into the thread.
    const engine = new EngineSlot((status) => push({ type: 'engine', status }));
    engine.set(config.engine);
    // Connected in the background: `ready` does not wait for servers, a run does (`beforeRun`).
    const servers = new McpLoader(config.mcp, services, host, push);
    const store = lazyThreadStore();
    super({ ...toSessionConfig(config), baseURL: config.baseURL, model: config.model }, tools, {
      host,
      emit: push,
      flush: () => batcher.flush(),
      beforeRun: config.mcp?.length ? () => servers.settled() : undefined,
      createModel: (c) => (c.engine ? engine.model : createModel(c)),
      // Opened on first use: an agent without a thread opens it only if it uses `threads`.
      store,
      workerTools: WORKER_TOOL_FACTORIES,
      env: services,
      probeContextWindow,
      // The AG-UI client loads with the first run that needs it (option `agui`, or a sub-agent sent to a remote agent).
      remote: () => import('./agui/index.js').then((m) => m.aguiLoop),
    });
    this.#engine = engine;
    this.#servers = servers;
    this.#pageTools = tools;
    this.#doctor = new WorkerDoctor(config);
    servers.onToolsChanged(() => super.setTools(this.#allTools()));
    // The page starts listening for spans when it asks (`agent.onSpan`).
    this.watchSpans(false);
    this.memory = Comlink.proxy(memoryWorkerApi(() => services.memory()));
    this.mcp = Comlink.proxy(servers.api(this));
    // A thread in AG-UI's event form is written and read with the AG-UI chunk, loaded by the first such export or import.
    this.threads = Comlink.proxy(new ThreadLibrary(store, this, { agUi: () => import('./agui/index.js') }));
    this.doctor = Comlink.proxy(this.#doctor);
    this.attachments = Comlink.proxy(this.files);
    // Warm the model layer's chunks while the page is still idle, so the first send does not wait for them:
    // the tool-calling model (the text protocol and its call formats) always, the client when it is the model.
    void loadToolCallingModel().catch(() => {});
    if (config.agui) void import('./agui/index.js').catch(() => {});
    else if (!config.modelModule && !config.engine) void import('../model/openai-model.js').catch(() => {});
  }

  /** The page's tools, then the MCP servers' (named around the page's). */
  #allTools(): ToolDescriptor[] {
    return this.#servers.withServerTools(this.#pageTools);
  }

  override configure(patch: Partial<WorkerConfig>): void {
    if ('engine' in patch) this.#engine.set(patch.engine);
    this.#doctor.configured(patch);
    super.configure(toSessionConfig(patch));
  }

  override setTools(tools: readonly ToolDescriptor[]): void {
    this.#pageTools = tools;
    super.setTools(this.#allTools());
  }
}

/** Exposes the agent's entry on this worker's global scope, its errors crossing with their codes. */
export function exposeAgentWorker(): void {
  crossErrors();
  const entry: AgentWorkerEntry = {
    async start(config, tools, host, stopped) {
      const agent = new WorkerAgent(config, tools, host);
      await agent.load(stopped);
      return Comlink.proxy(agent);
    },
  };
  Comlink.expose(entry);
}
