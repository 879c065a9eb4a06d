/**
 * The spans of one run, built from the run's own events as they are emitted
 * (DESIGN.md: traces are recorded in the worker from the loop's events):
 * `run-start` opens the run's `invoke_agent` span; each `iteration` opens a
 * `chat` span, which its reply's first `tool-call` (or the next iteration, or
 * the final) closes; each `tool-call` opens an `execute_tool` span, beside
 * the chat spans under the run as the GenAI conventions nest them, closed by
 * its `tool-result`. A sub-agent's events (`sub-agent`) go to a run of their
 * own, nested under its `dispatch_agent` call. Retries, context folds, cuts
 * and drops, approvals and the start gate become span events and attributes.
 *
 * Content (input, replies, arguments, results) is kept only when asked; the
 * events reaching here are already free of the API key (SessionState).
 */
import type { AgentEvent, FinalEvent } from '../types.js';
import type { TraceSpan, TraceValue } from '../trace-types.js';

/** What a run's spans say about where its model lives. */
export interface TraceTarget {
  /** `gen_ai.provider.name`. */
  provider: string;
  model: string;
  /** The model a sub-agent of the run asks. */
  childModel: string;
  /** The endpoint's host and port, when there is an endpoint. */
  address?: string;
  port?: number;
  content: boolean;
}

/** Milliseconds since the epoch, to the fraction the clock gives. */
export const traceNow = (): number => performance.timeOrigin + performance.now();

