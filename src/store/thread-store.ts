/**
 * Threads in IndexedDB, laid out so that writing costs what changed, not the
 * whole thread: a meta record per thread (`threads`), one record per
 * history message (`messages`, key [thread, index]) and one record per
 * written batch of events (`events`, key [thread, seq]). Every write is ONE
 * transaction, so a failed or interrupted write (quota, a closed tab) leaves
 * the thread exactly as the previous write left it: nothing stored is ever
 * half-replaced.
 *
 * Database version 1 held whole schema-1 records in `threads`; opening it
 * migrates every record inside the upgrade transaction (all or nothing).
 * Version 3 adds `traces`, one flight-recorder trace per thread (key: thread).
 * Version 4 adds `attachments`: the bytes of a thread's attachments (key
 * [thread, attachment id]) as Blobs, never base64, written before the run
 * that sends them starts (so another tab that hears of them can read them)
 * and deleted with the thread; events and messages carry only their records.
 * Version 5 keeps a trace as one record per span (`traceSpans`, key [thread,
 * n], n the span's number in the thread's trace), so that a write stores the
 * spans that changed rather than the whole trace again; `traces` keeps only
 * the count of spans dropped. Opening migrates the whole traces in place.
 * Opening fails with a coded error instead of hanging when IndexedDB is
 * missing or another tab blocks the upgrade; a connection that blocks
 * another tab's upgrade closes itself, and its later calls fail the same way.
 */
