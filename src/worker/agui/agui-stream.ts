/**
 * One remote run's AG-UI events, as pageloop's events: a subscriber of the
 * official client (`AgentSubscriber`), which has already parsed the stream,
 * turned `*_CHUNK` events into start/content/end, verified the order and
 * applied every change to its messages and state (JSON Patch included) —
 * this only says what each means here, and remembers how the run ended.
 *
 * Servers differ from the spec's happy path, and every form the protocol
 * allows is read: text only as chunks (Mastra), reasoning as `REASONING_*`,
 * tool results inside the run (a server-side tool) or none (a frontend tool,
 * listed as pending or not), the whole conversation as a `MESSAGES_SNAPSHOT`
 * with nothing streamed (what it holds that was not shown is shown then).
 */
import type { AgentSubscriber, Interrupt, Message } from '@ag-ui/client';
import type { AgentEvent } from '../../types.js';

/** How a remote run ended, as its last event said. */
export type RunEnd =
  | { type: 'success'; pending: string[] }
  | { type: 'interrupt'; interrupts: Interrupt[] }
  | { type: 'cancelled' }
  | { type: 'error'; message: string; code?: string };

/** Maps one remote run's events to pageloop's, and keeps what the run loop needs after it. */
export class StreamMapper implements AgentSubscriber {
  /** How the run ended; undefined while it goes (or when the stream stopped without saying). */
  end: RunEnd | undefined;
  /** The server's thread id, from `RUN_STARTED`. */
  threadId: string | undefined;
  /** The text of the run's last assistant message, for the final event. */
  lastText = '';
  readonly #emit: (event: AgentEvent) => void;
  /** Ids of messages and tool calls already shown (those sent, and those streamed). */
  readonly #shown: Set<string>;
  /** The text messages streaming now that are the assistant's (a server may stream a user or system message too). */
  readonly #assistantText = new Set<string>();
  /** The assistant's text shown so far, by message id. */
  readonly #texts = new Map<string, string>();
  /** Tool names by call id. */
  readonly #calls = new Map<string, string>();
  /** The activity an `ACTIVITY_*` event just changed: shown once the client has applied it. */
  #activity: string | undefined;

  constructor(emit: (event: AgentEvent) => void, shown: Set<string>) {
    this.#emit = emit;
    this.#shown = shown;
  }

  /** The tool named in call `id` of this run, if it was streamed. */
  toolName(id: string): string | undefined {
    return this.#calls.get(id);
  }

  onRunStartedEvent: AgentSubscriber['onRunStartedEvent'] = ({ event }) => {
    this.threadId = event.threadId;
  };

  onTextMessageStartEvent: AgentSubscriber['onTextMessageStartEvent'] = ({ event }) => {
    this.#shown.add(event.messageId);
    if (event.role !== undefined && event.role !== 'assistant') return;
    this.#assistantText.add(event.messageId);
    this.lastText = '';
  };

