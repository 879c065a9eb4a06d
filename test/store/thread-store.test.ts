import { expect } from 'chai';
import { openDB } from 'idb';
import { ThreadStore, readThread, THREAD_SCHEMA_VERSION } from '../../src/store/thread-store.js';
import { upgradeV1Events } from '../../src/thread-format.js';
import { AgentSession } from '../../src/agent/agent-session.js';
import { scriptedModel } from '../../src/testing/scripted-model.js';
import type { ChatMessage } from '../../src/types.js';
import type { TraceChange, TraceSpan } from '../../src/trace-types.js';

const fixture = async (version: number) => (await (await fetch(new URL(`../fixtures/thread-schema-${version}.json`, import.meta.url))).json()) as unknown;
const dbName = () => `test-threads-${crypto.randomUUID()}`;

/** A span named `name`, ended at `end` (open without one). */
const span = (name: string, end?: number): TraceSpan => ({ traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), name, runId: 'r', startTime: 1, ...(end === undefined ? {} : { endTime: end }), status: 'unset', attributes: { 'gen_ai.operation.name': 'invoke_agent' }, events: [] });

describe('thread store: schema versions', () => {
  it('reads the saved schema-1 example and fills in the run-start input', async () => {
    const record = readThread(await fixture(1));
    expect(record.schema).to.equal(THREAD_SCHEMA_VERSION);
    expect(record.messages).to.have.length(2);
    expect(record.events[0]).to.deep.equal({ type: 'run-start', runId: 'r1', input: 'Cancel order 42' });
    expect(record.title).to.equal('Cancel order 42');
    expect(record.events.at(-1)!.type).to.equal('approval-request');
  });

  it('reads the saved schema-2 example (the thread file) as it is', async () => {
    const file = (await fixture(2)) as { events: unknown[] };
    const record = readThread(file);
    expect(record.title).to.equal('Where is order 42?');
    expect(record.messages).to.have.length(5);
    expect(record.events).to.deep.equal(file.events);
  });

  it('schema 1: pairs run-starts with user messages, leaves retries without input, marks built-in calls', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'a' },
      { role: 'user', content: 'second' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'task_complete', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'c', content: 'done' },
    ];
    const events = upgradeV1Events(messages, [
      { type: 'run-start', runId: 'r1' },
      { type: 'final', reason: 'answer', text: 'a' },
      { type: 'run-start', runId: 'r2' },
      { type: 'error', message: 'down', retryable: true },
      { type: 'final', reason: 'error', text: 'down' },
      { type: 'run-start', runId: 'r3' },
      { type: 'tool-call', callId: 'c', name: 'task_complete', args: {} },
      { type: 'tool-result', callId: 'c', name: 'task_complete', result: 'done', status: 'ok' },
      { type: 'tool-call', callId: 'd', name: 'lookup', args: {} },
    ]);
    expect(events.filter((e) => e.type === 'run-start')).to.deep.equal([
      { type: 'run-start', runId: 'r1', input: 'first' },
      { type: 'run-start', runId: 'r2', input: 'second' },
      { type: 'run-start', runId: 'r3' },
    ]);
    expect(events.filter((e) => e.type === 'tool-call' || e.type === 'tool-result').map((e) => 'builtin' in e && e.builtin)).to.deep.equal([true, true, false]);
  });

  it('refuses a future schema or a malformed record instead of misreading it', () => {
    expect(() => readThread({ schema: 99, id: 'x', messages: [], events: [] })).to.throw(/schema 99/);
    expect(() => readThread({ nonsense: true })).to.throw(/schema/);
    expect(() => readThread({ schema: 2, id: 'x', messages: [], events: [] })).to.throw(/format/);
    expect(() => readThread({ schema: 1, id: 'x', messages: [{ role: 'tool', content: 'no id' }] })).to.throw(/message 0/);
  });

  it('opens a database written by schema 1 and migrates its threads in place', async () => {
    const name = dbName();
    const v1 = await openDB(name, 1, { upgrade: (db) => db.createObjectStore('threads', { keyPath: 'id' }) });
    await v1.put('threads', await fixture(1));
    await v1.put('threads', { schema: 7, id: 'unknown', messages: [] });
    v1.close();
    const store = new ThreadStore(name);
    const record = (await store.load('saved-thread'))!;
    expect(record.messages).to.have.length(2);
    expect(record.events[0]).to.deep.include({ type: 'run-start', input: 'Cancel order 42' });
    expect((await store.list()).map((t) => [t.id, t.title, t.messageCount])).to.deep.include(['saved-thread', 'Cancel order 42', 2]);
    await store.close();
  });
});

