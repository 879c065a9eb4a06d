// <agent-chat sub-agents>: a sub-agent's work shows inside its dispatch_agent
// card, collapsed, on the real worker and the mock endpoint; a reload shows
// the same; the parent's state is untouched by the child's events.
import { expect } from 'chai';
import { z } from 'zod';
import type { AgentChat } from '../../components/agent-chat.js';
import { initialConversation, reduceConversation, restoreConversation } from '../../components/conversation/conversation-state.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import type { AgentEvent } from '../../src/types.js';
import { chatOnMock, until, type ChatFixture } from './helpers.js';
import { axeViolations } from './axe.js';


const lookup = () =>
  defineTool({ name: 'get_order', description: 'Reads an order', parameters: z.object({ id: z.number() }), readOnly: true, execute: ({ id }) => ({ id, city: 'Lyon' }) });

const script = () => [
  toolCallTurn([{ id: 'd1', name: 'dispatch_agent', args: { task: 'Where is order 7?' } }]),
  toolCallTurn([{ id: 'c1', name: 'get_order', args: { id: 7 } }]),
  textTurn('Order 7 is in Lyon.'),
  textTurn('Your order is in Lyon.'),
];

const card = (chat: AgentChat, id: string) => chat.shadowRoot!.querySelector<HTMLElement>(`[data-call-id="${id}"]`);
const subOf = (chat: AgentChat) => card(chat, 'd1')?.querySelector<HTMLDetailsElement>(':scope > [part~="sub-agent"]') ?? null;

