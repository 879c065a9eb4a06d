/**
 * A thread's flight recorder: the spans of its runs (trace-run.ts), kept
 * with the thread within a size cap — when the trace outgrows it, the oldest
 * finished spans are dropped first and counted (`ThreadTrace.dropped`), so a
 * reader knows the trace is not whole. The journal stores it with the thread
 * whenever `version` moved — only what changed since its last write
 * (`takeChange`: the spans opened or ended, the numbers of those dropped),
 * so a write costs the spans of that moment, not the whole trace, which in a
 * long run grew with every call; `restore` takes it back on load.
 */
import type { AgentEvent } from '../../types.js';
import type { ThreadTrace, TraceChange, TraceOptions, TraceSpan, TraceValue } from '../../trace-types.js';
import { RunTrace, type CarriedCall, type SpanSink, type TraceTarget } from './trace-run.js';
import { undoSpans, type UndoTrace } from './undo-spans.js';

/** Default size cap of one thread's trace, in bytes of JSON. */
export const DEFAULT_TRACE_MAX_BYTES = 256 * 1024;

/** In `#sizes`: the span is still open. */
const OPEN = -1;

/** What the recorder reads of the settings at each run's start. */
export interface TraceSettings {
  baseURL: string;
  model: string;
  engine?: unknown;
  modelModule?: string;
  apiKey?: string;
  trace?: TraceOptions;
  subAgents?: boolean | { model?: string };
  /** A remote AG-UI agent: the runs go to its endpoint. */
  agui?: { url: string };
}

/** Records the runs of one thread, from the events the session emits. */
export class TraceRecorder implements SpanSink {
  readonly #settings: () => TraceSettings;
  /** Where each finished span also goes (the page, a collector: span-outlet.ts). */
  readonly #outlet: { closed(span: TraceSpan): void } | undefined;
  /** The kept spans are `#spans` from index `#head` on: dropping the oldest moves `#head` (no copy at every span's end); readers compact. */
  #spans: TraceSpan[] = [];
  #head = 0;
  /**
   * Beside `#spans`, index for index: each finished span's JSON size, `OPEN`
   * for a span still open (counted when it ends). An array rather than a map
   * keyed by span: three hash operations per span were a fifth of the
   * recorder's time in a profile, and the span that ends is found by a walk
   * from the back, where it almost always is (the current request or call).
   */
  #sizes: number[] = [];
  /** Beside `#spans` too: each span's number in the thread's trace (its store key; ascending, as spans open). */
  #nums: number[] = [];
  /** The number the next span opened gets. */
  #next = 0;
  /**
   * The open spans by number, each with what it looked like when a change
   * last carried it: the loop adds events and attributes to a span while it
   * is open, so a change carries each open span that grew since (the run's
   * own span, open for the whole run, mostly did not).
   */
  #open = new Map<number, { span: TraceSpan; carried?: string }>();
  /** Numbers of the kept spans that ended since the last `takeChange`. */
  #ended = new Set<number>();
  /** Numbers of the spans dropped since the last `takeChange`. */
  #gone: number[] = [];
  /** Changes are noted only once a journal took one (its first write takes the whole trace): an agent without a thread notes none. */
  #noting = false;
  #bytes = 0;
  #dropped = 0;
  #run: RunTrace | undefined;
  /** Restored spans may still be open (the page died in their run). */
  #interrupted = false;
  /** Calls of an interrupted run that never started there (waiting for an approval, an answer, or their turn): the next run settles them. */
  #carried = new Map<string, CarriedCall>();
  /** Results given to an interrupted run's calls outside any run (a new message gave them up before it started). */
  #givenUp = new Map<string, string>();
  /** Moves whenever a span ends or the trace is replaced: the journal writes the trace when it moved. */
  version = 0;

  constructor(settings: () => TraceSettings, outlet?: { closed(span: TraceSpan): void }) {
    this.#settings = settings;
    this.#outlet = outlet;
  }

