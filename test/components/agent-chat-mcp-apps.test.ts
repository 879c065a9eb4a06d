// MCP Apps in <agent-chat>: a tool whose definition points at a `ui://`
// resource shows its app in the call's card, in the double-iframe sandbox,
// against real servers the test runner starts (test/support/mcp-app-servers.js):
// the official `server-basic-vanillajs` example and a probe app that reports
// what its frame can reach. The page sees only what the sandbox proxy relays:
// the extension's JSON-RPC messages, read here from `message` events.
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import type { MockTurn } from '../../src/testing/mock-endpoint.js';
import { axeViolations } from './axe.js';
import { chatOnMock, part, parts, typeAndEnter, until, type ChatFixture } from './helpers.js';
import type { AgentChat } from '../../components/agent-chat.js';

const SANDBOX = '/src/page/mcp-apps/mcp-app-sandbox.html';
let urls: Record<string, string>;
before(async () => {
  urls = await (await fetch('/__mcp/servers')).json();
});

/** Waits up to ~20 s (an app loads a frame, a proxy and its own code on a busy machine). */
const slowly = <T>(check: () => T | null | undefined | false, what: string) => until(check, what, 20_000);

type Rpc = { method?: string; params?: Record<string, unknown> };

describe('agent-chat: MCP Apps', function () {
  // A frame, its proxy, the app's own code and two approvals, on a shared 2-core machine.
  this.timeout(90_000);
  let f: ChatFixture | undefined;
  const seen: Rpc[] = [];
  const listen = (e: MessageEvent) => {
    if (e.data && typeof e.data === 'object' && e.data.jsonrpc === '2.0') seen.push(e.data as Rpc);
  };
  beforeEach(() => {
    seen.length = 0;
    window.addEventListener('message', listen);
  });
  let again: AgentChat | undefined;
  afterEach(async () => {
    window.removeEventListener('message', listen);
    f?.remove();
    f = undefined;
    if (again) {
      await again.agent.clear().catch(() => {});
      again.remove();
    }
    again = undefined;
  });

  async function chatWith(turns: MockTurn[], server: string, name: string, theme = 'light', thread?: string): Promise<ChatFixture> {
    f = await chatOnMock(turns, { attrs: { 'mcp-app-sandbox': SANDBOX, theme, ...(thread ? { thread } : {}) } });
    f.chat.mcp = [{ url: urls[server]!, name }];
    await f.chat.updateComplete;
    return f;
  }

  const cards = (f: ChatFixture) => parts(f.chat, 'tool-call');
  const approveIn = (card: HTMLElement) => card.querySelector<HTMLButtonElement>('[part~="approve-button"]');
  const denyIn = (card: HTMLElement) => card.querySelector<HTMLButtonElement>('[part~="deny-button"]');
  /** The data of the app's `notifications/message` logs. */
  const logs = () => seen.filter((m) => m.method === 'notifications/message').map((m) => m.params!.data as Record<string, unknown>);

  it("shows the official basic-vanillajs app in the call's card; its own tool call asks for approval and reaches the server", async () => {
    const f = await chatWith([toolCallTurn([{ name: 'basic_get-time', args: {} }]), textTurn('It is shown.')], 'apps-basic', 'basic');
    await until(() => f.chat.agent && true, 'agent');
    const final = f.nextFinal();
    await typeAndEnter(f.chat, 'What time is it on the server?');
    // get-time has no annotations: the model's call asks first, and no app loads before it is approved.
    const approve = await slowly(() => approveIn(cards(f)[0] ?? document.body), 'the approval of the model call');
    expect(part(f.chat, 'mcp-app') === null, 'no app before approval').to.equal(true);
    approve.click();
    await final;
    const app = await slowly(() => part(f.chat, 'mcp-app'), 'the app element');
    const frame = await slowly(() => app.querySelector('iframe'), 'the frame');
    expect(frame.getAttribute('sandbox')).to.equal('allow-scripts');
    // An opaque origin: the page cannot reach into it, nor it out.
    expect(frame.contentDocument === null, 'the proxy is not same-origin').to.equal(true);
    await slowly(() => seen.some((m) => m.method === 'ui/initialize'), 'the app to initialize');
    const size = await slowly(() => seen.find((m) => m.method === 'ui/notifications/size-changed'), 'a size change');
    await slowly(() => frame.getBoundingClientRect().height > 0, 'the card to take the app height');
    expect(Math.round(frame.getBoundingClientRect().height)).to.equal(Math.min(4000, Math.ceil(Number(size.params!.height))));
    expect(await axeViolations(cards(f)[0]!)).to.deep.equal([]);
    // The app's "Get Server Time" button, pressed from the keyboard as a user would: its first focusable control.
    frame.focus();
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });
    const asked = await slowly(() => cards(f).find((c) => c.dataset.requestedBy === 'mcp-app' && approveIn(c)), "the app's call awaiting approval");
    expect(asked.textContent).to.contain('basic_get-time');
    approveIn(asked)!.click();
    const done = await slowly(() => cards(f).find((c) => c.dataset.requestedBy === 'mcp-app' && c.dataset.status === 'done'), "the app's call done");
    // The server's answer: the time it returned (the app gets the same result back; the page cannot see into the frame).
    expect(done.textContent).to.match(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
    expect(done.getAttribute('aria-label')).to.contain('requested by an MCP App');
  });

  it('the frame cannot reach the page, runs under its CSP, gets the theme and its call result; a denied app call is an error for the app', async () => {
    const f = await chatWith([toolCallTurn([{ name: 'probe_probe', args: {} }]), textTurn('Probed.')], 'apps-probe', 'probe', 'dark');
    await until(() => f.chat.agent && true, 'agent');
    const final = f.nextFinal();
    await typeAndEnter(f.chat, 'Probe.');
    (await slowly(() => approveIn(cards(f)[0] ?? document.body), 'the approval')).click();
    await final;
    // probe_action is for its app only (`_meta.ui.visibility: ['app']`): the model is never offered it.
    const offered = ((await f.mock.log())[0]!.body as { tools?: Array<{ function: { name: string } }> }).tools?.map((t) => t.function.name) ?? [];
    expect(offered).to.include('probe_probe');
    expect(offered).to.not.include('probe_probe_action');
    const report = await slowly(() => logs().find((d) => d.event === 'report'), "the probe's report");
    expect(report.parentDocument).to.match(/^blocked SecurityError/);
    expect(report.topDocument).to.match(/^blocked SecurityError/);
    expect(report.topHref).to.match(/^blocked SecurityError/);
    expect(report.origin).to.equal('null');
    expect(report.storage).to.match(/^blocked/);
    // connect-src 'none' (the app declared no connect domains): the fetch is refused by the policy.
    expect(report.fetch).to.equal('refused TypeError');
    expect(report.violations).to.include('connect-src');
    expect(report.theme).to.equal('dark');
    expect(report.host).to.equal('pageloop');
    const input = await slowly(() => logs().find((d) => d.event === 'input'), 'the tool input');
    expect(input.arguments).to.deep.equal({});
    const result = await slowly(() => logs().find((d) => d.event === 'result'), 'the tool result');
    expect(result.result).to.deep.equal({ content: [{ type: 'text', text: 'probe ready' }], structuredContent: { ready: true } });
    // Its size: the card follows it.
    const frame = part(f.chat, 'mcp-app')!.querySelector('iframe')!;
    await slowly(() => Math.round(frame.getBoundingClientRect().height) === 137, 'the frame at the app height');
    // The app's own call (probe_action: app-only, no annotations) asks; denied, the app gets an isError result and the server never runs it.
    const asked = await slowly(() => cards(f).find((c) => c.dataset.requestedBy === 'mcp-app' && denyIn(c)), "the app's call awaiting approval");
    denyIn(asked)!.click();
    const call = await slowly(() => logs().find((d) => d.event === 'call'), "the app's call answer");
    const response = call.response as { result?: { isError?: boolean; content: Array<{ text: string }> } };
    expect(response.result?.isError).to.equal(true);
    expect(response.result?.content[0]!.text).to.contain('denied');
    const ran = (await (await fetch('/__mcp/requests?server=apps-probe')).json()) as Array<{ rpc: string[] }>;
    expect(ran.some((r) => r.rpc.includes('probe_action ran'))).to.equal(false);
    // A theme change reaches the app.
    f.chat.setAttribute('theme', 'light');
    const themed = await slowly(() => logs().find((d) => d.event === 'theme'), 'the theme change');
    expect(themed.theme).to.equal('light');
  });

  it('after a reload the app is back in its card, from the stored call and its result, its HTML read from the server again', async () => {
    const thread = `mcp-apps-${crypto.randomUUID()}`;
    const f = await chatWith([toolCallTurn([{ name: 'probe_probe', args: {} }]), textTurn('Probed.')], 'apps-probe', 'probe', 'light', thread);
    await until(() => f.chat.agent && true, 'agent');
    const final = f.nextFinal();
    await typeAndEnter(f.chat, 'Probe.');
    (await slowly(() => approveIn(cards(f)[0] ?? document.body), 'the approval')).click();
    await final;
    await slowly(() => logs().find((d) => d.event === 'result'), 'the first result');
    const reads = async () => ((await (await fetch('/__mcp/requests?server=apps-probe')).json()) as Array<{ rpc: string[] }>).filter((r) => r.rpc[0] === 'resources/read').length;
    const readsBefore = await reads();
    // Its own call, left waiting, is no part of what comes back.
    f.remove();
    seen.length = 0;
    const page = document.createElement('agent-chat');
    again = page;
    page.setAttribute('base-url', f.chat.getAttribute('base-url')!);
    page.setAttribute('model', 'mock-model');
    page.setAttribute('thread', thread);
    page.setAttribute('mcp-app-sandbox', SANDBOX);
    page.setAttribute('theme', 'dark');
    page.mcp = [{ url: urls['apps-probe']!, name: 'probe' }];
    page.style.height = '500px';
    document.body.append(page);
    const app = await slowly(() => page.shadowRoot!.querySelector('[part~="mcp-app"]'), 'the app in the reloaded card');
    expect(app.closest('[part~="tool-call"]')!.getAttribute('data-status')).to.equal('done');
    const result = await slowly(() => logs().find((d) => d.event === 'result'), 'the stored result sent to the app');
    expect(result.result).to.deep.equal({ content: [{ type: 'text', text: 'probe ready' }], structuredContent: { ready: true } });
    expect(logs().find((d) => d.event === 'report')!.theme).to.equal('dark');
    expect(await reads()).to.equal(readsBefore + 1);
  });

  it("works in a page under the strict CSP (frame-src from default-src 'self'): the app runs, the page sees no violation", async () => {
    const page = await fetch('/test/components/csp/mcp-ok/mcp-app.html');
    expect(page.headers.get('content-security-policy')).to.contain("default-src 'self'").and.to.contain("script-src 'self'").and.not.to.contain('frame-src');
    const iframe = document.createElement('iframe');
    iframe.style.cssText = 'width:600px;height:600px';
    type Result = { kind: string; error?: string; report?: Record<string, unknown>; height: number; violations: string[] };
    const result = new Promise<Result>((resolve) => {
      const onMessage = (e: MessageEvent) => {
        if (e.source === iframe.contentWindow && (e.data as Result)?.kind === 'mcp-app-csp') {
          window.removeEventListener('message', onMessage);
          resolve(e.data as Result);
        }
      };
      window.addEventListener('message', onMessage);
    });
    iframe.src = '/test/components/csp/mcp-ok/mcp-app.html';
    document.body.append(iframe);
    try {
      const r = await result;
      expect(r.error).to.equal(undefined);
      expect(r.report?.origin).to.equal('null');
      expect(r.report?.parentDocument).to.match(/^blocked/);
      expect(r.height).to.equal(137);
      // zod's one probe for `new Function` (it falls back) is the only report allowed, as in agent-chat-csp: pageloop's
      // own zod, and the zod the extension's AppBridge brings (bundled for the test runner at /__mcp/app-bridge.js).
      expect(r.violations.filter((v) => !/^script-src eval .*(\/zod\/|\/__mcp\/app-bridge\.js:)/.test(v))).to.deep.equal([]);
    } finally {
      iframe.remove();
    }
  });
});
