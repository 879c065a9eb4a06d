/**
 * The memory itself: embeds, indexes, searches and persists. It runs in any
 * worker (its own, from `createMemory`, or the agent's, as the service named
 * 'memory') or in a window for tests. Everything it returns is plain data.
 */
import { PageloopError } from '../errors.js';
import { Bm25Index } from './bm25.js';
import { EndpointEmbedder } from './endpoint-embedder.js';
import { fuseRankings } from './hybrid-search.js';
import { OfflineEmbedder, type Embedder } from './offline-embedder.js';
import type { MemoryFilter, MemoryHit, MemoryItem, MemoryOptions, MemorySearchOptions } from '../memory-types.js';
import { VectorIndex } from './vector-index.js';
import { SCHEMA_VERSION, VectorStore, type DocChunkRecord, type StoredState, type VectorChunk } from './vector-store.js';

/** `MemoryOptions` plus what only in-worker code and tests can pass (not cloneable). */
export interface MemoryEngineOptions extends MemoryOptions {
  /** Makes ids for items without one; default `crypto.randomUUID()`. */
  generateId?: () => string;
  /** False forces the plain-JS scan (tests compare it with WebAssembly SIMD). */
  simd?: boolean;
  /** Rows per chunk record; a power of two, default 4096. */
  chunkSize?: number;
  /** The endpoint embedder's fetch (tests). */
  fetch?: typeof fetch;
}

/** Sizes for benchmarks and diagnostics. */
export interface MemoryStats {
  count: number;
  dimensions: number | undefined;
  /** True when the WebAssembly SIMD kernel scans. */
  simd: boolean;
  /** Bytes of the vectors as f32: count × dimensions × 4. */
  vectorBytes: number;
  /** Bytes the index holds for them (f32, int8, scales, scratch, growth slack). */
  residentBytes: number;
}

const DEFAULT_DIMENSIONS = 384;
const MAX_K = 1000;

/** A vector memory over one named IndexedDB store. Calls wait for the cold load. */
export class MemoryEngine {
  /** Resolves when the stored memory is loaded; rejects with a `storage` error. */
  readonly ready: Promise<void>;
  readonly name: string;
  readonly #options: MemoryEngineOptions;
  readonly #embedder: Embedder;
  readonly #generateId: () => string;
  #store: VectorStore | undefined;
  #index: VectorIndex | undefined;
  #ids: string[] = [];
  #texts: string[] = [];
  #metas: (Record<string, unknown> | undefined)[] = [];
  /** id → slot; built on first use, because a cold load that only serves vector searches never needs it. */
  #slotMap: Map<string, number> | undefined;
  /** Built on the first hybrid search: most memories never need it, and it costs a pass over every text. */
  #bm25: Bm25Index | undefined;
  #embedderId: string;
  #dirty = new Set<number>();
  /** Mutations run one at a time, so each one's records are written in the order they were made. */
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(options: MemoryEngineOptions = {}) {
    this.#options = options;
    this.name = options.name ?? 'default';
    this.#embedder = options.embedder
      ? new EndpointEmbedder(options.embedder, options.dimensions, options.fetch)
      : new OfflineEmbedder(options.dimensions ?? DEFAULT_DIMENSIONS);
    this.#embedderId = this.#embedder.id;
    this.#generateId = options.generateId ?? (() => crypto.randomUUID());
    this.ready = this.#load();
    // Callers see the failure through their own calls; this keeps it from being "unhandled".
    this.ready.catch(() => {});
  }

