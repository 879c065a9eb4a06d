import { expect } from 'chai';
import { MarkdownStream, type MarkdownStreamOptions } from '../../components/markdown/markdown-stream.js';

/**
 * A stream on a fake clock that advances `tick` ms each time it is read, and
 * a scheduler that runs passes only when the test says so.
 */
function sliced(options: MarkdownStreamOptions & { tick: number }) {
  let time = 0;
  const scheduled: Array<() => void> = [];
  let renders = 0;
  const md = new MarkdownStream({
    ...options,
    now: () => (time += options.tick),
    schedule: (render) => scheduled.push(render),
    onRender: () => renders++,
  });
  return {
    md,
    /** Callbacks waiting to be run. */
    scheduled,
    renders: () => renders,
    /** Runs the one waiting pass; fails if more than one was scheduled. */
    pass(): void {
      expect(scheduled.length).to.be.at.most(1);
      scheduled.shift()?.();
    },
  };
}

/** A reply of `n` paragraphs, each one line of ~100 characters. */
function paragraphs(n: number): string {
  return Array.from({ length: n }, (_, i) => `Paragraph ${i} says ${'something '.repeat(8).trim()}.`).join('\n\n') + '\n';
}

/** The reply rendered in one pass with no budget to speak of: the reference. */
function whole(text: string): string {
  let pending: (() => void) | undefined;
  const md = new MarkdownStream({ schedule: (r) => (pending = r), now: () => 0 });
  md.append(text);
  md.finish();
  pending?.();
  return md.element.innerHTML;
}

describe('markdown-stream: bounded slices per pass', () => {
  it('renders a burst over several passes, each within its budget, and ends as a whole render does', () => {
    const text = paragraphs(200); // ~20 KB arriving at once
    // The clock moves 3 ms a read (one read per slice): a budget of 8 ms allows 3 slices (of at most 1 KB) a pass.
    const s = sliced({ tick: 3, budgetMs: 8, sliceChars: 1024 });
    s.md.append(text);
    s.md.finish();
    s.pass();
    const first = s.md.element.textContent!.length;
    expect(first).to.be.greaterThan(0);
    expect(first).to.be.lessThan(4 * 1024);
    let passes = 1;
    while (s.scheduled.length > 0 && passes < 1000) {
      s.pass();
      passes++;
    }
    expect(passes).to.be.greaterThan(text.length / (4 * 1024));
    expect(s.md.element.innerHTML).to.equal(whole(text));
  });

  it('ends each slice at a line end, so no paragraph is shown cut mid-line', () => {
    const s = sliced({ tick: 100, budgetMs: 8, sliceChars: 150 });
    s.md.append(paragraphs(3));
    s.pass(); // one slice: the budget is spent at once
    const shown = s.md.element.textContent!;
    expect(shown).to.match(/^Paragraph 0 says( something){8}\.\s*$/);
  });

  it('reads layout (onRender) once per pass, not once per slice', () => {
    const s = sliced({ tick: 0.01, budgetMs: 8, sliceChars: 100 });
    s.md.append(paragraphs(50));
    s.pass();
    expect(s.renders()).to.equal(1);
    expect(s.scheduled).to.have.length(0);
  });

  it('keeps at most one pass scheduled however much arrives', () => {
    const s = sliced({ tick: 0.01 });
    for (let i = 0; i < 100; i++) s.md.append(`word ${i} `);
    s.md.finish();
    expect(s.scheduled).to.have.length(1);
  });

  it('never runs a stale scheduled callback as a second pass', () => {
    const s = sliced({ tick: 0.01 });
    s.md.append('First.');
    const stale = s.scheduled.shift()!;
    s.md.render(); // rendered directly, e.g. by a test or a host
    s.md.append('\n\nSecond.');
    stale();
    expect(s.md.element.textContent).to.not.contain('Second.');
    expect(s.scheduled).to.have.length(1);
  });

  it('gives the next passes less time when the layout after a pass was costly', () => {
    const text = paragraphs(100);
    // Rendering and layout both on the fake clock: onRender costs as much as the writing before it.
    let time = 0;
    let pending: (() => void) | undefined;
    const slicesPerPass: number[] = [];
    let before = 0;
    const md = new MarkdownStream({
      budgetMs: 8,
      sliceChars: 200,
      now: () => (time += 1),
      schedule: (r) => (pending = r),
      onRender: () => {
        const written = md.element.textContent!.length - before;
        before += written;
        slicesPerPass.push(written);
        time += 20;
      },
    });
    md.append(text);
    for (let i = 0; i < 4 && (i === 0 || pending); i++) {
      const run = pending!;
      pending = undefined;
      run();
    }
    expect(slicesPerPass[1]).to.be.lessThan(slicesPerPass[0]!);
  });
});
