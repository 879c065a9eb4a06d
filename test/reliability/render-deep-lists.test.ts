/**
 * Issue 9, class 9 (long variant): a reply of deeply indented lists, streamed,
 * must cost work linear in its length. Such a list is one top-level block that
 * never settles until the reply ends, so each slice of a burst re-lexed the
 * whole growing list: quadratic (9–10 s for 90 KB). The bound here is on work
 * (characters lexed), not on time, and the final DOM must still equal the
 * whole render.
 */
import { expect } from 'chai';
import { MarkdownStream } from '../../components/markdown/markdown-stream.js';
import { normalizedHtml, wholeHtml } from './support/render-compare.js';
import { BASE_SEED, LONG_RUN, between, random } from './support/seeded.js';

/**
 * The work a stream may do: each pass lexes its unsettled tail once (at most
 * the reply), and the slices of a burst lex at most about twice what they
 * cover, so lexed characters ≤ (passes + EXTRA_LEXES) × the reply's length.
 */
const EXTRA_LEXES = 4;

function deepList(levels: number): string {
  return Array.from({ length: levels }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n');
}

/** Streams `text` in `pieces` seeded pieces, a pass after each; returns the stream and the passes it ran. */
function stream(text: string, seed: number, pieces: number): { md: MarkdownStream; passes: number } {
  let passes = 0;
  const rand = random(seed);
  let pending: (() => void) | undefined;
  const md = new MarkdownStream({ schedule: (render) => (pending = render), now: () => 0 });
  const pass = (): void => {
    const render = pending;
    pending = undefined;
    if (render) passes++;
    render?.();
  };
  const step = Math.max(1, Math.floor(text.length / pieces));
  for (let i = 0; i < text.length; ) {
    const size = between(rand, 1, 2 * step);
    md.append(text.slice(i, i + size));
    pass();
    i += size;
  }
  md.finish();
  for (let i = 0; pending && i < 100_000; i++) pass();
  return { md, passes };
}

describe('render: deep lists streamed (issue 9, class 9)', function () {
  this.timeout(LONG_RUN ? 600_000 : 120_000);

  it('lexes the reply at most once a pass and a few times more, and ends as the whole render', () => {
    const failed: string[] = [];
    let passed = 0;
    const sizes = LONG_RUN ? [100, 200, 300, 600] : [100, 200];
    for (const [k, levels] of sizes.entries()) {
      for (const pieces of [1, 12, 40]) {
        const seed = BASE_SEED + k * 100 + pieces;
        const text = `Here is the answer.\n\n${deepList(levels)}\n\nThe last sentence.`;
        const { md, passes } = stream(text, seed, pieces);
        const ratio = md.lexedChars / text.length;
        const name = `${levels} levels, ${text.length} chars, ${pieces} pieces (${passes} passes), seed ${seed}`;
        const same = normalizedHtml(md.element) === wholeHtml(text);
        if (ratio > passes + EXTRA_LEXES) failed.push(`${name}: lexed ${md.lexedChars} chars (${ratio.toFixed(1)}× the reply)`);
        else if (!same) failed.push(`${name}: the streamed DOM differs from the whole render`);
        else passed++;
        console.log(`${name}: lexed ${ratio.toFixed(2)}× the reply`);
      }
    }
    console.log(`render deep lists: ${passed} passed, ${failed.length} failed (seed ${BASE_SEED})`);
    expect(failed, failed.join('\n')).to.deep.equal([]);
  });
});
