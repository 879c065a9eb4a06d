import { expect } from 'chai';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn } from '../../src/testing/chunks.js';
import type { AgentEvent } from '../../src/types.js';

/**
 * Every runnable code block of README.md runs as written (see
 * test/support/readme-snippets.js for how blocks are marked, and
 * test/support/readme-middleware.js for the page each runs in): it loads
 * without an error of any kind, and every agent it makes answers — from the
 * mock endpoint standing in for the README's Ollama URL, or from the in-page
 * engine. An `<agent-chat>` that no snippet sent anything to is sent "Hello".
 */

interface Page {
  page: number;
  line: number;
  blocks: number[];
}
interface Record {
  errors: string[];
  events: AgentEvent[];
  /** Agents made by `createAgent` (an element's are not counted here). */
  agents: number;
}
type ChatElement = HTMLElement & { send(text: string): void };

const pages = (await (await fetch('/__readme/pages.json')).json()) as Page[];

async function until(check: () => boolean, ms: number): Promise<boolean> {
  for (const started = performance.now(); performance.now() - started < ms; ) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

const count = (events: AgentEvent[], type: string) => events.filter((e) => e.type === type).length;

describe('README.md: every code block runs as written', function () {
  this.timeout(120_000);

  it('finds the runnable blocks', () => {
    expect(pages.length).to.be.greaterThan(4);
  });

  for (const { page, line } of pages) {
    it(`README.md:${line}`, async () => {
      // Every request gets a short answer, however many the snippet makes.
      const mock = await mockEndpoint({ turns: [], replies: [{ when: '', turn: textTurn('Done: nothing needed doing.') }] });
      const frame = document.createElement('iframe');
      const loaded = new Promise((r) => (frame.onload = r));
      frame.src = `/__readme/page/${page}.html?mock=${encodeURIComponent(new URL(mock.baseURL, location.href).href)}`;
      document.body.append(frame);
      try {
        await loaded;
        const win = frame.contentWindow as Window & { __readme: Record };
        const record = win.__readme;
        // The snippet's modules ran before `load`; give a run it started time
        // to show, then talk to any element nobody has talked to.
        await until(() => record.errors.length > 0 || count(record.events, 'run-start') > 0, 1500);
        const chats = [...frame.contentDocument!.querySelectorAll('agent-chat')] as ChatElement[];
        if (count(record.events, 'run-start') === 0) for (const chat of chats) chat.send('Hello');
        const agents = () => chats.length + record.agents;
        const runs = () => count(record.events, 'run-start');
        await until(() => record.errors.length > 0 || (agents() > 0 && runs() > 0 && count(record.events, 'final') >= runs()), 90_000);
        expect(record.errors, 'errors in the page').to.deep.equal([]);
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
