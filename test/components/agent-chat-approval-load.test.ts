// The approval panels are a chunk of their own (approval-panel.ts, with their styles):
// <agent-chat> loads them once a page tool needs approval, else with the first call that
// waits for one, and a chat whose calls never wait never loads them.
import { expect } from 'chai';
import { defineTool } from '../../src/tools/define-tool.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import type { AgentChat } from '../../components/agent-chat.js';
import { chatOnMock, part, until, type ChatFixture } from './helpers.js';

const getOrder = () =>
  defineTool({ name: 'get_order', description: 'Read one order', parameters: { type: 'object', properties: { id: { type: 'number' } } }, execute: () => ({ status: 'shipped' }) });
const cancelOrder = (calls: string[]) =>
  defineTool({ name: 'cancel_order', description: 'Cancel an order', parameters: { type: 'object', properties: { id: { type: 'number' } } }, needsApproval: true, execute: () => (calls.push('cancel_order'), { ok: true }) });

/** The element's adopted sheets that style the approval panels. */
const approvalSheets = (chat: AgentChat) => chat.shadowRoot!.adoptedStyleSheets.filter((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.startsWith('.approval '))).length;

describe('agent-chat: the approval panels load on first use', () => {
  let f: ChatFixture | undefined;
  afterEach(() => f?.remove());

  it('a chat whose calls never wait for approval never loads them', async () => {
    f = await chatOnMock([toolCallTurn([{ name: 'get_order', args: { id: 7 } }]), textTurn('Shipped.')], { tools: [getOrder()] });
    const done = f.nextFinal();
    f.chat.send('status of 7?');
    await done;
    await f.chat.updateComplete;
    expect(part(f.chat, 'tool-call')!.dataset.status).to.equal('done');
    expect(approvalSheets(f.chat)).to.equal(0);
  });

  it('the first call that waits shows its panel, styled and focused, once the update completes', async () => {
    const calls: string[] = [];
    f = await chatOnMock([toolCallTurn([{ name: 'cancel_order', args: { id: 3 } }]), textTurn('Cancelled.')], { tools: [getOrder()], attrs: { theme: 'light' } });
    // A tool the element's `tools` do not list (so nothing loads the panels before the call).
    f.chat.agent.addTool(cancelOrder(calls));
    await f.chat.updateComplete;
    expect(approvalSheets(f.chat)).to.equal(0);
    const done = f.nextFinal();
    f.chat.send('cancel 3');
    await until(() => f!.events.some((e) => e.type === 'approval-request'), 'the approval request');
    await f.chat.updateComplete;
    const approval = part(f.chat, 'approval')!;
    expect(approval, 'the panel after the update').to.not.equal(null);
    expect(f.chat.shadowRoot!.activeElement).to.equal(approval);
    expect(approvalSheets(f.chat)).to.equal(1);
    // --agent-chat-warning-bg of the light theme (#fff8e1): the panel's rules came with it.
    expect(getComputedStyle(approval).backgroundColor).to.equal('rgb(255, 248, 225)');
    part(f.chat, 'approve-button')!.click();
    await done;
    expect(calls).to.deep.equal(['cancel_order']);
  });

  it('"Always allow" loads the list of tools allowed for good, styled', async () => {
    const calls: string[] = [];
    f = await chatOnMock([toolCallTurn([{ name: 'cancel_order', args: { id: 3 } }]), textTurn('Cancelled.')], { tools: [cancelOrder(calls)], attrs: { thread: `always-${crypto.randomUUID()}` } });
    const listSheets = () => f!.chat.shadowRoot!.adoptedStyleSheets.filter((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.startsWith('.permission-tool '))).length;
    expect(listSheets()).to.equal(0);
    const done = f.nextFinal();
    f.chat.send('cancel 3');
    (await until(() => part<HTMLButtonElement>(f!.chat, 'always-button'), 'the Always button')).click();
    await done;
    const list = await until(() => part(f!.chat, 'permissions'), 'the list of tools allowed for good');
    expect([...list.querySelectorAll<HTMLElement>('[data-tool]')].map((li) => li.dataset.tool)).to.deep.equal(['cancel_order']);
    expect(listSheets()).to.equal(1);
    expect(getComputedStyle(list).paddingTop).to.equal('4px');
    await f.chat.agent.clear();
  });

  it('a page tool that needs approval has them loaded before the model calls it', async () => {
    f = await chatOnMock([textTurn('Hello.')], { tools: [getOrder(), cancelOrder([])] });
    await until(() => approvalSheets(f!.chat) === 1, 'the panels loaded ahead of a call');
    expect(part(f.chat, 'approval')).to.equal(null);
  });
});
