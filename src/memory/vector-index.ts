/**
 * The fast exact scan. Vectors live twice: L2-normalized f32 in chunks (the
 * truth, used to re-rank and to persist) and int8 with a per-vector scale
 * (what the scan streams: a quarter of the bytes). A query scans all int8 rows,
 * keeps the best candidates, re-ranks them in f32, and widens the candidate
 * set until a bound on the int8 error proves no outsider could rank in the top
 * k — so results are exact, not approximate, at int8 speed.
 *
 * Resident bytes: f32 (1×) + int8 (0.25×) + scales and scratch (~0.02×), with
 * growth slack of at most one chunk.
 */
import { createInt8Scanner, type Int8Scanner } from './int8-scan.js';

/** One hit of the index: a slot and its cosine similarity. */
export interface SlotHit {
  slot: number;
  score: number;
}

/** Vectors per chunk: the unit of records in IndexedDB. */
export const DEFAULT_CHUNK_SIZE = 4096;

/**
 * Vectors per page, the unit of allocation in memory: small, so that the
 * growth slack stays a fraction of a percent of the vector bytes, and pages
 * never move, so growing copies nothing.
 */
const PAGE_ROWS = 64;

/** An in-memory vector index over dense slots `0..count-1`. */
export class VectorIndex {
  count = 0;
  readonly chunkSize: number;
  /** f32 rows, `pageRows` per page; pages of a loaded chunk are views into its record's buffer. */
  readonly #pages: Float32Array[] = [];
  readonly #pageRows: number;
  readonly #pageShift: number;
  #scales = new Float32Array(0);
  /** Largest per-vector scale ever stored; only grows, which keeps the error bound valid. */
  #maxScale = 0;
  readonly #scanner: Int8Scanner;

  constructor(
    readonly dimensions: number,
    options: { chunkSize?: number; simd?: boolean } = {},
  ) {
    this.chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
    if (!Number.isInteger(Math.log2(this.chunkSize))) throw new RangeError('chunkSize must be a power of two.');
    this.#pageRows = Math.min(PAGE_ROWS, this.chunkSize);
    this.#pageShift = Math.log2(this.#pageRows);
    this.#scanner = createInt8Scanner(dimensions, options.simd ?? true);
  }

  /** True when the WebAssembly SIMD kernel scans; false for the JS fallback. */
  get simd(): boolean {
    return this.#scanner.simd;
  }

  /** Bytes this index holds for vectors (f32 pages, int8 rows, scales, scratch). */
  get byteLength(): number {
    let bytes = this.#scanner.byteLength + this.#scales.byteLength;
    for (const page of this.#pages) bytes += page.byteLength;
    return bytes;
  }

  /** Writes `vector` (normalized here) at `slot`; `slot === count` appends. */
  set(slot: number, vector: ArrayLike<number>): void {
    if (slot > this.count) throw new RangeError(`slot ${slot} is past the end (${this.count}).`);
    if (vector.length !== this.dimensions) throw new RangeError(`vector has ${vector.length} dimensions; expected ${this.dimensions}.`);
    if (slot === this.count) this.#ensure(++this.count);
    const row = this.row(slot);
    let norm = 0;
    for (let i = 0; i < row.length; i++) norm += vector[i]! * vector[i]!;
    const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let i = 0; i < row.length; i++) row[i] = vector[i]! * inv;
    this.#quantize(slot, row);
  }

  /** Copies slot `from` over slot `to` (for swap-removal). */
  move(from: number, to: number): void {
    if (from === to) return;
    this.row(to).set(this.row(from));
    const rows = this.#scanner.rows();
    const stride = this.#scanner.stride;
    rows.copyWithin(to * stride, from * stride, (from + 1) * stride);
    this.#scales[to] = this.#scales[from]!;
  }

  /** Forgets slots from `count` on. Memory is kept for reuse. */
  truncate(count: number): void {
    this.count = Math.min(this.count, count);
  }

