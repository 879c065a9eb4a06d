// The in-page engine under the strict CSP with 'wasm-unsafe-eval' allowed but
// blob: workers not (worker-src 'self'), its workers under the same policy:
// the load fails at once, naming blob: in worker-src (issue 25, item 2). A
// file of its own: a worker started by an earlier page of the same test page
// would be reused with that page's policy.
import { expect } from 'chai';
import { engineError, runCspEnginePage } from './csp-engine-page.js';

describe('engine: strict CSP that allows WebAssembly', function () {
  this.timeout(60000);

  it("with 'wasm-unsafe-eval' but worker-src 'self' only: fails fast, naming blob: in worker-src", async () => {
    const page = await fetch('/test/components/csp/wasm-ok/engine.html');
    expect(page.headers.get('content-security-policy')).to.contain("'wasm-unsafe-eval'").and.contain("worker-src 'self'");
    const r = await runCspEnginePage('/test/components/csp/wasm-ok/engine.html');
    expect(r.error).to.equal(undefined);
    const failed = engineError(r);
    expect(failed, JSON.stringify(r.statuses)).not.to.equal(undefined);
    expect(failed!.code).to.equal('refused');
    expect(failed!.message, failed!.message).to.match(/worker-src 'self' blob:/).and.not.match(/wasm-unsafe-eval/);
  });
});
