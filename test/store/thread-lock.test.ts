// One writer per thread: two sessions on one thread (in one page they share
// Web Locks and BroadcastChannels as two tabs do). The second follows
// read-only, hears the writer's writes, refuses to change the thread, and
// takes over when the writer lets go; racing sends never interleave.
import { expect } from 'chai';
import { AgentSession } from '../../src/agent/agent-session.js';
import { ThreadLibrary } from '../../src/agent/thread/index.js';
import { ThreadStore } from '../../src/store/thread-store.js';
import { ThreadJournal } from '../../src/store/thread-journal.js';
import { ThreadLock } from '../../src/store/thread-lock.js';
import { scriptedModel, type ScriptedTurn } from '../../src/testing/scripted-model.js';
import type { AgentEvent, ChatMessage } from '../../src/types.js';

const sessions: AgentSession[] = [];
let store: ThreadStore;
let thread: string;
beforeEach(() => {
  store = new ThreadStore(`test-tabs-${crypto.randomUUID()}`);
  thread = `t-${crypto.randomUUID()}`;
});
afterEach(async () => {
  sessions.splice(0).forEach((s) => s.close());
  await store.close();
});

function tab(turns: ScriptedTurn[], id = thread) {
  const events: AgentEvent[] = [];
  const session = new AgentSession({ baseURL: '/unused', model: 'm', thread: id }, [], {
    host: { emit: (b) => events.push(...b), checkTool: async () => ({ status: 'invalid', error: '' }), runTool: async () => ({ status: 'error', error: '' }), abortTool: () => {} },
    createModel: () => scriptedModel(turns),
    store,
  });
  sessions.push(session);
  return { session, events };
}

