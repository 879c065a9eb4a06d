import { expect } from 'chai';
import { html } from 'lit';
import { z } from 'zod';
import type { AgentChat } from '../../components/agent-chat.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { chunk, textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import type { MockTurn } from '../../src/testing/mock-endpoint.js';
import type { Tool, ToolRenderProps } from '../../src/types.js';
import { chatOnMock, part, until, type ChatFixture } from './helpers.js';

/** A native call whose arguments arrive one character per chunk. */
function charByCharCall(name: string, args: unknown, id: string): MockTurn {
  const text = JSON.stringify(args);
  return {
    chunks: [
      chunk({ role: 'assistant', content: '' }),
      chunk({ tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: '' } }] }),
      ...[...text].map((c) => chunk({ tool_calls: [{ index: 0, function: { arguments: c } }] })),
      chunk({}, 'tool_calls'),
    ],
    // The element draws at most once a frame and the worker batches deltas per frame, so on a loaded machine
    // 25 ms between characters let a whole word land in one draw (the partial steps counted below fell to 1).
    delayMs: 60,
  };
}

/** A forecast tool that renders its own card and records every props it was given. */
function forecastTool(seen: ToolRenderProps[]) {
  return defineTool({
    name: 'show_forecast',
    description: 'Show the forecast for a city',
    parameters: z.object({ city: z.string(), days: z.number() }),
    needsApproval: true,
    execute: async ({ city, days }) => {
      await new Promise((r) => setTimeout(r, 60));
      return { city, days, summary: `${days} sunny days in ${city}` };
    },
    render: (props) => {
      seen.push(props);
      const args = props.args ?? {};
      return html`<section class="forecast" data-status=${props.status} data-partial=${String(props.partial)}>
        <h3>${args.city ?? '…'}</h3><p class="days">${args.days ?? ''}</p>
        ${props.result ? html`<p class="summary">${props.result.summary}</p>` : ''}
      </section>`;
    },
  });
}

/** A render-and-wait tool: the user picks one of the slots the model proposed. */
function slotTool(seen: ToolRenderProps[] = []) {
  return defineTool({
    name: 'pick_slot',
    description: 'Ask the user to pick a time slot',
    parameters: z.object({ slots: z.array(z.string()) }),
    result: z.object({ slot: z.string() }),
    render: (props) => {
      seen.push(props);
      const box = document.createElement('div');
      box.className = 'slots';
      box.dataset.status = props.status;
      for (const slot of props.args?.slots ?? []) {
        const button = document.createElement('button');
        button.textContent = slot;
        button.disabled = !props.respond;
        button.addEventListener('click', () => void props.respond?.({ slot }));
        box.append(button);
      }
      return box;
    },
  });
}

function view(chat: AgentChat, selector: string): HTMLElement | null {
  return chat.querySelector<HTMLElement>(`.pageloop-tool-view ${selector}`);
}

async function reloaded(thread: string, baseUrl: string, tools: Tool[]): Promise<AgentChat> {
  const again = document.createElement('agent-chat');
  again.setAttribute('base-url', baseUrl);
  again.setAttribute('model', 'mock-model');
  again.setAttribute('thread', thread);
  again.tools = tools;
  again.style.height = '500px';
  document.body.append(again);
  return again;
}

function toolMessages(body: unknown): Array<{ role: string; content: string }> {
  return (body as { messages: Array<{ role: string; content: string }> }).messages.filter((m) => m.role === 'tool');
}