  /** Stores items, embedding those without a vector; resolves with their ids, in order. */
  add(items: MemoryItem[], signal?: AbortSignal): Promise<string[]> {
    return this.#exclusive(async () => {
      if (!Array.isArray(items)) throw badRequest('add() takes an array of items.');
      items.forEach(checkItem);
      // Nothing to do, and nothing to learn dimensions from: an empty batch must not fix them at the default.
      if (items.length === 0) return [];
      const toEmbed = items.filter((item) => item.vector === undefined).map((item) => item.text);
      const embedded = toEmbed.length ? await this.#embedder.embed(toEmbed, signal) : [];
      signal?.throwIfAborted();
      this.#checkEmbedder(toEmbed.length > 0);
      const vectors = items.map((item) => item.vector ?? embedded.shift()!);
      const index = this.#indexFor(vectors[0]?.length);
      for (const v of vectors) {
        if (v.length !== index.dimensions) throw badRequest(`A vector has ${v.length} dimensions; this memory uses ${index.dimensions}.`);
      }
      const ids = items.map((item, i) => {
        const id = item.id ?? this.#generateId();
        const existing = this.#slotOf().get(id);
        const slot = existing ?? index.count;
        index.set(slot, vectors[i]!);
        this.#ids[slot] = id;
        this.#texts[slot] = item.text;
        this.#metas[slot] = item.meta;
        this.#slotOf().set(id, slot);
        this.#bm25?.add(id, item.text);
        this.#dirty.add(slot >> Math.log2(index.chunkSize));
        return id;
      });
      await this.#persist();
      return ids;
    });
  }

  /** The `k` best hits for a text or a query vector, best first. */
  async search(query: string | Float32Array | number[], options: MemorySearchOptions = {}, signal?: AbortSignal): Promise<MemoryHit[]> {
    await this.#open();
    const k = options.k ?? 10;
    if (!Number.isInteger(k) || k < 1 || k > MAX_K) throw badRequest(`k must be an integer from 1 to ${MAX_K}; got ${String(k)}.`);
    const isText = typeof query === 'string';
    if (!isText && !(query instanceof Float32Array) && !Array.isArray(query)) throw badRequest('search() takes a text or a vector.');
    const index = this.#index;
    if (!index || index.count === 0) return [];
    let vector: ArrayLike<number>;
    if (isText) {
      this.#checkEmbedder(true);
      const [embedded] = await this.#embedder.embed([query], signal);
      vector = embedded!;
    } else {
      vector = query;
    }
    if (vector.length !== index.dimensions) throw badRequest(`The query has ${vector.length} dimensions; this memory uses ${index.dimensions}.`);
    const allowed = options.filter ? this.#allowedSlots(options.filter) : undefined;
    if (!isText || options.hybrid === false) {
      return index.search(vector, k, allowed).map(({ slot, score }) => this.#hit(slot, score));
    }
    // Each half ranks deeper than k, so an item strong in one half only can still be fused in.
    const depth = Math.max(2 * k, 20);
    const vectorHits = index.search(vector, depth, allowed).map(({ slot }) => ({ id: this.#ids[slot]! }));
    const textHits = this.#lexical().search(query, depth, allowed && ((id) => allowed[this.#slotOf().get(id) ?? -1] === 1));
    return fuseRankings([vectorHits, textHits], k).map(({ id, score }) => this.#hit(this.#slotOf().get(id)!, score));
  }

  /** Forgets these ids; unknown ones are ignored. Resolves with how many were removed. */
  delete(ids: string[]): Promise<number> {
    return this.#exclusive(async () => {
      if (!Array.isArray(ids)) throw badRequest('delete() takes an array of ids.');
      const index = this.#index;
      if (!index) return 0;
      const shift = Math.log2(index.chunkSize);
      let removed = 0;
      for (const id of new Set(ids)) {
        const slot = typeof id === 'string' ? this.#slotOf().get(id) : undefined;
        if (slot === undefined) continue;
        // Swap-remove: the last row fills the hole, so slots stay dense and every chunk but the last stays full.
        const last = index.count - 1;
        if (slot !== last) {
          const lastId = this.#ids[last]!;
          index.move(last, slot);
          this.#ids[slot] = lastId;
          this.#texts[slot] = this.#texts[last]!;
          this.#metas[slot] = this.#metas[last];
          this.#slotOf().set(lastId, slot);
          this.#dirty.add(slot >> shift);
        }
        index.truncate(last);
        this.#ids.length = this.#texts.length = this.#metas.length = last;
        this.#slotOf().delete(id);
        this.#bm25?.remove(id);
        this.#dirty.add(last >> shift);
        removed++;
      }
      if (removed) await this.#persist();
      return removed;
    });
  }

  /** How many items the memory holds. */
  async count(): Promise<number> {
    await this.#open();
    return this.#index?.count ?? 0;
  }

  /** Forgets everything in this named store. */
  clear(): Promise<void> {
    return this.#exclusive(async () => {
      await this.#store!.clear();
      this.#reset();
      this.#embedderId = this.#embedder.id;
    });
  }

  /** Closes the database; later calls reject with a `disposed` error. */
  close(): void {
    this.#closed = true;
    this.#store?.close();
  }

  /** Sizes of the index, for benchmarks and diagnostics. */
  async stats(): Promise<MemoryStats> {
    await this.#open();
    const index = this.#index;
    const count = index?.count ?? 0;
    return {
      count,
      dimensions: index?.dimensions ?? this.#embedder.dimensions,
      simd: index?.simd ?? false,
      vectorBytes: count * (index?.dimensions ?? 0) * 4,
      residentBytes: index?.byteLength ?? 0,
    };
  }

  async #load(): Promise<void> {
    const store = await VectorStore.open(this.name);
    if (this.#closed) {
      store.close();
      return;
    }
    this.#store = store;
    const { state, vectors, docs } = await store.load();
    if (!state || state.count === 0) return;
    const configured = this.#options.dimensions;
    if (configured !== undefined && configured !== state.dimensions) {
      throw new PageloopError('bad-request', `Memory "${this.name}" holds ${state.dimensions}-dimensional vectors; it was opened with dimensions ${configured}.`);
    }
    // Texts and ids first: their work overlaps the reading of the vector blobs.
    this.#ids = docs.flatMap((record) => record.ids);
    this.#texts = docs.flatMap((record) => record.texts);
    this.#metas = docs.flatMap((record) => record.metas.map((meta) => meta ?? undefined));
    // The stored chunk size wins: records are laid out by it.
    const index = this.#indexFor(state.dimensions, state.chunkSize);
    let rows = 0;
    // Each chunk is indexed as soon as it is read, while later ones are still being read.
    for (const pending of vectors) {
      const record = await pending;
      if (record.chunk * index.chunkSize !== rows || record.vectors.length !== record.count * state.dimensions) throw corrupt(this.name);
      index.appendNormalized(record.vectors);
      rows += record.count;
    }
    if (rows !== state.count || this.#ids.length !== state.count || this.#texts.length !== state.count) throw corrupt(this.name);
    this.#embedderId = state.embedder;
  }

  async #open(): Promise<void> {
    if (this.#closed) throw new PageloopError('disposed', `Memory "${this.name}" is closed.`);
    await this.ready;
  }

  #exclusive<T>(operation: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(async () => {
      await this.#open();
      return operation();
    });
    this.#queue = run.catch(() => {});
    return run;
  }

  /** The index, created on the first vector when the dimensions were not known before. */
  #indexFor(dimensions: number | undefined, chunkSize = this.#options.chunkSize): VectorIndex {
    if (this.#index) return this.#index;
    const dims = this.#options.dimensions ?? dimensions ?? this.#embedder.dimensions ?? DEFAULT_DIMENSIONS;
    this.#index = new VectorIndex(dims, { chunkSize, simd: this.#options.simd });
    return this.#index;
  }

  /** Texts embedded by another embedder live in another space: comparing them would be noise. */
  #checkEmbedder(embedding: boolean): void {
    if (embedding && this.#embedderId !== this.#embedder.id && (this.#index?.count ?? 0) > 0) {
      throw badRequest(`Memory "${this.name}" was embedded with ${this.#embedderId}, not ${this.#embedder.id}: use the same embedder, or clear() it.`);
    }
  }

  #slotOf(): Map<string, number> {
    if (!this.#slotMap) {
      this.#slotMap = new Map();
      this.#ids.forEach((id, slot) => this.#slotMap!.set(id, slot));
    }
    return this.#slotMap;
  }

  #lexical(): Bm25Index {
    if (!this.#bm25) {
      this.#bm25 = new Bm25Index();
      this.#ids.forEach((id, slot) => this.#bm25!.add(id, this.#texts[slot]!));
    }
    return this.#bm25;
  }

  #allowedSlots(filter: MemoryFilter): Uint8Array {
    if (typeof filter !== 'object' || filter === null) throw badRequest('filter must be an object of meta fields.');
    const keys = Object.keys(filter);
    const allowed = new Uint8Array(this.#ids.length);
    this.#metas.forEach((meta, slot) => {
      allowed[slot] = keys.every((key) => matchesField(meta, key, filter[key])) ? 1 : 0;
    });
    return allowed;
  }

  #hit(slot: number, score: number): MemoryHit {
    return { id: this.#ids[slot]!, text: this.#texts[slot]!, score, meta: this.#metas[slot] };
  }

  async #persist(): Promise<void> {
    const index = this.#index!;
    const size = index.chunkSize;
    const count = index.count;
    const chunkCount = Math.ceil(count / size);
    const vectors: VectorChunk[] = [];
    const docs: DocChunkRecord[] = [];
    const dirty = [...this.#dirty].sort((a, b) => a - b);
    for (const chunk of dirty) {
      if (chunk >= chunkCount) continue;
      const start = chunk * size;
      const end = Math.min(count, start + size);
      vectors.push({ chunk, count: end - start, vectors: index.chunkRows(chunk) });
      docs.push({
        chunk,
        ids: this.#ids.slice(start, end),
        texts: this.#texts.slice(start, end),
        metas: this.#metas.slice(start, end).map((meta) => meta ?? null),
      });
    }
    this.#dirty.clear();
    const state: StoredState = { schemaVersion: SCHEMA_VERSION, dimensions: index.dimensions, count, chunkSize: size, embedder: this.#embedderId };
    try {
      await this.#store!.write(state, vectors, docs, chunkCount);
    } catch (err) {
      // The memory is ahead of the disk now: keep the chunks dirty so the next write carries them.
      for (const chunk of dirty) this.#dirty.add(chunk);
      throw err;
    }
  }

  #reset(): void {
    this.#index = undefined;
    this.#ids = [];
    this.#texts = [];
    this.#metas = [];
    this.#slotMap = undefined;
    this.#bm25 = undefined;
    this.#dirty.clear();
  }
}

