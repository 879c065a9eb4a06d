/**
 * The worker side of the boundary, and the only adapter between the wire
 * (src/protocol/) and the loop's own types (src/agent/session-types.ts):
 * one `AgentSession`, reached by the page through Comlink. Every method
 * settles to an outcome, so errors reach the page with their codes. Events
 * leave through an `EventBatcher`, so token deltas cross about once per frame.
 */
import * as Comlink from 'comlink';
import type { AgentEvent, ApprovalAnswer, ApprovalRequest, ChatMessage, FinalEvent, SendOptions, ThreadSummary, WorkflowRunOptions } from '../types.js';
import type { AgentWorkerApi, PageHost, ToolDescriptor, WorkerConfig } from '../protocol/agent.js';
import type { MemoryWorkerApi } from '../protocol/memory.js';
import type { Outcome } from '../protocol/errors.js';
import type { SessionConfig, SessionHost, ToolDescriptor as LoopTool } from '../agent/session-types.js';
import type { ChatModel, ModelModule } from '../model/chat-model.js';
import { AgentSession } from '../agent/agent-session.js';
import { EventBatcher } from '../agent/event-batcher.js';
import { sendCrossable } from './crossing-events.js';
import { lazyThreadStore } from '../store/lazy-thread-store.js';
import { ThreadLibrary } from '../agent/thread-library.js';
import { PageloopError, toOutcome } from '../errors.js';
import { WORKER_TOOL_FACTORIES, createWorkerServices, type WorkerServices } from './worker-services.js';
import { memoryWorkerApi } from '../memory/memory-api.js';
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
  return createOpenAIModel({
    baseURL: config.baseURL,
    model: config.model,
    apiKey: config.apiKey,
    headers: config.headers,
    maxRetries: config.maxRetries,
    timeoutMs: config.timeoutMs,
    idleTimeoutMs: config.idleTimeoutMs,
    maxRetryWaitMs: config.maxRetryWaitMs,
  });
}

/** Asks an HTTP endpoint for its context window; a `modelModule` has none to ask. */
async function probeContextWindow(config: SessionConfig, signal: AbortSignal): Promise<number | undefined> {
  if (config.modelModule) return undefined;
  const { probeContextWindow: probe } = await import('../model/context-window.js');
  return probe({ baseURL: config.baseURL, model: config.model, apiKey: config.apiKey, headers: config.headers }, signal);
}

/** The loop's settings from the wire's: everything but the memory, which the worker's services own. */
export function toSessionConfig(config: Partial<WorkerConfig>): Partial<SessionConfig> {
  const { memory: _memory, ...session } = config;
  // The in-page engine's window is the one it is loaded with, not the 8192 guessed for an endpoint.
  if ('engine' in config && !('contextTokens' in config)) session.contextTokens = config.engine ? (config.engine.contextSize ?? DEFAULT_ENGINE_CONTEXT) : undefined;
  return session;
}

