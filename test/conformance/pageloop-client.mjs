// @ts-check
/**
 * pageloop's MCP client as the official conformance suite's client under test
 * (`@modelcontextprotocol/conformance`, client mode). The suite starts a test
 * server for a scenario and runs this command with the server's URL last and
 * the scenario in MCP_CONFORMANCE_SCENARIO:
 *
 *   npx @modelcontextprotocol/conformance@0.1.13 client --command "node test/conformance/pageloop-client.mjs" --scenario initialize
 *
 * It serves a page on 127.0.0.1 (the standalone bundle, dist/cdn — build it
 * first: `npm run build`) that makes a real agent in headless Chromium with
 * the server as its one `mcp` server, and a scripted OpenAI-compatible model
 * that calls the server's first tool, then answers. The suite's servers send
 * no CORS headers, so the page reaches the server through a same-origin
 * pass-through proxy (`/mcp`), as a page would through its own backend;
 * nothing in the MCP exchange is changed. Exits 0 when the run ended with an
 * answer (or, for `initialize`, when the server connected), else 1; the
 * suite's own checks decide what passed.
 *
 * The `auth/*` scenarios run the MCP authorization flow: the server is the
 * agent's `mcp` server directly (its metadata names its own origin, so no
 * proxy can stand in), with `oauth: { redirectUrl }` pointing at pageloop's
 * redirect page served here; the sign-in popup opens, the suite's
 * authorization server redirects it straight back with a code, and the worker
 * exchanges it. The suite's servers send no CORS headers, so for these
 * scenarios Chromium runs with `--disable-web-security` (the CORS check is the
 * server's deployment, not the client's protocol) and `--disable-popup-blocking`
 * (no user is there to click).
 */
import http from 'node:http';
import { readFileSync, existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const target = new URL(/** @type {string} */ (process.argv.at(-1)));
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const auth = scenario.startsWith('auth/');
const dist = fileURLToPath(new URL('../../dist/cdn/', import.meta.url));
if (!existsSync(join(dist, 'agent-chat.js'))) {
  console.error('dist/cdn/agent-chat.js is missing: run `npm run build` first.');
  process.exit(2);
}

const page = `<!doctype html><meta charset="utf-8"><title>pageloop conformance</title><script type="module">
import { createAgent } from '/cdn/agent-chat.js';
const events = [];
const server = ${auth ? `{ url: ${JSON.stringify(target.href)}, name: 'conf', approval: 'auto', oauth: { redirectUrl: '/mcp-oauth-redirect.html' } }` : `{ url: '/mcp', name: 'conf', approval: 'auto' }`};
const agent = createAgent({ baseURL: location.origin + '/v1', model: 'scripted', mcp: [server] });
agent.on((e) => {
  events.push(e);
  // The user accepts a server's question as the form comes, defaults and all (elicitation scenarios).
  if (e.type === 'mcp-elicitation') void agent.mcp.answerElicitation(e.request.id, { action: 'accept', content: {} });
});
let status = [];
for (let i = 0; i < 200; i++) {
  status = await agent.mcp.status();
  if (status.every((s) => s.state !== 'connecting')) break;
  await new Promise((r) => setTimeout(r, 50));
}
let final;
if (${JSON.stringify(scenario)} !== 'initialize' && status[0]?.state === 'connected') final = await agent.send('Use the tool.').done;
window.__result = { status, final, results: events.filter((e) => e.type === 'tool-result') };
</script>`;

/**
 * The scripted model: calls the MCP server's first tool, then answers.
 * @param {{ tools?: { function: { name: string } }[], messages: { role: string }[] }} body
 */
function completion(body) {
  const tools = (body.tools ?? []).map((t) => t.function.name).filter((n) => n.startsWith('conf_'));
  const answered = body.messages.some((m) => m.role === 'tool');
  const args = tools[0] === 'conf_add_numbers' ? { a: 5, b: 3 } : {};
  const message = answered || tools.length === 0
    ? { role: 'assistant', content: 'Done.' }
    : { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: tools[0], arguments: JSON.stringify(args) } }] };
  return { id: 'c1', object: 'chat.completion', model: 'scripted', choices: [{ index: 0, message, finish_reason: message.tool_calls ? 'tool_calls' : 'stop' }] };
}

const TYPES = { '.js': 'text/javascript', '.html': 'text/html', '.wasm': 'application/wasm', '.map': 'application/json' };

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(page);
  if (url.pathname.startsWith('/cdn/') || url.pathname.startsWith('/mcp-oauth-redirect.')) {
    const file = url.pathname.startsWith('/cdn/') ? join(dist, url.pathname.slice('/cdn/'.length)) : join(dist, '..', url.pathname.slice(1));
    if (!file.startsWith(join(dist, '..')) || !existsSync(file)) return void res.writeHead(404).end();
    return void res.writeHead(200, { 'content-type': TYPES[/** @type {'.js'} */ (extname(file))] ?? 'application/octet-stream' }).end(readFileSync(file));
  }
  if (url.pathname === '/v1/chat/completions') {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion(JSON.parse(text)))));
    return;
  }
  if (url.pathname === '/mcp' || url.pathname === '/message') {
    // A pass-through to the suite's server: same method, headers, body and (streamed) answer.
    const to = new URL(url.pathname === '/mcp' ? target.href : `${target.origin}${url.pathname}${url.search}`);
    if (url.pathname === '/mcp') to.search = url.search || to.search;
    const headers = { ...req.headers, host: to.host };
    delete headers.origin;
    delete headers.referer;
    const upstream = http.request(to, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.headersSent ? res.end() : res.writeHead(502).end());
    req.pipe(upstream);
    res.on('close', () => upstream.destroy());
    return;
  }
  res.writeHead(404).end();
});

await new Promise((r) => server.listen(0, '127.0.0.1', () => r(undefined)));
const port = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...(auth ? ['--disable-web-security', '--disable-popup-blocking'] : [])] });
let ok = false;
try {
  const tab = await browser.newPage();
  tab.on('console', (m) => console.error(`[page] ${m.text()}`));
  await tab.goto(`http://127.0.0.1:${port}/`);
  await tab.waitForFunction(() => /** @type {any} */ (globalThis).__result, undefined, { timeout: 25_000 });
  const result = await tab.evaluate(() => /** @type {any} */ (globalThis).__result);
  console.log(JSON.stringify(result, null, 2));
  ok = result.status[0]?.state === 'connected' && (scenario === 'initialize' || result.final?.reason === 'answer');
} finally {
  await browser.close();
  server.close();
}
process.exit(ok ? 0 : 1);
