import { expect } from 'chai';

interface CspResult {
  kind: 'csp-result';
  error?: string;
  final?: { reason: string };
  toolRan?: boolean;
  toolStatus?: string | null;
  strong?: string | null;
  styled?: boolean;
  trace?: string[];
  barWidths?: number[];
  violations: string[];
}

const ZOD_EVAL_PROBE = /^script-src eval .*\/node_modules\/zod\/v4\/core\/util\.js:/;

describe('agent-chat: strict Content-Security-Policy', () => {
  it('runs a conversation with a tool call, and shows its trace, with no unsafe-eval, inline script, inline style or blob: worker', async () => {
    const page = await fetch('/test/components/csp/chat.html');
    // The policy is really there (the middleware is installed).
    expect(page.headers.get('content-security-policy')).to.contain("script-src 'self'");
    const iframe = document.createElement('iframe');
    const result = new Promise<CspResult>((resolve) => {
      const onMessage = (e: MessageEvent) => {
        if (e.source === iframe.contentWindow && (e.data as CspResult)?.kind === 'csp-result') {
          window.removeEventListener('message', onMessage);
          resolve(e.data as CspResult);
        }
      };
      window.addEventListener('message', onMessage);
    });
    iframe.src = '/test/components/csp/chat.html';
    document.body.append(iframe);
    try {
      const r = await result;
      expect(r.error).to.equal(undefined);
      expect(r.final?.reason).to.equal('answer');
      expect(r.toolRan).to.equal(true);
      expect(r.toolStatus).to.equal('done');
      expect(r.strong).to.equal('CSP');
      expect(r.styled).to.equal(true);
      expect(r.trace).to.deep.equal(['Run', 'Model request 1', 'Tool read_title', 'Model request 2']);
      const [run, ...others] = r.barWidths!;
      expect(run).to.be.greaterThan(100);
      for (const width of others) expect(width).to.be.within(3, run! - 1);
      // zod probes once whether `new Function` is allowed (to pick its JIT
      // parser) and falls back when it is not; the probe is reported but
      // nothing breaks. Anything else is a real violation.
      expect(r.violations.filter((v) => !ZOD_EVAL_PROBE.test(v))).to.deep.equal([]);
    } finally {
      iframe.remove();
    }
  });
});
