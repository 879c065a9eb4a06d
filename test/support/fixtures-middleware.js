// @ts-check
/**
 * Test fixtures served by the test runner (Node side), as one Koa middleware.
 *
 * 1. `/__fixtures/*` routes for the fetch tool's tests: HTML, JSON, large and
 *    binary bodies, HTTP errors, an echo, and redirects. The server answers on
 *    both `localhost` and `127.0.0.1` — two origins — so a redirect from one to
 *    the other is a real cross-origin redirect. Every answer carries CORS
 *    headers, because the tests fetch across those two origins. A request
 *    carrying `?probe=<id>` is recorded (host, method, route, body) before it
 *    is answered, preflights included, and `/__fixtures/arrivals?of=<id>`
 *    lists what arrived: the redirect tests prove from the server side that
 *    an origin received nothing.
 *
 * 2. React and react-dom as ES modules. They ship only CommonJS, which the dev
 *    server's node-resolve cannot hand to a browser, so requests for their entry
 *    files are answered with an esbuild ESM bundle of that entry. Each bundle
 *    keeps `react` and `react-dom` external (pointing at these same URLs), so a
 *    test and react-dom share one React instance and hooks work.
 */
import { execFileSync } from 'node:child_process';

const PREFIX = '/__fixtures/';

/**
 * The CommonJS entries answered as ESM: URL path → package specifier.
 * @type {Record<string, string>}
 */
const ESM_SHIMS = {
  '/node_modules/react/index.js': 'react',
  '/node_modules/react/jsx-runtime.js': 'react/jsx-runtime',
  '/node_modules/react/jsx-dev-runtime.js': 'react/jsx-dev-runtime',
  '/node_modules/react-dom/index.js': 'react-dom',
  '/node_modules/react-dom/client.js': 'react-dom/client',
  // CopilotKit's front-end core (test/agui/to-agui-agent.test.ts) reads partial tool arguments with it.
  '/node_modules/partial-json/dist/index.js': 'partial-json',
};

/** The shimmed entries compiled from ES modules (`exports.__esModule`). */
const ESMODULE_INTEROP = new Set(['partial-json']);

/** Where each shared package lives, as the browser asks for it. */
const EXTERNAL_URL = { react: '/node_modules/react/index.js', 'react-dom': '/node_modules/react-dom/index.js' };

/** @type {Map<string, Promise<string>>} */
const bundles = new Map();

/**
 * Requests that carried `?probe=<id>`, by id, in the order they arrived.
 * @type {Map<string, Array<{ host: string, method: string, route: string, body: string }>>}
 */
const arrivals = new Map();

/** @returns {(ctx: any, next: () => Promise<unknown>) => Promise<unknown>} */
export function fixtures() {
  return async function fixturesMiddleware(ctx, next) {
    const url = new URL(ctx.request.url ?? ctx.url, 'http://localhost');
    const shim = Object.hasOwn(ESM_SHIMS, url.pathname) ? ESM_SHIMS[url.pathname] : undefined;
    if (shim) {
      ctx.type = 'application/javascript';
      ctx.body = await esmBundle(shim);
      return;
    }
    if (!url.pathname.startsWith(PREFIX)) return next();
    const route = url.pathname.slice(PREFIX.length);
    const res = /** @type {import('node:http').ServerResponse} */ (ctx.res);
    ctx.respond = false;
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': '*',
      'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
      'access-control-expose-headers': '*',
      'cache-control': 'no-store',
    };
    const probe = url.searchParams.get('probe');
    if (probe) {
      let body = '';
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && ctx.method !== 'OPTIONS') for await (const part of ctx.req) body += part;
      const list = arrivals.get(probe) ?? [];
      list.push({ host: ctx.request.host, method: ctx.method, route, body });
      arrivals.set(probe, list);
      if (ctx.method !== 'OPTIONS' && route === 'echo') {
        res.writeHead(200, { ...cors, 'content-type': 'application/json' });
        res.end(JSON.stringify({ method: ctx.method, body, contentType: ctx.req.headers['content-type'] ?? null, host: ctx.request.host }));
        return;
      }
    }
    if (ctx.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    switch (route) {
      case 'html':
        res.writeHead(200, { ...cors, 'content-type': 'text/html; charset=utf-8' });
        res.end(SAMPLE_HTML);
        return;
      case 'json':
        res.writeHead(200, { ...cors, 'content-type': 'application/json' });
        res.end(JSON.stringify({ name: 'pageloop', tags: ['agent', 'browser'], nested: { ok: true } }));
        return;
      case 'text': {
        // `bytes` of ASCII, written in chunks so the client sees a real stream.
        const total = Math.min(Number(url.searchParams.get('bytes') ?? '1000'), 10_000_000);
        res.writeHead(200, { ...cors, 'content-type': 'text/plain; charset=utf-8' });
        const line = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ01\n';
        let sent = 0;
        while (sent < total && !res.destroyed) {
          const size = Math.min(64 * 1024, total - sent);
          const chunk = line.repeat(Math.ceil(size / line.length)).slice(0, size);
          sent += size;
          if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
        }
        res.end();
        return;
      }
      case 'stall': {
        // `bytes` of a GGUF header's start, then nothing, the connection kept open until the client closes it.
        res.writeHead(200, { ...cors, 'content-type': 'application/octet-stream', 'content-length': '1000000' });
        res.write(Buffer.from('GGUF\u0003\u0000\u0000\u0000'));
        await new Promise((resolve) => res.on('close', resolve));
        return;
      }
      case 'binary':
        res.writeHead(200, { ...cors, 'content-type': 'image/png' });
        res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
        return;
      case 'pixel':
        // A real 1×1 GIF: an <img> that loads it fires load, not error (the MCP App policy tests tell "reached" from "blocked" by it).
        res.writeHead(200, { ...cors, 'content-type': 'image/gif' });
        res.end(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));
        return;
      case 'status': {
        const code = Number(url.searchParams.get('code') ?? '404');
        res.writeHead(code, { ...cors, 'content-type': 'text/html; charset=utf-8' });
        res.end(`<html><body><h1>Error ${code}</h1><p>Nothing here.</p></body></html>`);
        return;
      }
      case 'echo': {
        let body = '';
        for await (const part of ctx.req) body += part;
        res.writeHead(200, { ...cors, 'content-type': 'application/json' });
        res.end(JSON.stringify({ method: ctx.method, body, contentType: ctx.req.headers['content-type'] ?? null }));
        return;
      }
      case 'redirect': {
        // `code` picks the status (301, 302, 303, 307, 308); `to` the Location.
        const to = url.searchParams.get('to') ?? '/__fixtures/json';
        const code = Number(url.searchParams.get('code') ?? '302');
        res.writeHead(code, { ...cors, location: to });
        res.end();
        return;
      }
      case 'loop': {
        // Redirects to itself for ever: a browser gives up after 20 hops.
        res.writeHead(302, { ...cors, location: url.pathname + url.search });
        res.end();
        return;
      }
      case 'arrivals': {
        res.writeHead(200, { ...cors, 'content-type': 'application/json' });
        res.end(JSON.stringify(arrivals.get(url.searchParams.get('of') ?? '') ?? []));
        return;
      }
      default:
        res.writeHead(404, { ...cors, 'content-type': 'text/plain' });
        res.end(`fixtures: no route ${route}`);
    }
  };
}