  /** Takes one event of the session (already free of the API key). */
  observe(event: AgentEvent): void {
    if (event.type === 'run-start') {
      // Spans a reload left open belong to a run that will never end by itself.
      if (this.#interrupted) this.interrupt();
      const options = this.#settings().trace;
      this.#run = options?.enabled === false ? undefined : new RunTrace(event.runId, this.#target(event.model), this, undefined, event.workflow ? { 'pageloop.workflow': event.workflow, ...this.#input(event.input) } : this.#input(event.input), this.#carried);
      this.#carried = new Map();
      return;
    }
    const run = this.#run;
    if (!run) {
      if (this.#interrupted && event.type === 'tool-result') this.#givenUp.set(event.callId, event.status);
      return;
    }
    run.observe(event);
    if (run.ended) this.#run = undefined;
  }

  /** The thread's trace (a copy): every span of run `runId` only, when given. */
  trace(runId?: string): ThreadTrace {
    const spans = runId === undefined ? this.#kept() : this.#kept().filter((s) => s.runId === runId);
    return structuredClone({ spans, dropped: this.#dropped });
  }

  /**
   * What changed since the last call, for the journal to store (`whole`:
   * every span kept, replacing what is stored — a journal's first write).
   * Open spans are copies (they go on changing while the store waits for its
   * connection); ended ones are shared, as a span never changes once it
   * ended. Writing the whole trace at every write (about two per tool call)
   * made a 200-call run with a thread 2.1x slower per iteration traced than
   * untraced. A change carries the open spans that grew since the last one
   * (a few: the current request's or calls', the run's when it changed) and
   * the spans that ended since, found from the back, where they are.
   */
  takeChange(whole = false): TraceChange {
    const spans = this.#spans;
    const nums = this.#nums;
    const put: TraceChange['put'] = [];
    const row = (i: number) => ({ n: nums[i]!, span: spans[i]!.endTime === undefined ? structuredClone(spans[i]!) : spans[i]! });
    if (whole) {
      for (let i = this.#head; i < spans.length; i++) put.push(row(i));
      for (const open of this.#open.values()) open.carried = shape(open.span);
    } else {
      for (const [n, open] of this.#open) {
        const looks = shape(open.span);
        if (looks === open.carried) continue;
        open.carried = looks;
        put.push({ n, span: structuredClone(open.span) });
      }
      for (let i = spans.length - 1, left = this.#ended.size; i >= this.#head && left > 0; i--) if (this.#ended.has(nums[i]!)) (put.push(row(i)), left--);
    }
    const change: TraceChange = { put, gone: whole ? 'all' : this.#gone, dropped: this.#dropped };
    this.#ended.clear();
    this.#gone = [];
    this.#noting = true;
    return change;
  }

  /** Applies a change the thread's writer stored (a follower's trace follows the writer's). */
  apply(change: TraceChange): void {
    const byNumber = new Map<number, TraceSpan>();
    if (change.gone !== 'all') {
      const gone = new Set(change.gone);
      const spans = this.#kept();
      this.#nums.forEach((n, i) => gone.has(n) || byNumber.set(n, spans[i]!));
    }
    for (const { n, span } of change.put) byNumber.set(n, span);
    const nums = [...byNumber.keys()].sort((a, b) => a - b);
    this.restore({ spans: nums.map((n) => byNumber.get(n)!), dropped: change.dropped }, nums);
  }

  /** Replaces the trace (a thread loaded or cleared); `nums`: its spans' numbers as stored (default 0, 1, 2…). */
  restore(trace: ThreadTrace | undefined, nums?: readonly number[]): void {
    this.#run = undefined;
    this.#spans = trace ? [...trace.spans] : [];
    this.#nums = nums ? [...nums] : this.#spans.map((_, i) => i);
    this.#next = (this.#nums.at(-1) ?? -1) + 1;
    this.#ended.clear();
    this.#open.clear();
    this.#gone = [];
    this.#noting = false;
    this.#head = 0;
    this.#dropped = trace?.dropped ?? 0;
    this.#sizes = [];
    this.#bytes = 0;
    this.#interrupted = false;
    this.#carried = new Map();
    this.#givenUp.clear();
    for (const [i, span] of this.#spans.entries()) {
      const size = span.endTime === undefined ? OPEN : spanSize(span);
      this.#sizes.push(size);
      if (size !== OPEN) this.#bytes += size;
      else {
        this.#open.set(this.#nums[i]!, { span });
        this.#interrupted = true;
      }
    }
    this.version++;
    this.#trim(this.#settings().trace?.maxBytes ?? DEFAULT_TRACE_MAX_BYTES);
  }

  /**
   * Ends the spans a reload left open (the `interrupted` final of their run
   * was recorded, or a new run starts): each ends at the last moment its run
   * is known to have lived — not at the reload, which may come days later —
   * failed with `error.type` `interrupted` — except a call that never
   * started there (it waited for an approval, an answer or its turn): it did
   * not fail, it was carried to the next run, which runs, refuses or cancels
   * it in a span of its own (`pageloop.tool.status` `not-started` here).
   */
  interrupt(): void {
    this.#interrupted = false;
    const open = this.#kept().filter((s) => s.endTime === undefined);
    const last = new Map<string, number>();
    for (const span of this.#spans) {
      let at = Math.max(span.startTime, span.endTime ?? 0, ...span.events.map((e) => e.time));
      at = Math.max(at, last.get(span.runId) ?? 0);
      last.set(span.runId, at);
    }
    // Children first, so a run's own span ends after what it holds.
    for (const span of open.reverse()) {
      span.endTime = last.get(span.runId) ?? span.startTime;
      const callId = span.attributes['gen_ai.tool.call.id'];
      const givenUp = typeof callId === 'string' ? this.#givenUp.get(callId) : undefined;
      if (givenUp !== undefined) {
        // Given up before the next run started: its result belongs to this run.
        span.attributes['pageloop.tool.status'] = givenUp;
        if (givenUp !== 'ok') {
          span.status = 'error';
          span.attributes['error.type'] ??= givenUp;
        }
        this.closed(span);
        continue;
      }
      if (typeof callId === 'string' && !span.events.some((e) => e.name === 'pageloop.tool.started')) {
        span.attributes['pageloop.tool.status'] = 'not-started';
        const asked = span.events.find((e) => e.name === 'pageloop.approval.requested');
        this.#carried.set(callId, { runId: span.runId, ...(asked ? { askedAt: asked.time } : {}) });
        this.closed(span);
        continue;
      }
      span.status = 'error';
      span.attributes['error.type'] ??= 'interrupted';
      const operation = span.attributes['gen_ai.operation.name'];
      if (operation === 'invoke_agent' || operation === 'chat') span.attributes['gen_ai.response.finish_reasons'] = ['interrupted'];
      if (operation === 'execute_tool') span.attributes['pageloop.tool.status'] ??= 'interrupted';
      this.closed(span);
    }
    this.#givenUp.clear();
  }

  /** Records one undo (undo-spans.ts): its spans open and end at once, the request's last, as a run's spans end. */
  undone(undo: UndoTrace): void {
    const options = this.#settings().trace;
    if (options?.enabled === false) return;
    const [root, ...calls] = undoSpans(undo, options?.content === true);
    for (const span of [root!, ...calls]) this.opened(span);
    for (const span of [...calls, root!]) this.closed(span);
  }

  opened(span: TraceSpan): void {
    this.#scrub(span, this.#settings().apiKey);
    this.#spans.push(span);
    this.#sizes.push(OPEN);
    this.#nums.push(this.#next);
    this.#open.set(this.#next++, { span });
  }

  closed(span: TraceSpan): void {
    // The settings read once per span's end (this runs twice per tool call).
    const settings = this.#settings();
    this.#scrub(span, settings.apiKey);
    this.#measure(span);
    this.version++;
    this.#trim(settings.trace?.maxBytes ?? DEFAULT_TRACE_MAX_BYTES);
    this.#outlet?.closed(span);
  }

  /** Blanks the API key out of a span's text (content the user typed may hold it; the events only lose it in errors). */
  #scrub(span: TraceSpan, key: string | undefined): void {
    if (!key || key.length < 6) return;
    const clean = (attributes: Record<string, TraceValue> | undefined) => {
      for (const [name, value] of Object.entries(attributes ?? {})) {
        if (typeof value === 'string' && value.includes(key)) attributes![name] = value.split(key).join('[api key]');
      }
    };
    clean(span.attributes);
    for (const event of span.events) clean(event.attributes);
  }

  /** Counts a span that just ended. */
  #measure(span: TraceSpan): void {
    const spans = this.#spans;
    let i = spans.length - 1;
    while (i >= this.#head && spans[i] !== span) i--;
    if (i < this.#head || this.#sizes[i] !== OPEN) return;
    const size = spanSize(span);
    this.#sizes[i] = size;
    this.#bytes += size;
    this.#open.delete(this.#nums[i]!);
    if (this.#noting) this.#ended.add(this.#nums[i]!);
  }

  /** Drops the oldest finished spans until the trace fits its cap: only the front of the list is walked, nothing is copied (this runs at every span's end). */
  #trim(max: number): void {
    if (this.#bytes <= max) return;
    const spans = this.#spans;
    const sizes = this.#sizes;
    const nums = this.#nums;
    const open: number[] = [];
    let i = this.#head;
    for (; i < spans.length && this.#bytes > max; i++) {
      const size = sizes[i]!;
      if (size === OPEN) {
        // Still open (the run going on): it stays, in its place before the rest.
        open.push(i);
        continue;
      }
      this.#bytes -= size;
      this.#dropped++;
      // Its row goes from the store (stored or not: it may have been written while open).
      if (this.#noting) {
        this.#ended.delete(nums[i]!);
        this.#gone.push(nums[i]!);
      }
    }
    // The open spans met go back, in order, into the last of the slots just freed.
    let at = i;
    for (let k = open.length - 1; k >= 0; k--) {
      const from = open[k]!;
      spans[--at] = spans[from]!;
      nums[at] = nums[from]!;
      sizes[at] = OPEN;
    }
    this.#head = at;
    // Now and then the freed front is given back to memory (amortised: no copy at every span's end).
    if (at > 1024 && at * 2 > spans.length) this.#kept();
  }

  /** The kept spans as one array (the dropped ones cut off the front). */
  #kept(): TraceSpan[] {
    if (this.#head > 0) {
      this.#spans = this.#spans.slice(this.#head);
      this.#sizes = this.#sizes.slice(this.#head);
      this.#nums = this.#nums.slice(this.#head);
      this.#head = 0;
    }
    return this.#spans;
  }

  #input(input: string | undefined): Record<string, string> {
    if (input === undefined || !this.#settings().trace?.content) return {};
    return { 'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: input }] }]) };
  }

  /**
   * Where the model lives, without anything secret: the endpoint's host and port only, never its path, query or key.
   * `runModel`: the run's own model (a per-send override); sub-agents ask `subAgents.model`, else the run's.
   */
  #target(runModel: string | undefined): TraceTarget {
    const s = this.#settings();
    const content = s.trace?.content === true;
    const model = runModel ?? s.model;
    const named = typeof s.subAgents === 'object' ? s.subAgents.model : undefined;
    const models = { model, childModel: named || model, agentModel: s.model, childAgentModel: named || s.model };
    if (s.engine) return { provider: 'pageloop.engine', model: s.model, childModel: s.model, agentModel: s.model, childAgentModel: s.model, content };
    if (s.modelModule) return { provider: 'pageloop.model_module', ...models, content };
    // A remote AG-UI agent (option `agui`): its steps are the server's runs, the address its endpoint's.
    const target: TraceTarget = { provider: s.agui ? 'ag-ui' : 'openai', ...models, content };
    try {
      // A relative URL is the page's (and the worker's) own origin.
      const url = new URL(s.agui ? s.agui.url : s.baseURL, globalThis.location?.href);
      target.address = url.hostname;
      target.port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    } catch {
      // An odd base URL: the trace says the model, not the server.
    }
    return target;
  }
}

/**
 * What an open span looks like, cheaply: the loop changes one by adding
 * attributes or events, or by failing it. A value set again in place without
 * either (a retry's counts come with their event) is stored when the span
 * ends: until then a reload may find the earlier value.
 */
function shape(span: TraceSpan): string {
  let attributes = 0;
  for (const _ in span.attributes) attributes++;
  return `${attributes}/${span.events.length}/${span.status}`;
}

/**
 * About the length of a span's JSON, without writing it (this runs at every
 * span's end, inside the loop): the fixed fields, plus each attribute's and
 * event's name and value.
 */
export function spanSize(span: TraceSpan): number {
  let size = 200 + span.name.length + span.runId.length + attributesSize(span.attributes);
  for (const event of span.events) size += 40 + event.name.length + attributesSize(event.attributes);
  return size;
}

function attributesSize(attributes: Record<string, TraceValue> | undefined): number {
  let size = 0;
  for (const key in attributes) {
    const value = attributes[key]!;
    size += key.length + 4 + (typeof value === 'string' ? value.length + 2 : Array.isArray(value) ? value.reduce((n, v) => n + v.length + 3, 2) : 12);
  }
  return size;
}