const until = async (test: () => boolean, what: string) => {
  for (let i = 0; i < 1000 && !test(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(test(), what).to.equal(true);
};
const texts = (events: AgentEvent[]) => events.filter((e) => e.type === 'text').map((e) => (e as { delta: string }).delta).join('');
const locks = (events: AgentEvent[]) => events.filter((e) => e.type === 'thread-lock').map((e) => (e as { state: string }).state);

describe('two tabs on one thread', () => {
  it('the second is a follower: told so, and it refuses to send, clear, rename or revoke (thread-busy)', async () => {
    const a = tab([{ text: 'Hello.' }]);
    await a.session.load();
    await a.session.send('r1', 'hi');
    const b = tab([{ text: 'never' }]);
    await b.session.load();
    expect(locks(a.events)).to.deep.equal([]);
    expect(locks(b.events)).to.deep.equal(['follower']);
    expect(b.session.messages()).to.deep.equal(a.session.messages());
    const final = await b.session.send('r2', 'me too');
    expect(final.reason).to.equal('error');
    expect(b.events.find((e) => e.type === 'error')).to.deep.include({ code: 'thread-busy' });
    for (const attempt of [() => b.session.clear(), () => b.session.renameThread('x'), () => b.session.revokePermission('t')]) {
      const err = await attempt().then(() => undefined, (e: unknown) => e);
      expect(err, 'refused').to.have.property('code', 'thread-busy');
    }
    expect((await b.session.resume('r3')).reason).to.equal('error');
    // Nothing of the refusals reached the store.
    const stored = await store.load(thread);
    expect(stored!.messages.map((m) => m.content)).to.deep.equal(['hi', 'Hello.']);
  });

  it('the follower hears the writer\'s stream as it is stored and ends with the same thread', async () => {
    const a = tab([{ text: 'A fairly long answer, streamed in small pieces over a while.', chunkSize: 3, delayMs: 4 }]);
    await a.session.load();
    const b = tab([]);
    await b.session.load();
    const run = a.session.send('r1', 'tell me');
    await until(() => texts(b.events).length > 0, 'a delta reached the follower');
    expect(texts(b.events).length, 'heard while streaming').to.be.below('A fairly long answer, streamed in small pieces over a while.'.length);
    await run;
    await until(() => b.events.some((e) => e.type === 'final'), 'the final event reached the follower');
    expect(texts(b.events)).to.equal('A fairly long answer, streamed in small pieces over a while.');
    expect(b.session.messages()).to.deep.equal(a.session.messages());
    expect(b.session.events()).to.deep.equal(a.session.events());
  });

  it('takes over when the writer lets go: the interrupted run is ended, and the follower writes', async () => {
    const a = tab([{ text: 'Cut off here', hang: true, chunkSize: 4 }]);
    await a.session.load();
    const b = tab([{ text: 'Carried on.' }]);
    await b.session.load();
    void a.session.send('r1', 'go');
    await until(() => texts(b.events) === 'Cut off here', 'the partial text reached the follower');
    a.session.close();
    await until(() => locks(b.events).includes('writer'), 'the follower took over');
    expect(locks(b.events)).to.deep.equal(['follower', 'writer']);
    expect(b.session.events().at(-1)).to.deep.include({ type: 'final', reason: 'interrupted' });
    const final = await b.session.resume('r2');
    expect(final.reason).to.equal('answer');
    const again = tab([]);
    await again.session.load();
    expect((await store.load(thread))!.messages.map((m) => m.content)).to.deep.equal(['go', 'Cut off here', 'Carried on.']);
  });

  it('racing sends on one thread: the stored sequence is one writer\'s, the other is refused', async () => {
    for (let round = 0; round < 5; round++) {
      const id = `race-${round}-${crypto.randomUUID()}`;
      const a = tab([{ text: 'From A, one. ', chunkSize: 2, delayMs: 1 }, { text: 'From A, two.' }], id);
      const b = tab([{ text: 'From B, one. ', chunkSize: 2, delayMs: 1 }, { text: 'From B, two.' }], id);
      // Both load at once: only one gets the lock.
      await Promise.all([a.session.load(), b.session.load()]);
      const results = await Promise.all([a.session.send('a1', 'A asks'), b.session.send('b1', 'B asks'), a.session.send('a2', 'A again'), b.session.send('b2', 'B again')]);
      const writer = locks(a.events).includes('follower') ? b : a;
      const name = writer === a ? 'A' : 'B';
      expect(results.filter((r) => r.reason === 'error' && /another tab/.test(r.text)), 'the follower\'s sends refused').to.have.length(2);
      const stored = (await store.load(id))!;
      const contents = stored.messages.map((m: ChatMessage) => m.content ?? '');
      expect(contents.every((c) => !c.includes(name === 'A' ? 'B' : 'A ') || c === `${name} asks`), `only ${name}'s messages: ${contents.join(' | ')}`).to.equal(true);
      expect(contents[0]).to.equal(`${name} asks`);
      expect(stored.events.filter((e) => e.type === 'run-start').map((e) => (e as { runId: string }).runId)).to.deep.equal(name === 'A' ? ['a1'] : ['b1']);
      a.session.close();
      b.session.close();
    }
  });

  it('a journal writes nothing unless it holds the thread lock', async () => {
    const name = store.lockName(thread);
    const holder = new ThreadLock(name, () => {});
    expect(await holder.acquire()).to.equal('writer');
    const other = new ThreadLock(name, () => {});
    expect(await other.acquire()).to.equal('follower');
    const history: ChatMessage[] = [{ role: 'user', content: 'sneaked in' }];
    const errors: unknown[] = [];
    const journal = new ThreadJournal({ store, id: thread, history: () => history, onError: (e) => errors.push(e), lock: other });
    journal.append({ type: 'run-start', runId: 'x' });
    const err = await journal.flush().then(() => undefined, (e: unknown) => e);
    expect(err).to.have.property('code', 'thread-busy');
    expect(await store.load(thread)).to.equal(undefined);
    holder.release();
    other.release();
  });

  it('the threads API refuses to rename or delete a thread another agent keeps open', async () => {
    const a = tab([{ text: 'Kept.' }]);
    await a.session.load();
    await a.session.send('r1', 'keep me');
    const b = tab([], `other-${crypto.randomUUID()}`);
    await b.session.load();
    const library = new ThreadLibrary(store, b.session);
    for (const attempt of [() => library.rename(thread, 'x'), () => library.delete(thread)]) {
      const err = await attempt().then(() => undefined, (e: unknown) => e);
      expect(err).to.have.property('code', 'thread-busy');
    }
    a.session.close();
    // The browser hands the lock back asynchronously.
    await new Promise((r) => setTimeout(r, 50));
    await library.rename(thread, 'Renamed');
    expect((await store.load(thread))!.title).to.equal('Renamed');
  });
});
