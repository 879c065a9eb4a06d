/**
 * Runs the tool calls of one model turn: all at once, each call answered
 * exactly once, results handed back in call order. Calls that need approval
 * are asked for together, in ONE approval request, and wait in the gate;
 * the others run meanwhile. A call's `tool-start` is emitted when it really
 * starts running — after its approval, if it needed one.
 */
import type { AgentEvent, ApprovalRequest, AttachmentInput } from '../../types.js';
import type { ToolCall } from '../../model/tool-calling-model.js';
import type { ApprovalGate } from './approval-gate.js';
import type { ToolRegistry } from './tool-registry.js';
import { resultEvent, settled, withEditedArgs, type SettledCall } from './tool-result.js';
import { markUntrusted } from '../../untrusted-content.js';
import type { ToolOutcome } from '../../protocol/agent.js';
import type { AttachmentShelf } from '../attachments/attachment-shelf.js';
import { isToolResultWithAttachments } from '../../attachment-checks.js';

/** What running the calls of a turn needs. */
export interface TurnContext {
  registry: ToolRegistry;
  /** Holds calls waiting for approval, and the tools the user allowed for good. */
  gate: ApprovalGate;
  /** 'auto' approves everything. */
  approval: 'ask' | 'auto';
  /** True: untrusted tool output does not make tools allowed for good ask again. */
  trustToolOutput?: boolean;
  /** Deny a call nobody answered within this many ms; absent waits for ever (or until cancelled). */
  approvalTimeoutMs?: number;
  emit(event: AgentEvent): void;
  signal: AbortSignal;
  /** Keeps the files a tool returns (`toolResult`); absent: they are named in the result, not kept. */
  files?: AttachmentShelf;
  /** The calls come from outside the conversation (a browser agent, an MCP App), which may call tools hidden from the model. */
  outside?: true;
}

/** Runs `calls` and resolves with one settled result per call, in call order. */
export async function executeCalls(calls: readonly ToolCall[], ctx: TurnContext): Promise<SettledCall[]> {
  const approvals: { call: ToolCall; args: unknown }[] = [];
  const results: Promise<SettledCall>[] = [];

  // First settle what can be known without the user: bad arguments, unknown tools, invalid args.
  const prepared = await Promise.all(calls.map((call) => prepareCall(call, ctx)));
  calls.forEach((call, i) => {
    const step = prepared[i]!;
    if ('result' in step) results[i] = Promise.resolve(step.result);
    else if (step.needsApproval) approvals.push({ call, args: step.args });
    else results[i] = runCall(call, step.args, ctx);
  });

  if (approvals.length > 0) {
    const requests: ApprovalRequest[] = approvals.map(({ call, args }) => ({ callId: call.id, name: call.name, args }));
    const waits = approvals.map(({ call }) => ctx.gate.wait(call.id, call.name, ctx.signal, ctx.approvalTimeoutMs));
    ctx.emit({ type: 'approval-request', requests });
    approvals.forEach(({ call, args }, j) => {
      results[calls.indexOf(call)] = waits[j]!.then((outcome) => {
        if ('cancelled' in outcome) return finish(ctx, settled(call.id, call.name, 'cancelled', { error: 'The run was cancelled while this call waited for approval.' }));
        if ('timedOut' in outcome) return finish(ctx, timedOut(call, ctx.approvalTimeoutMs ?? 0));
        if (!outcome.approve) return finish(ctx, settled(call.id, call.name, 'denied', { error: outcome.message }));
        // Edited arguments are what runs, and so what every record of the call must say.
        const edited = outcome.args !== undefined && JSON.stringify(outcome.args) !== JSON.stringify(args);
        return runCall(call, edited ? outcome.args : args, ctx, edited);
      });
    });
  }
  return Promise.all(results);
}

type Prepared = { result: SettledCall } | { needsApproval: boolean; args: unknown };

