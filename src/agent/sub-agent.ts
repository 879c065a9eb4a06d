/**
 * Read-only sub-agents (option `subAgents`): each `dispatch_agent {task}`
 * call runs a child loop — the same `runLoop`, in the same worker — on a
 * history of just its task. The invariants:
 * - a child is offered ONLY the read-only tools that need no approval
 *   (`ToolRegistry.readOnlyView`), never `dispatch_agent` (no recursion) and
 *   never a write tool the parent has, so it never waits for a user;
 * - a child runs on the parent's AbortSignal, so cancelling the parent
 *   cancels every child at once;
 * - whatever a child comes to (answer, model error, budget spent, cancel) is
 *   exactly one settled result of the parent's call, never a throw; the
 *   child's history stays its own — only its final text reaches the parent's;
 * - a child's events reach the page wrapped as `sub-agent` events under the
 *   parent's call id, so no child `final` can end the parent's run;
 * - the calls of one turn run at the same time;
 * - a child that read outside content (an `untrustedOutput` tool) hands back
 *   an answer marked untrusted, and makes the parent's policy distrust, as the
 *   tool itself would have.
 *
 * Mixed mode (`subAgents.agui`): the child is a remote AG-UI agent instead
 * of a loop in this worker — the same remote loop option `agui` uses, on a
 * server thread of its own per task, offered the same read-only tools as
 * frontend tools — and every invariant above holds for it too. The answer
 * of a remote agent is content from outside the page, so it comes back
 * marked untrusted.
 */
import { PageloopError, errorMessage } from '../errors.js';
import { abortable } from '../abortable.js';
import type { AgentEvent, FinalEvent, SubAgentOptions } from '../types.js';
import type { ToolCall, ToolCallingModel } from '../model/loop-door.js';
import { ApprovalGate } from './calls/index.js';
import { ApprovalPolicy } from './calls/index.js';
import { runLoop } from './run-loop.js';
import type { SubAgentDispatch } from './loop-parts.js';
import type { TurnContext } from './calls/index.js';
import type { TurnOverrides } from './run-overrides.js';
import { resultEvent, settled, type SettledCall } from './calls/index.js';
import { markUntrusted } from '../untrusted-content.js';
import type { RemoteLoader } from './remote-loop.js';
import { RemoteThread } from './remote-thread.js';

/** A child's budget of model calls when the options give none. */
export const DEFAULT_SUB_AGENT_ITERATIONS = 5;

/** What a child is told when the options give no system prompt. */
export const SUB_AGENT_PROMPT = `You are a helper agent. Another agent gave you one task; you cannot talk to the user.
Your tools only read: use them to find what the task asks. Do not guess.
When you know the answer, reply with it in full and concisely (or call task_complete with it): it goes back to the agent that asked.`;

/** What a dispatch needs from the session that hosts it. */
export interface SubAgentHost {
  /** The model a child talks to (the agent's, or `subAgents.model` on the same endpoint). */
  model(): Promise<Pick<ToolCallingModel, 'turn'>>;
  /** Loads the remote loop, for children on a remote agent (`subAgents.agui`); absent where no worker hosts the session. */
  remote?: RemoteLoader;
  /** Asked before each request a remote child sends: false once the page cancelled the run. */
  mayStart?(signal: AbortSignal): Promise<boolean>;
}

/**
 * What a dispatch uses of the parent's run: where events go, its signal, its
 * gate, its tools (a run limited to some tools — `send(text, { tools })`, a
 * workflow's — gives its children only the read-only ones among them) and its
 * per-send model, which children follow unless `subAgents.model` names one.
 */
type Parent = Pick<TurnContext, 'emit' | 'signal' | 'policy' | 'trustToolOutput' | 'registry'> & { turn?: TurnOverrides };

/** Runs the `dispatch_agent` calls of a run (`RunContext.subAgents`). */
export class SubAgents implements SubAgentDispatch {
  readonly #options: SubAgentOptions;
  readonly #host: SubAgentHost;

  constructor(options: boolean | SubAgentOptions, host: SubAgentHost) {
    this.#options = typeof options === 'object' ? options : {};
    this.#host = host;
  }

