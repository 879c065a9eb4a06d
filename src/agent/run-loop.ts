/**
 * One run of the agent loop: ask the model, run the tools it calls, feed the
 * results back, repeat — until it answers, calls a built-in tool that ends
 * the run, a part ends it (the step limit), it fails, or is cancelled. Each
 * built-in behaviour (planning, the self-check, the nudge, sub-agents…) is
 * a `RunPart` (run-part.ts) listed in `runParts`, not a branch here. Every path ends in
 * exactly one final event and leaves a history in which every tool call has
 * exactly one result. How calls are written on the wire is the model layer's
 * business: a turn hands back text and parsed calls.
 */
import type { AgentEvent, ChatMessage, FinalEvent, FinalReason } from '../types.js';
import { DEFAULT_CONTEXT_TOKENS, assistantMessage, type ToolCall, type ToolCallingModel, type TurnRequest } from '../model/loop-door.js';
import { PageloopError, isAbortError, toWireError } from '../errors.js';
import { BUILTIN_NAMES, BUILTIN_TOOLS, builtinMark, isBuiltinTool, readBuiltinCall, type BuiltinToolName } from './calls/index.js';
import type { ContextBudget } from './context-budget.js';
import { buildSystemPrompt } from './system-prompt.js';
import { planPart, type PlanTurn } from './plan-turn.js';
import { reflectionPart } from './reflection.js';
import { nudgePart } from './nudge.js';
import { dispatchPart, readResultPart, stepLimit, type SubAgentDispatch } from './loop-parts.js';
import { executeCalls, type TurnContext } from './calls/index.js';
import { recordEditedArgs } from './history.js';
import { resultEvent, settled, type SettledCall } from './calls/index.js';
import { overriddenTurn, type TurnOverrides } from './run-overrides.js';
import { appStateSection } from './app-context.js';
import type { RunBase } from './run-base.js';
import type { RunEnding, RunPart } from './run-part.js';
import { abortable } from '../abortable.js';

/** What one run of the in-page loop needs: what every run has (run-base.ts), and the model with what shapes its requests. */
export interface RunContext extends RunBase {
  model: Pick<ToolCallingModel, 'turn'>;
  systemPrompt?: string;
  maxIterations: number;
  /** With option `planning`: the plan's part in this run, and the mode. */
  plan?: { turn: PlanTurn; mode: true | 'first' };
  /** Option `reflectEvery`. */
  reflectEvery?: number;
  /** Option `nudge` (default on): one reminder a run when the model announces an action and calls nothing. */
  nudge?: boolean;
  /** Keeps what is sent inside the model's context window; absent: the history is sent whole. */
  context?: ContextBudget;
  /** This run's own model and tool choice (`send(text, options)`). */
  turn?: TurnOverrides;
  /** Parts of the run beyond the built-ins, after them (see run-part.ts). */
  parts?: readonly RunPart[];
}

/** The parts of a run, in the order they take part: the built-ins its options ask for, then its own. */
export function runParts(ctx: RunContext): RunPart[] {
  const parts: (RunPart | undefined)[] = [
    stepLimit(ctx.maxIterations),
    ctx.plan && planPart(ctx.plan.turn, ctx.plan.mode),
    reflectionPart(ctx.reflectEvery, !!ctx.plan),
    nudgePart(ctx.nudge !== false),
    ctx.context && readResultPart(ctx.context),
    ctx.subAgents && dispatchPart(ctx.subAgents),
    ...(ctx.parts ?? []),
  ];
  return parts.filter((p): p is RunPart => p !== undefined);
}

