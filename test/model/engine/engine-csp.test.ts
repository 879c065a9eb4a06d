// The in-page engine under the README's strict CSP (worker-src 'self', no
// 'wasm-unsafe-eval'), its workers under the same policy: it must not hang at
// "Loading the model…" — the load fails at once, with an error that names the
// directive to add (issue 25, item 2).
import { expect } from 'chai';
import { engineError, runCspEnginePage } from './csp-engine-page.js';

describe('engine: strict Content-Security-Policy', function () {
  this.timeout(60000);

  it('fails fast, naming the CSP directive, instead of loading for ever', async () => {
    const page = await fetch('/test/components/csp/engine.html');
    expect(page.headers.get('content-security-policy')).to.contain("worker-src 'self'");
    const r = await runCspEnginePage('/test/components/csp/engine.html');
    expect(r.error).to.equal(undefined);
    expect(r.final?.reason).to.equal('error');
    const failed = engineError(r);
    expect(failed, JSON.stringify(r.statuses)).not.to.equal(undefined);
    expect(failed!.code).to.equal('refused');
    expect(failed!.message).to.match(/Content-Security-Policy/).and.match(/worker-src/).and.match(/blob:/);
    expect(r.final!.text).to.match(/worker-src/);
  });
});
