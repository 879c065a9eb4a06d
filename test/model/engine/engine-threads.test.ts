import { expect } from 'chai';
import type { ThreadsResult } from './isolated/threads-app.js';

describe('in-page engine: threads on a cross-origin isolated page', function () {
  this.timeout(280000);

  it('loads with 2 threads and streams the same greeting as with 1 (temperature 0)', async () => {
    const page = await fetch('/test/model/engine/isolated/threads.html');
    // The headers are really there (the middleware is installed); this page itself is not isolated.
    expect(page.headers.get('cross-origin-opener-policy')).to.equal('same-origin');
    expect(page.headers.get('cross-origin-embedder-policy')).to.equal('require-corp');
    expect(crossOriginIsolated).to.equal(false);

    const name = `threads-${crypto.randomUUID()}`;
    const channel = new BroadcastChannel(name);
    const result = new Promise<ThreadsResult>((resolve) => {
      channel.onmessage = (e: MessageEvent<ThreadsResult>) => {
        if (e.data?.kind === 'threads-result') resolve(e.data);
      };
    });
    const popup = window.open(`/test/model/engine/isolated/threads.html?channel=${name}`, '_blank');
    try {
      const r = await result;
      expect(r.error).to.equal(undefined);
      expect(r.isolated, 'the opened page is cross-origin isolated').to.equal(true);
      expect(r.runs).to.have.length(2);
      const [two, one] = r.runs as [ThreadsResult['runs'][number], ThreadsResult['runs'][number]];
      expect(two.status).to.deep.include({ state: 'ready', threads: 2 });
      expect(one.status).to.deep.include({ state: 'ready', threads: 1 });
      expect(two.text).to.equal('Hello! How can I help you today?');
      expect(two.text).to.equal(one.text);
      expect(two.deltas, 'streamed in several deltas').to.be.greaterThan(1);
      expect(two.reason).to.equal('answer');
    } finally {
      channel.close();
      popup?.close();
    }
  });
});
