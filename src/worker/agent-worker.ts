/**
 * The worker side of the boundary: one `AgentSession`, reached by the page
 * through Comlink. The loop speaks the protocol's types, so each method only
 * delegates; a method that throws rejects on the page with the same
 * `PageloopError` (`crossErrors`, src/errors.ts). Events leave through an
 * `EventBatcher`, so token deltas cross about once per frame.
 */
import * as Comlink from 'comlink';
import type { AgentEvent, ApprovalAnswer, ApprovalRequest, ChatMessage, FinalEvent, SendOptions, ThreadSummary, ThreadTrace, WorkflowRunOptions } from '../types.js';
import type { AttachmentInput, PreparedAttachments } from '../attachment-types.js';
import type { AgentWorkerApi, PageHost, ToolDescriptor, WorkerConfig } from '../protocol/agent.js';
import type { MemoryWorkerApi } from '../protocol/memory.js';
import type { SessionConfig, SessionHost } from '../agent/session-types.js';
import type { ChatModel, ModelModule } from '../model/chat-model.js';
import { AgentSession } from '../agent/agent-session.js';
import { EventBatcher } from '../agent/event-batcher.js';
import { sendCrossable } from './crossing-events.js';
import { lazyThreadStore } from '../store/lazy-thread-store.js';
import { ThreadLibrary } from '../agent/thread-library.js';
import { PageloopError, crossErrors } from '../errors.js';
import { CLIENT_KEYS, SESSION_KEYS, pickSettings } from '../settings.js';
import { WORKER_TOOL_FACTORIES, createWorkerServices, type WorkerServices } from './worker-services.js';
import { memoryWorkerApi } from './memory-api.js';
import { EngineSlot } from '../model/engine/engine-slot.js';
import { DEFAULT_ENGINE_CONTEXT } from '../model/engine/engine-defaults.js';

