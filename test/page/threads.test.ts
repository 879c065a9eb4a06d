import { expect } from 'chai';
import { createAgent } from '../../src/page/create-agent.js';
import type { Agent, AgentEvent, ThreadFile } from '../../src/types.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn } from '../../src/testing/chunks.js';

const agents: Agent[] = [];
function agentFor(baseURL: string, thread?: string): Agent {
  const agent = createAgent({ baseURL, model: 'mock-model', ...(thread ? { thread } : {}) });
  agents.push(agent);
  return agent;
}
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

const newId = () => `t-${crypto.randomUUID()}`;
const mine = async (agent: Agent, ids: string[]) => (await agent.threads.list()).filter((t) => ids.includes(t.id));
const texts = (events: AgentEvent[]) => events.filter((e) => e.type === 'text').map((e) => (e as { delta: string }).delta);

describe('agent.threads', () => {
  it('lists threads with the first user message as title, newest first, with message counts', async () => {
    const [a, b] = [newId(), newId()];
    const mock = await mockEndpoint({ turns: [textTurn('One.'), textTurn('Two.'), textTurn('Three.')] });
    const agent = agentFor(mock.baseURL, a);
    await agent.send('  Where is\norder 42? ').done;
    await agent.threads.open(b);
    await agent.send('Cancel order 7').done;
    await agent.send('And order 8').done;
    const listed = await mine(agent, [a, b]);
    expect(listed.map((t) => [t.id, t.title, t.messageCount])).to.deep.equal([
      [b, 'Cancel order 7', 4],
      [a, 'Where is order 42?', 2],
    ]);
    expect(listed[0]!.updated).to.be.at.least(listed[1]!.updated);
  });

  it('opens another thread: its history and events, and sends go on there', async () => {
    const [a, b] = [newId(), newId()];
    const mock = await mockEndpoint({ turns: [textTurn('In A.'), textTurn('In B.'), textTurn('A again.')] });
    const agent = agentFor(mock.baseURL, a);
    await agent.send('a1').done;
    await agent.threads.open(b);
    expect(await agent.messages()).to.deep.equal([]);
    await agent.send('b1').done;
    await agent.threads.open(a);
    expect(texts(await agent.events())).to.deep.equal(['In A.']);
    await agent.send('a2').done;
    expect((await agent.messages()).map((m) => m.content)).to.deep.equal(['a1', 'In A.', 'a2', 'A again.']);
    const fresh = agentFor(mock.baseURL, b);
    await fresh.ready;
    expect((await fresh.messages()).map((m) => m.content)).to.deep.equal(['b1', 'In B.']);
  });

  it('renames and deletes threads, the open one included', async () => {
    const [a, b] = [newId(), newId()];
    const mock = await mockEndpoint({ turns: [textTurn('A.'), textTurn('B.')] });
    const agent = agentFor(mock.baseURL, a);
    await agent.send('first').done;
    await agent.threads.open(b);
    await agent.send('second').done;
    await agent.threads.rename(a, 'Renamed A');
    await agent.threads.rename(b, 'Renamed B');
    expect((await mine(agent, [a, b])).map((t) => t.title).sort()).to.deep.equal(['Renamed A', 'Renamed B']);
    await agent.threads.delete(a);
    expect((await mine(agent, [a, b])).map((t) => t.id)).to.deep.equal([b]);
    await agent.threads.delete(b);
    expect(await mine(agent, [a, b])).to.deep.equal([]);
    expect(await agent.messages()).to.deep.equal([]);
    const err = await agent.threads.rename(a, 'gone').then(() => undefined, (e: { code: string }) => e);
    expect(err?.code).to.equal('bad-request');
  });

  it('export → import round trip gives the same thread under a fresh id when the id is taken', async () => {
    const a = newId();
    const mock = await mockEndpoint({ turns: [textTurn('Exported answer.')] });
    const agent = agentFor(mock.baseURL, a);
    await agent.send('export me').done;
    const json = await agent.threads.export(a);
    const file = JSON.parse(json) as ThreadFile;
    expect(file).to.deep.include({ format: 'pageloop-thread', schema: 2, id: a, title: 'export me' });
    const copy = await agent.threads.import(json);
    expect(copy).to.not.equal(a);
    const other = agentFor(mock.baseURL, copy);
    await other.ready;
    expect(await other.messages()).to.deep.equal(await agent.messages());
    expect(await other.events()).to.deep.equal(await agent.events());
    // A free id is kept.
    const free = newId();
    expect(await agent.threads.import({ ...file, id: free })).to.equal(free);
    await agent.threads.delete(free);
    // A thread another agent keeps open is its writer's (thread-busy): let go of it first.
    other.dispose();
    // The browser frees a terminated worker's lock soon, not at once (up to 10 s on a loaded machine).
    for (let i = 0; i < 500; i++) {
      const err = await agent.threads.delete(copy).then(() => undefined, (e: unknown) => e);
      if (!err) break;
      expect(err).to.have.property('code', 'thread-busy');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await agent.threads.list()).some((t) => t.id === copy)).to.equal(false);
  });

  it('refuses malformed and future-version files with bad-request, storing nothing', async () => {
    const mock = await mockEndpoint({ turns: [] });
    const agent = agentFor(mock.baseURL);
    const good: ThreadFile = { format: 'pageloop-thread', schema: 2, id: newId(), title: 't', createdAt: 1, updatedAt: 1, messages: [{ role: 'user', content: 'hi' }], events: [] };
    const before = (await agent.threads.list()).length;
    const bad: [unknown, RegExp][] = [
      ['{ not json', /JSON|Unexpected|Expected/i],
      [JSON.stringify({ hello: 'world' }), /schema/],
      [{ ...good, schema: 3 }, /schema 3.*Update pageloop/],
      [{ ...good, format: 'other' }, /format/],
      [{ ...good, messages: [{ role: 'user', content: 'ok' }, { role: 'tool', content: 'no call id' }] }, /message 1/],
      [{ ...good, events: [{ nope: 1 }] }, /event 0/],
      [{ ...good, id: '' }, /id/],
    ];
    for (const [file, why] of bad) {
      const err = await agent.threads.import(file as ThreadFile).then(() => undefined, (e: { code: string; message: string }) => e);
      expect(err?.code, String(file)).to.equal('bad-request');
      expect(err?.message).to.match(/Cannot import the thread/).and.match(why);
    }
    expect((await agent.threads.list()).length).to.equal(before);
  });
});

