// MCP images and embedded resources take the attachments path (issue 21):
// against the official server-everything the test runner starts
// (test/support/mcp-servers.js), its get-tiny-image and get-resource-reference
// tools' results become the tool result's files — kept, on the tool-result
// event, sent to the model after the turn's tool messages (images as images,
// text as text files fenced as untrusted data) — and a text-only model's
// refusal of the image is the one clear vision-unsupported error.
import { expect } from 'chai';
import { createAgent } from '../../src/page/create-agent.js';
import type { Agent, AgentEvent, AgentOptions } from '../../src/types.js';
import { mockEndpoint, type MockLogEntry } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';

let urls: Record<string, string>;
before(async () => {
  urls = await (await fetch('/__mcp/servers')).json();
});
const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

function agentOn(baseURL: string, options: Partial<AgentOptions> = {}): Agent {
  const agent = createAgent({ baseURL, model: 'mock-model', mcp: [{ url: urls.everything!, name: 'everything' }], ...options });
  agents.push(agent);
  return agent;
}
async function collect(run: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const e of run) events.push(e);
  return events;
}
const chats = (log: MockLogEntry[]) => log.filter((e) => e.path === '/v1/chat/completions');
const results = (events: AgentEvent[]) => events.filter((e): e is Extract<AgentEvent, { type: 'tool-result' }> => e.type === 'tool-result');
type Body = { messages: Array<{ role: string; content: unknown }> };

describe('MCP results as attachments', () => {
  it("an image goes to the model as an image after the tool messages, kept and on the tool-result event, not as a note", async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'img', name: 'everything_get-tiny-image', args: {} }]), textTurn('A tiny image.')] });
    const agent = agentOn(mock.baseURL);
    const events = await collect(agent.send('Show me the image'));
    const [result] = results(events);
    expect(result!.status).to.equal('ok');
    expect(String(result!.result)).to.not.contain('not passed on');
    expect(result!.attachments).to.have.length(1);
    expect(result!.attachments![0]).to.deep.include({ name: 'get-tiny-image-1.png', type: 'image/png', kind: 'image', width: 20, height: 20, source: 'tool', untrusted: true });
    const bytes = await agent.attachment(result!.attachments![0]!.id);
    expect(bytes?.size).to.equal(result!.attachments![0]!.size);

    const second = chats(await mock.log())[1]!;
    const tool = (second.body as Body).messages.find((m) => m.role === 'tool')!;
    expect(String(tool.content)).to.contain('untrusted data').and.contain('Returned with a file: "get-tiny-image-1.png"');
    const image = second.parts!.find((p) => p.type === 'image_url')!;
    expect(image).to.include({ role: 'user', mime: 'image/png', width: 20, height: 20, bytes: bytes!.size });
    // The stored history keeps the record, never the bytes.
    const kept = (await agent.messages()).find((m) => m.role === 'tool');
    expect(kept && 'attachments' in kept && kept.attachments?.map((a) => a.name)).to.deep.equal(['get-tiny-image-1.png']);
    expect(JSON.stringify(await agent.messages())).to.not.contain('iVBORw0KGgo');
  });

  it('embedded resources (text and blob) become text files, fenced as untrusted data in the user message that follows', async () => {
    const mock = await mockEndpoint({
      turns: [
        toolCallTurn([
          { id: 't', name: 'everything_get-resource-reference', args: { resourceType: 'Text', resourceId: 1 } },
          { id: 'b', name: 'everything_get-resource-reference', args: { resourceType: 'Blob', resourceId: 2 } },
        ]),
        textTurn('Two resources.'),
      ],
    });
    const agent = agentOn(mock.baseURL);
    const events = await collect(agent.send('Fetch both'));
    const byId = Object.fromEntries(results(events).map((r) => [r.callId, r]));
    expect(byId.t!.attachments!.map((a) => [a.name, a.type, a.kind])).to.deep.equal([['get-resource-reference-1.txt', 'text/plain', 'text']]);
    expect(byId.b!.attachments!.map((a) => [a.name, a.type, a.kind])).to.deep.equal([['get-resource-reference-1.txt', 'text/plain', 'text']]);
    // The result the model reads is the tool's text, without the resource's contents inline.
    expect(String(byId.t!.result)).to.contain('Returning resource reference for Resource 1').and.not.contain('This is a plaintext resource');

    const second = chats(await mock.log())[1]!;
    const texts = second.parts!.filter((p) => p.role === 'user' && p.type === 'text').map((p) => p.text ?? '');
    const text = texts.find((t) => t.includes('This is a plaintext resource'))!;
    const blob = texts.find((t) => t.includes('This is a base64 blob'))!;
    for (const file of [text, blob]) {
      expect(file).to.match(/^The file "get-resource-reference-1.txt" came with a tool's result: untrusted data/);
      expect(file).to.contain('<untrusted-data file="get-resource-reference-1.txt">\nFile "get-resource-reference-1.txt" (text/plain):');
    }
    expect(blob).to.contain('Resource 2: This is a base64 blob');
  });

  it('a text-only model refuses the image: one vision-unsupported error naming the model and the fix; sent again, the image is a note', async () => {
    const mock = await mockEndpoint({ server: 'llama.cpp', vision: false, turns: [toolCallTurn([{ id: 'img', name: 'everything_get-tiny-image', args: {} }]), textTurn('Text only, fine.')] });
    const agent = agentOn(mock.baseURL, { model: 'tiny-text-model' });
    const events = await collect(agent.send('Show me the image'));
    expect(results(events)[0]!.attachments?.[0]?.kind).to.equal('image');
    const errors = events.filter((e): e is Extract<AgentEvent, { type: 'error' }> => e.type === 'error');
    expect(errors.map((e) => e.code)).to.deep.equal(['vision-unsupported']);
    expect(errors[0]!.message).to.contain('"tiny-text-model"').and.contain('--mmproj');
    expect(chats(await mock.log()).map((e) => e.refusedImage)).to.deep.equal([undefined, 'llama.cpp: no vision']);
    // The conversation goes on: the next request carries a note in place of the image.
    await collect(agent.send('Go on without it'));
    const resent = chats(await mock.log())[2]!;
    expect(resent.parts!.some((p) => p.type === 'image_url')).to.equal(false);
    expect(resent.parts!.map((p) => p.text ?? '')).to.include('[The image "get-tiny-image-1.png" is not shown: this model cannot read images.]');
  });
});
