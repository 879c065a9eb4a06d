// The MCP Apps sandbox proxy puts the app's network policy (a CSP <meta>
// built from its declared domains) where the parser will honour it, whatever
// shape the app's HTML has. Each case hands the real proxy
// (src/page/mcp-apps/mcp-app-sandbox.html, in its sandboxed frame as
// <agent-chat> loads it) a hostile HTML whose script tries a fetch and an
// image to an origin the app did not declare (this test server: both would
// succeed without the policy), and reports what happened through the proxy's
// relay. A `<head>` in a comment, an attribute, a script, CDATA or a title,
// a script before the head, a byte order mark, a doctype, no head at all:
// every one must be blocked. A control declares the origin and is let through,
// so the probe can tell the two apart.
import { expect } from 'chai';

const SANDBOX = '/src/page/mcp-apps/mcp-app-sandbox.html';
const ORIGIN = location.origin;

interface Probe {
  fetch: string;
  image: string;
  violations: string[];
  /** The routes of the probe's requests that reached the server. */
  arrived?: string[];
}

/**
 * The app's script: a no-cors fetch and an image to this test server
 * (undeclared unless the case declares it), reported to the host. Both carry
 * `?probe=PROBE_ID`, so the server can say what reached it.
 */
const PROBE = `<script>
(function () {
  var violations = [];
  document.addEventListener('securitypolicyviolation', function (e) { violations.push(e.effectiveDirective); });
  var image = new Promise(function (done) {
    var img = new Image();
    img.onload = function () { done('loaded'); };
    img.onerror = function () { done('blocked'); };
    img.src = '${ORIGIN}/__fixtures/pixel?probe=PROBE_ID';
  });
  var fetched = fetch('${ORIGIN}/__fixtures/text?probe=PROBE_ID', { mode: 'no-cors' }).then(function () { return 'reached'; }, function () { return 'blocked'; });
  Promise.all([fetched, image]).then(function (r) {
    setTimeout(function () {
      parent.postMessage({ jsonrpc: '2.0', method: 'probe/report', params: { fetch: r[0], image: r[1], violations: violations } }, '*');
    }, 50);
  });
})();
</script>`;

/** Loads the proxy as <agent-chat> does, hands it `html` with `csp`, and waits for the app's report. */
async function run(shape: string, csp: Record<string, string[]> = {}): Promise<Probe> {
  const id = crypto.randomUUID();
  const html = shape.replaceAll('PROBE_ID', id);
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  document.body.append(frame);
  try {
    return await new Promise<Probe>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no report from the app')), 15_000);
      const onMessage = (e: MessageEvent) => {
        if (e.source !== frame.contentWindow) return;
        const data = e.data as { method?: string; params?: Probe };
        if (data?.method === 'ui/notifications/sandbox-proxy-ready') {
          frame.contentWindow!.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html, csp } }, '*');
        } else if (data?.method === 'probe/report') {
          clearTimeout(timer);
          window.removeEventListener('message', onMessage);
          void fetch(`/__fixtures/arrivals?of=${id}`)
            .then((r) => r.json() as Promise<Array<{ route: string }>>)
            .then((list) => resolve({ ...data.params!, arrived: list.map((a) => a.route).sort() }), reject);
        }
      };
      window.addEventListener('message', onMessage);
      frame.src = SANDBOX;
    });
  } finally {
    frame.remove();
  }
}

/** Hostile shapes: where a naive search finds a `<head>` that is not one, or the meta would land in the body. */
const shapes: Array<[string, string]> = [
  ['a <head> in a comment before everything', `<!--<head>--><html><body><p>app</p>${PROBE}</body></html>`],
  ['a <head> in an attribute', `<html><body data-x="<head>"><p>app</p>${PROBE}</body></html>`],
  ['a <head> inside a script', `<script>var s = '<head>';</script>${PROBE}`],
  ['a <head> in SVG CDATA', `<svg><![CDATA[<head>]]></svg>${PROBE}`],
  ['a <head> in a title', `<title><head></title>${PROBE}`],
  ['a <head> in a textarea', `<body><textarea><head></textarea>${PROBE}</body>`],
  ['a script before an uppercase <HEAD>', `${PROBE}<HEAD><TITLE>x</TITLE></HEAD><BODY>app</BODY>`],
  ['a byte order mark, then a doctype', `\uFEFF<!doctype html>${PROBE}`],
  ['a doctype and a real head', `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">${PROBE}</head><body>app</body></html>`],
  ['a doctype with a > in a quoted identifier', `<!DOCTYPE html PUBLIC "-//x>y//EN"><head>${PROBE}</head>`],
  ['no head at all', `<p>app</p>${PROBE}`],
  ['text before everything', `hello ${PROBE}`],
  ['an unclosed comment-like opener', `<!---><head>${PROBE}`],
  ['a <head/> self-closed in a noscript', `<noscript><head/></noscript>${PROBE}`],
];

describe('MCP Apps sandbox proxy: the declared network policy holds whatever the HTML', function () {
  this.timeout(60_000);

  it('the probe can tell: an app that declares this origin reaches it (fetch and image)', async () => {
    const r = await run(`<!doctype html><html><head></head><body>${PROBE}</body></html>`, { connectDomains: [ORIGIN], resourceDomains: [ORIGIN] });
    expect(r).to.deep.equal({ fetch: 'reached', image: 'loaded', violations: [], arrived: ['pixel', 'text'] });
  });

  for (const [name, html] of shapes) {
    it(`${name}: the undeclared fetch and image are blocked by the policy`, async () => {
      const r = await run(html);
      expect(r.fetch, 'fetch').to.equal('blocked');
      expect(r.image, 'image').to.equal('blocked');
      expect(r.violations).to.include('connect-src').and.to.include('img-src');
      expect(r.arrived, 'what reached the server').to.deep.equal([]);
    });
  }
});
