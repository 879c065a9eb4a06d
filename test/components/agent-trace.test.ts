// The trace view: <agent-chat>'s trace drawer and the standalone
// <agent-trace>, on the real worker and the mock endpoint. A run with a
// retried request, a tool that asks for approval and a sub-agent shows its
// spans in order, nested, with their values; the drawer works by keyboard
// and is axe-clean; <agent-trace> shows the same from a thread file, from a
// URL, and live from an agent while its run waits for an approval.
import { expect } from 'chai';
import { z } from 'zod';
import '../../components/trace/agent-trace-define.js';
import type { AgentChat } from '../../components/agent-chat.js';
import type { AgentTrace } from '../../components/trace/agent-trace.js';
import { createAgent } from '../../src/page/create-agent.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { errorTurn, textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import type { Agent, AgentEvent, ThreadFile } from '../../src/types.js';
import { chatOnMock, part, typeAndEnter, until, type ChatFixture } from './helpers.js';
import { axeViolations } from './axe.js';

const getOrder = () =>
  defineTool({ name: 'get_order', description: 'Reads an order', parameters: z.object({ id: z.number() }), readOnly: true, execute: ({ id }) => ({ id, city: 'Lyon' }) });
const setStatus = () =>
  defineTool({ name: 'set_status', description: 'Sets an order status', parameters: z.object({ id: z.number(), status: z.string() }), needsApproval: true, execute: ({ id, status }) => ({ id, status }) });

/** A retried request, a call that asks for approval, a sub-agent with a call of its own, then the answer. */
const script = () => [
  errorTurn(503, 'busy', { 'retry-after-ms': '5' }),
  toolCallTurn([{ id: 'c1', name: 'set_status', args: { id: 7, status: 'shipped' } }], { usage: { prompt_tokens: 50, completion_tokens: 7 } }),
  toolCallTurn([{ id: 'd1', name: 'dispatch_agent', args: { task: 'Where is order 7?' } }]),
  toolCallTurn([{ id: 'k1', name: 'get_order', args: { id: 7 } }]),
  textTurn('Order 7 is in Lyon.'),
  textTurn('Shipped; it is in Lyon.'),
];

/** The rows the expected run shows: title and nesting depth, in order. */
const EXPECTED = [
  ['Run', 1],
  ['Model request 1', 2],
  ['Tool set_status', 2],
  ['Model request 2', 2],
  ['Tool dispatch_agent', 2],
  ['Sub-agent', 3],
  ['Model request 1', 4],
  ['Tool get_order', 4],
  ['Model request 2', 4],
  ['Model request 3', 2],
];

interface Row {
  title: string;
  depth: number;
  facts: string;
  notes: string[];
  left: number;
  width: number;
}

/** The rows a view shows, read from its DOM as a user sees them. */
function rowsOf(view: AgentTrace): Row[] {
  return [...view.shadowRoot!.querySelectorAll<HTMLLIElement>('li.span')].map((li) => {
    let depth = 0;
    for (let at: Element | null = li; at; at = at.parentElement?.closest('li.span') ?? null) depth++;
    const bar = li.querySelector<HTMLElement>(':scope > details [part~="trace-bar"]')!;
    return {
      title: li.querySelector(':scope > details .span-title')!.textContent!.trim(),
      depth,
      facts: li.querySelector(':scope > details .span-facts')?.textContent ?? '',
      notes: [...li.querySelectorAll(':scope > details > summary .span-note')].map((n) => n.textContent!.trim()),
      left: parseFloat(bar.style.getPropertyValue('--left')),
      width: parseFloat(bar.style.getPropertyValue('--width')),
    };
  });
}

const viewOf = (chat: AgentChat) => chat.shadowRoot!.querySelector<AgentTrace>('agent-trace');
const shown = (view: AgentTrace | null) => view?.shadowRoot?.querySelector('li.span') ? view : null;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs the script in `f`, approving the call when asked (after a moment, so the wait is measurable). */
async function runScript(f: ChatFixture): Promise<void> {
  const done = f.nextFinal();
  f.chat.send('Ship order 7 and tell me where it is.');
  // Longer than until()'s 5 s: a cold worker, a retry and a busy shared machine come first.
  let approve = part(f.chat, 'approve-button');
  for (let i = 0; i < 100 && !approve; i++) approve = (await pause(200), part(f.chat, 'approve-button'));
  if (!approve) throw new Error('Timed out waiting for the approval panel');
  await pause(30);
  approve.click();
  expect(await done).to.include({ reason: 'answer' });
  await f.chat.updateComplete;
}

