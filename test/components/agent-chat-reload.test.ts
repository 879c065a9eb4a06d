import { expect } from 'chai';
import { z } from 'zod';
import type { AgentChat } from '../../components/agent-chat.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import { chatOnMock, part, parts, until, type ChatFixture } from './helpers.js';

function orderTools() {
  const getOrder = defineTool({
    name: 'get_order',
    description: 'Read one order',
    parameters: z.object({ id: z.number() }),
    execute: ({ id }) => {
      if (id === 99) throw new Error('no such order: 99');
      return { id, status: 'shipped' };
    },
  });
  const cancelOrder = defineTool({
    name: 'cancel_order',
    description: 'Cancel an order',
    parameters: z.object({ id: z.number() }),
    needsApproval: true,
    execute: ({ id }) => ({ ok: true, id }),
  });
  return [getOrder, cancelOrder];
}

/** What the log shows, item by item, as text: the thing a reload must reproduce. */
function shown(chat: AgentChat): string[] {
  const log = part(chat, 'log')!;
  return [...log.children].flatMap((el): string[] => {
    const node = el as HTMLElement;
    const text = (sel: string) => node.querySelector(sel)?.textContent?.trim() ?? '';
    const p = node.getAttribute('part') ?? '';
    if (p.includes('user')) return [`user: ${node.textContent!.trim()}`];
    if (p.includes('assistant')) {
      const thinking = text('[part~="thinking"] .thinking-text');
      const reply = [...node.children].filter((c) => !c.matches('[part~="thinking"]')).map((c) => c.textContent!.trim()).join('');
      return [`assistant: ${thinking ? `(thought: ${thinking}) ` : ''}${reply}`];
    }
    if (p.includes('tool-call')) return [`tool ${text('.tool-name')} ${text('.tool-args').replace(/\s+/g, '')} ${node.dataset.status}: ${text('.tool-result pre') || text('.tool-note')}`];
    if (node.classList.contains('notice')) return [`notice: ${node.textContent!.trim()}`];
    return [];
  });
}

/** A new element on the same endpoint and thread, as a page reload makes it. */
async function reloaded(from: AgentChat, thread: string): Promise<AgentChat> {
  const again = document.createElement('agent-chat');
  again.setAttribute('base-url', from.getAttribute('base-url')!);
  again.setAttribute('model', 'mock-model');
  again.setAttribute('thread', thread);
  again.tools = orderTools();
  again.style.height = '500px';
  document.body.append(again);
  return again;
}

describe('agent-chat: a reloaded thread', () => {
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

  it('shows what was shown live: thinking, and ok, failed, denied and cancelled calls', async () => {
    const thread = `reload-${crypto.randomUUID()}`;
    f = await chatOnMock(
      [
        toolCallTurn([
          { name: 'get_order', args: { id: 7 }, id: 'call_ok' },
          { name: 'get_order', args: { id: 99 }, id: 'call_fail' },
          { name: 'cancel_order', args: { id: 7 }, id: 'call_deny' },
        ]),
        textTurn('Order 7 is **shipped**; order 99 does not exist.', { reasoning: 'One call failed and the cancel was denied.' }),
        toolCallTurn([{ name: 'cancel_order', args: { id: 7 }, id: 'call_stop' }]),
      ],
      { tools: orderTools(), attrs: { thread } },
    );
    let done = f.nextFinal();
    f.chat.send('How are orders 7 and 99? Cancel 7.');
    (await until(() => part(f!.chat, 'deny-button'), 'the approval of the cancel')).click();
    await done;
    await f.chat.updateComplete;
    done = f.nextFinal();
    f.chat.send('Cancel 7 anyway.');
    await until(() => part(f!.chat, 'approval'), 'the second approval');
    part(f.chat, 'stop-button')!.click();
    await done;
    await f.chat.updateComplete;
    const live = shown(f.chat);
    // The live log is what this test is about; check it says what happened.
    expect(live.filter((line) => line.startsWith('tool')).map((line) => line.split(': ')[0])).to.deep.equal([
      'tool get_order {"id":7} done',
      'tool get_order {"id":99} failed',
      'tool cancel_order {"id":7} denied',
      'tool cancel_order {"id":7} cancelled',
    ]);
    expect(live).to.include('assistant: (thought: One call failed and the cancel was denied.) Order 7 is shipped; order 99 does not exist.');
    expect(live.filter((line) => line.startsWith('user'))).to.have.length(2);
    expect(live.at(-1)).to.equal('notice: Stopped.');

    f.remove();
    await new Promise((r) => setTimeout(r, 50));
    again = await reloaded(f.chat, thread);
    await until(() => part(again!, 'assistant')?.querySelector('strong'), 'the stored conversation, as markdown');
    await again.updateComplete;
    expect(shown(again)).to.deep.equal(live);
    expect(part(again, 'approval')).to.equal(null);
    expect(parts(again, 'thinking')).to.have.length(1);
  });

  it('a thread left mid-approval reloads with its approval panel; approving resumes the run without asking the model again', async () => {
    const thread = `reload-${crypto.randomUUID()}`;
    f = await chatOnMock([toolCallTurn([{ name: 'cancel_order', args: { id: 5 }, id: 'call_left' }]), textTurn('Order 5 is cancelled.')], { tools: orderTools(), attrs: { thread } });
    f.chat.send('Cancel 5.');
    await until(() => part(f!.chat, 'approval'), 'the approval');
    // Give the worker a moment to store the approval request, then "close the page".
    await new Promise((r) => setTimeout(r, 100));
    f.remove();
    await new Promise((r) => setTimeout(r, 50));
    again = await reloaded(f.chat, thread);
    const card = await until(() => part(again!, 'tool-call'), 'the stored call');
    await again.updateComplete;
    expect(card.dataset.status).to.equal('awaiting-approval');
    expect(part(again, 'user')?.textContent).to.contain('Cancel 5.');
    expect(await again.agent.pending()).to.deep.equal([{ callId: 'call_left', name: 'cancel_order', args: { id: 5 } }]);
    const approve = await until(() => part(again!, 'approval')?.querySelector<HTMLButtonElement>('[part~="approve-button"]') ?? null, 'the approve button');
    approve.click();
    await until(() => (shown(again!).some((l) => l.includes('Order 5 is cancelled.')) ? true : null), 'the resumed answer');
    expect(shown(again).filter((l) => l.startsWith('tool')).map((l) => l.replace(/\s+/g, ''))).to.deep.equal(['toolcancel_order{"id":5}done:{"ok":true,"id":5}']);
    expect(shown(again).filter((l) => l.startsWith('user'))).to.have.length(1);
    const history = await again.agent.messages();
    expect(history.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'tool', 'assistant']);
  });
});

