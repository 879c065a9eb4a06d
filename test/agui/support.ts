/**
 * What the AG-UI client's tests share: scripts for the test runner's own
 * AG-UI server (test/support/agui-servers.js), the real frameworks'
 * endpoints, and agents that answer approvals as told.
 */
import { z } from 'zod';
import { createAgent } from '../../src/page/create-agent.js';
import { defineTool } from '../../src/tools/define-tool.js';
import type { Agent, AgentEvent, AgentOptions, AgUiOptions } from '../../src/types.js';
import { mockEndpoint, type MockScript } from '../../src/testing/index.js';

/** One scripted run of the test server: AG-UI events, or an HTTP answer, a cut, a hang. */
export interface ScriptedRun {
  events?: Record<string, unknown>[];
  delayMs?: number;
  status?: number;
  body?: string;
  contentType?: string;
  hang?: boolean;
  cut?: boolean;
  repeat?: number;
  /** Answer SSE whatever the request accepts (a server without the protobuf transport). */
  sse?: boolean;
}

/** What a server received for one run. */
export interface Received {
  input: {
    threadId: string;
    runId: string;
    messages: Array<Record<string, unknown> & { id: string; role: string }>;
    tools: Array<{ name: string; description: string; parameters?: unknown }>;
    context: Array<{ description: string; value: string }>;
    state?: unknown;
    forwardedProps?: unknown;
    resume?: Array<{ interruptId: string; status: string; payload?: unknown }>;
    protocolVersion?: string;
  };
  authorization?: string;
  cookie?: string;
  closedEarly?: boolean;
  /** The request's Accept header, the answer's content type and its first bytes (base64), as the scripted server sent them. */
  accept?: string;
  contentType?: string;
  wire?: string;
  /** A framework's run is over (CopilotKit's runtime runs on after its client goes, until its model is done). */
  ended?: boolean;
}

/** A script on the test server: its same-origin URL, the same on another origin, and what it received. */
export async function aguiScript(runs: ScriptedRun[], options: { noCors?: boolean } = {}): Promise<{ url: string; crossOrigin: string; log(): Promise<Received[]> }> {
  const made = (await (await fetch('/__agui/scripts', { method: 'POST', body: JSON.stringify({ runs, ...options }) })).json()) as { url: string; crossOrigin: string; log: string };
  return { url: made.url, crossOrigin: made.crossOrigin, log: async () => (await fetch(made.log)).json() };
}

/** A run's events: started, the given ones, finished (with `outcome` when given). */
export function run(events: Record<string, unknown>[], finished: Record<string, unknown> = {}): ScriptedRun {
  return { events: [{ type: 'RUN_STARTED' }, ...events, { type: 'RUN_FINISHED', ...finished }] };
}

/** A streamed assistant message. */
export function text(messageId: string, ...deltas: string[]): Record<string, unknown>[] {
  return [{ type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' }, ...deltas.map((delta) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta })), { type: 'TEXT_MESSAGE_END', messageId }];
}

/** A streamed tool call. */
export function toolCall(toolCallId: string, name: string, args: unknown, parentMessageId?: string): Record<string, unknown>[] {
  return [{ type: 'TOOL_CALL_START', toolCallId, toolCallName: name, ...(parentMessageId ? { parentMessageId } : {}) }, { type: 'TOOL_CALL_ARGS', toolCallId, delta: JSON.stringify(args) }, { type: 'TOOL_CALL_END', toolCallId }];
}

/** A framework's AG-UI endpoint whose model plays `script`, and what the framework and its model received. */
export async function framework(name: 'mastra' | 'copilotkit', script: MockScript) {
  const mock = await mockEndpoint(script);
  const id = /\/__mock\/([^/]+)\/v1$/.exec(mock.baseURL)![1]!;
  const base = `/__agui/framework/${name}/${id}`;
  return {
    url: name === 'mastra' ? `${base}/run` : `${base}/agent/default/run`,
    received: async () => (await (await fetch(`${base}/log`)).json()) as Received[],
    model: mock.log,
  };
}

/** A message of a request the framework's model received (OpenAI's chat form). */
export type ModelMessage = { role: string; content?: unknown; tool_call_id?: string; tool_calls?: Array<{ id: string; function: { name: string } }> };
/** The messages of a request the model received. */
export const modelMessages = (body: unknown) => (body as { messages: ModelMessage[] }).messages;
/** The tool names of a request the model received. */
export const modelTools = (body: unknown) => ((body as { tools?: Array<{ function: { name: string } }> }).tools ?? []).map((t) => t.function.name);

// The AG-UI client is a chunk of its own that the worker loads with the first run; the dev server
// transforms it (and @ag-ui/client's dependencies) unbundled on first request, which on a loaded
// machine can take longer than a test. Load it once here first, so no test's time includes that.
before(async function () {
  this.timeout(240_000);
  await import('../../src/worker/agui/index.js');
});

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

/** An agent on the AG-UI endpoint `agui`, its events collected; approvals answered by `approve` (default: approve). */
export function remoteAgent(agui: AgUiOptions, options: Partial<AgentOptions> & { answer?: (request: { callId: string; name: string; args: unknown }) => Parameters<Agent['respond']>[1] | undefined } = {}) {
  const { answer, ...rest } = options;
  const agent = createAgent({ agui, ...rest });
  agents.push(agent);
  const events: AgentEvent[] = [];
  agent.on((e) => {
    events.push(e);
    if (e.type === 'approval-request') {
      for (const r of e.requests) {
        const reply = answer ? answer(r) : { approve: true };
        if (reply) agent.respond(r.callId, reply);
      }
    }
  });
  return { agent, events };
}

/** The events of one type. */
export function ofType<T extends AgentEvent['type']>(events: readonly AgentEvent[], type: T): Extract<AgentEvent, { type: T }>[] {
  return events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);
}

/** Resolves once `test` holds, or fails after `ms`. */
export async function until(test: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A page tool that records its calls; `needsApproval` as given. */
export function pageTool(needsApproval: boolean, seen: unknown[]) {
  return defineTool({
    name: 'add_to_cart',
    description: 'Adds an item to the cart',
    parameters: z.object({ item: z.string(), qty: z.number() }),
    needsApproval,
    execute: async (args) => {
      seen.push(args);
      return { added: args.item, qty: args.qty };
    },
  });
}