  onTextMessageContentEvent: AgentSubscriber['onTextMessageContentEvent'] = ({ event }) => {
    if (!this.#assistantText.has(event.messageId) || event.delta === '') return;
    this.lastText += event.delta;
    this.#texts.set(event.messageId, (this.#texts.get(event.messageId) ?? '') + event.delta);
    this.#emit({ type: 'text', delta: event.delta });
  };

  /** The assistant messages whose text was shown, by id: what a broken stream must not take back. */
  shownTexts(): ReadonlyMap<string, string> {
    return this.#texts;
  }

  onReasoningMessageContentEvent: AgentSubscriber['onReasoningMessageContentEvent'] = ({ event }) => {
    this.#shown.add(event.messageId);
    if (event.delta !== '') this.#emit({ type: 'thinking', delta: event.delta });
  };

  onToolCallStartEvent: AgentSubscriber['onToolCallStartEvent'] = ({ event }) => {
    this.#shown.add(event.toolCallId);
    this.#calls.set(event.toolCallId, event.toolCallName);
    this.#emit({ type: 'tool-call-delta', callId: event.toolCallId, name: event.toolCallName, argsText: '' });
  };

  onToolCallArgsEvent: AgentSubscriber['onToolCallArgsEvent'] = ({ event, toolCallBuffer, toolCallName }) => {
    this.#emit({ type: 'tool-call-delta', callId: event.toolCallId, name: toolCallName, argsText: toolCallBuffer });
  };

  onToolCallEndEvent: AgentSubscriber['onToolCallEndEvent'] = ({ event, toolCallName, toolCallArgs }) => {
    this.#callShown(event.toolCallId, toolCallName, toolCallArgs);
  };

  onToolCallResultEvent: AgentSubscriber['onToolCallResultEvent'] = ({ event }) => {
    this.#shown.add(event.messageId);
    this.#resultShown(event.toolCallId, event.content);
  };

  onStateChanged: AgentSubscriber['onStateChanged'] = ({ state }) => {
    this.#emit({ type: 'state', state: structuredClone(state) });
  };

  onEvent: AgentSubscriber['onEvent'] = ({ event }) => {
    const changed = event as { type: string; messageId?: string };
    this.#activity = changed.type === 'ACTIVITY_SNAPSHOT' || changed.type === 'ACTIVITY_DELTA' ? changed.messageId : undefined;
  };

  onMessagesChanged: AgentSubscriber['onMessagesChanged'] = ({ messages }) => {
    const id = this.#activity;
    if (id === undefined) return;
    this.#activity = undefined;
    const message = messages.find((m) => m.id === id);
    if (message?.role === 'activity') this.#emit({ type: 'activity', messageId: id, activityType: message.activityType, content: structuredClone(message.content) });
  };

  onMessagesSnapshotEvent: AgentSubscriber['onMessagesSnapshotEvent'] = ({ event }) => {
    for (const message of event.messages) this.#showSnapshotted(message);
  };

  onRunFinishedEvent: AgentSubscriber['onRunFinishedEvent'] = (params) => {
    const usage = params.event.usage ?? [];
    if (usage.length > 0) {
      const sum = (pick: (u: (typeof usage)[number]) => number | undefined) => usage.reduce((n, u) => n + (pick(u) ?? 0), 0);
      this.#emit({ type: 'usage', promptTokens: sum((u) => u.inputTokens), completionTokens: sum((u) => u.outputTokens) });
    }
    if (params.outcome === 'interrupt') this.end = { type: 'interrupt', interrupts: params.interrupts };
    else if (params.outcome === 'cancelled') this.end = { type: 'cancelled' };
    else this.end = { type: 'success', pending: [...params.pendingToolCallIds] };
  };

  onRunErrorEvent: AgentSubscriber['onRunErrorEvent'] = ({ event }) => {
    this.end = { type: 'error', message: event.message, ...(event.code ? { code: event.code } : {}) };
  };

  #callShown(callId: string, name: string, args: unknown): void {
    this.#shown.add(callId);
    this.#calls.set(callId, name);
    this.#emit({ type: 'tool-call', callId, name, args });
  }

  #resultShown(callId: string, content: string | readonly unknown[], error?: string): void {
    const name = this.#calls.get(callId) ?? 'tool';
    const result = typeof content === 'string' ? parsed(content) : content;
    this.#emit(error ? { type: 'tool-result', callId, name, status: 'error', error } : { type: 'tool-result', callId, name, status: 'ok', result });
  }

  /** A message of a snapshot nothing streamed: shown now, as if it had been. */
  #showSnapshotted(message: Message): void {
    if (this.#shown.has(message.id)) return;
    this.#shown.add(message.id);
    if (message.role === 'assistant') {
      if (message.content) {
        this.lastText = message.content;
        this.#emit({ type: 'text', delta: message.content });
      }
      for (const call of message.toolCalls ?? []) if (!this.#shown.has(call.id)) this.#callShown(call.id, call.function.name, parsed(call.function.arguments));
    } else if (message.role === 'tool') {
      this.#resultShown(message.toolCallId, message.content, message.error);
    } else if (message.role === 'reasoning') {
      this.#emit({ type: 'thinking', delta: message.content });
    } else if (message.role === 'activity') {
      this.#emit({ type: 'activity', messageId: message.id, activityType: message.activityType, content: structuredClone(message.content) });
    }
  }
}

/** A result or arguments as sent: JSON when it reads as JSON, else the text itself. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