function checkRows(rows: Row[]): void {
  expect(rows.map((r) => [r.title, r.depth])).to.deep.equal(EXPECTED);
  const [run, first, approved, , dispatch, sub, , lookup, , last] = rows as Row[] & { length: 10 };
  expect(run!.facts).to.include('model mock-model').and.include('finish answer').and.include('tokens 50 in · 7 out');
  expect(first!.facts).to.include('1 retry, waited 5 ms').and.include('finish tool_calls').and.include('tokens 50 in · 7 out').and.match(/first token \d+ ms/);
  expect(first!.notes).to.deep.equal(['HTTP 503: waited 5 ms before attempt 2']);
  expect(approved!.facts).to.include('status ok').and.match(/approved after \d+ ms/);
  expect(Number(/approved after (\d+) ms/.exec(approved!.facts)![1])).to.be.at.least(25);
  expect(approved!.notes).to.deep.equal(['approval asked']);
  expect(lookup!.facts).to.include('status ok').and.match(/started after \d+ ms/);
  expect(last!.facts).to.include('finish stop');
  // Bars on the run's axis: the run spans it all, the sub-agent lies within its call, the last request ends the run.
  expect(run!.left).to.equal(0);
  expect(run!.width).to.be.closeTo(100, 0.01);
  expect(sub!.left).to.be.at.least(dispatch!.left);
  expect(sub!.left + sub!.width).to.be.at.most(dispatch!.left + dispatch!.width + 0.001);
  expect(last!.left).to.be.greaterThan(dispatch!.left + dispatch!.width - 0.001);
  for (const row of rows) expect(row.left + row.width).to.be.at.most(100.001);
}

