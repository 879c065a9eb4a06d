/**
 * pageloop's events in AG-UI 1.0's event form: one pageloop run (its
 * `AgentEvent`s, live or as a thread stored them) written as the events of
 * AG-UI runs — what `toAgUiAgent` streams to an AG-UI front end and what a
 * thread export in the `ag-ui` format holds. One writer for both, so the two
 * never tell a run differently.
 *
 *   run-start            → RUN_STARTED (+ the user's turn as a user TEXT_MESSAGE_*)
 *   thinking             → REASONING_START, REASONING_MESSAGE_START/CONTENT … END, REASONING_END
 *   text                 → TEXT_MESSAGE_START/CONTENT … END (role assistant)
 *   tool-call-delta/call → TOOL_CALL_START, TOOL_CALL_ARGS …, TOOL_CALL_END (parentMessageId: the reply's message)
 *   tool-result          → TOOL_CALL_RESULT
 *   state                → STATE_SNAPSHOT;  activity → ACTIVITY_SNAPSHOT
 *   approval-request     → RUN_FINISHED { outcome: interrupt, one interrupt per call (id = the call's id) }
 *   input-request        → RUN_FINISHED { outcome: interrupt, reason `input` }
 *   usage                → summed into RUN_FINISHED's `usage`
 *   final                → RUN_FINISHED (success, or cancelled) / RUN_ERROR (error)
 *
 * Invariants (what the official client's `verifyEvents` checks): every
 * message, reasoning span and tool call opened is closed before anything
 * else opens and before the run ends; nothing follows RUN_FINISHED or
 * RUN_ERROR but a new RUN_STARTED (a run resumed after an interrupt). The
 * event objects are plain JSON built from 1.0's types; this file loads no
 * protocol code, so the worker's export and the page's entry both take it.
 */
import type { BaseEvent, Interrupt, Message, TokenUsage } from '@ag-ui/core';
import type { AgentEvent, ApprovalRequest, FinalEvent } from './agent-events.js';
import type { JSONSchema } from './tool-types.js';

/** The interrupt reason of an approval: the answer is `{ approved, args?, message? }`. */
export const APPROVAL_REASON = 'tool_approval';
/** The interrupt reason of a tool that waits for the user's answer: the answer is the tool's result. */
export const INPUT_REASON = 'input';

/** The answer an approval interrupt expects (its `responseSchema`). */
export const APPROVAL_ANSWER_SCHEMA: JSONSchema = {
  type: 'object',
  properties: {
    approved: { type: 'boolean', description: 'true runs the call, false refuses it' },
    args: { description: 'the arguments the call runs with instead of those proposed (an edit)' },
    message: { type: 'string', description: 'why it was refused, for the model' },
  },
  required: ['approved'],
};

/** An AG-UI event as this writer builds it: one of 1.0's, as plain JSON. */
export type AgUiEventData = BaseEvent & Record<string, unknown>;

/** Writes one AG-UI thread's events from pageloop's; one instance per conversation. */
export class AgUiEventWriter {
  readonly #threadId: string;
  readonly #newId: () => string;
  #runId: string | undefined;
  /** The assistant message streaming now (text), and the id of the reply its tool calls hang on. */
  #text: string | undefined;
  #reply: string | undefined;
  #reasoning: string | undefined;
  /** Tool calls whose arguments are streaming: call id → the text sent so far. */
  readonly #calls = new Map<string, string>();
  /** Calls already closed (their TOOL_CALL_END sent), and their names. */
  readonly #closed = new Map<string, string>();
  #usage: { input: number; output: number } | undefined;
  #error: { message: string; code?: string } | undefined;

  constructor(threadId: string, newId: () => string = () => crypto.randomUUID()) {
    this.#threadId = threadId;
    this.#newId = newId;
  }

  /** True between RUN_STARTED and the run's end. */
  get running(): boolean {
    return this.#runId !== undefined;
  }

