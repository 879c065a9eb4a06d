import { expect } from 'chai';
import { AgentSession } from '../../src/agent/agent-session.js';
import { ThreadStore, type ThreadStorage, type ThreadWrite } from '../../src/store/thread-store.js';
import { storageUnavailable } from '../../src/store/storage-errors.js';
import { scriptedModel, type ScriptedTurn } from '../../src/testing/scripted-model.js';
import type { AgentEvent } from '../../src/types.js';

/** A real store that counts writes and can be told to fail the way a full disk does. */
class FaultyStore implements ThreadStorage {
  writes: ThreadWrite[] = [];
  failWrites = false;
  failLoad: Error | undefined;
  #real = new ThreadStore(`test-threads-${crypto.randomUUID()}`);
  load(id: string) {
    return this.failLoad ? Promise.reject(this.failLoad) : this.#real.load(id);
  }
  write(change: ThreadWrite) {
    this.writes.push(change);
    return this.failWrites ? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')) : this.#real.write(change);
  }
  replace = (r: Parameters<ThreadStorage['replace']>[0]) => this.#real.replace(r);
  list = () => this.#real.list();
  rename = (id: string, title: string) => this.#real.rename(id, title);
  delete = (id: string) => this.#real.delete(id);
  close = () => this.#real.close();
}

function session(store: ThreadStorage, turns: ScriptedTurn[]) {
  const events: AgentEvent[] = [];
  const s = new AgentSession({ baseURL: '/unused', model: 'm', thread: 't' }, [], {
    host: { emit: (batch) => events.push(...batch), checkTool: async () => ({ status: 'invalid', error: '' }), runTool: async () => ({ status: 'error', error: '' }), abortTool: () => {} },
    createModel: () => scriptedModel(turns),
    store,
  });
  return { s, events };
}

describe('thread journal', () => {
  it('writes a long stream in a few batched transactions, not one per delta, and reloads it whole', async () => {
    const store = new FaultyStore();
    const text = 'token '.repeat(2000);
    const { s } = session(store, [{ text, chunkSize: 6, delayMs: 0 }]);
    await s.load();
    const final = await s.send('r1', 'stream please');
    expect(final.reason).to.equal('answer');
    const deltas = 2000;
    expect(store.writes.length).to.be.below(deltas / 20);
    const again = session(store, []);
    await again.s.load();
    expect(again.s.events()).to.deep.equal(s.events());
    expect(again.s.messages()).to.deep.equal(s.messages());
    expect(again.s.events().filter((e) => e.type === 'text')).to.have.length(1);
  });

  it('a thread nothing has happened in is not stored: opened anew, it is listed only once something is said', async () => {
    const store = new FaultyStore();
    const { s } = session(store, [{ text: 'first answer' }, { text: 'second answer' }]);
    await s.load();
    await s.send('r1', 'hello');
    await s.openThread('fresh');
    // Longer than the journal's batch delay: anything it meant to write is written by now.
    await new Promise((r) => setTimeout(r, 500));
    expect(store.writes.filter((w) => w.meta.id === 'fresh'), 'writes of the new thread').to.deep.equal([]);
    expect((await store.list()).map((t) => t.id)).to.deep.equal(['t']);
    await s.send('r2', 'now something');
    await s.save();
    const listed = await store.list();
    expect(listed.map((t) => t.id).sort()).to.deep.equal(['fresh', 't']);
    expect(listed.find((t) => t.id === 'fresh')!.messageCount).to.equal(2);
  });

  it('writes events while the run is still going (a reload mid-stream keeps the partial text)', async () => {
    const store = new FaultyStore();
    const { s, events } = session(store, [{ text: 'partial answer that never ends', hang: true, chunkSize: 3 }]);
    await s.load();
    const run = s.send('r1', 'go');
    while (!events.some((e) => e.type === 'text')) await new Promise((r) => setTimeout(r, 5));
    // The text's batch is written after its delay and after the run-start's write has landed: wait for it
    // to be in the store (a loaded machine's IndexedDB can take longer than any fixed wait), for up to 10 s.
    let stored = await store.load('t');
    for (let i = 0; i < 500 && !stored?.events.some((e) => e.type === 'text'); i++) {
      await new Promise((r) => setTimeout(r, 20));
      stored = await store.load('t');
    }
    if (!stored) throw new Error('nothing was stored while the run went on');
    expect(stored.events.find((e) => e.type === 'run-start')).to.deep.include({ input: 'go' });
    expect(stored.events.find((e) => e.type === 'text')).to.deep.equal({ type: 'text', delta: 'partial answer that never ends' });
    expect(stored.messages).to.deep.equal([{ role: 'user', content: 'go' }]);
    s.cancel();
    await run;
  });

  it('a full disk gives one storage-quota error, the run goes on in memory, and the stored thread stays as it was', async () => {
    const store = new FaultyStore();
    const { s, events } = session(store, [{ text: 'first answer' }, { text: 'second answer' }]);
    await s.load();
    await s.send('r1', 'one');
    const before = (await store.load('t'))!;
    store.failWrites = true;
    const final = await s.send('r2', 'two');
    expect(final).to.deep.include({ reason: 'answer', text: 'second answer' });
    const errors = events.filter((e) => e.type === 'error');
    expect(errors).to.have.length(1);
    expect(errors[0]).to.deep.include({ code: 'storage-quota', retryable: false });
    expect(s.messages().map((m) => m.content)).to.deep.equal(['one', 'first answer', 'two', 'second answer']);
    const writesAfterFailure = store.writes.length;
    await s.send('r3', 'three').catch(() => {});
    expect(store.writes.length, 'no more writes once storing failed').to.equal(writesAfterFailure);
    expect(await store.load('t')).to.deep.equal(before);
  });

  it('IndexedDB unavailable: one storage-unavailable error, and the conversation works in memory', async () => {
    const store = new FaultyStore();
    store.failLoad = storageUnavailable();
    const { s, events } = session(store, [{ text: 'still here' }]);
    await s.load();
    const final = await s.send('r1', 'hello');
    expect(final.text).to.equal('still here');
    expect(events.filter((e) => e.type === 'error').map((e) => e.type === 'error' && e.code)).to.deep.equal(['storage-unavailable']);
    expect(store.writes).to.have.length(0);
  });

  it('a thread of an unknown future schema is reported and never overwritten', async () => {
    const store = new FaultyStore();
    store.failLoad = Object.assign(new Error('The stored thread has schema 9'), { name: 'Error' });
    const { s, events } = session(store, [{ text: 'ok' }]);
    await s.load();
    await s.send('r1', 'hello');
    expect(events.filter((e) => e.type === 'error')).to.have.length(1);
    expect(store.writes).to.have.length(0);
  });
});
