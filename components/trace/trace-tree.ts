/**
 * The trace view's data: a thread's spans (`agent.trace()`, a thread file's
 * `trace`) turned into what the waterfall shows — the runs to pick from, and
 * one run's spans as a tree (children by `parentSpanId`, in start order, a
 * sub-agent's run under its `dispatch_agent` call) with each span's place on
 * the run's time axis, a line of the facts that matter for its kind and the
 * notable things that happened in it (retries, folds, approvals, errors).
 * Pure functions of plain data, so the view only renders them.
 *
 * Attributes and events this file does not know (new ones recorded by a newer
 * recorder) are not lost: the view lists every attribute and event of a span
 * in its details; here only those a reader needs at a glance are picked out.
 */
import type { TraceSpan, TraceSpanEvent, TraceValue } from '../../src/types.js';
import type { AgentTraceWords } from './agent-trace-words.js';

/** The view's words and its number format (`n(1.25, 1)`: "1.3" in English, "1,3" in German; English as `toFixed` writes it, without ICU). */
export interface TraceSpeech {
  readonly w: AgentTraceWords;
  readonly n: (value: number, digits: number) => string;
}

/** What a span is, by its `gen_ai.operation.name`. */
export type SpanKind = 'agent' | 'chat' | 'tool' | 'other';

/** A fact or note of a row: in the view's words, or (`data`) the recorder's own attribute or event as recorded. */
export interface RowText {
  text: string;
  /** The recorder's key and value as recorded (`call format: hermes`): shown as data, never translated. */
  data?: true;
}

/** One row of the waterfall: a span, where it sits in time, and its children. */
export interface TraceRow {
  span: TraceSpan;
  kind: SpanKind;
  /** 1 for a run's root; a child one more than its parent. */
  level: number;
  /** The row's title, in the view's language: `Run`, `Sub-agent`, `Model request 2`, `Tool lookup`. */
  title: string;
  /** From the run's start, in ms. */
  offsetMs: number;
  /** Its length in ms; up to now for a span still open. */
  durationMs: number;
  open: boolean;
  /** Its bar on the run's axis, as fractions of the run's length (0–1). */
  left: number;
  width: number;
  /** Short facts for the row itself (tokens, time to first token, status, approval…). */
  facts: RowText[];
  /** Notable events, said in words (a retry and its wait, a fold and its sizes). */
  notes: RowText[];
  children: TraceRow[];
}

/** One run of the thread, for the run picker. */
export interface TraceRunSummary {
  runId: string;
  startTime: number;
  durationMs: number | undefined;
  /** `answer`, `error`, `cancelled`…, or `running`. */
  outcome: string;
}

/** A run's waterfall: its rows as a tree, and its length. */
export interface TraceWaterfall {
  runId: string;
  roots: TraceRow[];
  /** The run's length in ms (up to now while it runs). */
  durationMs: number;
  /** Every row, in the order shown (depth first). */
  rows: TraceRow[];
  open: boolean;
}

/** The runs of a trace, oldest first (a run is known by its spans' `runId`). */
export function traceRuns(spans: readonly TraceSpan[]): TraceRunSummary[] {
  const runs = new Map<string, TraceRunSummary>();
  for (const span of spans) {
    const known = runs.get(span.runId);
    const isRoot = span.parentSpanId === undefined && kindOf(span) === 'agent';
    if (!known) {
      runs.set(span.runId, { runId: span.runId, startTime: span.startTime, durationMs: undefined, outcome: 'running' });
    } else if (span.startTime < known.startTime) known.startTime = span.startTime;
    if (isRoot) {
      const run = runs.get(span.runId)!;
      run.startTime = span.startTime;
      run.durationMs = span.endTime === undefined ? undefined : span.endTime - span.startTime;
      const reasons = span.attributes['gen_ai.response.finish_reasons'];
      run.outcome = span.endTime === undefined ? 'running' : Array.isArray(reasons) && reasons[0] ? reasons[0] : span.status === 'error' ? 'error' : 'done';
    }
  }
  return [...runs.values()].sort((a, b) => a.startTime - b.startTime);
}

/**
 * Run `runId`'s spans as a waterfall. Spans whose parent is not in the trace
 * (dropped by the size cap) become roots of their own. `now` ends the bars
 * of spans still open.
 */
