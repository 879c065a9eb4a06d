/**
 * Where a GGUF file comes from: a `File`/`Blob` the page passed, the cache of
 * an earlier download (the Cache API or OPFS, model-store.ts), or the
 * network. A download is read as a stream so its progress can be reported,
 * and it is cached only once it is whole and starts with the GGUF magic — a
 * cut-off or wrong file is never kept, so a retry fetches it again instead of
 * failing from the cache forever. A cache that cannot keep the file (a full
 * disk) costs the next load a download and is said in `warning`, never fatal.
 */
import type { EngineSource } from '../../types.js';
import { PageloopError, abortError } from '../../errors.js';
import { MODEL_CACHE, modelStore, type ModelStoreKind } from './model-store.js';

export { MODEL_CACHE };

/** A GGUF file ready to load. */
export interface GgufFile {
  blob: Blob;
  source: EngineSource;
  /** A label for the model: the file's name, or the last part of its URL. */
  name: string;
  /** Why a download could not be cached (e.g. a full disk); the file is still here. */
  warning?: string;
}

/** How to get the file. */
export interface GgufSourceOptions {
  /** Keep a download: `true`/`'cache-api'` (default) in the Cache API, `'opfs'` in the Origin Private File System, `false` not at all. */
  cache?: boolean | ModelStoreKind;
  signal?: AbortSignal;
  /** A download that receives nothing for this long (headers or bytes) fails with a `timeout` error (default 60 s). */
  stallMs?: number;
  /** Download progress in bytes; `total` is absent when the server sends no length. */
  onProgress?(loaded: number, total: number | undefined): void;
}

/**
 * Gets a GGUF file from a Blob, the cache or the network, checking it is one.
 *
 * @example
 * const file = await openGguf('/models/qwen2.5-0.5b-instruct-q4_k_m.gguf', { onProgress: (n, total) => show(n, total) });
 */
export async function openGguf(gguf: string | Blob, options: GgufSourceOptions = {}): Promise<GgufFile> {
  if (gguf instanceof Blob) {
    const name = typeof File !== 'undefined' && gguf instanceof File ? gguf.name : 'model.gguf';
    await checkGgufMagic(gguf, name);
    return { blob: gguf, source: 'file', name };
  }
  const url = new URL(gguf, self.location.href).href;
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || 'model.gguf');
  const store = modelStore(options.cache);
  const cached = await store?.get(url);
  if (cached) {
    await checkGgufMagic(cached, name);
    return { blob: cached, source: 'cache', name };
  }
  const blob = await download(url, options);
  await checkGgufMagic(blob, name);
  // A full disk or a private window refusing storage costs the next load a download, nothing more.
  const warning = await store?.put(url, blob);
  return warning ? { blob, source: 'network', name, warning } : { blob, source: 'network', name };
}

/** Forgets a downloaded model (or all of them) in both stores, e.g. to free space. */
export async function forgetCachedGguf(url?: string): Promise<void> {
  const href = url === undefined ? undefined : new URL(url, self.location.href).href;
  for (const kind of ['cache-api', 'opfs'] as const) await modelStore(kind)?.delete(href).catch(() => {});
}

/** How long a download may receive nothing before it counts as stalled. */
const DOWNLOAD_STALL_MS = 60_000;

async function download(url: string, options: GgufSourceOptions): Promise<Blob> {
  // A server that stops sending must not leave the load waiting for ever: abort after a silence, and say so.
  const stallMs = options.stallMs ?? DOWNLOAD_STALL_MS;
  const silence = new AbortController();
  let timer = setTimeout(() => silence.abort(), stallMs);
  const heard = () => {
    clearTimeout(timer);
    timer = setTimeout(() => silence.abort(), stallMs);
  };
  const signal = options.signal ? AbortSignal.any([options.signal, silence.signal]) : silence.signal;
  try {
    return await downloadBody(url, options, signal, heard);
  } catch (err) {
    if (silence.signal.aborted && !options.signal?.aborted) {
      throw new PageloopError('timeout', `The model download from ${url} stalled: nothing arrived for ${stallMs >= 1000 ? `${Math.round(stallMs / 1000)} s` : `${stallMs} ms`}. Check the connection and the server, then try again.`, true);
    }
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

async function downloadBody(url: string, options: GgufSourceOptions, signal: AbortSignal, heard: () => void): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (err) {
    if (signal.aborted) throw abortError('The model download was cancelled.');
    throw new PageloopError('network', `Could not download the model from ${url}: ${(err as Error).message || 'the network request failed'} (offline, a wrong address, or the server does not allow this origin).`);
  }
  heard();
  if (!response.ok) {
    throw new PageloopError('http', `Could not download the model from ${url}: HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`);
  }
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : undefined;
  if (!response.body) return response.blob();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  let reported = 0;
  const reader = response.body.getReader();
  options.onProgress?.(0, total);
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      heard();
      chunks.push(value);
      loaded += value.byteLength;
      // About a hundred reports for a whole file, whatever its size.
      if (!total || loaded - reported >= total / 100) {
        reported = loaded;
        options.onProgress?.(loaded, total);
      }
    }
  } catch (err) {
    if (signal.aborted) throw abortError('The model download was cancelled.');
    throw new PageloopError('network', `The model download from ${url} broke off after ${loaded} bytes: ${(err as Error).message}.`);
  }
  if (total !== undefined && loaded < total) {
    throw new PageloopError('network', `The model download from ${url} ended after ${loaded} of ${total} bytes.`);
  }
  options.onProgress?.(loaded, total);
  return new Blob(chunks as BlobPart[]);
}

/** Rejects anything that does not start like a GGUF file (version 2 or 3), before llama.cpp sees it. */
export async function checkGgufMagic(blob: Blob, name: string): Promise<void> {
  const head = new DataView(await blob.slice(0, 8).arrayBuffer());
  const magic = head.byteLength >= 4 ? String.fromCharCode(head.getUint8(0), head.getUint8(1), head.getUint8(2), head.getUint8(3)) : '';
  if (magic !== 'GGUF') {
    throw new PageloopError('model-file', `${name} is not a GGUF model file (it does not start with "GGUF"). Pick a .gguf file, e.g. a Q4_K_M quantisation of a small instruct model.`);
  }
  const version = head.byteLength >= 8 ? head.getUint32(4, true) : 0;
  if (version < 2 || version > 3) {
    throw new PageloopError('model-file', `${name} is GGUF version ${version}; llama.cpp reads versions 2 and 3.`);
  }
}
