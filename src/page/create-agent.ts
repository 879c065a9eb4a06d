/**
 * `createAgent`: the page's handle on an agent whose loop runs in a Web
 * Worker. The page keeps what must stay on the page — its tools, their abort
 * signals, the listeners — and every promise it hands out settles, also when
 * the worker dies or is disposed (the worker link sees to that).
 */
import * as Comlink from 'comlink';
import type { Agent, AgentEvent, AgUiOptions, AttachmentInput, AgentOptions, ApprovalAnswer, ApprovalRequest, ChatMessage, ConfigureOptions, DiagnoseOptions, EngineOptions, EngineStatus, FinalEvent, Run, SendOptions, ThreadTrace, Tool, TraceSpan, WorkflowRunOptions } from '../types.js';
import type { AgentWorkerApi, AgentWorkerCall, AgentWorkerEntry, OutsideOutcome, StoppedRun, ToolDescriptor, WorkerConfig } from '../protocol/agent.js';
import type { Memory } from '../memory-types.js';
import { failedRun } from '../run-failure.js';
import { A2UI_TOOL_NAME } from '../a2ui-types.js';
import { LIVE_KEYS, SETTING_ROWS, WORKER_KEYS, pickSettings } from '../settings.js';
import { checkSettings } from '../setting-checks.js';
import { outOfBounds } from '../json-bounds.js';
import { WorkerEndedError } from '../errors.js';
import { PageToolHost } from './page-tool-host.js';
import { AppContextStore } from './app-context-store.js';
import { ToolSet } from './tool-set.js';
import { assertToolSchemas, toolSchemasPending, toolSchemasReady } from '../tools/tool-schema.js';
import { RunStream } from './run-stream.js';
import { AgentWorkerSlot, DEFAULT_STOP_GRACE_MS } from './agent-worker-slot.js';
import { spawnAgentWorker } from './spawn-worker.js';
import { linkWebMcp, type WebMcpLink } from './webmcp-link.js';
import { memoryClient } from './create-memory.js';
import { threadsClient } from './thread-client.js';
import { mcpClient } from './mcp-client.js';
import { diagnoseThrough } from './diagnose-client.js';
import { checkAttachmentInputs, checkSendOptions, checkWorkflowRunOptions, checkWorkflowStart } from './run-options.js';
import { capabilities, catalogIds } from './a2ui/a2ui-ids.js';

/** The form of a tool the worker needs: everything but its closures. */
export function toDescriptor(tool: Tool): ToolDescriptor {
  const rule = tool.needsApproval;
  const approval = typeof rule === 'function' ? 'dynamic' : rule ? 'always' : 'never';
  const descriptor: ToolDescriptor = { name: tool.name, description: tool.description, parameters: tool.parameters, kind: tool.kind, approval };
  if (tool.worker) descriptor.worker = tool.worker;
  if (tool.untrustedOutput) descriptor.untrustedOutput = true;
  if (tool.idempotent) descriptor.idempotent = true;
  if (tool.readOnly) descriptor.readOnly = true;
  if (tool.awaitsUser) descriptor.awaitsUser = true;
  if (tool.undo) descriptor.undoable = true;
  return descriptor;
}

/**
 * `invoke`, once every tool's JSON Schema is written: a zod-mini tool's waits
 * for its converter's chunk (tools/tool-schema.ts), so the worker never hears
 * of a tool without one. Calls waiting together keep their order.
 */
function afterSchemas<T, R>(invoke: (remote: T) => Promise<R>): (remote: T) => Promise<R> {
  return (remote) => (toolSchemasPending() ? toolSchemasReady().then(() => invoke(remote)) : invoke(remote));
}

/**
 * An event of a run the page has cancelled, as the page delivers it: a call
 * (page or worker tool) the page refused to start never reports `tool-start`, and the run ends
 * `cancelled` even when the worker finished it before the cancel reached it
 * (its text is kept).
 */
