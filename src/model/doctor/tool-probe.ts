/**
 * The doctor's one real request: a trivial tool (`get_weather {city}`) offered
 * natively, a question that needs it, and a reply capped at 64 tokens. What
 * comes back says whether the model calls tools natively or must use the text
 * protocol, what the stream looks like (the quirks the model layer copes
 * with: where usage comes, which reasoning field, how call arguments arrive)
 * and how long the first token took. The body is read by the same reader and
 * assembler the agent uses (response-reader.ts, stream-assembler.ts), so the
 * probe sees the reply as a run would; each raw chunk is also looked at here.
 */
import { PageloopError, errorMessage } from '../../errors.js';
import { readCompletionChunks } from '../response-reader.js';
import { StreamAssembler } from '../stream-assembler.js';
import { saysToolsUnsupported } from '../model-errors.js';
import { line } from '../../diagnosis-lines.js';
import type { DiagnosisLine } from '../../diagnosis-types.js';

/** The reply's cap: enough for one short call, little enough to cost nothing. */
export const PROBE_MAX_TOKENS = 64;

/** The probe's tool: one every model has seen the like of. */
export const PROBE_TOOL = 'get_weather';

/** What the probe found. */
export interface ProbeResult {
  /**
   * `native`: a native call of the tool; `text-call`: the call written as text
   * in the reply; `text`: an answer without a call; `thinking`: the budget went
   * on reasoning; `refused`: the server refused `tools`; `error`: another failure.
   */
  outcome: 'native' | 'text-call' | 'text' | 'thinking' | 'refused' | 'error';
  /** The server's words, for `refused` and `error`. */
  message?: string;
  /** From sending the request to the first reply token (text, reasoning or call), in ms. */
  firstTokenMs?: number;
  totalMs: number;
  /** What the stream showed, one line each (src/diagnosis-lines.ts `dxQuirk…`). */
  quirks: DiagnosisLine[];
  /** True when the server reported token usage. */
  usage: boolean;
}

/** Where and how to send the probe. */
export interface ProbeTarget {
  endpoint: string;
  model: string;
  headers: Record<string, string>;
  fetch: typeof fetch;
}