async function prepareCall(call: ToolCall, ctx: TurnContext): Promise<Prepared> {
  const fail = (error: string): Prepared => ({ result: finish(ctx, settled(call.id, call.name, 'error', { error })) });
  if ('error' in call) return fail(call.error);
  const tool = ctx.registry.get(call.name);
  // A tool only an MCP App may call is, to the model, no tool at all.
  if (!tool || (tool.modelHidden && !ctx.outside)) {
    const known = ctx.registry.modelTools().map((t) => t.name);
    return fail(`Unknown tool "${call.name}". ${known.length ? `Available tools: ${known.join(', ')}.` : 'No tools are available.'}`);
  }
  const autoApproved = ctx.approval === 'auto' || ctx.gate.allows(call.name);
  // A tool that never needs approval is validated where it runs: one round trip, not two.
  if (tool.approval === 'never' || (autoApproved && tool.kind === 'page')) return { needsApproval: false, args: call.args };
  const check = await ctx.registry.prepare(call.name, call.args);
  if (check.status === 'invalid') return fail(check.error);
  return { needsApproval: check.needsApproval && !autoApproved, args: check.args };
}

/** Runs one call with `args`; `edited`: the user changed them from what the model proposed. */
async function runCall(call: ToolCall, args: unknown, ctx: TurnContext, edited = false): Promise<SettledCall> {
  // A cancelled run starts nothing; the registry answers the call as cancelled.
  // A tool that waits for the user is not "running": its call waits for an answer (and a reload asks again).
  if (!ctx.signal.aborted) {
    if (ctx.registry.get(call.name)?.awaitsUser) ctx.emit({ type: 'input-request', callId: call.id, name: call.name, args });
    else ctx.emit(edited ? { type: 'tool-start', callId: call.id, name: call.name, editedArgs: args } : { type: 'tool-start', callId: call.id, name: call.name });
  }
  const outcome: ToolOutcome = await ctx.registry.run(call.name, args, call.id, ctx.signal);
  const returned = outcome.status === 'ok' && isToolResultWithAttachments(outcome.result) ? outcome.result : undefined;
  const plain = settledOutcome(call, returned ? { status: 'ok', result: returned.content } : outcome, ctx);
  const result = returned ? await withFiles(plain, returned.attachments, ctx, ctx.registry.untrusted(call.name)) : plain;
  return finish(ctx, edited ? withEditedArgs(result, args) : result);
}

/**
 * A result made with `toolResult(content, attachments)`: the model reads
 * `content` as the result; the files are kept with the thread and ride on the
 * result (its event and its tool message). A file that could not be taken is
 * named in the result, so the model and the user both know.
 */
async function withFiles(result: SettledCall, attachments: readonly AttachmentInput[], ctx: TurnContext, untrusted: boolean): Promise<SettledCall> {
  if (!ctx.files) return { ...result, content: `${result.content}\n(The tool returned ${attachments.length} file(s), which this agent cannot keep.)` };
  const kept = await ctx.files.acceptFromTool(attachments);
  if (kept.notKept) ctx.emit({ type: 'attachments-not-kept', ...kept.notKept });
  const notes = kept.notes.length > 0 ? `\n(Not attached: ${kept.notes.join(' ')})` : '';
  const records = untrusted ? kept.records.map((r) => ({ ...r, untrusted: true as const })) : kept.records;
  return { ...result, content: result.content + notes, ...(records.length > 0 ? { attachments: records } : {}) };
}

function settledOutcome(call: ToolCall, outcome: ToolOutcome, ctx: TurnContext): SettledCall {
  switch (outcome.status) {
    case 'ok': {
      const result = settled(call.id, call.name, 'ok', { result: outcome.result });
      if (!ctx.registry.untrusted(call.name)) return result;
      if (!ctx.trustToolOutput) ctx.gate.distrust();
      return { ...result, content: markUntrusted(call.name, result.content) };
    }
    case 'cancelled':
      return settled(call.id, call.name, 'cancelled', { error: outcome.error });
    default:
      return settled(call.id, call.name, 'error', { error: outcome.error });
  }
}

/** A call denied because nobody answered its approval request in time; the model is told just that. */
function timedOut(call: ToolCall, ms: number): SettledCall {
  const error = `Not run: nobody answered the approval request within ${ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`}, so it was denied. Do not retry it unless the user asks.`;
  return { ...settled(call.id, call.name, 'denied', { error }), content: error };
}

/** Emits the call's result as soon as it is known (the history gets them in order later). */
function finish(ctx: TurnContext, result: SettledCall): SettledCall {
  ctx.emit(resultEvent(result));
  return result;
}
