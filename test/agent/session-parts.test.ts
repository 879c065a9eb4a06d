// The parts an AgentSession delegates to, each on its own: the shared state,
// the run control, the model cache, the thread records (src/agent/), and the
// error-plus-final pair (src/run-failure.ts).
import { expect } from 'chai';
import type { AgentEvent, FinalEvent } from '../../src/types.js';
import { PageloopError } from '../../src/errors.js';
import { failedRun } from '../../src/run-failure.js';
import { SessionState } from '../../src/agent/session-state.js';
import { RunControl } from '../../src/agent/run-control.js';
import { ModelCache } from '../../src/agent/model-cache.js';
import { ThreadBinding } from '../../src/agent/thread/index.js';
import { ThreadRecords } from '../../src/agent/thread/index.js';
import { RunStarter } from '../../src/agent/run-starter.js';
import { ToolRegistry } from '../../src/agent/calls/index.js';
import { AttachmentShelf } from '../../src/agent/attachments/index.js';
import { scriptedModel } from '../../src/testing/scripted-model.js';
import type { SessionConfig } from '../../src/agent/session-types.js';

const KEY = 'sk-secret-123456';

function stateAndSent() {
  const sent: AgentEvent[] = [];
  const state = new SessionState((events) => sent.push(...events), () => KEY);
  return { state, sent };
}

describe('failedRun', () => {
  it('is the error event with the code and the final event with the message', () => {
    expect(failedRun(new PageloopError('network', 'Offline.', true))).to.deep.equal([
      { type: 'error', message: 'Offline.', retryable: true, code: 'network' },
      { type: 'final', reason: 'error', text: 'Offline.' },
    ]);
    expect(failedRun(new Error('boom'))[0]).to.deep.include({ code: 'internal', retryable: false });
  });
});

describe('SessionState', () => {
  it('records what it sends, deltas merged, with the API key blanked out', () => {
    const { state, sent } = stateAndSent();
    state.emit({ type: 'text', delta: 'a' });
    state.emit({ type: 'text', delta: 'b' });
    state.emit({ type: 'error', message: `Bad key ${KEY}`, retryable: false });
    expect(state.events).to.deep.equal([{ type: 'text', delta: 'ab' }, { type: 'error', message: 'Bad key [api key]', retryable: false }]);
    expect(sent).to.have.length(3);
    expect(JSON.stringify(sent)).not.to.contain(KEY);
  });

  it('tells without recording, and restores the plan with the events it is given', () => {
    const { state, sent } = stateAndSent();
    state.tell([{ type: 'permissions', allowed: [] }]);
    expect(state.events).to.deep.equal([]);
    expect(sent).to.have.length(1);
    state.replace([], [{ type: 'plan', tasks: [{ id: '1', title: 'Look', status: 'pending' }] }]);
    expect(state.plan.tasks?.map((t) => t.title)).to.deep.equal(['Look']);
  });
});

