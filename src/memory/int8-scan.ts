/**
 * The int8 dot-product scan at the heart of search: every stored vector, as
 * int8, against an int16 query. A quarter of the f32 bytes to stream, so a
 * 100k × 384 scan stays within a few milliseconds of memory bandwidth.
 *
 * The WebAssembly SIMD kernel is hand-assembled below (no toolchain needed);
 * where WebAssembly cannot compile — a CSP without 'wasm-unsafe-eval', an
 * engine without SIMD, a locked-down browser — the same layout is scanned by
 * plain JS. Callers cannot tell the two apart except by speed and `simd`.
 */

/** Rows are padded to a multiple of this many int8 lanes (one v128). */
export const LANES = 16;

/** Rows of int8 vectors plus the scratch a scan needs, in one buffer. */
export interface Int8Scanner {
  /** True when the WebAssembly SIMD kernel runs; false for the JS fallback. */
  readonly simd: boolean;
  /** Bytes per row: the dimensions rounded up to a multiple of 16. */
  readonly stride: number;
  /** Rows the buffer holds without growing. */
  readonly capacity: number;
  /** Makes room for `rows` rows; existing rows keep their bytes. */
  reserve(rows: number): void;
  /** The int8 rows, `capacity × stride`. Re-read after `reserve`: growing may replace it. */
  rows(): Int8Array;
  /** The query, `stride` int16 lanes, written by the caller before `scan`. */
  query(): Int16Array;
  /** Dot products of the query with rows `0..n-1`; valid until the next call. */
  scan(n: number): Int32Array;
  /** Bytes held (for the resident-memory figure). */
  readonly byteLength: number;
}

const WASM_PAGE = 65536;

/** The kernel's signature: byte offsets into its memory, `n` rows, `stride` lanes. */
type ScanKernel = (q: number, data: number, n: number, stride: number, out: number) => void;

/**
 * scan(q, data, n, stride, out): out[r] = Σ q[i] · data[r·stride + i] for r < n,
 * int16 query × int8 rows (sign-extended by i16x8.load8x8_s), 16 lanes per step
 * through i32x4.dot_i16x8_s. `stride` must be a positive multiple of 16.
 */
function scanModuleBytes(): Uint8Array<ArrayBuffer> {
  const SIMD = 0xfd;
  const get = (i: number) => [0x20, i];
  const set = (i: number) => [0x21, i];
  const tee = (i: number) => [0x22, i];
  const i32 = (v: number) => [0x41, v]; // small non-negative constants only (< 64)
  const load = (offset: number) => [SIMD, 0x00, 4, offset]; // v128.load align=16
  const load8x8s = (offset: number) => [SIMD, 0x01, 3, offset]; // i16x8.load8x8_s align=8
  const dot = [SIMD, 0xba, 0x01]; // i32x4.dot_i16x8_s
  const add4 = [SIMD, 0xae, 0x01]; // i32x4.add
  const lane = (l: number) => [SIMD, 0x1b, l]; // i32x4.extract_lane
  // Params: 0 q, 1 data, 2 n, 3 stride, 4 out. Locals: 5 end, 6 j, 7 qEnd, 8 acc (v128).
  const body = [
    0x02, 0x03, 0x7f, 0x01, 0x7b, // locals: 3 × i32, 1 × v128
    ...get(0), ...get(3), ...i32(1), 0x74, 0x6a, ...set(7), // qEnd = q + stride * 2
    ...get(4), ...get(2), ...i32(2), 0x74, 0x6a, ...set(5), // end = out + n * 4
    0x02, 0x40, // block
    ...get(4), ...get(5), 0x4f, 0x0d, 0x00, // if out >= end: break
    0x03, 0x40, // loop over rows
    SIMD, 0x0c, ...new Array<number>(16).fill(0), ...set(8), // acc = 0
    ...get(0), ...set(6), // j = q
    0x03, 0x40, // loop over 16-lane steps
    ...get(8),
    ...get(6), ...load(0), ...get(1), ...load8x8s(0), ...dot, ...add4,
    ...get(6), ...load(16), ...get(1), ...load8x8s(8), ...dot, ...add4,
    ...set(8),
    ...get(1), ...i32(16), 0x6a, ...set(1), // data += 16
    ...get(6), ...i32(32), 0x6a, ...tee(6), ...get(7), 0x49, 0x0d, 0x00, // j += 32; continue while j < qEnd
    0x0b,
    ...get(4), // *out = horizontal sum of acc
    ...get(8), ...lane(0), ...get(8), ...lane(1), 0x6a, ...get(8), ...lane(2), 0x6a, ...get(8), ...lane(3), 0x6a,
    0x36, 0x02, 0x00, // i32.store
    ...get(4), ...i32(4), 0x6a, ...tee(4), ...get(5), 0x49, 0x0d, 0x00, // out += 4; continue while out < end
    0x0b, 0x0b, // end loop, end block
    0x0b, // end function
  ];
  const section = (id: number, content: number[]) => [id, ...uleb(content.length), ...content];
  const name = (s: string) => [s.length, ...Array.from(s, (c) => c.charCodeAt(0))];
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [0x01, 0x60, 0x05, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x00]),
    ...section(3, [0x01, 0x00]),
    ...section(5, [0x01, 0x00, 0x01]),
    ...section(7, [0x02, ...name('memory'), 0x02, 0x00, ...name('scan'), 0x00, 0x00]),
    ...section(10, [0x01, ...uleb(body.length), ...body]),
  ]);
}