/** Builds the model the config names: a `modelModule`'s, or the OpenAI-compatible client. */
export async function createModel(config: SessionConfig): Promise<ChatModel> {
  if (config.modelModule) {
    const url = new URL(config.modelModule, self.location.href).href;
    const module = (await import(/* @vite-ignore */ url)) as Partial<ModelModule>;
    if (typeof module.createModel !== 'function') {
      throw new PageloopError('bad-request', `The model module ${url} does not export createModel().`);
    }
    return module.createModel({ model: config.model, baseURL: config.baseURL });
  }
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

/** The loop's host over the page's: events through `batcher`, tool calls straight to the page. */
function toSessionHost(page: PageHost, batcher: EventBatcher): SessionHost {
  return {
    emit: (events) => events.forEach((e) => batcher.push(e)),
    prepareTool: (name, args) => page.prepareTool(name, args),
    runTool: (name, args, callId) => page.runTool(name, args, callId),
    abortTool: (callId) => void page.abortTool(callId),
    // Held events (a tool-start) go first, so the page has heard of a call before it lets it start.
    mayStart: (request) => {
      batcher.flush();
      return page.mayStart(request);
    },
    readContext: async () => (await page.readContext?.()) ?? [],
  };
}

/** Implements the worker half of the protocol. */
export class AgentWorker implements AgentWorkerApi {
  #session: AgentSession | undefined;
  #ready: Promise<void> | undefined;
  #services: WorkerServices | undefined;
  #threads: ThreadLibrary | undefined;
  #engine: EngineSlot | undefined;

  /** The agent's memory: the engine its memory tools use, made on first use. */
  readonly memory: MemoryWorkerApi & Comlink.ProxyMarked = Comlink.proxy(
    memoryWorkerApi(() => {
      if (!this.#services) throw new PageloopError('bad-request', 'The agent worker was not initialised.');
      return this.#services.memory();
    }),
  );

  async init(config: WorkerConfig, tools: ToolDescriptor[], host: PageHost): Promise<void> {
    const batcher = new EventBatcher((events: AgentEvent[]) => sendCrossable((batch) => host.emit(batch), events));
    const services = (this.#services = createWorkerServices(config));
    // Engine status is not part of any conversation: it goes to the page, not into the thread.
    const engine = (this.#engine = new EngineSlot((status) => batcher.push({ type: 'engine', status })));
    engine.set(config.engine);
    const store = lazyThreadStore();
    const session = new AgentSession({ ...toSessionConfig(config), baseURL: config.baseURL, model: config.model }, tools, {
      host: toSessionHost(host, batcher),
      createModel: (c) => (c.engine ? engine.model : createModel(c)),
      // Opened on first use: an agent without a thread opens it only if it uses `threads`.
      store,
      workerTools: WORKER_TOOL_FACTORIES,
      env: services,
      probeContextWindow,
    });
    this.#session = session;
    this.#threads = new ThreadLibrary(store, session);
    this.#ready = session.load();
    // Warm the client's module while the page is still idle, so the first send does not wait for it.
    if (!config.modelModule && !config.engine) void import('../model/openai-model.js').catch(() => {});
    return this.#ready;
  }

  async #now(): Promise<AgentSession> {
    if (!this.#session || !this.#ready) throw new PageloopError('bad-request', 'The agent worker was not initialised.');
    await this.#ready;
    return this.#session;
  }

  async #library(): Promise<ThreadLibrary> {
    await this.#now();
    return this.#threads!;
  }

  async configure(patch: Partial<WorkerConfig>): Promise<void> {
    if ('engine' in patch) this.#engine?.set(patch.engine);
    (await this.#now()).configure(toSessionConfig(patch));
  }

  async setTools(tools: ToolDescriptor[]): Promise<void> {
    (await this.#now()).setTools(tools);
  }

  // The final event itself reaches the page through the batcher, which sends it at once.
  async send(runId: string, text: string, options?: SendOptions): Promise<FinalEvent> {
    return (await this.#now()).send(runId, text, options);
  }

  async runWorkflow(runId: string, name: string, input?: string, options?: WorkflowRunOptions): Promise<FinalEvent> {
    return (await this.#now()).runWorkflow(runId, name, input, options);
  }

  async retry(runId: string): Promise<FinalEvent> {
    return (await this.#now()).retry(runId);
  }

  async resume(runId: string, first?: { callId: string; answer: ApprovalAnswer }): Promise<FinalEvent> {
    return (await this.#now()).resume(runId, first);
  }

  async permissions(): Promise<string[]> {
    return (await this.#now()).permissions();
  }

  async trace(runId?: string): Promise<ThreadTrace> {
    return (await this.#now()).trace(runId);
  }

  async revokePermission(tool: string): Promise<void> {
    return (await this.#now()).revokePermission(tool);
  }

  async pending(): Promise<ApprovalRequest[]> {
    return (await this.#now()).pending();
  }

  async respond(callId: string, answer: ApprovalAnswer): Promise<void> {
    return (await this.#now()).respond(callId, answer);
  }

  async cancel(runId: string): Promise<void> {
    // Not after `ready`: a cancel sent right after `send` must reach the session before the run starts.
    this.#session?.cancel(runId);
  }

  async messages(): Promise<ChatMessage[]> {
    return (await this.#now()).messages();
  }

  async prepareAttachments(inputs: AttachmentInput[]): Promise<PreparedAttachments> {
    return (await this.#now()).files.prepare(inputs);
  }

  async attachment(id: string, original: boolean): Promise<Blob | undefined> {
    return (await this.#now()).files.read(id, original);
  }

  async events(): Promise<AgentEvent[]> {
    return (await this.#now()).events();
  }

  async clear(): Promise<void> {
    return (await this.#now()).clear();
  }

  async listThreads(): Promise<ThreadSummary[]> {
    return (await this.#library()).list();
  }

  async openThread(id: string): Promise<void> {
    return (await this.#library()).open(id);
  }

  async deleteThread(id: string): Promise<void> {
    return (await this.#library()).delete(id);
  }

  async renameThread(id: string, title: string): Promise<void> {
    return (await this.#library()).rename(id, title);
  }

  async exportThread(id: string): Promise<string> {
    return (await this.#library()).export(id);
  }

  async importThread(file: unknown): Promise<string> {
    return (await this.#library()).import(file);
  }
}

/** Exposes an `AgentWorker` on this worker's global scope, its errors crossing with their codes. */
export function exposeAgentWorker(): void {
  crossErrors();
  Comlink.expose(new AgentWorker());
}
