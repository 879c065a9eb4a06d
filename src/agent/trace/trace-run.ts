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
import type { AgentEvent, FinalEvent, SummaryCall } from '../../types.js';
import type { TraceSpan, TraceValue } from '../../trace-types.js';

/** What a run's spans say about where its model lives. */
export interface TraceTarget {
  /** `gen_ai.provider.name`. */
  provider: string;
  model: string;
  /** The model a sub-agent of the run asks. */
  childModel: string;
  /** The model context summaries ask: the loop's own (the agent's for a run, whatever it asks; a sub-agent's for a sub-agent). */
  agentModel: string;
  /** `agentModel` for a sub-agent of the run. */
  childAgentModel: string;
  /** The endpoint's host and port, when there is an endpoint. */
  address?: string;
  port?: number;
  content: boolean;
}

/** The clock's origin, read once (a getter call per event otherwise). */
const ORIGIN = performance.timeOrigin;
/** Milliseconds since the epoch, to the fraction the clock gives. */
export const traceNow = (): number => ORIGIN + performance.now();

/**
 * Span ids of one run: 4 random bytes drawn once, then a counter — unique
 * within the trace, and one call to the random source per run rather than
 * per span (this runs at every model request and tool call).
 */
class SpanIds {
  readonly #base = randomHex(4);
  #n = 0;

  next(): string {
    return this.#base + (++this.#n).toString(16).padStart(8, '0');
  }
}

/** `bytes` random bytes as hex: trace ids (16) and a run's span id base (4). */
export function randomHex(bytes: number): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  let hex = '';
  for (const b of raw) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** A call of an interrupted run that never started there, settled by the next run: the run it was made in, and when the user was asked to approve it. */
export interface CarriedCall {
  runId: string;
  askedAt?: number;
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
  readonly #ids = new SpanIds();
  #chat: { span: TraceSpan; calls: number; firstToken: boolean; text: string } | undefined;
  readonly #tools = new Map<string, { span: TraceSpan; askedAt?: number }>();
  readonly #children = new Map<string, RunTrace>();
  /** Calls of an interrupted run this run settles (a resume, or a new message giving them up). */
  readonly #carried: ReadonlyMap<string, CarriedCall>;
  #input = 0;
  #output = 0;
  /** The model attributes of this run's requests, made once (copied into each span). */
  readonly #model: Record<string, TraceValue>;
  /** Each chat span's name, made once per run. */
  readonly #chatName: string;

