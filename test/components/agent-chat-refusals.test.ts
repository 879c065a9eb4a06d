// The composer's draft is cleared only once what it held was taken: every
// way the element or the agent refuses a send keeps the text (or gives it
// back) and says why — a model module that needs no model name, missing
// settings, a reply already running, a workflow refused, a thread another
// tab writes.
import { expect } from 'chai';
import '../../components/define.js';
import type { AgentChat } from '../../components/agent-chat.js';
import { createAgent } from '../../src/page/create-agent.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn } from '../../src/testing/chunks.js';
import type { Agent } from '../../src/types.js';
import { chatOnMock, part, parts, until, typeAndEnter, type ChatFixture } from './helpers.js';

const chats: AgentChat[] = [];
const agents: Agent[] = [];
afterEach(() => {
  chats.splice(0).forEach((c) => c.remove());
  agents.splice(0).forEach((a) => a.dispose());
});

function bareChat(attrs: Record<string, string>): AgentChat {
  const chat = document.createElement('agent-chat');
  for (const [k, v] of Object.entries(attrs)) chat.setAttribute(k, v);
  chat.style.height = '400px';
  document.body.append(chat);
  chats.push(chat);
  return chat;
}
const draft = (chat: AgentChat) => part<HTMLTextAreaElement>(chat, 'input')!.value;
const shownError = (chat: AgentChat) => part(chat, 'error')?.querySelector('.error-text')?.textContent ?? '';

describe('agent-chat: a refused send keeps the draft and says why', () => {
  it('a model-module needs no model: it is named after its file, and the message is sent', async () => {
    const chat = bareChat({ 'model-module': new URL('../fixtures/named-model.ts', import.meta.url).href });
    await chat.updateComplete;
    await typeAndEnter(chat, 'hello there');
    await until(() => parts(chat, 'assistant').some((a) => a.textContent?.includes('I am named-model.')), 'the reply of the model module');
    expect(draft(chat)).to.equal('');
    expect(part(chat, 'error')).to.equal(null);
  });

  it('settings that cannot make an agent: the text stays in the composer and the error says what is missing', async () => {
    const chat = bareChat({});
    await chat.updateComplete;
    await typeAndEnter(chat, 'is anyone there?');
    await chat.updateComplete;
    expect(draft(chat)).to.equal('is anyone there?');
    expect(shownError(chat)).to.contain('baseURL must be the URL of an OpenAI-compatible endpoint');
    expect(parts(chat, 'user')).to.have.length(0);
  });

  it('a reply the page started is running: Enter keeps the text', async () => {
    let f: ChatFixture | undefined;
    try {
      f = await chatOnMock([textTurn('slow reply', { delayMs: 60 })]);
      const done = f.chat.agent.send('from the page').done;
      await typeAndEnter(f.chat, 'second thought');
      expect(draft(f.chat)).to.equal('second thought');
      await done;
    } finally {
      f?.remove();
    }
  });

  it('a /workflow the agent refuses at once (a reply running) keeps the command to send again', async () => {
    let f: ChatFixture | undefined;
    try {
      f = await chatOnMock([textTurn('slow reply', { delayMs: 60 }), textTurn('done')]);
      f.chat.workflows = { triage: { description: 'Triage the inbox.', steps: ['Read it'] } };
      await f.chat.updateComplete;
      const done = f.chat.agent.send('from the page').done;
      await typeAndEnter(f.chat, '/workflow triage now');
      await until(() => shownError(f!.chat) !== '', 'the refusal');
      expect(draft(f.chat)).to.equal('/workflow triage now');
      await done;
      // An unknown name keeps it too, to mend.
      await typeAndEnter(f.chat, '/workflow triag');
      expect(draft(f.chat)).to.equal('/workflow triag');
    } finally {
      f?.remove();
    }
  });

  it('a thread another tab writes: the agent refuses the send before it starts, and the text comes back', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('never sent')] });
    const thread = `refusal-${crypto.randomUUID()}`;
    const writer = createAgent({ baseURL: mock.baseURL, model: 'mock-model', thread });
    agents.push(writer);
    await writer.ready;
    const chat = bareChat({ 'base-url': new URL(mock.baseURL, location.href).href, model: 'mock-model', thread });
    await chat.updateComplete;
    // Sent before the element learns the thread is another tab's: the worker refuses it.
    await typeAndEnter(chat, 'my message');
    await until(() => draft(chat) === 'my message', 'the text given back');
    expect(parts(chat, 'user').map((u) => u.textContent)).to.not.include('my message');
    expect(await mock.log()).to.have.length(0);
  });
});
