import { expect } from 'chai';
import { FrameBudget, nextSliceEnd } from '../../components/markdown/slice-planner.js';

const at = (shown: number, frozen = shown, unsettled = 0) => ({ shown, frozen, unsettled });

describe('slice planner', () => {
  it('ends a slice at the last line end within sliceChars, or at the end of the source', () => {
    expect(nextSliceEnd('aa\nbb\ncc\n', at(0), 7)).to.equal(6);
    expect(nextSliceEnd('aa\nbb\ncc\n', at(6), 7)).to.equal(9);
    expect(nextSliceEnd('short', at(0), 1024)).to.equal(5);
  });

  it('cuts a line longer than a slice mid-line, never between the halves of a surrogate pair', () => {
    expect(nextSliceEnd('abcdefgh', at(0), 4)).to.equal(4);
    const emoji = 'abc\u{1F600}def'; // the pair sits at 3–4
    expect(nextSliceEnd(emoji, at(0), 4)).to.equal(3);
    expect(nextSliceEnd(emoji, at(0), 5)).to.equal(5);
  });

  it('reaches at least as far again as a tail that settled nothing, so a burst into one block lexes linearly', () => {
    const source = 'x\n'.repeat(1000);
    // The last slice lexed a 300-character tail starting at 100 and settled none of it.
    expect(nextSliceEnd(source, at(400, 100, 300), 10)).to.equal(700);
    // A tail that settled something: back to sliceChars.
    expect(nextSliceEnd(source, at(400, 100, 0), 10)).to.equal(410);
  });

  it('gives a pass budget / (1 + layout ratio), within the frame it shares', () => {
    let t = 0;
    const budget = new FrameBudget(6, () => t);
    expect(budget.begin()).to.deep.equal({ start: 0, deadline: 3 });
    expect(budget.begin(2)).to.deep.equal({ start: 0, deadline: 1 });
    const pass = budget.begin();
    t = 2.9;
    expect(budget.over(pass)).to.equal(false);
    t = 3;
    expect(budget.over(pass)).to.equal(true);
  });

  it('learns the layout its writing causes, smoothed and capped, and ignores passes too short to time', () => {
    let t = 0;
    const budget = new FrameBudget(10, () => t);
    // 2 ms of writing, then 6 ms of layout: the ratio goes from 1 to (1 + 3) / 2 = 2.
    let pass = budget.begin();
    t = 2;
    budget.layout(pass, () => (t += 6));
    pass = budget.begin();
    expect(pass.deadline - pass.start).to.be.closeTo(10 / 3, 1e-9);
    // A pass of 0.5 ms leaves the ratio as it is.
    pass = budget.begin();
    t += 0.5;
    budget.layout(pass, () => (t += 50));
    pass = budget.begin();
    expect(pass.deadline - pass.start).to.be.closeTo(10 / 3, 1e-9);
    // Huge layout: capped at 4.
    for (let i = 0; i < 10; i++) {
      pass = budget.begin();
      t += 1;
      budget.layout(pass, () => (t += 1000));
    }
    pass = budget.begin();
    expect(pass.deadline - pass.start).to.be.closeTo(2, 1e-9);
  });
});
