/**
 * Keeps what is SENT to the model inside its context window; the canonical
 * history (stored thread, `messages()`) is never changed.
 *
 * Before each model call the request is estimated; when it would not leave
 * room for the answer, the oldest turns are folded into a summary (one extra
 * model call with a short prompt; the summary travels in the system prompt,
 * the "system side", because many chat templates refuse a second system
 * message), or, when that call fails, dropped oldest-first. Tool results
 * larger than a share of the window are cut with a note that says how to read
 * on (`read_result`), the full text staying in the history. The current user
 * message, when it alone is larger than a share of the window (a pasted 1 MB
 * text), is sent as its start and its end with a note of what was left out
 * between them; the user's full text stays in the history.
 *
 * Invariants:
 * - A tool call and its results are folded, dropped and kept together (a
 *   "unit"), so the sent history stays valid for every provider.
 * - Never folded: the system prompt, the current user turn (the last user
 *   message), system notes in the history (a plan), and the latest step.
 * - What was folded stays folded (the summary is reused, not re-asked), and
 *   a fold goes down to about half the budget, so folding is rare.
 */
import type { ChatMessage, ContextEvent, SummaryCall } from '../types.js';
import { DEFAULT_CONTEXT_TOKENS, TokenEstimator, readOverflow, type ToolCallingModel, type TurnRequest } from '../model/loop-door.js';
import { isAbortError } from '../errors.js';
import { abortable } from '../abortable.js';
import { READ_RESULT, READ_RESULT_TOOL } from './calls/index.js';
import { traceNow } from './trace/index.js';

/** Below this many tokens a request fits any server worth talking to: no need to ask for the window. */
const SMALL_REQUEST = 1024;

/** The prompt of the summary call. */
export const SUMMARY_PROMPT =
  'You compress conversations. Summarise the conversation below for the assistant who will continue it: ' +
  "the user's goals and preferences, facts learned, tool calls made and what they returned, decisions, and what is still open. " +
  'Be brief and concrete (at most 150 words). Write only the summary.';

/** Options of a `ContextBudget`. */
export interface ContextBudgetOptions {
  /** The window the app set; when absent it is learned (`probe`, overflow errors) or 8192. */
  contextTokens?: number;
  /** Asks the server for its window; absent when the model is not an HTTP endpoint. */
  probe?: (signal: AbortSignal) => Promise<number | undefined>;
}

/** A request made to fit, and what was done to it. */
export interface FittedRequest {
  request: TurnRequest;
  events: ContextEvent[];
}

/** The model call that writes a summary (the loop's model). */
export type Summarizer = Pick<ToolCallingModel, 'turn'>;

interface Unit {
  start: number;
  end: number;
  pinned: boolean;
}

/**
 * One agent's context budget: its window, its token estimate, and what of
 * its history is folded.
 *
 * @example
 * const budget = new ContextBudget({ contextTokens: 4096 });
 * const { request, events } = await budget.fit({ system, history, tools, endingTools }, model, signal);
 */
export class ContextBudget {
  /** Learns from the `usage` the server reports. */
  readonly estimator = new TokenEstimator();
  #set: number | undefined;
  #learned: number | undefined;
  #probe: ContextBudgetOptions['probe'];
  #probed: Promise<void> | undefined;
  /** Indices of history messages no longer sent, and the summary sent instead. */
  #covered = new Set<number>();
  #summary = '';
  #dropped = 0;
  #reportedCuts = new Set<string>();
  #cuts = new WeakMap<ChatMessage, { share: number; message: ChatMessage }>();
  #lastEstimate = 0;
  #shareChars = 4000;

  constructor(options: ContextBudgetOptions = {}) {
    this.#set = options.contextTokens;
    this.#probe = options.probe;
  }

