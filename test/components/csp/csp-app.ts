/**
 * Runs inside a page served with a strict Content-Security-Policy
 * (script-src 'self'; worker-src 'self'; style-src 'self'): one conversation
 * with a page tool, then reports what happened to the parent test by
 * postMessage, including every CSP violation the page saw.
 */
import '../../../components/define.js';
import { z } from 'zod';
import { defineTool } from '../../../src/tools/define-tool.js';
import { mockEndpoint } from '../../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../../src/testing/chunks.js';

const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));

async function main(): Promise<void> {
  const mock = await mockEndpoint({
    turns: [toolCallTurn([{ name: 'read_title', args: { upper: true } }]), textTurn('The title is **CSP**.')],
  });
  const chat = document.querySelector('agent-chat')!;
  chat.setAttribute('base-url', new URL(mock.baseURL, location.href).href);
  let toolRan = false;
  chat.tools = [
    defineTool({
      name: 'read_title',
      description: 'Reads the page title',
      parameters: z.object({ upper: z.boolean() }),
      execute: ({ upper }) => {
        toolRan = true;
        return upper ? document.title.toUpperCase() : document.title;
      },
    }),
  ];
  await chat.updateComplete;
  const final = await chat.send('What is the title?').done;
  await chat.updateComplete;
  await new Promise((r) => requestAnimationFrame(r));
  const root = chat.shadowRoot!;
  // The trace view too: its chunk, its adopted styles, its bars placed through the CSSOM.
  root.querySelector<HTMLButtonElement>('[part~="trace-button"]')!.click();
  let rows: HTMLElement[] = [];
  for (let i = 0; i < 250 && rows.length === 0; i++) {
    await new Promise((r) => setTimeout(r, 20));
    rows = [...(root.querySelector('agent-trace')?.shadowRoot?.querySelectorAll<HTMLElement>('.span-title') ?? [])];
  }
  const bars = [...(root.querySelector('agent-trace')?.shadowRoot?.querySelectorAll<HTMLElement>('[part~="trace-bar"]') ?? [])];
  parent.postMessage(
    {
      kind: 'csp-result',
      final,
      toolRan,
      toolStatus: root.querySelector<HTMLElement>('[part~="tool-call"]')?.dataset.status ?? null,
      strong: root.querySelector('[part~="assistant"] strong')?.textContent ?? null,
      // Adopted stylesheets applied: the host got its custom properties.
      styled: getComputedStyle(chat).getPropertyValue('--agent-chat-radius').trim() !== '',
      trace: rows.map((r) => r.textContent),
      // The run's bar spans the drawer; the others are narrower, and none is unplaced (0 or auto).
      barWidths: bars.map((b) => Math.round(b.getBoundingClientRect().width)),
      violations,
    },
    location.origin,
  );
}

main().catch((err: unknown) => parent.postMessage({ kind: 'csp-result', error: String(err), violations }, location.origin));
