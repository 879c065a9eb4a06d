import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import type { AgentChat } from '../../components/agent-chat.js';
import { chunk, textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import { defineTool } from '../../src/tools/define-tool.js';
import type { MockTurn } from '../../src/testing/mock-endpoint.js';
import { axeViolations } from '../components/axe.js';
import { BOOKING, PIXEL, card, cards, deepAll, drawn, expectNothingDrawn, requests, surfaceArgs, text, until } from '../components/a2ui-support.js';
import { chatOnMock, part, parts, type ChatFixture } from '../components/helpers.js';
import { aguiScript, run, text as aguiText } from '../agui/support.js';
import type { AgentEvent } from '../../src/types.js';

/** The element that has the focus, through every shadow root. */
function focused(): Element | null {
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}

/**
 * A `render_a2ui` call whose arguments arrive 12 characters a chunk, slowly enough to be drawn while they
 * stream; with `holdAt`, the stream stops before the piece where that text starts until the mock is released.
 */
function slowCall(args: unknown, id: string, { delayMs = 40, holdAt }: { delayMs?: number; holdAt?: string } = {}): MockTurn {
  const text = JSON.stringify(args);
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += 12) pieces.push(text.slice(i, i + 12));
  const at = holdAt === undefined ? -1 : text.indexOf(holdAt);
  if (holdAt !== undefined && at < 0) throw new Error(`slowCall: ${holdAt} is not in the arguments`);
  return {
    // After the role's and the call's first chunks.
    ...(at >= 0 ? { holdBefore: 2 + Math.floor(at / 12) } : {}),
    chunks: [
      chunk({ role: 'assistant', content: '' }),
      chunk({ tool_calls: [{ index: 0, id, type: 'function', function: { name: 'render_a2ui', arguments: '' } }] }),
      ...pieces.map((p) => chunk({ tool_calls: [{ index: 0, function: { arguments: p } }] })),
      chunk({}, 'tool_calls'),
    ],
    delayMs,
  };
}

/** A `render_a2ui` call in one chunk. */
function wholeCall(args: unknown, id: string): MockTurn {
  return { chunks: [chunk({ role: 'assistant', content: '' }), chunk({ tool_calls: [{ index: 0, id, type: 'function', function: { name: 'render_a2ui', arguments: JSON.stringify(args) } }] }), chunk({}, 'tool_calls')] };
}

/** A new element on the same endpoint and thread, as a page reload makes it. */
async function reloaded(from: AgentChat, thread: string): Promise<AgentChat> {
  const again = document.createElement('agent-chat');
  again.setAttribute('base-url', from.getAttribute('base-url')!);
  again.setAttribute('model', 'mock-model');
  again.setAttribute('thread', thread);
  again.setAttribute('a2ui', '');
  again.style.height = '500px';
  document.body.append(again);
  return again;
}

