/**
 * The worker side of the boundary: one `AgentSession`, reached by the page
 * through Comlink. The loop speaks the protocol's types, so each method only
 * delegates; a method that throws rejects on the page with the same
 * `PageloopError` (`crossErrors`, src/errors.ts). Events leave through an
 * `EventBatcher`, so token deltas cross about once per frame.
 */
import * as Comlink from 'comlink';
import type { AgentEvent, ApprovalAnswer, ApprovalRequest, ChatMessage, Diagnosis, FinalEvent, SendOptions, ThreadSummary, ThreadTrace, TraceSpan, WorkflowRunOptions } from '../types.js';
import type { AttachmentInput, PreparedAttachments } from '../attachment-types.js';
import type { AgentWorkerApi, OutsideOutcome, PageHost, ToolDescriptor, WorkerConfig } from '../protocol/agent.js';
import type { MemoryWorkerApi } from '../protocol/memory.js';
import type { SessionConfig, SessionHost } from '../agent/session-types.js';
import type { ChatModel, ModelModule } from '../model/chat-model.js';
import { AgentSession } from '../agent/agent-session.js';
import { EventBatcher } from '../agent/event-batcher.js';
import { sendCrossable } from './crossing-events.js';
import { lazyThreadStore } from '../store/lazy-thread-store.js';
import { ThreadLibrary } from '../agent/thread/thread-library.js';
import { PageloopError, crossErrors, errorMessage } from '../errors.js';
import { CLIENT_KEYS, SESSION_KEYS, pickSettings } from '../settings.js';
import { WORKER_TOOL_FACTORIES, createWorkerServices, type WorkerServices } from './worker-services.js';
import { memoryWorkerApi } from './memory-api.js';
import { EngineSlot } from '../model/engine/engine-slot.js';
import type { McpHub } from '../worker-tools/mcp/mcp-hub.js';
import type { AgentMcp, McpElicitationAnswer, McpServerOptions } from '../mcp-types.js';
import { DEFAULT_ENGINE_CONTEXT } from '../model/engine/engine-defaults.js';

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

