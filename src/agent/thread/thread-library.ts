/**
 * The threads API on the worker side: list, open, rename, delete, export and
 * import the threads of the origin's store. The session's own thread is
 * handled through the session (its journal may hold writes not yet on disk,
 * and its memory is the truth when storing failed); any other thread
 * straight through the store.
 *
 * Import is all or nothing: the file is read and checked whole (every
 * message, the schema version) before anything is written, and the store
 * writes the thread in one transaction. It never overwrites: an id already
 * taken gets a fresh one. It never grants: the tools a file says were
 * "always allowed" are dropped, so every call of an imported thread asks as
 * on a new one (a file is not the user of this page).
 *
 * A write straight to the store takes the thread's lock for its length, so
 * it cannot land between the writes of a tab that keeps that thread open;
 * while one does, it is refused with `thread-busy`.
 */
import type { ThreadSummary } from '../../types.js';
import { PageloopError } from '../../errors.js';
import type { ThreadStorage } from '../../store/thread-store.js';
import { AGUI_THREAD_FORMAT, readThread, toThreadFile, type ThreadRecord } from '../../thread-format.js';
import { withThreadLock } from '../../store/thread-lock.js';
import type { StoredAttachment } from '../../store/thread-store.js';

/** What the library needs of the agent's session: its own thread goes through it (its journal may hold writes not yet on disk). */
export interface LibrarySession {
  readonly thread: string | undefined;
  openThread(id: string): Promise<void>;
  clear(): Promise<void>;
  renameThread(title: string): Promise<boolean>;
  threadRecord(): ThreadRecord | undefined;
  readonly files: { all(thread: string): Promise<StoredAttachment[]> };
}

/** A thread in AG-UI's event form, both ways (src/worker/agui/agui-thread-file.ts, with the official client): loaded on first use. */
export interface AgUiThreadForm {
  toAgUiThreadFile(record: ThreadRecord, files: readonly StoredAttachment[]): Promise<string>;
  /** Throws, saying why, when the file is not a valid AG-UI event stream. */
  fromAgUiThreadFile(file: unknown, id: string): Promise<{ record: ThreadRecord; attachments: StoredAttachment[] }>;
}

/** The stored threads, as one agent's worker reaches them. */
export class ThreadLibrary {
  #store: ThreadStorage;
  #session: LibrarySession;
  #generateId: () => string;
  #agUi: (() => Promise<AgUiThreadForm>) | undefined;

  constructor(store: ThreadStorage, session: LibrarySession, options: { generateId?: () => string; agUi?: () => Promise<AgUiThreadForm> } = {}) {
    this.#store = store;
    this.#session = session;
    this.#generateId = options.generateId ?? (() => crypto.randomUUID());
    this.#agUi = options.agUi;
  }

  /** Every stored thread, most recently updated first. */
  async list(): Promise<ThreadSummary[]> {
    return (await this.#store.list()).map((t) => ({ id: t.id, title: t.title, updated: t.updatedAt, messageCount: t.messageCount }));
  }

  /** Makes `id` the session's thread. */
  open(id: string): Promise<void> {
    checkId(id);
    return this.#session.openThread(id);
  }

  /** Deletes thread `id`; the session's own thread is cleared too. */
  async delete(id: string): Promise<void> {
    checkId(id);
    if (id === this.#session.thread) await this.#session.clear();
    else await this.#locked(id, 'Cannot delete', () => this.#store.delete(id));
  }

  async rename(id: string, title: string): Promise<void> {
    checkId(id);
    if (typeof title !== 'string') throw new PageloopError('bad-request', 'rename(id, title) needs the title as text.');
    if (id === this.#session.thread && (await this.#session.renameThread(title))) return;
    await this.#locked(id, 'Cannot rename', () => this.#store.rename(id, title));
  }

  /** The thread as JSON text in the thread-file format, or in AG-UI's event form (`ag-ui`). */
  async export(id: string, format: 'pageloop' | 'ag-ui' = 'pageloop'): Promise<string> {
    checkId(id);
    const record = id === this.#session.thread ? this.#session.threadRecord() : await this.#store.load(id);
    if (!record) throw new PageloopError('bad-request', `There is no thread "${id}".`);
    // The bytes travel in the file's own section; the records stay in its messages and events.
    const own = id === this.#session.thread;
    const bytes = own ? await this.#session.files.all(id) : ((await this.#store.listAttachments?.(id)) ?? []);
    if (format === 'ag-ui') return (await this.#agUiForm()).toAgUiThreadFile(plain(record), bytes);
    const attachments = bytes.length > 0 ? await (await import('../../store/thread-file-attachments.js')).attachmentsSection(bytes) : undefined;
    return JSON.stringify({ ...toThreadFile(plain(record)), ...(attachments ? { attachments } : {}) });
  }

  /** Stores a thread file; resolves with the id it was stored under. */
  async import(file: unknown): Promise<string> {
    let record: ThreadRecord;
    let attachments: StoredAttachment[] = [];
    try {
      const parsed: unknown = typeof file === 'string' ? JSON.parse(file) : file;
      if ((parsed as { format?: unknown } | null)?.format === AGUI_THREAD_FORMAT) {
        ({ record, attachments } = await (await this.#agUiForm()).fromAgUiThreadFile(parsed, this.#generateId()));
      } else {
        record = readThread(parsed);
        const section = (parsed as { attachments?: unknown }).attachments;
        if (section !== undefined) attachments = (await import('../../store/thread-file-attachments.js')).readAttachmentsSection(section);
      }
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      throw new PageloopError('bad-request', `Cannot import the thread: ${why}`);
    }
    const taken = record.id === this.#session.thread || (await this.#store.list()).some((t) => t.id === record.id);
    const id = taken ? this.#generateId() : record.id;
    const { allowed: _granted, ...given } = record;
    await this.#locked(id, 'Cannot import', () => this.#store.replace({ ...given, id }, attachments));
    return id;
  }

  #agUiForm(): Promise<AgUiThreadForm> {
    if (!this.#agUi) throw new PageloopError('bad-request', 'This agent cannot read or write threads in AG-UI\'s event form.');
    return this.#agUi();
  }

  /** Runs a write to thread `id` under its lock (refused while another agent keeps the thread). */
  #locked<T>(id: string, what: string, work: () => Promise<T>): Promise<T> {
    const name = this.#store.lockName?.(id);
    return name === undefined ? work() : withThreadLock(name, what, work);
  }
}

/** A record without the store's bookkeeping (a loaded thread carries `nextSeq`). */
function plain(record: ThreadRecord): ThreadRecord {
  const { schema, id, title, createdAt, updatedAt, messages, events, trace } = record;
  // The trace travels with the file: a user exports a thread, the developer reads how its runs went.
  return { schema, id, title, createdAt, updatedAt, messages, events, ...(trace ? { trace } : {}) };
}

function checkId(id: unknown): asserts id is string {
  if (typeof id !== 'string' || id === '') throw new PageloopError('bad-request', 'A thread id must be a non-empty string.');
}