/**
 * An ESM bundle of one CommonJS entry, with its exports named (esbuild cannot
 * name a CommonJS module's exports by itself, so they are listed from Node).
 * @param {string} specifier
 * @returns {Promise<string>}
 */
function esmBundle(specifier) {
  let bundle = bundles.get(specifier);
  if (!bundle) {
    bundle = build(specifier);
    bundles.set(specifier, bundle);
  }
  return bundle;
}

/** @param {string} specifier */
async function build(specifier) {
  const esbuild = await import('esbuild');
  // Listed by a child Node: loading React in the runner's own process trips
  // over the runner's patched console.
  const listed = execFileSync(process.execPath, ['-p', `JSON.stringify(Object.keys(require(${JSON.stringify(specifier)})))`], { encoding: 'utf8' });
  const names = /** @type {string[]} */ (JSON.parse(listed)).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'default');
  // A module compiled from ES modules (`exports.__esModule`) has its exports on the namespace, not on its default.
  const contents = [
    ESMODULE_INTEROP.has(specifier) ? `import * as mod from ${JSON.stringify(specifier)};` : `import mod from ${JSON.stringify(specifier)};`,
    'export default mod;',
    ...names.map((n) => `export const ${n} = mod.${n};`),
  ].join('\n');
  const result = await esbuild.build({
    stdin: { contents, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    format: 'esm',
    write: false,
    define: { 'process.env.NODE_ENV': '"development"' },
    plugins: [
      {
        name: 'shared-react',
        setup(b) {
          // Everything but the entry itself shares the one copy served at its
          // URL. CommonJS `require` of an external would become a throwing
          // `__require` in ESM output, so it goes through a tiny ESM re-export.
          b.onResolve({ filter: /^react(-dom)?$/ }, (args) => {
            if (args.importer === '<stdin>' && args.path === specifier) return undefined;
            return { path: args.path, namespace: 'shared' };
          });
          b.onLoad({ filter: /.*/, namespace: 'shared' }, (args) => ({
            contents: `export * from ${JSON.stringify(EXTERNAL_URL[/** @type {'react' | 'react-dom'} */ (args.path)])};`,
            loader: 'js',
          }));
          b.onResolve({ filter: /^\/node_modules\// }, (args) => ({ path: args.path, external: true }));
        },
      },
    ],
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error(`fixtures: esbuild produced nothing for ${specifier}`);
  return file.text;
}

const SAMPLE_HTML = `<!doctype html>
<html><head><title>Fixture &amp; Page</title>
<style>body { color: red; }</style>
<script>window.secret = "do not show";</script>
</head>
<body>
<!-- a comment that must not show -->
<h1>Main&nbsp;Title</h1>
<p>First paragraph with <a href="https://example.com/docs">a link</a> and &lt;escaped&gt; text &#8212; done&#x21;</p>
<h2>List</h2>
<ul><li>One</li><li>Two &amp; three</li></ul>
<table><tr><th>Name</th><th>Qty</th></tr><tr><td>Apple</td><td>3</td></tr></table>
<noscript>Enable JavaScript</noscript>
<pre>  keep
    indentation</pre>
<img src="x.png" alt="A diagram">
</body></html>`;
