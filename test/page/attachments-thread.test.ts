// Attachments kept with the thread: real agents (workers, IndexedDB) against the mock —
// shown again after a reload and to a follower, carried by export/import, deleted
// with the thread; and a full disk that leaves the message sent but its bytes unkept.
import { expect } from 'chai';
import { createAgent } from '../../src/page/create-agent.js';
import { AgentSession } from '../../src/agent/agent-session.js';
import { createOpenAIModel } from '../../src/model/openai-model.js';
import { ThreadStore, type ThreadStorage } from '../../src/store/thread-store.js';
import { toStorageError } from '../../src/store/storage-errors.js';
import type { Agent, AgentEvent, AgentOptions, Attachment } from '../../src/types.js';
import { mockEndpoint, type MockLogEntry } from '../../src/testing/mock-endpoint.js';
import { textTurn } from '../../src/testing/chunks.js';
import { picture } from './pictures.js';

const agents: Agent[] = [];
function agentFor(baseURL: string, options: Partial<AgentOptions> = {}): Agent {
  const agent = createAgent({ baseURL, model: 'mock-model', maxRetries: 0, approval: 'auto', ...options });
  agents.push(agent);
  return agent;
}
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

async function collect(run: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const e of run) events.push(e);
  return events;
}

async function until<T>(test: () => T | undefined | null | false, what: string, ms = 15000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = test();
    if (value) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const bytesOf = async (blob: Blob | undefined) => (blob ? [...new Uint8Array(await blob.arrayBuffer())] : undefined);
const startOf = (events: AgentEvent[]) => events.find((e) => e.type === 'run-start') as Extract<AgentEvent, { type: 'run-start' }>;
const chats = (log: MockLogEntry[]) => log.filter((e) => e.path === '/v1/chat/completions');
const newThread = () => `files-${crypto.randomUUID()}`;

describe('attachments kept with the thread', () => {
  it('a reload shows the same attachments: records in events and messages, bytes from IndexedDB', async () => {
    const thread = newThread();
    const mock = await mockEndpoint({ turns: [textTurn('Seen.')] });
    const first = agentFor(mock.baseURL, { thread });
    const photo = new File([await picture(800, 600)], 'desk.jpg', { type: 'image/jpeg' });
    const sent = startOf(await collect(first.send('Look', { attachments: [photo, { name: 'todo.md', type: 'text/markdown', data: '- buy milk' }] })));
    const shown = await Promise.all(sent.attachments!.map((a) => first.attachment(a.id).then(bytesOf)));
    first.dispose();

    const reloaded = agentFor(mock.baseURL, { thread });
    const events = await reloaded.events();
    expect(startOf(events).attachments).to.deep.equal(sent.attachments);
    expect((await reloaded.messages())[0]).to.deep.include({ attachments: sent.attachments });
    for (const [i, a] of sent.attachments!.entries()) expect(await reloaded.attachment(a.id).then(bytesOf)).to.deep.equal(shown[i]);
  });

  it('a follower (a second agent on the thread) hears of the files and reads their bytes at once', async () => {
    const thread = newThread();
    const mock = await mockEndpoint({ turns: [textTurn('Got it.')] });
    const writer = agentFor(mock.baseURL, { thread });
    await writer.ready;
    const follower = agentFor(mock.baseURL, { thread });
    const heard: AgentEvent[] = [];
    follower.on((e) => heard.push(e));
    await until(() => heard.some((e) => e.type === 'thread-lock' && e.state === 'follower'), 'the second agent to follow');
    const png = await picture(120, 90, 'image/png');
    await collect(writer.send('Here', { attachments: [new File([png], 'tiny.png', { type: 'image/png' })] }));
    const start = await until(() => heard.find((e): e is Extract<AgentEvent, { type: 'run-start' }> => e.type === 'run-start'), 'the follower to hear the run');
    const [record] = start.attachments!;
    expect(record).to.include({ name: 'tiny.png', width: 120, height: 90 });
    expect(await follower.attachment(record!.id).then(bytesOf)).to.deep.equal(await bytesOf(png));
  });

  it('export carries the bytes (originals too) and import round-trips them; deleting the thread deletes them', async () => {
    const thread = newThread();
    const mock = await mockEndpoint({ turns: [textTurn('Nice.')] });
    const agent = agentFor(mock.baseURL, { thread, attachments: { imageLongEdge: 256, keepOriginal: true } });
    const photo = await picture(1024, 512);
    const start = startOf(await collect(agent.send('Photo', { attachments: [new File([photo], 'wide.jpg', { type: 'image/jpeg' })] })));
    const [record] = start.attachments!;
    expect(record).to.deep.include({ width: 256, height: 128, original: { size: photo.size, width: 1024, height: 512, kept: true } });
    const sentBytes = await agent.attachment(record!.id).then(bytesOf);
    expect(await agent.attachment(record!.id, { original: true }).then(bytesOf)).to.deep.equal(await bytesOf(photo));

    const file = await agent.threads.export(thread);
    const parsed = JSON.parse(file) as { attachments: Record<string, { type: string; data: string; original?: { type: string } }>; events: AgentEvent[] };
    expect(Object.keys(parsed.attachments)).to.deep.equal([record!.id]);
    expect(parsed.attachments[record!.id]).to.deep.include({ type: 'image/jpeg' });
    expect(parsed.attachments[record!.id]!.original!.type).to.equal('image/jpeg');
    // Bytes only in their section: the events carry the record.
    expect(JSON.stringify(parsed.events)).not.to.contain(parsed.attachments[record!.id]!.data.slice(0, 40));

    await agent.threads.delete(thread);
    expect(await agent.attachment(record!.id)).to.equal(undefined);
    const fresh = agentFor(mock.baseURL, { thread });
    expect(await fresh.attachment(record!.id)).to.equal(undefined);

    const imported = await fresh.threads.import(file);
    const opened = agentFor(mock.baseURL, { thread: imported });
    expect(startOf(await opened.events()).attachments).to.deep.equal(start.attachments);
    expect(await opened.attachment(record!.id).then(bytesOf)).to.deep.equal(sentBytes);
    expect(await opened.attachment(record!.id, { original: true }).then(bytesOf)).to.deep.equal(await bytesOf(photo));
  });

  it('an import whose attachments section is broken is refused whole, nothing stored', async () => {
    const mock = await mockEndpoint({ turns: [] });
    const agent = agentFor(mock.baseURL);
    const file = { format: 'pageloop-thread', schema: 2, id: newThread(), title: 't', createdAt: 1, updatedAt: 1, messages: [], events: [], attachments: { a1: { type: 'image/png' } } };
    const err = await agent.threads.import(JSON.stringify(file)).then(() => undefined, (e: Error) => e);
    expect(err?.message).to.contain('attachment "a1" is not { type, data }');
    expect((await agent.threads.list()).some((t) => t.id === file.id)).to.equal(false);
  });
});

describe('attachments on a full disk', () => {
  it('the message still goes out with its image, an attachments-not-kept event says so, and the bytes stay readable in this session', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('A square.')] });
    const real = new ThreadStore(`files-quota-${crypto.randomUUID()}`);
    // The browser's answer when the origin's quota is used up, as IndexedDB reports it.
    const full: ThreadStorage = {
      load: (id) => real.load(id),
      write: (change) => real.write(change),
      replace: (record, files) => real.replace(record, files),
      list: () => real.list(),
      rename: (id, title) => real.rename(id, title),
      delete: (id) => real.delete(id),
      lockName: (id) => real.lockName(id),
      getAttachment: (thread, id) => real.getAttachment(thread, id),
      putAttachments: async () => {
        throw toStorageError(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
      },
    };
    const events: AgentEvent[] = [];
    const session = new AgentSession({ baseURL: mock.baseURL, model: 'mock-model', thread: 'full-disk' }, [], {
      host: { emit: (batch) => events.push(...batch), checkTool: async () => ({ status: 'invalid', error: '' }), runTool: async () => ({ status: 'error', error: '' }), abortTool: () => {} },
      createModel: (c) => createOpenAIModel({ baseURL: c.baseURL, model: c.model, maxRetries: 0 }),
      store: full,
    });
    await session.load();
    const png = await picture(64, 48, 'image/png');
    const final = await session.send('r1', 'What shape?', { attachments: [new File([png], 'square.png', { type: 'image/png' })] });
    expect(final).to.include({ reason: 'answer', text: 'A square.' });
    const start = startOf(events);
    const notice = events.find((e) => e.type === 'attachments-not-kept') as Extract<AgentEvent, { type: 'attachments-not-kept' }>;
    expect(notice.ids).to.deep.equal(start.attachments!.map((a: Attachment) => a.id));
    expect(notice.message).to.equal(`"square.png" was sent but not kept with the conversation (the browser's storage for this site is full): after a reload it will be missing.`);
    expect(events.indexOf(notice)).to.equal(events.indexOf(start) + 1);
    expect(chats(await mock.log())[0]!.parts!.filter((p) => p.type === 'image_url')).to.have.length(1);
    expect(await session.files.read(start.attachments![0]!.id).then(bytesOf)).to.deep.equal(await bytesOf(png));
    // The thread itself was stored: a reload shows the message, its image missing.
    const reloaded = new AgentSession({ baseURL: mock.baseURL, model: 'mock-model', thread: 'full-disk' }, [], {
      host: { emit: () => {}, checkTool: async () => ({ status: 'invalid', error: '' }), runTool: async () => ({ status: 'error', error: '' }), abortTool: () => {} },
      createModel: () => createOpenAIModel({ baseURL: mock.baseURL, model: 'mock-model' }),
      store: real,
    });
    await reloaded.load();
    expect(reloaded.messages()[0]).to.deep.include({ content: 'What shape?' });
    expect(await reloaded.files.read(start.attachments![0]!.id)).to.equal(undefined);
    session.close();
    reloaded.close();
    await real.close();
  });
});