  constructor(runId: string, target: TraceTarget, sink: SpanSink, parent?: { traceId: string; spanId: string }, attributes: Record<string, TraceValue> = {}, carried: ReadonlyMap<string, CarriedCall> = new Map()) {
    this.#target = target;
    this.#carried = carried;
    this.#sink = sink;
    this.#model = this.#modelAttributes();
    this.#chatName = `chat ${target.model}`.trim();
    const root = withModel({ 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': parent ? 'pageloop.sub_agent' : 'pageloop' }, this.#model);
    root['pageloop.run_id'] = runId;
    this.root = this.#open('invoke_agent', parent, runId, Object.assign(root, attributes));
  }

  /** True once the run's final event was seen. */
  get ended(): boolean {
    return this.root.endTime !== undefined;
  }

  /** Takes the run's next event. */
  observe(event: AgentEvent): void {
    // Deltas, the most frequent events, read the clock only for a request's first token; events that carry no moment do not read it.
    switch (event.type) {
      case 'text':
        this.#token();
        if (this.#target.content && this.#chat) this.#chat.text += event.delta;
        return;
      case 'thinking':
      case 'tool-call-delta':
        this.#token();
        return;
      case 'usage':
        this.#usage(event);
        return;
      case 'reply-read':
        this.#replyRead(event);
        return;
      case 'sub-agent':
        this.#child(event.parentCallId)?.observe(event.event);
        return;
    }
    const now = traceNow();
    switch (event.type) {
      case 'iteration':
      {
        this.#endChat(now);
        const attributes = withModel({ 'gen_ai.operation.name': 'chat' }, this.#model);
        attributes['pageloop.iteration'] = event.n;
        this.#chat = { span: this.#open(this.#chatName, this.root, this.root.runId, attributes, now), calls: 0, firstToken: false, text: '' };
        break;
      }
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
        const span = this.#chatOrRoot();
        span.events.push({ name: `pageloop.context.${event.action}`, time: now, attributes });
        if (event.summaryCall) this.#summarySpan(span, event.summaryCall);
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
        this.#toolStart(event.callId, event.name, event.editedArgs !== undefined, now);
        break;
      case 'tool-result':
        this.#toolResult(event, now);
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

  #usage(event: Extract<AgentEvent, { type: 'usage' }>): void {
    const span = this.#chatOrRoot();
    span.attributes['gen_ai.usage.input_tokens'] = event.promptTokens;
    span.attributes['gen_ai.usage.output_tokens'] = event.completionTokens;
    if (event.contextTokens) span.attributes['pageloop.context.window'] = event.contextTokens;
    this.#input += event.promptTokens;
    this.#output += event.completionTokens;
  }

  #replyRead(event: Extract<AgentEvent, { type: 'reply-read' }>): void {
    const span = this.#chatOrRoot();
    span.attributes['pageloop.tool_protocol'] = event.protocol;
    if (event.format) span.attributes['pageloop.call_format'] = event.format;
    if (event.formatReason) span.attributes['pageloop.call_format.reason'] = event.formatReason;
    if (event.repairs.length > 0) span.attributes['pageloop.repairs'] = event.repairs;
    if (event.quirks.length > 0) span.attributes['pageloop.stream_quirks'] = event.quirks;
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
    this.#tools.set(event.callId, { span: this.#open(`execute_tool ${event.name}`, this.root, this.root.runId, attributes, now) });
  }

  /**
   * A call this run did not make: one the page died before running (a resume
   * runs it, a new message gives it up), carried here from its run. Its span
   * opens when this run first says something of it, beside this run's own.
   */
  #carriedCall(callId: string, name: string, now: number): { span: TraceSpan; askedAt?: number } {
    const attributes: Record<string, TraceValue> = { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': name, 'gen_ai.tool.call.id': callId, 'gen_ai.tool.type': 'function' };
    const from = this.#carried.get(callId);
    if (from) attributes['pageloop.tool.call_run_id'] = from.runId;
    const tool = { span: this.#open(`execute_tool ${name}`, this.root, this.root.runId, attributes, now), ...(from?.askedAt !== undefined ? { askedAt: from.askedAt } : {}) };
    this.#tools.set(callId, tool);
    return tool;
  }

  #toolStart(callId: string, name: string, edited: boolean, now: number): void {
    const tool = this.#tools.get(callId) ?? this.#carriedCall(callId, name, now);
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
    const tool = this.#tools.get(event.callId) ?? this.#carriedCall(event.callId, event.name, now);
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
      child = new RunTrace(this.root.runId, { ...this.#target, model: this.#target.childModel, agentModel: this.#target.childAgentModel }, this.#sink, parent, { 'gen_ai.tool.call.id': callId });
      this.#children.set(callId, child);
    }
    return child;
  }

  /**
   * The fold's summary call: a model request of its own (the agent's model),
   * inside the request it made room for, recorded when the fold is told.
   */
  #summarySpan(parent: TraceSpan, call: SummaryCall): void {
    const model = this.#target.agentModel;
    const attributes = withModel({ 'gen_ai.operation.name': 'chat' }, this.#modelAttributes(model));
    attributes['pageloop.context.summary'] = true;
    const span = this.#open(`chat ${model}`.trim(), parent, this.root.runId, attributes, call.startTime);
    if (call.inputTokens !== undefined) span.attributes['gen_ai.usage.input_tokens'] = call.inputTokens;
    if (call.outputTokens !== undefined) span.attributes['gen_ai.usage.output_tokens'] = call.outputTokens;
    if (call.error !== undefined) {
      fail(span, 'error');
      span.events.push({ name: 'exception', time: call.endTime, attributes: { 'exception.type': 'error', 'exception.message': call.error } });
    } else span.attributes['gen_ai.response.finish_reasons'] = ['stop'];
    this.#close(span, call.endTime);
  }

  #token(): void {
    const chat = this.#chat;
    if (!chat || chat.firstToken) return;
    chat.firstToken = true;
    chat.span.attributes['pageloop.time_to_first_token_ms'] = traceNow() - chat.span.startTime;
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

  #modelAttributes(model = this.#target.model): Record<string, TraceValue> {
    const t = this.#target;
    const attributes: Record<string, TraceValue> = { 'gen_ai.provider.name': t.provider };
    if (model) attributes['gen_ai.request.model'] = model;
    if (t.address) attributes['server.address'] = t.address;
    if (t.port) attributes['server.port'] = t.port;
    return attributes;
  }

  #open(name: string, parent: { traceId: string; spanId: string } | undefined, runId: string, attributes: Record<string, TraceValue>, startTime = traceNow()): TraceSpan {
    const span: TraceSpan = { traceId: parent?.traceId ?? randomHex(16), spanId: this.#ids.next(), name, runId, startTime, status: 'unset', attributes, events: [] };
    if (parent) span.parentSpanId = parent.spanId;
    this.#sink.opened(span);
    return span;
  }

  #close(span: TraceSpan, now: number): void {
    span.endTime = now;
    this.#sink.closed(span);
  }
}

/**
 * `attributes` with the model's attributes added, ready for more: a span's
 * attributes are added to while it is open (usage, the reply's format, its
 * end), and V8 adds a property to an object made by spreading (`{ ...a }`)
 * about fifty times slower than to one made by a literal or Object.assign
 * (6 µs against 0.1 per chat span's attributes, measured in Node 20): that
 * was most of the recorder's cost per loop iteration.
 */
function withModel(attributes: Record<string, TraceValue>, model: Record<string, TraceValue>): Record<string, TraceValue> {
  return Object.assign(attributes, model);
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
