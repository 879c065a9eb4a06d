/**
 * The worker side of the boundary: one `AgentSession`, reached by the page
 * through Comlink. Events leave through an `EventBatcher`, so token deltas
 * cross about once per frame.
 */
import * as Comlink from 'comlink';
import type { AgentEvent, ApprovalAnswer, ChatMessage, FinalEvent } from '../types.js';
import type { PageHost, ToolDescriptor, WorkerApi, WorkerConfig } from '../protocol.js';
import type { ChatModel, ModelModule } from '../model/chat-model.js';
import { AgentSession } from '../agent/agent-session.js';
import { EventBatcher } from '../agent/event-batcher.js';
import { ThreadStore } from '../store/thread-store.js';
import { PageloopError } from '../errors.js';
import { WORKER_TOOL_FACTORIES, createWorkerServices, type WorkerServices } from './worker-services.js';
import { memoryWorkerApi } from '../memory/memory-api.js';
import type { MemoryWorkerApi } from '../memory/memory-protocol.js';

/** Builds the model the config names: a `modelModule`'s, or the OpenAI-compatible client. */
export async function createModel(config: WorkerConfig): Promise<ChatModel> {
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
  });
}

/** Implements the worker half of the protocol. */
export class AgentWorker implements WorkerApi {
  #session: AgentSession | undefined;
  #ready: Promise<void> | undefined;
  #services: WorkerServices | undefined;

  /** The agent's memory: the engine its memory tools use, made on first use. */
  readonly memory: MemoryWorkerApi = memoryWorkerApi(() => {
    if (!this.#services) throw new PageloopError('bad-request', 'The agent worker was not initialised.');
    return this.#services.memory();
  });

  init(config: WorkerConfig, tools: ToolDescriptor[], host: PageHost): Promise<void> {
    const batcher = new EventBatcher((events: AgentEvent[]) => void host.emit(events));
    const services = (this.#services = createWorkerServices(config));
    const session = new AgentSession(config, tools, {
      host: {
        emit: (events) => events.forEach((e) => batcher.push(e)),
        prepareTool: (name, args) => host.prepareTool(name, args),
        runTool: (name, args, callId) => host.runTool(name, args, callId),
        abortTool: (callId) => void host.abortTool(callId),
      },
      createModel,
      store: config.thread ? new ThreadStore() : undefined,
      workerTools: WORKER_TOOL_FACTORIES,
      env: services,
    });
    this.#session = session;
    this.#ready = session.load();
    // Warm the client's module while the page is still idle, so the first send does not wait for it.
    if (!config.modelModule) void import('../model/openai-model.js').catch(() => {});
    return this.#ready;
  }

  async #now(): Promise<AgentSession> {
    if (!this.#session || !this.#ready) throw new PageloopError('bad-request', 'The agent worker was not initialised.');
    await this.#ready;
    return this.#session;
  }

  configure(patch: Partial<WorkerConfig>): void {
    void this.#now().then((s) => s.configure(patch));
  }

  setTools(tools: ToolDescriptor[]): void {
    void this.#now().then((s) => s.setTools(tools));
  }

  // The final event itself reaches the page through the batcher, which sends it at once.
  async send(runId: string, text: string): Promise<FinalEvent> {
    return (await this.#now()).send(runId, text);
  }

  async retry(runId: string): Promise<FinalEvent> {
    return (await this.#now()).retry(runId);
  }

  respond(callId: string, answer: ApprovalAnswer): void {
    void this.#now().then((s) => s.respond(callId, answer));
  }

  cancel(runId: string): void {
    // Not after `ready`: a cancel sent right after `send` must reach the session before the run starts.
    this.#session?.cancel(runId);
  }

  async messages(): Promise<ChatMessage[]> {
    return (await this.#now()).messages();
  }

  async events(): Promise<AgentEvent[]> {
    return (await this.#now()).events();
  }

  async clear(): Promise<void> {
    return (await this.#now()).clear();
  }
}

/** Exposes an `AgentWorker` on this worker's global scope. */
export function exposeAgentWorker(): void {
  Comlink.expose(new AgentWorker());
}
