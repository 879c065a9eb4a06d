/**
 * One run of the agent loop: ask the model, run the tools it calls, feed the
 * results back, repeat — until it answers, calls a built-in tool that ends
 * the run, hits `maxIterations`, fails, or is cancelled. Every path ends in
 * exactly one final event and leaves a history in which every tool call has
 * exactly one result. How calls are written on the wire is the model layer's
 * business: a turn hands back text and parsed calls.
 */
import type { AgentEvent, ChatMessage, FinalEvent, FinalReason } from '../types.js';
import { DEFAULT_CONTEXT_TOKENS, assistantMessage, type ToolCall, type ToolCallingModel, type TurnRequest } from '../model/tool-calling-model.js';
import { PageloopError, isAbortError, toWireError } from '../errors.js';
import { BUILTIN_NAMES, BUILTIN_TOOLS, DISPATCH_TOOL, DISPATCH_TOOL_NAME, PLAN_TOOL, READ_RESULT, builtinMark, isBuiltinTool, readBuiltinCall, type BuiltinOutcome, type BuiltinToolName } from './builtin-tools.js';
import type { ContextBudget } from './context-budget.js';
import { buildSystemPrompt } from './system-prompt.js';
import { planningRule, type PlanTurn } from './plan-turn.js';
import { reflectionDue, reflectionNote } from './reflection.js';
import { NUDGE_NOTE, Nudge } from './nudge.js';
import { executeCalls, type TurnContext } from './tool-executor.js';
import { resultEvent, settled, type SettledCall } from './tool-result.js';
import { overriddenTurn, type TurnOverrides } from './run-overrides.js';
import { appStateSection, type AppStateEntry } from './app-context.js';

/** What one run needs. */
export interface RunContext extends Omit<TurnContext, 'emit'> {
  model: Pick<ToolCallingModel, 'turn'>;
  /** The canonical history; the run appends to it. */
  history: ChatMessage[];
  systemPrompt?: string;
  maxIterations: number;
  /** With option `planning`: the plan's part in this run, and the mode. */
  plan?: { turn: PlanTurn; mode: true | 'first' };
  /** Option `reflectEvery`. */
  reflectEvery?: number;
  /** Option `nudge` (default on): one reminder a run when the model announces an action and calls nothing. */
  nudge?: boolean;
  emit(event: AgentEvent): void;
  /** Called whenever the history grew, so it can be stored. */
  changed(): void;
  /** Keeps what is sent inside the model's context window; absent: the history is sent whole. */
  context?: ContextBudget;
  /** This run's own model and tool choice (`send(text, options)`). */
  turn?: TurnOverrides;
  /** With option `subAgents`: runs `dispatch_agent` calls (src/agent/sub-agent.ts); absent in a sub-agent, so it never dispatches. */
  subAgents?: SubAgentDispatch;
  /** The app's state (`agent.context`), read from the page as each request is built (src/agent/app-context.ts). */
  appState?: () => Promise<AppStateEntry[]>;
}

/** What runs `dispatch_agent` calls, given the parent's emit, signal, gate, tools and per-send model. */
export interface SubAgentDispatch {
  dispatch(calls: readonly ToolCall[], parent: Pick<TurnContext, 'emit' | 'signal' | 'gate' | 'trustToolOutput' | 'registry'> & { turn?: TurnOverrides }): Promise<SettledCall[]>;
}

