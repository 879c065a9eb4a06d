/**
 * A page that uses no opt-in capability never fetches an opt-in chunk: the
 * bench counts those chunks apart from the core (bench/lib/opt-in.js), and
 * this is the network log that makes the count honest. The standalone bundle
 * is served under a logged prefix (test/support/logged-cdn-middleware.js),
 * which sees the worker's fetches too. The second case gives the agent MCP,
 * the DOM tools, the fetch tool and a zod-mini tool, calls them, and shows the thread list: their chunks then show in
 * the log, so the patterns match the real files and the log is not blind.
 */
import { expect } from 'chai';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import { OPT_IN } from '../../bench/lib/opt-in.js';

interface PageReport {
  optInPage: true;
  error?: string;
  final?: { reason: string; text: string };
}

/** The files a run's page and worker fetched. */
const loads = async (run: string): Promise<string[]> => (await (await fetch(`/__cdn-loads?run=${run}`)).json()) as string[];

/** The opt-in capabilities whose chunks are among `files`, with the files. */
function optInIn(files: string[]): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const [name, pattern] of Object.entries(OPT_IN)) {
    const hits = files.filter((file) => pattern.test(file));
    if (hits.length) found[name] = hits;
  }
  return found;
}

/** Runs the page to its final event, waits a second for idle-time loads, and returns the files it fetched. */
async function run(query: string, turns: Parameters<typeof mockEndpoint>[0]['turns']): Promise<{ files: string[]; final: PageReport['final'] }> {
  const mock = await mockEndpoint({ turns });
  const run = crypto.randomUUID();
  const frame = document.createElement('iframe');
  const finished = new Promise<PageReport>((resolve) => {
    window.addEventListener('message', (e: MessageEvent<PageReport>) => {
      if (e.source === frame.contentWindow && e.data?.optInPage && (e.data.final || e.data.error)) resolve(e.data);
    });
  });
  frame.src = `/test/cdn/opt-in-page.html?baseURL=${encodeURIComponent(new URL(mock.baseURL, location.href).href)}&run=${run}${query}`;
  document.body.append(frame);
  const last = await finished;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const files = await loads(run);
  frame.remove();
  expect(last.error).to.equal(undefined);
  return { files, final: last.final };
}

describe('what the standalone bundle fetches (a network log of the page and its worker)', () => {
  it('a conversation with a page tool and a markdown answer fetches no opt-in chunk', async function () {
    this.timeout(30_000);
    const { files, final } = await run('', [
      toolCallTurn([{ id: 'c1', name: 'read_stock', args: {} }]),
      textTurn('There are **12** blue widgets:\n\n```js\nconst n = 12;\n```\n'),
    ]);
    expect(final?.reason).to.equal('answer');
    // The log sees the page, the worker and the worker's own lazy chunks.
    expect(files).to.include('agent-chat.js');
    expect(files).to.include('worker.js');
    expect(files.some((file) => file.startsWith('worker-openai-model-'))).to.equal(true);
    expect(JSON.stringify(optInIn(files))).to.equal('{}');
  });

  it('a page in German fetches its catalog but not the doctor’s German lines; /doctor fetches them (with the checklist)', async function () {
    this.timeout(60_000);
    /** The files of `files` named `name-HASH.js`. */
    const named = (files: string[], name: string) => files.filter((file) => new RegExp(`^${name}-[A-Z0-9]{8}\\.js$`).test(file));
    const turns = [textTurn('Zwölf.')];
    const chat = await run('&locale=de', turns);
    expect(chat.final?.reason).to.equal('answer');
    expect(named(chat.files, 'catalogs')).to.have.length(1);
    expect(named(chat.files, 'de')).to.have.length(1);
    expect(named(chat.files, 'doctor-de')).to.deep.equal([]);
    expect(named(chat.files, 'doctor-report')).to.deep.equal([]);
    const doctor = await run('&locale=de&doctor=1', turns);
    expect(named(doctor.files, 'doctor-report')).to.have.length(1);
    expect(named(doctor.files, 'doctor-de')).to.have.length(1);
  });

  it('an element with MCP servers, the DOM tools, the fetch tool, a zod-mini tool and show-threads fetches their chunks when it uses them', async function () {
    this.timeout(30_000);
    const { files } = await run('&use=1', [
      toolCallTurn([
        { id: 'c1', name: 'page_outline', args: {} },
        { id: 'c2', name: 'fetch', args: { url: `${location.origin}/test/cdn/opt-in-page.html` } },
      ]),
      textTurn('Done.'),
    ]);
    const found = optInIn(files);
    expect(Object.keys(found).sort().join(',')).to.equal('dom_tools,fetch_tool,mcp,threads,zod_mini');
  });
});