/** Sends the probe and reads its reply. Rejects only when `signal` fires (code `aborted`). */
export async function probeTools(target: ProbeTarget, signal: AbortSignal): Promise<ProbeResult> {
  const started = performance.now();
  const body = {
    model: target.model,
    messages: [{ role: 'user', content: 'What is the weather in Paris? Call the get_weather tool.' }],
    tools: [{ type: 'function', function: { name: PROBE_TOOL, description: 'Gets the current weather in a city.', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }],
    stream: true,
    stream_options: { include_usage: true },
    max_tokens: PROBE_MAX_TOKENS,
    temperature: 0,
  };
  const quirks = new StreamQuirks();
  let firstTokenMs: number | undefined;
  let thinking = '';
  const done = (outcome: ProbeResult['outcome'], message?: string): ProbeResult => ({
    outcome,
    ...(message === undefined ? {} : { message }),
    ...(firstTokenMs === undefined ? {} : { firstTokenMs: Math.round(firstTokenMs) }),
    totalMs: Math.round(performance.now() - started),
    quirks: quirks.list(),
    usage: quirks.usage,
  });
  try {
    const response = await target.fetch(`${target.endpoint}/chat/completions`, {
      method: 'POST',
      headers: { ...target.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
    if (!response.ok) {
      const message = `${readError(await response.text())} (HTTP ${response.status})`;
      return done(saysToolsUnsupported(message) ? 'refused' : 'error', message);
    }
    if (!/event-stream/i.test(response.headers.get('content-type') ?? '')) quirks.note(line('dxQuirkJson'));
    const assembler = new StreamAssembler();
    for await (const chunk of readCompletionChunks(response, { idleTimeoutMs: 60_000, endpoint: target.endpoint })) {
      quirks.see(chunk);
      for (const event of assembler.push(chunk)) {
        if (event.type === 'thinking') thinking += event.delta;
        if (firstTokenMs === undefined && (event.type === 'text' || event.type === 'thinking' || event.type === 'tool-call-delta')) firstTokenMs = performance.now() - started;
      }
    }
    if (signal.aborted) throw new PageloopError('aborted', 'The diagnosis was cancelled.');
    let reply: { text: string; calls: string[]; finishReason: string | null };
    try {
      const last = assembler.finish().find((e) => e.type === 'done');
      reply = last?.type === 'done' ? { text: last.text, calls: last.toolCalls.map((c) => c.name), finishReason: last.finishReason } : { text: '', calls: [], finishReason: null };
    } catch {
      // An empty reply: nothing but reasoning (or nothing at all) within the budget.
      return done(thinking ? 'thinking' : 'text');
    }
    if (reply.calls.length > 0 && reply.finishReason !== null && reply.finishReason !== 'tool_calls') quirks.note(line('dxQuirkFinish', reply.finishReason));
    if (reply.calls.includes(PROBE_TOOL)) return done('native');
    if (reply.text.includes(PROBE_TOOL)) return done('text-call');
    return done(reply.finishReason === 'length' && thinking ? 'thinking' : 'text');
  } catch (err) {
    if (signal.aborted) throw new PageloopError('aborted', 'The diagnosis was cancelled.');
    return done('error', errorMessage(err));
  }
}

/** The message of an error body, whatever its shape (`{error:{message}}`, vLLM's `{message}`, `{detail}`, text). */
function readError(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown; detail?: unknown };
    const error = body.error;
    if (typeof error === 'string') return error;
    if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message;
    if (typeof body.message === 'string') return body.message;
    if (typeof body.detail === 'string') return body.detail;
  } catch {
    // not JSON: the text itself
  }
  return text.slice(0, 300) || 'no message';
}

/** Notes, chunk by chunk, the shapes the model layer copes with. */
class StreamQuirks {
  usage = false;
  /** Each noted line once, by its id and values. */
  #notes = new Map<string, DiagnosisLine>();
  #chunks = 0;
  #usageOnEmpty = false;
  #usageChunks = 0;
  #argPieces = 0;

  note(said: DiagnosisLine): void {
    this.#notes.set(JSON.stringify(said), said);
  }

  see(chunk: unknown): void {
    if (typeof chunk !== 'object' || chunk === null) return;
    const c = chunk as Record<string, unknown>;
    this.#chunks += 1;
    if (typeof c.usage === 'object' && c.usage !== null) {
      this.usage = true;
      this.#usageChunks += 1;
      if (Array.isArray(c.choices) && c.choices.length === 0) this.#usageOnEmpty = true;
    }
    const choice = Array.isArray(c.choices) ? (c.choices[0] as Record<string, unknown> | undefined) : undefined;
    const delta = (choice?.delta ?? choice?.message) as Record<string, unknown> | undefined;
    if (!delta) return;
    if (typeof delta.reasoning_content === 'string' && delta.reasoning_content !== '') this.note(line('dxQuirkReasoningContent'));
    if (typeof delta.reasoning === 'string' && delta.reasoning !== '') this.note(line('dxQuirkReasoning'));
    if (typeof delta.content === 'string' && /<think>/.test(delta.content)) this.note(line('dxQuirkThink'));
    for (const call of Array.isArray(delta.tool_calls) ? (delta.tool_calls as Record<string, unknown>[]) : []) {
      const fn = (call.function ?? {}) as Record<string, unknown>;
      if (fn.arguments !== undefined && fn.arguments !== '') this.#argPieces += 1;
      if (typeof fn.arguments === 'object' && fn.arguments !== null) this.note(line('dxQuirkArgsObject'));
      if (call.index === undefined) this.note(line('dxQuirkNoIndex'));
      if (typeof fn.name === 'string' && call.id === undefined) this.note(line('dxQuirkNoId'));
    }
  }

  list(): DiagnosisLine[] {
    const out: DiagnosisLine[] = [];
    if (this.usage) out.push(line(this.#usageOnEmpty ? 'dxQuirkUsageEmpty' : this.#usageChunks > 1 ? 'dxQuirkUsageEvery' : 'dxQuirkUsageLast'));
    else out.push(line('dxQuirkNoUsage'));
    if (this.#argPieces === 1) out.push(line('dxQuirkArgsOne'));
    else if (this.#argPieces > 1) out.push(line('dxQuirkArgsPieces', this.#argPieces));
    return [...out, ...this.#notes.values()];
  }
}
