// Preview and undo of page actions (issue 38), in the element against the
// mock endpoint: the model fills three fields and selects an option on a
// plain form and on a React controlled form; the approval lists the four
// steps and the page shows them outlined (old → new) without moving the
// page's own boxes; approved, the values and the framework's state change;
// Undo all puts every value and the state back, and the next request tells
// the model. An app tool's undo after a reload; a target removed before the
// answer; a DOM undo after a reload says why it cannot.
import { expect } from 'chai';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { z } from 'zod';
import type { AgentChat } from '../../components/agent-chat.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { domActions } from '../../src/tools/dom/act-tools.js';
import { createDomIndex, type DomIndex } from '../../src/tools/dom/element-index.js';
import { domTools } from '../../src/tools/dom/read-tools.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import type { AgentEvent } from '../../src/types.js';
import { call, indexIn, pick } from '../tools/dom/tool-harness.js';
import { chatOnMock, part, parts, until, type ChatFixture } from './helpers.js';

/** The same order form, as React 19 controlled components mirroring their state. */
function OrderForm() {
  const [name, setName] = useState('Ada');
  const [email, setEmail] = useState('');
  const [qty, setQty] = useState('1');
  const [ship, setShip] = useState('standard');
  return (
    <form aria-label="Order">
      <label>Name <input value={name} onChange={(e) => setName(e.target.value)} /></label>
      <label>Email <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} /></label>
      <label>Quantity <input value={qty} onChange={(e) => setQty(e.target.value)} /></label>
      <label>Shipping <select value={ship} onChange={(e) => setShip(e.target.value)}>
        <option value="standard">Standard</option><option value="express">Express</option>
      </select></label>
      <output id="mirror">{`${name}|${email}|${qty}|${ship}`}</output>
    </form>
  );
}

const PLAIN = `<form aria-label="Order">
  <label>Name <input value="Ada"></label>
  <label>Email <input type="email" value=""></label>
  <label>Quantity <input value="1"></label>
  <label>Shipping <select><option value="standard">Standard</option><option value="express">Express</option></select></label>
</form>`;

interface FormPage {
  host: HTMLElement;
  index: DomIndex;
  /** The field indexes the outline gave: name, email, qty, shipping. */
  ids: number[];
  fields(): HTMLInputElement[];
  select(): HTMLSelectElement;
  /** React's state as the form renders it (plain form: undefined). */
  mirror(): string | undefined;
  remove(): void;
}

async function formPage(react: boolean): Promise<FormPage> {
  const host = document.createElement('div');
  document.body.append(host);
  let root: Root | undefined;
  if (react) {
    root = createRoot(host);
    flushSync(() => root!.render(<OrderForm />));
  } else host.innerHTML = PLAIN;
  const index = createDomIndex();
  const outline = await call<string>(pick(domTools({ root: host, index }), 'page_outline'), {});
  const ids = ['Name', 'Email', 'Quantity', 'Shipping'].map((label) => indexIn(outline, label));
  return {
    host,
    index,
    ids,
    fields: () => [...host.querySelectorAll('input')],
    select: () => host.querySelector('select')!,
    mirror: () => host.querySelector('#mirror')?.textContent ?? undefined,
    remove: () => {
      root?.unmount();
      host.remove();
    },
  };
}

const boxes = (host: HTMLElement) => [...host.querySelectorAll('input, select, label')].map((e) => JSON.stringify(e.getBoundingClientRect()));
const overlay = () => document.querySelector('agent-preview-outlines');
const outlines = () => [...(overlay()?.shadowRoot?.querySelectorAll<HTMLElement>('[part~="outline"]') ?? [])];

