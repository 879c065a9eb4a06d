/**
 * Class 1 (bounds), streaming side: what a hostile server streams is bounded
 * before it reaches events, the worker boundary, the history or the element.
 * A tool call's arguments streamed to 50 MB: the `tool-call-delta` events
 * carry at most the first 16 K characters (then stop), the arguments are kept
 * only up to the 16 MB limit (then only counted), and the call becomes one
 * error result; `<agent-chat>`'s card stays small. Seeded piece sizes.
 * Prints `N passed, N failed`.
 */
import { expect } from 'chai';
import { ToolCallingModel, type TurnEvent } from '../../src/model/tool-calling-model.js';
import { createOpenAIModel } from '../../src/model/openai-model.js';
import { SHOWN_ARGS_CHARS } from '../../src/model/shown-args.js';
import { CARD_TEXT_CHARS } from '../../components/tool-cards/tool-card.js';
import { chunk, textTurn } from '../../src/testing/chunks.js';
import type { MockChunk } from '../../src/testing/mock-endpoint.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { chatOnMock, parts, until } from '../components/helpers.js';
import { BASE_SEED, LONG_RUN, between, random } from './support/seeded.js';
import { Tally } from './support/tally.js';
import '../../components/define.js';

const encoder = new TextEncoder();

/** A fetch answering one SSE stream whose `data:` payloads `frames` yields on demand (nothing is held whole). */
function streamingFetch(frames: () => Iterator<unknown>): typeof fetch {
  return async () => {
    const it = frames();
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = it.next();
        if (next.done) {
          controller.enqueue(encoder.encode('data: [DONE]\n\n'));
          controller.close();
        } else controller.enqueue(encoder.encode(`data: ${JSON.stringify(next.value)}\n\n`));
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
}

/** Chunks of one `echo` call whose arguments `{"s":"xxxx…"}` are `total` characters long, in seeded pieces. */
function* hugeArgs(total: number, rand: () => number, piece: [number, number]): Generator<unknown> {
  yield chunk({ role: 'assistant', content: '' });
  yield chunk({ tool_calls: [{ index: 0, id: 'call_big', type: 'function', function: { name: 'echo', arguments: '' } }] });
  const open = '{"s":"';
  const close = '"}';
  let sent = 0;
  const body = total - open.length - close.length;
  yield chunk({ tool_calls: [{ index: 0, function: { arguments: open } }] });
  const filler = 'x'.repeat(piece[1]);
  while (sent < body) {
    const n = Math.min(between(rand, piece[0], piece[1]), body - sent);
    sent += n;
    // Some servers repeat the name on every fragment.
    const fn: Record<string, unknown> = { arguments: filler.slice(0, n) };
    if (rand() < 0.3) fn.name = 'echo';
    yield chunk({ tool_calls: [{ index: 0, function: fn }] });
  }
  yield chunk({ tool_calls: [{ index: 0, function: { arguments: close } }] });
  yield chunk({}, 'tool_calls');
}

async function turnOf(frames: () => Iterator<unknown>): Promise<TurnEvent[]> {
  const model = new ToolCallingModel(createOpenAIModel({ baseURL: 'http://models.example/v1', model: 'm', fetch: streamingFetch(frames) }), { protocol: 'native' });
  const events: TurnEvent[] = [];
  const request = { system: '', history: [{ role: 'user' as const, content: 'go' }], tools: [{ name: 'echo', description: 'e', parameters: { type: 'object' } }], endingTools: [] };
  for await (const e of model.turn(request, new AbortController().signal)) events.push(e);
  return events;
}

/** One streamed call of `total` characters: deltas bounded, and the call is an error exactly when over 16 MB. */
async function hugeCall(seed: number, total: number): Promise<string | undefined> {
  const rand = random(seed);
  const piece: [number, number] = [between(rand, 256, 4096), between(rand, 8192, 262_144)];
  const events = await turnOf(() => hugeArgs(total, rand, piece));
  const deltas = events.filter((e) => e.type === 'tool-call-delta');
  const longest = Math.max(0, ...deltas.map((e) => e.argsText.length));
  if (longest > SHOWN_ARGS_CHARS + 200) return `${total} chars: a delta carried ${longest} characters`;
  const past = deltas.filter((e) => e.argsText.length > SHOWN_ARGS_CHARS).length;
  if (past > 1) return `${total} chars: ${past} deltas past the cap (one says it is cut, then none)`;
  const done = events.at(-1);
  if (done?.type !== 'done' || done.calls.length !== 1) return `${total} chars: ${done?.type} with ${done?.type === 'done' ? done.calls.length : 0} calls`;
  const call = done.calls[0]!;
  if (total > 16_000_000) {
    if (!('error' in call) || !/refused: they are \d+\.\d MB, more than 16 MB/.test(call.error)) return `${total} chars: call not refused: ${JSON.stringify(call).slice(0, 200)}`;
  } else if (!('args' in call) || (call.args as { s: string }).s.length !== total - 8) {
    return `${total} chars: the arguments did not arrive whole`;
  }
  return undefined;
}

describe('reliability class 1: huge streamed tool arguments', function () {
  this.timeout(LONG_RUN ? 3_600_000 : 240_000);

  it('arguments streamed to 50 MB: deltas carry at most 16 K characters, the call is one error over 16 MB (seeded)', async () => {
    const tally = new Tally('class 1 huge streamed arguments');
    const sizes = LONG_RUN ? [20_000, 1_000_000, 15_999_000, 16_100_000, 50_000_000, 50_000_000, 100_000_000] : [20_000, 1_000_000, 50_000_000];
    for (let i = 0; i < sizes.length; i++) {
      const seed = BASE_SEED + 40_000 + i;
      await tally.check(seed, () => hugeCall(seed, sizes[i]!));
    }
    tally.report();
    expect(tally.failures).to.deep.equal([]);
  });

  it('<agent-chat>: a 20 MB argument stream leaves a card of bounded size and one error result; the run ends', async () => {
    const rand = random(BASE_SEED + 41_000);
    const chunks: MockChunk[] = [];
    for (const c of hugeArgs(20_000_000, rand, [200_000, 400_000])) chunks.push(c as MockChunk);
    const echo = defineTool({ name: 'echo', description: 'Echoes.', parameters: { type: 'object', additionalProperties: true }, execute: async () => 'ok' });
    const f = await chatOnMock([{ chunks }, textTurn('It was too big.')], { tools: [echo] });
    try {
      const final = f.nextFinal();
      f.chat.send('go');
      const end = await final;
      expect(end.type).to.equal('final');
      const results = f.events.filter((e) => e.type === 'tool-result');
      expect(results).to.have.length(1);
      expect(results[0]).to.include({ status: 'error' });
      const deltas = f.events.filter((e) => e.type === 'tool-call-delta');
      expect(Math.max(...deltas.map((e) => (e.type === 'tool-call-delta' ? e.argsText.length : 0)))).to.be.at.most(SHOWN_ARGS_CHARS + 200);
      const card = await until(() => parts(f.chat, 'tool-call')[0], 'the tool card');
      await f.chat.updateComplete;
      expect(card.textContent!.length).to.be.below(CARD_TEXT_CHARS + SHOWN_ARGS_CHARS + 2_000);
    } finally {
      f.remove();
    }
  });
});