describe('agent-chat: sub-agents', () => {
  let f: ChatFixture | undefined;
  let again: AgentChat | undefined;
  afterEach(async () => {
    f?.remove();
    if (again) {
      await again.agent.clear().catch(() => {});
      again.remove();
    }
    again = undefined;
  });

  it("shows the child's work inside the dispatch card, collapsed, and a reload shows the same", async () => {
    const thread = `sub-${crypto.randomUUID()}`;
    f = await chatOnMock(script(), { tools: [lookup()], attrs: { 'sub-agents': '', thread } });
    const done = f.nextFinal();
    f.chat.send('Where is my order?');
    expect(await done).to.deep.equal({ type: 'final', reason: 'answer', text: 'Your order is in Lyon.' });
    await f.chat.updateComplete;
    const sub = subOf(f.chat)!;
    expect(sub, 'the sub-agent view').to.not.equal(null);
    expect(sub.open).to.equal(false);
    expect(card(f.chat, 'd1')!.dataset.status).to.equal('done');
    expect(sub.querySelector('summary')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Sub-agent finished · 1 tool call');
    const nestedCard = sub.querySelector<HTMLElement>('[data-call-id="c1"]')!;
    expect(nestedCard.dataset.status).to.equal('done');
    expect(sub.querySelector('.sub-agent-text')!.textContent).to.equal('Order 7 is in Lyon.');
    // The child's call is no card of the parent's log, and its text is no reply of the parent.
    const topCards = [...f.chat.shadowRoot!.querySelectorAll('[part~="log"] > [part~="tool-call"]')].map((c) => (c as HTMLElement).dataset.callId);
    expect(topCards).to.deep.equal(['d1']);
    const replies = [...f.chat.shadowRoot!.querySelectorAll('[part~="log"] > [part~="assistant"]')].map((a) => a.textContent!.trim());
    expect(replies).to.deep.equal(['Your order is in Lyon.']);
    await until(() => sub.querySelector('.sub-agent-text p'), "the child's reply as markdown");
    const html = sub.innerHTML;

    f.remove();
    await new Promise((r) => setTimeout(r, 50));
    again = document.createElement('agent-chat');
    again.setAttribute('base-url', f.chat.getAttribute('base-url')!);
    again.setAttribute('model', 'mock-model');
    again.setAttribute('thread', thread);
    again.setAttribute('sub-agents', '');
    again.tools = [lookup()];
    document.body.append(again);
    const restored = await until(() => subOf(again!)?.querySelector('.sub-agent-text p') && subOf(again!), 'the restored sub-agent view');
    await again.updateComplete;
    expect(restored.open).to.equal(false);
    expect(restored.innerHTML.replace(/<!--.*?-->/gs, '')).to.equal(html.replace(/<!--.*?-->/gs, ''));
  });

  it('loads its view and styles with the first sub-agent, and the work shows styled as before', async () => {
    f = await chatOnMock(script(), { tools: [lookup()], attrs: { 'sub-agents': '' } });
    const subSheets = () => f!.chat.shadowRoot!.adoptedStyleSheets.filter((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes('.sub-agent'))).length;
    // Nothing of the view is adopted before there is a sub-agent to show (sub-agent-view.ts is a chunk of its own).
    expect(subSheets()).to.equal(0);
    const done = f.nextFinal();
    f.chat.send('Where is my order?');
    await done;
    await f.chat.updateComplete;
    expect(subSheets()).to.equal(1);
    const sub = subOf(f.chat)!;
    expect(sub, 'the sub-agent view after the update').to.not.equal(null);
    expect(getComputedStyle(sub).borderLeftWidth).to.equal('2px');
    expect(getComputedStyle(sub.querySelector('.sub-agent-title')!).fontWeight).to.equal('600');
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`is axe-clean with a sub-agent's work collapsed and open (${theme})`, async () => {
      f = await chatOnMock(script(), { tools: [lookup()], attrs: { 'sub-agents': '', theme } });
      const done = f.nextFinal();
      f.chat.send('Where is my order?');
      await done;
      await f.chat.updateComplete;
      expect(await axeViolations(f.chat)).to.deep.equal([]);
      subOf(f.chat)!.open = true;
      expect(await axeViolations(f.chat)).to.deep.equal([]);
    });
  }
});

describe('conversation state: sub-agent events', () => {
  const wrap = (event: AgentEvent): AgentEvent => ({ type: 'sub-agent', parentCallId: 'd1', event });
  const start: AgentEvent[] = [
    { type: 'run-start', runId: 'r', input: 'go' },
    { type: 'iteration', n: 1, max: 10 },
    { type: 'tool-call', callId: 'd1', name: 'dispatch_agent', args: { task: 't' } },
    { type: 'tool-start', callId: 'd1', name: 'dispatch_agent' },
  ];

  it("folds a child's events into its call and leaves the parent's run alone", () => {
    const events = [...start, wrap({ type: 'iteration', n: 1, max: 5 }), wrap({ type: 'text', delta: 'Child says' }), wrap({ type: 'error', message: 'boom', retryable: false }), wrap({ type: 'final', reason: 'error', text: 'boom' })];
    const state = events.reduce(reduceConversation, initialConversation());
    expect(state.running).to.equal(true);
    expect(state.error).to.equal(null);
    expect(state.step).to.deep.equal({ n: 1, max: 10 });
    expect(state.items.map((i) => i.kind)).to.deep.equal(['user', 'tool-call']);
    const call = state.items[1]!;
    if (call.kind !== 'tool-call') throw new Error('not a call');
    expect(call.status).to.equal('running');
    expect(call.sub!.running).to.equal(false);
    expect(call.sub!.items.map((i) => (i.kind === 'assistant' ? i.text : i.kind))).to.deep.equal(['Child says']);
    expect(call.sub!.error).to.deep.equal({ message: 'boom', retryable: false });
  });

  it('ends a child left running when a stored run is restored', () => {
    const state = restoreConversation([...start, wrap({ type: 'iteration', n: 1, max: 5 }), wrap({ type: 'text', delta: 'half' })]);
    const call = state.items.find((i) => i.kind === 'tool-call')!;
    if (call.kind !== 'tool-call') throw new Error('not a call');
    expect(call.status).to.equal('cancelled');
    expect(call.sub!.running).to.equal(false);
  });
});
