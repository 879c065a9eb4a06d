// ThreadBinding on its own (src/agent/thread/thread-binding.ts): a session's seat at
// a stored thread. Two bindings on one thread stand for two tabs: a real
// IndexedDB thread store, a real Web Lock and a real BroadcastChannel (both
// reach other objects of the same name in this page, as they reach other tabs).
import { expect } from 'chai';
import type { AgentEvent, ChatMessage } from '../../src/types.js';
import { PageloopError } from '../../src/errors.js';
import { SessionState } from '../../src/agent/session-state.js';
import { ThreadBinding } from '../../src/agent/thread/index.js';
import { ThreadStore } from '../../src/store/thread-store.js';
import { THREAD_SCHEMA_VERSION } from '../../src/thread-format.js';

/** One tab's binding, its shared state and what it sent the page. */
function tab(store: ThreadStore, rerunnable: (name: string) => boolean = () => false) {
  const sent: AgentEvent[] = [];
  const state = new SessionState((events) => sent.push(...events), () => undefined);
  let loaded = 0;
  const binding = new ThreadBinding(state, { store, rerunnable, loaded: () => loaded++ });
  return { state, binding, sent, loadedCount: () => loaded };
}

async function until<T>(test: () => T | undefined | null | false, what: string, ms = 10000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = test();
    if (value) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const lockEvents = (sent: AgentEvent[]) => sent.filter((e): e is Extract<AgentEvent, { type: 'thread-lock' }> => e.type === 'thread-lock');

/** A stored thread whose last run has a call of `tool` started and never answered (the page died while it ran). */
function interruptedThread(id: string, tool: string) {
  const messages: ChatMessage[] = [
    { role: 'user', content: 'Pay order 7' },
    { role: 'assistant', content: '', tool_calls: [{ id: 'c1', type: 'function', function: { name: tool, arguments: '{"id":7}' } }] },
  ];
  const events: AgentEvent[] = [
    { type: 'run-start', runId: 'r1', input: 'Pay order 7' },
    { type: 'tool-call', callId: 'c1', name: tool, args: { id: 7 } },
    { type: 'tool-start', callId: 'c1', name: tool },
  ];
  return { schema: THREAD_SCHEMA_VERSION, id, title: 'Pay order 7', messages, events, createdAt: 1, updatedAt: 1 };
}

describe('ThreadBinding', () => {
  let store: ThreadStore;
  const opened: ThreadBinding[] = [];
  const id = () => `thread-${crypto.randomUUID()}`;
  beforeEach(() => (store = new ThreadStore(`test-binding-${crypto.randomUUID()}`)));
  afterEach(() => {
    opened.splice(0).forEach((b) => b.close());
    store.close();
  });
  const open = (rerunnable?: (name: string) => boolean) => {
    const t = tab(store, rerunnable);
    opened.push(t.binding);
    return t;
  };

  it('the writer loads the stored thread, writes it, and is refused nothing', async () => {
    const thread = id();
    await store.replace({ schema: THREAD_SCHEMA_VERSION, id: thread, title: 'Hi', messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello.' }], events: [{ type: 'run-start', runId: 'r0', input: 'Hi' }, { type: 'text', delta: 'Hello.' }, { type: 'final', reason: 'answer', text: 'Hello.' }], createdAt: 1, updatedAt: 1 });
    const a = open();
    await a.binding.load(thread);
    expect(a.binding.refusal('Cannot send')).to.equal(undefined);
    expect(a.state.history.map((m) => m.content)).to.deep.equal(['Hi', 'Hello.']);
    expect(a.state.events.at(-1)).to.deep.include({ type: 'final', reason: 'answer' });
    expect(a.loadedCount()).to.equal(1);
    expect(lockEvents(a.sent)).to.deep.equal([]);
    // It writes: what it records reaches the store.
    a.state.history.push({ role: 'user', content: 'More' });
    a.state.emit({ type: 'run-start', runId: 'r1', input: 'More' });
    a.state.changed();
    await a.state.save();
    const stored = await store.load(thread);
    expect(stored!.messages.map((m) => m.content)).to.deep.equal(['Hi', 'Hello.', 'More']);
    expect(stored!.events.at(-1)).to.deep.include({ type: 'run-start', runId: 'r1' });
  });

  it('a second tab follows read-only: refused every change, shown what the writer writes', async () => {
    const thread = id();
    const a = open();
    await a.binding.load(thread);
    const b = open();
    await b.binding.load(thread);
    const refused = b.binding.refusal('Cannot send');
    expect(refused).to.be.instanceOf(PageloopError);
    expect(refused!.code).to.equal('thread-busy');
    expect(() => b.binding.assertWriter('Cannot clear')).to.throw(PageloopError, /Cannot clear/);
    expect(b.state.journal).to.equal(undefined);
    expect(lockEvents(b.sent)).to.deep.equal([{ type: 'thread-lock', state: 'follower', events: [] }]);
    // The writer's writes reach the follower's state and page.
    a.state.history.push({ role: 'user', content: 'Where is order 7?' });
    a.state.emit({ type: 'run-start', runId: 'r1', input: 'Where is order 7?' });
    a.state.emit({ type: 'text', delta: 'On its way.' });
    a.state.changed();
    await a.state.save();
    await until(() => b.state.events.some((e) => e.type === 'text'), 'the follower to hear the text');
    expect(b.state.events).to.deep.equal([{ type: 'run-start', runId: 'r1', input: 'Where is order 7?' }, { type: 'text', delta: 'On its way.' }]);
    expect(b.state.history.map((m) => m.content)).to.deep.equal(['Where is order 7?']);
    expect(b.sent.filter((e) => e.type === 'text')).to.deep.equal([{ type: 'text', delta: 'On its way.' }]);
    // A follower never writes: it has no journal, and the writer's own record is what the store holds.
    expect(b.state.journal).to.equal(undefined);
  });

  it('takes over when the writer lets go: reads the thread afresh, ends the run the writer left, and writes from then on', async () => {
    const thread = id();
    const a = open();
    await a.binding.load(thread);
    const b = open();
    await b.binding.load(thread);
    a.state.history.push({ role: 'user', content: 'Tell me' });
    a.state.emit({ type: 'run-start', runId: 'r1', input: 'Tell me' });
    a.state.emit({ type: 'text', delta: 'The first half' });
    a.state.changed();
    await a.state.save();
    await until(() => b.state.events.some((e) => e.type === 'text'), 'the follower to hear the text');
    // The writer's tab closes mid-reply.
    a.binding.close();
    const writer = await until(() => lockEvents(b.sent).find((e) => e.state === 'writer'), 'the take-over');
    expect(b.binding.refusal('Cannot send')).to.equal(undefined);
    expect(b.state.journal).not.to.equal(undefined);
    // Read as a reload would: the cut-off reply is kept and the run ends interrupted, once.
    expect(b.state.history).to.deep.equal([{ role: 'user', content: 'Tell me' }, { role: 'assistant', content: 'The first half' }]);
    expect(b.state.events.filter((e) => e.type === 'final')).to.deep.equal([{ type: 'final', reason: 'interrupted', text: 'The first half' }]);
    expect(writer.events!.at(-1)).to.deep.equal({ type: 'final', reason: 'interrupted', text: 'The first half' });
    // And it writes now.
    b.state.emit({ type: 'run-start', runId: 'r2' });
    await b.state.save();
    const stored = await store.load(thread);
    expect(stored!.events.map((e) => e.type)).to.deep.equal(['run-start', 'text', 'final', 'run-start']);
    expect(stored!.messages.at(-1)).to.deep.equal({ role: 'assistant', content: 'The first half' });
  });

  it('a call running when the page died is answered "interrupted" on load, never kept to run again', async () => {
    const thread = id();
    await store.replace(interruptedThread(thread, 'charge_card'));
    const a = open();
    await a.binding.load(thread);
    expect(a.state.events.filter((e) => e.type === 'tool-result')).to.deep.equal([
      { type: 'tool-result', callId: 'c1', name: 'charge_card', status: 'interrupted', error: 'the page was closed or reloaded while this call was running.' },
    ]);
    expect(a.state.events.at(-1)).to.deep.include({ type: 'final', reason: 'interrupted' });
  });

  it('a call waiting for approval keeps the run open: pending() shows it, and resumption hands it over once', async () => {
    const thread = id();
    const record = interruptedThread(thread, 'refund');
    record.events = [record.events[0]!, record.events[1]!, { type: 'approval-request', requests: [{ callId: 'c1', name: 'refund', args: { id: 7 } }] }];
    await store.replace(record);
    const a = open();
    await a.binding.load(thread);
    expect(a.state.events.filter((e) => e.type === 'final' || e.type === 'tool-result')).to.deep.equal([]);
    expect(a.binding.pending()).to.deep.equal([{ callId: 'c1', name: 'refund', args: { id: 7 } }]);
    const setup = a.binding.resumption({ callId: 'c1', answer: { approve: true } });
    expect(setup).not.to.be.instanceOf(PageloopError);
    expect(typeof (setup as { before?: unknown }).before).to.equal('function');
    // Handed over: nothing is pending any more, and neither a second resume nor a new run finds it.
    expect(a.binding.pending()).to.deep.equal([]);
    // (Its code is read, not the object printed: a kept set-up's closure holds the whole session.)
    expect((a.binding.resumption() as PageloopError).code, 'a second resumption').to.equal('bad-request');
    a.binding.abandonInterrupted();
    expect(a.state.events.filter((e) => e.type === 'tool-result')).to.deep.equal([]);
  });

  it('a new run instead of a resume gives every open call its one result first', async () => {
    const thread = id();
    await store.replace(interruptedThread(thread, 'read_order'));
    const a = open((name) => name === 'read_order');
    await a.binding.load(thread);
    a.binding.abandonInterrupted();
    const results = a.state.events.filter((e) => e.type === 'tool-result');
    expect(results).to.have.length(1);
    expect(results[0]).to.deep.include({ callId: 'c1' });
    expect(a.state.history.filter((m) => m.role === 'tool')).to.have.length(1);
    expect((a.binding.resumption() as PageloopError).code, 'a resumption after the new run').to.equal('bad-request');
  });
});