/** `bytes` random bytes as hex: trace ids (16) and span ids (8). */
export function randomHex(bytes: number): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  let hex = '';
  for (const b of raw) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** Where a finished or new span goes (the thread's recorder). */
export interface SpanSink {
  opened(span: TraceSpan): void;
  closed(span: TraceSpan): void;
}

/** The spans of one run (or one sub-agent's run), fed its events in order. */
export class RunTrace {
  readonly root: TraceSpan;
  readonly #target: TraceTarget;
  readonly #sink: SpanSink;
  #chat: { span: TraceSpan; calls: number; firstToken: boolean; text: string } | undefined;
  readonly #tools = new Map<string, { span: TraceSpan; askedAt?: number }>();
  readonly #children = new Map<string, RunTrace>();
  #input = 0;
  #output = 0;

  constructor(runId: string, target: TraceTarget, sink: SpanSink, parent?: { traceId: string; spanId: string }, attributes: Record<string, TraceValue> = {}) {
    this.#target = target;
    this.#sink = sink;
    this.root = this.#open('invoke_agent', parent, runId, {
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': parent ? 'pageloop.sub_agent' : 'pageloop',
      ...this.#modelAttributes(),
      'pageloop.run_id': runId,
      ...attributes,
    });
  }

  /** True once the run's final event was seen. */
  get ended(): boolean {
    return this.root.endTime !== undefined;
  }

  /** Takes the run's next event. */
  observe(event: AgentEvent): void {
    const now = traceNow();
    switch (event.type) {
      case 'iteration':
        this.#endChat(now);
        this.#chat = { span: this.#open(`chat ${this.#target.model}`.trim(), this.root, this.root.runId, { 'gen_ai.operation.name': 'chat', ...this.#modelAttributes(), 'pageloop.iteration': event.n }), calls: 0, firstToken: false, text: '' };
        break;
      case 'text':
        this.#token(now);
        if (this.#target.content && this.#chat) this.#chat.text += event.delta;
        break;
      case 'thinking':
      case 'tool-call-delta':
        this.#token(now);
        break;
      case 'retraction':
        this.#chatOrRoot().events.push({ name: 'pageloop.retraction', time: now, attributes: { 'pageloop.retraction.field': event.field, 'pageloop.retraction.chars': event.text.length } });
        break;
      case 'retry': {
        const span = this.#chatOrRoot();
        span.events.push({ name: 'pageloop.retry', time: now, attributes: { 'pageloop.retry.attempt': event.attempt, 'pageloop.retry.delay_ms': event.delayMs, 'pageloop.retry.reason': event.reason } });
        add(span, 'pageloop.retry.count', 1);
        add(span, 'pageloop.retry.wait_ms', event.delayMs);
        break;
      }
      case 'context': {
        const attributes: Record<string, TraceValue> = { 'pageloop.context.messages': event.messages, 'pageloop.context.tokens_before': event.before, 'pageloop.context.tokens_after': event.after, 'pageloop.context.window': event.contextTokens };
        if (event.callId) attributes['gen_ai.tool.call.id'] = event.callId;
        this.#chatOrRoot().events.push({ name: `pageloop.context.${event.action}`, time: now, attributes });
        break;
      }
      case 'usage': {
        const span = this.#chatOrRoot();
        span.attributes['gen_ai.usage.input_tokens'] = event.promptTokens;
        span.attributes['gen_ai.usage.output_tokens'] = event.completionTokens;
        if (event.contextTokens) span.attributes['pageloop.context.window'] = event.contextTokens;
        this.#input += event.promptTokens;
        this.#output += event.completionTokens;
        break;
      }
      case 'tool-call':
        this.#toolCall(event, now);
        break;
      case 'approval-request':
        for (const request of event.requests) {
          const tool = this.#tools.get(request.callId);
          if (!tool) continue;
          tool.askedAt = now;
          tool.span.events.push({ name: 'pageloop.approval.requested', time: now });
        }
        break;
      case 'tool-start':
        this.#toolStart(event.callId, event.editedArgs !== undefined, now);
        break;
      case 'tool-result':
        this.#toolResult(event, now);
        break;
      case 'sub-agent':
        this.#child(event.parentCallId)?.observe(event.event);
        break;
      case 'error': {
        const span = this.#chatOrRoot();
        fail(span, event.code ?? 'error');
        fail(this.root, event.code ?? 'error');
        span.events.push({ name: 'exception', time: now, attributes: { 'exception.type': event.code ?? 'error', 'exception.message': event.message } });
        break;
      }
      case 'nudge':
      case 'reflection':
        this.root.events.push({ name: `pageloop.${event.type}`, time: now, attributes: { 'pageloop.iteration': event.n } });
        break;
      case 'plan':
        this.root.events.push({ name: 'pageloop.plan', time: now, attributes: { 'pageloop.plan.tasks': event.tasks.length, 'pageloop.plan.completed': event.tasks.filter((t) => t.status === 'completed').length } });
        break;
      case 'final':
        this.#final(event, now);
        break;
    }
  }

  #toolCall(event: Extract<AgentEvent, { type: 'tool-call' }>, now: number): void {
    if (this.#chat) {
      this.#chat.calls++;
      // The reply is complete once its calls are told: the model request ends here.
      if (this.#chat.span.endTime === undefined) this.#endChat(now);
    }
    const attributes: Record<string, TraceValue> = { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': event.name, 'gen_ai.tool.call.id': event.callId, 'gen_ai.tool.type': 'function' };
    if (event.builtin) attributes['pageloop.tool.builtin'] = true;
    if (this.#target.content && event.args !== undefined) attributes['gen_ai.tool.call.arguments'] = json(event.args);
    this.#tools.set(event.callId, { span: this.#open(`execute_tool ${event.name}`, this.root, this.root.runId, attributes) });
  }

  #toolStart(callId: string, edited: boolean, now: number): void {
    const tool = this.#tools.get(callId);
    if (!tool) return;
    const { span, askedAt } = tool;
    if (askedAt !== undefined) {
      span.attributes['pageloop.approval.wait_ms'] = now - askedAt;
      span.attributes['pageloop.approval.answer'] = edited ? 'edited' : 'approved';
    } else {
      // From the call to its start: the start gate (mayStart) and the turn's other calls it waited for.
      span.attributes['pageloop.start_gate.wait_ms'] = now - span.startTime;
    }
    span.events.push({ name: 'pageloop.tool.started', time: now });
  }

  #toolResult(event: Extract<AgentEvent, { type: 'tool-result' }>, now: number): void {
    const tool = this.#tools.get(event.callId);
    if (!tool) return;
    this.#tools.delete(event.callId);
    const { span, askedAt } = tool;
    span.attributes['pageloop.tool.status'] = event.status;
    if (event.status === 'denied' && askedAt !== undefined) {
      span.attributes['pageloop.approval.answer'] = 'denied';
      span.attributes['pageloop.approval.wait_ms'] = now - askedAt;
    }
    if (event.status !== 'ok') fail(span, event.status === 'error' ? 'tool_error' : event.status);
    if (this.#target.content) {
      const result = event.status === 'ok' ? event.result : event.error;
      if (result !== undefined) span.attributes['gen_ai.tool.call.result'] = typeof result === 'string' ? result : json(result);
    }
    this.#children.get(event.callId)?.abandon(now);
    this.#close(span, now);
  }

  #final(event: FinalEvent, now: number): void {
    const reason = event.reason;
    this.#endChat(now, reason === 'cancelled' || reason === 'error' ? reason : undefined);
    for (const [, tool] of this.#tools) {
      fail(tool.span, 'cancelled');
      this.#close(tool.span, now);
    }
    this.#tools.clear();
    for (const child of this.#children.values()) child.abandon(now);
    const root = this.root;
    root.attributes['gen_ai.response.finish_reasons'] = [reason];
    root.attributes['gen_ai.usage.input_tokens'] = this.#input;
    root.attributes['gen_ai.usage.output_tokens'] = this.#output;
    if (reason === 'cancelled') {
      root.attributes['pageloop.cancelled'] = true;
      fail(root, 'cancelled');
    }
    if (reason === 'error') fail(root, typeof root.attributes['error.type'] === 'string' ? root.attributes['error.type'] : 'error');
    if (this.#target.content) root.attributes['gen_ai.output.messages'] = json([{ role: 'assistant', parts: [{ type: 'text', content: event.text }], finish_reason: reason }]);
    this.#close(root, now);
  }

  /** Ends a sub-agent whose parent call ended before it said so. */
  abandon(now: number): void {
    if (this.ended) return;
    this.#final({ type: 'final', reason: 'cancelled', text: '' }, now);
  }

  #child(callId: string): RunTrace | undefined {
    let child = this.#children.get(callId);
    if (!child) {
      const parent = this.#tools.get(callId)?.span;
      if (!parent) return undefined;
      child = new RunTrace(this.root.runId, { ...this.#target, model: this.#target.childModel }, this.#sink, parent, { 'gen_ai.tool.call.id': callId });
      this.#children.set(callId, child);
    }
    return child;
  }

  #token(now: number): void {
    const chat = this.#chat;
    if (!chat || chat.firstToken) return;
    chat.firstToken = true;
    chat.span.attributes['pageloop.time_to_first_token_ms'] = now - chat.span.startTime;
  }

  #endChat(now: number, ended?: 'cancelled' | 'error'): void {
    const chat = this.#chat;
    if (!chat) return;
    if (chat.span.endTime === undefined) {
      const finish = ended ?? (chat.calls > 0 ? 'tool_calls' : 'stop');
      chat.span.attributes['gen_ai.response.finish_reasons'] = [finish];
      if (ended === 'cancelled') fail(chat.span, 'cancelled');
      if (this.#target.content && chat.text) chat.span.attributes['gen_ai.output.messages'] = json([{ role: 'assistant', parts: [{ type: 'text', content: chat.text }], finish_reason: finish }]);
      this.#close(chat.span, now);
    }
  }

  #chatOrRoot(): TraceSpan {
    const chat = this.#chat?.span;
    return chat && chat.endTime === undefined ? chat : this.root;
  }

  #modelAttributes(): Record<string, TraceValue> {
    const t = this.#target;
    const attributes: Record<string, TraceValue> = { 'gen_ai.provider.name': t.provider };
    if (t.model) attributes['gen_ai.request.model'] = t.model;
    if (t.address) attributes['server.address'] = t.address;
    if (t.port) attributes['server.port'] = t.port;
    return attributes;
  }

  #open(name: string, parent: { traceId: string; spanId: string } | undefined, runId: string, attributes: Record<string, TraceValue>): TraceSpan {
    const span: TraceSpan = { traceId: parent?.traceId ?? randomHex(16), spanId: randomHex(8), name, runId, startTime: traceNow(), status: 'unset', attributes, events: [] };
    if (parent) span.parentSpanId = parent.spanId;
    this.#sink.opened(span);
    return span;
  }

  #close(span: TraceSpan, now: number): void {
    span.endTime = now;
    this.#sink.closed(span);
  }
}

/** Marks a span failed, keeping the first reason. */
function fail(span: TraceSpan, type: string): void {
  span.status = 'error';
  span.attributes['error.type'] ??= type;
}

function add(span: TraceSpan, key: string, n: number): void {
  const before = span.attributes[key];
  span.attributes[key] = (typeof before === 'number' ? before : 0) + n;
}

/** Content as the conventions carry it: JSON text. */
function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
