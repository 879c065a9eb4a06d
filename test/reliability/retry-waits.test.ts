// Class 4: no silent waits. Every wait before a retry (429 with retry-after,
// 5xx, a failed connection) is announced as a `retry` event (attempt, delay,
// reason) before it starts; the waits of one request are capped
// (maxRetryWaitMs) with an error that says so; a cancel ends a wait at once.
// Seeded: random runs of failures with random retry-after headers.
import { expect } from 'chai';
import { reduceConversation, initialConversation } from '../../components/conversation/conversation-state.js';
import { retryText } from '../../components/conversation/run-status.js';
import { BASE_SEED, LONG_RUN, between, pick, random } from './support/seeded.js';
import { Tally } from './support/tally.js';
import { fakeFetch, fakeModel, play, sse, type FakeAnswer } from './support/fake-server.js';

describe('reliability class 4: announced, capped waits', () => {
  it('announces every retry with its attempt, delay and reason, and gives up as configured (seeded)', async () => {
    const tally = new Tally('class 4 retries');
    const cases = LONG_RUN ? 1000 : 60;
    for (let i = 0; i < cases; i++) {
      const seed = BASE_SEED + i;
      await tally.check(seed, async () => {
        const rand = random(seed);
        const maxRetries = between(rand, 0, 3);
        const failures = between(rand, 0, 4);
        const expected: { attempt: number; delayMs: number; reason: string }[] = [];
        const answers: FakeAnswer[] = [];
        for (let f = 0; f < failures; f++) {
          const status = pick(rand, [429, 500, 502, 503, 0]);
          const after = pick(rand, [undefined, 0.01, 0.03]);
          answers.push(status === 0 ? { fail: true } : { status, body: '{"error":{"message":"busy"}}', headers: { 'content-type': 'application/json', ...(after !== undefined ? { 'retry-after': String(after) } : { 'retry-after-ms': '5' }) } });
          if (f < maxRetries) expected.push({ attempt: f + 2, delayMs: status === 0 ? 500 * 2 ** f : after !== undefined ? after * 1000 : 5, reason: status === 0 ? 'connection failed' : `HTTP ${status}` });
        }
        answers.push({ body: sse(['ok']) });
        const { impl, requests } = fakeFetch(answers);
        const { events, error } = await play(fakeModel(impl, { maxRetries, maxRetryWaitMs: 60_000 }));
        const retries = events.filter((e) => e.type === 'retry').map((e) => ({ attempt: (e as { attempt: number }).attempt, delayMs: Math.round((e as { delayMs: number }).delayMs), reason: (e as { reason: string }).reason }));
        if (JSON.stringify(retries) !== JSON.stringify(expected)) return `retries ${JSON.stringify(retries)} ≠ ${JSON.stringify(expected)}`;
        const succeeded = failures <= maxRetries;
        if (succeeded === (error !== undefined)) return `failures ${failures}, maxRetries ${maxRetries}: ${error ? error.message : 'succeeded'}`;
        if (requests.length !== Math.min(failures, maxRetries) + 1) return `${requests.length} requests`;
        return undefined;
      });
    }
    tally.report();
    expect(tally.failures).to.deep.equal([]);
  });

  it('a retry-after longer than maxRetryWaitMs fails at once with a message that says so', async () => {
    const { impl, requests } = fakeFetch([{ status: 429, body: '{"error":{"message":"slow down"}}', headers: { 'retry-after': '120', 'content-type': 'application/json' } }, { body: sse(['ok']) }]);
    const started = performance.now();
    const { events, error } = await play(fakeModel(impl, { maxRetryWaitMs: 30_000 }));
    // Not the 120 s (or 20 s) wait: well below it, with room for a loaded machine's stalls.
    expect(performance.now() - started).to.be.below(10_000);
    expect(events.filter((e) => e.type === 'retry')).to.have.length(0);
    expect(error?.retryable).to.equal(true);
    expect(error?.message).to.match(/120 s.*at most 30 s.*maxRetryWaitMs/);
    expect(requests).to.have.length(1);
  });

  it('a cancel during a wait ends the request at once', async () => {
    const { impl } = fakeFetch([{ status: 503, headers: { 'retry-after': '20' } }, { body: sse(['ok']) }]);
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(), 50);
    const { events, error } = await play(fakeModel(impl, { maxRetryWaitMs: 60_000 }), controller.signal);
    expect(events.some((e) => e.type === 'retry')).to.equal(true);
    expect(error?.code).to.equal('aborted');
    // Not the 120 s (or 20 s) wait: well below it, with room for a loaded machine's stalls.
    expect(performance.now() - started).to.be.below(10_000);
  });

  it('the element shows the wait with its reason and delay until the next event', () => {
    let state = reduceConversation(initialConversation(), { type: 'run-start', runId: 'r', input: 'hi' });
    state = reduceConversation(state, { type: 'retry', attempt: 2, delayMs: 30_000, reason: 'HTTP 429' });
    expect(state.retry).to.deep.equal({ attempt: 2, delayMs: 30_000, reason: 'HTTP 429' });
    expect(retryText(state.retry!)).to.equal('The server did not answer (HTTP 429): trying again in 30 s (attempt 2).');
    state = reduceConversation(state, { type: 'text', delta: 'Hi' });
    expect(state.retry).to.equal(null);
  });
});
