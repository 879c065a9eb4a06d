/**
 * The int8 dot-product scan at the heart of search: every stored vector, as
 * int8, against an int16 query. A quarter of the f32 bytes to stream, so a
 * 100k × 384 scan stays within a few milliseconds of memory bandwidth.
 *
 * The WebAssembly SIMD kernels (simd-kernels.ts) run where they compile; where
 * they cannot — a CSP without 'wasm-unsafe-eval', an engine without SIMD, a
 * locked-down browser — the same contract is met by plain JS. Callers cannot
 * tell the two apart except by speed and `simd`.
 */
import { simdKernelBytes, type Kernel } from './simd-kernels.js';

/** Rows are padded to a multiple of this many int8 lanes (one v128). */
export const LANES = 16;

/** Int8 rows plus what a scan needs, in one buffer. Row `r` starts at `r × stride`. */
export interface Int8Scanner {
  /** True when the WebAssembly SIMD kernels run; false for the JS fallback. */
  readonly simd: boolean;
  /** Bytes per row: the dimensions rounded up to a multiple of 16. */
  readonly stride: number;
  /** Rows the buffer holds without growing. */
  readonly capacity: number;
  /** Makes room for `rows` rows; existing rows keep their bytes. */
  reserve(rows: number): void;
  /** The int8 rows, `capacity × stride`. Re-read after `reserve`: growing may replace it. */
  rows(): Int8Array;
  /**
   * Quantizes f32 rows (`dims` each, contiguous) into int8 rows from `slot` on,
   * each with its own scale max|x| / 127, written to `scales[slot …]`.
   */
  quantize(src: Float32Array, dims: number, slot: number, scales: Float32Array): void;
  /** The query, `stride` int16 lanes, written by the caller before `scan`. */
  query(): Int16Array;
  /** Dot products of the query with rows `0..n-1`; valid until the next call. */
  scan(n: number): Int32Array;
  /** Bytes held (for the resident-memory figure). */
  readonly byteLength: number;
}

const WASM_PAGE = 65536;
/** Rows quantized per kernel call: the f32 scratch stays small (≈25 KB at 384 dims). */
const QUANT_ROWS = 16;

let compiled: WebAssembly.Module | null | undefined;

/** The compiled kernels, or null where WebAssembly SIMD cannot be compiled here. Cached. */
export function scanModule(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled;
  try {
    const bytes = simdKernelBytes();
    compiled = typeof WebAssembly === 'object' && WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
  } catch {
    // CSP without 'wasm-unsafe-eval' throws here (CompileError or EvalError): fall back, never fail.
    compiled = null;
  }
  return compiled;
}

/**
 * An int8 scanner for vectors of `dimensions`. `preferSimd: false` forces the
 * JS fallback (tests compare the two).
 */
export function createInt8Scanner(dimensions: number, preferSimd = true): Int8Scanner {
  const stride = Math.ceil(dimensions / LANES) * LANES;
  const module = preferSimd ? scanModule() : null;
  return module ? new SimdScanner(module, stride) : new JsScanner(stride);
}

/**
 * Layout of the module's memory: [query int16 × stride][f32 scratch × QUANT_ROWS rows][scale scratch]
 * [rows int8 × capacity·stride][out int32 × capacity]. Rows never move when capacity grows; `out` is scratch.
 */
class SimdScanner implements Int8Scanner {
  readonly simd = true;
  capacity = 0;
  readonly #memory: WebAssembly.Memory;
  readonly #scan: Kernel;
  readonly #quantize: Kernel;
  readonly #scratchAt: number;
  readonly #scalesAt: number;
  readonly #rowsAt: number;

  constructor(module: WebAssembly.Module, readonly stride: number) {
    const instance = new WebAssembly.Instance(module, {});
    this.#memory = instance.exports.memory as WebAssembly.Memory;
    this.#scan = instance.exports.scan as Kernel;
    this.#quantize = instance.exports.quantize as Kernel;
    this.#scratchAt = stride * 2;
    this.#scalesAt = this.#scratchAt + QUANT_ROWS * stride * 4;
    this.#rowsAt = this.#scalesAt + QUANT_ROWS * 4;
    this.#grow(this.#rowsAt);
  }

