// @ts-check
/**
 * Serves the documentation's runnable code blocks (README.md and the site's
 * pages, test/support/doc-snippets.js) as pages, for
 * test/docs/doc-snippets-suite.ts (Node side, one Koa middleware):
 *
 *   /__docs/pages.json       the pages: [{ page, file, line, blocks, calls, otlp }]
 *   /__docs/page/N.html      page N: the harness, an import map, then its blocks
 *   /__docs/block/K.js       block K as a module
 *
 * The blocks are served as written, with three substitutions a reader makes
 * too, each stated here:
 *
 * - bare imports resolve through an import map, as a bundler resolves them
 *   through package.json's `exports`: `pageloop` → the source (through
 *   test/docs/pageloop-shim.ts, which only watches the agents it makes),
 *   `pageloop/agent-chat.js` → components/define.ts, `pageloop/agent-trace.js` → components/trace/agent-trace-define.ts, `zod` → the installed zod
 *   (through test/docs/zod.ts, so it is the copy pageloop itself loads),
 *   `lit` → the installed lit (the element's own copy).
 *   Never on a page that loads the CDN bundle: a page without a bundler has
 *   no such map, so a bare import there fails as it would for a reader;
 * - the docs' placeholder CDN (`https://your.cdn/pageloop/dist/cdn/`) is the
 *   standalone bundle the test runner builds (`/.wtr-cdn/`, as `dist/cdn/`);
 * - the docs' endpoint (`http://localhost:11434/v1`, Ollama's) is the mock
 *   endpoint whose base URL the test passes as `?mock=`;
 * - the docs' MCP server (`http://localhost:3001/mcp`, where the reader runs
 *   `npx @modelcontextprotocol/server-everything streamableHttp`) is that
 *   same official server, started by the test runner (test/support/mcp-servers.js),
 *   whose URL the test passes as `?mcp=`;
 * - the docs' OpenTelemetry collector (`http://localhost:4318/v1/traces`) is
 *   the test runner's OTLP receiver (test/support/otlp-receiver.js), in a
 *   bucket of that page's own (`/__otlp/docs-page-N/v1/traces`), which the
 *   test reads back (pages.json says `otlp: true` for the pages that export).
 *
 * The files are read on every request, so an edit shows at the next run.
 */
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { docSnippets, snippetPages } from './doc-snippets.js';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const PREFIX = '/__docs/';
const CDN = 'https://your.cdn/pageloop/dist/cdn/';
const ENDPOINT = 'http://localhost:11434/v1';

const IMPORT_MAP = {
  imports: {
    pageloop: '/test/docs/pageloop-shim.ts',
    'pageloop/agent-chat.js': '/components/define.ts',
    'pageloop/agent-trace.js': '/components/trace/agent-trace-define.ts',
    'pageloop/testing': '/src/testing/index.ts',
    'pageloop/engine': '/src/engine/index.ts',
    zod: '/test/docs/zod.ts',
    // pageloop's own dependency, for tools that render Lit templates.
    lit: '/node_modules/lit/index.js',
  },
};

const MCP = 'http://localhost:3001/mcp';
const COLLECTOR = 'http://localhost:4318/v1/traces';
/** The OTLP receiver's bucket of page N. @param {number} page */
const collectorOf = (page) => `/__otlp/docs-page-${page}/v1/traces`;

/** @param {string} code @param {URLSearchParams} given the test's `mock`, `mcp` and `page` */
const substitute = (code, given) =>
  code
    .split(COLLECTOR)
    .join(collectorOf(Number(given.get('page'))))
    .split(CDN)
    .join('/.wtr-cdn/')
    .split(ENDPOINT)
    .join(given.get('mock') ?? ENDPOINT)
    .split(MCP)
    .join(given.get('mcp') ?? MCP);

/** @returns {(ctx: any, next: () => Promise<unknown>) => Promise<unknown>} */
export function docPages() {
  return async function docMiddleware(ctx, next) {
    const url = new URL(ctx.request.url ?? ctx.url, 'http://localhost');
    if (!url.pathname.startsWith(PREFIX)) return next();
    const snippets = docSnippets(root);
    const pages = snippetPages(snippets);
    const given = new URLSearchParams([...url.searchParams].filter(([key]) => key === 'mock' || key === 'mcp' || key === 'page'));
    const route = url.pathname.slice(PREFIX.length);
    ctx.set('cache-control', 'no-store');
    if (route === 'pages.json') {
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(pages.map((blocks, page) => ({ page, file: blocks[0]?.file, line: blocks[0]?.line, blocks: blocks.map((b) => b.index), calls: blocks[0]?.calls ?? [], otlp: blocks.some((b) => b.code.includes(COLLECTOR)) })));
      return;
    }
    const block = /^block\/(\d+)\.js$/.exec(route);
    if (block) {
      const snippet = snippets[Number(block[1])];
      if (!snippet || snippet.lang !== 'js') return next();
      ctx.type = 'application/javascript';
      ctx.body = `${substitute(snippet.code, given)}\n//# sourceURL=${snippet.file}:${snippet.line}`;
      return;
    }
    const page = /^page\/(\d+)\.html$/.exec(route);
    const blocks = page ? pages[Number(page[1])] : undefined;
    if (!page || !blocks) return next();
    given.set('page', page[1] ?? '');
    const body = blocks.map((b) =>
      b.lang === 'html' ? substitute(b.code, given) : `<script type="module" src="${PREFIX}block/${b.index}.js?${given}"></script>`,
    );
    const withoutBundler = blocks.some((b) => b.code.includes(CDN));
    ctx.type = 'text/html';
    ctx.body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${blocks[0]?.file}:${blocks[0]?.line}</title>
<link rel="icon" href="data:,">
<script src="/test/docs/harness.js"></script>
${withoutBundler ? '' : `<script type="importmap">${JSON.stringify(IMPORT_MAP)}</script>`}
</head>
<body>
${body.join('\n')}
</body>
</html>`;
  };
}