/** The loop's host over the page's: events through `batcher`, tool calls straight to the page, finished spans while `watching`. */
function toSessionHost(page: PageHost, batcher: EventBatcher, watching: () => boolean): SessionHost {
  return {
    emit: (events) => events.forEach((e) => batcher.push(e)),
    // Present only while the page listens: otherwise the span outlet does not even gather spans for it.
    get spans() {
      return watching() ? (spans: TraceSpan[]) => void Promise.resolve(page.spans?.(spans)).catch(() => {}) : undefined;
    },
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
  /** The page listens for finished spans (`agent.onSpan`). */
  #watchingSpans = false;
  /** The MCP hub, loading (its module and the SDK are their own chunks) when the agent has servers. */
  #mcpHub: Promise<McpHub | undefined> | undefined;
  #mcp: McpHub | undefined;
  /** The page's tools; the MCP servers' join them (`#applyTools`). */
  #pageTools: ToolDescriptor[] = [];
  /** The settings as they are now (init, then each `configure`), for the doctor. */
  #config: WorkerConfig | undefined;
  /** Running diagnoses by request id, so the page can cancel one. */
  readonly #diagnoses = new Map<string, AbortController>();

  /** The agent's memory: the engine its memory tools use, made on first use. */
  readonly memory: MemoryWorkerApi & Comlink.ProxyMarked = Comlink.proxy(
    memoryWorkerApi(() => {
      if (!this.#services) throw new PageloopError('bad-request', 'The agent worker was not initialised.');
      return this.#services.memory();
    }),
  );

  /** The agent's MCP servers: status, reconnect, prompts, resources (empty lists without servers). */
  readonly mcp: AgentMcp & Comlink.ProxyMarked = Comlink.proxy({
    status: async () => (await this.#mcpHub)?.status() ?? [],
    reconnect: async (name: string) => (await this.#hub(name)).reconnect(name),
    prompts: async () => (await this.#mcpHub)?.prompts() ?? [],
    getPrompt: async (server: string, name: string, args?: Record<string, string>) => (await this.#hub(server)).getPrompt(server, name, args ?? {}),
    resources: async (server?: string) => (server === undefined ? (await this.#mcpHub)?.resources() ?? [] : (await this.#hub(server)).resources(server)),
    readResource: async (server: string, uri: string) => (await this.#hub(server)).readResource(server, uri),
    appResource: async (server: string, uri: string) => (await this.#hub(server)).appResource(server, uri),
    // Through the agent's approvals, as a card (outside-call.ts), never into the model's history.
    callAppTool: async (server: string, name: string, args: Record<string, unknown>, callId?: string) => {
      const session = await this.#now();
      return (await this.#hub(server)).callForApp(server, name, args, callId ?? `app-${crypto.randomUUID()}`, (id, offered, a) => session.callFromOutside(id, offered, a, 'mcp-app'));
    },
    signOut: async (server: string) => (await this.#hub(server)).signOut(server, async (url) => (await import('../mcp-auth/worker-provider.js')).forgetSignIn(url)),
    answerElicitation: async (id: string, answer: McpElicitationAnswer) => {
      const hub = await this.#mcpHub;
      if (!hub) throw new PageloopError('bad-request', `No MCP question "${id}" is waiting: the agent has no mcp servers.`);
      hub.answerElicitation(id, answer);
    },
  });

  async #hub(server: string): Promise<McpHub> {
    const hub = await this.#mcpHub;
    if (!hub) throw new PageloopError('bad-request', `No MCP server is named "${server}": the agent has no mcp servers.`);
    return hub;
  }

  async init(config: WorkerConfig, tools: ToolDescriptor[], host: PageHost): Promise<void> {
    this.#config = { ...config };
    const batcher = new EventBatcher((events: AgentEvent[]) => sendCrossable((batch) => host.emit(batch), events));
    const services = (this.#services = createWorkerServices(config));
    this.#pageTools = tools;
    // Connected in the background: `ready` does not wait for servers, a run does (`#forRun`).
    const servers = config.mcp;
    if (servers?.length) {
      // The sign-in's code loads only for servers that may ask for it (option `oauth`).
      const signIn = servers.some((s) => s.oauth) ? import('../mcp-auth/worker-provider.js') : undefined;
      this.#mcpHub = Promise.all([import('../worker-tools/mcp/mcp-hub.js'), signIn]).then(([{ McpHub }, auth]) => {
        const hooks = { emit: (event: AgentEvent) => batcher.push(event), toolsChanged: () => this.#applyTools(), auth: auth && ((s: McpServerOptions) => auth.mcpAuth(s, host)) };
        const hub = (this.#mcp = new McpHub(servers, hooks));
        services.mcp = hub;
        return hub;
      }, (err: unknown) => {
        // The agent stays usable without its servers; each says why.
        for (const s of servers) batcher.push({ type: 'mcp', server: { name: s.name ?? s.url, url: s.url, state: 'failed', tools: [], prompts: false, resources: false, error: { code: 'failed', message: `The MCP client could not be loaded: ${errorMessage(err)}` } } });
        return undefined;
      });
    }
    // Engine status is not part of any conversation: it goes to the page, not into the thread.
    const engine = (this.#engine = new EngineSlot((status) => batcher.push({ type: 'engine', status })));
    engine.set(config.engine);
    const store = lazyThreadStore();
    const session = new AgentSession({ ...toSessionConfig(config), baseURL: config.baseURL, model: config.model }, this.#allTools(), {
      host: toSessionHost(host, batcher, () => this.#watchingSpans),
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

  /** The session, once every MCP server's connect has settled (so a first message sees their tools). */
  async #forRun(): Promise<AgentSession> {
    await (await this.#mcpHub)?.settled();
    return this.#now();
  }

  /** The page's tools, then the MCP servers' (named around the page's). */
  #allTools(): ToolDescriptor[] {
    return this.#mcp ? [...this.#pageTools, ...this.#mcp.descriptors(this.#pageTools.map((t) => t.name))] : this.#pageTools;
  }

  #applyTools(): void {
    this.#session?.setTools(this.#allTools());
  }

  async #library(): Promise<ThreadLibrary> {
    await this.#now();
    return this.#threads!;
  }

  async configure(patch: Partial<WorkerConfig>): Promise<void> {
    if ('engine' in patch) this.#engine?.set(patch.engine);
    if (this.#config) Object.assign(this.#config, patch);
    (await this.#now()).configure(toSessionConfig(patch));
  }

  async setTools(tools: ToolDescriptor[]): Promise<void> {
    const session = await this.#now();
    this.#pageTools = tools;
    session.setTools(this.#allTools());
  }

  // The final event itself reaches the page through the batcher, which sends it at once.
  async send(runId: string, text: string, options?: SendOptions): Promise<FinalEvent> {
    return (await this.#forRun()).send(runId, text, options);
  }

  async runWorkflow(runId: string, name: string, input?: string, options?: WorkflowRunOptions): Promise<FinalEvent> {
    return (await this.#forRun()).runWorkflow(runId, name, input, options);
  }

  async retry(runId: string): Promise<FinalEvent> {
    return (await this.#forRun()).retry(runId);
  }

  async resume(runId: string, first?: { callId: string; answer: ApprovalAnswer }): Promise<FinalEvent> {
    return (await this.#forRun()).resume(runId, first);
  }

  async permissions(): Promise<string[]> {
    return (await this.#now()).permissions();
  }

  async trace(runId?: string): Promise<ThreadTrace> {
    return (await this.#now()).trace(runId);
  }

  async watchSpans(on: boolean): Promise<void> {
    this.#watchingSpans = on;
  }

  async diagnose(id: string, probe: boolean): Promise<Diagnosis> {
    const config = this.#config;
    if (!config) throw new PageloopError('bad-request', 'The agent worker was not initialised.');
    const controller = new AbortController();
    this.#diagnoses.set(id, controller);
    try {
      // Loaded on first use: most agents are never diagnosed.
      const { diagnose } = await import('../model/doctor/diagnose.js');
      return await diagnose({ ...config }, probe, controller.signal);
    } finally {
      this.#diagnoses.delete(id);
    }
  }

  async cancelDiagnosis(id: string): Promise<void> {
    this.#diagnoses.get(id)?.abort();
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

  async callFromOutside(callId: string, name: string, args: unknown): Promise<OutsideOutcome> {
    return (await this.#now()).callFromOutside(callId, name, args);
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