import { openDB, unwrap, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import type { AgentEvent, ChatMessage, ThreadTrace } from '../types.js';
import type { TraceChange, TraceSpan } from '../trace-types.js';
import { PageloopError } from '../errors.js';
import { appendMerged } from '../event-merge.js';
import { THREAD_SCHEMA_VERSION, readThread, type ThreadRecord } from '../thread-format.js';
import { storageBlocked, storageUnavailable, toStorageError } from './storage-errors.js';
import { DEFAULT_THREAD_DB, threadLockName } from './thread-lock.js';

export { THREAD_SCHEMA_VERSION, readThread, type ThreadRecord } from '../thread-format.js';

/** A thread's summary, stored apart from its messages so listing threads reads little. */
export interface ThreadMeta {
  schema: number;
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  messageCount: number;
  /** The seq the next batch of events is written at. */
  nextSeq: number;
  /** Tools allowed for good in this thread. */
  allowed?: string[];
}

/** One write: the new meta, event batches to append, and the history from the first message that changed. */
export interface ThreadWrite {
  meta: ThreadMeta;
  /** Batches of events (deltas merged within a batch), each stored at its own seq. */
  events: { seq: number; events: AgentEvent[] }[];
  /** Messages `from` onwards replace the stored ones; stored messages past `meta.messageCount` are removed. */
  messages: { from: number; list: ChatMessage[] };
  /** The history got shorter than what is stored: remove the stored messages past its end. */
  shrunk?: boolean;
  /**
   * Only event batches (and the trace's change) are new: the stored meta
   * record is left as it is — one put in one store per write, not three —
   * and `load` reads the next seq from the batches themselves.
   */
  eventsOnly?: boolean;
  /** What changed in the thread's trace since the last write, when anything did. */
  trace?: TraceChange;
}

/** The bytes of one attachment, as stored: what is sent, and a downscaled image's original when kept. */
export interface StoredAttachment {
  id: string;
  data: Blob;
  original?: Blob;
}

/** A loaded thread, with where its next batch of events goes and its trace's span numbers (as `TraceChange` names them). */
export type StoredThread = ThreadRecord & { nextSeq: number; traceNumbers?: number[] };

/** What the session needs of a thread store; tests inject failing ones. */
export interface ThreadStorage {
  load(id: string): Promise<StoredThread | undefined>;
  write(change: ThreadWrite): Promise<void>;
  /** Replaces a thread whole, in one transaction (import). */
  replace(record: ThreadRecord, attachments?: readonly StoredAttachment[]): Promise<void>;
  list(): Promise<ThreadMeta[]>;
  rename(id: string, title: string): Promise<void>;
  /** Deletes a thread with its attachments. */
  delete(id: string): Promise<void>;
  /** Stores attachments' bytes for thread `thread`, in one transaction (a full disk: `storage-quota`, nothing stored). Absent: attachments live in memory only. */
  putAttachments?(thread: string, items: readonly StoredAttachment[]): Promise<void>;
  /** One attachment's stored bytes. */
  getAttachment?(thread: string, id: string): Promise<StoredAttachment | undefined>;
  /** Every attachment of thread `thread` (export). */
  listAttachments?(thread: string): Promise<StoredAttachment[]>;
  /**
   * The name of thread `id`'s Web Lock and BroadcastChannel (one writer per
   * thread across tabs). A store without it is written without a lock (tests'
   * stand-ins for a page that dies).
   */
  lockName?(id: string): string;
}

interface ThreadDB extends DBSchema {
  threads: { key: string; value: ThreadMeta };
  messages: { key: [string, number]; value: { thread: string; index: number; message: ChatMessage } };
  events: { key: [string, number]; value: { thread: string; seq: number; events: AgentEvent[] } };
  /** One record per thread with a trace: how many of its spans were dropped (before version 5: `trace`, the whole trace). */
  traces: { key: string; value: { thread: string; dropped: number } };
  /** One record per span of a thread's trace, apart from the meta so listing threads does not read traces. */
  traceSpans: { key: [string, number]; value: { thread: string; n: number; span: TraceSpan } };
  /** One record per attachment: its bytes, as Blobs. */
  attachments: { key: [string, string]; value: { thread: string; id: string; data: Blob; original?: Blob } };
}

type Tx = IDBPTransaction<ThreadDB, StoreNames<ThreadDB>[], 'readwrite' | 'versionchange'>;

const DB_NAME = DEFAULT_THREAD_DB;
const DB_VERSION = 5;
const ALL: StoreNames<ThreadDB>[] = ['threads', 'messages', 'events', 'traces', 'traceSpans'];
/** The stores a thread's deletion or replacement touches. */
const WHOLE: StoreNames<ThreadDB>[] = [...ALL, 'attachments'];

/** Every key of thread `id` in a [thread, n] store. */
const rangeOf = (id: string, from = 0) => IDBKeyRange.bound([id, from], [id, Infinity]);
/** Every key of thread `id` in the [thread, attachment id] store (arrays sort after every string). */
const attachmentsOf = (id: string) => IDBKeyRange.bound([id, ''], [id, []]);

/** The meta record of a whole thread. */
export function metaOf(record: ThreadRecord): ThreadMeta {
  const meta: ThreadMeta = { schema: THREAD_SCHEMA_VERSION, id: record.id, title: record.title, createdAt: record.createdAt, updatedAt: record.updatedAt, messageCount: record.messages.length, nextSeq: record.events.length > 0 ? 1 : 0 };
  if (record.allowed && record.allowed.length > 0) meta.allowed = record.allowed;
  return meta;
}

/** Writes a whole thread into `tx`, replacing whatever was stored under its id (with `attachments` when the tx holds that store). */
async function putWhole(tx: Tx, record: ThreadRecord, attachments?: readonly StoredAttachment[]): Promise<void> {
  const messages = tx.objectStore('messages');
  const events = tx.objectStore('events');
  await Promise.all([messages.delete(rangeOf(record.id)), events.delete(rangeOf(record.id)), ...(attachments ? [tx.objectStore('attachments').delete(attachmentsOf(record.id))] : [])]);
  await Promise.all([
    ...(attachments ?? []).map((a) => tx.objectStore('attachments').put(storedRecord(record.id, a))),
    tx.objectStore('threads').put(metaOf(record)),
    ...putTrace(traceStores(tx), record.id, record.trace && wholeTrace(record.trace)),
    ...record.messages.map((message, index) => messages.put({ thread: record.id, index, message })),
    ...(record.events.length > 0 ? [events.put({ thread: record.id, seq: 0, events: record.events })] : []),
  ]);
}

/** The attachment store's record of `a` (no `original` key when there is none). */
function storedRecord(thread: string, a: StoredAttachment): ThreadDB['attachments']['value'] {
  return a.original ? { thread, id: a.id, data: a.data, original: a.original } : { thread, id: a.id, data: a.data };
}

/** The two trace stores as `putTrace` uses them: idb's wrapped ones (requests as promises) or IndexedDB's own (requests as they are). */
interface TraceStores {
  spans: { put(value: ThreadDB['traceSpans']['value']): unknown; delete(key: [string, number] | IDBKeyRange): unknown };
  dropped: { put(value: ThreadDB['traces']['value']): unknown; delete(key: string): unknown };
}

/** Stores a change of thread `id`'s trace (`undefined`: the thread has none — what is stored goes); the requests made. */
function putTrace({ spans, dropped }: TraceStores, id: string, change: TraceChange | undefined): unknown[] {
  const gone = !change || change.gone === 'all' ? [spans.delete(rangeOf(id))] : change.gone.map((n) => spans.delete([id, n]));
  if (!change) return [...gone, dropped.delete(id)];
  const puts = change.put.map(({ n, span }) => spans.put({ thread: id, n, span }));
  // The dropped count moves only with spans gone (and a whole change, a journal's first, always writes it).
  return change.gone.length === 0 ? puts : [...gone, ...puts, dropped.put({ thread: id, dropped: change.dropped })];
}

/** A transaction's trace stores: idb's (`tx`) or IndexedDB's own (a raw transaction). */
const traceStores = (tx: Tx | IDBTransaction): TraceStores => ({ spans: tx.objectStore('traceSpans'), dropped: tx.objectStore('traces') });

/** A whole trace as a change that replaces what is stored, its spans numbered in order. */
const wholeTrace = (trace: ThreadTrace): TraceChange => ({ put: trace.spans.map((span, n) => ({ n, span })), gone: 'all', dropped: trace.dropped });

/** Database version 4 → 5: each whole trace becomes a record per span and the dropped count. */
async function migrateTraces(tx: Tx): Promise<void> {
  const old = (await tx.objectStore('traces').getAll()) as unknown as { thread: string; trace?: ThreadTrace }[];
  for (const { thread, trace } of old) {
    if (!trace) continue;
    await Promise.all(putTrace(traceStores(tx), thread, wholeTrace(trace)));
  }
}

/** Database version 1 → 2: every whole schema-1 record becomes a meta record plus message and event records. */
async function migrateFromV1(tx: Tx): Promise<void> {
  const old = (await tx.objectStore('threads').getAll()) as unknown[];
  for (const value of old) {
    let record: ThreadRecord;
    try {
      record = readThread(value);
    } catch {
      // A record this code cannot read stays out of the way instead of failing every thread's upgrade.
      continue;
    }
    await putWhole(tx, record);
  }
}

/**
 * The write of a stream or a turn: event batches and the trace's change
 * only, in one transaction, through IndexedDB itself — no promise or
 * listener per request, since this runs about every 50 ms for as long as
 * text streams, and a few times per tool call.
 */
function putEvents(db: IDBDatabase, change: ThreadWrite): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(change.trace ? ['events', 'traceSpans', 'traces'] : 'events', 'readwrite');
    const events = tx.objectStore('events');
    for (const batch of change.events) events.put({ thread: change.meta.id, seq: batch.seq, events: batch.events });
    if (change.trace) putTrace(traceStores(tx), change.meta.id, change.trace);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new DOMException('The write was aborted.', 'AbortError'));
  });
}