describe('agent-chat: A2UI surfaces from render_a2ui', () => {
  let f: ChatFixture | undefined;
  const extra: AgentChat[] = [];
  // The renderer's chunk loads on first use; loaded once here so that the streaming below is not over before it arrives.
  before(() => import('../../components/a2ui/a2ui-views.js'));
  afterEach(async () => {
    for (const chat of extra.splice(0)) {
      await chat.agent.clear().catch(() => {});
      chat.remove();
    }
    f?.remove();
    f = undefined;
  });

  it('draws the surface as the arguments stream, sends the action with the typed value, and shows it again after a reload and an import', async function () {
    this.timeout(90_000);
    const thread = `a2ui-${crypto.randomUUID()}`;
    const args = surfaceArgs('booking', BOOKING, { guest: { name: '' } });
    // The stream stops before the button until the partial surface has been looked at: what is drawn mid-stream
    // does not depend on the machine keeping up with 40 ms chunks.
    f = await chatOnMock([slowCall(args, 'call_ui', { holdAt: '{"id":"book"' }), textTurn('Here is the form.'), textTurn('Booked for Ada.'), textTurn('Booked again.')], { attrs: { a2ui: '', thread } });
    const done = f.nextFinal();
    f.chat.send('Book me a table');

    // While the call streams, the card shows the components received so far (not yet the button, which comes last).
    await until(async () => (await f!.mock.log()).at(-1)?.held, 'the stream held before the button');
    const seen: string[] = [];
    const streaming = await until(() => {
      const c = card(f!.chat);
      seen.push(`${part(f!.chat, 'tool-call')?.dataset.status}:${c ? `${c.hasAttribute('partial')}/${drawn(c).length}/${JSON.stringify(c.messages)?.length}/${c.surfaceIds.join('')}` : 'none'}`);
      return c?.hasAttribute('partial') && drawn(c).length > 0 ? c : null;
    }, 'a surface drawn from streaming arguments').catch((err: Error) => {
      throw new Error(`${err.message}; seen ${[...new Set(seen)].join(', ')}`);
    });
    expect(part(f.chat, 'tool-call')!.dataset.status).to.equal('streaming');
    expect(deepAll(streaming, 'button').length, 'the button has not arrived yet').to.equal(0);
    await f.mock.release();
    await done;
    await f.chat.updateComplete;

    // The tool call's result told the model what it showed; the surface is drawn whole.
    const surface = await until(() => {
      const c = card(f!.chat);
      return c && !c.hasAttribute('partial') && deepAll(c, 'button').length > 0 ? c : null;
    }, 'the whole surface');
    expect(cards(f.chat)).to.have.length(1);
    expect(surface.surfaceIds).to.deep.equal(['booking']);
    const sent = await requests(f);
    const result = sent[1]!.find((m) => m.role === 'tool')!;
    expect(text(result.content)).to.contain('booking').and.not.contain('refused');
    // The model was told what it may compose and the client's capabilities.
    const offered = ((await f.mock.log())[0]!.body as { tools: Array<{ function: { name: string; description: string } }> }).tools;
    const tool = offered.find((t) => t.function.name === 'render_a2ui')!;
    expect(tool.function.description).to.contain('supportedCatalogIds').and.contain('TextField');

    // The text, the image (its label from the component), the field labelled, the button.
    expect(deepAll(surface, 'h2, [role="heading"]').map((h) => h.textContent?.trim()).join(' ')).to.contain('Book a table');
    const img = deepAll<HTMLImageElement>(surface, 'img')[0]!;
    expect(img.src).to.equal(PIXEL);
    const input = deepAll<HTMLInputElement>(surface, 'input')[0]!;
    expect(input.getAttribute('aria-label') ?? input.labels?.[0]?.textContent ?? '').to.contain('Your name');

    // The user types (the data model updates) and presses the button: the next request carries the action with the value.
    input.focus();
    input.value = 'Ada';
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
    const booked = f.nextFinal();
    deepAll<HTMLButtonElement>(surface, 'button')[0]!.click();
    await booked;
    const last = (await requests(f)).at(-1)!;
    const action = last.at(-1)!;
    expect(action.role).to.equal('user');
    const line = text(action.content);
    expect(line).to.match(/^A2UI action: /);
    const body = JSON.parse(line.split('\n')[0]!.slice('A2UI action: '.length)) as { action: { name: string; surfaceId: string; sourceComponentId: string; context: Record<string, unknown> } };
    expect(body.action).to.deep.include({ name: 'book', surfaceId: 'booking', sourceComponentId: 'book' });
    expect(body.action.context).to.deep.equal({ name: 'Ada' });
    await until(() => part(f!.chat, 'a2ui-surface')?.shadowRoot?.querySelector('.note')?.textContent?.includes('Sent'), 'the note under the surface');

    // A reload (the first tab gone) draws the same surface from the stored thread, and its button still acts.
    const exported = await f.chat.agent.threads.export(thread);
    f.remove();
    await new Promise((r) => setTimeout(r, 50));
    const again = await reloaded(f.chat, thread);
    extra.push(again);
    const back = await until(() => {
      const c = card(again);
      return c && deepAll(c, 'button').length > 0 ? c : null;
    }, 'the surface after a reload');
    expect(back.surfaceIds).to.deep.equal(['booking']);
    expect(deepAll<HTMLImageElement>(back, 'img')[0]!.src).to.equal(PIXEL);
    // Its button still acts: the action goes as the next user message of the reloaded chat.
    const sentBefore = (await requests(f)).length;
    const again2 = new Promise<void>((resolve) => again.addEventListener('agent-event', (e) => e.detail.type === 'final' && resolve()));
    deepAll<HTMLButtonElement>(back, 'button')[0]!.click();
    await again2;
    const afterReload = await requests(f);
    expect(afterReload.length).to.equal(sentBefore + 1);
    expect(text(afterReload.at(-1)!.at(-1)!.content)).to.match(/^A2UI action: .*"name":"book"/);

    // Export/import: the file holds the call's arguments; the imported thread draws the same surface.
    expect(exported).to.contain('render_a2ui').and.contain('booking');
    const copy = await again.agent.threads.import({ ...(JSON.parse(exported) as object), id: `${thread}-copy` } as never);
    const imported = await reloaded(again, copy);
    extra.push(imported);
    const fromFile = await until(() => {
      const c = card(imported);
      return c && deepAll(c, 'button').length > 0 ? c : null;
    }, 'the surface of the imported thread');
    expect(fromFile.surfaceIds).to.deep.equal(['booking']);
    expect(await axeViolations(back)).to.deep.equal([]);
  });

  it('keeps what the user typed and checked with the thread: a follower tab and a reload show it, and an action after the reload sends it', async function () {
    this.timeout(90_000);
    const thread = `a2ui-typed-${crypto.randomUUID()}`;
    const form = [
      { id: 'root', component: 'Column', children: ['name', 'vip', 'book'] },
      { id: 'name', component: 'TextField', label: 'Your name', value: { path: '/guest/name' } },
      { id: 'vip', component: 'CheckBox', label: 'Window seat', value: { path: '/guest/window' } },
      { id: 'book', component: 'Button', child: 'book-label', action: { event: { name: 'book', context: { name: { path: '/guest/name' }, window: { path: '/guest/window' } } } } },
      { id: 'book-label', component: 'Text', text: 'Book' },
    ];
    f = await chatOnMock([wholeCall(surfaceArgs('form', form, { guest: { name: '', window: false } }), 'call_form'), textTurn('Here is the form.'), textTurn('Booked.')], { attrs: { a2ui: '', thread } });
    const done = f.nextFinal();
    f.chat.send('Book me a table');
    await done;
    const surface = await until(() => {
      const c = card(f!.chat);
      return c && deepAll(c, 'input').length >= 2 ? c : null;
    }, 'the form');

    // The user types and checks; what they entered is kept with the thread (debounced: one a2ui-data event, the last).
    const [input, box] = [deepAll<HTMLInputElement>(surface, 'input[type="text"], input:not([type])')[0]!, deepAll<HTMLInputElement>(surface, 'input[type="checkbox"]')[0]!];
    // By keyboard alone: typed into the field, Tab to the box, Space ticks it, Tab to the button.
    input.focus();
    await sendKeys({ type: 'Ada' });
    await sendKeys({ press: 'Tab' });
    expect(focused(), 'Tab reaches the checkbox').to.equal(box);
    await sendKeys({ press: 'Space' });
    expect(box.checked).to.equal(true);
    await sendKeys({ press: 'Tab' });
    expect(focused(), 'Tab reaches the button').to.equal(deepAll(surface, 'button')[0]);
    expect(await axeViolations(surface)).to.deep.equal([]);
    const kept = await until(async () => {
      const events = await f!.chat.agent.threads.export(thread);
      return events.includes('"a2ui-data"') && events.includes('"window":true') ? events : null;
    }, 'what was entered kept with the thread');
    const stored = (JSON.parse(kept) as { events: Array<{ type: string }> }).events.filter((e) => e.type === 'a2ui-data');
    expect(stored, 'the newer data replaced the older').to.have.length(1);
    expect(stored[0]).to.deep.include({ callId: 'call_form', surfaceId: 'form', dataModel: { guest: { name: 'Ada', window: true } } });

    // A follower tab (the first still writes the thread) shows what was entered.
    const follower = await reloaded(f.chat, thread);
    extra.push(follower);
    await showsEntered(follower, 'a follower tab');
    follower.remove();
    extra.splice(0);

    // A reload (the first tab gone): the values are there, and the button sends them.
    f.remove();
    await new Promise((r) => setTimeout(r, 50));
    const again = await reloaded(f.chat, thread);
    extra.push(again);
    const back = await showsEntered(again, 'a reload');
    const sent = new Promise<void>((resolve) => again.addEventListener('agent-event', (e) => e.detail.type === 'final' && resolve()));
    await again.agent.ready;
    deepAll<HTMLButtonElement>(back, 'button')[0]!.click();
    await sent;
    const line = text((await requests(f)).at(-1)!.at(-1)!.content);
    const body = JSON.parse(line.split('\n')[0]!.slice('A2UI action: '.length)) as { action: { name: string; context: Record<string, unknown> } };
    expect(body.action.name).to.equal('book');
    expect(body.action.context).to.deep.equal({ name: 'Ada', window: true });
  });

  /** The form's card in `chat` once it shows what was entered: "Ada" typed, the box ticked. */
  async function showsEntered(chat: AgentChat, where: string): Promise<Element> {
    const shown = await until(() => {
      const c = card(chat);
      return deepAll<HTMLInputElement>(c, 'input[type="text"], input:not([type])')[0]?.value === 'Ada' ? c : null;
    }, `the typed value after ${where}`);
    expect(deepAll<HTMLInputElement>(shown, 'input[type="checkbox"]')[0]!.checked, `the box ticked after ${where}`).to.equal(true);
    return shown;
  }

  const refusals: Array<[string, unknown, string]> = [
    ['an unknown component', surfaceArgs('s', [{ id: 'root', component: 'Marquee', text: 'hi' }]), 'unknown component "Marquee"'],
    ['a javascript: URL', surfaceArgs('s', [{ id: 'root', component: 'Image', url: 'javascript:alert(1)' }]), 'would run as script'],
    ['10,000 components', surfaceArgs('s', [{ id: 'root', component: 'Column', children: Array.from({ length: 9999 }, (_, i) => `t${i}`) }, ...Array.from({ length: 9999 }, (_, i) => ({ id: `t${i}`, component: 'Text', text: 'x' }))]), '10000 components; at most 1000'],
    ['a cycle', surfaceArgs('s', [{ id: 'root', component: 'Column', children: ['a'] }, { id: 'a', component: 'Column', children: ['b'] }, { id: 'b', component: 'Column', children: ['a'] }]), 'has a cycle'],
    ['an oversized data model', surfaceArgs('s', [{ id: 'root', component: 'Text', text: { path: '/big' } }], { big: 'x'.repeat(70_000) }), 'at most 65536'],
  ];
  for (const [what, args, says] of refusals) {
    it(`refuses ${what}: a tool error the model reads, nothing drawn, the page untouched`, async () => {
      const before = document.body.children.length;
      f = await chatOnMock([wholeCall(args, 'call_bad'), textTurn('Sorry.')], { attrs: { a2ui: '' } });
      const done = f.nextFinal();
      f.chat.send('Show me');
      await done;
      await f.chat.updateComplete;
      const result = (await requests(f))[1]!.find((m) => m.role === 'tool')!;
      expect(text(result.content)).to.contain('refused').and.contain(says);
      const call = part(f.chat, 'tool-call')!;
      expect(call.dataset.status).to.equal('failed');
      expectNothingDrawn(f.chat, before);
    });
  }

  it("draws the A2UI messages a page tool's result carries inside that tool's card", async function () {
    this.timeout(60_000);
    const menu = defineTool({
      name: 'show_menu',
      description: 'Show the menu',
      parameters: { type: 'object', properties: {} },
      execute: () => ({ note: 'shown', a2ui: surfaceArgs('menu', [{ id: 'root', component: 'Column', children: ['t'] }, { id: 't', component: 'Text', text: { path: '/dish' } }], { dish: 'Soup of the day' }).messages }),
    });
    f = await chatOnMock([toolCallTurn([{ name: 'show_menu', args: {}, id: 'call_menu' }]), textTurn('There.')], { tools: [menu] });
    const done = f.nextFinal();
    f.chat.send('Menu?');
    await done;
    const shown = await until(() => {
      const c = card(f!.chat);
      return c && deepAll(c, '*').some((el) => el.textContent?.trim() === 'Soup of the day') ? c : null;
    }, "the tool result's surface");
    expect(part(f.chat, 'tool-call')!.contains(shown), 'inside the tool card').to.equal(true);
    expect(shown.surfaceIds).to.deep.equal(['menu']);
  });

  it("draws an AG-UI server's a2ui-surface activity through the A2UI card, sends the action as the A2UI middleware reads it, and shows any other activity as the plain card", async function () {
    this.timeout(90_000);
    // The test runner's AG-UI server (the official encoder) sends the activities as AG-UI's A2UI middleware does:
    // `activityType: "a2ui-surface"`, `content: { a2ui_operations: [...] }`, then a delta (JSON Patch) that changes the data model.
    const operations = surfaceArgs('booking', BOOKING, { guest: { name: 'Ada' } }).messages;
    const server = await aguiScript([
      run([
        { type: 'ACTIVITY_SNAPSHOT', messageId: 'act-progress', activityType: 'progress', content: { step: 'finding tables' } },
        { type: 'ACTIVITY_SNAPSHOT', messageId: 'a2ui-surface-c1', activityType: 'a2ui-surface', content: { a2ui_operations: operations } },
        { type: 'ACTIVITY_DELTA', messageId: 'a2ui-surface-c1', activityType: 'a2ui-surface', patch: [{ op: 'replace', path: '/a2ui_operations/2/updateDataModel/value/guest/name', value: 'Grace' }] },
        ...aguiText('m1', 'Here is the form.'),
      ]),
      run(aguiText('m2', 'Booked for Grace.')),
    ]);
    const chat = document.createElement('agent-chat');
    chat.setAttribute('agui-url', server.url);
    chat.style.height = '500px';
    const finals: AgentEvent[] = [];
    chat.addEventListener('agent-event', (e) => void (e.detail.type === 'final' && finals.push(e.detail)));
    document.body.append(chat);
    try {
      await chat.updateComplete;
      chat.send('Book me a table');
      const surface = await until(() => {
        const c = card(chat);
        return c && deepAll<HTMLInputElement>(c, 'input')[0]?.value === 'Grace' && deepAll(c, 'button').length > 0 ? c : null;
      }, "the activity's surface, its delta applied");
      expect(surface.surfaceIds).to.deep.equal(['booking']);
      expect(surface.closest('[part="activity"]')?.getAttribute('data-activity-type'), 'inside the activity').to.equal('a2ui-surface');
      const plain = await until(() => parts(chat, 'activity').find((a) => a.dataset.activityType === 'progress'), 'the plain activity card');
      expect(plain?.textContent).to.contain('finding tables');
      expect(plain?.querySelector('pageloop-a2ui-surface') ?? null, 'the other type is no surface').to.equal(null);
      await until(() => finals.length === 1, 'the first reply');

      deepAll<HTMLButtonElement>(surface, 'button')[0]!.click();
      await until(() => finals.length === 2, 'the reply to the action');
      const [, second] = await server.log();
      const action = (second!.input.forwardedProps as { a2uiAction?: { userAction?: Record<string, unknown> } }).a2uiAction?.userAction;
      expect(action).to.deep.include({ name: 'book', surfaceId: 'booking', sourceComponentId: 'book' });
      expect(action!.context).to.deep.equal({ name: 'Grace' });
      expect(second!.input.messages.at(-1)).to.deep.include({ role: 'user' });
      expect(String(second!.input.messages.at(-1)!.content)).to.match(/^A2UI action: .*"name":"book"/);
      expect(card(chat)!.note?.[0]).to.equal('a2uiSent');
    } finally {
      chat.remove();
    }
  });
});
