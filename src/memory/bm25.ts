/**
 * BM25 over the memory's texts: the lexical half of hybrid search, which finds
 * exact names, codes and rare words that vector similarity blurs.
 */
import { stem, words } from './text-tokens.js';

/** One lexical hit. */
export interface TextHit {
  id: string;
  score: number;
}

/** BM25's usual constants: term-frequency saturation and length normalization. */
const K1 = 1.2;
const B = 0.75;

/** Terms of a text as BM25 counts them (the same stems the offline embedder hashes). */
export function terms(text: string): string[] {
  return words(text).map(stem);
}

/** An incremental BM25 index keyed by item id. */
export class Bm25Index {
  /** term → (id → term frequency) */
  readonly #postings = new Map<string, Map<string, number>>();
  /** id → its distinct terms, so removal touches only its postings. */
  readonly #docTerms = new Map<string, string[]>();
  readonly #docLength = new Map<string, number>();
  #totalLength = 0;

  get size(): number {
    return this.#docLength.size;
  }

  /** Indexes `text` under `id`, replacing what `id` had. */
  add(id: string, text: string): void {
    this.remove(id);
    const all = terms(text);
    const counts = new Map<string, number>();
    for (const term of all) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, tf] of counts) {
      let posting = this.#postings.get(term);
      if (!posting) this.#postings.set(term, (posting = new Map()));
      posting.set(id, tf);
    }
    this.#docTerms.set(id, [...counts.keys()]);
    this.#docLength.set(id, all.length);
    this.#totalLength += all.length;
  }

  remove(id: string): void {
    const docTerms = this.#docTerms.get(id);
    if (!docTerms) return;
    for (const term of docTerms) {
      const posting = this.#postings.get(term);
      posting?.delete(id);
      if (posting?.size === 0) this.#postings.delete(term);
    }
    this.#totalLength -= this.#docLength.get(id) ?? 0;
    this.#docTerms.delete(id);
    this.#docLength.delete(id);
  }

  clear(): void {
    this.#postings.clear();
    this.#docTerms.clear();
    this.#docLength.clear();
    this.#totalLength = 0;
  }

  /** Up to `limit` ids with any query term, best first; `allowed` filters ids. */
  search(query: string, limit: number, allowed?: (id: string) => boolean): TextHit[] {
    const n = this.size;
    if (n === 0 || limit <= 0) return [];
    const avgLength = this.#totalLength / n || 1;
    const scores = new Map<string, number>();
    for (const term of new Set(terms(query))) {
      const posting = this.#postings.get(term);
      if (!posting) continue;
      // The "+1" form of IDF stays positive for terms in more than half the documents.
      const idf = Math.log(1 + (n - posting.size + 0.5) / (posting.size + 0.5));
      for (const [id, tf] of posting) {
        if (allowed && !allowed(id)) continue;
        const length = this.#docLength.get(id) ?? 0;
        const s = (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / avgLength));
        scores.set(id, (scores.get(id) ?? 0) + s);
      }
    }
    return [...scores]
      .map(([id, score]) => ({ id, score }))
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
      .slice(0, limit);
  }
}
