/**
 * What web-test-runner.config.js put on the test page from the environment:
 * `PAGELOOP_LONG=1` turns on the long variants (the reliability classes' many
 * rounds, the probes' full sizes, more cold runs), which CI leaves off to keep
 * its time; `PAGELOOP_SEED` seeds the reliability tests' randomness.
 */

interface TestEnv {
  long?: boolean;
  seed?: number;
}

export const TEST_ENV: Readonly<TestEnv> = (globalThis as { __PAGELOOP_TEST_ENV__?: TestEnv }).__PAGELOOP_TEST_ENV__ ?? {};

/** True when the long variants should run (`PAGELOOP_LONG=1`). */
export const LONG_RUN = TEST_ENV.long === true;

/** `short` in a default run, `long` with `PAGELOOP_LONG=1`. */
export const longOr = <T>(short: T, long: T): T => (LONG_RUN ? long : short);
