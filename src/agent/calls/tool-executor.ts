/**
 * Runs the tool calls of one model turn: all at once, each call answered
 * exactly once, results handed back in call order. Whether a call needs the
 * user is the policy's to say (approval-policy.ts); calls that do are asked
 * for together, in ONE approval request, and wait in the gate; the others run
 * meanwhile. A call's `tool-start` is emitted when it really starts running —
 * after its approval, if it needed one.
 *
 * Arguments are checked once, on the side that owns the tool's schema: a
 * worker tool's here, before anything; a page tool's on the page — when it
 * runs, or, for a call the user is asked about, when the page is asked (so an
 * invalid call is never shown: the page answers it `invalid`). A page tool
 * that needs approval crosses to the page twice: the ask (whose reply is the
 * user's answer) and the run with the checked arguments. A tool whose rule is
 * a function crosses once more before that, for the page to evaluate it.
 */
import type { AgentEvent, ApprovalRequest, AttachmentInput } from '../../types.js';
import type { ToolCall } from '../../model/loop-door.js';
import type { ApprovalGate, ApprovalOutcome } from './approval-gate.js';
import type { ApprovalPolicy, ApprovalSetting, Caller } from './approval-policy.js';
import type { ToolRegistry } from './tool-registry.js';
import { resultContent, resultEvent, settled, withEditedArgs, type SettledCall } from './tool-result.js';
import { markUntrusted } from '../../untrusted-content.js';
import type { ToolOutcome } from '../../protocol/agent.js';
import type { AttachmentShelf } from '../attachments/index.js';
import { isToolResultWithAttachments } from '../../attachment-checks.js';
import { abortable } from '../../abortable.js';

/** What running the calls of a turn needs. */
export interface TurnContext {
  registry: ToolRegistry;
  /** Decides which calls need the user, and keeps the tools allowed for good. */
  policy: ApprovalPolicy;
  /** Holds calls waiting for approval. */
  gate: ApprovalGate;
  /** The agent's `approval` setting (the policy knows its default). */
  approval: ApprovalSetting | undefined;
  /** Who asks for these calls: the model (the default), a browser agent or an MCP App, which may call tools hidden from the model. */
  caller?: Caller;
  /** True: untrusted tool output does not make tools allowed for good ask again. */
  trustToolOutput?: boolean;
  /** Deny a call nobody answered within this many ms; absent waits for ever (or until cancelled). */
  approvalTimeoutMs?: number;
  emit(event: AgentEvent): void;
  signal: AbortSignal;
  /** Keeps the files a tool returns (`toolResult`); absent: they are named in the result, not kept. */
  files?: AttachmentShelf;
}

/** A call ready to run or to ask about: its arguments, and whether they were checked already. */
interface Ready {
  call: ToolCall & { args: unknown };
  args: unknown;
  checked: boolean;
  ask: boolean;
}

/** Runs `calls` and resolves with one settled result per call, in call order. */
export async function executeCalls(calls: readonly ToolCall[], ctx: TurnContext): Promise<SettledCall[]> {
  const results: Promise<SettledCall>[] = [];
  const asks: Ready[] = [];

  // First settle what can be known without the user: bad arguments, unknown tools, invalid args.
  const prepared = await Promise.all(calls.map((call) => prepareCall(call, ctx)));
  calls.forEach((call, i) => {
    const step = prepared[i]!;
    if ('result' in step) results[i] = Promise.resolve(step.result);
    else if (step.ask) asks.push(step);
    else results[i] = runCall(step.call, step.args, ctx, false, step.checked);
  });

  if (asks.length > 0) {
    // Asked before the request is emitted, so the page holds every question when the request reaches it.
    const batch = {};
    const waits = asks.map(({ call, args, checked }) => {
      const page = ctx.registry.get(call.name)?.kind === 'page';
      // The page shows what the call will do while it waits, when the policy lets it (a page tool's call the user is asked about).
      const preview = ctx.policy.previews('ask', { kind: page ? 'page' : 'worker' }) ? { preview: true as const } : {};
      return ctx.gate.wait({ callId: call.id, name: call.name, args, check: !checked && page, ...preview }, batch, ctx.signal, ctx.approvalTimeoutMs);
    });
    const requests: ApprovalRequest[] = asks.map(({ call, args }) => ({ callId: call.id, name: call.name, args }));
    ctx.emit({ type: 'approval-request', requests });
    asks.forEach((step, j) => {
      results[calls.indexOf(step.call)] = waits[j]!.then((outcome) => settleAnswered(step.call, step.checked, outcome, ctx));
    });
  }
  return Promise.all(results);
}

/** What a call that waited for the user comes to (`checked`: its arguments passed the schema before it was asked about). */
export function settleAnswered(call: ToolCall, checked: boolean, outcome: ApprovalOutcome, ctx: TurnContext): SettledCall | Promise<SettledCall> {
  switch (outcome.status) {
    case 'approved':
      // Edited arguments are what runs, and so what every record of the call must say.
      return runCall(call, outcome.args, ctx, outcome.edited, outcome.checked || (checked && !outcome.edited));
    case 'denied':
      return finish(ctx, settled(call.id, call.name, 'denied', { error: outcome.message }));
    case 'invalid': {
      const result = settled(call.id, call.name, 'error', { error: outcome.error });
      return finish(ctx, outcome.editedArgs !== undefined ? withEditedArgs(result, outcome.editedArgs) : result);
    }
    case 'timed-out':
      return finish(ctx, timedOut(call, ctx.approvalTimeoutMs ?? 0));
    default:
      return finish(ctx, settled(call.id, call.name, 'cancelled', { error: 'The run was cancelled while this call waited for approval.' }));
  }
}

