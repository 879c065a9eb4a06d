/**
 * Threads in IndexedDB: the history and the events of one conversation, so a
 * reload or a crash loses nothing that was shown. One record per thread,
 * carrying a schema version; writes are serialized and coalesced, so a burst
 * of changes costs one write in flight and at most one queued.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { AgentEvent, ChatMessage } from '../types.js';
import { PageloopError } from '../errors.js';

/** The version of the stored thread format; bump it and migrate in `readThread`. */
export const THREAD_SCHEMA_VERSION = 1;

/** A stored thread. */
export interface ThreadRecord {
  schema: number;
  id: string;
  messages: ChatMessage[];
  /** Events of the thread, deltas merged. */
  events: AgentEvent[];
  updatedAt: number;
}

interface ThreadDB extends DBSchema {
  threads: { key: string; value: ThreadRecord };
}

const DB_NAME = 'pageloop-threads';

/** Reads a stored record, refusing formats this code does not know. */
export function readThread(value: unknown): ThreadRecord {
  const record = value as Partial<ThreadRecord> | undefined;
  if (!record || typeof record !== 'object' || !Array.isArray(record.messages)) {
    throw new PageloopError('storage', 'The stored thread is not in a format pageloop knows.');
  }
  if (record.schema !== THREAD_SCHEMA_VERSION) {
    throw new PageloopError('storage', `The stored thread has schema ${String(record.schema)}; this pageloop reads schema ${THREAD_SCHEMA_VERSION}.`);
  }
  return { schema: record.schema, id: String(record.id), messages: record.messages, events: Array.isArray(record.events) ? record.events : [], updatedAt: Number(record.updatedAt) || 0 };
}

/** Stores threads in IndexedDB (works in windows and workers). */
export class ThreadStore {
  #db: Promise<IDBPDatabase<ThreadDB>>;
  #writing: Promise<void> = Promise.resolve();
  #queued: ThreadRecord | undefined;

  constructor(dbName = DB_NAME) {
    this.#db = openDB<ThreadDB>(dbName, 1, {
      upgrade(db) {
        db.createObjectStore('threads', { keyPath: 'id' });
      },
    });
  }

  async load(id: string): Promise<ThreadRecord | undefined> {
    const value = await (await this.#db).get('threads', id);
    return value === undefined ? undefined : readThread(value);
  }

  /** Saves the newest state; earlier saves still queued are skipped (the newest contains them). */
  save(record: ThreadRecord): Promise<void> {
    const first = this.#queued === undefined;
    this.#queued = record;
    if (!first) return this.#writing;
    this.#writing = this.#writing.catch(() => {}).then(async () => {
      const next = this.#queued!;
      this.#queued = undefined;
      await (await this.#db).put('threads', next);
    });
    return this.#writing;
  }

  async delete(id: string): Promise<void> {
    await this.#writing;
    await (await this.#db).delete('threads', id);
  }

  /** Resolves when every save so far is on disk. */
  flushed(): Promise<void> {
    return this.#writing;
  }

  async close(): Promise<void> {
    await this.#writing.catch(() => {});
    (await this.#db).close();
  }
}
