import { expect } from 'chai';
import { z } from 'zod';
import { defineTool } from '../../src/tools/define-tool.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import { chatOnMock, part, parts, until, type ChatFixture } from './helpers.js';

interface Order {
  id: number;
  status: string;
}

function orderTools(orders: Map<number, Order>, calls: string[]) {
  const getOrder = defineTool({
    name: 'get_order',
    description: 'Read one order',
    parameters: z.object({ id: z.number() }),
    execute: ({ id }) => {
      calls.push(`get_order ${id}`);
      return orders.get(id) ?? { error: 'no such order' };
    },
  });
  const cancelOrder = defineTool({
    name: 'cancel_order',
    description: 'Cancel an order',
    parameters: z.object({ id: z.number().int().positive() }),
    needsApproval: true,
    execute: ({ id }) => {
      calls.push(`cancel_order ${id}`);
      orders.set(id, { id, status: 'cancelled' });
      return { ok: true, id };
    },
  });
  return [getOrder, cancelOrder];
}

function toolMessages(body: unknown): Array<{ role: string; content: string; tool_call_id?: string }> {
  return (body as { messages: Array<{ role: string; content: string; tool_call_id?: string }> }).messages.filter((m) => m.role === 'tool');
}

describe('agent-chat: tool calls and approvals', () => {
  let f: ChatFixture | undefined;
  afterEach(() => f?.remove());

  it('shows a tool call as a card with its arguments, status and result', async () => {
    const calls: string[] = [];
    f = await chatOnMock([toolCallTurn([{ name: 'get_order', args: { id: 7 } }]), textTurn('Order 7 is shipped.')], {
      tools: orderTools(new Map([[7, { id: 7, status: 'shipped' }]]), calls),
    });
    const done = f.nextFinal();
    f.chat.send('status of 7?');
    await done;
    await f.chat.updateComplete;
    const card = part(f.chat, 'tool-call')!;
    expect(card.querySelector('.tool-name')?.textContent).to.equal('get_order');
    expect(card.querySelector('.tool-args')?.textContent).to.equal(JSON.stringify({ id: 7 }, null, 2));
    expect(card.dataset.status).to.equal('done');
    const result = card.querySelector('details')!;
    expect(result.open).to.equal(false);
    expect(result.textContent).to.contain('shipped');
    expect(calls).to.deep.equal(['get_order 7']);
  });

  it('shows arguments live while a native call streams them', async () => {
    f = await chatOnMock([{ ...toolCallTurn([{ name: 'get_order', args: { id: 12345 } }], { delayMs: 40 }) }, textTurn('ok')], {
      tools: orderTools(new Map(), []),
    });
    const done = f.nextFinal();
    f.chat.send('look');
    const seen = new Set<string>();
    await until(() => {
      const text = part(f!.chat, 'tool-call')?.querySelector('.tool-args')?.textContent;
      if (text) seen.add(text);
      return f!.events.some((e) => e.type === 'tool-call');
    }, 'the call to complete');
    await done;
    // Something partial was on screen before the whole arguments were.
    expect([...seen].some((t) => !t.includes('12345'))).to.equal(true);
  });

  it('asks before a tool that needs approval; focus moves there; Approve runs it', async () => {
    const calls: string[] = [];
    f = await chatOnMock([toolCallTurn([{ name: 'cancel_order', args: { id: 3 } }]), textTurn('Cancelled.')], {
      tools: orderTools(new Map([[3, { id: 3, status: 'new' }]]), calls),
    });
    const done = f.nextFinal();
    f.chat.send('cancel 3');
    const approval = await until(() => part(f!.chat, 'approval'), 'the approval panel');
    await f.chat.updateComplete;
    expect(f.chat.shadowRoot!.activeElement).to.equal(approval);
    expect(part(f.chat, 'tool-call')!.dataset.status).to.equal('awaiting-approval');
    expect(calls).to.deep.equal([]);
    part(f.chat, 'approve-button')!.click();
    await done;
    expect(calls).to.deep.equal(['cancel_order 3']);
    await f.chat.updateComplete;
    expect(part(f.chat, 'approval')).to.equal(null);
    expect(part(f.chat, 'tool-call')!.dataset.status).to.equal('done');
  });

  it('Deny does not run the tool and the model is told', async () => {
    const calls: string[] = [];
    f = await chatOnMock([toolCallTurn([{ name: 'cancel_order', args: { id: 3 } }]), textTurn('Understood.')], {
      tools: orderTools(new Map(), calls),
    });
    const done = f.nextFinal();
    f.chat.send('cancel 3');
    (await until(() => part(f!.chat, 'deny-button'), 'the deny button')).click();
    await done;
    await f.chat.updateComplete;
    expect(calls).to.deep.equal([]);
    expect(part(f.chat, 'tool-call')!.dataset.status).to.equal('denied');
    const log = await f.mock.log();
    expect(toolMessages(log[1]!.body)[0]!.content.toLowerCase()).to.contain('denied');
  });

  it('Edit arguments validates the JSON and the schema before Approve is possible', async () => {
    const calls: string[] = [];
    f = await chatOnMock([toolCallTurn([{ name: 'cancel_order', args: { id: 3 } }]), textTurn('Done.')], {
      tools: orderTools(new Map(), calls),
    });
    const done = f.nextFinal();
    f.chat.send('cancel 3');
    (await until(() => part(f!.chat, 'edit-button'), 'the edit button')).click();
    await f.chat.updateComplete;
    const editor = part(f.chat, 'approval')!.querySelector('textarea')!;
    const approve = () => part<HTMLButtonElement>(f!.chat, 'approve-button')!;
    const type = async (text: string) => {
      editor.value = text;
      editor.dispatchEvent(new Event('input'));
      await f!.chat.updateComplete;
    };
    await type('{"id": ');
    expect(approve().disabled).to.equal(true);
    expect(editor.getAttribute('aria-invalid')).to.equal('true');
    await type('{"id": -4}');
    expect(approve().disabled).to.equal(true);
    await type('{"id": 4}');
    expect(approve().disabled).to.equal(false);
    approve().click();
    await done;
    expect(calls).to.deep.equal(['cancel_order 4']);
  });

  it('Always allow runs the tool and does not ask again for it', async () => {
    const calls: string[] = [];
    f = await chatOnMock(
      [
        toolCallTurn([{ name: 'cancel_order', args: { id: 1 } }]),
        toolCallTurn([{ name: 'cancel_order', args: { id: 2 }, id: 'call_b' }]),
        textTurn('Both cancelled.'),
      ],
      { tools: orderTools(new Map(), calls) },
    );
    const done = f.nextFinal();
    f.chat.send('cancel 1 and 2');
    (await until(() => part(f!.chat, 'always-button'), 'the always button')).click();
    await done;
    expect(calls).to.deep.equal(['cancel_order 1', 'cancel_order 2']);
    expect(f.events.filter((e) => e.type === 'approval-request')).to.have.length(1);
  });

  it('approval controls are reachable and operable by keyboard', async () => {
    const calls: string[] = [];
    f = await chatOnMock([toolCallTurn([{ name: 'cancel_order', args: { id: 9 } }]), textTurn('ok')], {
      tools: orderTools(new Map(), calls),
    });
    const done = f.nextFinal();
    f.chat.send('cancel 9');
    await until(() => part(f!.chat, 'approval'), 'the approval panel');
    await f.chat.updateComplete;
    for (const name of ['approve-button', 'deny-button', 'edit-button', 'always-button']) {
      const button = part<HTMLButtonElement>(f.chat, name)!;
      expect(button.tagName).to.equal('BUTTON');
      expect(button.tabIndex).to.equal(0);
      expect(button.textContent?.trim()).to.not.equal('');
    }
    // Buttons are native: focus + Enter activates them (the browser turns Enter into click).
    const deny = part<HTMLButtonElement>(f.chat, 'deny-button')!;
    deny.focus();
    expect(f.chat.shadowRoot!.activeElement).to.equal(deny);
    deny.click();
    await done;
    expect(calls).to.deep.equal([]);
  });

  it('ask_question shows suggestions as buttons that send that answer', async () => {
    f = await chatOnMock([
      toolCallTurn([{ name: 'ask_question', args: { question: 'Which order?', suggestions: ['Order 1', 'Order 2'] } }]),
      textTurn('Order 2 it is.'),
    ]);
    let done = f.nextFinal();
    f.chat.send('cancel my order');
    await done;
    await f.chat.updateComplete;
    const buttons = parts<HTMLButtonElement>(f.chat, 'suggestion');
    expect(buttons.map((b) => b.textContent)).to.deep.equal(['Order 1', 'Order 2']);
    expect(parts(f.chat, 'assistant').at(-1)?.textContent).to.contain('Which order?');
    done = f.nextFinal();
    buttons[1]!.click();
    await done;
    await f.chat.updateComplete;
    expect(parts(f.chat, 'user').at(-1)?.textContent).to.contain('Order 2');
    expect(parts(f.chat, 'suggestion')).to.have.length(0);
    const log = await f.mock.log();
    const last = (log[1]!.body as { messages: Array<{ role: string; content: string }> }).messages.at(-1);
    expect(last).to.deep.include({ role: 'user', content: 'Order 2' });
  });
});