/** Runs the loop to its end; never throws. */
export async function runLoop(ctx: RunContext): Promise<FinalEvent> {
  const end = ({ reason, text, suggestions }: RunEnding): FinalEvent => {
    const event: FinalEvent = suggestions ? { type: 'final', reason, text, suggestions } : { type: 'final', reason, text };
    ctx.emit(event);
    return event;
  };
  const parts = runParts(ctx);
  const keeper = parts.find((p) => p.keepReply);
  const keep = (message: ChatMessage) => (keeper ? keeper.keepReply!(ctx.history, message) : ctx.history.push(message));
  let lastText = '';
  for (let n = 1; ; n++) {
    const stop = firstOf(parts, (p) => p.stopBefore?.(n, ctx));
    if (stop) return end(stop);
    if (ctx.signal.aborted) return end({ reason: 'cancelled', text: lastText });
    ctx.emit({ type: 'iteration', n, max: ctx.maxIterations });
    const notes = parts.map((p) => p.note?.(n, ctx)).filter(Boolean).join('\n\n');
    const turn = await ask(ctx, parts, n, notes || undefined);
    if ('error' in turn) {
      // What was shown stays in the history, so the model knows what the user saw (a stall or a broken stream too).
      if (turn.shown) {
        keep({ role: 'assistant', content: turn.shown });
        ctx.changed();
      }
      if (ctx.signal.aborted || isAbortError(turn.error)) return end({ reason: 'cancelled', text: turn.shown || lastText });
      const wire = toWireError(turn.error);
      ctx.emit({ type: 'error', message: wire.message, retryable: wire.retryable, code: wire.code, ...(wire.params ? { params: wire.params } : {}) });
      return end({ reason: 'error', text: wire.message });
    }

    const { text, calls } = turn;
    if (ctx.signal.aborted) {
      // Cancelled as the stream finished: what was said stays, its calls never run.
      if (text) keep({ role: 'assistant', content: text });
      ctx.changed();
      return end({ reason: 'cancelled', text: text || lastText });
    }
    keep(assistantMessage(text, calls));
    ctx.changed();
    if (text) lastText = text;
    if (calls.length === 0) {
      if (parts.some((p) => p.askAgain?.(text, n, ctx))) continue;
      return end({ reason: 'answer', text });
    }

    for (const call of calls) ctx.emit({ type: 'tool-call', callId: call.id, name: call.name, args: 'args' in call ? call.args : undefined, ...builtinMark(call.name) });
    const { results, ending } = await runCalls(ctx, parts, calls);
    for (const call of calls) {
      const { content, attachments } = results.get(call.id)!;
      ctx.history.push(attachments ? { role: 'tool', tool_call_id: call.id, content, attachments } : { role: 'tool', tool_call_id: call.id, content });
    }
    // Calls the user edited before approving: the history says what ran (only executed calls carry edits).
    recordEditedArgs(ctx.history, results.values());
    ctx.changed();

    if (ctx.signal.aborted) return end({ reason: 'cancelled', text: lastText });
    const ended = ending ?? firstOf(parts, (p) => p.ending?.(calls));
    if (ended) return end(ended);
  }
}

/**
 * Gives every call of a turn its one result: parts that screen calls go
 * first (the plan, so the turn's other calls run under it); the calls parts
 * claim run beside the app's tools or after them; the run-ending built-ins
 * are answered last, so they end the run only after the turn's other calls.
 */
async function runCalls(ctx: RunContext, parts: readonly RunPart[], calls: readonly ToolCall[]): Promise<{ results: Map<string, SettledCall>; ending?: RunEnding }> {
  const answered: SettledCall[] = [];
  let rest: readonly ToolCall[] = calls;
  for (const part of parts) {
    if (!part.screen) continue;
    const screened = part.screen(rest, ctx);
    answered.push(...screened.answered);
    rest = screened.rest;
  }
  const builtins = rest.filter(isBuiltinCall);
  const claimed = new Map<RunPart, ToolCall[]>();
  const others = rest.filter((call) => {
    if (isBuiltinCall(call)) return false;
    const owner = parts.find((p) => p.claims?.(call));
    if (owner) claimed.set(owner, [...(claimed.get(owner) ?? []), call]);
    return !owner;
  });
  const settling = (when: 'beside' | 'after') => [...claimed].filter(([p]) => (p.settles ?? 'beside') === when);
  const beside = await Promise.all([executeCalls(others, ctx), ...settling('beside').map(([p, mine]) => p.settle!(mine, ctx))]);
  const results = new Map([...answered, ...beside.flat()].map((r) => [r.callId, r]));
  for (const [p, mine] of settling('after')) for (const r of await p.settle!(mine, ctx)) results.set(r.callId, r);
  let ending: RunEnding | undefined;
  for (const call of builtins) {
    const outcome = readBuiltinCall(call.name, call.args);
    const result = outcome.ok ? settled(call.id, call.name, 'ok', { result: 'Delivered to the user.' }) : settled(call.id, call.name, 'error', { error: outcome.error });
    ctx.emit(resultEvent(result));
    results.set(call.id, result);
    if (outcome.ok) ending ??= { reason: outcome.reason, text: outcome.text, ...(outcome.suggestions ? { suggestions: outcome.suggestions } : {}) };
  }
  return { results, ending };
}

/** The first answer the parts give, in their order. */
function firstOf<T>(parts: readonly RunPart[], ask: (part: RunPart) => T | undefined): T | undefined {
  for (const part of parts) {
    const answer = ask(part);
    if (answer !== undefined) return answer;
  }
  return undefined;
}

/** A call of a built-in tool whose arguments could be read (one that could not is answered like any bad call). */
function isBuiltinCall(call: ToolCall): call is { id: string; name: BuiltinToolName; args: unknown } {
  return isBuiltinTool(call.name) && 'args' in call;
}

/** A turn's reply, or how it failed and what of it was already shown. */
type Asked = { text: string; calls: ToolCall[] } | { error: unknown; shown: string };

