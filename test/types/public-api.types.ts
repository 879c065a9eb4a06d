// Type tests of the public API: `tsc` checks this file (`npm run typecheck`
// compiles test/ with tsconfig.json), and it is never run. Each assertion says
// the public types are what README.md says; each `@ts-expect-error` says a
// wrong use is a compile error — if it ever compiles, tsc reports the unused
// directive and the typecheck fails.
import {
  PageloopError,
  createAgent,
  defineTool,
  type Agent,
  type AgentEvent,
  type AgentOptions,
  type ConfigureOptions,
  type ContextEvent,
  type ErrorCode,
  type FinalEvent,
  type FinalReason,
  type PlanTask,
  type PlanTaskStatus,
  type Run,
  type SendOptions,
  type ThreadFile,
  type Threads,
  type ThreadSummary,
  type Tool,
  type ToolChoice,
  type ToolFormat,
  type ToolKind,
  type ToolResultStatus,
  type WorkerToolSpec,
  type WorkflowRunOptions,
  type WorkflowTemplate,
} from '../../src/index.js';
import type { AgentChat } from '../../components/agent-chat.js';
import { z } from 'zod';

/** True when A and B are the same type (not merely assignable either way). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compiles only when given `true`. */
function expectType<T extends true>(): T | void {}
/** A value of type T, for expressions the checker only reads. */
declare function value<T>(): T;

// --- createAgent and AgentOptions -------------------------------------------------------------

expectType<Equal<ReturnType<typeof createAgent>, Agent>>();
expectType<Equal<Parameters<typeof createAgent>[0], AgentOptions>>();
createAgent({ baseURL: 'http://localhost:11434/v1', model: 'qwen2.5:7b', maxIterations: 5, temperature: 0.2, nudge: false });
createAgent({ engine: { gguf: '/models/m.gguf', temperature: 0 } });
// @ts-expect-error — maxIterations is a number
createAgent({ baseURL: '/v1', model: 'm', maxIterations: '5' });
// @ts-expect-error — toolProtocol is 'auto' | 'native' | 'text'
createAgent({ baseURL: '/v1', model: 'm', toolProtocol: 'json' });
// @ts-expect-error — approval is 'ask' | 'auto'
createAgent({ baseURL: '/v1', model: 'm', approval: 'always' });
// @ts-expect-error — a misspelt option is no option
createAgent({ baseURL: '/v1', model: 'm', maxIteration: 5 });
expectType<Equal<AgentOptions['planning'], boolean | 'first' | undefined>>();
expectType<Equal<AgentOptions['workflows'], Record<string, WorkflowTemplate> | undefined>>();
expectType<Equal<AgentOptions['toolFormat'], ToolFormat | undefined>>();
expectType<Equal<AgentOptions['tools'], Tool[] | undefined>>();

// --- configure takes the live options only ----------------------------------------------------

declare const agent: Agent;
expectType<Equal<Parameters<Agent['configure']>[0], ConfigureOptions>>();
agent.configure({ model: 'other', timeoutMs: 30_000, temperature: 1, engine: { gguf: '/m.gguf' } });
// @ts-expect-error — the thread changes with agent.threads.open(id)
agent.configure({ thread: 't' });
// @ts-expect-error — tools change with setTools
agent.configure({ tools: [] });
// @ts-expect-error — a model module needs a new agent
agent.configure({ modelModule: '/m.js' });
expectType<Equal<keyof ConfigureOptions, Exclude<keyof AgentOptions, 'tools' | 'thread' | 'modelModule' | 'memory' | 'webmcp' | 'mcp' | 'a2ui'>>>();

// --- send, runs and events --------------------------------------------------------------------

expectType<Equal<Parameters<Agent['send']>, [text: string, options?: SendOptions]>>();
expectType<Equal<ReturnType<Agent['send']>, Run>>();
expectType<Equal<Run['done'], Promise<FinalEvent>>>();
expectType<Equal<Parameters<Agent['runWorkflow']>[2], WorkflowRunOptions | undefined>>();
expectType<Equal<WorkflowRunOptions, Omit<SendOptions, 'tools'>>>();
expectType<Equal<ToolChoice, 'auto' | 'none' | 'required' | { name: string }>>();
agent.send('hi', { toolChoice: { name: 'lookup' }, tools: ['lookup'], maxIterations: 2 });
// @ts-expect-error — toolChoice is 'auto' | 'none' | 'required' | { name }
agent.send('hi', { toolChoice: 'always' });

expectType<Equal<FinalReason, 'answer' | 'task_complete' | 'ask_question' | 'converse' | 'max_iterations' | 'cancelled' | 'error' | 'interrupted'>>();
expectType<Equal<ToolResultStatus, 'ok' | 'error' | 'denied' | 'cancelled' | 'interrupted'>>();
expectType<Equal<PlanTaskStatus, 'pending' | 'in_progress' | 'completed' | 'failed' | 'blocked'>>();
expectType<Equal<PlanTask['status'], PlanTaskStatus>>();
expectType<Equal<ContextEvent['action'], 'folded' | 'dropped' | 'cut'>>();

/** Each event's fields, as the README's table of events names them. */
function onEvent(e: AgentEvent): void {
  if (e.type === 'text') expectType<Equal<typeof e.delta, string>>();
  if (e.type === 'final') expectType<Equal<typeof e.reason, FinalReason>>();
  if (e.type === 'error') expectType<Equal<typeof e.retryable, boolean>>();
  if (e.type === 'plan') expectType<Equal<typeof e.tasks, PlanTask[]>>();
  if (e.type === 'context') expectType<Equal<typeof e, ContextEvent>>();
  if (e.type === 'sub-agent') expectType<Equal<typeof e.parentCallId, string>>();
  // @ts-expect-error — no event is of this type
  if (e.type === 'token') return;
}
agent.on(onEvent);

// --- threads ----------------------------------------------------------------------------------

expectType<Equal<Agent['threads'], Threads>>();
expectType<Equal<ReturnType<Threads['list']>, Promise<ThreadSummary[]>>>();
expectType<Equal<Parameters<Threads['import']>[0], string | ThreadFile>>();
expectType<Equal<ThreadFile['format'], 'pageloop-thread'>>();

// --- tools ------------------------------------------------------------------------------------

const lookup = defineTool({
  name: 'lookup',
  description: 'Looks up an order.',
  parameters: z.object({ id: z.string() }),
  execute: ({ id }) => ({ id, status: 'shipped' }),
});
expectType<Equal<Parameters<typeof lookup.execute>[0], { id: string }>>();
expectType<Equal<Tool['kind'], ToolKind>>();
expectType<Equal<ToolKind, 'page' | 'worker'>>();
expectType<Equal<Tool['worker'], WorkerToolSpec | undefined>>();
agent.setTools([lookup]);

// --- errors -----------------------------------------------------------------------------------

const error = value<PageloopError>();
expectType<Equal<typeof error.code, ErrorCode>>();
expectType<Equal<typeof error.retryable, boolean>>();

// --- <agent-chat>: an option's attribute is also a typed property ----------------------------

const chat = value<AgentChat>();
expectType<Equal<typeof chat.baseUrl, string | undefined>>();
expectType<Equal<typeof chat.maxIterations, number | undefined>>();
expectType<Equal<typeof chat.temperature, number | undefined>>();
expectType<Equal<typeof chat.tools, Tool[]>>();
// @ts-expect-error — maxIterations is a number
chat.maxIterations = '3';
// @ts-expect-error — the endpoint property is baseUrl (attribute base-url), not baseURL
chat.baseURL = '/v1';