  /** The window budgeted for: the smaller of what the app set and what the server stated. */
  get window(): number {
    if (this.#set !== undefined && this.#learned !== undefined) return Math.min(this.#set, this.#learned);
    return this.#set ?? this.#learned ?? DEFAULT_CONTEXT_TOKENS;
  }

  /** The window as the app set it or the server stated it; undefined while only the default is assumed (not worth showing as fact). */
  get knownWindow(): number | undefined {
    return this.#set === undefined && this.#learned === undefined ? undefined : this.window;
  }

  /** The most a `read_result` page may hold, in characters (a share of the budget). */
  get pageChars(): number {
    return this.#shareChars;
  }

  /** Changes the window the app set (undefined: learn it again). */
  setContextTokens(contextTokens: number | undefined): void {
    this.#set = contextTokens;
  }

  /** Forgets what was folded (the history was cleared or replaced). */
  reset(): void {
    this.#covered = new Set();
    this.#summary = '';
    this.#dropped = 0;
    this.#reportedCuts = new Set();
  }

  /** Learns from the prompt size the server reported for the last request. */
  observeUsage(promptTokens: number): void {
    this.estimator.observe(this.#lastEstimate, promptTokens);
  }

  /**
   * Learns from an overflow error: the window and request size it states, or,
   * when it states neither, that the window is smaller than what was sent.
   */
  overflowed(message: string): void {
    const { contextTokens, promptTokens } = readOverflow(message);
    if (promptTokens) this.estimator.observe(this.#lastEstimate, promptTokens);
    if (contextTokens) this.#learned = contextTokens;
    else if (!promptTokens) this.#learned = Math.max(512, Math.floor(Math.min(this.window, this.#lastEstimate) * 0.75));
  }

  /**
   * The request to send: big tool results cut, old turns folded (asking
   * `model` for a summary) or dropped, so it leaves room for the answer.
   * `force` folds even when the estimate says it fits (the server said it
   * does not). Throws only an AbortError.
   */
  async fit(request: TurnRequest, model: Summarizer, signal: AbortSignal, force = false): Promise<FittedRequest> {
    const events: ContextEvent[] = [];
    const history = request.history;
    if (this.#covered.size > 0 && [...this.#covered].some((i) => i >= history.length)) this.reset();
    await this.#learnWindow(request, signal);
    const window = this.window;
    const limit = window - Math.min(2048, Math.max(256, Math.floor(window / 4)));
    const share = Math.max(200, Math.floor(limit * 0.3));

    const current = lastUserIndex(history);
    // The current message may take what the system prompt and tools leave, at most 60 % of the budget.
    const userShare = Math.max(200, Math.min(Math.floor(limit * 0.6), limit - this.estimator.prompt({ ...request, history: [] }) - 64));
    const sent = history.map((m, i) => (i === current ? this.#cutUser(m, userShare, window, events) : this.#cut(m, share, window, events)));
    const build = (): TurnRequest => {
      const kept = sent.filter((_, i) => !this.#covered.has(i));
      const cut = sent.some((m, i) => m !== history[i] && !this.#covered.has(i));
      const tools = cut && !request.tools.some((t) => t.name === READ_RESULT) ? [...request.tools, READ_RESULT_TOOL] : request.tools;
      return { ...request, system: this.#systemWithNote(request.system), history: kept, tools };
    };
    let fitted = build();
    let estimate = this.estimator.prompt(fitted);
    if (estimate <= limit && !force) {
      this.#lastEstimate = estimate;
      return { request: fitted, events };
    }

    // Fold oldest-first down to about half the budget, keeping room for the summary.
    const before = estimate;
    const target = Math.floor(limit * 0.5);
    const noteRoom = Math.min(400, Math.floor(limit * 0.15));
    const units = unitsOf(history);
    const folding: number[] = [];
    for (const unit of units) {
      if (estimate + noteRoom <= target) break;
      if (unit.pinned || this.#covered.has(unit.start)) continue;
      for (let i = unit.start; i < unit.end; i++) {
        folding.push(i);
        estimate -= this.estimator.message(sent[i]!);
      }
    }
    if (folding.length > 0) {
      const { text: summary, call } = await this.#summarize(folding.map((i) => history[i]!), limit, model, signal);
      for (const i of folding) this.#covered.add(i);
      if (summary) this.#summary = summary;
      else this.#dropped += folding.length;
      fitted = build();
      estimate = this.estimator.prompt(fitted);
      const event: ContextEvent = { type: 'context', action: summary ? 'folded' : 'dropped', messages: folding.length, before, after: estimate, contextTokens: window, summaryCall: call };
      if (summary) event.summary = summary;
      events.push(event);
    }
    this.#lastEstimate = estimate;
    return { request: fitted, events };
  }

  /**
   * Answers a `read_result` call from the canonical history (where the full
   * result is kept): a page of at most `pageChars` characters.
   */
  readResult(history: readonly ChatMessage[], args: unknown): { ok: true; text: string } | { ok: false; error: string } {
    const record = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
    const callId = record.callId;
    if (typeof callId !== 'string') return { ok: false, error: 'read_result needs `callId`: the id of the call whose result was cut.' };
    const found = history.find((m): m is Extract<ChatMessage, { role: 'tool' }> => m.role === 'tool' && m.tool_call_id === callId);
    if (!found) return { ok: false, error: `No tool result with callId "${callId}".` };
    const total = found.content.length;
    const offset = Math.max(0, Math.floor(Number(record.offset) || 0));
    const asked = Math.floor(Number(record.length) || this.#shareChars);
    const length = Math.max(1, Math.min(asked, this.#shareChars));
    if (offset >= total) return { ok: false, error: `Offset ${offset} is past the end: the result has ${total} characters.` };
    const end = Math.min(total, offset + length);
    const more = end < total ? ` ${total - end} more: read_result {"callId":"${callId}","offset":${end}}.` : ' That is the end.';
    return { ok: true, text: `${found.content.slice(offset, end)}\n[Characters ${offset}–${end} of ${total}.${more}]` };
  }

  async #learnWindow(request: TurnRequest, signal: AbortSignal): Promise<void> {
    if (this.#set !== undefined || this.#learned !== undefined || !this.#probe) return;
    // A small request fits anyway; ask the server only once it matters.
    if (this.estimator.prompt(request) <= SMALL_REQUEST) return;
    const probe = this.#probe;
    this.#probed ??= probe(signal).then(
      (n) => {
        if (n && this.#learned === undefined) this.#learned = n;
      },
      () => {},
    );
    // Shared by every run that asks while it goes, so each waits for it only as long as its own signal lets it.
    await abortable(this.#probed, signal);
  }

  /** A tool result cut to `share` tokens, with a note; other messages as they are (same object). */
  #cut(message: ChatMessage, share: number, window: number, events: ContextEvent[]): ChatMessage {
    if (message.role !== 'tool') return message;
    const tokens = this.estimator.message(message);
    if (tokens <= share) return message;
    const known = this.#cuts.get(message);
    if (known && known.share === share) return known.message;
    const total = message.content.length;
    const keep = Math.max(200, Math.floor((total * share) / tokens) - 200);
    this.#shareChars = Math.max(500, keep);
    const note = `\n[Cut to fit the context: showing characters 0–${keep} of ${total}. The full result is kept; read on with read_result {"callId":"${message.tool_call_id}","offset":${keep}}.]`;
    // The tool's files stay with its (cut) result: a message's parts are never split.
    const cut: ChatMessage = { role: 'tool', tool_call_id: message.tool_call_id, content: message.content.slice(0, keep) + note, ...(message.attachments ? { attachments: message.attachments } : {}) };
    this.#cuts.set(message, { share, message: cut });
    if (!this.#reportedCuts.has(message.tool_call_id)) {
      this.#reportedCuts.add(message.tool_call_id);
      events.push({ type: 'context', action: 'cut', messages: 1, before: tokens, after: this.estimator.message(cut), contextTokens: window, callId: message.tool_call_id });
    }
    return cut;
  }

  /**
   * The current user message when it alone is over `share` tokens: its start (two thirds) and end (one third),
   * with a note of what was left out between them; otherwise as it is (same object).
   */
  #cutUser(message: ChatMessage, share: number, window: number, events: ContextEvent[]): ChatMessage {
    if (message.role !== 'user') return message;
    const tokens = this.estimator.message(message);
    if (tokens <= share) return message;
    const known = this.#cuts.get(message);
    if (known && known.share === share) return known.message;
    const total = message.content.length;
    const keep = Math.max(200, Math.floor((total * share) / tokens) - 300);
    const head = Math.floor((keep * 2) / 3);
    const tail = keep - head;
    const note = `\n\n[… ${total - keep} of the message's ${total} characters left out here: it is too long for the model's context window (${window} tokens). The user's full message is kept in the conversation …]\n\n`;
    const cut: ChatMessage = { ...message, content: message.content.slice(0, head) + note + message.content.slice(total - tail) };
    this.#cuts.set(message, { share, message: cut });
    events.push({ type: 'context', action: 'cut', messages: 1, before: tokens, after: this.estimator.message(cut), contextTokens: window });
    return cut;
  }

  #systemWithNote(system: string): string {
    const notes: string[] = [];
    if (this.#summary) notes.push(`Summary of the earlier conversation (folded to fit the context window):\n${this.#summary}`);
    if (this.#dropped > 0) notes.push(`(${this.#dropped} earlier messages were left out to fit the context window.)`);
    return notes.length === 0 ? system : [system, ...notes].filter(Boolean).join('\n\n');
  }

  /** The summary of the earlier summary plus `messages` ('' when the call failed), and the call's times and usage for the trace. Rethrows aborts. */
  async #summarize(messages: ChatMessage[], limit: number, model: Summarizer, signal: AbortSignal): Promise<{ text: string; call: SummaryCall }> {
    // The summary call must fit too: each message is shortened, the whole transcript bounded.
    const room = Math.max(200, limit - this.estimator.text(SUMMARY_PROMPT) - 300);
    const lines: string[] = [];
    if (this.#summary) lines.push(`Earlier summary: ${this.#summary}`);
    let used = lines.length > 0 ? this.estimator.text(lines[0]!) : 0;
    const perMessage = Math.max(80, Math.floor((room / Math.max(1, messages.length)) * 3));
    for (const m of messages) {
      const line = transcriptLine(m, perMessage);
      const tokens = this.estimator.text(line);
      if (used + tokens > room) continue;
      used += tokens;
      lines.push(line);
    }
    let text = '';
    const call: SummaryCall = { startTime: traceNow(), endTime: 0 };
    try {
      const request: TurnRequest = { system: SUMMARY_PROMPT, history: [{ role: 'user', content: lines.join('\n') }], tools: [], endingTools: [] };
      for await (const event of model.turn(request, signal)) {
        if (event.type === 'done') text = event.text;
        else if (event.type === 'usage') Object.assign(call, { inputTokens: event.promptTokens, outputTokens: event.completionTokens });
      }
    } catch (err) {
      if (signal.aborted || isAbortError(err)) throw err;
      call.error = err instanceof Error ? err.message : String(err);
      text = '';
    }
    call.endTime = traceNow();
    return { text: text.trim().slice(0, 4000), call };
  }
}

/** The index of the last user message (the current turn), or -1. */
function lastUserIndex(history: readonly ChatMessage[]): number {
  for (let i = history.length - 1; i >= 0; i--) if (history[i]!.role === 'user') return i;
  return -1;
}

/** The history cut into units: a user message, or an assistant message with its tool results. */
function unitsOf(history: readonly ChatMessage[]): Unit[] {
  const units: Unit[] = [];
  for (let i = 0; i < history.length; ) {
    const start = i;
    const m = history[i]!;
    i++;
    if (m.role === 'assistant' && m.tool_calls?.length) while (i < history.length && history[i]!.role === 'tool') i++;
    else if (m.role === 'tool') while (i < history.length && history[i]!.role === 'tool') i++;
    units.push({ start, end: i, pinned: m.role === 'system' });
  }
  const lastUser = lastUserIndex(history);
  for (const unit of units) if (unit.start === lastUser) unit.pinned = true;
  if (units.length > 0) units[units.length - 1]!.pinned = true;
  return units;
}

/** One message as a line of the summary call's transcript, at most `max` characters of content. */
function transcriptLine(m: ChatMessage, max: number): string {
  const clip = (s: string): string => (s.length > max ? `${s.slice(0, max)}…` : s);
  // A folded message's files are named in the summary's transcript; their bytes are not sent to the summary call.
  const files = (m.role === 'user' || m.role === 'tool') && m.attachments?.length ? ` [attached: ${m.attachments.map((f) => f.name).join(', ')}]` : '';
  switch (m.role) {
    case 'tool':
      return `Tool result (${m.tool_call_id}): ${clip(m.content)}${files}`;
    case 'assistant': {
      const calls = (m.tool_calls ?? []).map((c) => `called ${c.function.name}(${clip(c.function.arguments)})`).join('; ');
      return `Assistant: ${[m.content ? clip(m.content) : '', calls].filter(Boolean).join(' — ')}`;
    }
    case 'user':
      return `User: ${clip(m.content)}${files}`;
    case 'system':
      return `Note: ${clip(m.content)}`;
  }
}