describe('agent-chat: preview and undo of page actions', function () {
  this.timeout(60_000);
  let f: ChatFixture | undefined;
  let page: FormPage | undefined;
  let again: AgentChat | undefined;
  afterEach(async () => {
    f?.remove();
    page?.remove();
    await again?.agent.clear().catch(() => {});
    again?.remove();
    f = page = again = undefined;
  });

  for (const react of [false, true]) {
    it(`${react ? 'React controlled' : 'plain'} form: four steps previewed and outlined, approved, then Undo all restores values${react ? ' and state' : ''} and the model is told`, async () => {
      page = await formPage(react);
      const [name, email, qty, ship] = page.ids as [number, number, number, number];
      f = await chatOnMock(
        [
          toolCallTurn([
            { name: 'fill', args: { index: name, value: 'Grace' }, id: 'c1' },
            { name: 'fill', args: { index: email, value: 'grace@example.com' }, id: 'c2' },
            { name: 'fill', args: { index: qty, value: '30' }, id: 'c3' },
            { name: 'select', args: { index: ship, value: 'Express' }, id: 'c4' },
          ]),
          textTurn('Filled in.'),
          textTurn('Understood.'),
        ],
        { tools: domActions({ root: page.host, index: page.index }) },
      );
      const before = boxes(page.host);
      const done = f.nextFinal();
      f.chat.send('Fill the order for Grace, 30, express');
      // The card lists each call's step; the page outlines all four, old → new.
      await until(() => parts(f!.chat, 'preview-step').length === 4, 'four preview steps in the approval panels', 20_000);
      await until(() => outlines().length === 4, 'four outlines on the page', 20_000);
      const steps = parts(f.chat, 'preview-step').map((s) => s.textContent!.replace(/\s+/g, ' ').trim());
      expect(steps[0]).to.contain('Grace').and.contain('Ada →');
      expect(steps[2]).to.contain('1 → 30');
      expect(steps[3]).to.contain('Standard → Express');
      const labels = outlines().map((o) => o.textContent);
      expect(labels[2]).to.contain('3 ·').and.contain('1 → 30');
      expect(overlay()!.matches(':popover-open'), 'in the top layer').to.equal(true);
      expect(boxes(page.host), "the page's boxes while the outlines show").to.deep.equal(before);
      // Hovering a step highlights its outline.
      parts(f.chat, 'preview-step')[1]!.dispatchEvent(new MouseEvent('mouseenter'));
      await until(() => outlines().some((o) => o.hasAttribute('data-active') && o.dataset.step === '2' && o.dataset.callId === 'c2'), 'the hovered step highlighted');

      const approves = await until(() => parts<HTMLButtonElement>(f!.chat, 'approve-button').length === 4 && parts<HTMLButtonElement>(f!.chat, 'approve-button'), 'four Approve buttons');
      for (const button of approves) button.click();
      await done;
      await until(() => !overlay(), 'the overlay gone after the answers');
      expect(boxes(page.host), "the page's boxes after").to.deep.equal(before);
      expect(page.fields().map((i) => i.value)).to.deep.equal(['Grace', 'grace@example.com', '30']);
      expect(page.select().value).to.equal('express');
      if (react) expect(page.mirror()).to.equal('Grace|grace@example.com|30|express');

      // Undo all: every value, and React's state, back; one `undone` event, last first.
      await f.chat.updateComplete;
      expect(parts(f.chat, 'undo-button')).to.have.length(4);
      (await until(() => part<HTMLButtonElement>(f!.chat, 'undo-all-button'), 'Undo all')).click();
      const undone = await until(() => f!.events.find((e): e is Extract<AgentEvent, { type: 'undone' }> => e.type === 'undone'), 'the undone event');
      expect(undone.calls.map((c) => [c.callId, c.status])).to.deep.equal([['c4', 'undone'], ['c3', 'undone'], ['c2', 'undone'], ['c1', 'undone']]);
      expect(page.fields().map((i) => i.value)).to.deep.equal(['Ada', '', '1']);
      expect(page.select().value).to.equal('standard');
      if (react) expect(page.mirror()).to.equal('Ada||1|standard');
      await until(() => parts(f!.chat, 'undo-status').length === 4, 'each card says Undone');
      expect(parts(f.chat, 'undo-button')).to.have.length(0);

      // The next request tells the model what was taken back.
      const next = f.nextFinal();
      f.chat.send('Thanks');
      await next;
      const requests = (await f.mock.log()).filter((e) => e.path.endsWith('/chat/completions'));
      const last = requests.at(-1)!.body as { messages: Array<{ role: string; content: string }> };
      const user = last.messages.filter((m) => m.role === 'user').at(-1)!;
      expect(user.content).to.contain('The user pressed Undo').and.contain('(call c1)').and.contain('(call c4)').and.contain('Thanks');
    });
  }

  it('a call whose arguments are checked only after its request was shown still gets its preview (the check finished late, before or after the previews loaded)', async () => {
    let release = () => {};
    let checks = Promise.resolve();
    const renamed: string[] = [];
    const rename = defineTool({
      name: 'rename_list',
      description: 'Rename the list',
      parameters: z.object({ name: z.string() }),
      needsApproval: true,
      preview: ({ name }) => ({ text: `will rename the list to "${name}"` }),
      execute: ({ name }) => void renamed.push(name),
    });
    // Its check waits until the request is on screen, as a validator still loading would.
    const late = { ...rename, validate: async (args: unknown) => (await checks, rename.validate(args)) };
    f = await chatOnMock([toolCallTurn([{ name: 'rename_list', args: { name: 'Groceries' }, id: 'r1' }]), textTurn('Renamed.'), toolCallTurn([{ name: 'rename_list', args: { name: 'Hardware' }, id: 'r2' }]), textTurn('Renamed again.')], { tools: [late] });
    // The first time the previews' chunk loads after the request came; the second time it is in already.
    for (const [id, name] of [['r1', 'Groceries'], ['r2', 'Hardware']] as const) {
      checks = new Promise<void>((resolve) => (release = resolve));
      const done = f.nextFinal();
      f.chat.send(`Rename the list to ${name}`);
      await until(() => f!.events.some((e) => e.type === 'approval-request' && e.requests.some((r) => r.callId === id)), `the request of ${id} delivered`);
      release();
      await until(() => f!.events.some((e) => e.type === 'preview' && e.callId === id), `the preview of ${id}`);
      const step = await until(() => parts(f!.chat, 'preview-step').find((p) => p.textContent!.includes(`"${name}"`)), `the step of ${id} on its card`);
      expect(step.textContent).to.contain(`will rename the list to "${name}"`);
      parts<HTMLButtonElement>(f.chat, 'approve-button').at(-1)!.click();
      await done;
    }
    expect(renamed).to.deep.equal(['Groceries', 'Hardware']);
  });

  it('a target removed between the preview and the answer: the card says so, and approving runs nothing', async () => {
    page = await formPage(false);
    const qty = page.ids[2]!;
    f = await chatOnMock([toolCallTurn([{ name: 'fill', args: { index: qty, value: '30' }, id: 'g1' }]), textTurn('Could not.')], {
      tools: domActions({ root: page.host, index: page.index }),
    });
    const done = f.nextFinal();
    f.chat.send('Set quantity 30');
    await until(() => part(f!.chat, 'preview-step')?.dataset.target === 'shown', 'the step shown', 20_000);
    const field = page.fields()[2]!;
    field.closest('label')!.remove();
    await until(() => part(f!.chat, 'preview-step')?.dataset.target === 'gone', 'the step saying its target is gone');
    expect(part(f.chat, 'preview-step')!.textContent).to.match(/no longer on the page/i);
    await until(() => outlines().length === 0, 'no outline for a gone target');
    part<HTMLButtonElement>(f.chat, 'approve-button')!.click();
    await done;
    const result = f.events.find((e): e is Extract<AgentEvent, { type: 'tool-result' }> => e.type === 'tool-result' && e.callId === 'g1');
    expect(result?.status).to.not.equal('ok');
    expect(result?.error).to.match(/left the page/);
    expect(f.events.some((e) => e.type === 'tool-start' && e.callId === 'g1'), 'never started').to.equal(false);
    expect(field.value).to.equal('1');
  });

  it('an app tool with undo: cancelled, then reinstated by Undo after a reload; a DOM fill says why it cannot be undone after one', async () => {
    const orders = new Map([[1004, 'open']]);
    const cancel = () =>
      defineTool({
        name: 'cancel_order',
        description: 'Cancel an order',
        parameters: z.object({ id: z.number() }),
        needsApproval: false,
        execute: ({ id }) => (orders.set(id, 'cancelled'), { cancelled: id, was: 'open' }),
        undo: ({ id }, result: { was: string }) => void orders.set(id, result.was),
      });
    page = await formPage(false);
    const thread = `undo-${crypto.randomUUID()}`;
    f = await chatOnMock(
      [toolCallTurn([{ name: 'cancel_order', args: { id: 1004 }, id: 'o1' }, { name: 'fill', args: { index: page.ids[0]!, value: 'Grace' }, id: 'o2' }]), textTurn('Cancelled.')],
      { tools: [cancel(), ...domActions({ root: page.host, index: page.index, needsApproval: false })], attrs: { thread } },
    );
    const done = f.nextFinal();
    f.chat.send('Cancel 1004');
    await done;
    expect(orders.get(1004)).to.equal('cancelled');
    const base = f.chat.getAttribute('base-url')!;
    f.remove();
    await new Promise((r) => setTimeout(r, 50));

    again = document.createElement('agent-chat');
    again.setAttribute('base-url', base);
    again.setAttribute('model', 'mock-model');
    again.setAttribute('thread', thread);
    again.tools = [cancel(), ...domActions({ root: page.host, index: createDomIndex(), needsApproval: false })];
    const events: AgentEvent[] = [];
    again.addEventListener('agent-event', (e) => events.push(e.detail));
    document.body.append(again);
    await until(() => parts(again!, 'undo-button').length === 2, 'Undo on both stored calls', 20_000);
    // The fill's old value was in the page that went: it says why, and the field keeps its value.
    parts<HTMLButtonElement>(again, 'undo-button')[1]!.click();
    await until(() => part(again!, 'undo-status'), 'what came of the undo');
    expect(part(again, 'undo-status')!.textContent).to.match(/not known on this page/);
    expect(page.fields()[0]!.value).to.equal('Grace');
    // The app tool's undo needs only its args and result: it runs.
    await until(() => !part<HTMLButtonElement>(again!, 'undo-button')!.disabled, 'the buttons enabled again');
    part<HTMLButtonElement>(again, 'undo-button')!.click();
    await until(() => orders.get(1004) === 'open', 'the order reinstated');
    await until(() => events.filter((e) => e.type === 'undone').length === 2, 'two undone events');
    const history = await again.agent.messages();
    expect(history.at(-1)!.role).to.equal('user');
    expect(history.at(-1)!.content).to.contain('cancel_order').and.contain('could not be taken back');
  });
});
