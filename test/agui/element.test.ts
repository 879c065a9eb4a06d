// `<agent-chat agui-url>`: the element fronts a remote AG-UI agent (the test
// runner's own AG-UI server, the official encoder) — no base-url, no model —
// showing its text, the server's tool call as a card with its result, and a
// page tool's approval panel whose answer the next run carries.
import { expect } from 'chai';
import { z } from 'zod';
import '../../components/agent-chat.js';
import type { AgentChat } from '../../components/agent-chat.js';
import { defineTool } from '../../src/tools/define-tool.js';
import type { AgentEvent } from '../../src/types.js';
import { part, parts } from '../components/helpers.js';
import { aguiScript, run, text, toolCall, until } from './support.js';

let chat: AgentChat | undefined;
afterEach(() => chat?.remove());

async function chatOn(url: string): Promise<{ chat: AgentChat; finals: () => number }> {
  const el = document.createElement('agent-chat');
  el.setAttribute('agui-url', url);
  el.style.height = '500px';
  const events: AgentEvent[] = [];
  el.addEventListener('agent-event', (e) => events.push(e.detail));
  document.body.append(el);
  await el.updateComplete;
  chat = el;
  return { chat: el, finals: () => events.filter((e) => e.type === 'final').length };
}

describe('<agent-chat agui-url>', function () {
  // The first run loads the AG-UI client's chunk cold (dev server, unbundled).
  this.timeout(60_000);

  it('streams the server agent\'s reply and shows its own tool call as a card with the result', async () => {
    const server = await aguiScript([run([...toolCall('s1', 'weather', { city: 'Oslo' }), { type: 'TOOL_CALL_RESULT', messageId: 't1', toolCallId: 's1', content: '{"sky":"cloudy"}' }, ...text('m1', 'It is **cloudy** in Oslo.')])]);
    const { chat, finals } = await chatOn(server.url);
    chat.send('Weather in Oslo?');
    await until(() => finals() === 1, 'the run to end', 50_000);
    await chat.updateComplete;
    const card = part(chat, 'tool-call')!;
    expect(card.querySelector('.tool-name')?.textContent).to.equal('weather');
    expect(card.dataset.status).to.equal('done');
    expect(card.textContent).to.contain('cloudy');
    const replies = parts(chat, 'assistant');
    expect(replies.at(-1)!.textContent).to.contain('It is cloudy in Oslo.');
    expect(replies.at(-1)!.querySelector('strong')?.textContent).to.equal('cloudy');
  });

  it('asks for a page tool in the approval panel; approving runs it on the page and the next run carries its result', async () => {
    const server = await aguiScript([run(toolCall('f1', 'add_to_cart', { item: 'tea' })), run(text('m2', 'Tea added.'))]);
    const seen: string[] = [];
    const { chat, finals } = await chatOn(server.url);
    chat.tools = [defineTool({ name: 'add_to_cart', description: 'Adds an item', parameters: z.object({ item: z.string() }), needsApproval: true, execute: ({ item }) => (seen.push(item), { added: item }) })];
    chat.send('Add tea');
    const approve = () => chat.shadowRoot!.querySelector<HTMLButtonElement>('[part~="approve-button"]');
    await until(() => approve() !== null, 'the approval panel', 50_000);
    approve()!.click();
    await until(() => finals() === 1, 'the run to end', 50_000);
    expect(seen).to.deep.equal(['tea']);
    await chat.updateComplete;
    expect(parts(chat, 'assistant').at(-1)!.textContent).to.contain('Tea added.');
    const second = (await server.log())[1]!;
    expect(second.input.messages.find((m) => m.role === 'tool')).to.deep.include({ toolCallId: 'f1', content: '{"added":"tea"}' });
  });
});
