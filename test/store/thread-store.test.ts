import { expect } from 'chai';
import { ThreadStore, readThread, THREAD_SCHEMA_VERSION } from '../../src/store/thread-store.js';
import { AgentSession } from '../../src/agent/agent-session.js';
import { scriptedModel } from '../../src/testing/scripted-model.js';

const saved = async () => (await (await fetch(new URL('../fixtures/thread-schema-1.json', import.meta.url))).json()) as unknown;

describe('thread store', () => {
  it('reads the saved schema-1 example', async () => {
    const record = readThread(await saved());
    expect(record.schema).to.equal(THREAD_SCHEMA_VERSION);
    expect(record.messages).to.have.length(2);
    expect(record.events.at(-1)!.type).to.equal('approval-request');
  });

  it('refuses a record of an unknown schema instead of misreading it', () => {
    expect(() => readThread({ schema: 99, id: 'x', messages: [], events: [] })).to.throw(/schema 99/);
    expect(() => readThread({ nonsense: true })).to.throw(/format/);
  });

  it('keeps only the newest of a burst of saves and loses none of it', async () => {
    const store = new ThreadStore(`test-threads-${crypto.randomUUID()}`);
    const writes = [1, 2, 3, 4, 5].map((n) =>
      store.save({ schema: 1, id: 't', messages: Array.from({ length: n }, (_, i) => ({ role: 'user' as const, content: `m${i}` })), events: [], updatedAt: n }),
    );
    await Promise.all(writes);
    expect((await store.load('t'))!.messages).to.have.length(5);
    await store.close();
  });

  it('answers the calls a reload left waiting, so the history is valid again', async () => {
    const dbName = `test-threads-${crypto.randomUUID()}`;
    const store = new ThreadStore(dbName);
    const record = readThread(await saved());
    await store.save({ ...record, id: 'reloaded' });
    const session = new AgentSession({ baseURL: '/unused', model: 'm', thread: 'reloaded' }, [], {
      host: { emit: () => {}, prepareTool: async () => ({ status: 'invalid', error: '' }), runTool: async () => ({ status: 'error', error: '' }), abortTool: () => {} },
      createModel: () => scriptedModel([]),
      store,
    });
    await session.load();
    const history = session.messages();
    expect(history.at(-1)).to.deep.include({ role: 'tool', tool_call_id: 'call_1' });
    expect(history.at(-1)!.role === 'tool' && history.at(-1)!.content).to.match(/reloaded/);
    await store.flushed();
    expect((await store.load('reloaded'))!.messages).to.have.length(3);
    await store.close();
  });
});