describe('RunControl', () => {
  const final = (text: string): FinalEvent => ({ type: 'final', reason: 'answer', text });

  it('emits run-start, runs, and emits the final event once, after it was recorded', async () => {
    const { state, sent } = stateAndSent();
    const runs = new RunControl(state);
    const result = await runs.start({ runId: 'r1', input: 'hi', begin: () => state.history.push({ role: 'user', content: 'hi' }), run: async () => final('Hello.') });
    expect(result).to.deep.equal(final('Hello.'));
    expect(sent).to.deep.equal([{ type: 'run-start', runId: 'r1', input: 'hi' }, final('Hello.')]);
    expect(state.events.at(-1)).to.deep.equal(final('Hello.'));
    expect(runs.running).to.equal(false);
  });

  it('answers a second run "busy" to its caller only, never to the stream of the run that goes', async () => {
    const { state, sent } = stateAndSent();
    const runs = new RunControl(state);
    let release!: () => void;
    const first = runs.start({ runId: 'r1', run: () => new Promise<FinalEvent>((resolve) => (release = () => resolve(final('done')))) });
    const second = await runs.start({ runId: 'r2', run: async () => final('never') });
    expect(second).to.deep.include({ reason: 'error' });
    expect(second.text).to.contain('already going');
    expect(sent.filter((e) => e.type === 'final' || e.type === 'error')).to.deep.equal([]);
    release();
    await first;
    expect(sent.filter((e) => e.type === 'final')).to.have.length(1);
  });

  it('cancels a run whose cancel came before its start: it starts already aborted', async () => {
    const { state } = stateAndSent();
    const runs = new RunControl(state);
    runs.cancel('r1');
    let aborted: boolean | undefined;
    await runs.start({ runId: 'r1', run: async (signal) => ((aborted = signal.aborted), final('x')) });
    expect(aborted).to.equal(true);
    // An early cancel of another id does not reach the next run.
    runs.cancel('other');
    await runs.start({ runId: 'r2', run: async (signal) => ((aborted = signal.aborted), final('x')) });
    expect(aborted).to.equal(false);
  });

  it('ends a run whose loop threw with the error event and the final event, both kept', async () => {
    const { state, sent } = stateAndSent();
    const result = await new RunControl(state).start({ runId: 'r1', run: async () => Promise.reject(new PageloopError('bad-request', 'Unknown tools.')) });
    expect(result).to.deep.equal({ type: 'final', reason: 'error', text: 'Unknown tools.' });
    expect(sent.slice(1)).to.deep.equal(failedRun(new PageloopError('bad-request', 'Unknown tools.')));
    expect(state.events.map((e) => e.type)).to.deep.equal(['run-start', 'error', 'final']);
  });

  it('sends a refusal as the pair, without keeping it in the thread', async () => {
    const { state, sent } = stateAndSent();
    const result = await new RunControl(state).refuse(new PageloopError('thread-busy', 'Open elsewhere.'));
    expect(result.reason).to.equal('error');
    expect(sent.map((e) => e.type)).to.deep.equal(['error', 'final']);
    expect(state.events).to.deep.equal([]);
  });
});

describe('ModelCache', () => {
  const config: SessionConfig = { baseURL: 'http://unused.invalid/v1', model: 'a' };

  it('makes the model once per connection, and again after the connection changed', async () => {
    let made = 0;
    let current = config;
    const cache = new ModelCache({ createModel: () => (made++, scriptedModel([])), generateId: () => 'id' }, () => current);
    const first = await cache.model();
    expect(await cache.model()).to.equal(first);
    current = { ...current, toolProtocol: 'text' };
    cache.configured({ toolProtocol: 'text' });
    const rewrapped = await cache.model();
    expect(rewrapped).not.to.equal(first);
    expect(made).to.equal(1);
    current = { ...current, model: 'b' };
    cache.configured({ model: 'b' });
    await cache.model();
    expect(made).to.equal(2);
  });

  it('forgets a model that failed to be made, so the next run tries again', async () => {
    let attempts = 0;
    const cache = new ModelCache({ createModel: () => (++attempts === 1 ? Promise.reject(new Error('no')) : scriptedModel([])), generateId: () => 'id' }, () => config);
    await cache.model().then(() => expect.fail('should reject'), (err: Error) => expect(err.message).to.equal('no'));
    await cache.model();
    expect(attempts).to.equal(2);
  });

  it('keeps the context budget until the connection changes; contextTokens alone changes it in place', () => {
    const cache = new ModelCache({ createModel: () => scriptedModel([]), generateId: () => 'id' }, () => config);
    const budget = cache.budget;
    cache.configured({ contextTokens: 4096 });
    expect(cache.budget).to.equal(budget);
    cache.configured({ baseURL: 'http://other.invalid/v1' });
    expect(cache.budget).not.to.equal(budget);
  });
});

describe('ThreadRecords', () => {
  it('reads the thread from memory, renames nothing without a journal, and clears the conversation', async () => {
    const { state } = stateAndSent();
    const binding = new ThreadBinding(state, { rerunnable: () => false, loaded: () => {} });
    let cleared = 0;
    const records = new ThreadRecords(state, binding, { now: () => 42, cleared: () => cleared++ });
    state.history.push({ role: 'user', content: 'Where is order 7?' });
    state.emit({ type: 'run-start', runId: 'r' });
    const record = records.record('t1');
    expect(record).to.deep.include({ id: 't1', createdAt: 42, updatedAt: 42 });
    expect(record.title).to.contain('order 7');
    expect(await records.rename('Orders')).to.equal(false);
    await records.clear('t1');
    expect([state.history, state.events, cleared]).to.deep.equal([[], [], 1]);
  });
});

