/**
 * One run of the agent loop: ask the model, run the tools it calls, feed the
 * results back, repeat — until it answers, calls a built-in tool that ends
 * the run, hits `maxIterations`, fails, or is cancelled. Every path ends in
 * exactly one final event and leaves a history in which every tool call has
 * exactly one result.
 */
import type { AgentEvent, ChatMessage, ChatToolCall, FinalEvent, FinalReason } from '../types.js';
import type { AssembledToolCall, ChatModel, ModelRequest } from '../model/chat-model.js';
import { parseTextToolCalls, TextCallFilter } from '../model/text-protocol.js';
import { PageloopError, isAbortError, toWireError } from '../errors.js';
import { BUILTIN_TOOLS, isBuiltinTool, readBuiltinCall, type BuiltinOutcome, type BuiltinToolName } from './builtin-tools.js';
import { buildSystemPrompt } from './system-prompt.js';
import { toTextProtocol } from './history.js';
import { executeCalls, type ParsedCall, type TurnContext } from './tool-executor.js';
import { resultEvent, settled } from './tool-result.js';

/** Which protocol the next request speaks; 'auto' has not yet met a refusal of native tools. */
export type ProtocolState = 'auto' | 'native' | 'text';

export interface RunContext extends Omit<TurnContext, 'emit'> {
  model: ChatModel;
  /** The canonical history; the run appends to it. */
  history: ChatMessage[];
  systemPrompt?: string;
  maxIterations: number;
  protocol: ProtocolState;
  /** Called when an 'auto' agent learns the endpoint has no native tools. */
  switchToText(): void;
  emit(event: AgentEvent): void;
  /** Called whenever the history grew, so it can be stored. */
  changed(): void;
  generateId(): string;
}

/** Runs the loop to its end; never throws. */
export async function runLoop(ctx: RunContext): Promise<FinalEvent> {
  const end = (reason: FinalReason, text: string, suggestions?: string[]): FinalEvent => {
    const event: FinalEvent = suggestions ? { type: 'final', reason, text, suggestions } : { type: 'final', reason, text };
    ctx.emit(event);
    return event;
  };
  let lastText = '';
  for (let n = 1; n <= ctx.maxIterations; n++) {
    if (ctx.signal.aborted) return end('cancelled', lastText);
    ctx.emit({ type: 'iteration', n, max: ctx.maxIterations });

    let turn: ModelTurn;
    try {
      turn = await askModel(ctx);
    } catch (err) {
      if (ctx.signal.aborted || isAbortError(err)) {
        const partial = err instanceof PartialTurnError ? err.text : '';
        if (partial) {
          ctx.history.push({ role: 'assistant', content: partial });
          ctx.changed();
        }
        return end('cancelled', partial || lastText);
      }
      const wire = toWireError(err instanceof PartialTurnError ? err.cause : err);
      ctx.emit({ type: 'error', message: wire.message, retryable: wire.retryable, code: wire.code });
      return end('error', wire.message);
    }

    const toolCalls: ChatToolCall[] = turn.calls.map((c) => ({
      id: c.id,
      type: 'function',
      function: { name: c.name, arguments: c.error === undefined ? JSON.stringify(c.args ?? {}) : '{}' },
    }));
    ctx.history.push(toolCalls.length ? { role: 'assistant', content: turn.text || null, tool_calls: toolCalls } : { role: 'assistant', content: turn.text });
    ctx.changed();
    if (turn.text) lastText = turn.text;
    if (turn.calls.length === 0) return end('answer', turn.text);

    for (const call of turn.calls) ctx.emit({ type: 'tool-call', callId: call.id, name: call.name, args: call.args });

    // Built-in calls end the run, but only after the turn's other calls have run.
    const builtins = turn.calls.filter((c) => isBuiltinTool(c.name) && c.error === undefined);
    const others = turn.calls.filter((c) => !builtins.includes(c));
    const results = new Map((await executeCalls(others, ctx)).map((r) => [r.callId, r]));
    let ending: Extract<BuiltinOutcome, { ok: true }> | undefined;
    for (const call of builtins) {
      const outcome = readBuiltinCall(call.name as BuiltinToolName, call.args);
      const result = outcome.ok
        ? settled(call.id, call.name, 'ok', { result: 'Delivered to the user.' })
        : settled(call.id, call.name, 'error', { error: outcome.error });
      ctx.emit(resultEvent(result));
      results.set(call.id, result);
      if (outcome.ok) ending ??= outcome;
    }
    for (const call of turn.calls) ctx.history.push({ role: 'tool', tool_call_id: call.id, content: results.get(call.id)!.content });
    ctx.changed();

    if (ctx.signal.aborted) return end('cancelled', lastText);
    if (ending) return end(ending.reason, ending.text, ending.suggestions);
  }
  return end('max_iterations', lastText || `I stopped after ${ctx.maxIterations} steps without finishing. Ask me to continue if you want me to go on.`);
}

