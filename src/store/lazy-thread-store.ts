/**
 * The agent worker's thread store, whose code (the IndexedDB schema, idb)
 * loads on the first call: most agents keep no thread, and the worker should
 * be ready without it. Every call goes to one `ThreadStore`, made on first use.
 */
import type { ThreadStorage } from './thread-store.js';
import { DEFAULT_THREAD_DB, threadLockName } from './thread-lock.js';

/** A `ThreadStorage` that loads and opens the IndexedDB store on its first call. */
export function lazyThreadStore(): ThreadStorage {
  let store: Promise<ThreadStorage> | undefined;
  const open = () => (store ??= import('./thread-store.js').then(({ ThreadStore }) => new ThreadStore()));
  return {
    load: (id) => open().then((s) => s.load(id)),
    write: (change) => open().then((s) => s.write(change)),
    replace: (record, attachments) => open().then((s) => s.replace(record, attachments)),
    list: () => open().then((s) => s.list()),
    rename: (id, title) => open().then((s) => s.rename(id, title)),
    delete: (id) => open().then((s) => s.delete(id)),
    putAttachments: (thread, items) => open().then((s) => s.putAttachments!(thread, items)),
    getAttachment: (thread, id) => open().then((s) => s.getAttachment!(thread, id)),
    listAttachments: (thread) => open().then((s) => s.listAttachments!(thread)),
    // Known without the store: one writer per thread holds from the first call.
    lockName: (id) => threadLockName(DEFAULT_THREAD_DB, id),
  };
}
