/**
 * Fuses the lexical (BM25) and vector rankings by reciprocal rank fusion.
 * Both halves contribute by rank alone, so neither needs a score threshold:
 * a vector hit is never dropped for being "not similar enough", and a BM25
 * hit is never drowned by a scale mismatch between the two scores.
 */

/** RRF's damping constant (Cormack et al., 2009): a rank-1 hit weighs 1/61. */
export const RRF_K = 60;

/** A ranked id, best first. */
export interface RankedId {
  id: string;
}

/**
 * The fused ranking of any number of rankings, best first, with each id's
 * score Σ 1 / (RRF_K + rank). Ties keep the first ranking's order.
 *
 * @example fuseRankings([vectorHits, textHits], 10)
 */
export function fuseRankings(rankings: RankedId[][], limit: number): { id: string; score: number }[] {
  const scores = new Map<string, number>();
  const firstSeen = new Map<string, number>();
  let order = 0;
  for (const ranking of rankings) {
    ranking.forEach((hit, index) => {
      scores.set(hit.id, (scores.get(hit.id) ?? 0) + 1 / (RRF_K + index + 1));
      if (!firstSeen.has(hit.id)) firstSeen.set(hit.id, order++);
    });
  }
  return [...scores]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score || firstSeen.get(a.id)! - firstSeen.get(b.id)!)
    .slice(0, limit);
}