describe('RunStarter', () => {
  function starter(turns: Parameters<typeof scriptedModel>[0], config: SessionConfig = { baseURL: 'http://unused.invalid/v1', model: 'a' }) {
    const { state, sent } = stateAndSent();
    const runs = new RunControl(state);
    const thread = new ThreadBinding(state, { rerunnable: () => false, loaded: () => {} });
    let requests = 0;
    const model = scriptedModel(turns);
    const models = new ModelCache({ createModel: () => ({ stream: (request, signal) => (requests++, model.stream(request, signal)) }), generateId: () => 'id' }, () => config);
    const host = { emit: () => {}, checkTool: async () => ({ status: 'invalid' as const, error: '' }), runTool: async () => ({ status: 'error' as const, error: '' }), abortTool: () => {} };
    const files = new AttachmentShelf({ thread: () => undefined, options: () => undefined });
    const start = new RunStarter({ config: () => config, state, thread, runs, models, registry: new ToolRegistry(host), starts: {}, host: { readContext: async () => [] }, files });
    return { start, state, sent, requests: () => requests };
  }

  it('starts a run on the history its begin step wrote, and answers a second start "busy" while it goes', async () => {
    const { start, state, requests } = starter([{ text: 'Shipped.' }]);
    const first = start.begin('Cannot send', { runId: 'r1', input: 'Where is order 7?', begin: () => state.history.push({ role: 'user', content: 'Where is order 7?' }) }, {});
    const second = await start.begin('Cannot retry', { runId: 'r2' }, {});
    expect(second).to.deep.include({ reason: 'error' });
    expect(await first).to.deep.include({ reason: 'answer', text: 'Shipped.' });
    expect(state.history.map((m) => m.role)).to.deep.equal(['user', 'assistant']);
    expect(requests()).to.equal(1);
  });

  it('ends a run in its setup step when that step gives a final event, without asking the model', async () => {
    const { start, requests } = starter([{ text: 'never' }]);
    const final = await start.begin('Cannot send', { runId: 'r1' }, { before: async () => ({ type: 'final', reason: 'answer', text: 'done before' }) });
    expect([final.text, requests()]).to.deep.equal(['done before', 0]);
  });

  it('refuses to resume when no run was interrupted, asking nothing', async () => {
    const { start, sent, requests } = starter([{ text: 'never' }]);
    const final = await start.resume('r1');
    expect(final.reason).to.equal('error');
    expect(sent.filter((e) => e.type === 'error').map((e) => (e as { code?: string }).code)).to.deep.equal(['bad-request']);
    expect(requests()).to.equal(0);
  });
});

describe('AttachmentShelf.userMessage', () => {
  const notes = { name: 'notes.txt', type: 'text/plain', data: 'Order 7 ships Monday.' };

  it('is the plain message without files, or when the send cannot start (nothing is kept for a refused send)', async () => {
    const shelf = new AttachmentShelf({ thread: () => undefined, options: () => undefined });
    // Given at once, not as a promise: the send's run starts in the same turn, so a clear right after it is "busy".
    expect(shelf.userMessage('Hi', undefined, true) instanceof Promise).to.equal(false);
    expect(await shelf.userMessage('Hi', undefined, true)).to.deep.equal({ message: { role: 'user', content: 'Hi' } });
    expect(await shelf.userMessage('Hi', [notes], false)).to.deep.equal({ message: { role: 'user', content: 'Hi' } });
  });

  it('keeps the files before the message is sent, their records on the message; a refused file refuses the send with an error', async () => {
    const shelf = new AttachmentShelf({ thread: () => undefined, options: () => undefined });
    const user = await shelf.userMessage('Look', [notes], true);
    if (user instanceof Error) throw user;
    const records = (user.message as { attachments?: { id: string }[] }).attachments ?? [];
    expect([records.length, user.files?.records[0]?.id]).to.deep.equal([1, records[0]?.id]);
    const id = records[0]?.id ?? '';
    expect((await shelf.read(id))?.size).to.equal(notes.data.length);
    const refused = await new AttachmentShelf({ thread: () => undefined, options: () => false }).userMessage('Look', [notes], true);
    expect(refused instanceof Error ? refused.message : 'not refused').to.match(/^Nothing was sent/);
  });
});