function afterCancel(event: AgentEvent, tools: PageToolHost): AgentEvent | undefined {
  if (!tools.refusing) return event;
  if (event.type === 'sub-agent') {
    const inner = afterCancel(event.event, tools);
    return inner && { ...event, event: inner };
  }
  if (event.type === 'tool-start' && tools.refused(event.name, event.callId)) return undefined;
  if (event.type === 'final' && event.reason !== 'cancelled') return { type: 'final', reason: 'cancelled', text: event.text };
  return event;
}

/** Calls a listener of the app's; one that throws must not starve the others or the run (its error is rethrown apart). */
function safely<T>(listener: (value: T) => void, value: T): void {
  try {
    listener(value);
  } catch (err) {
    queueMicrotask(() => {
      throw err;
    });
  }
}

/** The agent's settings as they cross to the worker: the options whose row says so (src/settings.ts); an app's own extra fields (and `tools`) stay on the page. */
export function toWorkerConfig(options: AgentOptions): WorkerConfig {
  const config: WorkerConfig = { ...pickSettings(options, WORKER_KEYS), baseURL: options.baseURL ?? '', model: options.model ?? '' };
  if (config.engine) config.engine = engineForWorker(config.engine);
  else delete config.engine;
  // Resolved against the page: the worker's own URL is not the page's.
  if (config.mcp) config.mcp = config.mcp.map((server) => ({ ...server, url: new URL(server.url, location.href).href, ...(server.oauth ? { oauth: { redirectUrl: new URL(server.oauth.redirectUrl, location.href).href } } : {}) }));
  return withPageUrls(config);
}

/** Remote agents' URLs resolved against the page (the worker's own URL is not the page's). */
function withPageUrls<C extends Partial<WorkerConfig>>(config: C): C {
  const here = (agui: AgUiOptions) => ({ ...agui, url: new URL(agui.url, location.href).href });
  if (config.agui) config.agui = here(config.agui);
  const sub = config.subAgents;
  if (typeof sub === 'object' && sub.agui) config.subAgents = { ...sub, agui: here(sub.agui) };
  return config;
}

/** The engine options as they cross to the worker: a relative URL is resolved against the page, not the worker. */
function engineForWorker(engine: EngineOptions): EngineOptions {
  const resolved: EngineOptions = { ...engine };
  if (typeof engine.gguf === 'string') resolved.gguf = new URL(engine.gguf, location.href).href;
  if (engine.wasmUrl !== undefined) resolved.wasmUrl = new URL(engine.wasmUrl, location.href).href;
  return resolved;
}

/** What the engine is doing before its first event arrives. */
function initialEngineStatus(engine: EngineOptions | undefined): EngineStatus {
  if (!engine) return { state: 'idle' };
  return typeof engine.gguf === 'string' ? { state: 'downloading', loaded: 0 } : { state: 'loading', source: 'file' };
}

/** Each option by its row's check (src/settings.ts), then what only the options together can say. */
function checkOptions(options: AgentOptions): void {
  if (typeof options !== 'object' || options === null) throw new TypeError('createAgent needs an options object.');
  checkSettings(options, 'createAgent');
  // A remote agent brings its own model.
  if (options.agui) return;
  if (!options.modelModule && !options.engine && (typeof options.baseURL !== 'string' || options.baseURL === '')) {
    throw new TypeError('createAgent: baseURL must be the URL of an OpenAI-compatible endpoint, e.g. "http://localhost:11434/v1" (or pass engine: { gguf } to run a model in the page).');
  }
  if (!options.engine && !options.modelModule && (typeof options.model !== 'string' || options.model === '')) throw new TypeError('createAgent: model must name a model, e.g. "qwen2.5:7b".');
  if (options.subAgents && options.tools?.some((t) => t.name === 'dispatch_agent')) throw new TypeError('createAgent: with subAgents, "dispatch_agent" is the built-in tool; rename your own tool of that name.');
  if (options.a2ui && options.tools?.some((t) => t.name === A2UI_TOOL_NAME)) throw new TypeError(`createAgent: with a2ui, "${A2UI_TOOL_NAME}" is the built-in tool; rename your own tool of that name.`);
}

