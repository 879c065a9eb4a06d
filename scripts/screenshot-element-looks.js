// @ts-check
/**
 * Screenshots of the `<agent-chat>` looks whose styles load with their own
 * chunk or share the drawers' and status line's rules (issue 33/34): the plan
 * (a drawer), a finished tool card (its styles load with the card), the
 * status line waiting to retry (the countdown's chunk) and the in-page
 * engine's progress line, with a formatted reply; then a reply held while
 * the markdown renderer is on its way ("…"). A scripted stand-in agent emits
 * the events (no worker, no model) — light and dark, wide and ~420 px.
 *
 *   node scripts/screenshot-element-looks.js [outDir]
 */
import { screenshotLooks } from './lib/screenshot-harness.js';

await screenshotLooks({
  pageDir: '.screenshot-element-looks',
  html: `<!doctype html><html><head><meta name="viewport" content="width=device-width"><style>body{margin:0;padding:12px;font-family:system-ui} looks-chat{height:calc(100vh - 150px)}</style></head>
<body><script type="module" src="./main.ts"></script></body></html>`,
  main: `import { AgentChat } from '../components/agent-chat.js';
import { renderAssistantMessage } from '../components/conversation/message-view.js';
import { agentChatSheets } from '../components/agent-chat.styles.js';
import { render } from 'lit';
const theme = new URL(location.href).searchParams.get('theme') ?? 'light';
const listeners = new Set();
const stub = { ready: Promise.resolve(), running: false, tools: [], on: (l) => (listeners.add(l), () => listeners.delete(l)),
  engine: { status: () => ({ state: 'idle' }) }, webmcp: { status: () => ({ state: 'off', exposed: [], consumed: [] }), ready: new Promise(() => {}) },
  mcp: { status: async () => [] }, configure() {}, setTools() {}, dispose() {}, events: async () => [], permissions: async () => [] };
const agent = new Proxy(stub, { get: (t, k) => (k in t ? t[k] : () => Promise.resolve([])) });
class LooksChat extends AgentChat { createAgent() { return agent; } }
customElements.define('looks-chat', LooksChat);
const chat = document.createElement('looks-chat');
chat.setAttribute('base-url', 'http://localhost:1/v1');
chat.setAttribute('model', 'm');
chat.setAttribute('theme', theme);
document.body.append(chat);
await chat.updateComplete;
const emit = (...events) => events.forEach((e) => listeners.forEach((l) => l(e)));
emit({ type: 'run-start', runId: 'r1', input: 'Check order 7 and plan the refund.' },
  { type: 'plan', tasks: [{ id: 't1', title: 'Read order 7', status: 'completed' }, { id: 't2', title: 'Refund the card', status: 'in_progress', dependsOn: ['t1'] }, { id: 't3', title: 'Tell the customer', status: 'pending' }] },
  { type: 'iteration', n: 1, max: 8 },
  { type: 'tool-call', callId: 'c1', name: 'get_order', args: { id: 7 } }, { type: 'tool-start', callId: 'c1', name: 'get_order' },
  { type: 'tool-result', callId: 'c1', name: 'get_order', status: 'ok', result: { id: 7, status: 'shipped', total: 42.5 } },
  { type: 'text', delta: 'Order **7** is *shipped*; the refund of \`42.50\` goes to [the card](https://example.com).' },
  { type: 'engine', status: { state: 'downloading', loaded: 300e6, total: 800e6 } },
  { type: 'retry', attempt: 2, delayMs: 9000, reason: 'HTTP 429' });
await chat.updateComplete;
// A reply held while the renderer is on its way, drawn as the element draws it, under its styles.
const held = document.createElement('div');
held.style.cssText = 'height:110px;margin-top:8px;border-top:1px dashed #888';
document.body.append(held);
const root = held.attachShadow({ mode: 'open' });
root.adoptedStyleSheets = agentChatSheets.map((s) => s.styleSheet);
const host = document.createElement('div');
host.className = 'log';
host.dataset.theme = theme;
root.append(host);
render(renderAssistantMessage({ kind: 'assistant', id: 'h', text: '**A-1**', thinking: '', streaming: true }, undefined, true), host);
document.body.dataset.ready = 'true';
`,
  async shoot(page, { theme, width, outDir }) {
    await page.locator('body[data-ready="true"]').waitFor({ state: 'attached', timeout: 20000 });
    await page.locator('looks-chat').locator('[part~="retry"] .retry-pulse').waitFor({ state: 'attached', timeout: 20000 });
    await page.waitForTimeout(300);
    const path = `${outDir}/looks-${theme}-${width}.png`;
    await page.screenshot({ path });
    return [path];
  },
});
