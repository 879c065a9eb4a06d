// The "Always allow" list of <agent-chat> (part `permissions`), with the real
// agent on the mock endpoint: a tool allowed for good is listed at once, a
// Revoke takes it back (the agent's permissions are empty and the next call
// asks again), the list belongs to the thread, and it is axe-clean.
import { expect } from 'chai';
import { z } from 'zod';
import { defineTool } from '../../src/tools/define-tool.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import { axeViolations } from './axe.js';
import { chatOnMock, part, parts, typeAndEnter, until, type ChatFixture } from './helpers.js';

function cancelOrder() {
  return defineTool({
    name: 'cancel_order',
    description: 'Cancel an order',
    parameters: z.object({ id: z.number() }),
    needsApproval: true,
    execute: ({ id }) => ({ ok: true, id }),
  });
}

/** The tools the part lists. */
function listed(f: ChatFixture): string[] {
  return [...(part(f.chat, 'permissions')?.querySelectorAll<HTMLElement>('[data-tool]') ?? [])].map((li) => li.dataset.tool!);
}

describe('agent-chat: the always-allow list', () => {
  let f: ChatFixture | undefined;
  afterEach(async () => {
    if (f?.chat.thread) await f.chat.agent.clear().catch(() => {});
    f?.remove();
    f = undefined;
  });

  /** Runs one call of cancel_order answered with "Always allow". */
  async function allowForGood(attrs: Record<string, string> = {}): Promise<void> {
    f = await chatOnMock(
      [
        toolCallTurn([{ name: 'cancel_order', args: { id: 1 }, id: 'call_1' }]),
        textTurn('Cancelled order 1.'),
        toolCallTurn([{ name: 'cancel_order', args: { id: 2 }, id: 'call_2' }]),
        textTurn('Cancelled order 2.'),
      ],
      { tools: [cancelOrder()], attrs },
    );
    expect(part(f.chat, 'permissions')).to.equal(null);
    await f.chat.agent.ready; // a cold worker can take seconds on a loaded machine
    const final = f.nextFinal();
    await typeAndEnter(f.chat, 'Cancel order 1');
    (await until(() => part(f!.chat, 'always-button'), 'the approval panel')).click();
    await final;
  }

  it('lists a tool once it is allowed for good, and Revoke makes its next call ask again', async () => {
    await allowForGood();
    const chat = f!.chat;
    await until(() => listed(f!).length === 1, 'the allowed tool listed');
    expect(listed(f!)).to.deep.equal(['cancel_order']);
    expect(await chat.agent.permissions()).to.deep.equal(['cancel_order']);
    const panel = part<HTMLDetailsElement>(chat, 'permissions')!;
    expect(panel.querySelector('summary')!.textContent).to.match(/Always allowed\s+1 tool/);
    panel.open = true;
    part<HTMLButtonElement>(chat, 'revoke-button')!.click();
    await until(() => part(chat, 'permissions') === null, 'the list to empty');
    expect(await chat.agent.permissions()).to.deep.equal([]);
    // Focus went somewhere useful, not to the removed button.
    await until(() => chat.shadowRoot!.activeElement?.getAttribute('part') === 'input', 'focus in the composer');
    // The next call asks again.
    await typeAndEnter(chat, 'Cancel order 2');
    await until(() => part(chat, 'approval'), 'a new approval request');
    expect(f!.events.filter((e) => e.type === 'tool-start' && e.name === 'cancel_order')).to.have.length(1);
    part<HTMLButtonElement>(chat, 'deny-button')!.click();
  });

  it('keeps the list with the thread: a reloaded element lists it, and a revoke there is stored', async () => {
    const thread = `perm-${crypto.randomUUID()}`;
    await allowForGood({ thread });
    await until(() => listed(f!).length === 1, 'the allowed tool listed');
    const again = document.createElement('agent-chat');
    again.setAttribute('base-url', f!.chat.getAttribute('base-url')!);
    again.setAttribute('model', 'mock-model');
    f!.remove();
    again.setAttribute('thread', thread);
    document.body.append(again);
    try {
      await until(() => again.shadowRoot?.querySelector('[part~="permissions"] [data-tool="cancel_order"]'), 'the stored permission listed');
      again.shadowRoot!.querySelector<HTMLButtonElement>('[part~="revoke-button"]')!.click();
      await until(() => !again.shadowRoot!.querySelector('[part~="permissions"]'), 'the list to empty');
      expect(await again.agent.permissions()).to.deep.equal([]);
    } finally {
      await again.agent.clear().catch(() => {});
      again.remove();
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`is axe-clean, open (${theme})`, async () => {
      await allowForGood();
      f!.chat.theme = theme;
      await until(() => listed(f!).length === 1, 'the allowed tool listed');
      part<HTMLDetailsElement>(f!.chat, 'permissions')!.open = true;
      await f!.chat.updateComplete;
      expect(parts(f!.chat, 'revoke-button')).to.have.length(1);
      expect(await axeViolations(f!.chat)).to.deep.equal([]);
    });
  }
});
