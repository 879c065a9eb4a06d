/**
 * The public types of the vector memory: what `createMemory` takes and what its
 * methods return. All of it is plain data, because every call crosses a worker.
 */

/** One item to remember. Without `vector`, the memory's embedder makes one from `text`. */
export interface MemoryItem {
  /** Reusing an id replaces that item; absent means a new id (`crypto.randomUUID()`). */
  id?: string;
  text: string;
  /** Brings its own embedding; must have the memory's dimensions. It is stored L2-normalized. */
  vector?: Float32Array | number[];
  /** Plain, cloneable data; `search`'s `filter` matches its fields. */
  meta?: Record<string, unknown>;
}

/**
 * Keeps hits whose `meta` matches every field: `{ tags: 'work' }` matches
 * `meta.tags === 'work'` and also `meta.tags` arrays that contain `'work'`.
 * Plain data rather than a predicate, because functions do not cross workers.
 */
export type MemoryFilter = Record<string, unknown>;

/** Options of one `search`. */
export interface MemorySearchOptions {
  /** How many hits; default 10. */
  k?: number;
  filter?: MemoryFilter;
  /**
   * Fuse BM25 over the texts with vector similarity (reciprocal rank fusion).
   * Default true for text queries; vector queries are always vector-only.
   */
  hybrid?: boolean;
}

/** One search hit. `score` is cosine similarity, or the fused rank score when hybrid. */
export interface MemoryHit {
  id: string;
  text: string;
  score: number;
  meta: Record<string, unknown> | undefined;
}

/** An OpenAI-compatible `/v1/embeddings` endpoint, e.g. Ollama's `nomic-embed-text`. */
export interface EmbedderEndpoint {
  /** Up to and including `/v1`, e.g. `http://localhost:11434/v1`. */
  baseURL: string;
  model: string;
  /** Visible to anyone who can read the page: prefer a proxy that adds it. */
  apiKey?: string;
  headers?: Record<string, string>;
}

/** Options of `createMemory` (and of the agent's memory). */
export interface MemoryOptions {
  /** Named stores are separate IndexedDB databases; default 'default'. */
  name?: string;
  /**
   * Vector length. Default 384 with the offline embedder; with an endpoint,
   * the length of its first embedding unless given.
   */
  dimensions?: number;
  /** Absent means the built-in offline embedder (no model download). */
  embedder?: EmbedderEndpoint;
}

/** A vector memory in its own worker, backed by IndexedDB. */
export interface Memory {
  /** Stores items (one IndexedDB transaction per call); resolves with their ids, in order. */
  add(items: MemoryItem[]): Promise<string[]>;
  /** The `k` best hits for a text or a query vector, best first. */
  search(query: string | Float32Array, options?: MemorySearchOptions): Promise<MemoryHit[]>;
  /** Forgets these ids (unknown ones are ignored); resolves with how many were removed. */
  delete(ids: string[]): Promise<number>;
  count(): Promise<number>;
  /** Forgets everything in this named store. */
  clear(): Promise<void>;
  /** Terminates the worker; pending calls reject with an AbortError. */
  dispose(): void;
}
