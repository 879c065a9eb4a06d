/**
 * The built-in embedder: feature hashing of word stems, word pairs and
 * character n-grams into a fixed-length vector, L2-normalized. It needs no
 * model download and no network, so memory works offline out of the box; it
 * captures lexical and morphological similarity, not deep semantics — an
 * endpoint embedder is the upgrade path.
 */
import { PageloopError } from '../errors.js';
import { stem, words } from './text-tokens.js';

/** Turns texts into vectors. Both embedders implement it. */
export interface Embedder {
  /** Vector length, or undefined until the first embedding tells (endpoints). */
  readonly dimensions: number | undefined;
  /** Identifies the embedding space, so a store can tell vectors it cannot compare. */
  readonly id: string;
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** Feature weights: whole stems matter most, n-grams catch variants and typos. */
const STEM_WEIGHT = 1;
const PAIR_WEIGHT = 0.5;
const NGRAM_WEIGHT = 0.35;

/** 32-bit FNV-1a with a seed; two seeds give the bucket and the sign independently. */
function fnv1a(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Embeds one text into `out` (zeroed first) and L2-normalizes it.
 * A text with no words embeds to the zero vector, which matches nothing.
 */
export function embedOffline(text: string, out: Float32Array): Float32Array {
  out.fill(0);
  const dims = out.length;
  const add = (feature: string, weight: number): void => {
    const bucket = fnv1a(feature, 0) % dims;
    // A signed hash keeps collisions from adding up to a bias (the "hashing trick").
    const sign = fnv1a(feature, 0x9e3779b9) & 1 ? 1 : -1;
    out[bucket] = (out[bucket] ?? 0) + sign * weight;
  };
  const stems = words(text).map(stem);
  for (let i = 0; i < stems.length; i++) {
    const s = stems[i]!;
    add('w:' + s, STEM_WEIGHT);
    if (i + 1 < stems.length) add('p:' + s + ' ' + stems[i + 1], PAIR_WEIGHT);
    const padded = '<' + s + '>';
    // Spread the n-gram weight over the word's n-grams so long words do not dominate.
    const grams = Math.max(1, padded.length - 2) + Math.max(0, padded.length - 3);
    const w = NGRAM_WEIGHT / Math.sqrt(grams);
    for (let j = 0; j + 3 <= padded.length; j++) add('3:' + padded.slice(j, j + 3), w);
    for (let j = 0; j + 4 <= padded.length; j++) add('4:' + padded.slice(j, j + 4), w);
  }
  let norm = 0;
  for (let i = 0; i < dims; i++) norm += out[i]! * out[i]!;
  if (norm > 0) {
    const inv = 1 / Math.sqrt(norm);
    for (let i = 0; i < dims; i++) out[i] = out[i]! * inv;
  }
  return out;
}

/** The offline embedder of `dimensions` (default 384) dimensions. */
export class OfflineEmbedder implements Embedder {
  readonly id: string;
  constructor(readonly dimensions = 384) {
    if (!Number.isInteger(dimensions) || dimensions < 1) throw new PageloopError('bad-request', `dimensions must be a positive integer; got ${dimensions}.`);
    this.id = `offline-v1:${dimensions}`;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((text) => embedOffline(text, new Float32Array(this.dimensions)));
  }
}