describe('agent-chat: a reload mid-stream', () => {
  let f: ChatFixture | undefined;
  let again: AgentChat | undefined;
  afterEach(async () => {
    f?.remove();
    await again?.agent.clear().catch(() => {});
    again?.remove();
  });

  it('shows the partial text once, marked interrupted, with a Continue button that carries on', async () => {
    const thread = `reload-${crypto.randomUUID()}`;
    f = await chatOnMock([textTurn('The first half of a long answer, streamed in several pieces. More of it follows here.', { pieces: ['The first half ', 'of a long answer, ', 'streamed in several pieces. ', 'More of it follows here.'], hang: true }), textTurn('and the rest.')], { tools: orderTools(), attrs: { thread } });
    f.chat.send('Tell me everything.');
    await until(() => (shown(f!.chat).some((l) => l.includes('More of it follows')) ? true : null), 'the partial text');
    await new Promise((r) => setTimeout(r, 150));
    const from = f.chat;
    f.remove();
    f = undefined;
    await new Promise((r) => setTimeout(r, 50));
    again = await reloaded(from, thread);
    const button = await until(() => part(again!, 'continue-button'), 'the Continue button');
    // The stored reply is drawn as markdown over a few frames once the renderer is in: read it when it is on screen.
    await again.updateComplete;
    const before = shown(again!);
    expect(before.filter((l) => l.includes('More of it follows here.'))).to.have.length(1);
    expect(before.at(-1)).to.match(/^notice: Interrupted/);
    (button as HTMLButtonElement).click();
    await until(() => (shown(again!).some((l) => l.includes('and the rest.')) ? true : null), 'the continued reply');
    expect(part(again!, 'continue-button')).to.equal(null);
    expect((await again!.agent.messages()).map((m) => m.content)).to.deep.equal(['Tell me everything.', 'The first half of a long answer, streamed in several pieces. More of it follows here.', 'and the rest.']);
  });
});

describe('agent-chat: Always allow', () => {
  let f: ChatFixture | undefined;
  afterEach(() => f?.remove());

  it('is answered once; the agent approves the other waiting calls of that tool and their panels close', async () => {
    const ran: number[] = [];
    const wipe = defineTool({
      name: 'wipe',
      description: 'Wipe a record',
      parameters: z.object({ id: z.number() }),
      needsApproval: true,
      execute: ({ id }) => ran.push(id),
    });
    f = await chatOnMock([toolCallTurn([{ name: 'wipe', args: { id: 1 } }, { name: 'wipe', args: { id: 2 } }]), textTurn('Both wiped.')], { tools: [wipe] });
    const answered: string[] = [];
    const agent = f.chat.agent;
    const respond = agent.respond.bind(agent);
    agent.respond = (callId, answer) => {
      answered.push(callId);
      respond(callId, answer);
    };
    const done = f.nextFinal();
    f.chat.send('wipe 1 and 2');
    await until(() => parts(f!.chat, 'approval').length === 2 && parts(f!.chat, 'approval'), 'both approval panels');
    parts(f.chat, 'always-button')[0]!.click();
    await done;
    await f.chat.updateComplete;
    expect(answered).to.have.length(1);
    expect(ran).to.have.members([1, 2]);
    expect(parts(f.chat, 'approval')).to.have.length(0);
    expect(parts(f.chat, 'tool-call').map((card) => card.dataset.status)).to.deep.equal(['done', 'done']);
    expect(f.events.filter((e) => e.type === 'tool-start')).to.have.length(2);
  });
});
