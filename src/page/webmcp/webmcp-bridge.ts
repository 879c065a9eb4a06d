/**
 * WebMCP for one agent, both ways (option `webmcp`): the lazy chunk's entry.
 * It finds the page's `ModelContext`, then exposes the agent's page tools
 * (`expose`) and offers the agent the page's other WebMCP tools (`consume`),
 * telling the link each change of state. Where the browser has no WebMCP it
 * does nothing but say so.
 */
import type { Tool } from '../../tool-types.js';
import type { WebMcpOptions } from '../../option-types.js';
import type { WebMcpProblem, WebMcpStatus } from '../../agent-events.js';
import type { OutsideOutcome } from '../../protocol/agent.js';
import type { PageToolHost } from '../page-tool-host.js';
import { findModelContext } from './model-context.js';
import { WebMcpExposer } from './webmcp-expose.js';
import { WebMcpConsumer, type ConsumerHost } from './webmcp-consume.js';
import { failed, problemNotice } from './webmcp-problem.js';

/** What the bridge needs of the agent. */
export interface WebMcpAgentSide {
  /** The agent's tools now. */
  tools(): readonly Tool[];
  /** Adds a tool to the agent; returns its removal; throws when the name is taken. */
  addTool(tool: Tool): () => void;
  /** `defineTool` (handed in: see ConsumerHost). */
  defineTool: ConsumerHost['defineTool'];
  /** `toolSchemasReady` (handed in, like `defineTool`): settles once every tool's JSON Schema is written. */
  schemasReady(): Promise<void>;
  /** The page's tool host: it knows a browser agent's call ids, so a run's cancel leaves them be. */
  toolHost: Pick<PageToolHost, 'admitOutside'>;
  /** Asks the worker to run a browser agent's call through the agent's approvals (`AgentWorkerApi.callFromOutside`). */
  callWorker(callId: string, name: string, args: unknown): Promise<OutsideOutcome>;
  /** Each new status. */
  report(status: WebMcpStatus): void;
}

/** A running bridge: `toolsChanged` after every change of the agent's tools; `dispose` takes everything back. */
export interface WebMcpBridge {
  toolsChanged(): Promise<void>;
  dispose(): void;
}

/** Starts WebMCP for an agent; resolves once its tools are registered and the page's others offered (or it is clear why not). */
export async function startWebMcp(options: WebMcpOptions, agent: WebMcpAgentSide): Promise<WebMcpBridge> {
  const found = findModelContext();
  if (!found) {
    const message = 'this browser has no WebMCP (document.modelContext), so no tools are shared with browser agents or taken from the page.';
    agent.report({ state: 'unavailable', exposed: [], consumed: [], message, notices: [{ text: `WebMCP: ${message}`, said: ['noticeWebmcpUnavailable'] }] });
    return { toolsChanged: async () => {}, dispose: () => {} };
  }
  const exposer = options.expose ? new WebMcpExposer(found.context, (name, args) => callFromOutside(agent, name, args)) : undefined;
  const consumed = new Set<string>();
  const consumer = options.consume ? new WebMcpConsumer(found.context, { own: (name) => exposer?.names.includes(name) ?? false, add: (tool) => add(tool), defineTool: agent.defineTool }) : undefined;
  // A consumed tool is the page's, not the agent's: it is never exposed back.
  const add = (tool: Tool) => {
    consumed.add(tool.name);
    const remove = agent.addTool(tool);
    return () => {
      consumed.delete(tool.name);
      remove();
    };
  };
  // The last problems of each side; a status says both.
  let exposing: WebMcpProblem[] = [];
  let consuming: WebMcpProblem[] = [];
  const report = () => {
    const problems = [...exposing, ...consuming];
    agent.report({
      state: problems.length ? 'error' : 'ready',
      api: found.api,
      exposed: exposer?.names ?? [],
      consumed: consumer?.names ?? [],
      ...(problems.length ? { message: problems.map((p) => p.message).join('; '), problems, notices: problems.map(problemNotice) } : {}),
    });
  };
  const expose = async () => {
    if (!exposer) return;
    // A zod-mini tool's JSON Schema (its inputSchema) is written once the converter has loaded.
    const unwritten = await agent.schemasReady().then(() => undefined, failed);
    exposing = unwritten ? [unwritten] : await exposer.sync(agent.tools().filter((t) => exposable(t) && !consumed.has(t.name)));
  };
  await expose();
  if (consumer) {
    consumer.onRefreshed = (problems) => ((consuming = problems), report());
    await consumer.refresh();
  } else report();
  return {
    toolsChanged: async () => {
      if (!exposer) return;
      await expose();
      report();
    },
    dispose: () => {
      exposer?.dispose();
      consumer?.dispose();
    },
  };
}

/** A browser agent's call, run by the worker through the agent's approvals: the tool's result, or a rejection saying why not (denied, failed, cancelled). */
async function callFromOutside(agent: WebMcpAgentSide, name: string, args: unknown): Promise<unknown> {
  const callId = crypto.randomUUID();
  const admitted = agent.toolHost.admitOutside(callId);
  try {
    const outcome = await agent.callWorker(callId, name, args);
    if (outcome.status === 'ok') return outcome.result;
    throw new Error(outcome.error);
  } finally {
    admitted.done();
  }
}

/** A page tool a browser agent can call: it runs on the page and does not wait for the user's own answer. */
function exposable(tool: Tool): boolean {
  return tool.kind === 'page' && !tool.awaitsUser;
}
