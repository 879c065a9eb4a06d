// No stage of a load waits for ever (issue 25, item 2): a download that stops
// sending fails with a `timeout` that says so, instead of sitting at its last
// progress figure.
import { expect } from 'chai';
import { openGguf } from '../../../src/model/engine/gguf-source.js';
import { PageloopError } from '../../../src/errors.js';

describe('engine: a stalled download', () => {
  it('fails with a timeout naming the silence, once nothing arrives for stallMs', async () => {
    let error: unknown;
    const progress: number[] = [];
    try {
      await openGguf('/__fixtures/stall', { cache: false, stallMs: 400, onProgress: (n) => progress.push(n) });
    } catch (err) {
      error = err;
    }
    expect(error).to.be.instanceOf(PageloopError);
    expect((error as PageloopError).code).to.equal('timeout');
    expect((error as PageloopError).message).to.match(/stalled: nothing arrived for 400 ms/);
    expect(progress).to.deep.equal([0]);
  });

  it('a cancel during the download is still a cancel, not a stall', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await openGguf('/__fixtures/stall', { cache: false, stallMs: 5000, signal: controller.signal }).catch((e: unknown) => e);
    expect((error as Error).name).to.equal('AbortError');
  });
});
