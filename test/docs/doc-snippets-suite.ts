import { expect } from 'chai';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import type { AgentEvent } from '../../src/types.js';

/**
 * Every runnable code block of the documentation — README.md and the site's
 * pages — runs as written (see test/support/doc-snippets.js for how blocks
 * are marked, and test/support/doc-middleware.js for the page each runs in): it loads
 * without an error of any kind, and every agent it makes answers — from the
 * mock endpoint standing in for the docs' Ollama URL, or from the in-page
 * engine. An `<agent-chat>` that no snippet sent anything to is sent "Hello".
 * A page marked with `calls` gets a model that makes those tool calls, one a
 * turn, then answers: each must end `ok` — so the guide's tools really run
 * through the loop (an element's approval panel is approved for them).
 * A page that exports spans to the docs' collector URL must have them
 * received by the runner's OTLP receiver, none refused.
 */

interface Page {
  page: number;
  file: string;
  line: number;
  blocks: number[];
  calls: { name: string; args: { [key: string]: unknown } }[];
  /** The page sends spans to the docs' OpenTelemetry collector (the runner's OTLP receiver). */
  otlp: boolean;
}
interface Record {
  errors: string[];
  events: AgentEvent[];
  /** Agents made by `createAgent` (an element's are not counted here). */
  agents: number;
}
type ChatElement = HTMLElement & { send(text: string): void };

/** Approves every call an element's approval panels show (as a user would click Approve). */
function approveAll(chats: ChatElement[]) {
  for (const chat of chats) for (const button of chat.shadowRoot?.querySelectorAll<HTMLButtonElement>('[part~="approve-button"]') ?? []) button.click();
}

const pages = (await (await fetch('/__docs/pages.json')).json()) as Page[];
/** The official MCP "everything" server the runner starts, standing in for the one the MCP guide has the reader run. */
const everything = ((await (await fetch('/__mcp/servers')).json()) as { everything: string }).everything;

async function until(check: () => boolean, ms: number): Promise<boolean> {
  for (const started = performance.now(); performance.now() - started < ms; ) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

const count = (events: AgentEvent[], type: string) => events.filter((e) => e.type === type).length;

/**
 * Registers part `part` (0-based) of `of` of the pages' tests: the pages are
 * dealt out in turn, so that each test file stays well inside the runner's
 * time for one file (the site has grown past 60 runnable pages).
 */
export function describeDocSnippets(part: number, of: number): void {
describe(`the documentation: every code block runs as written (part ${part + 1} of ${of})`, function () {
  this.timeout(120_000);

  if (part === 0) it('finds the runnable blocks of the README and of the site', () => {
    expect(pages.filter((p) => p.file === 'README.md').length, 'in README.md').to.be.greaterThan(0);
    expect(pages.filter((p) => p.file.startsWith('docs-site/')).length, 'in the site').to.be.greaterThan(10);
  });

  if (part === 0) it('has pages whose model calls their tools', () => {
    expect(pages.filter((p) => p.calls.length > 0).length).to.be.greaterThan(5);
  });

  for (const { page, file, line, calls, otlp } of pages.filter((_, i) => i % of === part)) {
    it(`${file}:${line}${calls.length > 0 ? ` (calls ${calls.map((c) => c.name).join(', ')})` : ''}`, async () => {
      const done = textTurn('Done: nothing needed doing.');
      // Without calls, every request gets a short answer, however many the snippet makes; with
      // calls, the first requests make them, one a turn, and the rest get that answer.
      const mock = await mockEndpoint(
        calls.length === 0
          ? { turns: [], replies: [{ when: '', turn: done }] }
          : { turns: [...calls.map((c, n) => toolCallTurn([{ ...c, id: `call_doc_${n}` }])), ...Array.from({ length: 12 }, () => done)] },
      );
      const frame = document.createElement('iframe');
      const loaded = new Promise((r) => (frame.onload = r));
      frame.src = `/__docs/page/${page}.html?mock=${encodeURIComponent(new URL(mock.baseURL, location.href).href)}&mcp=${encodeURIComponent(everything)}`;
      document.body.append(frame);
      try {
        await loaded;
        const win = frame.contentWindow as Window & { __docs: Record };
        const record = win.__docs;
        // The snippet's modules ran before `load`; give a run it started time
        // to show, then talk to any element nobody has talked to.
        await until(() => record.errors.length > 0 || count(record.events, 'run-start') > 0, 1500);
        const chats = [...frame.contentDocument!.querySelectorAll('agent-chat')] as ChatElement[];
        // The element's module may still be loading on a busy machine: talk to it once it is defined.
        if (chats.length) {
          await Promise.race([win.customElements.whenDefined('agent-chat'), new Promise((r) => setTimeout(r, 30_000))]);
          // A block that makes the element without importing it (the guide's reader would get an inert tag) fails here, saying so, once the wait runs out — not later, on a call to an element that never came.
          expect(win.customElements.get('agent-chat'), 'the page has <agent-chat> but never defines it: import pageloop/agent-chat').to.not.equal(undefined);
        }
        if (count(record.events, 'run-start') === 0) for (const chat of chats) chat.send('Hello');
        const agents = () => chats.length + record.agents;
        const runs = () => count(record.events, 'run-start');
        // A page whose blocks make no agent (a tool's definition, a test file's
        // outline) is done once it has loaded without an error: give a late
        // `createAgent` (after an awaited import, say) a moment, no more.
        await until(() => record.errors.length > 0 || agents() > 0, 3000);
        if (agents() > 0) await until(() => {
          if (record.events.some((e) => e.type === 'approval-request')) approveAll(chats);
          return record.errors.length > 0 || (agents() > 0 && runs() > 0 && count(record.events, 'final') >= runs());
        }, 90_000);
        expect(record.errors, 'errors in the page').to.deep.equal([]);
        for (const call of calls) {
          const results = record.events.filter((e) => e.type === 'tool-result' && e.name === call.name);
          expect(results.map((r) => r.type === 'tool-result' && r.status), `${call.name}'s result`).to.include('ok');
        }
        if (otlp) {
          type Received = { requests: { spans: unknown[] }[]; rejected: string[] };
          let received: Received = { requests: [], rejected: [] };
          const read = async () => (received = (await (await fetch(`/__otlp/docs-page-${page}/received`)).json()) as Received);
          // The worker loads the OpenTelemetry chunk (hundreds of modules unbundled here) at the run's end, then
          // exports: on a crowded machine (load 16, three files beside) that took over 15 s once.
          for (const started = performance.now(); performance.now() - started < 45_000 && (await read()).requests.length === 0; ) await new Promise((r) => setTimeout(r, 200));
          expect(received.rejected, 'spans the collector refused').to.deep.equal([]);
          expect(received.requests.flatMap((r) => r.spans).length, 'spans the collector received').to.be.greaterThan(0);
        }
        if (agents() > 0) {
          const finals = record.events.filter((e) => e.type === 'final');
          expect(finals.length, 'runs that ended').to.be.greaterThan(0);
          expect(finals.length, 'runs that ended').to.equal(runs());
          for (const f of finals) expect(f.type === 'final' && f.reason, JSON.stringify(f)).to.not.equal('error');
        }
      } finally {
        frame.remove();
      }
    });
  }
});
}