/** Refuses, naming it, an option `configure` cannot change on a live agent. */
function checkLive(patch: ConfigureOptions): void {
  if (typeof patch !== 'object' || patch === null) throw new TypeError('configure(options) needs an options object.');
  for (const key of Object.keys(patch)) {
    if ((LIVE_KEYS as readonly string[]).includes(key)) continue;
    const known = Object.hasOwn(SETTING_ROWS, key);
    const hint = key === 'tools' ? 'use setTools(tools)' : key === 'thread' ? 'use agent.threads.open(id)' : known ? 'make a new agent' : `the options it takes: ${LIVE_KEYS.join(', ')}`;
    throw new TypeError(`configure: ${known ? `${key} cannot change on a live agent` : `unknown option "${key}"`}; ${hint}.`);
  }
}

/**
 * Creates an agent whose loop runs in a Web Worker.
 *
 * @example
 * const agent = createAgent({ baseURL: 'http://localhost:11434/v1', model: 'qwen2.5:7b', tools: [lookup] });
 * for await (const e of agent.send('Where is order 42?')) if (e.type === 'text') out.append(e.delta);
 */
export function createAgent(options: AgentOptions): Agent {
  checkOptions(options);
  // A copy: `configure` updates it, and the caller's object is theirs.
  const settings: AgentOptions = { ...options };
  // A model module needs no model name: it is named after its file (what traces and the module's createModel see).
  if (settings.modelModule && !settings.model) settings.model = settings.modelModule.split(/[?#]/)[0]!.split('/').pop()!.replace(/\.[^.]*$/, '') || 'model-module';
  const tools = settings.tools ?? [];
  const appContext = new AppContextStore();
  const listeners = new Set<(e: AgentEvent) => void>();
  const spanListeners = new Set<(span: TraceSpan) => void>();
  let current: RunStream | undefined;
  let engineStatus = initialEngineStatus(settings.engine);
  /** The state shared with a remote agent: from `state` events, and the stored thread's once the worker is up (unless one came first). */
  let sharedState: unknown;
  let stateHeard = false;
  // The page host the loop reaches, as it is (a Comlink proxy of it crosses at start).
  const toolHost = new PageToolHost({
    deliver: (events) => deliver(events),
    readContext: () => appContext.read(),
    spans: (spans) => spans.forEach((span) => spanListeners.forEach((listener) => safely(listener, span))),
    checkSurface: async (messages) => (await import('./a2ui/a2ui.js')).checkSurface(messages, settings.a2ui),
    // The same ids `render_a2ui` offers, without loading anything of A2UI.
    a2uiCapabilities: async () => capabilities(catalogIds(settings.a2ui)),
  });
  let webmcp: WebMcpLink | undefined;
  const toolSet = new ToolSet(tools, (list) => (assertToolSchemas(list), toolHost.setTools(list), webmcp?.toolsChanged()), (list) => tell(afterSchemas((remote) => remote.setTools(list.map(toDescriptor)))));

  /** Outside calls waiting for their `tool-result` to be delivered here (it and the call's reply travel on two ports). */
  const resultShown = new Map<string, () => void>();

  function deliver(events: AgentEvent[]): void {
    for (const raw of events) {
      const cancelled = afterCancel(raw, toolHost);
      const event = cancelled && toolHost.approvals.shown(cancelled);
      if (event?.type === 'tool-result') resultShown.get(event.callId)?.();
      if (event === undefined) continue;
      if (event.type === 'engine') engineStatus = event.status;
      if (event.type === 'state') [sharedState, stateHeard] = [event.state, true];
      // Noted before any answer to it can arrive (answers wait for the same promise).
      if (event.type === 'input-request') void toolHost.answers().then((answers) => answers.asked(event.callId, event.name));
      for (const listener of listeners) safely(listener, event);
      // A run given up as this one starts ends with a final of its own: not this run's.
      if (event.type === 'final' && event.runId !== undefined && event.runId !== current?.runId) continue;
      current?.push(event);
      if (event.type === 'final') current = undefined;
    }
  }

  // A2UI's tool (option `a2ui`): its offer is a small chunk the worker's start waits for; the official core and the check load on its first call.
  const a2ui = settings.a2ui ? import('./a2ui/a2ui-tool.js').then((m) => void toolSet.add(m.a2uiTool(settings.a2ui))) : undefined;
  // The settings, tools and host as they are at each start: a worker started in place of one that did not answer Stop is the same agent.
  const start = (entry: Comlink.Remote<AgentWorkerEntry>, stopped?: StoppedRun) => entry.start(toWorkerConfig(settings), toolSet.list.map(toDescriptor), Comlink.proxy(toolHost), stopped);
  // The running run still gets its one final event: an error when the worker crashed, cancelled on dispose.
  // An agent created with `engine` starts the worker that holds it (where the app imported `pageloop/engine`).
  const engineWorker = settings.engine !== undefined;
  const worker = new AgentWorkerSlot(() => spawnAgentWorker(engineWorker), async (entry, stopped) => (await a2ui, afterSchemas((e: Comlink.Remote<AgentWorkerEntry>) => start(e, stopped))(entry)), (why) => {
    toolHost.abortAll();
    toolHost.approvals.withdrawAll();
    webmcp?.dispose();
    if (!current) return;
    if (why.code === 'worker-crashed') {
      deliver(failedRun(why));
    } else {
      deliver([{ type: 'final', reason: 'cancelled', text: '' }]);
    }
  });
  // The agent's API, once the worker has set it up (its stored thread loaded).
  const ready: Promise<void> = worker.first.then(async (remote) => {
    const stored = await remote.sharedState();
    if (!stateHeard) sharedState = stored;
  });
  ready.catch(() => {});
  /** Calls the agent's API (the slot settles it also when the worker dies or is replaced). */
  const call: AgentWorkerCall = (invoke) => worker.call(invoke);

  /** Stop, made sure of: a worker that does not answer the cancel in time is replaced (agent-worker-slot.ts), the fresh one ending the run. */
  const stopRun = (run: RunStream): void => {
    const replaced = worker.stop(run.runId, settings.stopGraceMs ?? DEFAULT_STOP_GRACE_MS, () => current === run, Boolean(settings.thread), () => {
      toolHost.abortAll();
      toolHost.approvals.withdrawAll();
    });
    replaced.then(
      // A spans listener's wish is the worker's: the fresh one is told again.
      (remote) => void (remote && spanListeners.size > 0 && tell((r) => r.watchSpans(true))),
      (err: unknown) => void (current === run && deliver(failedRun(err))),
    );
  };

  webmcp = linkWebMcp(settings.webmcp, {
    toolHost,
    tools: () => toolSet.list,
    addTool: (tool) => toolSet.add(tool),
    // Answered once the call's card shows its result: a browser agent that acts on the answer finds the page in step.
    callWorker: async (callId, name, args) => {
      const shown = new Promise<void>((resolve) => resultShown.set(callId, resolve));
      try {
        const outcome = await call<OutsideOutcome>((remote) => remote.callFromOutside(callId, name, args));
        // Bounded: a result event that could not cross must not hold the answer.
        await Promise.race([shown, new Promise((resolve) => setTimeout(resolve, 2000))]);
        return outcome;
      } finally {
        resultShown.delete(callId);
      }
    },
    emit: (event) => deliver([event]),
  });

  const startRun = (start: (remote: Comlink.Remote<AgentWorkerApi>, runId: string) => Promise<FinalEvent>): Run => {
    const runId = crypto.randomUUID();
    const run = new RunStream(runId);
    if (worker.ended || current) {
      const text = worker.ended?.message ?? 'A run is already going; wait for it to end or cancel it first.';
      run.push({ type: 'final', reason: 'error', text });
      return run;
    }
    current = run;
    toolHost.acceptCalls();
    call(afterSchemas((remote) => start(remote, runId))).catch((err: unknown) => {
      // The worker could not run it at all (crashed, disposed, or a bug): still one final event.
      // A worker replaced after Stop: the fresh one ends the run.
      if (run.finished || (err instanceof WorkerEndedError && err.code === 'worker-restarted')) return;
      deliver(failedRun(err));
    });
    // A remote run's first request needs the page's gate and context: sent right behind the start, read as they go
    // (a cancel() since is in them), so the worker need not ask and wait while the page draws (src/agent/run-ahead.ts).
    if (settings.agui) tell(afterSchemas(async (remote) => remote.startAhead(runId, { mayStart: !toolHost.refusing && current === run, context: appContext.read() })));
    return run;
  };

  /** For calls whose answer nobody waits for: a failure has nowhere to go. */
  const tell = (invoke: (remote: Comlink.Remote<AgentWorkerApi>) => Promise<void>): void => {
    call(invoke).catch(() => {});
  };

  let memory: Memory | undefined;

  return {
    get memory() {
      // Opened on first use, so agents that never touch memory never load it.
      return (memory ??= memoryClient((invoke) => call((remote) => invoke(remote.memory)), settings.memory ?? {}, () => {}));
    },
    send: (text: string, options?: SendOptions) => {
      if (typeof text !== 'string') throw new TypeError('send(text) needs a string.');
      const checked = checkSendOptions(options, toolSet.list.map((t) => t.name));
      return startRun((remote, runId) => remote.send(runId, text, checked));
    },
    runWorkflow: (name: string, input?: string, options?: WorkflowRunOptions) => {
      const toolNames = toolSet.list.map((t) => t.name);
      checkWorkflowStart(settings.workflows, name, input, toolNames);
      const checked = checkWorkflowRunOptions(options, toolNames);
      return startRun((remote, runId) => remote.runWorkflow(runId, name, input, checked));
    },
    retry: () => startRun((remote, runId) => remote.retry(runId)),
    respond: (callId: string, answer: ApprovalAnswer) => {
      if (typeof answer !== 'object' || answer === null || typeof answer.approve !== 'boolean') {
        throw new TypeError('respond(callId, answer) needs an answer with approve: true or false.');
      }
      // Thrown here, to the caller: past this point postMessage would throw where nobody hears it.
      const why = answer.args === undefined ? undefined : outOfBounds(answer.args);
      if (why !== undefined) throw new TypeError(`respond(callId, answer): answer.args cannot be sent: ${why}.`);
      // Asked on this page: the answer is the reply the worker waits for.
      if (toolHost.approvals.answer(callId, answer)) return;
      // No run here: the answer is to an interrupted run's request, and resumes that run.
      if (!current && !worker.ended && !toolHost.isOutside(callId)) {
        startRun((remote, runId) => remote.resume(runId, { callId, answer }));
        return;
      }
      tell((remote) => remote.respond(callId, answer));
    },
    pending: (): Promise<ApprovalRequest[]> => call((remote) => remote.pending()),
    permissions: (): Promise<string[]> => call((remote) => remote.permissions()),
    trace: (runId?: string): Promise<ThreadTrace> => call((remote) => remote.trace(runId)),
    diagnose: (options?: DiagnoseOptions) => diagnoseThrough(call, options),
    keepSurfaceData: (callId: string, surfaceId: string, dataModel: Record<string, unknown>) => {
      if (typeof callId !== 'string' || typeof surfaceId !== 'string') throw new TypeError('keepSurfaceData(callId, surfaceId, dataModel) needs the call id and the surface id.');
      return call((remote) => remote.keepSurfaceData(callId, surfaceId, dataModel));
    },
    revokePermission: (tool: string) => {
      if (typeof tool !== 'string') throw new TypeError('revokePermission(tool) needs the tool name.');
      return call((remote) => remote.revokePermission(tool));
    },
    resume: () => startRun((remote, runId) => remote.resume(runId)),
    undo: (callId: string) => {
      if (typeof callId !== 'string') throw new TypeError('undo(callId) needs the id of a call.');
      return call((remote) => remote.undo(callId));
    },
    undoRun: (runId: string) => {
      if (typeof runId !== 'string') throw new TypeError('undoRun(runId) needs the id of a run.');
      return call((remote) => remote.undoRun(runId));
    },
    previewTargets: (callId: string) => toolHost.previewTargets(callId),
    cancel: () => {
      if (current) toolHost.refuseCalls();
      else toolHost.abortAll();
      if (current) stopRun(current);
    },
    onSpan: (listener: (span: TraceSpan) => void) => {
      if (typeof listener !== 'function') throw new TypeError('onSpan(listener) needs a function.');
      // The worker sends spans only while someone listens.
      if (spanListeners.add(listener).size === 1) tell((remote) => remote.watchSpans(true));
      return () => {
        if (spanListeners.delete(listener) && spanListeners.size === 0) tell((remote) => remote.watchSpans(false));
      };
    },
    on: (listener: (e: AgentEvent) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    messages: (): Promise<ChatMessage[]> => call((remote) => remote.messages()),
    prepareAttachments: async (inputs: AttachmentInput[]) => {
      const checked = checkAttachmentInputs(inputs, 'prepareAttachments(inputs)');
      return call((remote) => remote.attachments.prepare(checked));
    },
    attachment: async (id: string, options?: { original?: boolean }) => {
      if (typeof id !== 'string') throw new TypeError('attachment(id) needs the id of an attachment.');
      return call((remote) => remote.attachments.read(id, options?.original === true));
    },
    events: (): Promise<AgentEvent[]> => call((remote) => remote.events()),
    clear: () => call((remote) => remote.clear()),
    configure: (patch: ConfigureOptions) => {
      checkLive(patch);
      checkOptions({ ...settings, ...patch });
      Object.assign(settings, patch);
      const crossing: Partial<WorkerConfig> = withPageUrls(pickSettings<Partial<AgentOptions>, keyof WorkerConfig>(patch, WORKER_KEYS));
      if ('engine' in crossing) {
        crossing.engine = crossing.engine && engineForWorker(crossing.engine);
        engineStatus = initialEngineStatus(crossing.engine);
      }
      tell((remote) => remote.configure(crossing));
    },
    setTools: (next: Tool[]) => toolSet.replace(next),
    addTool: (tool: Tool) => toolSet.add(tool),
    removeTool: (name: string) => toolSet.remove(name),
    get tools() {
      return toolSet.list;
    },
    // Loaded on first answer: most pages never have a tool that waits for the user.
    answer: async (callId: string, value: unknown) =>
      (await import('./user-answers.js')).answerCall(toolHost, callId, value, {
        idle: () => !current && !worker.ended,
        events: () => call((remote) => remote.events()),
        resume: () => startRun((remote, runId) => remote.resume(runId)),
      }),
    context: appContext,
    get state() {
      return sharedState;
    },
    setState: (state: unknown) => {
      let copy: unknown;
      let why = outOfBounds(state);
      try {
        copy = structuredClone(state);
      } catch (err) {
        why = String(err);
      }
      if (why !== undefined) throw new TypeError(`setState: the state cannot be sent (${why}).`);
      [sharedState, stateHeard] = [copy, true];
      tell((remote) => remote.setState(state));
    },
    engine: { status: () => engineStatus },
    webmcp,
    ready,
    get running() {
      return current !== undefined;
    },
    // What the worker has not stored yet (a setState a moment ago, say) is written before it ends.
    dispose: () => worker.dispose('The agent was disposed.', (remote) => remote.save()),
    threads: threadsClient((invoke) => call(invoke), (id) => {
      settings.thread = id;
    }),
    mcp: mcpClient((invoke) => call(invoke), (callId) => toolHost.admitOutside(callId)),
  };
}
