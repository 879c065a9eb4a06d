// The in-page engine under the strict CSP with 'wasm-unsafe-eval' allowed but
// blob: workers not (worker-src 'self'), its workers under the same policy:
// the load fails at once, naming blob: in worker-src (issue 25, item 2). A
// file of its own: a worker started by an earlier page of the same test page
// would be reused with that page's policy.
import { expect } from 'chai';
import type { EngineStatus, FinalEvent } from '../../../src/types.js';

interface Result {
  kind: 'csp-engine-result';
  error?: string;
  final?: FinalEvent;
  statuses?: EngineStatus[];
  ms?: number;
}

function runPage(src: string): Promise<Result> {
  const iframe = document.createElement('iframe');
  const result = new Promise<Result>((resolve) => {
    const onMessage = (e: MessageEvent) => {
      if (e.source === iframe.contentWindow && (e.data as Result)?.kind === 'csp-engine-result') {
        window.removeEventListener('message', onMessage);
        iframe.remove();
        resolve(e.data as Result);
      }
    };
    window.addEventListener('message', onMessage);
  });
  iframe.src = src;
  document.body.append(iframe);
  return result;
}

describe('engine: strict CSP that allows WebAssembly', function () {
  this.timeout(60000);

  it("with 'wasm-unsafe-eval' but worker-src 'self' only: fails fast, naming blob: in worker-src", async () => {
    const page = await fetch('/test/components/csp/wasm-ok/engine.html');
    expect(page.headers.get('content-security-policy')).to.contain("'wasm-unsafe-eval'").and.contain("worker-src 'self'");
    const r = await runPage('/test/components/csp/wasm-ok/engine.html');
    expect(r.error).to.equal(undefined);
    const failed = r.statuses!.find((s) => s.state === 'error') as Extract<EngineStatus, { state: 'error' }> | undefined;
    expect(failed, JSON.stringify(r.statuses)).not.to.equal(undefined);
    expect(failed!.code).to.equal('refused');
    expect(failed!.message, failed!.message).to.match(/worker-src 'self' blob:/).and.not.match(/wasm-unsafe-eval/);
  });
});