describe('agent.permissions', () => {
  it('"Always allow" is kept with the thread across agents, listed, and can be revoked', async () => {
    const { defineTool } = await import('../../src/tools/define-tool.js');
    const { toolCallTurn } = await import('../../src/testing/chunks.js');
    const ran: number[] = [];
    const wipe = defineTool({ name: 'wipe', description: 'Wipe', parameters: { type: 'object', properties: { id: { type: 'number' } } }, needsApproval: true, execute: (a: { id: number }) => ran.push(a.id) });
    const thread = newId();
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'w1', name: 'wipe', args: { id: 1 } }]), textTurn('Wiped 1.'), toolCallTurn([{ id: 'w2', name: 'wipe', args: { id: 2 } }]), textTurn('Wiped 2.'), toolCallTurn([{ id: 'w3', name: 'wipe', args: { id: 3 } }]), textTurn('Asked.')] });
    const first = createAgent({ baseURL: mock.baseURL, model: 'm', thread, tools: [wipe] });
    agents.push(first);
    first.on((e) => e.type === 'approval-request' && first.respond(e.requests[0]!.callId, { approve: true, always: true }));
    await first.send('wipe 1').done;
    expect(await first.permissions()).to.deep.equal(['wipe']);
    first.dispose();
    const second = createAgent({ baseURL: mock.baseURL, model: 'm', thread, tools: [wipe] });
    agents.push(second);
    const asked: AgentEvent[] = [];
    second.on((e) => e.type === 'approval-request' && asked.push(e));
    expect(await second.permissions()).to.deep.equal(['wipe']);
    await second.send('wipe 2').done;
    expect(asked, 'allowed for good: not asked again after the reload').to.have.length(0);
    await second.revokePermission('wipe');
    expect(await second.permissions()).to.deep.equal([]);
    second.on((e) => e.type === 'approval-request' && second.respond(e.requests[0]!.callId, { approve: false }));
    await second.send('wipe 3').done;
    expect(asked).to.have.length(1);
    expect(ran).to.deep.equal([1, 2]);
    const file = JSON.parse(await second.threads.export(thread)) as ThreadFile;
    expect(file.allowed).to.equal(undefined);
  });
});
