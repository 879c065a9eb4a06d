// `/workflow` in the composer (against the real agent and the mock endpoint),
// `/help` listing workflow names, Tab completion, the workflow mark restored
// on reload, and "Deny with reason…" in the approval panel.
import { expect } from 'chai';
import { z } from 'zod';
import { defineTool } from '../../src/tools/define-tool.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import type { WorkflowTemplate } from '../../src/types.js';
import { chatOnMock, part, parts, until, typeAndEnter, type ChatFixture } from './helpers.js';
import { axeViolations } from './axe.js';


const workflows: Record<string, WorkflowTemplate> = {
  'follow-up': { description: 'Follow up on pending orders.', steps: ['List the pending orders', 'Draft a note for each'] },
  'summarise-order': { description: 'Summarise the selected order.', steps: ['Read the order', 'Save a summary'] },
};

const cancelOrder = defineTool({
  name: 'cancel_order',
  description: 'Cancel an order',
  parameters: z.object({ id: z.number() }),
  needsApproval: true,
  execute: () => ({ ok: true }),
});

function key(input: HTMLElement, k: string): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: k, bubbles: true, composed: true, cancelable: true });
  input.dispatchEvent(event);
  return event;
}

async function setDraft(f: ChatFixture, text: string): Promise<HTMLTextAreaElement> {
  const input = part<HTMLTextAreaElement>(f.chat, 'input')!;
  input.focus();
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  await f.chat.updateComplete;
  return input;
}

const notices = (f: ChatFixture) => [...f.chat.shadowRoot!.querySelectorAll('.notice')].map((n) => n.textContent ?? '');

describe('agent-chat: workflows', () => {
  let f: ChatFixture | undefined;
  afterEach(() => f?.remove());

  it('/workflow name input starts the workflow run: the model gets its goal and steps, the log marks it', async () => {
    f = await chatOnMock([textTurn('Two orders wait.')]);
    f.chat.workflows = workflows;
    await f.chat.updateComplete;
    const done = f.nextFinal();
    await typeAndEnter(f.chat, '/workflow follow-up only this week');
    await done;
    await f.chat.updateComplete;
    expect(f.events[0]).to.deep.include({ type: 'run-start', workflow: 'follow-up', input: 'only this week' });
    const body = (await f.mock.log())[0]!.body as { messages: { role: string; content: string }[] };
    expect(body.messages.at(-1)!.content).to.contain('Workflow "follow-up": Follow up on pending orders.').and.contain('1. List the pending orders');
    const users = parts(f.chat, 'user');
    expect(users).to.have.length(1);
    expect(part(f.chat, 'workflow')!.textContent).to.equal('Workflow: follow-up');
    expect(users[0]!.textContent).to.contain('only this week');
  });

  it('an unknown name is answered with the names there are, and nothing is sent', async () => {
    f = await chatOnMock([]);
    f.chat.workflows = workflows;
    await f.chat.updateComplete;
    await typeAndEnter(f.chat, '/workflow folow-up');
    await f.chat.updateComplete;
    expect(notices(f).join(' ')).to.contain('No workflow is named "folow-up"').and.contain('follow-up (Follow up on pending orders)');
    expect(parts(f.chat, 'user')).to.have.length(0);
    expect(f.events).to.have.length(0);
    expect((await f.mock.log()).filter((e) => e.path.endsWith('/chat/completions'))).to.have.length(0);
  });

  it('/help lists the workflow names', async () => {
    f = await chatOnMock([]);
    await typeAndEnter(f.chat, '/help');
    expect(notices(f)[0]).not.to.contain('/workflow');
    f.chat.workflows = workflows;
    await f.chat.updateComplete;
    await typeAndEnter(f.chat, '/help');
    await f.chat.updateComplete;
    expect(notices(f)[1]).to.contain('/workflow name').and.contain('follow-up').and.contain('summarise-order');
  });

  it('Tab completes the command, then the workflow name, and lists candidates; with nothing to add it moves focus as usual', async () => {
    f = await chatOnMock([]);
    f.chat.workflows = workflows;
    await f.chat.updateComplete;
    let input = await setDraft(f, '/wo');
    expect(key(input, 'Tab').defaultPrevented).to.equal(true);
    await f.chat.updateComplete;
    expect(input.value).to.equal('/workflow ');
    const listed = part(f.chat, 'completions')!.textContent!;
    expect(listed).to.contain('follow-up').and.contain('summarise-order');
    input = await setDraft(f, '/workflow su');
    key(input, 'Tab');
    await f.chat.updateComplete;
    expect(input.value).to.equal('/workflow summarise-order ');
    expect(part(f.chat, 'completions')).to.equal(null);
    input = await setDraft(f, 'hello');
    expect(key(input, 'Tab').defaultPrevented).to.equal(false);
  });

  it('a workflow run shows its mark again after a reload', async () => {
    const thread = `wf-${crypto.randomUUID()}`;
    f = await chatOnMock([textTurn('Done.')], { attrs: { thread } });
    f.chat.workflows = workflows;
    await f.chat.updateComplete;
    const done = f.nextFinal();
    await typeAndEnter(f.chat, '/workflow summarise-order');
    await done;
    f.remove();
    f = await chatOnMock([], { attrs: { thread } });
    await until(() => part(f!.chat, 'workflow'), 'the restored workflow mark');
    expect(part(f.chat, 'workflow')!.textContent).to.equal('Workflow: summarise-order');
    expect(parts(f.chat, 'user')).to.have.length(1);
  });
});

