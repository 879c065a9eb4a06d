/**
 * The WebAssembly SIMD kernels of the vector index, hand-assembled here
 * because the build has no wasm toolchain and the module is tiny: two loops.
 * Opcodes are from the WebAssembly SIMD spec (prefix 0xfd); `WebAssembly.validate`
 * and the scan tests (SIMD against the plain-JS fallback) guard the encoding.
 *
 * Both kernels take byte offsets into the module's own exported memory.
 * - scan(q, rows, n, stride, out): out[r] = Σ q[i] · rows[r·stride + i] (int16 query × int8 rows → int32)
 * - quantize(src, dst, n, stride, scales): per f32 row, scale = max|x| / 127 and
 *   dst = round-to-nearest(x / scale) as int8; `scales[r]` receives the scale.
 * `stride` is a positive multiple of 16; rows are padded with zeros to it.
 */

const SIMD = 0xfd;
const get = (i: number) => [0x20, i];
const set = (i: number) => [0x21, i];
const tee = (i: number) => [0x22, i];
/** i32.const for 0 ≤ v < 64 (one signed-LEB byte); 64 needs two. */
const i32 = (v: number) => (v < 64 ? [0x41, v] : [0x41, (v & 0x7f) | 0x80, v >> 7]);
const f32 = (v: number) => [0x43, ...new Uint8Array(new Float32Array([v]).buffer)];
const addI32 = 0x6a;
const shl = 0x74;
const ltU = 0x49;
const geU = 0x4f;
const brIf = (depth: number) => [0x0d, depth];
const block = [0x02, 0x40];
const loop = [0x03, 0x40];
const end = 0x0b;
const v128Load = (offset: number) => [SIMD, 0x00, 4, offset];
const v128Store = [SIMD, 0x0b, 4, 0];
const v128Zero = [SIMD, 0x0c, ...new Array<number>(16).fill(0)];
const load8x8s = (offset: number) => [SIMD, 0x01, 3, offset];
const i32x4Dot = [SIMD, 0xba, 0x01];
const i32x4Add = [SIMD, 0xae, 0x01];
const i32x4Lane = (l: number) => [SIMD, 0x1b, l];
const f32x4Lane = (l: number) => [SIMD, 0x1f, l];
const f32x4Splat = [SIMD, 0x13];
const f32x4Abs = [SIMD, 0xe0, 0x01];
const f32x4Max = [SIMD, 0xe9, 0x01];
const f32x4Mul = [SIMD, 0xe6, 0x01];
const f32x4Nearest = [SIMD, 0x6a];
const truncSat = [SIMD, 0xf8, 0x01]; // i32x4.trunc_sat_f32x4_s
const narrow32to16 = [SIMD, 0x85, 0x01]; // i16x8.narrow_i32x4_s
const narrow16to8 = [SIMD, 0x65]; // i8x16.narrow_i16x8_s

/** Params 0 q, 1 rows, 2 n, 3 stride, 4 out; locals 5 end, 6 j, 7 qEnd (i32), 8 acc (v128). */
const scanBody = [
  0x02, 0x03, 0x7f, 0x01, 0x7b,
  ...get(0), ...get(3), ...i32(1), shl, addI32, ...set(7), // qEnd = q + stride·2
  ...get(4), ...get(2), ...i32(2), shl, addI32, ...set(5), // end = out + n·4
  ...block,
  ...get(4), ...get(5), geU, ...brIf(0),
  ...loop, // each row
  ...v128Zero, ...set(8),
  ...get(0), ...set(6),
  ...loop, // 16 lanes per step, two dot products of 8
  ...get(8),
  ...get(6), ...v128Load(0), ...get(1), ...load8x8s(0), ...i32x4Dot, ...i32x4Add,
  ...get(6), ...v128Load(16), ...get(1), ...load8x8s(8), ...i32x4Dot, ...i32x4Add,
  ...set(8),
  ...get(1), ...i32(16), addI32, ...set(1),
  ...get(6), ...i32(32), addI32, ...tee(6), ...get(7), ltU, ...brIf(0),
  end,
  ...get(4), // *out = acc's four lanes summed
  ...get(8), ...i32x4Lane(0), ...get(8), ...i32x4Lane(1), addI32, ...get(8), ...i32x4Lane(2), addI32, ...get(8), ...i32x4Lane(3), addI32,
  0x36, 0x02, 0x00, // i32.store
  ...get(4), ...i32(4), addI32, ...tee(4), ...get(5), ltU, ...brIf(0),
  end,
  end,
  end,
];