type Prepared = { result: SettledCall } | Ready;

/**
 * `work` on a context of its own for `call`, or the call answered as
 * cancelled (`why`) the moment the run is cancelled: a step that ignores the
 * signal — a validator, a page that never answers, files being stored —
 * cannot hold the run. Either way the call gets one result: what the step
 * emits for this call after the cancel is dropped.
 */
function raced<T>(call: ToolCall, ctx: TurnContext, why: string, work: (own: TurnContext) => Promise<T>, cancelled: (result: SettledCall) => T): Promise<T> {
  let answered = false;
  const own: TurnContext = {
    ...ctx,
    emit: (event) => {
      const mine = 'callId' in event && event.callId === call.id;
      if (mine && answered && (event.type === 'tool-result' || event.type === 'tool-start' || event.type === 'input-request')) return;
      if (mine && event.type === 'tool-result') answered = true;
      ctx.emit(event);
    },
  };
  return abortable(work(own), ctx.signal, () => cancelled(finish(own, settled(call.id, call.name, 'cancelled', { error: why }))));
}

function prepareCall(call: ToolCall, ctx: TurnContext): Promise<Prepared> {
  return raced(call, ctx, 'The run was cancelled before this call started.', (own) => prepareOwn(call, own), (result) => ({ result }));
}

async function prepareOwn(call: ToolCall, ctx: TurnContext): Promise<Prepared> {
  const fail = (error: string): Prepared => ({ result: finish(ctx, settled(call.id, call.name, 'error', { error })) });
  if ('error' in call) return fail(call.error);
  const caller = ctx.caller ?? 'model';
  const tool = ctx.registry.get(call.name);
  // A tool only an MCP App may call is, to the model, no tool at all.
  if (!tool || (tool.modelHidden && caller === 'model')) {
    const known = ctx.registry.modelTools().map((t) => t.name);
    return fail(`Unknown tool "${call.name}". ${known.length ? `Available tools: ${known.join(', ')}.` : 'No tools are available.'}`);
  }
  const decision = ctx.policy.decide(ctx.registry.rule(call.name), caller, ctx.approval);
  if (tool.kind === 'page' && decision !== 'check') return { call, args: call.args, checked: false, ask: decision === 'ask' };
  // A worker tool is checked here, where its schema is; a page tool whose rule is a function, on the page (with its rule).
  const check = await ctx.registry.check(call.name, call.args);
  if (check.status === 'invalid') return fail(check.error);
  const ask = decision === 'check' ? ctx.policy.afterCheck(check.needsApproval) === 'ask' : decision === 'ask';
  return { call, args: check.args, checked: true, ask };
}

/** Runs one call with `args`; `edited`: the user changed them from what the model proposed; `checked`: they passed the tool's schema already. */
function runCall(call: ToolCall, args: unknown, ctx: TurnContext, edited: boolean, checked: boolean): Promise<SettledCall> {
  return raced(call, ctx, 'The run was cancelled before this call finished.', (own) => runOwn(call, args, own, edited, checked), (result) => result);
}

async function runOwn(call: ToolCall, args: unknown, ctx: TurnContext, edited: boolean, checked: boolean): Promise<SettledCall> {
  // A cancelled run starts nothing; the registry answers the call as cancelled.
  // A tool that waits for the user is not "running": its call waits for an answer (and a reload asks again).
  if (!ctx.signal.aborted) {
    if (ctx.registry.get(call.name)?.awaitsUser) ctx.emit({ type: 'input-request', callId: call.id, name: call.name, args });
    else ctx.emit(edited ? { type: 'tool-start', callId: call.id, name: call.name, editedArgs: args } : { type: 'tool-start', callId: call.id, name: call.name });
  }
  const outcome: ToolOutcome = await ctx.registry.run(call.name, args, call.id, ctx.signal, checked);
  const returned = outcome.status === 'ok' && isToolResultWithAttachments(outcome.result) ? outcome.result : undefined;
  const plain = settledOutcome(call, returned ? { status: 'ok', result: returned.content } : outcome, ctx, returned?.modelReads);
  const result = returned?.attachments.length ? await withFiles(plain, returned.attachments, ctx, ctx.registry.untrusted(call.name)) : plain;
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

/** `outcome` settled; `modelReads`, when given, is what the model reads instead of the result (`ToolResultWithAttachments.modelReads`). */
function settledOutcome(call: ToolCall, outcome: ToolOutcome, ctx: TurnContext, modelReads?: unknown): SettledCall {
  switch (outcome.status) {
    case 'ok': {
      const shown = settled(call.id, call.name, 'ok', { result: outcome.result });
      const result = modelReads === undefined ? shown : { ...shown, content: resultContent(modelReads) };
      if (!ctx.registry.untrusted(call.name)) return result;
      if (!ctx.trustToolOutput) ctx.policy.distrust();
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