describe('agent-chat: deny with a reason', () => {
  let f: ChatFixture | undefined;
  afterEach(() => f?.remove());

  it('the reason typed reaches the model in the denied call\'s result; keyboard only', async () => {
    f = await chatOnMock([toolCallTurn([{ id: 'c1', name: 'cancel_order', args: { id: 3 } }]), textTurn('Understood.')], { tools: [cancelOrder] });
    const done = f.nextFinal();
    f.chat.send('cancel 3');
    const summary = await until(() => part(f!.chat, 'deny-reason-button'), 'Deny with reason');
    expect(summary.tagName).to.equal('SUMMARY');
    summary.focus();
    summary.click(); // what Enter or Space on a focused summary does
    const field = await until(() => (f!.chat.shadowRoot!.activeElement === part(f!.chat, 'deny-reason') ? part<HTMLInputElement>(f!.chat, 'deny-reason') : null), 'focus in the reason field');
    expect(await axeViolations(part(f.chat, 'approval')!)).to.deep.equal([]);
    field.value = 'Not this customer; ask me first.';
    field.form!.requestSubmit();
    await done;
    await f.chat.updateComplete;
    expect(part(f.chat, 'tool-call')!.dataset.status).to.equal('denied');
    expect(f.events.find((e) => e.type === 'tool-result')).to.deep.include({ status: 'denied', error: 'Not this customer; ask me first.' });
    const body = (await f.mock.log())[1]!.body as { messages: { role: string; content: string }[] };
    expect(body.messages.at(-1)).to.deep.include({ role: 'tool' });
    expect(body.messages.at(-1)!.content).to.contain('They said: Not this customer; ask me first.');
  });

  it('Escape closes the reason field and returns focus to its button', async () => {
    f = await chatOnMock([toolCallTurn([{ id: 'c1', name: 'cancel_order', args: { id: 3 } }]), textTurn('ok')], { tools: [cancelOrder] });
    f.chat.send('cancel 3');
    const summary = await until(() => part(f!.chat, 'deny-reason-button'), 'Deny with reason');
    summary.click();
    const field = await until(() => (f!.chat.shadowRoot!.activeElement === part(f!.chat, 'deny-reason') ? part<HTMLInputElement>(f!.chat, 'deny-reason') : null), 'focus in the reason field');
    key(field, 'Escape');
    expect((summary.parentElement as HTMLDetailsElement).open).to.equal(false);
    expect(f.chat.shadowRoot!.activeElement).to.equal(summary);
    f.chat.agent.cancel();
  });
});

describe('agent-chat: send(text, options)', () => {
  let f: ChatFixture | undefined;
  afterEach(() => f?.remove());

  it('passes options on for that run, and refused options leave nothing shown', async () => {
    f = await chatOnMock([textTurn('ok')], { tools: [cancelOrder] });
    expect(() => f!.chat.send('x', { tools: ['nope'] })).to.throw(TypeError);
    await f.chat.updateComplete;
    expect(parts(f.chat, 'user')).to.have.length(0);
    const done = f.nextFinal();
    f.chat.send('hi', { model: 'other-model', toolChoice: 'none' });
    await done;
    const body = (await f.mock.log())[0]!.body as { model: string; tools?: unknown[] };
    expect(body.model).to.equal('other-model');
    expect(body.tools).to.equal(undefined);
    expect(parts(f.chat, 'user')).to.have.length(1);
  });
});