  /** The normalized f32 vector at `slot` (a view: do not keep it across writes). */
  row(slot: number): Float32Array {
    const page = this.#pages[slot >> this.#pageShift];
    if (!page || slot >= this.count) throw new RangeError(`no slot ${slot}.`);
    const start = (slot & (this.#pageRows - 1)) * this.dimensions;
    return page.subarray(start, start + this.dimensions);
  }

  /** A copy of the filled rows of chunk `c`, contiguous, as a record stores them. */
  chunkRows(c: number): Float32Array<ArrayBuffer> {
    const first = c * this.chunkSize;
    const filled = Math.max(0, Math.min(this.chunkSize, this.count - first));
    const out = new Float32Array(filled * this.dimensions);
    for (let done = 0; done < filled; ) {
      const slot = first + done;
      const take = Math.min(filled - done, this.#pageRows - (slot & (this.#pageRows - 1)));
      const page = this.#pages[slot >> this.#pageShift]!;
      const at = (slot & (this.#pageRows - 1)) * this.dimensions;
      out.set(page.subarray(at, at + take * this.dimensions), done * this.dimensions);
      done += take;
    }
    return out;
  }

  /**
   * Appends already-normalized rows in bulk (cold load), starting at a chunk
   * boundary. Whole pages become views into `rows` rather than copies, so a
   * load neither pays a second pass over the bytes nor holds them twice.
   */
  appendNormalized(rows: Float32Array): void {
    const start = this.count;
    if (start & (this.chunkSize - 1)) throw new RangeError('appendNormalized must start at a chunk boundary.');
    const n = rows.length / this.dimensions;
    const pageLength = this.#pageRows * this.dimensions;
    const whole = Math.floor(n / this.#pageRows);
    for (let p = 0; p < whole; p++) this.#pages.push(rows.subarray(p * pageLength, (p + 1) * pageLength));
    this.count += n;
    this.#ensure(this.count);
    if (whole * this.#pageRows < n) this.#pages[this.#pages.length - 1]!.set(rows.subarray(whole * pageLength));
    this.#quantize(start, rows);
  }

  /**
   * The `k` slots most similar to `query` (cosine), best first. With `allowed`,
   * only slots whose byte is non-zero count.
   */
  search(query: ArrayLike<number>, k: number, allowed?: Uint8Array): SlotHit[] {
    if (query.length !== this.dimensions) throw new RangeError(`query has ${query.length} dimensions; expected ${this.dimensions}.`);
    const n = this.count;
    if (n === 0 || k <= 0) return [];
    const dims = this.dimensions;
    const unit = new Float32Array(dims);
    let norm = 0;
    for (let i = 0; i < dims; i++) norm += query[i]! * query[i]!;
    if (norm === 0) return [];
    const invNorm = 1 / Math.sqrt(norm);
    let maxAbs = 0;
    let l1 = 0;
    for (let i = 0; i < dims; i++) {
      const v = query[i]! * invNorm;
      unit[i] = v;
      maxAbs = Math.max(maxAbs, Math.abs(v));
      l1 += Math.abs(v);
    }
    const qScale = maxAbs / 127;
    const q = this.#scanner.query();
    q.fill(0);
    for (let i = 0; i < dims; i++) q[i] = Math.round(unit[i]! / qScale);

    const dots = this.#scanner.scan(n);
    const scales = this.#scales;
    // |exact − approx| ≤ S/2·‖q‖₁ + s_q/2·(‖v‖₁ + dims·S/2), with ‖v‖₁ ≤ √dims for unit v.
    const S = this.#maxScale;
    const eps = (S / 2) * l1 + (qScale / 2) * (Math.sqrt(dims) + (dims * S) / 2) + 1e-6;

    let want = Math.min(n, Math.max(4 * k, k + 32));
    for (;;) {
      const heap = new TopK(want);
      for (let i = 0; i < n; i++) {
        if (allowed && !allowed[i]) continue;
        heap.offer(i, dots[i]! * scales[i]!);
      }
      const hits: SlotHit[] = [];
      for (let h = 0; h < heap.size; h++) {
        const slot = heap.slots[h]!;
        const row = this.row(slot);
        let dot = 0;
        for (let i = 0; i < dims; i++) dot += unit[i]! * row[i]!;
        hits.push({ slot, score: dot });
      }
      hits.sort((a, b) => b.score - a.score || a.slot - b.slot);
      const top = hits.slice(0, k);
      // Everything was considered, or no slot outside the candidates can reach the k-th score.
      const exhaustive = heap.size < want || want >= n;
      const kth = top[top.length - 1]?.score ?? -Infinity;
      if (exhaustive || (top.length === k && kth >= heap.minScore() * qScale + eps)) return top;
      want = Math.min(n, want * 4);
    }
  }

  #ensure(rows: number): void {
    while (this.#pages.length * this.#pageRows < rows) this.#pages.push(new Float32Array(this.#pageRows * this.dimensions));
    const capacity = this.#pages.length * this.#pageRows;
    if (this.#scales.length < capacity) {
      // Scales are 1/dims of the vector bytes: growing them geometrically costs nothing that shows.
      const scales = new Float32Array(Math.max(capacity, Math.ceil(this.#scales.length * 1.25)));
      scales.set(this.#scales);
      this.#scales = scales;
    }
    this.#scanner.reserve(capacity);
  }

  /** Quantizes the f32 rows `rows` (already in the chunks) that start at `slot`. */
  #quantize(slot: number, rows: Float32Array): void {
    this.#scanner.quantize(rows, this.dimensions, slot, this.#scales);
    const n = rows.length / this.dimensions;
    for (let i = slot; i < slot + n; i++) if (this.#scales[i]! > this.#maxScale) this.#maxScale = this.#scales[i]!;
  }
}

/** A fixed-size min-heap of (slot, score): keeps the `capacity` highest scores seen. */
class TopK {
  size = 0;
  readonly slots: Int32Array;
  readonly #scores: Float64Array;

  constructor(readonly capacity: number) {
    this.slots = new Int32Array(capacity);
    this.#scores = new Float64Array(capacity);
  }

  minScore(): number {
    return this.size ? this.#scores[0]! : -Infinity;
  }

  offer(slot: number, score: number): void {
    const scores = this.#scores;
    if (this.size < this.capacity) {
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (scores[parent]! <= score) break;
        scores[i] = scores[parent]!;
        this.slots[i] = this.slots[parent]!;
        i = parent;
      }
      scores[i] = score;
      this.slots[i] = slot;
      return;
    }
    if (score <= scores[0]!) return;
    let i = 0;
    const size = this.size;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= size) break;
      const right = left + 1;
      const child = right < size && scores[right]! < scores[left]! ? right : left;
      if (scores[child]! >= score) break;
      scores[i] = scores[child]!;
      this.slots[i] = this.slots[child]!;
      i = child;
    }
    scores[i] = score;
    this.slots[i] = slot;
  }
}
