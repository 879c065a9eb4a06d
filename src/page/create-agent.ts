/**
 * `createAgent`: the page's handle on an agent whose loop runs in a Web
 * Worker. The page keeps what must stay on the page — its tools, their abort
 * signals, the listeners — and every promise it hands out settles, also when
 * the worker dies or is disposed.
 */
import * as Comlink from 'comlink';
import type { Agent, AgentEvent, AgentOptions, ApprovalAnswer, ChatMessage, FinalEvent, Run, Tool } from '../types.js';
import type { PageHost, ToolDescriptor, WorkerApi, WorkerConfig } from '../protocol.js';
import { abortError } from '../errors.js';
import { PageToolHost } from './page-tool-host.js';
import { RunStream } from './run-stream.js';
import { spawnAgentWorker } from './spawn-worker.js';
import { memoryClient } from '../memory/create-memory.js';
import type { Memory } from '../memory/types.js';
import type { MemoryWorkerApi } from '../memory/memory-protocol.js';

/** The form of a tool the worker needs: everything but its closures. */
export function toDescriptor(tool: Tool): ToolDescriptor {
  const rule = tool.needsApproval;
  const approval = typeof rule === 'function' ? 'dynamic' : rule ? 'always' : 'never';
  const descriptor: ToolDescriptor = { name: tool.name, description: tool.description, parameters: tool.parameters, kind: tool.kind, approval };
  if (tool.worker) descriptor.worker = tool.worker;
  return descriptor;
}

function checkOptions(options: AgentOptions): void {
  if (typeof options !== 'object' || options === null) throw new TypeError('createAgent needs an options object.');
  if (!options.modelModule && (typeof options.baseURL !== 'string' || options.baseURL === '')) {
    throw new TypeError('createAgent: baseURL must be the URL of an OpenAI-compatible endpoint, e.g. "http://localhost:11434/v1".');
  }
  if (typeof options.model !== 'string' || options.model === '') throw new TypeError('createAgent: model must name a model, e.g. "qwen2.5:7b".');
  const max = options.maxIterations;
  if (max !== undefined && (!Number.isInteger(max) || max < 1)) throw new TypeError('createAgent: maxIterations must be a whole number of at least 1.');
  if (options.toolProtocol !== undefined && !['auto', 'native', 'text'].includes(options.toolProtocol)) {
    throw new TypeError('createAgent: toolProtocol must be "auto", "native" or "text".');
  }
  if (options.approval !== undefined && !['ask', 'auto'].includes(options.approval)) throw new TypeError('createAgent: approval must be "ask" or "auto".');
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
  const { tools = [], ...config } = settings;
  const toolHost = new PageToolHost();
  toolHost.setTools(tools);
  const listeners = new Set<(e: AgentEvent) => void>();
  const pending = new Set<(err: unknown) => void>();
  let current: RunStream | undefined;
  let dead: string | undefined;

  const worker = spawnAgentWorker();
  const remote = Comlink.wrap<WorkerApi>(worker);

  const deliver = (events: AgentEvent[]) => {
    for (const event of events) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (err) {
          // One faulty listener must not starve the others or the run.
          queueMicrotask(() => {
            throw err;
          });
        }
      }
      current?.push(event);
      if (event.type === 'final') current = undefined;
    }
  };

  const host: PageHost = {
    emit: deliver,
    prepareTool: (name, args) => toolHost.prepareTool(name, args),
    runTool: (name, args, callId) => toolHost.runTool(name, args, callId),
    abortTool: (callId) => toolHost.abortTool(callId),
  };

  /**
   * Calls the worker; the promise settles with an AbortError if the worker
   * dies or is disposed first (Comlink alone would leave it pending forever).
   */
  const call = <T>(start: () => Promise<T>): Promise<T> => {
    if (dead) return Promise.reject(abortError(dead));
    return new Promise<T>((resolve, reject) => {
      pending.add(reject);
      start().then(resolve, reject).finally(() => pending.delete(reject));
    });
  };

  const die = (reason: string, final: FinalEvent) => {
    if (dead) return;
    dead = reason;
    toolHost.abortAll();
    if (current) {
      if (final.reason === 'error') deliver([{ type: 'error', message: reason, retryable: false, code: 'worker-crashed' }]);
      deliver([final]);
    }
    for (const reject of pending) reject(abortError(reason));
    pending.clear();
    worker.terminate();
    remote[Comlink.releaseProxy]();
  };

  worker.addEventListener('error', (e: ErrorEvent) => {
    e.preventDefault();
    const why = e.message ? `: ${e.message}` : ' (the worker script failed to load or crashed)';
    die(`The agent's worker stopped${why}`, { type: 'final', reason: 'error', text: `The agent's worker stopped${why}` });
  });

  const workerConfig: WorkerConfig = config;
  const ready = call(() => remote.init(workerConfig, tools.map(toDescriptor), Comlink.proxy(host)));
  ready.catch(() => {});

  const startRun = (start: (runId: string) => Promise<FinalEvent>): Run => {
    const runId = crypto.randomUUID();
    const run = new RunStream(runId);
    if (dead || current) {
      const text = dead ?? 'A run is already going; wait for it to end or cancel it first.';
      run.push({ type: 'final', reason: 'error', text });
      return run;
    }
    current = run;
    call(() => ready.then(() => start(runId))).catch((err: unknown) => {
      // The worker could not run it at all (crashed, disposed, or a bug): still one final event.
      if (run.finished) return;
      const message = err instanceof Error ? err.message : String(err);
      deliver([{ type: 'error', message, retryable: false }, { type: 'final', reason: 'error', text: message }]);
    });
    return run;
  };

  let memory: Memory | undefined;

  return {
    get memory() {
      // Opened on first use, so agents that never touch memory never load it.
      // Comlink types a nested object as a Promise of it, but its proxy also forwards
      // method calls along the path (`remote.memory.add(…)`), which is what we use.
      const api = remote.memory as unknown as MemoryWorkerApi;
      return (memory ??= memoryClient(api, settings.memory ?? {}, call, () => {}));
    },
    send: (text: string) => {
      if (typeof text !== 'string') throw new TypeError('send(text) needs a string.');
      return startRun((runId) => remote.send(runId, text));
    },
    retry: () => startRun((runId) => remote.retry(runId)),
    respond: (callId: string, answer: ApprovalAnswer) => {
      if (typeof answer !== 'object' || answer === null || typeof answer.approve !== 'boolean') {
        throw new TypeError('respond(callId, answer) needs an answer with approve: true or false.');
      }
      void call(() => remote.respond(callId, answer)).catch(() => {});
    },
    cancel: () => {
      toolHost.abortAll();
      if (current) {
        const runId = current.runId;
        void call(() => remote.cancel(runId)).catch(() => {});
      }
    },
    on: (listener: (e: AgentEvent) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    messages: (): Promise<ChatMessage[]> => call(() => remote.messages()),
    events: (): Promise<AgentEvent[]> => call(() => remote.events()),
    clear: () => call(() => remote.clear()),
    configure: (patch) => {
      checkOptions({ ...settings, ...patch });
      Object.assign(settings, patch);
      void call(() => remote.configure(patch)).catch(() => {});
    },
    setTools: (next: Tool[]) => {
      toolHost.setTools(next);
      void call(() => remote.setTools(next.map(toDescriptor))).catch(() => {});
    },
    ready,
    get running() {
      return current !== undefined;
    },
    dispose: () => die('The agent was disposed.', { type: 'final', reason: 'cancelled', text: '' }),
  };
}