/** Model call `n`, its deltas passed on as events; never throws. `note` is added to this request only. */
async function ask(ctx: RunContext, parts: readonly RunPart[], n: number, note?: string): Promise<Asked> {
  // As of this request: the page is asked now, not when the run began (a part's rule is fixed; this changes).
  // Raced: a page that never answers must not hold the run past its cancel (the loop then ends it as cancelled).
  const read = ctx.appState ? abortable(ctx.appState(), ctx.signal, () => []).catch(() => []) : [];
  const appState = appStateSection(await read, ctx.context?.window ?? DEFAULT_CONTEXT_TOKENS);
  const request: TurnRequest = overriddenTurn({
    system: buildSystemPrompt(ctx.systemPrompt, [...parts.map((p) => p.rule), appState].filter(Boolean).join('\n\n') || undefined),
    history: note ? [...ctx.history, { role: 'user', content: note }] : ctx.history,
    tools: [...BUILTIN_TOOLS, ...parts.flatMap((p) => p.tools ?? []), ...ctx.registry.modelTools()],
    endingTools: BUILTIN_NAMES,
  }, ctx.turn, n);
  let shown = '';
  /** The request a server refused as too long, and what it said. */
  let refused: { sent: TurnRequest; said: string } | undefined;
  let lastSent: TurnRequest | undefined;
  // A server that says the request overflowed its context gets one folded retry.
  for (let attempt = 0; ; attempt++) {
    try {
      const sent = ctx.context ? await fitted(ctx, ctx.context, request, attempt > 0) : request;
      // Folding left it as it was: sending it again would only be refused again.
      if (refused && ctx.context && sameRequest(sent, refused.sent)) return { error: overflowError(ctx.context.window, sent, refused.said), shown };
      lastSent = sent;
      for await (const event of ctx.model.turn(sent, ctx.signal)) {
        switch (event.type) {
          case 'text':
            shown += event.delta;
            ctx.emit(event);
            break;
          case 'thinking':
          case 'retry':
            ctx.emit(event);
            break;
          case 'retraction':
            // Shown as answer, then found to be reasoning: no longer what the user saw as text.
            if (event.field === 'text' && shown.endsWith(event.text)) shown = shown.slice(0, shown.length - event.text.length);
            ctx.emit(event);
            break;
          case 'usage':
            ctx.context?.observeUsage(event.promptTokens);
            // The window only when set or learned: the default is a guess, not the server's size.
            ctx.emit(ctx.context?.knownWindow ? { ...event, contextTokens: ctx.context.knownWindow } : event);
            break;
          case 'tool-call-delta':
            ctx.emit({ ...event, ...builtinMark(event.name) });
            break;
          case 'read':
            ctx.emit({ type: 'reply-read', ...event.read });
            break;
          case 'done':
            return { text: event.text, calls: event.calls };
        }
      }
      return { error: new PageloopError('stream', 'The model stream ended without finishing.'), shown };
    } catch (error) {
      const overflow = error instanceof PageloopError && error.code === 'context-overflow' && shown === '';
      if (!overflow || !ctx.context) return { error, shown };
      ctx.context.overflowed(error.message);
      if (attempt === 0) {
        refused = { sent: lastSent ?? request, said: error.message };
        continue;
      }
      return { error: overflowError(ctx.context.window, lastSent ?? request, error.message), shown };
    }
  }
}

/** Two requests that carry the same system prompt, history and tools (the history compared by reference first: folding makes a new one). */
function sameRequest(a: TurnRequest, b: TurnRequest): boolean {
  if (a.system !== b.system || a.tools.length !== b.tools.length || a.history.length !== b.history.length) return false;
  return a.history.every((m, i) => m === b.history[i] || JSON.stringify(m) === JSON.stringify(b.history[i]));
}

/**
 * Why a request that overflowed the window cannot be sent: when the history
 * holds nothing but the message being answered, no new conversation helps —
 * that message (with the system prompt and tools) is too long by itself.
 */
function overflowError(window: number, sent: TurnRequest, said: string): PageloopError {
  const alone = !sent.history.some((m) => m.role === 'assistant') && sent.history.filter((m) => m.role === 'user').length <= 1;
  const larger = 'give the server a larger context (llama-server -c, Ollama num_ctx) and set context-tokens to match';
  const message = alone
    ? `This message does not fit the model's context window (${window} tokens) even on its own, with the system prompt and ${sent.tools.length} tools: send a shorter message, or ${larger}. The server said: ${said}`
    : `The conversation does not fit the model's context window (${window} tokens), even after folding older turns. Start a new conversation, or ${larger}. The server said: ${said}`;
  return new PageloopError('context-overflow', message);
}

/** The request as the context budget lets it go out; what it folded, dropped or cut is told as events. */
async function fitted(ctx: RunContext, budget: ContextBudget, request: TurnRequest, force: boolean): Promise<TurnRequest> {
  const { request: sent, events } = await budget.fit(request, ctx.model, ctx.signal, force);
  for (const event of events) ctx.emit(event);
  return sent;
}