  /** RUN_STARTED of run `runId`, and the user's turn (`user`) as a user text message when given. */
  start(runId: string, user?: { text: string; id?: string }): AgUiEventData[] {
    this.#runId = runId;
    this.#usage = undefined;
    this.#error = undefined;
    const out: AgUiEventData[] = [{ type: 'RUN_STARTED', threadId: this.#threadId, runId } as AgUiEventData];
    if (user && user.text !== '') {
      const messageId = user.id ?? this.#newId();
      out.push(ev('TEXT_MESSAGE_START', { messageId, role: 'user' }), ev('TEXT_MESSAGE_CONTENT', { messageId, delta: user.text }), ev('TEXT_MESSAGE_END', { messageId }));
    }
    return out;
  }

  /** The AG-UI events of one pageloop event of the run (none for those AG-UI has no place for). */
  write(e: AgentEvent): AgUiEventData[] {
    switch (e.type) {
      case 'thinking':
        return e.delta === '' ? [] : [...this.#open('reasoning'), ev('REASONING_MESSAGE_CONTENT', { messageId: this.#reasoning, delta: e.delta })];
      case 'text':
        return e.delta === '' ? [] : [...this.#open('text'), ev('TEXT_MESSAGE_CONTENT', { messageId: this.#text, delta: e.delta })];
      case 'tool-call-delta':
        return this.#args(e.callId, e.name, e.argsText);
      case 'tool-call': {
        if (e.requestedBy !== undefined || e.interrupt !== undefined || this.#closed.has(e.callId)) return [];
        const out = this.#args(e.callId, e.name, json(e.args), true);
        this.#calls.delete(e.callId);
        this.#closed.set(e.callId, e.name);
        return [...out, ev('TOOL_CALL_END', { toolCallId: e.callId })];
      }
      case 'tool-result': {
        if (!this.#closed.has(e.callId)) return [];
        const content = e.status === 'ok' ? json(e.result) : JSON.stringify({ status: e.status, error: e.error ?? e.status });
        return [...this.#closeStreams(), ev('TOOL_CALL_RESULT', { messageId: this.#newId(), toolCallId: e.callId, role: 'tool', content })];
      }
      case 'state':
        return [...this.#closeStreams(), ev('STATE_SNAPSHOT', { snapshot: e.state ?? {} })];
      case 'activity':
        return [...this.#closeStreams(), ev('ACTIVITY_SNAPSHOT', { messageId: e.messageId, activityType: e.activityType, content: e.content })];
      case 'usage':
        this.#usage = { input: (this.#usage?.input ?? 0) + e.promptTokens, output: (this.#usage?.output ?? 0) + e.completionTokens };
        return [];
      case 'error':
        this.#error = { message: e.message, ...(e.code ? { code: e.code } : {}) };
        return [];
      case 'iteration':
        // A new model call: its reply is a new assistant message.
        return this.#closeReply();
      default:
        return [];
    }
  }

  /** The run's end at approval requests: each call waits as an interrupt (its id the call's), answered by a resumed run. */
  interruptForApprovals(requests: readonly ApprovalRequest[]): AgUiEventData[] {
    return this.#interrupt(requests.map((r) => ({ id: r.callId, reason: APPROVAL_REASON, message: `Approve ${r.name}?`, toolCallId: r.callId, responseSchema: APPROVAL_ANSWER_SCHEMA as Record<string, unknown>, metadata: { tool: r.name, args: r.args } })));
  }

  /** The run's end at a tool that waits for the user: one interrupt, answered with the tool's result. */
  interruptForInput(callId: string, name: string, args: unknown): AgUiEventData[] {
    return this.#interrupt([{ id: callId, reason: INPUT_REASON, message: `${name} waits for your answer.`, toolCallId: callId, metadata: { tool: name, args } }]);
  }

  /** The run's end at pageloop's final event: RUN_FINISHED (success or cancelled), or RUN_ERROR with the run's error. */
  finish(final: FinalEvent): AgUiEventData[] {
    const out = this.#closeReply();
    if (final.reason === 'error') {
      out.push(ev('RUN_ERROR', { message: this.#error?.message ?? (final.text || 'The run failed.'), ...(this.#error?.code ? { code: this.#error.code } : {}), ...this.#usageField() }));
    } else {
      const outcome = final.reason === 'cancelled' || final.reason === 'interrupted' ? { type: 'cancelled' } : { type: 'success' };
      out.push(this.#finished({ outcome, result: { reason: final.reason, text: final.text } }));
    }
    this.#runId = undefined;
    return out;
  }

  /** A MESSAGES_SNAPSHOT of `messages` (the whole conversation, attachments as content parts) inside the current run. */
  snapshot(messages: readonly Message[]): AgUiEventData[] {
    return [...this.#closeReply(), ev('MESSAGES_SNAPSHOT', { messages })];
  }

  #interrupt(interrupts: Interrupt[]): AgUiEventData[] {
    const out = [...this.#closeReply(), this.#finished({ outcome: { type: 'interrupt', interrupts } })];
    this.#runId = undefined;
    return out;
  }

  #finished(fields: Record<string, unknown>): AgUiEventData {
    return ev('RUN_FINISHED', { threadId: this.#threadId, runId: this.#runId ?? this.#newId(), ...fields, ...this.#usageField() });
  }

  #usageField(): { usage?: TokenUsage[] } {
    const u = this.#usage;
    return u ? { usage: [{ inputTokens: u.input, outputTokens: u.output, totalTokens: u.input + u.output }] } : {};
  }

  /** Arguments streaming for call `callId` (the text so far): the call opened once, the new part sent. */
  #args(callId: string, name: string, text: string, final = false): AgUiEventData[] {
    if (this.#closed.has(callId)) return [];
    const out: AgUiEventData[] = [];
    let sent = this.#calls.get(callId);
    if (sent === undefined) {
      out.push(...this.#closeStreams());
      this.#reply ??= this.#newId();
      out.push(ev('TOOL_CALL_START', { toolCallId: callId, toolCallName: name, parentMessageId: this.#reply }));
      sent = '';
    }
    // The arguments as parsed may differ from the text streamed (a repair): what streamed stands, the rest is added only when it continues it.
    const more = text.startsWith(sent) ? text.slice(sent.length) : final ? '' : undefined;
    if (more) out.push(ev('TOOL_CALL_ARGS', { toolCallId: callId, delta: more }));
    this.#calls.set(callId, more === undefined ? sent : sent + more);
    return out;
  }

  /** Opens a text or reasoning stream, closing the other kind (and any streaming call) first. */
  #open(kind: 'text' | 'reasoning'): AgUiEventData[] {
    if (kind === 'text' && this.#text !== undefined) return [];
    if (kind === 'reasoning' && this.#reasoning !== undefined) return [];
    const out = this.#closeStreams();
    if (kind === 'reasoning') {
      const messageId = (this.#reasoning = this.#newId());
      out.push(ev('REASONING_START', { messageId }), ev('REASONING_MESSAGE_START', { messageId, role: 'reasoning' }));
    } else {
      // The reply's text and its tool calls are one assistant message: text after a call starts a new one.
      const messageId = this.#reply && this.#closed.size === 0 && this.#calls.size === 0 ? this.#reply : this.#newId();
      this.#text = this.#reply = messageId;
      out.push(ev('TEXT_MESSAGE_START', { messageId, role: 'assistant' }));
    }
    return out;
  }

  /** Closes what streams: the text message, the reasoning span, calls whose arguments were streaming. */
  #closeStreams(): AgUiEventData[] {
    const out: AgUiEventData[] = [];
    if (this.#text !== undefined) out.push(ev('TEXT_MESSAGE_END', { messageId: this.#text }));
    if (this.#reasoning !== undefined) out.push(ev('REASONING_MESSAGE_END', { messageId: this.#reasoning }), ev('REASONING_END', { messageId: this.#reasoning }));
    this.#text = this.#reasoning = undefined;
    return out;
  }

  /** Closes the current reply: its streams, and calls still streaming (a call the model never finished). */
  #closeReply(): AgUiEventData[] {
    const out = this.#closeStreams();
    for (const [callId] of this.#calls) {
      out.push(ev('TOOL_CALL_END', { toolCallId: callId }));
      this.#closed.set(callId, '');
    }
    this.#calls.clear();
    this.#reply = undefined;
    return out;
  }
}

function ev(type: string, fields: Record<string, unknown>): AgUiEventData {
  return { type, ...fields } as AgUiEventData;
}

/** A value as the JSON text AG-UI carries arguments and results in. */
function json(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value ?? null);
  } catch {
    return String(value);
  }
}
