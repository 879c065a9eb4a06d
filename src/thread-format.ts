/**
 * The thread file's format, below the page/worker split: the store keeps
 * threads in it, `export`/`import` speak it, and `<agent-trace>` reads a
 * file's trace with it, so it belongs to neither side.
 *
 * The versions of a stored thread, and the one way to read any of them:
 * `readThread` takes a record of any version this code knows and returns the
 * current form, refusing (never guessing at) anything else. Tests keep a
 * saved example of every version (test/fixtures/thread-schema-N.json).
 *
 * - Schema 1: one IndexedDB record `{ schema: 1, id, messages, events,
 *   updatedAt }`. Its events predate `run-start.input` and the `builtin`
 *   mark; reading fills both in (see `upgradeV1Events`), so an old thread
 *   re-renders the way a new one does.
 * - Schema 2: the thread file `{ format: 'pageloop-thread', schema: 2, id,
 *   title, createdAt, updatedAt, messages, events }` — what `export` writes
 *   and `import` reads. In IndexedDB the same data is split into a meta
 *   record and one record per message and per event batch, so a write
 *   appends instead of rewriting the thread.
 */
import type { AgentEvent, ChatMessage, ThreadFile, ThreadTrace } from './types.js';
import { PageloopError } from './errors.js';
import { isRecord } from './is-record.js';

/** The version of the stored thread format this code writes. */
export const THREAD_SCHEMA_VERSION = 2;

/** The `format` field of a thread file, so a stray JSON file is not mistaken for one. */
export const THREAD_FILE_FORMAT = 'pageloop-thread';

/** The `format` field of a thread in AG-UI's event form (`threads.export(id, { format: 'ag-ui' })`). */
export const AGUI_THREAD_FORMAT = 'ag-ui-events';

/** A thread in its current form, in memory. */
export interface ThreadRecord {
  schema: number;
  id: string;
  /** Defaults to the start of the first user message. */
  title: string;
  messages: ChatMessage[];
  /** Events of the thread, deltas merged. */
  events: AgentEvent[];
  createdAt: number;
  updatedAt: number;
  /** Tools the user allowed for good in this thread ("Always allow"); absent means none. */
  allowed?: string[];
  /** The flight recorder's trace of the thread; absent when none was recorded. */
  trace?: ThreadTrace;
}

export type { ThreadFile } from './types.js';

/** The tools that ended runs when schema 1 was written (it marked none of them). */
const V1_BUILTINS = new Set(['task_complete', 'ask_question', 'converse']);

const TITLE_LENGTH = 80;

/** The default title of a thread: its first user message, shortened. */
export function defaultTitle(messages: readonly ChatMessage[]): string {
  const first = messages.find((m) => m.role === 'user');
  const text = first ? first.content.replace(/\s+/g, ' ').trim() : '';
  return text.length > TITLE_LENGTH ? `${text.slice(0, TITLE_LENGTH - 1)}…` : text;
}

function refuse(why: string): never {
  throw new PageloopError('storage', `Not a pageloop thread: ${why}.`);
}


/** Checks the shape of a history, message by message, so a bad file is refused whole. */
function checkMessages(value: unknown): ChatMessage[] {
  if (!Array.isArray(value)) refuse('`messages` is not a list');
  value.forEach((m: unknown, i) => {
    if (!isRecord(m)) refuse(`message ${i} is not an object`);
    const ok =
      (m.role === 'system' || m.role === 'user') ? typeof m.content === 'string'
      : m.role === 'assistant' ? (typeof m.content === 'string' || m.content === null) && (m.tool_calls === undefined || (Array.isArray(m.tool_calls) && m.tool_calls.every((c: unknown) => isRecord(c) && typeof c.id === 'string' && isRecord(c.function) && typeof c.function.name === 'string' && typeof c.function.arguments === 'string')))
      : m.role === 'tool' ? typeof m.tool_call_id === 'string' && typeof m.content === 'string'
      : false;
    if (!ok) refuse(`message ${i} is not an OpenAI-format chat message`);
  });
  return value as ChatMessage[];
}

function checkEvents(value: unknown): AgentEvent[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) refuse('`events` is not a list');
  value.forEach((e: unknown, i) => {
    if (!isRecord(e) || typeof e.type !== 'string') refuse(`event ${i} has no type`);
  });
  return value as AgentEvent[];
}