/** Runs the loop to its end; never throws. */
export async function runLoop(ctx: RunContext): Promise<FinalEvent> {
  const end = (reason: FinalReason, text: string, suggestions?: string[]): FinalEvent => {
    const event: FinalEvent = suggestions ? { type: 'final', reason, text, suggestions } : { type: 'final', reason, text };
    ctx.emit(event);
    return event;
  };
  let lastText = '';
  const nudge = new Nudge(ctx.nudge !== false);
  for (let n = 1; n <= ctx.maxIterations; n++) {
    if (ctx.signal.aborted) return end('cancelled', lastText);
    ctx.emit({ type: 'iteration', n, max: ctx.maxIterations });
    const reflect = reflectionDue(n, ctx.reflectEvery);
    if (reflect) ctx.emit({ type: 'reflection', n });

    const notes = [reflect ? reflectionNote(!!ctx.plan) : '', nudge.pending ? NUDGE_NOTE : ''].filter(Boolean).join('\n\n');
    const turn = await ask(ctx, n, notes || undefined);
    if ('error' in turn) {
      if (ctx.signal.aborted || isAbortError(turn.error)) {
        // What was shown stays in the history, so the model knows what the user saw.
        if (turn.shown) {
          nudge.append(ctx.history, { role: 'assistant', content: turn.shown });
          ctx.changed();
        }
        return end('cancelled', turn.shown || lastText);
      }
      const wire = toWireError(turn.error);
      // A stall or a broken stream keeps what was already shown, in the history as on the screen.
      if (turn.shown) {
        nudge.append(ctx.history, { role: 'assistant', content: turn.shown });
        ctx.changed();
      }
      ctx.emit({ type: 'error', message: wire.message, retryable: wire.retryable, code: wire.code });
      return end('error', wire.message);
    }

    const { text, calls } = turn;
    if (ctx.signal.aborted) {
      // Cancelled as the stream finished: what was said stays, its calls never run.
      if (text) nudge.append(ctx.history, { role: 'assistant', content: text });
      ctx.changed();
      return end('cancelled', text || lastText);
    }
    nudge.append(ctx.history, assistantMessage(text, calls));
    ctx.changed();
    if (text) lastText = text;
    if (calls.length === 0) {
      // Tools the app offers, unless this call was told to use none (`toolChoice: 'none'`).
      const offered = ctx.registry.modelTools().length > 0 && !(n === 1 && ctx.turn?.toolChoice === 'none');
      if (!nudge.due(text, ctx.history, offered, n < ctx.maxIterations)) return end('answer', text);
      ctx.emit({ type: 'nudge', n: n + 1 });
      continue;
    }

    for (const call of calls) ctx.emit({ type: 'tool-call', callId: call.id, name: call.name, args: 'args' in call ? call.args : undefined, ...builtinMark(call.name) });

    // The plan is settled first, so the turn's other calls run under it.
    const { answered, rest } = ctx.plan ? ctx.plan.turn.take(calls, ctx.emit) : { answered: [], rest: calls };
    // Built-in calls end the run, but only after the turn's other calls have run.
    const builtins = rest.filter(isBuiltinCall);
    const reads = ctx.context ? rest.filter((c) => c.name === READ_RESULT && 'args' in c) : [];
    const dispatches = ctx.subAgents ? rest.filter((c) => c.name === DISPATCH_TOOL_NAME) : [];
    const others = rest.filter((c) => !isBuiltinCall(c) && !reads.includes(c) && !dispatches.includes(c));
    // Sub-agents run alongside the turn's other calls, not after them.
    const [executed, dispatched] = await Promise.all([executeCalls(others, ctx), ctx.subAgents?.dispatch(dispatches, ctx) ?? []]);
    const results = new Map([...answered, ...executed, ...dispatched].map((r) => [r.callId, r]));
    for (const call of reads) {
      const page = ctx.context!.readResult(ctx.history, 'args' in call ? call.args : undefined);
      const result = page.ok ? settled(call.id, call.name, 'ok', { result: page.text }) : settled(call.id, call.name, 'error', { error: page.error });
      ctx.emit(resultEvent(result));
      results.set(call.id, result);
    }
    let ending: Extract<BuiltinOutcome, { ok: true }> | undefined;
    for (const call of builtins) {
      const outcome = readBuiltinCall(call.name, call.args);
      const result = outcome.ok
        ? settled(call.id, call.name, 'ok', { result: 'Delivered to the user.' })
        : settled(call.id, call.name, 'error', { error: outcome.error });
      ctx.emit(resultEvent(result));
      results.set(call.id, result);
      if (outcome.ok) ending ??= outcome;
    }
    for (const call of calls) ctx.history.push({ role: 'tool', tool_call_id: call.id, content: results.get(call.id)!.content });
    ctx.changed();

    if (ctx.signal.aborted) return end('cancelled', lastText);
    if (ending) return end(ending.reason, ending.text, ending.suggestions);
  }
  // Always the limit, never the last in-between sentence ("Now let me check…") as if it were the answer.
  return end('max_iterations', `Stopped: the limit of ${ctx.maxIterations} steps was reached before the task was finished. Continue to let me go on.`);
}

/** A call of a built-in tool whose arguments could be read (one that could not is answered like any bad call). */
function isBuiltinCall(call: ToolCall): call is { id: string; name: BuiltinToolName; args: unknown } {
  return isBuiltinTool(call.name) && 'args' in call;
}

/** A turn's reply, or how it failed and what of it was already shown. */
type Asked = { text: string; calls: ToolCall[] } | { error: unknown; shown: string };

/** Model call `n`, its deltas passed on as events; never throws. `note` is added to this request only. */
async function ask(ctx: RunContext, n: number, note?: string): Promise<Asked> {
  // As of this request: the page is asked now, not when the run began.
  const appState = appStateSection(await ctx.appState?.().catch(() => []) ?? [], ctx.context?.window ?? DEFAULT_CONTEXT_TOKENS);
  const request: TurnRequest = overriddenTurn({
    system: buildSystemPrompt(ctx.systemPrompt, [ctx.plan && planningRule(ctx.plan.mode), appState].filter(Boolean).join('\n\n') || undefined),
    history: note ? [...ctx.history, { role: 'user', content: note }] : ctx.history,
    tools: [...BUILTIN_TOOLS, ...(ctx.plan ? [PLAN_TOOL] : []), ...(ctx.subAgents ? [DISPATCH_TOOL] : []), ...ctx.registry.modelTools()],
    endingTools: BUILTIN_NAMES,
  }, ctx.turn, n);
  let shown = '';
  // A server that says the request overflowed its context gets one folded retry.
  for (let attempt = 0; ; attempt++) {
    try {
      const sent = ctx.context ? await fitted(ctx, ctx.context, request, attempt > 0) : request;
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
            ctx.emit(ctx.context ? { ...event, contextTokens: ctx.context.window } : event);
            break;
          case 'tool-call-delta':
            ctx.emit({ ...event, ...builtinMark(event.name) });
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
      if (attempt === 0) continue;
      const message = `The conversation does not fit the model's context window (${ctx.context.window} tokens), even after folding older turns. Start a new conversation, or give the server a larger context (llama-server -c, Ollama num_ctx) and set context-tokens to match. The server said: ${error.message}`;
      return { error: new PageloopError('context-overflow', message), shown };
    }
  }
}

/** The request as the context budget lets it go out; what it folded, dropped or cut is told as events. */
async function fitted(ctx: RunContext, budget: ContextBudget, request: TurnRequest, force: boolean): Promise<TurnRequest> {
  const { request: sent, events } = await budget.fit(request, ctx.model, ctx.signal, force);
  for (const event of events) ctx.emit(event);
  return sent;
}