function uleb(value: number): number[] {
  const out: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    out.push(byte);
  } while (value !== 0);
  return out;
}

let compiled: WebAssembly.Module | null | undefined;

/** The compiled kernel, or null where WebAssembly SIMD cannot be compiled here. Cached. */
export function scanModule(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled;
  try {
    const bytes = scanModuleBytes();
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

/** Layout: [query int16 × stride][rows int8 × capacity·stride][out int32 × capacity]. Rows never move; `out` is scratch. */
class SimdScanner implements Int8Scanner {
  readonly simd = true;
  capacity = 0;
  readonly #memory: WebAssembly.Memory;
  readonly #scan: ScanKernel;
  readonly #rowsAt: number;

  constructor(module: WebAssembly.Module, readonly stride: number) {
    const instance = new WebAssembly.Instance(module, {});
    this.#memory = instance.exports.memory as WebAssembly.Memory;
    this.#scan = instance.exports.scan as ScanKernel;
    this.#rowsAt = stride * 2;
  }

  get byteLength(): number {
    return this.#memory.buffer.byteLength;
  }

  reserve(rows: number): void {
    if (rows <= this.capacity) return;
    const needed = this.#rowsAt + rows * (this.stride + 4);
    const have = this.#memory.buffer.byteLength;
    // Grow by exactly what is needed (callers reserve a chunk at a time): doubling would
    // cost up to 2× the int8 bytes in resident memory, and wasm memory never shrinks.
    if (needed > have) this.#memory.grow(Math.ceil((needed - have) / WASM_PAGE));
    this.capacity = rows;
  }

  rows(): Int8Array {
    return new Int8Array(this.#memory.buffer, this.#rowsAt, this.capacity * this.stride);
  }

  query(): Int16Array {
    return new Int16Array(this.#memory.buffer, 0, this.stride);
  }

  scan(n: number): Int32Array {
    const out = this.#rowsAt + this.capacity * this.stride;
    this.#scan(0, this.#rowsAt, n, this.stride, out);
    return new Int32Array(this.#memory.buffer, out, n);
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
    const next = new Int8Array(rows * this.stride);
    next.set(this.#rows);
    this.#rows = next;
    this.#out = new Int32Array(rows);
    this.capacity = rows;
  }

  rows(): Int8Array {
    return this.#rows;
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