export function waterfall(spans: readonly TraceSpan[], runId: string, now: number, say: TraceSpeech): TraceWaterfall {
  const own = spans.filter((s) => s.runId === runId);
  const ids = new Set(own.map((s) => s.spanId));
  const byParent = new Map<string | undefined, TraceSpan[]>();
  for (const span of own) {
    const parent = span.parentSpanId !== undefined && ids.has(span.parentSpanId) ? span.parentSpanId : undefined;
    const list = byParent.get(parent) ?? [];
    list.push(span);
    byParent.set(parent, list);
  }
  for (const list of byParent.values()) list.sort((a, b) => a.startTime - b.startTime);
  const start = own.reduce((min, s) => Math.min(min, s.startTime), Infinity);
  const end = own.reduce((max, s) => Math.max(max, s.endTime ?? now), start);
  const length = Math.max(end - start, 1);
  const rows: TraceRow[] = [];
  const build = (span: TraceSpan, level: number): TraceRow => {
    const kind = kindOf(span);
    const open = span.endTime === undefined;
    const durationMs = Math.max((span.endTime ?? now) - span.startTime, 0);
    const row: TraceRow = {
      span, kind, level, title: titleOf(span, kind, level, say), offsetMs: span.startTime - start, durationMs, open,
      left: (span.startTime - start) / length, width: durationMs / length, facts: factsOf(span, kind, say), notes: span.events.flatMap((e) => noteOf(e, say)), children: [],
    };
    rows.push(row);
    row.children = (byParent.get(span.spanId) ?? []).map((child) => build(child, level + 1));
    return row;
  };
  const roots = (byParent.get(undefined) ?? []).map((span) => build(span, 1));
  return { runId, roots, rows, durationMs: own.length ? end - start : 0, open: own.some((s) => s.endTime === undefined) };
}

/** The kind of a span, from `gen_ai.operation.name` (or its name's first word). */
export function kindOf(span: TraceSpan): SpanKind {
  const operation = span.attributes['gen_ai.operation.name'] ?? span.name.split(' ')[0];
  return operation === 'invoke_agent' ? 'agent' : operation === 'chat' ? 'chat' : operation === 'execute_tool' ? 'tool' : 'other';
}

function titleOf(span: TraceSpan, kind: SpanKind, level: number, { w, n }: TraceSpeech): string {
  const a = span.attributes;
  if (kind === 'agent') return level === 1 && span.parentSpanId === undefined ? w.traceRun : w.traceSubAgent;
  const iteration = a['pageloop.iteration'];
  if (kind === 'chat') return typeof iteration === 'number' ? w.traceModelRequestN(n(iteration, 0)) : w.traceModelRequest;
  if (kind === 'tool') return w.traceTool(String(a['gen_ai.tool.name'] ?? span.name.replace(/^execute_tool /, '')));
  return span.name;
}

/** Milliseconds as a reader wants them: `840 ms`, `1.2 s`, `2 min 5 s` (in English). */
export function formatMs(ms: number, { w, n }: TraceSpeech): string {
  if (ms < 1000) return w.traceMs(n(Math.round(ms), 0));
  if (ms < 60_000) return w.traceSeconds(n(ms / 1000, ms < 10_000 ? 1 : 0));
  const minutes = Math.floor(ms / 60_000);
  return w.traceMinutes(n(minutes, 0), n(Math.round((ms % 60_000) / 1000), 0));
}

/** An attribute's value as text. */
export function formatValue(value: TraceValue): string {
  return Array.isArray(value) ? value.join(', ') : String(value);
}

const num = (v: TraceValue | undefined): number | undefined => (typeof v === 'number' ? v : undefined);

/** An attribute key that says how the reply's calls were read (the call format and why), or what was repaired, or a stream quirk. */
const CALL_FORMAT = /(^|\.)(call_format|tool_protocol|format)(\.|$)/;
const REPAIR = /repair/;
const QUIRK = /quirk/;