function checkItem(item: MemoryItem, position: number): void {
  if (typeof item !== 'object' || item === null || typeof item.text !== 'string') throw badRequest(`Item ${position} needs a text.`);
  if (item.id !== undefined && (typeof item.id !== 'string' || item.id === '')) throw badRequest(`Item ${position}: id must be a non-empty string.`);
  if (item.vector !== undefined && !(item.vector instanceof Float32Array) && !Array.isArray(item.vector)) {
    throw badRequest(`Item ${position}: vector must be a Float32Array or an array of numbers.`);
  }
  if (item.meta !== undefined && (typeof item.meta !== 'object' || item.meta === null || Array.isArray(item.meta))) {
    throw badRequest(`Item ${position}: meta must be an object.`);
  }
}

/** A meta field matches a filter value when equal, or when it is an array containing it (tags). */
function matchesField(meta: Record<string, unknown> | undefined, key: string, wanted: unknown): boolean {
  if (!meta || !Object.hasOwn(meta, key)) return false;
  const value = meta[key];
  if (Array.isArray(value)) return Array.isArray(wanted) ? wanted.every((w) => value.includes(w)) : value.includes(wanted);
  return value === wanted;
}

function badRequest(message: string): PageloopError {
  return new PageloopError('bad-request', message);
}

function corrupt(name: string): PageloopError {
  return new PageloopError('storage', `Memory "${name}" is inconsistent in IndexedDB (chunks do not add up to the stored count); clear() it.`);
}
