// Two tabs on one thread, as two same-origin iframes of one browser
// (./tabs.ts): each frame is a page of its own, whose agents' workers live
// and die with it; removing a frame is closing its tab.
import { expect } from 'chai';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import { defineTool } from '../../src/tools/define-tool.js';
import type { AgentEvent } from '../../src/types.js';
import type { AgentChat } from '../../components/agent-chat.js';
import { openTab, until } from './tabs.js';

const part = (chat: AgentChat, name: string) => chat.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
const shownText = (chat: AgentChat) => [...chat.shadowRoot!.querySelectorAll('[part~="assistant"]')].map((n) => n.textContent!.trim()).join(' ');
const newThread = () => `tabs-${crypto.randomUUID()}`;

describe('two tabs on one thread (two pages of one browser)', function () {
  // Each frame compiles and starts the whole SDK and a worker: slow on a loaded machine.
  this.timeout(60000);
  it('the second tab\'s agent follows read-only: thread-lock follower, send refused with thread-busy', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('First answer.')] });
    const thread = newThread();
    const [one, two] = [await openTab(), await openTab()];
    const a = one.createAgent({ baseURL: mock.baseURL, model: 'mock-model', thread });
    await a.ready;
    await a.send('hello').done;
    const b = two.createAgent({ baseURL: mock.baseURL, model: 'mock-model', thread });
    const seen: AgentEvent[] = [];
    b.on((e) => seen.push(e));
    await b.ready;
    await until(() => seen.some((e) => e.type === 'thread-lock'), 'thread-lock');
    expect(seen.find((e) => e.type === 'thread-lock')).to.deep.include({ type: 'thread-lock', state: 'follower' });
    const run = b.send('me too');
    const events: AgentEvent[] = [];
    for await (const e of run) events.push(e);
    expect(events.find((e) => e.type === 'error')).to.deep.include({ code: 'thread-busy' });
    expect(events.at(-1)).to.deep.include({ type: 'final', reason: 'error' });
    expect((await b.messages()).map((m) => m.content)).to.deep.equal(['hello', 'First answer.']);
    const err = await b.clear().then(() => undefined, (e: unknown) => e);
    expect(err).to.have.property('code', 'thread-busy');
    expect((await mock.log()).filter((r) => r.path.endsWith('/chat/completions'))).to.have.length(1);
  });

  it('element: the follower shows the tab-notice and a disabled composer, follows the stream live, and takes over when the writer\'s tab closes', async () => {
    const words = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    const mock = await mockEndpoint({ turns: [textTurn(words, { delayMs: 60 }), textTurn('Answered in the second tab.')] });
    const thread = newThread();
    const attrs = { 'base-url': mock.baseURL, model: 'mock-model', thread };
    const [one, two] = [await openTab(), await openTab()];
    const writer = one.chat(attrs);
    await writer.agent.ready;
    const follower = two.chat(attrs);
    const notice = await until(() => part(follower, 'tab-notice'), 'the tab notice');
    expect(notice.textContent).to.match(/open in another tab/);
    expect(part(writer, 'tab-notice')).to.equal(null);
    const input = part(follower, 'input') as HTMLTextAreaElement;
    expect(input.disabled).to.equal(true);
    expect(input.placeholder).to.match(/open in another tab/);
    expect((part(follower, 'send-button') as HTMLButtonElement).disabled).to.equal(true);

    writer.send('stream something');
    // Live: part of the reply shows in the follower while the writer still streams it.
    await until(() => shownText(follower).includes('word3'), 'the stream in the follower');
    expect(shownText(follower)).not.to.include('word29');
    expect(follower.shadowRoot!.querySelector('[part~="user"]')!.textContent).to.include('stream something');
    await until(() => shownText(follower).includes('word29'), 'the whole reply in the follower');

    one.close();
    await until(() => part(follower, 'tab-notice') === null, 'the notice to go');
    await until(() => !(part(follower, 'input') as HTMLTextAreaElement).disabled, 'the composer enabled');
    const final = new Promise<AgentEvent>((resolve) => follower.addEventListener('agent-event', (e) => e.detail.type === 'final' && resolve(e.detail)));
    follower.send('now here');
    expect(await final).to.deep.include({ reason: 'answer', text: 'Answered in the second tab.' });
    expect((await follower.agent.messages()).map((m) => m.content)).to.deep.equal(['stream something', words, 'now here', 'Answered in the second tab.']);
  });

  it('closing the writer\'s tab mid-stream: the follower takes over, ends the run interrupted, and Continue carries on', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('A reply cut off by a closed tab', { delayMs: 40, hang: true }), textTurn(' and finished.')] });
    const thread = newThread();
    const [one, two] = [await openTab(), await openTab()];
    const a = one.createAgent({ baseURL: mock.baseURL, model: 'mock-model', thread });
    await a.ready;
    const b = two.createAgent({ baseURL: mock.baseURL, model: 'mock-model', thread });
    const seen: AgentEvent[] = [];
    b.on((e) => seen.push(e));
    await b.ready;
    void a.send('go');
    await until(() => seen.filter((e) => e.type === 'text').map((e) => (e as { delta: string }).delta).join('').includes('closed tab'), 'the partial reply in the follower');
    one.close();
    await until(() => seen.some((e) => e.type === 'thread-lock' && e.state === 'writer'), 'the take-over');
    expect((await b.events()).at(-1)).to.deep.include({ type: 'final', reason: 'interrupted' });
    const events: AgentEvent[] = [];
    for await (const e of b.resume()) events.push(e);
    expect(events.at(-1)).to.deep.include({ reason: 'answer' });
    expect((await b.messages()).map((m) => m.content)).to.deep.equal(['go', 'A reply cut off by a closed tab', 'and finished.']);
  });

  it('agent.answer() in the follower says it answered nothing (thread-busy) and keeps nothing; the writer\'s answer ends the call', async () => {
    // A tool that waits for the user (render without execute): its call waits in the writer's run.
    const confirm = () => defineTool({ name: 'confirm_city', description: 'Asks the user to confirm the city', parameters: { type: 'object', properties: { city: { type: 'string' } } }, render: () => null });
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'c1', name: 'confirm_city', args: { city: 'Bath' } }]), textTurn('Confirmed.')] });
    const thread = newThread();
    const [one, two] = [await openTab(), await openTab()];
    const a = one.createAgent({ baseURL: mock.baseURL, model: 'mock-model', thread, tools: [confirm()] });
    await a.ready;
    const b = two.createAgent({ baseURL: mock.baseURL, model: 'mock-model', thread, tools: [confirm()] });
    const seen: AgentEvent[] = [];
    b.on((e) => seen.push(e));
    await b.ready;
    await until(() => seen.some((e) => e.type === 'thread-lock'), 'follower');
    const run = a.send('Ship to Bath');
    await until(() => seen.some((e) => e.type === 'input-request'), 'the waiting call in the follower');
    // The follower's answer reaches nothing: it rejects, saying why, rather than resolving true.
    let refused: unknown;
    await b.answer('c1', 'York').then(
      (value) => expect.fail(`answer() in the follower resolved ${String(value)}`),
      (err: unknown) => (refused = err),
    );
    expect(refused).to.include({ code: 'thread-busy' });
    expect((refused as Error).message).to.match(/confirm_city/).and.to.match(/another tab/);
    // The writer's call still waits; its own answer ends it, with the writer's value.
    expect(a.running).to.equal(true);
    expect(await a.answer('c1', 'Bath, UK')).to.equal(true);
    expect(await run.done).to.include({ reason: 'answer', text: 'Confirmed.' });
    const result = (await a.messages()).find((m) => m.role === 'tool')!;
    expect(result.content).to.equal('Bath, UK');
    // The follower kept nothing: once it takes over (the writer's tab closed), the call is answered and nothing is pending.
    one.close();
    await until(() => seen.some((e) => e.type === 'thread-lock' && e.state === 'writer'), 'the take-over');
    expect(await b.answer('c1', 'York')).to.equal(false);
    expect((await b.messages()).filter((m) => m.role === 'tool').map((m) => m.content)).to.deep.equal(['Bath, UK']);
  });

  it('disposing the writer\'s agent lets the follower take over', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('One.')] });
    const thread = newThread();
    const [one, two] = [await openTab(), await openTab()];
    const a = one.createAgent({ baseURL: mock.baseURL, model: 'mock-model', thread });
    await a.ready;
    const b = two.createAgent({ baseURL: mock.baseURL, model: 'mock-model', thread });
    const seen: AgentEvent[] = [];
    b.on((e) => seen.push(e));
    await b.ready;
    await until(() => seen.some((e) => e.type === 'thread-lock'), 'follower');
    a.dispose();
    await until(() => seen.some((e) => e.type === 'thread-lock' && e.state === 'writer'), 'the take-over');
    await b.send('mine now').done;
    expect((await b.messages()).map((m) => m.content)).to.deep.equal(['mine now', 'One.']);
  });

  it('the writer\'s clear() empties the follower\'s log and history', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('Soon gone.')] });
    const thread = newThread();
    const attrs = { 'base-url': mock.baseURL, model: 'mock-model', thread };
    const [one, two] = [await openTab(), await openTab()];
    const writer = one.chat(attrs);
    await writer.agent.ready;
    await writer.agent.send('hello').done;
    const follower = two.chat(attrs);
    await until(() => part(follower, 'tab-notice'), 'the tab notice');
    await until(() => shownText(follower).includes('Soon gone.'), 'the reply in the follower');
    await writer.agent.clear();
    await until(() => shownText(follower) === '' && !follower.shadowRoot!.querySelector('[part~="user"]'), 'the cleared log in the follower');
    expect(await follower.agent.messages()).to.deep.equal([]);
    expect(await follower.agent.events()).to.deep.equal([]);
    expect(part(follower, 'tab-notice')).not.to.equal(null);
  });

  it('element: a follower shows a pending approval as waiting in the other tab (no buttons), and its always-allow list follows the writer\'s', async () => {
    const cancelOrder = defineTool({
      name: 'cancel_order',
      description: 'Cancels an order.',
      parameters: { type: 'object', properties: { order: { type: 'number' } }, required: ['order'] },
      needsApproval: true,
      execute: () => ({ cancelled: true }),
    });
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'cancel_order', args: { order: 7 } }]), textTurn('Cancelled.')] });
    const thread = newThread();
    const attrs = { 'base-url': mock.baseURL, model: 'mock-model', thread };
    const [one, two] = [await openTab(), await openTab()];
    const writer = one.chat(attrs, [cancelOrder]);
    await writer.agent.ready;
    const follower = two.chat(attrs, [cancelOrder]);
    await until(() => part(follower, 'tab-notice'), 'the tab notice');
    writer.send('cancel order 7');
    const always = await until(() => part(writer, 'always-button'), 'the approval panel in the writer');
    const waiting = await until(() => part(follower, 'approval-elsewhere'), 'the approval waiting in the follower');
    expect(waiting.textContent).to.match(/cancel_order/).and.to.match(/other tab/);
    for (const button of ['approve-button', 'deny-button', 'always-button', 'edit-button']) expect(part(follower, button), button).to.equal(null);
    expect(part(follower, 'permissions')).to.equal(null);

    always.click();
    await until(() => shownText(follower).includes('Cancelled.'), 'the answer in the follower');
    expect(part(follower, 'approval-elsewhere')).to.equal(null);
    const list = await until(() => part(follower, 'permissions'), 'the always-allow list in the follower');
    expect(list.querySelector('[data-tool="cancel_order"]')).not.to.equal(null);
    expect(await follower.agent.permissions()).to.deep.equal(['cancel_order']);

    await writer.agent.revokePermission('cancel_order');
    await until(() => part(follower, 'permissions') === null, 'the revoked tool gone from the follower\'s list');
    expect(await follower.agent.permissions()).to.deep.equal([]);
  });
  it('element: a call the writer edited before approving shows its edited arguments in the follower, live and after the run', async () => {
    const ran: number[] = [];
    const cancelOrder = defineTool({
      name: 'cancel_order',
      description: 'Cancels an order.',
      parameters: { type: 'object', properties: { order: { type: 'number' } }, required: ['order'] },
      needsApproval: true,
      execute: (args) => ran.push((args as { order: number }).order),
    });
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'cancel_order', args: { order: 1004 } }]), textTurn('Cancelled.')] });
    const attrs = { 'base-url': mock.baseURL, model: 'mock-model', thread: newThread() };
    const [one, two] = [await openTab(), await openTab()];
    const writer = one.chat(attrs, [cancelOrder]);
    await writer.agent.ready;
    const follower = two.chat(attrs, [cancelOrder]);
    await until(() => part(follower, 'tab-notice'), 'the tab notice');
    writer.send('cancel order 1004');
    (await until(() => part(writer, 'edit-button'), 'the approval panel in the writer')).click();
    const editor = await until(() => writer.shadowRoot!.querySelector<HTMLTextAreaElement>('.args-editor'), 'the editor');
    editor.value = '{"order": 1006}';
    editor.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    const approve = part(writer, 'approve-button') as HTMLButtonElement;
    await until(() => !approve.disabled, 'the edit checked');
    approve.click();
    await until(() => shownText(follower).includes('Cancelled.'), 'the answer in the follower');
    expect(ran).to.deep.equal([1006]);
    const args = (chat: AgentChat) => part(chat, 'tool-call')!.querySelector('.tool-args')!.textContent!.replace(/\s+/g, '');
    expect(args(writer)).to.equal('{"order":1006}');
    expect(args(follower)).to.equal('{"order":1006}');
  });
});