describe('agent-chat: tools that render their own card', () => {
  let f: ChatFixture | undefined;
  const extra: AgentChat[] = [];
  afterEach(async () => {
    for (const chat of extra.splice(0)) {
      await chat.agent.clear().catch(() => {});
      chat.remove();
    }
    f?.remove();
    f = undefined;
  });

  it('renders the card from partial arguments as they stream (1-char deltas), through its statuses, then again after a reload and in a follower', async () => {
    const thread = `genui-${crypto.randomUUID()}`;
    const seen: ToolRenderProps[] = [];
    f = await chatOnMock([charByCharCall('show_forecast', { city: 'Lisbon', days: 3 }, 'call_fc'), textTurn('Sunny.')], { tools: [forecastTool(seen)], attrs: { thread } });
    const done = f.nextFinal();
    f.chat.send('Weather in Lisbon?');
    // The whole call streams first (some 30 chunks): waited for by its approval request, not a fixed time.
    await new Promise<void>((resolve) => f!.chat.addEventListener('agent-event', (e) => e.detail.type === 'approval-request' && resolve()));
    const approve = await until(() => part(f!.chat, 'approval')?.querySelector<HTMLButtonElement>('[part~="approve-button"]'), 'the approval panel');
    // Approvals work the same on a rendered card: the panel sits in its frame.
    expect(part(f.chat, 'tool-call')!.contains(approve)).to.equal(true);
    approve.click();
    await done;
    await f.chat.updateComplete;

    const cities = seen.filter((p) => p.partial).map((p) => (p.args as { city?: string } | undefined)?.city ?? '');
    // The city filled in as the arguments streamed: growing prefixes, several of them partial.
    const steps = cities.filter((c, i) => c !== cities[i - 1] && c !== '');
    expect(steps.every((c) => 'Lisbon'.startsWith(c))).to.equal(true);
    expect(steps.filter((c) => c !== 'Lisbon').length).to.be.greaterThan(2);
    const statuses = [...new Set(seen.map((p) => p.status))];
    expect(statuses).to.deep.equal(['streaming', 'pending', 'awaiting-approval', 'running', 'done']);
    expect(seen.at(-1)!.result).to.deep.equal({ city: 'Lisbon', days: 3, summary: '3 sunny days in Lisbon' });
    expect(view(f.chat, '.summary')?.textContent).to.equal('3 sunny days in Lisbon');
    // The JSON stays behind the "Raw" disclosure; the frame (name, status) stays.
    const card = part(f.chat, 'tool-call')!;
    expect(card.querySelector('.tool-name')?.textContent).to.equal('show_forecast');
    expect(card.querySelector('[part~="tool-raw"] .tool-args')?.textContent).to.contain('Lisbon');
    expect(card.querySelector(':scope > .tool-args')).to.equal(null);

    // In a follower (the first tab still writes the thread) and after a reload, the same view.
    await new Promise((r) => setTimeout(r, 100));
    const follower = await reloaded(thread, f.chat.getAttribute('base-url')!, [forecastTool([])]);
    extra.push(follower);
    await until(() => view(follower, '.summary'), 'the follower to render the stored call');
    expect(view(follower, '.forecast')!.dataset.status).to.equal('done');
    expect(view(follower, 'h3')?.textContent).to.equal('Lisbon');
    f.remove();
    f = undefined;
    await new Promise((r) => setTimeout(r, 50));
    const again = await reloaded(thread, follower.getAttribute('base-url')!, [forecastTool([])]);
    extra.push(again);
    await until(() => view(again, '.summary'), 'the reloaded page to render the stored call');
    expect(view(again, '.summary')?.textContent).to.equal('3 sunny days in Lisbon');
  });

  it('shows the JSON card with a quiet note when render throws, and the log goes on', async () => {
    const broken = defineTool({
      name: 'broken_view',
      description: 'A tool whose view fails',
      parameters: z.object({ n: z.number() }),
      execute: ({ n }) => n * 2,
      render: () => {
        throw new Error('no chart library');
      },
    });
    const quiet = console.error;
    console.error = () => {};
    try {
      f = await chatOnMock([toolCallTurn([{ name: 'broken_view', args: { n: 21 } }]), textTurn('It is 42.')], { tools: [broken] });
      const done = f.nextFinal();
      f.chat.send('double 21');
      await done;
      await f.chat.updateComplete;
    } finally {
      console.error = quiet;
    }
    const card = part(f.chat, 'tool-call')!;
    expect(card.dataset.status).to.equal('done');
    expect(card.querySelector('.tool-view-note')?.textContent).to.contain('no chart library');
    expect(card.querySelector('.tool-args')?.textContent).to.contain('21');
    expect(part(f.chat, 'assistant')?.textContent).to.contain('It is 42.');
  });

  it('frame: false shows the UI alone', async () => {
    const bare = defineTool({
      name: 'bare',
      description: 'A frameless card',
      parameters: z.object({}),
      execute: () => 'ok',
      view: { frame: false },
      render: () => html`<p class="bare-view">just me</p>`,
    });
    f = await chatOnMock([toolCallTurn([{ name: 'bare', args: {} }]), textTurn('done')], { tools: [bare] });
    const done = f.nextFinal();
    f.chat.send('go');
    await done;
    await f.chat.updateComplete;
    const card = part(f.chat, 'tool-call')!;
    expect(card.querySelector('.tool-head')).to.equal(null);
    expect(card.getAttribute('aria-label')).to.equal('Tool call bare: done');
    expect(view(f.chat, '.bare-view')?.textContent).to.equal('just me');
  });
});