interface ModelTurn {
  text: string;
  calls: ParsedCall[];
}

/** A failed or aborted stream, carrying the text already shown so it is not lost. */
class PartialTurnError extends Error {
  constructor(
    readonly text: string,
    override readonly cause: unknown,
  ) {
    super('model stream failed');
  }
}

/** One model request; falls back to the text protocol once if native tools are refused. */
async function askModel(ctx: RunContext): Promise<ModelTurn> {
  try {
    return await streamTurn(ctx, ctx.protocol === 'text' ? 'text' : 'native');
  } catch (err) {
    const cause = err instanceof PartialTurnError ? err.cause : err;
    if (ctx.protocol === 'auto' && cause instanceof PageloopError && cause.code === 'tools-unsupported') {
      ctx.switchToText();
      ctx.protocol = 'text';
      return streamTurn(ctx, 'text');
    }
    throw err;
  }
}

async function streamTurn(ctx: RunContext, protocol: 'native' | 'text'): Promise<ModelTurn> {
  const tools = [...BUILTIN_TOOLS, ...ctx.registry.modelTools()];
  const system: ChatMessage = { role: 'system', content: buildSystemPrompt(ctx.systemPrompt, protocol === 'text' ? tools : undefined) };
  const request: ModelRequest =
    protocol === 'text' ? { messages: [system, ...toTextProtocol(ctx.history)] } : { messages: [system, ...ctx.history], tools };
  // Also in native mode: models served without a tool-call parser (Qwen or Hermes
  // behind a plain template) write their calls as text even when offered tools.
  const filter = new TextCallFilter();
  let shown = '';
  const showText = (delta: string) => {
    if (!delta) return;
    shown += delta;
    ctx.emit({ type: 'text', delta });
  };
  try {
    for await (const event of abortable(ctx.model.stream(request, ctx.signal), ctx.signal)) {
      switch (event.type) {
        case 'text':
          showText(filter.push(event.delta));
          break;
        case 'thinking':
          ctx.emit({ type: 'thinking', delta: event.delta });
          break;
        case 'tool-call-delta':
          ctx.emit({ type: 'tool-call-delta', callId: event.id, name: event.name, argsText: event.argsText });
          break;
        case 'usage':
          ctx.emit({ type: 'usage', promptTokens: event.promptTokens, completionTokens: event.completionTokens });
          break;
        case 'done': {
          showText(filter.flush());
          if (event.toolCalls.length > 0) return { text: event.text, calls: event.toolCalls.map(parseNativeCall) };
          const parsed = parseTextToolCalls(event.text);
          const calls = parsed.calls.map((c): ParsedCall => {
            const id = `call_${ctx.generateId()}`;
            return c.error !== undefined ? { id, name: c.name || 'unknown', args: undefined, error: c.error } : { id, name: c.name, args: c.args ?? {} };
          });
          return { text: parsed.text.trim(), calls };
        }
      }
    }
  } catch (err) {
    throw new PartialTurnError(shown, err);
  }
  throw new PartialTurnError(shown, new PageloopError('stream', 'The model stream ended without finishing.'));
}

/** Reads a native call's arguments; bad JSON becomes that call's error, not an exception. */
export function parseNativeCall(call: AssembledToolCall): ParsedCall {
  const text = call.argsText.trim();
  if (text === '') return { id: call.id, name: call.name, args: {} };
  try {
    let args: unknown = JSON.parse(text);
    // Some servers encode the arguments twice: a JSON string holding the JSON object.
    if (typeof args === 'string') {
      try {
        args = JSON.parse(args);
      } catch {
        /* leave it a string; the schema will say what was expected */
      }
    }
    return { id: call.id, name: call.name, args };
  } catch (err) {
    const shown = text.length > 200 ? `${text.slice(0, 200)}…` : text;
    return {
      id: call.id,
      name: call.name,
      args: undefined,
      error: `The arguments for tool "${call.name}" were not valid JSON (${(err as Error).message}). You sent: ${shown}. Send a JSON object.`,
    };
  }
}

/** Iterates `source` but stops at once when `signal` fires, even if the source ignores it. */
async function* abortable<T>(source: AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(new DOMException('The run was cancelled.', 'AbortError'));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => {});
  try {
    while (true) {
      const next = await Promise.race([iterator.next(), aborted]);
      if (next.done) return;
      yield next.value;
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    void iterator.return?.()?.catch(() => {});
  }
}