function factsOf(span: TraceSpan, kind: SpanKind, say: TraceSpeech): RowText[] {
  const { w, n } = say;
  const ms = (value: number) => formatMs(value, say);
  const a = span.attributes;
  const facts: string[] = [];
  const data: RowText[] = [];
  const tokensIn = num(a['gen_ai.usage.input_tokens']);
  const tokensOut = num(a['gen_ai.usage.output_tokens']);
  const finish = a['gen_ai.response.finish_reasons'];
  if (kind === 'agent' && a['gen_ai.request.model']) facts.push(w.factModel(formatValue(a['gen_ai.request.model'])));
  if (kind === 'chat') {
    const ttft = num(a['pageloop.time_to_first_token_ms']);
    if (ttft !== undefined) facts.push(w.factFirstToken(ms(ttft)));
  }
  // A run's sums are 0 when the server reported no usage: said only when there is some.
  if ((kind === 'agent' || kind === 'chat') && ((tokensIn ?? 0) > 0 || (tokensOut ?? 0) > 0)) facts.push(w.factTokens(n(tokensIn ?? 0, 0), n(tokensOut ?? 0, 0)));
  if (finish !== undefined) facts.push(w.factFinish(formatValue(finish)));
  const retries = num(a['pageloop.retry.count']);
  if (retries) facts.push(w.factRetries(retries, ms(num(a['pageloop.retry.wait_ms']) ?? 0)));
  if (kind === 'tool') {
    if (a['pageloop.tool.status'] !== undefined) facts.push(w.factStatus(formatValue(a['pageloop.tool.status'])));
    const answer = a['pageloop.approval.answer'];
    const wait = num(a['pageloop.approval.wait_ms']);
    if (answer !== undefined) facts.push(w.factAnswer(formatValue(answer), ms(wait ?? 0)));
    const gate = num(a['pageloop.start_gate.wait_ms']);
    if (gate !== undefined) facts.push(w.factStartedAfter(ms(gate)));
  }
  // The other branch's attributes about how a reply was read: the format, repairs, quirks, whatever their exact names.
  for (const [key, value] of Object.entries(a)) {
    if (!key.startsWith('pageloop.')) continue;
    const tail = key.slice('pageloop.'.length);
    if (CALL_FORMAT.test(tail) || REPAIR.test(tail) || QUIRK.test(tail)) data.push({ text: `${tail.replace(/[._]/g, ' ')}: ${formatValue(value)}`, data: true });
  }
  const errorType = a['error.type'] === undefined ? undefined : formatValue(a['error.type']);
  if (a['pageloop.cancelled'] === true || errorType === 'cancelled') facts.push(w.factCancelled);
  // A tool's failure is already its status (denied, error…): said once.
  else if (span.status === 'error' && !(kind === 'tool' && a['pageloop.tool.status'] !== undefined)) facts.push(w.factError(errorType ?? w.factUnknown));
  return [...facts.map((text) => ({ text })), ...data];
}

/** A notable event of a span in words, or nothing for the routine ones (a tool's start, shown as its wait). */
function noteOf(event: TraceSpanEvent, say: TraceSpeech): RowText[] {
  return notesOf(event, say).map((text) => (KNOWN_EVENTS.has(event.name) ? { text } : { text, data: true }));
}

/** The events said in the view's words; any other is said as recorded (its name and attributes). */
const KNOWN_EVENTS = new Set(['pageloop.retry', 'pageloop.context.folded', 'pageloop.context.dropped', 'pageloop.context.cut', 'pageloop.approval.requested', 'pageloop.tool.started', 'exception']);

function notesOf(event: TraceSpanEvent, say: TraceSpeech): string[] {
  const { w, n } = say;
  const a = event.attributes ?? {};
  const count = (value: TraceValue | undefined) => (typeof value === 'number' ? n(value, 0) : '?');
  switch (event.name) {
    case 'pageloop.retry':
      return [w.noteRetry(formatValue(a['pageloop.retry.reason'] ?? 'retry'), formatMs(num(a['pageloop.retry.delay_ms']) ?? 0, say), formatValue(a['pageloop.retry.attempt'] ?? '?'))];
    case 'pageloop.context.folded':
    case 'pageloop.context.dropped':
    case 'pageloop.context.cut': {
      const what = event.name === 'pageloop.context.folded' ? w.contextFolded : event.name === 'pageloop.context.dropped' ? w.contextDropped : w.contextCut;
      const call = a['gen_ai.tool.call.id'] !== undefined ? ` ${w.noteCall(formatValue(a['gen_ai.tool.call.id']))}` : '';
      const sizes = w.noteContextSizes(count(a['pageloop.context.tokens_before']), count(a['pageloop.context.tokens_after']), count(a['pageloop.context.window']), num(a['pageloop.context.tokens_after']) ?? NaN);
      const messages = num(a['pageloop.context.messages']);
      return [w.noteContext(`${what}${call}`, messages !== undefined ? w.noteContextMessages(n(messages, 0), sizes, messages) : sizes)];
    }
    case 'pageloop.approval.requested':
      return [w.noteApprovalAsked];
    case 'pageloop.tool.started':
      return [];
    case 'exception':
      return [w.noteError(formatValue(a['exception.message'] ?? a['exception.type'] ?? ''))];
    default: {
      const values = Object.entries(a).map(([k, v]) => `${k.replace(/^pageloop\./, '')} ${formatValue(v)}`);
      return [`${event.name.replace(/^pageloop\./, '')}${values.length ? `: ${values.join(', ')}` : ''}`];
    }
  }
}
