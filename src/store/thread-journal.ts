/**
 * Writes one thread as it happens. Every event the session records is
 * appended to a pending batch (deltas merged), and the history is compared
 * message by message with what was last written; both go to the store in ONE
 * transaction about every `delayMs` — never one transaction per token.
 * One write is in flight at a time, so writes land in order.
 *
 * A failed write (quota, a closed or blocked database) leaves the stored
 * thread as the previous write left it (the store writes all or nothing),
 * reports one coded error, and stops writing: from then on the conversation
 * lives in memory only, and the stored prefix stays a valid thread.
 *
 * With a `lock`, a write is made only while the lock is held (one writer per
 * thread across tabs, src/store/thread-lock.ts); each stored write is then
 * told to the thread's followers through `feed`.
 */
import type { AgentEvent, ChatMessage } from '../types.js';
import type { TraceChange } from '../trace-types.js';
import type { PageloopError } from '../errors.js';
import { appendMerged, isStreamDelta } from '../event-merge.js';
import { THREAD_SCHEMA_VERSION, defaultTitle } from '../thread-format.js';
import type { StoredThread, ThreadMeta, ThreadStorage, ThreadWrite } from './thread-store.js';
import { toStorageError } from './storage-errors.js';
import { threadBusy } from './thread-lock.js';
import type { ThreadFeed } from './thread-feed.js';

/** How a journal reaches its thread and reports trouble. */
export interface JournalOptions {
  store: ThreadStorage;
  id: string;
  /** The live history (read at each write). */
  history: () => readonly ChatMessage[];
  /** The tools allowed for good now (read at each write). */
  allowed?: () => readonly string[];
  /** Called once, when storing fails and the journal stops. */
  onError: (err: PageloopError) => void;
  now?: () => number;
  /** How long streamed deltas gather before they are written; default 50 ms (any other event is written at once). */
  delayMs?: number;
  /** The thread's lock: nothing is written unless it is held. */
  lock?: { readonly held: boolean };
  /** Where stored writes are told to the thread's followers. */
  feed?: ThreadFeed;
  /** The thread's trace (its recorder): what changed is written whenever its version moved; the journal's first write takes it whole. */
  trace?: { readonly version: number; takeChange(whole: boolean): TraceChange };
}

/** Streamed text waits this long for company: a reload loses at most this much of a reply. */
const DEFAULT_DELAY_MS = 50;

/** The write-ahead record of one live thread. */
export class ThreadJournal {
  #o: JournalOptions;
  #pending: AgentEvent[] = [];
  /** The messages as last written (by identity: the session replaces, never edits, a message). */
  #written: ChatMessage[] = [];
  #nextSeq = 0;
  #title = '';
  #createdAt: number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #writing: Promise<void> = Promise.resolve();
  #failed: PageloopError | undefined;
  /** The scheduled write is an immediate one. */
  #soon = false;
  /** The meta changed (a rename) though nothing else did. */
  #metaChanged = false;
  /** The thread's meta record is in the store (a write of events alone may then leave it be). */
  #metaStored = false;
  /** The trace version last written. */
  #traceWritten: number | undefined;

  constructor(options: JournalOptions) {
    this.#o = options;
    this.#createdAt = this.#now();
  }

  /** The error that stopped the journal, if one did. */
  get failed(): PageloopError | undefined {
    return this.#failed;
  }

  /** Reads the stored thread; remembers it as written. Rejects with a coded error (the journal then stops). */
  async load(): Promise<StoredThread | undefined> {
    let record: StoredThread | undefined;
    try {
      record = await this.#o.store.load(this.#o.id);
    } catch (err) {
      // Not even read: writing now could overwrite a thread this code cannot read.
      this.#failed = toStorageError(err);
      throw this.#failed;
    }
    if (record) {
      this.#metaStored = true;
      this.#written = record.messages.slice();
      this.#nextSeq = record.nextSeq;
      this.#title = record.title;
      this.#createdAt = record.createdAt;
    }
    return record;
  }

  /** When the thread was first written. */
  get createdAt(): number {
    return this.#createdAt;
  }

  /** The thread's title (default: its first user message). */
  get title(): string {
    return this.#title || defaultTitle(this.#o.history());
  }

  set title(title: string) {
    this.#title = title;
    this.#metaChanged = true;
    this.changed();
  }

