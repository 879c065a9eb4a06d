// Option `temperature`, end to end: createAgent, configure and the
// <agent-chat> attribute all reach the request body the endpoint receives.
import { expect } from 'chai';
import '../../components/define.js';
import type { AgentChat } from '../../components/agent-chat.js';
import { createAgent } from '../../src/page/create-agent.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn } from '../../src/testing/chunks.js';
import type { Agent } from '../../src/types.js';

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

/** The temperature of each chat request the mock received (undefined where none was sent). */
async function temperatures(mock: { log(): Promise<{ path: string; body: unknown }[]> }): Promise<unknown[]> {
  return (await mock.log()).filter((e) => e.path.endsWith('/chat/completions')).map((e) => (e.body as { temperature?: unknown }).temperature);
}

describe('option temperature', () => {
  it('is sent with every request, changes live with configure, and is left to the server when unset', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('a'), textTurn('b'), textTurn('c')] });
    const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', temperature: 0.2 });
    agents.push(agent);
    await agent.send('one').done;
    agent.configure({ temperature: 0 });
    await agent.send('two').done;
    agent.configure({ temperature: undefined });
    await agent.send('three').done;
    expect(await temperatures(mock)).to.deep.equal([0.2, 0, undefined]);
  });

  it('refuses a temperature outside 0–2, naming it', () => {
    expect(() => createAgent({ baseURL: '/v1', model: 'm', temperature: 3 })).to.throw(TypeError, /^createAgent: temperature must be a number from 0 to 2\.$/);
    expect(() => createAgent({ baseURL: '/v1', model: 'm', temperature: Number.NaN })).to.throw(TypeError, /temperature/);
  });

  it('<agent-chat temperature="0.5"> sends it; a changed attribute reaches the live agent', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('a'), textTurn('b')] });
    const chat = document.createElement('agent-chat') as AgentChat;
    chat.setAttribute('base-url', mock.baseURL);
    chat.setAttribute('model', 'mock-model');
    chat.setAttribute('temperature', '0.5');
    document.body.append(chat);
    try {
      await chat.updateComplete;
      await chat.send('one').done;
      chat.setAttribute('temperature', '1.25');
      await chat.updateComplete;
      await chat.send('two').done;
      expect(chat.temperature).to.equal(1.25);
      expect(await temperatures(mock)).to.deep.equal([0.5, 1.25]);
    } finally {
      chat.remove();
    }
  });
});
