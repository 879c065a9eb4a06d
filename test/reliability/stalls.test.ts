// Class 3: stalls end. A server that sends headers and then nothing, stops in
// the middle of a reply, or never answers at all, ends the request with a
// clear, retryable `timeout` error within the configured time; what arrived
// was yielded before the error, and the loop keeps it in the history.
// Seeded: random replies cut after a random piece.
import { expect } from 'chai';
import { AgentSession } from '../../src/agent/agent-session.js';
import type { AgentEvent } from '../../src/types.js';
import { BASE_SEED, LONG_RUN, between, random } from './support/seeded.js';
import { Tally } from './support/tally.js';
import { fakeFetch, fakeModel, play, sse } from './support/fake-server.js';

const text = (events: { type: string; delta?: string }[]) => events.map((e) => (e.type === 'text' ? e.delta : '')).join('');

describe('reliability class 3: stalls', () => {
  it('a reply that stops after a random piece ends in a retryable timeout, the text so far delivered (seeded)', async () => {
    const tally = new Tally('class 3 mid-stream stalls');
    const cases = LONG_RUN ? 2000 : 60;
    for (let i = 0; i < cases; i++) {
      const seed = BASE_SEED + i;
      await tally.check(seed, async () => {
        const rand = random(seed);
        const pieces = Array.from({ length: between(rand, 1, 12) }, (_, k) => `w${k} `);
        const cut = between(rand, 0, pieces.length);
        const sent = pieces.slice(0, cut);
        const { impl } = fakeFetch([{ body: sse(sent).slice(0, cut), stall: true }]);
        const started = performance.now();
        const { events, error } = await play(fakeModel(impl, { idleTimeoutMs: 40 }));
        const took = performance.now() - started;
        if (!error) return 'no error';
        if (error.code !== 'timeout' || error.retryable !== true) return `error ${error.code}: ${error.message}`;
        if (!/stopped sending/.test(error.message) || !error.message.includes('models.example')) return `unclear message: ${error.message}`;
        if (text(events) !== sent.join('')) return `text ${JSON.stringify(text(events))} ≠ ${JSON.stringify(sent.join(''))}`;
        if (took > 2000) return `took ${took.toFixed(0)} ms`;
        return undefined;
      });
    }
    tally.report();
    expect(tally.failures).to.deep.equal([]);
  });

  it('an endless stream of keep-alives or empty chunks after a random piece still ends in a timeout (seeded)', async () => {
    const tally = new Tally('class 3 endless empty chunks');
    const cases = LONG_RUN ? 200 : 16;
    const nothing = [
      ': ping\n\n',
      'data: {"choices":[{"index":0,"delta":{}}]}\n\n',
      'data: {"choices":[]}\n\n',
      'data: {"choices":[{"index":0,"delta":{"content":""}}]}\n\n',
      'data: {"choices":[{"index":0,"delta":{"content":null,"tool_calls":[]}}]}\n\n',
      'data: ping\n\n',
      '\n',
      'data: {"choices":[],"usage":{"prompt_tokens":1,"completion_tokens":1}}\n\n',
    ];
    for (let i = 0; i < cases; i++) {
      const seed = BASE_SEED + 70_000 + i;
      await tally.check(seed, async () => {
        const rand = random(seed);
        const sent = Array.from({ length: between(rand, 0, 3) }, (_, k) => `w${k} `);
        const frames = sse(sent).slice(0, sent.length);
        const kinds = Array.from({ length: between(rand, 1, 3) }, () => nothing[between(rand, 0, nothing.length - 1)]!);
        let k = 0;
        let closed = false;
        const endless: typeof fetch = async (_input, init) => {
          const signal = (init as RequestInit | undefined)?.signal;
          const stream = new ReadableStream<Uint8Array>({
            async pull(controller) {
              if (k < frames.length) return controller.enqueue(new TextEncoder().encode(frames[k++]!));
              await new Promise((r) => setTimeout(r, between(rand, 2, 10)));
              if (!closed && !signal?.aborted) controller.enqueue(new TextEncoder().encode(kinds[k++ % kinds.length]!));
            },
            cancel() {
              closed = true;
            },
          });
          return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
        };
        const { events, error } = await play(fakeModel(endless, { idleTimeoutMs: 150 }));
        if (!error) return 'no error';
        if (error.code !== 'timeout' || error.retryable !== true) return `error ${error.code}: ${error.message}`;
        if (text(events) !== sent.join('')) return `text ${JSON.stringify(text(events))} ≠ ${JSON.stringify(sent.join(''))}`;
        return undefined;
      });
    }
    tally.report();
    expect(tally.failures).to.deep.equal([]);
  });

  it('headers that never come end in a timeout naming the endpoint and timeoutMs, even when fetch ignores its signal', async () => {
    const { impl } = fakeFetch([{ never: true }]);
    const { error } = await play(fakeModel(impl, { timeoutMs: 50 }));
    expect(error?.code).to.equal('timeout');
    expect(error?.message).to.match(/models\.example.*did not answer within .*timeoutMs/);
  });

  it('a steady slow stream is not a stall: only silence counts', async () => {
    let k = 0;
    const slow: typeof fetch = async () => {
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          await new Promise((r) => setTimeout(r, 25));
          const frames = sse(['a', 'b', 'c', 'd', 'e', 'f']);
          if (k < frames.length) controller.enqueue(new TextEncoder().encode(frames[k++]!));
          else controller.close();
        },
      });
      return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
    };
    const { events, error } = await play(fakeModel(slow, { idleTimeoutMs: 80 }));
    expect(error).to.equal(undefined);
    expect(text(events)).to.equal('abcdef');
  });

  it('the loop keeps the partial reply in the history and says the stall is retryable', async () => {
    const { impl } = fakeFetch([{ body: sse(['Half ', 'an ', 'answer']).slice(0, 3), stall: true }]);
    const events: AgentEvent[] = [];
    const session = new AgentSession({ baseURL: 'http://models.example/v1', model: 'm' }, [], {
      host: { emit: (b) => events.push(...b), checkTool: async () => ({ status: 'invalid', error: '' }), runTool: async () => ({ status: 'error', error: '' }), abortTool: () => {} },
      createModel: () => fakeModel(impl, { idleTimeoutMs: 40 }),
    });
    const final = await session.send('r', 'go');
    expect(final.reason).to.equal('error');
    expect(events.find((e) => e.type === 'error')).to.include({ code: 'timeout', retryable: true });
    expect(session.messages().at(-1)).to.deep.equal({ role: 'assistant', content: 'Half an answer' });
  });
});