/** A wire tool descriptor as the loop knows it. */
export function toLoopTool(tool: ToolDescriptor): LoopTool {
  const loopTool: LoopTool = { name: tool.name, description: tool.description, parameters: tool.parameters, kind: tool.kind, approval: tool.approval };
  if (tool.worker) loopTool.worker = tool.worker;
  if (tool.untrustedOutput) loopTool.untrustedOutput = true;
  if (tool.idempotent) loopTool.idempotent = true;
  if (tool.readOnly) loopTool.readOnly = true;
  if (tool.awaitsUser) loopTool.awaitsUser = true;
  return loopTool;
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

  init(config: WorkerConfig, tools: ToolDescriptor[], host: PageHost): Promise<Outcome<void>> {
    return toOutcome(() => {
      const batcher = new EventBatcher((events: AgentEvent[]) => sendCrossable((batch) => host.emit(batch), events));
      const services = (this.#services = createWorkerServices(config));
      // Engine status is not part of any conversation: it goes to the page, not into the thread.
      const engine = (this.#engine = new EngineSlot((status) => batcher.push({ type: 'engine', status })));
      engine.set(config.engine);
      const store = lazyThreadStore();
      const session = new AgentSession({ ...toSessionConfig(config), baseURL: config.baseURL, model: config.model }, tools.map(toLoopTool), {
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
    });
  }

  async #now(): Promise<AgentSession> {
    if (!this.#session || !this.#ready) throw new PageloopError('bad-request', 'The agent worker was not initialised.');
    await this.#ready;
    return this.#session;
  }

  configure(patch: Partial<WorkerConfig>): Promise<Outcome<void>> {
    if ('engine' in patch) this.#engine?.set(patch.engine);
    return toOutcome(async () => (await this.#now()).configure(toSessionConfig(patch)));
  }

  setTools(tools: ToolDescriptor[]): Promise<Outcome<void>> {
    return toOutcome(async () => (await this.#now()).setTools(tools.map(toLoopTool)));
  }

  // The final event itself reaches the page through the batcher, which sends it at once.
  send(runId: string, text: string, options?: SendOptions): Promise<Outcome<FinalEvent>> {
    return toOutcome(async () => (await this.#now()).send(runId, text, options));
  }

  runWorkflow(runId: string, name: string, input?: string, options?: WorkflowRunOptions): Promise<Outcome<FinalEvent>> {
    return toOutcome(async () => (await this.#now()).runWorkflow(runId, name, input, options));
  }

  retry(runId: string): Promise<Outcome<FinalEvent>> {
    return toOutcome(async () => (await this.#now()).retry(runId));
  }

  resume(runId: string, first?: { callId: string; answer: ApprovalAnswer }): Promise<Outcome<FinalEvent>> {
    return toOutcome(async () => (await this.#now()).resume(runId, first));
  }

  permissions(): Promise<Outcome<string[]>> {
    return toOutcome(async () => (await this.#now()).permissions());
  }

  revokePermission(tool: string): Promise<Outcome<void>> {
    return toOutcome(async () => (await this.#now()).revokePermission(tool));
  }

  pending(): Promise<Outcome<ApprovalRequest[]>> {
    return toOutcome(async () => (await this.#now()).pending());
  }

  respond(callId: string, answer: ApprovalAnswer): Promise<Outcome<void>> {
    return toOutcome(async () => (await this.#now()).respond(callId, answer));
  }

  cancel(runId: string): Promise<Outcome<void>> {
    // Not after `ready`: a cancel sent right after `send` must reach the session before the run starts.
    return toOutcome(() => this.#session?.cancel(runId));
  }

  messages(): Promise<Outcome<ChatMessage[]>> {
    return toOutcome(async () => (await this.#now()).messages());
  }

  events(): Promise<Outcome<AgentEvent[]>> {
    return toOutcome(async () => (await this.#now()).events());
  }

  clear(): Promise<Outcome<void>> {
    return toOutcome(async () => (await this.#now()).clear());
  }

  async #library(): Promise<ThreadLibrary> {
    await this.#now();
    return this.#threads!;
  }

  listThreads(): Promise<Outcome<ThreadSummary[]>> {
    return toOutcome(async () => (await this.#library()).list());
  }

  openThread(id: string): Promise<Outcome<void>> {
    return toOutcome(async () => (await this.#library()).open(id));
  }

  deleteThread(id: string): Promise<Outcome<void>> {
    return toOutcome(async () => (await this.#library()).delete(id));
  }

  renameThread(id: string, title: string): Promise<Outcome<void>> {
    return toOutcome(async () => (await this.#library()).rename(id, title));
  }

  exportThread(id: string): Promise<Outcome<string>> {
    return toOutcome(async () => (await this.#library()).export(id));
  }

  importThread(file: unknown): Promise<Outcome<string>> {
    return toOutcome(async () => (await this.#library()).import(file));
  }
}

/** Exposes an `AgentWorker` on this worker's global scope. */
export function exposeAgentWorker(): void {
  Comlink.expose(new AgentWorker());
}
