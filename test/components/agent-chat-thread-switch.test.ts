// Thread attributes changed while a run waits for approval (issue 25,
// item 4): the element must stay usable — the composer sends, Stop stops —
// without anyone answering the old panel first.
import { expect } from 'chai';
import { z } from 'zod';
import { defineTool } from '../../src/tools/define-tool.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import { chatOnMock, part, until, typeAndEnter, type ChatFixture } from './helpers.js';

const cancelOrder = () =>
  defineTool({ name: 'cancel_order', description: 'Cancel an order', parameters: z.object({ id: z.number() }), needsApproval: true, execute: ({ id }) => ({ id }) });

const assistantText = (f: ChatFixture) => [...f.chat.shadowRoot!.querySelectorAll('[part~="assistant"]')].map((n) => n.textContent!.trim()).join(' | ');

async function waitingApproval(attrs: Record<string, string>): Promise<ChatFixture> {
  const f = await chatOnMock(
    [toolCallTurn([{ name: 'cancel_order', args: { id: 7 }, id: 'c7' }]), textTurn('The new thread answers.'), { chunks: [{ choices: [{ index: 0, delta: { content: 'Long…' } }] }], hang: true, done: false }],
    { tools: [cancelOrder()], attrs },
  );
  f.chat.send('Cancel 7');
  await until(() => part(f.chat, 'approve-button'), 'the approval panel');
  return f;
}

async function expectUsable(f: ChatFixture): Promise<void> {
  // The old run's panel is gone with its thread, and nothing runs.
  await until(() => !part(f.chat, 'approval') && !part(f.chat, 'stop-button'), 'the old run gone');
  // The composer sends, and the answer comes.
  await typeAndEnter(f.chat, 'Hello again');
  await until(() => assistantText(f).includes('The new thread answers.'), 'the answer in the new thread');
  // That run has ended (its text can show a frame before its final): a send while it runs would be refused as busy.
  await until(() => !part(f.chat, 'stop-button'), 'the answer\'s run ended');
  // Stop works on the next run.
  await typeAndEnter(f.chat, 'Go on at length');
  await until(() => assistantText(f).includes('Long…'), 'the long reply streaming');
  part<HTMLButtonElement>(f.chat, 'stop-button')!.click();
  await until(() => !part(f.chat, 'stop-button'), 'the run stopped');
  expect(part<HTMLTextAreaElement>(f.chat, 'input')!.disabled).to.equal(false);
}

describe('agent-chat: thread attributes changed while an approval waits', function () {
  this.timeout(60000);
  let f: ChatFixture | undefined;
  afterEach(() => f?.remove());

  it('show-threads set mid-approval: the element opens a new thread and stays usable', async () => {
    f = await waitingApproval({});
    f.chat.setAttribute('show-threads', '');
    await expectUsable(f);
  });

  it('thread changed mid-approval: the element moves to that thread and stays usable', async () => {
    f = await waitingApproval({ thread: `switch-a-${crypto.randomUUID()}` });
    f.chat.setAttribute('thread', `switch-b-${crypto.randomUUID()}`);
    await expectUsable(f);
  });
});