describe('thread store: writes', () => {
  it('appends event batches and merges a text split across them when read', async () => {
    const store = new ThreadStore(dbName());
    const meta = (nextSeq: number, messageCount: number) => ({ schema: 2, id: 't', title: 't', createdAt: 1, updatedAt: 2, messageCount, nextSeq });
    await store.write({ meta: meta(1, 1), events: [{ seq: 0, events: [{ type: 'run-start', runId: 'r' }, { type: 'text', delta: 'Hel' }] }], messages: { from: 0, list: [{ role: 'user', content: 'hi' }] } });
    await store.write({ meta: meta(2, 2), events: [{ seq: 1, events: [{ type: 'text', delta: 'lo' }] }], messages: { from: 1, list: [{ role: 'assistant', content: 'Hello' }] } });
    const record = (await store.load('t'))!;
    expect(record.events).to.deep.equal([{ type: 'run-start', runId: 'r' }, { type: 'text', delta: 'Hello' }]);
    expect(record.messages).to.deep.equal([{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'Hello' }]);
    expect(record.nextSeq).to.equal(2);
    await store.close();
  });

  it('a write that fails stores none of itself and leaves the earlier thread intact', async () => {
    const store = new ThreadStore(dbName());
    const meta = { schema: 2, id: 't', title: 't', createdAt: 1, updatedAt: 2, messageCount: 1, nextSeq: 1 };
    await store.write({ meta, events: [{ seq: 0, events: [{ type: 'run-start', runId: 'r' }] }], messages: { from: 0, list: [{ role: 'user', content: 'hi' }] } });
    // A function cannot be cloned into IndexedDB: the second put of the transaction throws.
    const bad = { role: 'assistant', content: 'x', extra: () => {} } as unknown as ChatMessage;
    const failed = await store
      .write({ meta: { ...meta, messageCount: 2, nextSeq: 2 }, events: [{ seq: 1, events: [{ type: 'text', delta: 'lost' }] }], messages: { from: 1, list: [bad] } })
      .then(() => undefined, (err: { code: string }) => err);
    expect(failed?.code).to.match(/^storage/);
    const record = (await store.load('t'))!;
    expect(record.messages).to.have.length(1);
    expect(record.events).to.deep.equal([{ type: 'run-start', runId: 'r' }]);
    await store.close();
  });

  it('fails with storage-blocked, not a hang, when another tab keeps an old version open', async () => {
    const name = dbName();
    const old = await openDB(name, 1, { upgrade: (db) => db.createObjectStore('threads', { keyPath: 'id' }) });
    // `old` ignores versionchange, as a tab running an older pageloop would.
    const store = new ThreadStore(name);
    const err = await store.opened().then(() => undefined, (e: { code: string }) => e);
    expect(err?.code).to.equal('storage-blocked');
    old.close();
    await store.close();
  });

  it('closes itself when another tab upgrades, and later calls fail with storage-blocked', async () => {
    const name = dbName();
    const store = new ThreadStore(name);
    await store.opened();
    const newer = await openDB(name, 6);
    newer.close();
    const err = await store.list().then(() => undefined, (e: { code: string }) => e);
    expect(err?.code).to.equal('storage-blocked');
  });

  it('opens a version-2 database (no traces) keeping its threads, then stores, reloads and deletes a trace', async () => {
    const name = dbName();
    const record = readThread(await fixture(2));
    const v2 = await openDB(name, 2, {
      upgrade(db) {
        db.createObjectStore('threads', { keyPath: 'id' });
        db.createObjectStore('messages', { keyPath: ['thread', 'index'] });
        db.createObjectStore('events', { keyPath: ['thread', 'seq'] });
      },
    });
    const meta = { schema: 2, id: record.id, title: record.title, createdAt: 1, updatedAt: 2, messageCount: record.messages.length, nextSeq: 1 };
    await v2.put('threads', meta);
    for (const [index, message] of record.messages.entries()) await v2.put('messages', { thread: record.id, index, message });
    await v2.put('events', { thread: record.id, seq: 0, events: record.events });
    v2.close();
    const store = new ThreadStore(name);
    const loaded = (await store.load(record.id))!;
    expect(loaded.messages).to.deep.equal(record.messages);
    expect(loaded.trace).to.equal(undefined);
    const trace = { spans: [span('invoke_agent', 2)], dropped: 3 };
    await store.write({ meta: { ...meta, nextSeq: 1 }, events: [], messages: { from: record.messages.length, list: [] }, trace: { put: [{ n: 0, span: trace.spans[0]! }], gone: 'all', dropped: 3 } });
    expect((await store.load(record.id))!.trace).to.deep.equal(trace);
    await store.delete(record.id);
    await store.replace({ ...record, trace: undefined });
    expect((await store.load(record.id))!.trace).to.equal(undefined);
    await store.close();
  });

  it('stores a trace span by span: a write puts the spans that changed and deletes the ones dropped, and a load reads them in order with their numbers', async () => {
    const store = new ThreadStore(dbName());
    const record = readThread(await fixture(2));
    await store.replace(record);
    const meta = { schema: 2, id: record.id, title: record.title, createdAt: 1, updatedAt: 2, messageCount: record.messages.length, nextSeq: 1 };
    const write = (trace: TraceChange) => store.write({ meta, events: [], messages: { from: record.messages.length, list: [] }, trace });
    await write({ put: [0, 1, 2].map((n) => ({ n, span: span(`s${n}`, n === 0 ? undefined : n) })), gone: 'all', dropped: 0 });
    // The run's span ends, s1 and s2 are dropped, s3 opens.
    await write({ put: [{ n: 0, span: span('s0', 9) }, { n: 3, span: span('s3') }], gone: [1, 2], dropped: 2 });
    const loaded = (await store.load(record.id))!;
    expect(loaded.trace).to.deep.equal({ spans: [span('s0', 9), span('s3')], dropped: 2 });
    expect(loaded.traceNumbers).to.deep.equal([0, 3]);
    // A whole change replaces every stored span.
    await write({ put: [{ n: 7, span: span('fresh', 1) }], gone: 'all', dropped: 0 });
    expect((await store.load(record.id))!.trace).to.deep.equal({ spans: [span('fresh', 1)], dropped: 0 });
    await store.delete(record.id);
    await store.replace(record);
    expect((await store.load(record.id))!.trace).to.equal(undefined);
    await store.close();
  });

  it('opens a version-4 database, turning each whole trace into its spans, numbered in order', async () => {
    const name = dbName();
    const record = readThread(await fixture(2));
    const v4 = await openDB(name, 4, {
      upgrade(db) {
        db.createObjectStore('threads', { keyPath: 'id' });
        db.createObjectStore('messages', { keyPath: ['thread', 'index'] });
        db.createObjectStore('events', { keyPath: ['thread', 'seq'] });
        db.createObjectStore('traces', { keyPath: 'thread' });
        db.createObjectStore('attachments', { keyPath: ['thread', 'id'] });
      },
    });
    await v4.put('threads', { schema: 2, id: record.id, title: record.title, createdAt: 1, updatedAt: 2, messageCount: record.messages.length, nextSeq: 1 });
    for (const [index, message] of record.messages.entries()) await v4.put('messages', { thread: record.id, index, message });
    await v4.put('events', { thread: record.id, seq: 0, events: record.events });
    const trace = { spans: [span('invoke_agent', 5), span('chat m', 3), span('execute_tool x')], dropped: 4 };
    await v4.put('traces', { thread: record.id, trace });
    v4.close();
    const store = new ThreadStore(name);
    const loaded = (await store.load(record.id))!;
    expect(loaded.messages).to.deep.equal(record.messages);
    expect(loaded.trace).to.deep.equal(trace);
    expect(loaded.traceNumbers).to.deep.equal([0, 1, 2]);
    await store.close();
  });

  it('renames, lists newest first and deletes a thread with all its records', async () => {
    const store = new ThreadStore(dbName());
    const record = readThread(await fixture(2));
    await store.replace(record);
    await store.replace({ ...record, id: 'older', updatedAt: 1 });
    await store.rename('saved-thread-2', 'Order 42');
    expect((await store.list()).map((t) => [t.id, t.title])).to.deep.equal([['saved-thread-2', 'Order 42'], ['older', 'Where is order 42?']]);
    await store.delete('saved-thread-2');
    expect(await store.load('saved-thread-2')).to.equal(undefined);
    expect((await store.load('older'))!.messages).to.have.length(5);
    await store.close();
  });

  it('a reloaded schema-1 thread left mid-approval waits again; a new message answers the call first, so the history stays valid', async () => {
    const store = new ThreadStore(dbName());
    await store.replace({ ...readThread(await fixture(1)), id: 'reloaded' });
    const session = new AgentSession({ baseURL: '/unused', model: 'm', thread: 'reloaded' }, [], {
      host: { emit: () => {}, checkTool: async () => ({ status: 'invalid', error: '' }), runTool: async () => ({ status: 'error', error: '' }), abortTool: () => {} },
      createModel: () => scriptedModel([{ text: 'Moving on.' }]),
      store,
    });
    await session.load();
    expect(session.pending()).to.deep.equal([{ callId: 'call_1', name: 'cancel_order', args: { id: '42' } }]);
    await session.send('r2', 'never mind');
    const history = session.messages();
    expect(history.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'tool', 'user', 'assistant']);
    expect(history[2]).to.deep.include({ role: 'tool', tool_call_id: 'call_1' });
    expect(session.pending()).to.deep.equal([]);
    expect((await store.load('reloaded'))!.messages).to.have.length(5);
    await store.close();
  });
});
