import { expect } from 'chai';
import { frameDeadline, schedulePass } from '../../components/markdown/frame-scheduler.js';

/** Resolves after `n` animation frames. */
function frames(n: number): Promise<void> {
  return new Promise((resolve) => {
    const step = (left: number): void => {
      if (left === 0) resolve();
      else requestAnimationFrame(() => step(left - 1));
    };
    step(n);
  });
}

/** Spins until `ms` have passed on the clock (the work a costly pass does). */
function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy
  }
}

describe('frame-scheduler', () => {
  it('runs passes queued in one frame together, in order, with a deadline set', async () => {
    const seen: string[] = [];
    let deadline: number | undefined;
    schedulePass(() => seen.push('a'));
    schedulePass(() => {
      seen.push('b');
      deadline = frameDeadline();
    });
    await frames(2);
    expect(seen).to.deep.equal(['a', 'b']);
    expect(deadline).to.be.a('number');
    expect(frameDeadline()).to.equal(undefined);
  });

  it('carries the passes a frame’s spent budget did not reach to the next frame, first in line', async () => {
    let frame = 0;
    const counting = (): void => {
      frame++;
      requestAnimationFrame(counting);
    };
    requestAnimationFrame(counting);
    const ranIn: Record<string, number> = {};
    schedulePass(() => {
      ranIn.costly = frame;
      spin(20); // more than the whole frame budget
    });
    schedulePass(() => {
      ranIn.second = frame;
      schedulePass(() => (ranIn.queuedMeanwhile = frame));
    });
    await frames(4);
    expect(ranIn.second).to.be.greaterThan(ranIn.costly!);
    expect(ranIn.queuedMeanwhile).to.be.greaterThan(ranIn.second!);
  });
});
