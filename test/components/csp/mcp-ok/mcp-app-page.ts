/**
 * Runs inside a page served with the strict Content-Security-Policy plus
 * `connect-src http://127.0.0.1:*` (the test MCP servers): one call of the
 * probe server's app tool, approved, its app shown in the card; then reports
 * to the parent test what the app said (relayed by the sandbox proxy) and
 * every CSP violation this page saw.
 */
import '../../../../components/define.js';
import { mockEndpoint } from '../../../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../../../src/testing/chunks.js';

const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
const logs: unknown[] = [];
window.addEventListener('message', (e) => {
  if (e.data?.method === 'notifications/message') logs.push(e.data.params.data);
});

async function main(): Promise<void> {
  const urls = (await (await fetch('/__mcp/servers')).json()) as Record<string, string>;
  const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'probe_probe', args: {} }]), textTurn('Probed.')] });
  const chat = document.querySelector('agent-chat')!;
  chat.setAttribute('base-url', new URL(mock.baseURL, location.href).href);
  chat.mcp = [{ url: urls['apps-probe']!, name: 'probe' }];
  await chat.updateComplete;
  const run = chat.send('Probe.');
  let approve: HTMLButtonElement | null = null;
  for (let i = 0; i < 1000 && !approve; i++) {
    await new Promise((r) => setTimeout(r, 20));
    approve = chat.shadowRoot!.querySelector<HTMLButtonElement>('[part~="approve-button"]');
  }
  approve!.click();
  await run.done;
  let report: unknown;
  for (let i = 0; i < 1000 && !report; i++) {
    await new Promise((r) => setTimeout(r, 20));
    report = logs.find((l) => (l as { event?: string }).event === 'report');
  }
  const frame = chat.shadowRoot!.querySelector('[part~="mcp-app"] iframe') as HTMLIFrameElement | null;
  parent.postMessage({ kind: 'mcp-app-csp', report, height: frame?.getBoundingClientRect().height ?? 0, violations }, '*');
}

main().catch((err: unknown) => parent.postMessage({ kind: 'mcp-app-csp', error: String(err), violations }, '*'));
