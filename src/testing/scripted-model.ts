/**
 * A scripted `ChatModel`: plays the turns it is given, in order, the way a
 * streaming model would (text in small deltas, tool calls, usage). For testing
 * tools and apps against the real loop without a model, and for benchmarks.
 *
 * @example
 * const model = scriptedModel([
 *   { toolCalls: [{ name: 'lookup', args: { id: '42' } }] },
 *   { text: 'Order 42 ships today.' },
 * ]);
 */
import type { AssembledToolCall, ChatModel, ModelEvent, ModelRequest } from '../model/chat-model.js';
import { PageloopError, abortError, type ErrorCode } from '../errors.js';

/** One scripted model turn, or a function of the request that returns one. */
export type ScriptedTurn = ScriptedReply | ((request: ModelRequest) => ScriptedReply);

export interface ScriptedReply {
  text?: string;
  thinking?: string;
  toolCalls?: { name: string; args?: unknown; argsText?: string; id?: string }[];
  /** Throw this error instead of answering. */
  error?: { code: ErrorCode; message: string; retryable?: boolean };
  /** Characters per text delta (default 4). */
  chunkSize?: number;
  /** Pause before each delta, in ms (default 0: deltas are yielded back to back). */
  delayMs?: number;
  /** Stream the text, then never finish (until aborted). */
  hang?: boolean;
  usage?: { promptTokens: number; completionTokens: number };
}

/** A ChatModel that plays `turns`; `requests` records what the loop asked. */
export interface ScriptedModel extends ChatModel {
  readonly requests: ModelRequest[];
}

export function scriptedModel(turns: readonly ScriptedTurn[], options: { generateId?: () => string } = {}): ScriptedModel {
  const requests: ModelRequest[] = [];
  const generateId = options.generateId ?? (() => `call_${crypto.randomUUID()}`);
  return {
    requests,
    async *stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelEvent> {
      requests.push(structuredClone(request));
      const turn = turns[requests.length - 1];
      if (!turn) throw new PageloopError('empty-response', `scriptedModel: no turn ${requests.length} (the script has ${turns.length}).`);
      const reply = typeof turn === 'function' ? turn(request) : turn;
      const step = async () => {
        if (reply.delayMs) await sleep(reply.delayMs, signal);
        if (signal.aborted) throw abortError();
      };
      if (reply.error) throw new PageloopError(reply.error.code, reply.error.message, reply.error.retryable ?? false);
      const size = reply.chunkSize ?? 4;
      for (const [type, text] of [['thinking', reply.thinking ?? ''], ['text', reply.text ?? '']] as const) {
        for (let i = 0; i < text.length; i += size) {
          await step();
          yield { type, delta: text.slice(i, i + size) };
        }
      }
      if (reply.hang) {
        await sleep(Number.POSITIVE_INFINITY, signal);
      }
      const toolCalls: AssembledToolCall[] = (reply.toolCalls ?? []).map((c) => ({
        id: c.id ?? generateId(),
        name: c.name,
        argsText: c.argsText ?? JSON.stringify(c.args ?? {}),
      }));
      for (const [index, call] of toolCalls.entries()) {
        await step();
        yield { type: 'tool-call-delta', index, id: call.id, name: call.name, argsText: call.argsText };
      }
      if (reply.usage) yield { type: 'usage', ...reply.usage };
      yield { type: 'done', text: reply.text ?? '', toolCalls, finishReason: toolCalls.length ? 'tool_calls' : 'stop' };
    },
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
    function done() {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }
    function onAbort() {
      clearTimeout(timer);
      reject(abortError());
    }
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
