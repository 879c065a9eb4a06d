// pageloop's MCP Apps sandbox proxy: the outer frame of the double-iframe
// pattern (the MCP Apps extension's "sandbox proxy"). <agent-chat> loads it
// with sandbox="allow-scripts" and no allow-same-origin, so this document has
// an opaque origin of its own even when it is served from the page's origin.
// It makes the inner frame (sandbox="allow-scripts", no allow-same-origin
// either) holding the app's HTML with a Content-Security-Policy built from the
// app's declared domains, and relays the extension's postMessage JSON-RPC
// between the page and the app, nothing else. A classic script, not a module:
// an opaque-origin document could load a module only with CORS.
(function () {
  'use strict';
  var PROXY_READY = 'ui/notifications/sandbox-proxy-ready';
  var RESOURCE_READY = 'ui/notifications/sandbox-resource-ready';
  if (window.parent === window) throw new Error('The MCP App sandbox proxy runs only inside the host page\'s frame.');
  // The page that embedded this frame; messages go to it alone.
  var host = document.referrer ? new URL(document.referrer).origin : '';
  if (!host || host === 'null') throw new Error('The MCP App sandbox proxy needs the embedding page\'s origin (document.referrer): do not serve it with Referrer-Policy: no-referrer.');
  var inner;

  // Only plain origins and host patterns: a quote, semicolon or space could add a CSP directive.
  function list(values, fallback) {
    var ok = Array.isArray(values) ? values.filter(function (d) { return typeof d === 'string' && d !== '' && !/[;,'"\s]/.test(d); }) : [];
    return ok.length ? ok.join(' ') : fallback;
  }

  /** The app's policy: inline code and styles of its own HTML, data:/blob: media, and only the domains it declared (`_meta.ui.csp`). */
  function policy(csp) {
    csp = csp || {};
    var res = list(csp.resourceDomains, '');
    return [
      "default-src 'none'",
      ("script-src 'unsafe-inline' " + res).trim(),
      ("style-src 'unsafe-inline' " + res).trim(),
      ('img-src data: blob: ' + res).trim(),
      ('font-src data: ' + res).trim(),
      ('media-src data: blob: ' + res).trim(),
      'connect-src ' + list(csp.connectDomains, "'none'"),
      'frame-src ' + list(csp.frameDomains, "'none'"),
      'base-uri ' + list(csp.baseUriDomains, "'none'"),
      "object-src 'none'",
      "form-action 'none'",
    ].join('; ');
  }

  /**
   * `html` with the policy as the first element the parser meets, before any
   * of the app's own markup. Nothing in the app's text is searched for a
   * `<head>` (one can sit in a comment, an attribute, a script or CDATA, and
   * a policy put there is text, not a policy): the meta goes at the very
   * start, where a parser creates the head for it. Only a leading doctype is
   * kept in front (its token ends at its first `>`; the app keeps standards
   * mode), after HTML whitespace alone (JavaScript's \s takes in U+FEFF and
   * others, which would start the body and put the meta there, ignored). A
   * leading byte order mark is dropped: in a srcdoc it would be body text.
   */
  function withPolicy(html, csp) {
    var meta = '<meta http-equiv="Content-Security-Policy" content="' + policy(csp).replace(/"/g, '&quot;') + '">';
    if (html.charCodeAt(0) === 0xfeff) html = html.slice(1);
    var doctype = /^[\t\n\f\r ]*<!doctype[^>]*>/i.exec(html);
    return doctype ? doctype[0] + meta + html.slice(doctype[0].length) : meta + html;
  }

  window.addEventListener('message', function (event) {
    if (event.source === window.parent) {
      if (event.origin !== host) return;
      var data = event.data;
      if (data && data.method === RESOURCE_READY) {
        var params = data.params || {};
        if (inner || typeof params.html !== 'string') return;
        inner = document.createElement('iframe');
        // Never allow-same-origin, whatever was asked: the app gets an opaque origin.
        inner.setAttribute('sandbox', 'allow-scripts');
        inner.setAttribute('title', 'MCP App');
        inner.srcdoc = withPolicy(params.html, params.csp);
        document.body.appendChild(inner);
        return;
      }
      if (inner && inner.contentWindow) inner.contentWindow.postMessage(data, '*');
    } else if (inner && event.source === inner.contentWindow) {
      window.parent.postMessage(event.data, host);
    }
  });

  window.parent.postMessage({ jsonrpc: '2.0', method: PROXY_READY, params: {} }, host);
})();
