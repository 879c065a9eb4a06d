// Preview and undo under a strict Content-Security-Policy (issue 38): on a
// page served with style-src 'self' and script-src 'self' (no inline style
// or script), the outlines of three steps — one inside a same-origin iframe
// — are styled and drawn over their targets, approving applies them, and
// Undo all (its bar styled) puts every value back, with no CSP violation.
import { expect } from 'chai';

interface Result {
  kind: 'preview-csp-result';
  error?: string;
  placed?: Array<{ left: number; top: number; width: number; border: string; position: string; label: string }>;
  expected?: Array<{ left: number; top: number; width: number }>;
  applied?: string[];
  restored?: string[];
  undone?: string[];
  barDisplay?: string;
  statusFontSize?: string;
  chatFontSize?: string;
  violations: string[];
}

const ZOD_EVAL_PROBE = /^script-src eval .*\/node_modules\/zod\/v4\/core\/util\.js:/;

describe('preview and undo: strict Content-Security-Policy', function () {
  this.timeout(90_000);

  it('draws the outlines (one inside a same-origin iframe) and runs Undo all with no inline style or script', async () => {
    const url = '/test/components/csp/preview-undo.html';
    expect((await fetch(url)).headers.get('content-security-policy')).to.contain("style-src 'self'");
    const iframe = document.createElement('iframe');
    iframe.style.cssText = 'width: 900px; height: 800px';
    const result = new Promise<Result>((resolve) => {
      const onMessage = (e: MessageEvent) => {
        if (e.source === iframe.contentWindow && (e.data as Result)?.kind === 'preview-csp-result') {
          window.removeEventListener('message', onMessage);
          resolve(e.data as Result);
        }
      };
      window.addEventListener('message', onMessage);
    });
    iframe.src = url;
    document.body.append(iframe);
    try {
      const r = await result;
      expect(r.error, r.error).to.equal(undefined);
      // Styled by the adopted sheet (a <style> or style attribute would be refused), and placed over each target.
      expect(r.placed!.map((p) => [p.border, p.position])).to.deep.equal([['2px', 'fixed'], ['2px', 'fixed'], ['2px', 'fixed']]);
      expect(r.placed!.map(({ left, top, width }) => ({ left, top, width })), JSON.stringify([r.placed, r.expected])).to.deep.equal(r.expected);
      expect(r.placed![0]!.label).to.contain('1 → 30');
      expect(r.placed![2]!.label).to.contain('NONE → SPRING');
      expect(r.applied).to.deep.equal(['30', 'express', 'SPRING']);
      expect(r.undone).to.deep.equal(['p3:undone', 'p2:undone', 'p1:undone']);
      expect(r.restored).to.deep.equal(['1', 'standard', 'NONE']);
      expect(r.barDisplay).to.equal('flex');
      expect(parseFloat(r.statusFontSize!)).to.be.lessThan(parseFloat(r.chatFontSize!));
      expect(r.violations.filter((v) => !ZOD_EVAL_PROBE.test(v))).to.deep.equal([]);
    } finally {
      iframe.remove();
    }
  });
});
