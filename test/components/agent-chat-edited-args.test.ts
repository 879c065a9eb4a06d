// "Edit arguments" + Approve: what ran is what every record says — the tool
// card, the events, the history the model is sent, the stored thread (a
// reload) — not what the model first proposed (issue 25, item 1).
import { expect } from 'chai';
import { z } from 'zod';
import type { AgentChat } from '../../components/agent-chat.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import type { AgentEvent } from '../../src/types.js';
import { chatOnMock, part, until, type ChatFixture } from './helpers.js';

function cancelTool(ran: number[]) {
  return defineTool({
    name: 'cancel_order',
    description: 'Cancel an order',
    parameters: z.object({ id: z.number(), reason: z.string().optional() }),
    needsApproval: true,
    execute: ({ id }) => {
      ran.push(id);
      return { cancelled: id };
    },
  });
}

const cardArgs = (chat: AgentChat) => part(chat, 'tool-call')?.querySelector('.tool-args')?.textContent?.replace(/\s+/g, '') ?? '';

describe('agent-chat: edited arguments', () => {
  let f: ChatFixture | undefined;
  let again: AgentChat | undefined;
  afterEach(async () => {
    f?.remove();
    await again?.agent.clear().catch(() => {});
    again?.remove();
    again = undefined;
  });

  it('runs the edited call and records it as run: card, tool-start event, history, the next request, a reload', async () => {
    const ran: number[] = [];
    const thread = `edited-${crypto.randomUUID()}`;
    f = await chatOnMock([toolCallTurn([{ name: 'cancel_order', args: { id: 1004 }, id: 'call_c' }]), textTurn('Cancelled.')], {
      tools: [cancelTool(ran)],
      attrs: { thread },
    });
    const done = f.nextFinal();
    f.chat.send('Cancel order 1004');
    (await until(() => part(f!.chat, 'edit-button'), 'the Edit arguments button')).click();
    await f.chat.updateComplete;
    const editor = await until(() => f!.chat.shadowRoot!.querySelector<HTMLTextAreaElement>('.args-editor'), 'the arguments editor');
    editor.value = '{"id": 1006, "reason": "wrong-order"}';
    editor.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    await f.chat.updateComplete;
    const approve = part<HTMLButtonElement>(f.chat, 'approve-button')!;
    await until(() => !approve.disabled, 'the edit to be checked');
    approve.click();
    await done;
    await f.chat.updateComplete;

    expect(ran).to.deep.equal([1006]);
    const edited = { id: 1006, reason: 'wrong-order' };
    // The event that says it started carries what it started with.
    const start = f.events.find((e): e is Extract<AgentEvent, { type: 'tool-start' }> => e.type === 'tool-start');
    expect(start?.editedArgs).to.deep.equal(edited);
    // The card shows what ran.
    expect(cardArgs(f.chat)).to.equal(JSON.stringify(edited));
    // The history records the call as run, and tells the model the user changed it.
    const history = await f.chat.agent.messages();
    const assistant = history.find((m) => m.role === 'assistant' && m.tool_calls);
    expect(assistant?.role === 'assistant' && JSON.parse(assistant.tool_calls![0]!.function.arguments)).to.deep.equal(edited);
    const tool = history.find((m) => m.role === 'tool');
    expect(tool?.content).to.match(/edited/i);
    // The model's next request says the same.
    const second = (await f.mock.log()).filter((e) => e.path.endsWith('/chat/completions'))[1]!.body as { messages: Array<{ tool_calls?: Array<{ function: { arguments: string } }> }> };
    const sent = second.messages.find((m) => m.tool_calls)!.tool_calls![0]!.function.arguments;
    expect(JSON.parse(sent)).to.deep.equal(edited);

    // A reload shows what ran too.
    const from = f.chat;
    f.remove();
    await new Promise((r) => setTimeout(r, 50));
    again = document.createElement('agent-chat');
    again.setAttribute('base-url', from.getAttribute('base-url')!);
    again.setAttribute('model', 'mock-model');
    again.setAttribute('thread', thread);
    again.tools = [cancelTool([])];
    document.body.append(again);
    await until(() => part(again!, 'tool-call'), 'the stored call');
    await again.updateComplete;
    expect(cardArgs(again)).to.equal(JSON.stringify(edited));
  });
});