/** Opens the database, failing with a coded error when it is missing or blocked instead of waiting forever. */
function open(dbName: string, onBlocking: () => void): Promise<IDBPDatabase<ThreadDB>> {
  if (typeof indexedDB === 'undefined') return Promise.reject(storageUnavailable());
  return new Promise((resolve, reject) => {
    let refused = false;
    openDB<ThreadDB>(dbName, DB_VERSION, {
      async upgrade(db, oldVersion, _newVersion, tx) {
        if (oldVersion < 1) db.createObjectStore('threads', { keyPath: 'id' });
        if (oldVersion < 2) {
          db.createObjectStore('messages', { keyPath: ['thread', 'index'] });
          db.createObjectStore('events', { keyPath: ['thread', 'seq'] });
        }
        // Version 3 adds the traces; the threads stored before have none.
        if (oldVersion < 3) db.createObjectStore('traces', { keyPath: 'thread' });
        // Version 4 adds the attachments' bytes; the threads stored before have none.
        if (oldVersion < 4) db.createObjectStore('attachments', { keyPath: ['thread', 'id'] });
        // Version 5 stores a trace span by span (the migration of version 3's and 4's whole traces after the v1 one, which writes none).
        if (oldVersion < 5) db.createObjectStore('traceSpans', { keyPath: ['thread', 'n'] });
        if (oldVersion === 1) await migrateFromV1(tx as unknown as Tx);
        if (oldVersion >= 3 && oldVersion < 5) await migrateTraces(tx as unknown as Tx);
      },
      blocked() {
        refused = true;
        reject(storageBlocked());
      },
      blocking: onBlocking,
    }).then(
      (db) => {
        // Opened after all, once the other tab let go: too late for this store, which already went on without it.
        if (refused) db.close();
        else resolve(db);
      },
      (err: unknown) => reject(toStorageError(err)),
    );
  });
}

