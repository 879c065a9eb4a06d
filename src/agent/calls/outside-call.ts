/**
 * A call of one of the agent's page tools asked for from outside its
 * conversation — a browser agent calling a tool the page exposed through
 * WebMCP. It goes through the approval policy and gate the model's calls go
 * through (the `approval` setting, `approvalTimeoutMs`, the tool's own
 * `needsApproval`; "always allow" is the model's only — another caller is
 * asked), and is shown the same way: a `tool-call` marked
 * `requestedBy: 'browser-agent'`, its approval request, `tool-start` and
 * exactly one `tool-result`. It never enters the model's history: the model
 * did not ask for it.
 *
 * Invariant: the returned promise settles once the call's `tool-result` was
 * emitted, with what that result says.
 */
import type { ToolCall } from '../../model/loop-door.js';
import type { OutsideOutcome } from '../../protocol/agent.js';
import type { AgentEvent } from '../../types.js';
import type { ApprovalPolicy } from './approval-policy.js';
import type { ApprovalGate } from './approval-gate.js';
import type { ToolRegistry } from './tool-registry.js';
import type { SessionConfig } from '../session-types.js';
import { executeCalls } from './tool-executor.js';

/** What an outside call needs of the session. */
export interface OutsideCallContext {
  config: SessionConfig;
  /** The session's approvals, and where its events go (the session's state). */
  state: { policy: ApprovalPolicy; gate: ApprovalGate; emit(event: AgentEvent): void };
  registry: ToolRegistry;
  /** Why this agent may not change its thread now (another tab writes it), if so. */
  refused?: Error;
}

/**
 * Runs `call` through the approval gate; resolves after its `tool-result` was
 * emitted. A browser agent may call page tools only; an MCP App (`mcp-app`,
 * the caller checked that the tool is one of its own server's) calls worker tools.
 */
export async function runOutsideCall(call: { id: string; name: string; args: unknown }, ctx: OutsideCallContext, from: 'browser-agent' | 'mcp-app' = 'browser-agent'): Promise<OutsideOutcome> {
  const { state, registry, config } = ctx;
  if (ctx.refused) return { status: 'error', error: ctx.refused.message };
  // Worker tools (fetch, memory) and the loop's built-ins are not the page's to offer; an MCP App's server tools are worker tools.
  const kind = from === 'mcp-app' ? 'worker' : 'page';
  if (registry.get(call.name)?.kind !== kind) return { status: 'error', error: `The agent has no ${from === 'mcp-app' ? 'MCP' : 'page'} tool "${call.name}".` };
  state.emit({ type: 'tool-call', callId: call.id, name: call.name, args: call.args, requestedBy: from });
  const toolCall: ToolCall = { id: call.id, name: call.name, args: call.args };
  const [result] = await executeCalls([toolCall], {
    registry,
    policy: state.policy,
    gate: state.gate,
    approval: config.approval,
    caller: from,
    trustToolOutput: config.trustToolOutput === true,
    approvalTimeoutMs: config.approvalTimeoutMs,
    emit: (event) => state.emit(event),
    // Nothing cancels it but a timeout or the page going away (then the worker goes too).
    signal: new AbortController().signal,
  });
  if (result!.status === 'ok') return { status: 'ok', result: result!.result };
  const error = result!.error ?? `The call to "${call.name}" did not run.`;
  if (result!.status === 'denied') return { status: 'denied', error: `The user denied this call to "${call.name}".${result!.error ? ` They said: ${result!.error}` : ''}` };
  return { status: result!.status === 'cancelled' ? 'cancelled' : 'error', error };
}
