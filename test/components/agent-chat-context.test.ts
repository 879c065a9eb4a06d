import { expect } from 'chai';
import { z } from 'zod';
import '../../components/define.js';
import type { AgentChat } from '../../components/agent-chat.js';
import { initialConversation, reduceConversation } from '../../components/conversation/conversation-state.js';
import { usageText } from '../../components/conversation/run-status.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import type { AgentEvent } from '../../src/types.js';
import { part, parts, until } from './helpers.js';

describe('agent-chat: context budget', () => {
  let chat: AgentChat | undefined;
  afterEach(() => chat?.remove());

  it('takes context-tokens, marks a cut result quietly where it happened, and shows usage in the status line', async function () {
    this.timeout(40000);
    const mock = await mockEndpoint({ nCtx: 2048, turns: [toolCallTurn([{ name: 'dump', args: {}, id: 'call_dump' }]), textTurn('It is long.')] });
    chat = document.createElement('agent-chat');
    chat.setAttribute('base-url', new URL(mock.baseURL, location.href).href);
    chat.setAttribute('model', 'mock-model');
    chat.setAttribute('context-tokens', '2048');
    chat.setAttribute('approval', 'auto');
    chat.tools = [defineTool({ name: 'dump', description: 'Dumps a lot.', parameters: z.object({}), execute: () => 'word '.repeat(8000) })];
    document.body.append(chat);
    await chat.updateComplete;
    const events: AgentEvent[] = [];
    chat.addEventListener('agent-event', (e) => events.push(e.detail));
    chat.send('Dump it.');
    // Longer than `until` allows: a cold worker loads the HTTP client, and the mock its tokenizer.
    for (let i = 0; i < 400 && !events.some((e) => e.type === 'final'); i++) await new Promise((r) => setTimeout(r, 50));
    await chat.updateComplete;
    const note = await until(() => part(chat!, 'context-note'), 'the context note');
    expect(note.dataset.action).to.equal('cut');
    expect(note.textContent).to.match(/A long tool result was cut to fit the model's context \([\d,]+ → [\d,]+ tokens\)/);
    // It sits after the call's card and before the answer.
    const log = part(chat, 'log')!;
    const order = [...log.querySelectorAll('[part~="tool-call"], [part~="context-note"], [part~="assistant"]')].map((el) => el.getAttribute('part'));
    expect(order.indexOf('context-note')).to.be.greaterThan(order.findIndex((p) => p?.includes('tool-call')));
    expect(order.at(-1)).to.include('assistant');
    const usage = part(chat, 'usage')!;
    expect(usage.textContent).to.match(/^[\d,]+ in · \d+ out · context \d+% of 2,048$/);
    expect(parts(chat, 'context-note')).to.have.length(1);
  });
});

describe('conversation-state: context and usage', () => {
  it('adds a context mark at the point of the log where it happened, and keeps the last usage', () => {
    let s = initialConversation();
    s = reduceConversation(s, { type: 'run-start', runId: 'r', input: 'hi' });
    s = reduceConversation(s, { type: 'text', delta: 'Hel' });
    s = reduceConversation(s, { type: 'context', action: 'folded', messages: 12, before: 3000, after: 900, contextTokens: 4096, summary: 's' });
    s = reduceConversation(s, { type: 'usage', promptTokens: 900, completionTokens: 30, contextTokens: 4096 });
    expect(s.items.map((i) => i.kind)).to.deep.equal(['user', 'assistant', 'context']);
    expect(s.items[1]).to.include({ streaming: false });
    expect(s.items[2]).to.deep.include({ action: 'folded', text: "12 earlier messages folded into a summary to fit the model's context (3,000 → 900 tokens of 4,096)." });
    expect(s.usage).to.deep.equal({ promptTokens: 900, completionTokens: 30, contextTokens: 4096 });
    expect(usageText(s.usage!)).to.equal('900 in · 30 out · context 23% of 4,096');
    s = reduceConversation(s, { type: 'context', action: 'dropped', messages: 1, before: 10, after: 5, contextTokens: 2048 });
    expect(s.items.at(-1)).to.deep.include({ action: 'dropped' });
    expect(usageText({ promptTokens: 5, completionTokens: 1 })).to.equal('5 in · 1 out');
  });
});