  /** Notes that the meta changed (a permission granted or revoked); it is written at once. */
  touchMeta(): void {
    this.#metaChanged = true;
    this.changed(true);
  }

  /** Queues an event for the next write. */
  append(event: AgentEvent): void {
    const merged = appendMerged(this.#pending, event);
    // A delta waits for its batch; anything else (a message sent, a call, an approval) is written at once.
    this.changed(!merged && !isStreamDelta(event));
  }

  /** Notes that the history changed; it is written with the next batch. */
  changed(soon = false): void {
    if (this.#failed) return;
    if (soon && !this.#soon) {
      if (this.#timer !== undefined) clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    if (this.#timer !== undefined) return;
    this.#soon = soon;
    this.#timer = setTimeout(() => this.flush().catch(() => {}), soon ? 0 : (this.#o.delayMs ?? DEFAULT_DELAY_MS));
  }

  /** Writes everything pending now; resolves when it is stored. Rejects with the coded error if storing failed. */
  flush(): Promise<void> {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#writing = this.#writing.then(() => this.#write());
    return this.#writing;
  }

  /**
   * Writes what is queued, if anything, and resolves once every write under
   * way is stored: what an agent going away must wait for. Unlike `flush`, it
   * never writes a thread nothing was queued for (a new, empty one).
   */
  settle(): Promise<void> {
    return this.#timer !== undefined ? this.flush() : this.#writing;
  }

  /** Forgets what was written (the thread was deleted); the next write starts it afresh. */
  reset(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#pending = [];
    this.#written = [];
    this.#nextSeq = 0;
    this.#metaStored = false;
    this.#traceWritten = undefined;
    this.#title = '';
    this.#createdAt = this.#now();
  }

  async #write(): Promise<void> {
    if (this.#failed) throw this.#failed;
    const history = this.#o.history();
    let from = 0;
    while (from < history.length && from < this.#written.length && history[from] === this.#written[from]) from++;
    const events = this.#pending;
    const historySame = from === history.length && from === this.#written.length;
    const traced = this.#o.trace;
    const version = traced?.version;
    const traceChanged = version !== undefined && version !== this.#traceWritten;
    if (events.length === 0 && !this.#metaChanged && historySame && !traceChanged) return;
    // A thread nothing has happened in yet (just opened, or made new) is not stored: it would list
    // as an empty conversation, and only if the list happened to be read after this write.
    if (!this.#metaStored && history.length === 0 && events.length === 0 && !this.#title && !this.#o.allowed?.().length) return;
    const eventsOnly = historySame && !this.#metaChanged && this.#metaStored;
    this.#pending = [];
    this.#metaChanged = false;
    const seq = this.#nextSeq;
    const meta: ThreadMeta = {
      schema: THREAD_SCHEMA_VERSION,
      id: this.#o.id,
      title: this.title,
      createdAt: this.#createdAt,
      updatedAt: this.#now(),
      messageCount: history.length,
      nextSeq: events.length > 0 ? seq + 1 : seq,
    };
    const allowed = this.#o.allowed?.() ?? [];
    if (allowed.length > 0) meta.allowed = [...allowed];
    const snapshot = history.slice();
    const change: ThreadWrite = { meta, events: events.length > 0 ? [{ seq, events }] : [], messages: { from, list: snapshot.slice(from) }, shrunk: snapshot.length < this.#written.length, ...(eventsOnly ? { eventsOnly } : {}) };
    // The first write replaces whatever trace is stored (this journal does not know it); later ones add what changed.
    if (traced && traceChanged) change.trace = traced.takeChange(this.#traceWritten === undefined);
    try {
      // Checked here, at the write itself: a journal that lost (or never had) the lock writes nothing.
      if (this.#o.lock && !this.#o.lock.held) throw threadBusy('Not saved');
      await this.#o.store.write(change);
    } catch (err) {
      this.#failed = toStorageError(err);
      this.#o.onError(this.#failed);
      throw this.#failed;
    }
    this.#nextSeq = meta.nextSeq;
    this.#written = snapshot;
    this.#metaStored = true;
    if (traceChanged) this.#traceWritten = version;
    this.#o.feed?.publish(change);
  }

  #now(): number {
    return (this.#o.now ?? Date.now)();
  }
}
