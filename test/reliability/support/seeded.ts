/**
 * Seeded randomness and the environment of the reliability tests: every
 * random choice comes from a seed, so a failing case names its seed and
 * reproduces with `PAGELOOP_SEED=<seed> npm test`. `PAGELOOP_LONG=1` turns
 * on the long variants (test/support/test-env.ts reads both).
 */

import { LONG_RUN, TEST_ENV } from '../../support/test-env.js';

export { LONG_RUN };

/** The base seed of this run: `PAGELOOP_SEED`, or a fixed default so runs are comparable. */
export const BASE_SEED = Number.isInteger(TEST_ENV.seed) ? TEST_ENV.seed! : 20261123;

/** A seeded generator of floats in [0, 1) (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [min, max] from `rand`. */
export function between(rand: () => number, min: number, max: number): number {
  return min + Math.floor(rand() * (max - min + 1));
}

/** One element of `list`, chosen by `rand`. */
export function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}