  get byteLength(): number {
    return this.#memory.buffer.byteLength;
  }

  reserve(rows: number): void {
    if (rows <= this.capacity) return;
    // Grow by exactly what is needed (callers reserve a chunk at a time): doubling would
    // cost up to 2× the int8 bytes in resident memory, and wasm memory never shrinks.
    this.#grow(this.#rowsAt + rows * (this.stride + 4));
    this.capacity = rows;
  }

  rows(): Int8Array {
    return new Int8Array(this.#memory.buffer, this.#rowsAt, this.capacity * this.stride);
  }

  quantize(src: Float32Array, dims: number, slot: number, scales: Float32Array): void {
    const n = src.length / dims;
    const stride = this.stride;
    const scratch = new Float32Array(this.#memory.buffer, this.#scratchAt, QUANT_ROWS * stride);
    const scratchScales = new Float32Array(this.#memory.buffer, this.#scalesAt, QUANT_ROWS);
    for (let done = 0; done < n; done += QUANT_ROWS) {
      const take = Math.min(QUANT_ROWS, n - done);
      if (dims === stride) scratch.set(src.subarray(done * dims, (done + take) * dims));
      // Padding lanes of the scratch are never written, so they stay zero.
      else for (let r = 0; r < take; r++) scratch.set(src.subarray((done + r) * dims, (done + r + 1) * dims), r * stride);
      this.#quantize(this.#scratchAt, this.#rowsAt + (slot + done) * stride, take, stride, this.#scalesAt);
      scales.set(scratchScales.subarray(0, take), slot + done);
    }
  }

  query(): Int16Array {
    return new Int16Array(this.#memory.buffer, 0, this.stride);
  }

  scan(n: number): Int32Array {
    const out = this.#rowsAt + this.capacity * this.stride;
    this.#scan(0, this.#rowsAt, n, this.stride, out);
    return new Int32Array(this.#memory.buffer, out, n);
  }

  #grow(bytes: number): void {
    const have = this.#memory.buffer.byteLength;
    if (bytes > have) this.#memory.grow(Math.ceil((bytes - have) / WASM_PAGE));
  }
}

/** The same contract in plain JS, for pages where WebAssembly cannot compile. */
class JsScanner implements Int8Scanner {
  readonly simd = false;
  capacity = 0;
  #rows = new Int8Array(0);
  #out = new Int32Array(0);
  readonly #query: Int16Array;

  constructor(readonly stride: number) {
    this.#query = new Int16Array(stride);
  }

  get byteLength(): number {
    return this.#rows.byteLength + this.#out.byteLength + this.#query.byteLength;
  }

  reserve(rows: number): void {
    if (rows <= this.capacity) return;
    // Geometric growth: a plain buffer cannot grow in place, and copying per page would be quadratic.
    const capacity = Math.max(rows, Math.ceil(this.capacity * 1.25));
    const next = new Int8Array(capacity * this.stride);
    next.set(this.#rows);
    this.#rows = next;
    this.#out = new Int32Array(capacity);
    this.capacity = capacity;
  }

  rows(): Int8Array {
    return this.#rows;
  }

  quantize(src: Float32Array, dims: number, slot: number, scales: Float32Array): void {
    const rows = this.#rows;
    const n = src.length / dims;
    for (let r = 0; r < n; r++) {
      const from = r * dims;
      let max = 0;
      for (let i = 0; i < dims; i++) max = Math.max(max, Math.abs(src[from + i]!));
      const inv = max > 0 ? 127 / max : 0;
      const to = (slot + r) * this.stride;
      for (let i = 0; i < dims; i++) rows[to + i] = Math.round(src[from + i]! * inv);
      scales[slot + r] = max / 127;
    }
  }

  query(): Int16Array {
    return this.#query;
  }

  scan(n: number): Int32Array {
    const rows = this.#rows;
    const q = this.#query;
    const stride = this.stride;
    const out = this.#out;
    for (let r = 0; r < n; r++) {
      let sum = 0;
      const base = r * stride;
      for (let i = 0; i < stride; i++) sum += q[i]! * rows[base + i]!;
      out[r] = sum;
    }
    return out.subarray(0, n);
  }
}
