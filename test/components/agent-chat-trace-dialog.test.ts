// The trace in a narrow chat (issue 37: "the trace drawer, which may open
// wider than a narrow sidebar, as a dialog"): in a 320 px sidebar the Trace
// button opens the waterfall as a modal dialog wider than the element, inside
// the viewport; focus stays in it (Tab, real key presses), Escape closes it
// and focus goes back to the button; axe-clean in light and dark. In a wide
// chat it is still the drawer. Real worker, the mock endpoint, bounding boxes.
import { expect } from 'chai';
import { z } from 'zod';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { AgentChat } from '../../components/agent-chat.js';
import type { AgentTrace } from '../../components/trace/agent-trace.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import { chatOnMock, part, until, type ChatFixture } from './helpers.js';
import { axeViolations } from './axe.js';

const getOrder = () =>
  defineTool({ name: 'get_order', description: 'Reads an order', parameters: z.object({ id: z.number() }), readOnly: true, execute: ({ id }) => ({ id, city: 'Lyon' }) });

let f: ChatFixture | undefined;
afterEach(async () => {
  f?.chat.parentElement?.remove();
  f = undefined;
  await setViewport({ width: 800, height: 600 });
});

/** A chat of `width`×`height` px (a fixed sidebar) that has answered once after a tool call. */
async function answeredChat(width: number, height: number): Promise<ChatFixture> {
  const box = document.createElement('div');
  box.style.cssText = `width:${width}px;height:${height}px;`;
  document.body.append(box);
  const fixture = await chatOnMock([toolCallTurn([{ id: 'c1', name: 'get_order', args: { id: 7 } }]), textTurn('Order 7 is in Lyon.')], { tools: [getOrder()], parent: box });
  fixture.chat.style.height = '100%';
  const done = fixture.nextFinal();
  fixture.chat.send('Where is order 7?');
  expect(await done).to.include({ reason: 'answer' });
  await fixture.chat.updateComplete;
  return fixture;
}

/** The element focused inside `chat`, through the shadow roots (the trace view's own included). */
function deepFocus(chat: AgentChat): Element | null {
  let at: Element | null = chat.shadowRoot!.activeElement;
  while (at?.shadowRoot?.activeElement) at = at.shadowRoot.activeElement;
  return at;
}
const dialogOf = (chat: AgentChat) => chat.shadowRoot!.querySelector<HTMLDialogElement>('dialog.trace-dialog');
const viewOf = (chat: AgentChat) => chat.shadowRoot!.querySelector<AgentTrace>('agent-trace');

describe('agent-chat: the trace in a narrow chat', () => {
  it('320×480 sidebar: opens as a modal dialog wider than the element, inside the viewport; Tab stays in it; Escape closes it, focus back on Trace', async () => {
    await setViewport({ width: 800, height: 600 });
    f = await answeredChat(320, 480);
    const chat = f.chat;
    const button = await until(() => part<HTMLButtonElement>(chat, 'trace-button'), 'the Trace button');
    button.focus();
    button.click();
    const dialog = await until(() => (dialogOf(chat)?.open ? dialogOf(chat) : null), 'the trace dialog, open');
    const view = viewOf(chat)!;
    await until(() => view.shadowRoot!.querySelector('li.span'), 'the trace rows');
    expect(dialog.matches(':modal'), 'modal: the page behind is inert').to.equal(true);
    expect(dialog.contains(view)).to.equal(true);
    expect(dialog.getAttribute('aria-label')).to.equal('Trace');
    const element = chat.getBoundingClientRect();
    const box = dialog.getBoundingClientRect();
    expect(box.width, `the dialog (${box.width} px) is wider than the 320 px element`).to.be.greaterThan(element.width + 100);
    expect(box.left).to.be.at.least(0);
    expect(box.top).to.be.at.least(0);
    expect(box.right).to.be.at.most(innerWidth);
    expect(box.bottom).to.be.at.most(innerHeight);
    const close = view.shadowRoot!.querySelector<HTMLElement>('[part~="trace-close-button"]')!;
    const closeBox = close.getBoundingClientRect();
    expect(closeBox.top >= 0 && closeBox.bottom <= innerHeight && closeBox.right <= innerWidth, 'Close is in view').to.equal(true);
    // Focus starts in the view, and Tab (real key presses) never leaves the dialog.
    await until(() => dialog.contains(deepFocus(chat)) || view.shadowRoot!.contains(deepFocus(chat)), 'focus in the dialog');
    const inDialog = () => {
      const at = deepFocus(chat);
      return at !== null && (dialog.contains(at) || view.shadowRoot!.contains(at));
    };
    // Shift+Tab from the first row wraps to the last stop; Tab past the last wraps to the first.
    for (let i = 0; i < 13; i++) {
      await sendKeys({ press: i % 3 === 0 ? 'Shift+Tab' : 'Tab' });
      expect(inDialog(), `after key ${i + 1}, focus is on ${deepFocus(chat)?.outerHTML.slice(0, 80) ?? document.activeElement?.localName}`).to.equal(true);
    }
    for (const theme of ['light', 'dark'] as const) {
      chat.setAttribute('theme', theme);
      expect(await axeViolations(chat), `axe (${theme})`).to.deep.equal([]);
    }
    await sendKeys({ press: 'Escape' });
    await chat.updateComplete;
    expect(dialogOf(chat) === null && viewOf(chat) === null, 'Escape closed the dialog').to.equal(true);
    await until(() => chat.shadowRoot!.activeElement === button, 'focus back on the Trace button');
  });

  it('at 320×480 (the whole viewport) the dialog takes the viewport; Close closes it', async () => {
    await setViewport({ width: 320, height: 480 });
    f = await answeredChat(320, 480);
    const chat = f.chat;
    part<HTMLButtonElement>(chat, 'trace-button')!.click();
    const dialog = await until(() => (dialogOf(chat)?.open ? dialogOf(chat) : null), 'the trace dialog, open');
    const box = dialog.getBoundingClientRect();
    expect(box.width, 'the viewport, less its margin').to.be.within(300, 320);
    expect(box.bottom).to.be.at.most(480);
    viewOf(chat)!.shadowRoot!.querySelector<HTMLElement>('[part~="trace-close-button"]')!.click();
    await chat.updateComplete;
    expect(dialogOf(chat) === null, 'Close closed it').to.equal(true);
  });

  it('in a wide chat (640 px) it is still the drawer inside the element', async () => {
    f = await answeredChat(640, 600);
    const chat = f.chat;
    part<HTMLButtonElement>(chat, 'trace-button')!.click();
    const view = await until(() => viewOf(chat), 'the trace drawer');
    await chat.updateComplete;
    expect(dialogOf(chat) === null, 'no dialog').to.equal(true);
    const inner = view.getBoundingClientRect();
    const outer = chat.getBoundingClientRect();
    expect(inner.left >= outer.left && inner.right <= outer.right, 'the drawer is inside the element').to.equal(true);
  });
});
