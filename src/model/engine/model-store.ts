/**
 * Where downloaded GGUF models are kept so the next load needs no network:
 * the Cache API (one response per URL) or the Origin Private File System (one
 * file per URL). Both hold whole, checked files only: a write goes to a
 * temporary entry first and becomes visible only once complete, so a full
 * disk or a closed tab never leaves a cut-off model to be loaded later.
 *
 * A store that cannot keep a model (QuotaExceededError, a private window, no
 * OPFS) says why in a sentence; the caller still has the model in memory and
 * loads it. Reading never throws: a store that fails to read is a miss.
 */

/** The Cache API cache, and the OPFS directory, holding downloaded models. */
export const MODEL_CACHE = 'pageloop-models-v1';

/** Which store: `'cache-api'` (the default) or `'opfs'`. */
export type ModelStoreKind = 'cache-api' | 'opfs';

/** A place for downloaded models. */
export interface ModelStore {
  readonly kind: ModelStoreKind;
  /** The model stored for `url`, if any. */
  get(url: string): Promise<Blob | undefined>;
  /** Keeps `blob` for `url`; resolves with a warning sentence when it could not. */
  put(url: string, blob: Blob): Promise<string | undefined>;
  /** Forgets `url` (or every model). */
  delete(url?: string): Promise<void>;
}

/**
 * The store for an `EngineOptions.cache` value, or undefined when caching is
 * off or this context has no such storage (the Cache API and OPFS exist only
 * in secure contexts: https and localhost).
 */
export function modelStore(option: boolean | ModelStoreKind | undefined): ModelStore | undefined {
  if (option === false) return undefined;
  const kind: ModelStoreKind = option === 'opfs' ? 'opfs' : 'cache-api';
  if (kind === 'opfs') return typeof navigator !== 'undefined' && typeof navigator.storage?.getDirectory === 'function' ? new OpfsStore() : undefined;
  return typeof caches !== 'undefined' ? new CacheApiStore() : undefined;
}

/** Why a write failed, for the app: a full disk or quota said plainly. */
export function storeWarning(kind: ModelStoreKind, err: unknown): string {
  const name = (err as { name?: string })?.name ?? '';
  const where = kind === 'opfs' ? 'the Origin Private File System' : 'the Cache API';
  const why =
    name === 'QuotaExceededError'
      ? "the disk or this site's storage quota is full (QuotaExceededError)"
      : `${name || 'an error'}: ${(err as Error)?.message ?? String(err)}`;
  return `The model could not be kept in ${where}: ${why}. It is loaded now, but the next load downloads it again.`;
}

class CacheApiStore implements ModelStore {
  readonly kind = 'cache-api' as const;

  async get(url: string): Promise<Blob | undefined> {
    try {
      const cache = await caches.open(MODEL_CACHE);
      return await (await cache.match(url))?.blob();
    } catch {
      return undefined;
    }
  }

  async put(url: string, blob: Blob): Promise<string | undefined> {
    try {
      // cache.put commits the entry only once the whole body is written.
      const cache = await caches.open(MODEL_CACHE);
      await cache.put(url, new Response(blob, { headers: { 'content-type': 'application/octet-stream', 'content-length': String(blob.size) } }));
      return undefined;
    } catch (err) {
      return storeWarning(this.kind, err);
    }
  }

  async delete(url?: string): Promise<void> {
    if (url === undefined) await caches.delete(MODEL_CACHE);
    else await (await caches.open(MODEL_CACHE)).delete(url);
  }
}

class OpfsStore implements ModelStore {
  readonly kind = 'opfs' as const;

  async #dir(): Promise<FileSystemDirectoryHandle> {
    const root = await navigator.storage.getDirectory();
    return root.getDirectoryHandle(MODEL_CACHE, { create: true });
  }

  async get(url: string): Promise<Blob | undefined> {
    try {
      const handle = await (await this.#dir()).getFileHandle(await fileName(url));
      const file = await handle.getFile();
      return file.size > 0 ? file : undefined;
    } catch {
      return undefined;
    }
  }

  async put(url: string, blob: Blob): Promise<string | undefined> {
    let dir: FileSystemDirectoryHandle | undefined;
    const name = await fileName(url);
    const part = `${name}.part`;
    try {
      dir = await this.#dir();
      const writable = await (await dir.getFileHandle(part, { create: true })).createWritable();
      try {
        await writable.write(blob);
        await writable.close();
      } catch (err) {
        await writable.abort().catch(() => {});
        throw err;
      }
      // Only a complete file gets the name `get` looks for.
      const written = await dir.getFileHandle(part);
      await (written as FileSystemFileHandle & { move(name: string): Promise<void> }).move(name);
      return undefined;
    } catch (err) {
      await dir?.removeEntry(part).catch(() => {});
      return storeWarning(this.kind, err);
    }
  }

  async delete(url?: string): Promise<void> {
    const root = await navigator.storage.getDirectory();
    if (url === undefined) await root.removeEntry(MODEL_CACHE, { recursive: true }).catch(() => {});
    else await (await this.#dir()).removeEntry(await fileName(url)).catch(() => {});
  }
}

/** A file name for a URL: its SHA-256 in hex, plus `.gguf` (URLs have characters file names may not). */
async function fileName(url: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(url));
  return `${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}.gguf`;
}
