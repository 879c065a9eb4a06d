/**
 * Builders for mock scripts: turns shaped the way real servers stream them,
 * so a test reads as "the model says this" rather than as raw SSE frames.
 * Where a server's quirk is the point of a test, write the raw chunks in the
 * test instead; these builders are for the common shapes.
 */
import type { MockChunk, MockTurn } from './mock-endpoint.js';

/** Token counts a turn reports. */
export interface MockUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** Options shared by the turn builders. */
export interface TurnOptions {
  /** Usage to report on a final `choices: []` chunk; none when absent. */
  usage?: MockUsage;
  /** Pause before each chunk, in ms. */
  delayMs?: number;
  /** Keep the connection open after the chunks (for cancellation tests). */
  hang?: boolean;
  /** After `[DONE]`, wait this long before ending the response. */
  endDelayMs?: number;
}

/**
 * One streaming chunk with a single choice.
 *
 * @example
 * chunk({ content: 'Hi' }); // → { object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: 'Hi' }, finish_reason: null }], … }
 */
export function chunk(delta: Record<string, unknown>, finishReason: string | null = null): Record<string, unknown> {
  return {
    id: 'chatcmpl-mock',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'mock-model',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

/** The `choices: []` chunk OpenAI sends last when usage is asked for. */
export function usageChunk(usage: MockUsage): Record<string, unknown> {
  return { id: 'chatcmpl-mock', object: 'chat.completion.chunk', created: 0, model: 'mock-model', choices: [], usage };
}

/**
 * A streamed text answer, split into `pieces` (default: word by word).
 * `reasoning` streams first as `reasoning_content`.
 *
 * @example
 * textTurn('Paris is the capital.', { usage: { prompt_tokens: 12, completion_tokens: 5 } });
 */
export function textTurn(text: string, options: TurnOptions & { pieces?: string[]; reasoning?: string } = {}): MockTurn {
  const pieces = options.pieces ?? (text.match(/\S+\s*|\s+/g) ?? [text]);
  const chunks: MockChunk[] = [chunk({ role: 'assistant', content: '' })];
  if (options.reasoning) chunks.push(chunk({ reasoning_content: options.reasoning }));
  for (const piece of pieces) chunks.push(chunk({ content: piece }));
  chunks.push(chunk({}, 'stop'));
  return finishTurn(chunks, options);
}

/** A tool call for `toolCallTurn`. */
export interface MockCall {
  name: string;
  args: Record<string, unknown>;
  /** Default `call_<n>`. */
  id?: string;
}

/**
 * How a server streams tool calls:
 * - `openai` (also vLLM, llama.cpp, DeepSeek, LM Studio): id and name first, then the arguments in fragments;
 * - `whole` (Ollama, Groq, Mistral): each call complete in one delta.
 */
export type ToolCallStyle = 'openai' | 'whole';

/**
 * A streamed reply that calls tools, optionally after some text.
 *
 * @example
 * toolCallTurn([{ name: 'add', args: { a: 1, b: 2 } }], { style: 'whole' });
 */
export function toolCallTurn(calls: MockCall[], options: TurnOptions & { style?: ToolCallStyle; text?: string } = {}): MockTurn {
  const chunks: MockChunk[] = [chunk({ role: 'assistant', content: options.text ?? '' })];
  calls.forEach((call, index) => {
    const id = call.id ?? `call_${index + 1}`;
    const args = JSON.stringify(call.args);
    if (options.style === 'whole') {
      chunks.push(chunk({ tool_calls: [{ index, id, type: 'function', function: { name: call.name, arguments: args } }] }));
      return;
    }
    chunks.push(chunk({ tool_calls: [{ index, id, type: 'function', function: { name: call.name, arguments: '' } }] }));
    for (let i = 0; i < args.length; i += 8) {
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: args.slice(i, i + 8) } }] }));
    }
  });
  chunks.push(chunk({}, 'tool_calls'));
  return finishTurn(chunks, options);
}

/**
 * A non-streaming JSON completion (what some local servers send even when asked to stream).
 *
 * @example
 * jsonTurn({ content: 'Hi' }, { usage: { prompt_tokens: 3, completion_tokens: 1 } });
 */
export function jsonTurn(message: Record<string, unknown>, options: { usage?: MockUsage; finishReason?: string } = {}): MockTurn {
  const json: Record<string, unknown> = {
    id: 'chatcmpl-mock',
    object: 'chat.completion',
    created: 0,
    model: 'mock-model',
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: options.finishReason ?? 'stop' }],
  };
  if (options.usage) json.usage = options.usage;
  return { json };
}

/**
 * An HTTP error with an OpenAI-style body `{ error: { message, type } }`.
 *
 * @example
 * errorTurn(429, 'Slow down', { 'retry-after-ms': '10' });
 */
export function errorTurn(status: number, message: string, headers?: Record<string, string>): MockTurn {
  const turn: MockTurn = { status, error: { message, type: status === 429 ? 'rate_limit_error' : 'invalid_request_error', code: null } };
  if (headers) turn.headers = headers;
  return turn;
}

function finishTurn(chunks: MockChunk[], options: TurnOptions): MockTurn {
  if (options.usage) chunks.push(usageChunk(options.usage));
  const turn: MockTurn = { chunks };
  if (options.delayMs !== undefined) turn.delayMs = options.delayMs;
  if (options.hang) turn.hang = true;
  if (options.endDelayMs !== undefined) turn.endDelayMs = options.endDelayMs;
  return turn;
}