describe('trace view', () => {
  let f: ChatFixture | undefined;
  const agents: Agent[] = [];
  const views: HTMLElement[] = [];
  afterEach(() => {
    f?.remove();
    f = undefined;
    agents.splice(0).forEach((a) => a.dispose());
    views.splice(0).forEach((v) => v.remove());
  });

  it("opens from a message's Trace button on that run: retries, the approval, the sub-agent nested, in order", async () => {
    f = await chatOnMock(script(), { tools: [getOrder(), setStatus()], attrs: { 'sub-agents': '', 'max-retries': '1' } });
    expect(viewOf(f.chat) === null, 'nothing is loaded before it is opened').to.equal(true);
    await runScript(f);
    const button = await until(() => part<HTMLButtonElement>(f!.chat, 'trace-button'), 'the Trace button');
    button.focus();
    button.click();
    const view = await until(() => shown(viewOf(f!.chat)), 'the trace rows');
    checkRows(rowsOf(view));
    expect(view.shadowRoot!.querySelector('[part~="trace-summary"]')!.textContent).to.match(/answer · 10 spans · 0 dropped$/);
    // Every attribute is in a row's details, under its own name.
    const details = view.shadowRoot!.querySelectorAll<HTMLElement>('[part~="trace-details"]')[2]!;
    expect(details.textContent).to.include('pageloop.approval.answer').and.include('approved').and.include('gen_ai.tool.call.id').and.include('c1');
    // Escape closes it and gives focus back to the button.
    (view.shadowRoot!.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true, cancelable: true }));
    await f.chat.updateComplete;
    // Compared as a boolean: chai would print the element, and its agent (a worker proxy) has no end.
    expect(viewOf(f.chat) === null, 'the drawer closed').to.equal(true);
    await until(() => f!.chat.shadowRoot!.activeElement === button, 'focus back on the Trace button');
  });

  it('opens with /trace, and is reachable by keyboard: arrows between rows, → and ← open and close, Escape back to the input', async () => {
    f = await chatOnMock(script(), { tools: [getOrder(), setStatus()], attrs: { 'sub-agents': '', 'max-retries': '1' } });
    await runScript(f);
    await typeAndEnter(f.chat, '/trace');
    const view = await until(() => shown(viewOf(f!.chat)), 'the trace rows');
    const summaries = () => [...view.shadowRoot!.querySelectorAll<HTMLElement>('summary')];
    const focused = () => view.shadowRoot!.activeElement as HTMLElement | null;
    const press = async (key: string) => {
      focused()!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true }));
      await view.updateComplete;
    };
    await until(() => focused() === summaries()[0], 'focus on the first row');
    await press('ArrowDown');
    expect(focused()).to.equal(summaries()[1]);
    await press('ArrowRight');
    const open = focused()!.parentElement as HTMLDetailsElement;
    expect(open.open).to.equal(true);
    expect(open.querySelector('[part~="trace-details"]')!.textContent).to.include('gen_ai.operation.name').and.include('chat');
    await press('ArrowLeft');
    expect(open.open).to.equal(false);
    await press('ArrowLeft');
    expect(focused(), '← on a closed row goes to its parent').to.equal(summaries()[0]);
    await press('End');
    expect(focused()).to.equal(summaries().at(-1));
    await press('Home');
    expect(focused()).to.equal(summaries()[0]);
    // Tab reaches the rows too: each is a summary, focusable without a tabindex.
    expect(summaries().every((s) => s.tabIndex === 0)).to.equal(true);
    await press('Escape');
    await f.chat.updateComplete;
    // Compared as a boolean: chai would print the element, and its agent (a worker proxy) has no end.
    expect(viewOf(f.chat) === null, 'the drawer closed').to.equal(true);
    await until(() => f!.chat.shadowRoot!.activeElement === part(f!.chat, 'input'), 'focus back on the input');
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`is axe-clean open in the chat, a row's details open (${theme})`, async () => {
      f = await chatOnMock(script(), { tools: [getOrder(), setStatus()], attrs: { 'sub-agents': '', 'max-retries': '1', theme } });
      await runScript(f);
      await typeAndEnter(f.chat, '/trace');
      const view = await until(() => shown(viewOf(f!.chat)), 'the trace rows');
      view.shadowRoot!.querySelectorAll('details')[1]!.open = true;
      view.shadowRoot!.querySelectorAll('details')[5]!.open = true;
      expect(await axeViolations(f.chat)).to.deep.equal([]);
    });
  }

  it('<agent-trace> shows a thread file\'s trace (parsed, as text, from a URL) as the agent\'s own, and refuses a file that is not a thread', async () => {
    const thread = `trace-view-${crypto.randomUUID()}`;
    f = await chatOnMock(script(), { tools: [getOrder(), setStatus()], attrs: { 'sub-agents': '', 'max-retries': '1', thread } });
    await runScript(f);
    const text = await f.chat.agent.threads.export(thread);
    const file = JSON.parse(text) as ThreadFile;
    f.remove();
    f = undefined;

    const view = document.createElement('agent-trace');
    views.push(view);
    view.file = file;
    document.body.append(view);
    await until(() => shown(view), 'the rows from the file');
    checkRows(rowsOf(view));

    const fromText = document.createElement('agent-trace');
    views.push(fromText);
    fromText.file = text;
    fromText.setAttribute('theme', 'dark');
    document.body.append(fromText);
    // refresh() right after connecting resolves once the rows are shown (the element's own first load included).
    await fromText.refresh();
    expect(shown(fromText) !== null, 'rows shown when refresh() resolves').to.equal(true);
    expect(rowsOf(fromText).map((r) => r.title)).to.deep.equal(EXPECTED.map(([t]) => t));
    expect(await axeViolations(fromText)).to.deep.equal([]);

    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const fromUrl = document.createElement('agent-trace');
    views.push(fromUrl);
    fromUrl.setAttribute('src', url);
    document.body.append(fromUrl);
    await until(() => shown(fromUrl), 'the rows from the URL');
    expect(rowsOf(fromUrl).map((r) => [r.title, r.depth])).to.deep.equal(EXPECTED);

    fromUrl.file = { ...file, trace: { spans: [{ name: 'invoke_agent' }], dropped: 0 } } as unknown as ThreadFile;
    const error = await until(() => fromUrl.shadowRoot!.querySelector('[part~="trace-error"]'), 'the refusal');
    expect(error.textContent).to.include('trace span 0 is not a span');
    fromUrl.file = '{ not json';
    await until(() => fromUrl.shadowRoot!.querySelector('[part~="trace-error"]')?.textContent?.includes('not JSON'), 'the JSON refusal');
    URL.revokeObjectURL(url);
  });

  it('<agent-trace> on an agent follows its run live: the call waiting for approval, then its answer', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'c1', name: 'set_status', args: { id: 7, status: 'shipped' } }]), textTurn('Done.'), textTurn('Nothing else to do.', { delayMs: 100 })] });
    const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', tools: [setStatus()] });
    agents.push(agent);
    const view = document.createElement('agent-trace');
    views.push(view);
    view.agent = agent;
    document.body.append(view);
    await agent.ready;
    const asked = new Promise<AgentEvent>((resolve) => agent.on((e) => e.type === 'approval-request' && resolve(e)));
    const run = agent.send('Ship order 7');
    await asked;
    // No refresh() here: the view updates itself from the agent's events.
    const waiting = await until(() => rowsOf(view).find((r) => r.title === 'Tool set_status' && r.notes.includes('approval asked')), 'the waiting call');
    expect(view.shadowRoot!.querySelector('[part~="trace-summary"]')!.textContent).to.include('running');
    expect(waiting.facts).to.not.include('status');
    const time = () => view.shadowRoot!.querySelectorAll('.span-time')[2]!.textContent!;
    expect(time()).to.include('running');
    agent.respond('c1', { approve: true });
    await run.done;
    await until(() => rowsOf(view).length === 4 && !view.shadowRoot!.querySelector('[part~="trace-summary"]')!.textContent!.includes('running'), 'the finished run');
    expect(rowsOf(view).map((r) => r.title)).to.deep.equal(['Run', 'Model request 1', 'Tool set_status', 'Model request 2']);
    expect(rowsOf(view)[2]!.facts).to.match(/status ok · approved after \d+ ms/);
    // A new run: the view follows it (no run-id set), and the picker lists both.
    const second = agent.send('Anything else?');
    await second.done;
    const options = () => [...view.shadowRoot!.querySelectorAll('[part~="trace-runs"] option')].map((o) => (o as HTMLOptionElement).value);
    await until(() => options().length === 2 && rowsOf(view).length === 2 && !view.shadowRoot!.querySelector('[part~="trace-summary"]')!.textContent!.includes('running'), 'the second run, followed');
    expect(options()).to.deep.equal([run.runId, second.runId]);
    expect(rowsOf(view).map((r) => r.title)).to.deep.equal(['Run', 'Model request 1']);
    expect((view.shadowRoot!.querySelector('[part~="trace-runs"]') as HTMLSelectElement).value).to.equal(second.runId);
  });

  it('shows attributes and events it does not know (a newer recorder\'s), orphans of dropped spans, and the dropped count', async () => {
    const t0 = 1_700_000_000_000;
    const span = (spanId: string, name: string, start: number, end: number, attributes: Record<string, string | number | string[]>, parentSpanId?: string) =>
      ({ traceId: 't'.repeat(32), spanId, ...(parentSpanId ? { parentSpanId } : {}), name, runId: 'r1', startTime: t0 + start, endTime: t0 + end, status: 'unset' as const, attributes, events: [] as Array<{ name: string; time: number; attributes?: Record<string, string | number> }> });
    const chat = span('b', 'chat m', 0, 40, { 'gen_ai.operation.name': 'chat', 'pageloop.iteration': 2, 'pageloop.call_format': 'hermes', 'pageloop.call_format.reason': '<tool_call> tag', 'pageloop.repairs': ['trailing comma'] }, 'gone');
    chat.events.push({ name: 'pageloop.stream.quirk', time: t0 + 10, attributes: { 'pageloop.quirk': 'empty delta' } });
    const file = { format: 'pageloop-thread', schema: 2, id: 'x', title: 'x', createdAt: t0, updatedAt: t0, messages: [], events: [], trace: { spans: [chat, span('c', 'execute_tool get_order', 40, 50, { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'get_order' }, 'gone')], dropped: 3 } };
    const view = document.createElement('agent-trace');
    views.push(view);
    view.file = file as unknown as ThreadFile;
    document.body.append(view);
    await until(() => shown(view), 'the rows');
    const rows = rowsOf(view);
    expect(rows.map((r) => [r.title, r.depth])).to.deep.equal([['Model request 2', 1], ['Tool get_order', 1]]);
    expect(rows[0]!.facts).to.include('call format: hermes').and.include('call format reason: <tool_call> tag').and.include('repairs: trailing comma');
    expect(rows[0]!.notes).to.deep.equal(['stream.quirk: quirk empty delta']);
    expect(view.shadowRoot!.querySelector('[part~="trace-dropped"]')!.textContent).to.include('3 older spans were dropped');
    expect(view.shadowRoot!.querySelector('[part~="trace-summary"]')!.textContent).to.include('3 dropped');
    expect(view.shadowRoot!.querySelector('[part~="trace-details"]')!.textContent).to.include('pageloop.call_format.reason').and.include('pageloop.stream.quirk');
  });
});
