// A thread in AG-UI's event form (issue 39 §2): `threads.export(id, { format:
// 'ag-ui' })` writes a conversation as AG-UI 1.0 events that the official
// client verifies and applies back to the same conversation, and `import`
// reads such a file through that client — for a thread of the in-page loop
// (text, a tool call with its result, an image) and one made against a
// remote AG-UI server (the test runner's, with the official encoder).
import { expect } from 'chai';
import { z } from 'zod';
import { from, lastValueFrom, toArray } from 'rxjs';
import { verifyEvents, type BaseEvent, type Message } from '@ag-ui/client';
import { createAgent } from '../../src/page/create-agent.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { mockEndpoint, textTurn, toolCallTurn } from '../../src/testing/index.js';
import type { Agent } from '../../src/types.js';
import { aguiScript, remoteAgent, run, text } from './support.js';

const made: Agent[] = [];
afterEach(() => made.splice(0).forEach((a) => a.dispose()));

/** A 1×1 red PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const pngBlob = () => new Blob([Uint8Array.from(atob(PNG), (c) => c.charCodeAt(0))], { type: 'image/png' });

interface AgUiFile { format: string; protocolVersion: string; threadId: string; title: string; events: Array<BaseEvent & Record<string, unknown>> }

describe('threads.export(id, { format: "ag-ui" }) and import', function () {
  this.timeout(90_000);

  it('writes a local conversation as AG-UI events the official client verifies, and imports it back whole', async () => {
    const lookup = defineTool({ name: 'lookup', description: 'Looks a colour up', parameters: z.object({ colour: z.string() }), execute: async ({ colour }) => ({ colour, hex: '#ff0000' }) });
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'call_l', name: 'lookup', args: { colour: 'red' } }]), textTurn('It is a red pixel.', { usage: { prompt_tokens: 30, completion_tokens: 6 } })] });
    const thread = `agui-export-${crypto.randomUUID()}`;
    const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', tools: [lookup], thread });
    made.push(agent);
    const final = await agent.send('What is this?', { attachments: [{ name: 'pixel.png', type: 'image/png', data: pngBlob() }] }).done;
    expect(final.reason).to.equal('answer');

    const file = JSON.parse(await agent.threads.export(thread, { format: 'ag-ui' })) as AgUiFile;
    expect(file).to.deep.include({ format: 'ag-ui-events', protocolVersion: '1.0', threadId: thread });
    // The official client's verification accepts the stream as it is.
    const verified = await lastValueFrom(from(file.events).pipe(verifyEvents(), toArray()));
    expect(verified).to.have.length(file.events.length);
    const types = file.events.map((e) => e.type);
    expect(types[0]).to.equal('RUN_STARTED');
    expect(types.at(-1)).to.equal('RUN_FINISHED');
    expect(types.at(-2)).to.equal('MESSAGES_SNAPSHOT');
    const userStart = file.events.find((e) => e.type === 'TEXT_MESSAGE_START' && e.role === 'user');
    expect(userStart, "the user's words as a user text message").to.exist;
    for (const t of ['TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'TOOL_CALL_RESULT']) expect(types).to.include(t);
    expect(file.events.at(-1)!.usage).to.deep.equal([{ inputTokens: 30, outputTokens: 6, totalTokens: 36 }]);
    const snapshot = file.events.at(-2)!.messages as Message[];
    expect(snapshot.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'tool', 'assistant']);
    const [user] = snapshot;
    expect(user!.id, 'one id for the user message in both forms').to.equal(userStart!.messageId);
    expect(user!.content).to.deep.equal([{ type: 'text', text: 'What is this?' }, { type: 'image', source: { type: 'data', value: (user!.content as Array<{ source?: { value: string } }>)[1]!.source!.value, mimeType: 'image/png' }, metadata: { name: 'pixel.png' } }]);
    expect(snapshot[2]).to.deep.include({ role: 'tool', toolCallId: 'call_l' });

    // Back in: the same conversation, its image with its bytes, its runs re-rendered.
    const original = await agent.messages();
    const id = await agent.threads.import(JSON.stringify(file));
    expect(id).to.not.equal(thread);
    const reader = createAgent({ baseURL: mock.baseURL, model: 'mock-model', thread: id });
    made.push(reader);
    await reader.ready;
    const back = await reader.messages();
    expect(back.map((m) => m.role)).to.deep.equal(original.map((m) => m.role));
    expect(back[0]).to.deep.include({ role: 'user', content: 'What is this?' });
    const image = back[0]!.role === 'user' ? back[0]!.attachments?.[0] : undefined;
    expect(image).to.deep.include({ name: 'pixel.png', type: 'image/png', kind: 'image' });
    const bytes = await reader.attachment(image!.id);
    expect(new Uint8Array(await bytes!.arrayBuffer())).to.deep.equal(new Uint8Array(await pngBlob().arrayBuffer()));
    expect(back[1]).to.deep.equal(original[1]);
    expect(back[2]).to.deep.equal(original[2]);
    expect(back[3]).to.deep.equal(original[3]);
    const events = await reader.events();
    const start = events.find((e) => e.type === 'run-start');
    expect(start).to.deep.include({ input: 'What is this?' });
    expect(start?.type === 'run-start' && start.attachments?.[0]?.name).to.equal('pixel.png');
    expect(events.filter((e) => e.type === 'tool-result').map((e) => e.type === 'tool-result' && e.result)).to.deep.equal([{ colour: 'red', hex: '#ff0000' }]);
    expect(events.find((e) => e.type === 'final')).to.deep.include({ reason: 'answer', text: 'It is a red pixel.' });
  });

  it("keeps a remote AG-UI thread's server thread id and message ids", async () => {
    const server = await aguiScript([run(text('srv-m1', 'Hello', ' from the server'))]);
    const thread = `agui-remote-${crypto.randomUUID()}`;
    const { agent } = remoteAgent({ url: server.url }, { thread });
    await agent.send('Hi').done;
    const [received] = await server.log();
    const file = JSON.parse(await agent.threads.export(thread, { format: 'ag-ui' })) as AgUiFile;
    expect(file.threadId).to.equal(received!.input.threadId);
    expect(file.events[0]).to.deep.include({ type: 'RUN_STARTED', threadId: received!.input.threadId });
    const snapshot = file.events.find((e) => e.type === 'MESSAGES_SNAPSHOT')!.messages as Message[];
    expect(snapshot.map((m) => [m.id, m.role, m.content])).to.deep.equal([[received!.input.messages[0]!.id, 'user', 'Hi'], ['srv-m1', 'assistant', 'Hello from the server']]);
    await lastValueFrom(from(file.events).pipe(verifyEvents(), toArray()));
    // Imported, it carries the same server thread on.
    const id = await agent.threads.import(file as unknown as Parameters<Agent['threads']['import']>[0]);
    const reader = remoteAgent({ url: server.url }, { thread: id }).agent;
    await reader.ready;
    expect(await reader.messages()).to.deep.equal([{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello from the server' }]);
    expect((await reader.events()).findLast((e) => e.type === 'remote-thread')).to.deep.include({ threadId: received!.input.threadId, messageIds: [received!.input.messages[0]!.id, 'srv-m1'] });
  });

  it('refuses an AG-UI file whose events are out of order, in the official client\'s words, storing nothing', async () => {
    const mock = await mockEndpoint({ turns: [] });
    const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', thread: `agui-bad-${crypto.randomUUID()}` });
    made.push(agent);
    const before = (await agent.threads.list()).length;
    const bad = { format: 'ag-ui-events', protocolVersion: '1.0', threadId: 't', events: [{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'nope', delta: 'x' }, { type: 'RUN_FINISHED', threadId: 't', runId: 'r' }] };
    const refused = await agent.threads.import(JSON.stringify(bad)).then(() => undefined, (err: unknown) => err as Error & { code?: string });
    expect(refused?.message).to.match(/Cannot import the thread: .*No active text message found with ID 'nope'/);
    expect(refused?.code).to.equal('bad-request');
    expect((await agent.threads.list()).length).to.equal(before);
    expect(() => agent.threads.export('x', { format: 'xml' as 'ag-ui' })).to.throw(/"pageloop" or "ag-ui"/);
  });
});
