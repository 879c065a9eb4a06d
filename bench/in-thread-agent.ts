/**
 * An `Agent` whose loop runs on the main thread: the same `AgentSession`,
 * `PageToolHost` and `RunStream` the worker build uses, with the worker and
 * Comlink taken out. It is the baseline of the long-task benchmark (plugged
 * into `<agent-chat>` through its `createAgent` hook) and is not a product:
 * no memory, no thread store, events delivered one by one as emitted.
 */
import { AppContextStore } from '../src/page/app-context-store.js';
import { AgentSession } from '../src/agent/agent-session.js';
import { PageToolHost } from '../src/page/page-tool-host.js';
import { RunStream } from '../src/page/run-stream.js';
import { toDescriptor } from '../src/page/create-agent.js';
import type { ChatModel } from '../src/model/chat-model.js';
import type { Agent, AgentEvent, AgentOptions, Run } from '../src/types.js';
import type { Memory } from '../src/memory-types.js';

/** Makes an in-thread agent that takes its model from `model` instead of a `modelModule`. */
export function inThreadAgent(options: AgentOptions, model: () => ChatModel | Promise<ChatModel>): Agent {
  const { tools = [], ...config } = options;
  const page = new PageToolHost();
  page.setTools(tools);
  const listeners = new Set<(e: AgentEvent) => void>();
  let current: RunStream | undefined;
  const session = new AgentSession({ ...config, baseURL: config.baseURL ?? '', model: config.model ?? '' }, tools.map(toDescriptor), {
    host: {
      emit: (events) => {
        for (const event of events) {
          for (const listener of listeners) listener(event);
          current?.push(event);
        }
      },
      checkTool: (name, args) => page.checkTool(name, args),
      runTool: (name, args, callId) => page.runTool(name, args, callId),
      abortTool: (callId) => page.abortTool(callId),
    },
    createModel: () => model(),
  });
  const start = (begin: (runId: string) => Promise<unknown>): Run => {
    const run = new RunStream(crypto.randomUUID());
    current = run;
    void begin(run.runId).finally(() => {
      if (current === run) current = undefined;
    });
    return run;
  };
  const noMemory = (): never => {
    throw new Error('The in-thread bench agent has no memory.');
  };
  return {
    send: (text, options) => start((runId) => session.send(runId, text, options)),
    runWorkflow: (name, input, options) => start((runId) => session.runWorkflow(runId, name, input, options)),
    retry: () => start((runId) => session.retry(runId)),
    events: async () => session.events(),
    engine: { status: () => ({ state: 'idle' }) },
    get state() {
      return session.sharedState();
    },
    setState: (state: unknown) => session.setState(state),
    webmcp: { status: () => ({ state: 'off', exposed: [], consumed: [] }), ready: Promise.resolve({ state: 'off', exposed: [], consumed: [] }) },
    mcp: { status: async () => [], reconnect: noMemory, prompts: async () => [], getPrompt: noMemory, resources: async () => [], readResource: noMemory, signOut: noMemory, answerElicitation: noMemory, appResource: noMemory, callAppTool: noMemory },
    respond: (callId, answer) => session.respond(callId, answer),
    pending: async () => session.pending(),
    undo: (callId) => session.undo(callId),
    undoRun: (runId) => session.undoRun(runId),
    previewTargets: () => [],
    permissions: async () => session.permissions(),
    trace: async (runId?: string) => session.trace(runId),
    // Spans stay in the session: nothing on this side listens.
    onSpan: () => () => {},
    diagnose: async () => {
      throw new Error('The in-thread bench agent has no doctor.');
    },
    revokePermission: (tool) => session.revokePermission(tool),
    keepSurfaceData: async (callId, surfaceId, dataModel) => session.keepSurfaceData(callId, surfaceId, dataModel),
    resume: () => start((runId) => session.resume(runId)),
    cancel: () => {
      page.abortAll();
      session.cancel();
    },
    on: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    messages: async () => session.messages(),
    prepareAttachments: async (inputs) => session.files.prepare(inputs),
    attachment: async (id, options) => session.files.read(id, options?.original === true),
    clear: () => session.clear(),
    configure: (patch) => session.configure(patch),
    setTools: (next) => {
      page.setTools(next);
      session.setTools(next.map(toDescriptor));
    },
    addTool: () => {
      throw new Error('The in-thread bench agent takes its tools from setTools.');
    },
    removeTool: () => false,
    tools: [],
    answer: async (callId, value) => (await page.answers()).answer(callId, value),
    context: new AppContextStore(),
    get memory(): Memory {
      return noMemory();
    },
    get threads(): Agent['threads'] {
      throw new Error('The in-thread bench agent has no thread store.');
    },
    ready: Promise.resolve(),
    get running() {
      return current !== undefined;
    },
    dispose: () => session.cancel(),
  };
}