/** Stores threads in IndexedDB (works in windows and workers). */
export class ThreadStore implements ThreadStorage {
  #dbName: string;
  /** Opened on first use, so an agent that never touches threads never opens the database. */
  #db: Promise<IDBPDatabase<ThreadDB>> | undefined;
  /** Set when this connection closed so another tab could upgrade; later calls fail with it. */
  #closed: PageloopError | undefined;

  constructor(dbName = DB_NAME) {
    this.#dbName = dbName;
  }

  /** Resolves when the database is open; rejects with the coded reason it cannot be. */
  async opened(): Promise<void> {
    await this.#conn();
  }

  async #conn(): Promise<IDBPDatabase<ThreadDB>> {
    if (this.#closed) throw this.#closed;
    if (!this.#db) {
      this.#db = open(this.#dbName, () => this.#yieldToUpgrade());
      this.#db.catch(() => {});
    }
    return this.#db;
  }

  #yieldToUpgrade(): void {
    this.#closed = new PageloopError('storage-blocked', 'A newer pageloop in another tab is upgrading the thread store, so this tab stopped saving; the conversation goes on in memory. Reload to continue saving.');
    void this.#db?.then((db) => db.close());
  }

  async #run<T>(work: (db: IDBPDatabase<ThreadDB>) => Promise<T>): Promise<T> {
    try {
      return await work(await this.#conn());
    } catch (err) {
      throw toStorageError(err);
    }
  }

  /** The thread `id` in its current form (older schemas migrated), or undefined. */
  load(id: string): Promise<StoredThread | undefined> {
    return this.#run(async (db) => {
      const tx = db.transaction(ALL, 'readonly');
      const [meta, messages, batches, traced, spans] = await Promise.all([
        tx.objectStore('threads').get(id),
        tx.objectStore('messages').getAll(rangeOf(id)),
        tx.objectStore('events').getAll(rangeOf(id)),
        tx.objectStore('traces').get(id),
        tx.objectStore('traceSpans').getAll(rangeOf(id)),
      ]);
      if (!meta) return undefined;
      if (meta.schema !== THREAD_SCHEMA_VERSION) {
        throw new PageloopError('storage', `The stored thread has schema ${meta.schema}; this pageloop reads schema ${THREAD_SCHEMA_VERSION}.`);
      }
      const events: AgentEvent[] = [];
      for (const batch of batches) {
        for (const event of batch.events) {
          // A text streamed across two writes is one event again.
          appendMerged(events, event);
        }
      }
      // Streamed batches leave the meta's seq behind (see `ThreadWrite.eventsOnly`).
      const nextSeq = Math.max(meta.nextSeq, (batches.at(-1)?.seq ?? -1) + 1);
      return { schema: meta.schema, id, title: meta.title, createdAt: meta.createdAt, updatedAt: meta.updatedAt, messages: messages.map((m) => m.message), events, nextSeq, ...(meta.allowed ? { allowed: meta.allowed } : {}), ...(traced ? { trace: { spans: spans.map((s) => s.span), dropped: traced.dropped }, traceNumbers: spans.map((s) => s.n) } : {}) };
    });
  }

  /** Applies one change in one transaction: all of it is stored, or none. */
  write(change: ThreadWrite): Promise<void> {
    return this.#run(async (db) => {
      if (change.eventsOnly) return putEvents(unwrap(db), change);
      const tx = db.transaction(ALL, 'readwrite');
      const { meta } = change;
      const messages = tx.objectStore('messages');
      const events = tx.objectStore('events');
      await Promise.all([
        tx.objectStore('threads').put(meta),
        ...(change.shrunk ? [messages.delete(rangeOf(meta.id, meta.messageCount))] : []),
        ...change.messages.list.map((message, i) => messages.put({ thread: meta.id, index: change.messages.from + i, message })),
        ...change.events.map((batch) => events.put({ thread: meta.id, seq: batch.seq, events: batch.events })),
        ...(change.trace ? putTrace(traceStores(tx), meta.id, change.trace) : []),
        tx.done,
      ]);
    });
  }

  replace(record: ThreadRecord, attachments: readonly StoredAttachment[] = []): Promise<void> {
    return this.#run(async (db) => {
      const tx = db.transaction(WHOLE, 'readwrite');
      await Promise.all([putWhole(tx, record, attachments), tx.done]);
    });
  }

  putAttachments(thread: string, items: readonly StoredAttachment[]): Promise<void> {
    return this.#run(async (db) => {
      const tx = db.transaction('attachments', 'readwrite');
      await Promise.all([...items.map((a) => tx.store.put(storedRecord(thread, a))), tx.done]);
    });
  }

  getAttachment(thread: string, id: string): Promise<StoredAttachment | undefined> {
    return this.#run(async (db) => {
      const found = await db.get('attachments', [thread, id]);
      return found && (found.original ? { id, data: found.data, original: found.original } : { id, data: found.data });
    });
  }

  listAttachments(thread: string): Promise<StoredAttachment[]> {
    return this.#run(async (db) => (await db.getAll('attachments', attachmentsOf(thread))).map(({ id, data, original }) => (original ? { id, data, original } : { id, data })));
  }

  /** Every stored thread's summary, most recently updated first. */
  list(): Promise<ThreadMeta[]> {
    return this.#run(async (db) => (await db.getAll('threads')).sort((a, b) => b.updatedAt - a.updatedAt));
  }

  /** Renames a stored thread; refused for a thread that does not exist. */
  rename(id: string, title: string): Promise<void> {
    return this.#run(async (db) => {
      const tx = db.transaction('threads', 'readwrite');
      const meta = await tx.store.get(id);
      if (!meta) throw new PageloopError('bad-request', `There is no thread "${id}".`);
      await Promise.all([tx.store.put({ ...meta, title }), tx.done]);
    });
  }

  delete(id: string): Promise<void> {
    return this.#run(async (db) => {
      const tx = db.transaction(WHOLE, 'readwrite');
      await Promise.all([tx.objectStore('threads').delete(id), tx.objectStore('messages').delete(rangeOf(id)), tx.objectStore('events').delete(rangeOf(id)), ...putTrace(traceStores(tx), id, undefined), tx.objectStore('attachments').delete(attachmentsOf(id)), tx.done]);
    });
  }

  /** The lock (and channel) name of thread `id` in this database. */
  lockName(id: string): string {
    return threadLockName(this.#dbName, id);
  }

  async close(): Promise<void> {
    (await this.#db?.catch(() => undefined))?.close();
  }
}
