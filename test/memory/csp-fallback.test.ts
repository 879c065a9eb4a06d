import { expect } from 'chai';

interface ProbeResult {
  kind: 'memory-csp';
  simd?: boolean;
  best?: number;
  error?: string;
  violations: string[];
}

describe('vector index under a strict Content-Security-Policy', () => {
  it('falls back to the JS scan when WebAssembly may not compile, and still finds the nearest vector', async () => {
    const iframe = document.createElement('iframe');
    const result = new Promise<ProbeResult>((resolve) => {
      window.addEventListener('message', function onMessage(e: MessageEvent) {
        if (e.source === iframe.contentWindow && (e.data as ProbeResult)?.kind === 'memory-csp') {
          window.removeEventListener('message', onMessage);
          resolve(e.data as ProbeResult);
        }
      });
    });
    iframe.src = new URL('./csp/vector-index.html', import.meta.url).href;
    document.body.append(iframe);
    try {
      const r = await result;
      expect(r.error).to.equal(undefined);
      expect(r.simd).to.equal(false);
      expect(r.best).to.equal(123);
      // The policy really was in force: compiling was refused, not skipped.
      expect(r.violations).to.include('script-src');
    } finally {
      iframe.remove();
    }
  });
});