  /** Runs every call at once; resolves with one settled result per call, in call order. Never rejects. */
  dispatch(calls: readonly ToolCall[], parent: Parent): Promise<SettledCall[]> {
    return Promise.all(calls.map((call) => this.#one(call, parent)));
  }

  async #one(call: ToolCall, parent: Parent): Promise<SettledCall> {
    const finish = (result: SettledCall): SettledCall => {
      parent.emit(resultEvent(result));
      return result;
    };
    const fail = (error: string) => finish(settled(call.id, call.name, 'error', { error }));
    if ('error' in call) return fail(call.error);
    const task = readTask(call.args);
    if (task === undefined) return fail(`Invalid arguments for tool "${call.name}":\n- task: expected a non-empty string`);
    if (parent.signal.aborted) return finish(settled(call.id, call.name, 'cancelled', { error: 'The run was cancelled before this sub-agent started.' }));
    parent.emit({ type: 'tool-start', callId: call.id, name: call.name });
    const child = { read: false };
    let final: FinalEvent;
    try {
      final = await this.#run(task, call.id, parent, child);
    } catch (err) {
      // runLoop never throws; the model's making can (and is given up on a cancel).
      if (parent.signal.aborted) return finish(settled(call.id, call.name, 'cancelled', { error: 'The run was cancelled before this sub-agent started.' }));
      return fail(`The sub-agent could not start: ${errorMessage(err)}`);
    }
    const result = outcome(call, final, this.#maxIterations());
    if (result.status !== 'ok' || !(child.read || this.#options.agui)) return finish(result);
    if (!parent.trustToolOutput) parent.policy.distrust();
    return finish({ ...result, content: markUntrusted(call.name, result.content) });
  }

  #maxIterations(): number {
    return this.#options.maxIterations ?? DEFAULT_SUB_AGENT_ITERATIONS;
  }

  async #run(task: string, callId: string, parent: Parent, child: { read: boolean }): Promise<FinalEvent> {
    const registry = parent.registry.readOnlyView(parent.policy);
    const nest = (event: AgentEvent): AgentEvent => {
      if (event.type === 'tool-result' && event.status === 'ok' && registry.untrusted(event.name)) child.read = true;
      return { type: 'sub-agent', parentCallId: callId, event };
    };
    if (this.#options.agui) return this.#runRemote(this.#options.agui, task, parent, registry, nest);
    const model = await abortable(this.#host.model(), parent.signal);
    return runLoop({
      model,
      history: [{ role: 'user', content: task }],
      systemPrompt: this.#options.systemPrompt ?? SUB_AGENT_PROMPT,
      maxIterations: this.#maxIterations(),
      registry,
      // Its tools never need approval; a policy of its own keeps the parent's "allow for good" out of reach, and a gate without a desk asks nobody.
      ...childApprovals(),
      trustToolOutput: parent.trustToolOutput,
      signal: parent.signal,
      turn: !this.#options.model && parent.turn?.model !== undefined ? { model: parent.turn.model } : undefined,
      emit: (event) => parent.emit(nest(event)),
      changed: () => {},
    });
  }

  /** The child on a remote AG-UI agent: a server thread of its own, the same read-only tools (as frontend tools), the parent's signal. */
  async #runRemote(agui: NonNullable<SubAgentOptions['agui']>, task: string, parent: Parent, registry: Parent['registry'], nest: (event: AgentEvent) => AgentEvent): Promise<FinalEvent> {
    if (!this.#host.remote) throw new PageloopError('bad-request', 'A sub-agent on a remote AG-UI agent needs the agent\'s worker to run it.');
    const loop = await this.#host.remote();
    const signal = parent.signal;
    return loop.run({
      history: [{ role: 'user', content: task }],
      maxIterations: this.#maxIterations(),
      registry,
      ...childApprovals(),
      trustToolOutput: parent.trustToolOutput,
      signal,
      agui,
      remote: new RemoteThread(),
      mayStart: () => this.#host.mayStart?.(signal) ?? Promise.resolve(!signal.aborted),
      emit: (event) => parent.emit(nest(event)),
      changed: () => {},
    });
  }
}

/** A child's approvals: 'auto' over the read-only tools it is offered, with nobody to ask. */
function childApprovals(): Pick<TurnContext, 'policy' | 'gate' | 'approval'> {
  const policy = new ApprovalPolicy();
  return { policy, gate: new ApprovalGate(policy), approval: 'auto' };
}

/** The task of a `dispatch_agent` call, or undefined when it has none. */
function readTask(args: unknown): string | undefined {
  const task = typeof args === 'object' && args !== null ? (args as { task?: unknown }).task : undefined;
  return typeof task === 'string' && task.trim() !== '' ? task : undefined;
}

/** What the parent's call comes to, from how the child's run ended. */
function outcome(call: ToolCall, final: FinalEvent, max: number): SettledCall {
  const error = (text: string) => settled(call.id, call.name, 'error', { error: text });
  switch (final.reason) {
    case 'answer':
    case 'task_complete':
    case 'converse':
      return final.text.trim() === '' ? error('The sub-agent finished without an answer.') : settled(call.id, call.name, 'ok', { result: final.text });
    case 'ask_question':
      return error(`The sub-agent needed something only the user can say: ${final.text}`);
    case 'max_iterations':
      return error(`The sub-agent used all of its ${max} steps without finishing the task. Give it a narrower task, or do it yourself.`);
    case 'cancelled':
      return settled(call.id, call.name, 'cancelled', { error: 'The run was cancelled while this sub-agent worked.' });
    default:
      return error(`The sub-agent failed: ${final.text || final.reason}`);
  }
}