/** Checks a thread file's `trace` span by span (ids, name, times, attributes, events), so a bad one is refused whole. */
function checkTrace(value: unknown): ThreadTrace {
  if (!isRecord(value) || !Array.isArray(value.spans) || typeof value.dropped !== 'number') refuse('`trace` is not `{ spans, dropped }`');
  value.spans.forEach((s: unknown, i) => {
    const ok =
      isRecord(s) && typeof s.traceId === 'string' && typeof s.spanId === 'string' && typeof s.name === 'string' && typeof s.runId === 'string' &&
      typeof s.startTime === 'number' && (s.endTime === undefined || typeof s.endTime === 'number') && (s.status === 'unset' || s.status === 'error') &&
      isRecord(s.attributes) && Array.isArray(s.events);
    if (!ok) refuse(`trace span ${i} is not a span`);
  });
  return value as unknown as ThreadTrace;
}

/**
 * Fills in what schema-1 events lack: `input` on the run-start of each run a
 * user message started (runs are paired with user messages in order; a run
 * that follows an error or cancellation and has no user message left for it
 * was a retry), and `builtin` on the events of the run-ending tools.
 */
export function upgradeV1Events(messages: readonly ChatMessage[], events: readonly AgentEvent[]): AgentEvent[] {
  const inputs = messages.filter((m) => m.role === 'user').map((m) => m.content);
  const runStarts = events.filter((e) => e.type === 'run-start').length;
  let retries = Math.max(0, runStarts - inputs.length);
  let next = 0;
  let lastFinal: string | undefined;
  return events.map((e) => {
    if (e.type === 'final') lastFinal = e.reason;
    if (e.type === 'run-start' && e.input === undefined) {
      const retry = retries > 0 && (lastFinal === 'error' || lastFinal === 'cancelled');
      if (retry) {
        retries--;
        return e;
      }
      const input = inputs[next++];
      return input === undefined ? e : { ...e, input };
    }
    if ((e.type === 'tool-call' || e.type === 'tool-call-delta' || e.type === 'tool-result') && V1_BUILTINS.has(e.name) && !e.builtin) {
      return { ...e, builtin: true as const };
    }
    return e;
  });
}

/** Reads a stored thread of any known version (a schema-1 record or a thread file) into the current form. */
export function readThread(value: unknown): ThreadRecord {
  if (!isRecord(value)) refuse('not an object');
  const schema = value.schema;
  if (typeof schema !== 'number' || !Number.isInteger(schema) || schema < 1) refuse('no schema version');
  if (schema > THREAD_SCHEMA_VERSION) {
    throw new PageloopError('storage', `The thread has schema ${schema}; this pageloop reads schemas 1 to ${THREAD_SCHEMA_VERSION}. Update pageloop to open it.`);
  }
  if (typeof value.id !== 'string' || value.id === '') refuse('no id');
  const messages = checkMessages(value.messages);
  const stored = checkEvents(value.events);
  const updatedAt = Number(value.updatedAt) || 0;
  if (schema === 1) {
    return { schema: THREAD_SCHEMA_VERSION, id: value.id, title: defaultTitle(messages), messages, events: upgradeV1Events(messages, stored), createdAt: updatedAt, updatedAt };
  }
  if (value.format !== THREAD_FILE_FORMAT) refuse(`\`format\` is not "${THREAD_FILE_FORMAT}"`);
  if (value.title !== undefined && typeof value.title !== 'string') refuse('`title` is not text');
  const title = typeof value.title === 'string' && value.title !== '' ? value.title : defaultTitle(messages);
  if (value.allowed !== undefined && !(Array.isArray(value.allowed) && value.allowed.every((n: unknown) => typeof n === 'string'))) refuse('`allowed` is not a list of tool names');
  const record: ThreadRecord = { schema: THREAD_SCHEMA_VERSION, id: value.id, title, messages, events: stored, createdAt: Number(value.createdAt) || updatedAt, updatedAt };
  if (Array.isArray(value.allowed) && value.allowed.length > 0) record.allowed = value.allowed as string[];
  if (value.trace !== undefined) record.trace = checkTrace(value.trace);
  return record;
}

/** The thread file of a record: what `export` returns, as plain JSON-able data. */
export function toThreadFile(record: ThreadRecord): ThreadFile {
  const { id, title, messages, events, createdAt, updatedAt, allowed, trace } = record;
  const file: ThreadFile = { format: THREAD_FILE_FORMAT, schema: THREAD_SCHEMA_VERSION, id, title, createdAt, updatedAt, messages, events };
  if (allowed && allowed.length > 0) file.allowed = allowed;
  if (trace && (trace.spans.length > 0 || trace.dropped > 0)) file.trace = trace;
  return file;
}
