/**
 * Turns parsed chat completion chunks (or one non-streaming completion) into
 * the `ModelEvent`s the loop consumes. Every field is read defensively: real
 * servers send `content` as "", null or not at all, `role` on every chunk,
 * `finish_reason` early, late, absent or wrong ("stop" with tool calls), and
 * usage once, on every chunk, on a `choices: []` chunk, or never.
 */
import { PageloopError, errorMessage } from '../errors.js';
import type { ModelEvent } from './chat-model.js';
import { ThinkSplitter } from './think-splitter.js';
import { ToolCallAssembler, type ToolCallAssemblerOptions } from './tool-call-assembler.js';
import { isRecord } from '../is-record.js';

type Json = Record<string, unknown>;

/** Options of `StreamAssembler`. */
export type StreamAssemblerOptions = ToolCallAssemblerOptions;

/**
 * Assembles one reply. Feed it every chunk with `push`, then call `finish`
 * for the closing `usage` (at most one, the last figures seen) and `done`.
 *
 * @example
 * const a = new StreamAssembler();
 * a.push({ choices: [{ index: 0, delta: { content: 'Hi' } }] }); // → [{ type: 'text', delta: 'Hi' }]
 * a.finish(); // → [{ type: 'done', text: 'Hi', toolCalls: [], finishReason: null }]
 */
export class StreamAssembler {
  readonly #tools: ToolCallAssembler;
  readonly #think = new ThinkSplitter();
  #text = '';
  #finishReason: string | null = null;
  #usage: { promptTokens: number; completionTokens: number } | undefined;

  constructor(options: StreamAssemblerOptions = {}) {
    this.#tools = new ToolCallAssembler(options);
  }

  /**
   * Feeds one chunk. Throws `PageloopError('stream')` when the chunk is an
   * error the server reported mid-stream (`{"error": …}`).
   */
  push(chunk: unknown): ModelEvent[] {
    if (!isRecord(chunk)) return [];
    if (chunk.error !== undefined && chunk.error !== null) throw streamError(chunk.error);
    this.#readUsage(chunk);
    const out: ModelEvent[] = [];
    const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
    for (const choice of choices) {
      // Only the first choice is the reply; `index` is optional on some servers.
      if (!isRecord(choice) || (choice.index !== undefined && choice.index !== 0)) continue;
      // A non-streaming completion carries `message` where a chunk carries `delta`.
      const delta = isRecord(choice.delta) ? choice.delta : isRecord(choice.message) ? choice.message : {};
      this.#readDelta(delta, out);
      if (typeof choice.finish_reason === 'string' && choice.finish_reason !== '') this.#finishReason = choice.finish_reason;
    }
    return out;
  }

  /**
   * The stream ended. Returns `usage` (if any was reported) and `done`.
   * Throws `PageloopError('empty-response')` when the reply had neither
   * answer text nor a tool call, so an empty answer is never mistaken for one.
   */
  finish(): ModelEvent[] {
    const out: ModelEvent[] = [];
    this.#emitSplit(this.#think.flush(), out);
    const toolCalls = this.#tools.finish();
    // Tool calls present means they are returned, whatever finish_reason said.
    if (toolCalls.length === 0 && this.#text.trim() === '') {
      const why = this.#finishReason ? ` (finish_reason: ${this.#finishReason})` : '';
      throw new PageloopError('empty-response', `The model's reply was empty: no text and no tool call${why}.`, true);
    }
    if (this.#usage) out.push({ type: 'usage', ...this.#usage });
    out.push({ type: 'done', text: this.#text, toolCalls, finishReason: this.#finishReason });
    return out;
  }

  #readDelta(delta: Json, out: ModelEvent[]): void {
    // DeepSeek, llama.cpp and older vLLM say `reasoning_content`; OpenRouter,
    // Ollama and newer vLLM say `reasoning`. Some send both with the same text.
    const reasoning = nonEmptyString(delta.reasoning_content) ?? nonEmptyString(delta.reasoning);
    if (reasoning !== undefined) out.push({ type: 'thinking', delta: reasoning });
    if (typeof delta.content === 'string' && delta.content !== '') this.#emitSplit(this.#think.push(delta.content), out);
    for (const call of this.#tools.push(delta.tool_calls)) {
      if (call.name === '' && call.argsText === '') continue;
      out.push({ type: 'tool-call-delta', index: call.position, id: call.id, name: call.name, argsText: call.argsText });
    }
  }

  #emitSplit(split: { text: string; thinking: string }, out: ModelEvent[]): void {
    if (split.thinking !== '') out.push({ type: 'thinking', delta: split.thinking });
    if (split.text !== '') {
      this.#text += split.text;
      out.push({ type: 'text', delta: split.text });
    }
  }

  #readUsage(chunk: Json): void {
    // Groq puts it under `x_groq`; everyone else at the top level.
    const usage = isRecord(chunk.usage) ? chunk.usage : isRecord(chunk.x_groq) && isRecord(chunk.x_groq.usage) ? chunk.x_groq.usage : undefined;
    if (!usage) return;
    const promptTokens = usage.prompt_tokens;
    const completionTokens = usage.completion_tokens;
    if (typeof promptTokens !== 'number' && typeof completionTokens !== 'number') return;
    this.#usage = {
      promptTokens: typeof promptTokens === 'number' ? promptTokens : 0,
      completionTokens: typeof completionTokens === 'number' ? completionTokens : 0,
    };
  }
}

/** The message of an error a server reported inside a 200 response. */
export function errorMessageOf(error: unknown): string {
  // A body without a message is shown whole: "[object Object]" would say nothing.
  return isRecord(error) && typeof error.message !== 'string' ? JSON.stringify(error) : errorMessage(error);
}

function streamError(error: unknown): PageloopError {
  return new PageloopError('stream', errorMessageOf(error), false);
}

function nonEmptyString(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

