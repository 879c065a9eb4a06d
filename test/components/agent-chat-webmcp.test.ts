// <agent-chat webmcp-expose>: a browser agent's call of a page tool shows as a
// card marked "browser agent", asks in the element's approval panel, and the
// answer given there is what the browser agent gets; a reload ends such a card
// as interrupted; a browser without WebMCP gets a quiet line saying so.
import { expect } from 'chai';
import { z } from 'zod';
import { cleanupWebMCPPolyfill, initializeWebMCPPolyfill } from '@mcp-b/webmcp-polyfill';
import { defineTool } from '../../src/tools/define-tool.js';
import { textTurn } from '../../src/testing/chunks.js';
import type { AgentEvent } from '../../src/types.js';
import type { ModelContext } from '../../src/page/webmcp/model-context.js';
import { restoreConversation } from '../../components/conversation/conversation-state.js';
import { chatOnMock, part, until, type ChatFixture } from './helpers.js';
import '../../components/define.js';

const context = () => (document as unknown as { modelContext: Required<ModelContext> }).modelContext;

describe('agent-chat: WebMCP', () => {
  let f: ChatFixture | undefined;
  const ran: number[] = [];
  const refund = defineTool({ name: 'refund_order', description: 'Refunds an order', parameters: z.object({ id: z.number() }), needsApproval: true, execute: ({ id }) => (ran.push(id), { refunded: id }) });
  beforeEach(() => {
    ran.length = 0;
    initializeWebMCPPolyfill();
  });
  afterEach(() => {
    f?.remove();
    f = undefined;
    cleanupWebMCPPolyfill();
  });

  it("shows a browser agent's call as its card, asks in the panel, and hands the approved result back", async () => {
    f = await chatOnMock([textTurn('Hi.')], { tools: [refund], attrs: { 'webmcp-expose': '' } });
    const status = await f.chat.agent.webmcp.ready;
    expect(status.exposed).to.deep.equal(['refund_order']);
    const tool = (await context().getTools()).find((t) => t.name === 'refund_order')!;
    const answer = context().executeTool(tool, '{"id":5}');
    const card = await until(() => part(f!.chat, 'tool-call'), 'the card');
    expect(card.dataset.requestedBy).to.equal('browser-agent');
    expect(part(f.chat, 'requested-by')?.textContent).to.equal('browser agent');
    expect(card.getAttribute('aria-label')).to.contain('requested by a browser agent');
    (await until(() => part<HTMLButtonElement>(f!.chat, 'approve-button'), 'the approve button')).click();
    expect(JSON.parse((await answer)!)).to.deep.equal({ refunded: 5 });
    expect(ran).to.deep.equal([5]);
    await until(() => part(f!.chat, 'tool-call')?.dataset.status === 'done', 'the card to show it done');
  });

  it("a run that ends meanwhile leaves the browser agent's waiting call alone", async () => {
    f = await chatOnMock([textTurn('Hi.')], { tools: [refund], attrs: { 'webmcp-expose': '' } });
    await f.chat.agent.webmcp.ready;
    const tool = (await context().getTools()).find((t) => t.name === 'refund_order')!;
    const answer = context().executeTool(tool, '{"id":6}');
    await until(() => part(f!.chat, 'approve-button'), 'the approve button');
    const done = f.nextFinal();
    f.chat.send('hello');
    await done;
    await f.chat.updateComplete;
    expect(part(f.chat, 'tool-call')?.dataset.status).to.equal('awaiting-approval');
    part<HTMLButtonElement>(f.chat, 'deny-button')!.click();
    expect(await answer.then(() => 'resolved', (e: Error) => e.message)).to.match(/denied/);
    expect(ran).to.deep.equal([]);
  });

  it("a reload ends a browser agent's open call as interrupted, with no panel left asking", () => {
    const events: AgentEvent[] = [
      { type: 'tool-call', callId: 'w1', name: 'refund_order', args: { id: 1 }, requestedBy: 'browser-agent' },
      { type: 'approval-request', requests: [{ callId: 'w1', name: 'refund_order', args: { id: 1 } }] },
    ];
    const state = restoreConversation(events);
    expect(state.items[0]).to.include({ status: 'interrupted', requestedBy: 'browser-agent' });
    expect(state.approvals).to.deep.equal([]);
  });

  it('says so, quietly, where the browser has no WebMCP', async () => {
    cleanupWebMCPPolyfill();
    f = await chatOnMock([textTurn('Hi.')], { tools: [refund], attrs: { 'webmcp-expose': '' } });
    expect((await f.chat.agent.webmcp.ready).state).to.equal('unavailable');
    const line = await until(() => part(f!.chat, 'webmcp-status'), 'the status line');
    expect(line.textContent).to.match(/WebMCP: this browser has no WebMCP/);
  });
});
