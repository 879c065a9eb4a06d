/**
 * Issue 9, class 9: whatever markup a reply contains, it renders to its
 * end — the renderer does not throw or hang, and the reply's last sentence
 * is in the DOM and visible. Each piece of hostile markup (support/hostile-
 * markup.ts) is placed as a block of its own and inline, between an opening
 * sentence and a closing one, then rendered whole and streamed (about 12 seeded
 * random pieces). `PAGELOOP_LONG=1` makes every piece eight times bigger
 * (the default run keeps them big enough to cross every bound of the renderer).
 */
import { expect } from 'chai';
import { MarkdownStream } from '../../components/markdown/markdown-stream.js';
import { renderMarkdown } from '../../components/markdown/markdown-render.js';
import { HOSTILE_MARKUP } from './support/hostile-markup.js';
import { BASE_SEED, LONG_RUN, between, random } from './support/seeded.js';

/** Longest a single render may take here: generous, these machines are shared and slow. */
const MAX_RENDER_MS = 3000;

/** Streams `text` in about 12 seeded random pieces, a pass after each. */
function streamed(text: string, seed: number): HTMLElement {
  const rand = random(seed);
  let pending: (() => void) | undefined;
  const md = new MarkdownStream({ schedule: (render) => (pending = render), now: () => 0 });
  const pass = (): void => {
    const render = pending;
    pending = undefined;
    render?.();
  };
  const step = Math.max(1, Math.floor(text.length / 12));
  for (let i = 0; i < text.length; ) {
    const size = between(rand, 1, 2 * step);
    md.append(text.slice(i, i + size));
    pass();
    i += size;
  }
  md.finish();
  for (let i = 0; pending && i < 100_000; i++) pass();
  return md.element;
}

/** The element holding `marker` as text, if it is visible; otherwise why not. */
function visibleMarker(root: HTMLElement, marker: string): string | null {
  if (!root.textContent!.includes(marker)) return 'the last sentence is missing';
  let holder: Element = root;
  for (;;) {
    const child = [...holder.children].find((c) => c.textContent!.includes(marker));
    if (!child) break;
    holder = child;
  }
  if (holder.closest('template, script, style, textarea, title, noscript, [hidden]')) return `the last sentence is inside <${holder.localName}>`;
  if (!holder.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return 'the last sentence is not visible';
  return null;
}

describe('render robustness (issue 9, class 9): every reply renders to its end', function () {
  this.timeout(LONG_RUN ? 1_800_000 : 180_000);

  it('whatever markup it contains, whole and streamed', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const failed: string[] = [];
    let passed = 0;
    const slowest: Array<[number, string]> = [];
    const scale = LONG_RUN ? 2 : 0.25;
    try {
      HOSTILE_MARKUP.forEach((markup, i) => {
        const payload = markup.make(scale);
        const marker = `END-${i}-OF-REPLY`;
        const placements = {
          block: `Here is the answer.\n\n${payload}\n\nThe last sentence is ${marker}.`,
          inline: `Here is the answer: ${payload} and the last sentence is ${marker}.`,
        };
        for (const [where, text] of Object.entries(placements)) {
          const seed = BASE_SEED + i;
          for (const how of ['whole', 'streamed'] as const) {
            const name = `${markup.name} (${where}, ${how}, seed ${seed})`;
            try {
              const started = performance.now();
              const root = document.createElement('div');
              if (how === 'whole') root.append(renderMarkdown(text));
              else root.append(streamed(text, seed));
              const took = performance.now() - started;
              host.replaceChildren(root);
              const problem = took > MAX_RENDER_MS ? `took ${Math.round(took)} ms` : visibleMarker(root, marker);
              slowest.push([took, name]);
              if (problem) failed.push(`${name}: ${problem}`);
              else passed++;
            } catch (error) {
              failed.push(`${name}: threw ${String(error)}`);
            }
          }
        }
      });
    } finally {
      host.remove();
    }
    console.log(`render robustness: ${passed} passed, ${failed.length} failed (${HOSTILE_MARKUP.length} kinds of markup, seed ${BASE_SEED})`);
    if (failed.length > 0) console.log(failed.slice(0, 20).join('\n'));
    slowest.sort((a, b) => b[0] - a[0]);
    console.log(`slowest: ${slowest.slice(0, 4).map(([ms, name]) => `${Math.round(ms)} ms ${name}`).join('; ')}`);
    expect(passed + failed.length).to.equal(HOSTILE_MARKUP.length * 4);
    expect(failed, `${failed.length} replies did not render to their end`).to.deep.equal([]);
  });
});