describe('agent-chat: tools that wait for the user', () => {
  let f: ChatFixture | undefined;
  const extra: AgentChat[] = [];
  afterEach(async () => {
    for (const chat of extra.splice(0)) {
      await chat.agent.clear().catch(() => {});
      chat.remove();
    }
    f?.remove();
    f = undefined;
  });

  it('waits until the user picks; the answer is the result the model gets', async () => {
    f = await chatOnMock([toolCallTurn([{ name: 'pick_slot', args: { slots: ['9:00', '10:30'] }, id: 'call_pick' }]), textTurn('Booked 10:30.')], { tools: [slotTool()] });
    const done = f.nextFinal();
    f.chat.send('Book me in.');
    const button = await until(() => [...f!.chat.querySelectorAll<HTMLButtonElement>('.slots button')].find((b) => b.textContent === '10:30' && !b.disabled), 'the slot buttons');
    expect(part(f.chat, 'tool-call')!.dataset.status).to.equal('awaiting-input');
    expect(f.events.some((e) => e.type === 'input-request' && e.callId === 'call_pick')).to.equal(true);
    expect(f.events.some((e) => e.type === 'tool-start')).to.equal(false);
    button.click();
    await done;
    const log = await f.mock.log();
    expect(toolMessages(log[1]!.body).map((m) => JSON.parse(m.content))).to.deep.equal([{ slot: '10:30' }]);
    await f.chat.updateComplete;
    expect(part(f.chat, 'tool-call')!.dataset.status).to.equal('done');
  });

  it('Stop cancels the wait; the model is told', async () => {
    f = await chatOnMock([toolCallTurn([{ name: 'pick_slot', args: { slots: ['9:00'] } }])], { tools: [slotTool()] });
    const done = f.nextFinal();
    f.chat.send('Book me in.');
    await until(() => f!.chat.querySelector('.slots button'), 'the slot buttons');
    part<HTMLButtonElement>(f.chat, 'stop-button')!.click();
    const final = await done;
    expect(final).to.include({ reason: 'cancelled' });
    const result = f.events.find((e) => e.type === 'tool-result');
    expect(result).to.include({ status: 'cancelled' });
    const history = await f.chat.agent.messages();
    expect(history.filter((m) => m.role === 'tool')).to.have.length(1);
    await f.chat.updateComplete;
    expect(view(f.chat, '.slots')!.dataset.status).to.equal('cancelled');
  });

  it('answers once: a second respond is ignored; a bad answer is refused and the call keeps waiting', async () => {
    const seen: ToolRenderProps[] = [];
    f = await chatOnMock([toolCallTurn([{ name: 'pick_slot', args: { slots: ['9:00'] } }]), textTurn('Booked.')], { tools: [slotTool(seen)] });
    const done = f.nextFinal();
    f.chat.send('Book me in.');
    const waiting = await until(() => seen.findLast((p) => p.respond), 'a respond function');
    let refused: unknown;
    await waiting.respond!({ slot: 9 } as unknown as { slot: string }).catch((err: unknown) => (refused = err));
    expect(String(refused)).to.match(/result schema/);
    expect(part(f.chat, 'tool-call')!.dataset.status).to.equal('awaiting-input');
    const [first, second] = await Promise.all([waiting.respond!({ slot: '9:00' }), waiting.respond!({ slot: '9:00' })]);
    expect([first, second]).to.deep.equal([true, false]);
    await done;
    expect(await waiting.respond!({ slot: '9:00' })).to.equal(false);
    const history = await f.chat.agent.messages();
    expect(history.filter((m) => m.role === 'tool').map((m) => m.content)).to.deep.equal([JSON.stringify({ slot: '9:00' })]);
  });

  it('survives a reload while waiting: the card waits again, answering resumes the run; a follower shows it without controls', async () => {
    const thread = `genui-wait-${crypto.randomUUID()}`;
    f = await chatOnMock([toolCallTurn([{ name: 'pick_slot', args: { slots: ['9:00', '14:00'] }, id: 'call_left' }]), textTurn('Booked 14:00.')], { tools: [slotTool()], attrs: { thread } });
    f.chat.send('Book me in.');
    await until(() => f!.chat.querySelector('.slots button:not([disabled])'), 'the slot buttons');
    await new Promise((r) => setTimeout(r, 100));
    const follower = await reloaded(thread, f.chat.getAttribute('base-url')!, [slotTool()]);
    extra.push(follower);
    const shownThere = await until(() => view(follower, '.slots'), 'the follower to show the waiting call');
    expect(shownThere.dataset.status).to.equal('awaiting-input');
    expect([...shownThere.querySelectorAll('button')].every((b) => b.disabled)).to.equal(true);
    // "Close the page": the follower becomes the writer and finds the run waiting for the answer.
    f.remove();
    f = undefined;
    const button = await until(() => [...follower.querySelectorAll<HTMLButtonElement>('.slots button')].find((b) => b.textContent === '14:00' && !b.disabled), 'the call waiting again, answerable');
    expect(part(follower, 'tool-call')!.dataset.status).to.equal('awaiting-input');
    button.click();
    await until(() => part(follower, 'assistant')?.textContent?.includes('Booked 14:00.'), 'the resumed answer');
    const history = await follower.agent.messages();
    expect(history.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'tool', 'assistant']);
    expect(history[2]!.content).to.equal(JSON.stringify({ slot: '14:00' }));
  });
});