/** Params 0 src, 1 dst, 2 n, 3 stride, 4 scales; locals 5 rowEnd, 6 p, 7 scalesEnd (i32), 8 m (f32), 9 acc, 10 inv (v128). */
const quantizeBody = [
  0x03, 0x03, 0x7f, 0x01, 0x7d, 0x02, 0x7b,
  ...get(4), ...get(2), ...i32(2), shl, addI32, ...set(7), // scalesEnd = scales + n·4
  ...block,
  ...get(4), ...get(7), geU, ...brIf(0),
  ...loop, // each row
  ...get(0), ...get(3), ...i32(2), shl, addI32, ...set(5), // rowEnd = src + stride·4
  ...v128Zero, ...set(9),
  ...get(0), ...set(6),
  ...loop, // acc = max(acc, |x|), 4 lanes per step
  ...get(9), ...get(6), ...v128Load(0), ...f32x4Abs, ...f32x4Max, ...set(9),
  ...get(6), ...i32(16), addI32, ...tee(6), ...get(5), ltU, ...brIf(0),
  end,
  ...get(9), ...f32x4Lane(0), ...get(9), ...f32x4Lane(1), 0x97, ...get(9), ...f32x4Lane(2), 0x97, ...get(9), ...f32x4Lane(3), 0x97, ...set(8),
  ...get(4), ...get(8), ...f32(127), 0x95, 0x38, 0x02, 0x00, // *scales = m / 127
  ...f32(127), ...get(8), 0x95, ...f32(0), ...get(8), ...f32(0), 0x5e, 0x1b, ...f32x4Splat, ...set(10), // inv = m > 0 ? 127 / m : 0
  ...get(0), ...set(6),
  ...loop, // 16 floats → 16 int8 per step
  ...get(1),
  ...[0, 16, 32, 48].flatMap((offset, i) => [
    ...get(6), ...v128Load(offset), ...get(10), ...f32x4Mul, ...f32x4Nearest, ...truncSat,
    ...(i % 2 === 1 ? narrow32to16 : []),
  ]),
  ...narrow16to8,
  ...v128Store,
  ...get(1), ...i32(16), addI32, ...set(1),
  ...get(6), ...i32(64), addI32, ...tee(6), ...get(5), ltU, ...brIf(0),
  end,
  ...get(5), ...set(0), // next row
  ...get(4), ...i32(4), addI32, ...tee(4), ...get(7), ltU, ...brIf(0),
  end,
  end,
  end,
];

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

/** The module's bytes: one memory (exported as `memory`), `scan` and `quantize`. */
export function simdKernelBytes(): Uint8Array<ArrayBuffer> {
  const section = (id: number, content: number[]) => [id, ...uleb(content.length), ...content];
  const name = (s: string) => [s.length, ...Array.from(s, (c) => c.charCodeAt(0))];
  const code = (body: number[]) => [...uleb(body.length), ...body];
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [0x01, 0x60, 0x05, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x00]), // (i32 ×5) -> ()
    ...section(3, [0x02, 0x00, 0x00]),
    ...section(5, [0x01, 0x00, 0x01]),
    ...section(7, [0x03, ...name('memory'), 0x02, 0x00, ...name('scan'), 0x00, 0x00, ...name('quantize'), 0x00, 0x01]),
    ...section(10, [0x02, ...code(scanBody), ...code(quantizeBody)]),
  ]);
}

/** The kernels' signature: byte offsets into the module's memory, `n` rows, `stride` lanes. */
export type Kernel = (a: number, b: number, n: number, stride: number, c: number) => void;
