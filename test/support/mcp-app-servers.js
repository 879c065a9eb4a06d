// @ts-check
/**
 * The MCP Apps servers for the element's MCP Apps tests (Node side), started
 * beside the other MCP servers (mcp-servers.js asks for them):
 *
 * - `apps-basic`: the official example `@modelcontextprotocol/server-basic-vanillajs`
 *   (the v2 server packages), run as it ships: its own `dist/index.js` in a
 *   child process, Streamable HTTP (stateless) with CORS open, on an OS-chosen port.
 *   Its `get-time` tool points at `ui://get-time/mcp-app.html`, a vanilla-JS app
 *   built on the extension's `App` class whose button calls `get-time` again.
 * - `apps-probe`: a small server whose `probe` tool's app checks, from inside
 *   its frame, what it can reach (the page's document, its origin, storage, the
 *   network under the CSP), reports it, and calls `probe_action` through the
 *   host. The app speaks the extension's JSON-RPC over postMessage itself.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const APP_MIME = 'text/html;profile=mcp-app';

/** A port the OS says is free now. @returns {Promise<number>} */
async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
  await new Promise((resolve) => probe.close(() => resolve(undefined)));
  return port;
}

/** Starts the official basic-vanillajs example server; resolves with its URL and a close. */
export async function startBasicVanilla() {
  const require = createRequire(import.meta.url);
  // The package exports only its dist/server.js; its runnable main is beside it.
  const main = join(dirname(require.resolve('@modelcontextprotocol/server-basic-vanillajs')), 'index.js');
  const port = await freePort();
  const child = spawn(process.execPath, [main], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.unref();
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server-basic-vanillajs did not start within 20 s')), 20_000);
    child.stdout?.on('data', (chunk) => {
      if (String(chunk).includes('listening')) {
        clearTimeout(timer);
        resolve(undefined);
      }
    });
    child.once('exit', (code) => reject(new Error(`server-basic-vanillajs exited (${code})`)));
  });
  // Its console stays quiet in the runner's output; a crash shows.
  child.stdout?.resume();
  child.stderr?.on('data', (chunk) => process.stderr.write(`[server-basic-vanillajs] ${chunk}`));
  return { url: `http://127.0.0.1:${port}/mcp`, close: async () => void child.kill() };
}

/**
 * The probe app: a page that checks what its frame can reach and says so with
 * `notifications/message` (the host relays nothing else to the page). It
 * answers `ui/initialize` as an app must, reports its size, the theme it was
 * given and each later one, the tool input and result, then calls
 * `probe_action` through the host and reports that call's result.
 */
const PROBE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Probe</title>
<style>body{font:14px system-ui;margin:8px}</style></head><body><p id="out">probe</p>
<script>
const report = {};
try { report.parentDocument = String(Boolean(parent.document)); } catch (e) { report.parentDocument = 'blocked ' + e.name; }
try { report.topDocument = String(Boolean(top.document)); } catch (e) { report.topDocument = 'blocked ' + e.name; }
try { report.topHref = top.location.href; } catch (e) { report.topHref = 'blocked ' + e.name; }
report.origin = self.origin;
try { report.storage = String(localStorage.length); } catch (e) { report.storage = 'blocked ' + e.name; }
try { report.cookie = document.cookie; } catch (e) { report.cookie = 'blocked ' + e.name; }
report.violations = [];
document.addEventListener('securitypolicyviolation', (e) => report.violations.push(e.effectiveDirective));
let next = 0;
const waiting = new Map();
const send = (m) => parent.postMessage(Object.assign({ jsonrpc: '2.0' }, m), '*');
const request = (method, params) => new Promise((resolve) => { const id = ++next; waiting.set(id, resolve); send({ id, method, params }); });
const log = (data) => send({ method: 'notifications/message', params: { level: 'info', logger: 'probe', data } });
window.addEventListener('message', (e) => {
  if (e.source !== parent) return;
  const m = e.data || {};
  if (m.id !== undefined && waiting.has(m.id) && !m.method) { waiting.get(m.id)(m); waiting.delete(m.id); return; }
  if (m.id !== undefined && m.method) { send({ id: m.id, result: {} }); return; }
  if (m.method === 'ui/notifications/host-context-changed') log({ event: 'theme', theme: m.params.theme });
  if (m.method === 'ui/notifications/tool-input') log({ event: 'input', arguments: m.params.arguments });
  if (m.method === 'ui/notifications/tool-result') log({ event: 'result', result: m.params });
});
(async () => {
  report.fetch = await fetch('http://127.0.0.1:9/x').then(() => 'reached', (e) => 'refused ' + e.name);
  const init = await request('ui/initialize', { appInfo: { name: 'probe', version: '1.0.0' }, appCapabilities: {}, protocolVersion: '2026-01-26' });
  send({ method: 'ui/notifications/initialized', params: {} });
  report.theme = init.result && init.result.hostContext && init.result.hostContext.theme;
  report.host = init.result && init.result.hostInfo && init.result.hostInfo.name;
  send({ method: 'ui/notifications/size-changed', params: { width: 320, height: 137 } });
  log(Object.assign({ event: 'report' }, report));
  const call = await request('tools/call', { name: 'probe_action', arguments: { what: 'ping' } });
  log({ event: 'call', response: call });
})();
</script></body></html>`;

/** The probe server (SDK McpServer). @param {{ rpc: string[] }[]} log */
export function probeServer(log) {
  const server = new McpServer({ name: 'apps-probe', version: '1.0.0' });
  server.registerTool('probe', { description: 'Opens the probe app', inputSchema: {}, _meta: { ui: { resourceUri: 'ui://probe/app.html' } } }, async () => ({
    content: [{ type: 'text', text: 'probe ready' }],
    structuredContent: { ready: true },
  }));
  server.registerTool('probe_action', { description: 'An action the probe app asks for', inputSchema: { what: z.string() }, _meta: { ui: { visibility: ['app'] } } }, async (args) => {
    log.push({ rpc: ['probe_action ran'] });
    return { content: [{ type: 'text', text: `acted on ${JSON.stringify(args)}` }], structuredContent: { acted: true } };
  });
  server.registerResource('probe-app', 'ui://probe/app.html', { mimeType: APP_MIME }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: APP_MIME, text: PROBE_HTML, _meta: { ui: { csp: { connectDomains: [] } } } }],
  }));
  return server;
}
