// Attachments end to end: a real agent (worker, HTTP client, IndexedDB) against the
// mock, which records the exact content parts it received (an image's type and pixel
// size read from its data URL) and refuses images the way each server family does.
import { expect } from 'chai';
import { createAgent } from '../../src/page/create-agent.js';
import type { Agent, AgentEvent, AgentOptions, Attachment } from '../../src/types.js';
import { mockEndpoint, type MockLogEntry, type MockScript } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { toolResult } from '../../src/tools/tool-result.js';
import { picture } from './pictures.js';

const agents: Agent[] = [];
function agentFor(baseURL: string, options: Partial<AgentOptions> = {}): Agent {
  const agent = createAgent({ baseURL, model: 'mock-model', maxRetries: 2, approval: 'auto', ...options });
  agents.push(agent);
  return agent;
}
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

async function collect(run: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const e of run) events.push(e);
  return events;
}

const chats = (log: MockLogEntry[]) => log.filter((e) => e.path === '/v1/chat/completions');

describe('attachments: on the wire', () => {
  it('a 6000×4000 photo arrives downscaled to the long edge asked, as a JPEG data URL in the user message, beside a text file with its name', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('A sunset and a CSV.')] });
    const agent = agentFor(mock.baseURL, { attachments: { imageLongEdge: 1024 } });
    const photo = new File([await picture(6000, 4000)], 'sunset.jpg', { type: 'image/jpeg' });
    const csv = { name: 'sales.csv', type: '', data: 'month,total\njan,12\n' };
    const events = await collect(agent.send('What is in these?', { attachments: [photo, csv] }));

    const start = events.find((e) => e.type === 'run-start') as Extract<AgentEvent, { type: 'run-start' }>;
    const [image, text] = start.attachments!;
    expect(image).to.include({ name: 'sunset.jpg', type: 'image/jpeg', kind: 'image', width: 1024, height: 683 });
    expect(image!.original).to.deep.include({ width: 6000, height: 4000, kept: false });
    expect(text).to.include({ name: 'sales.csv', type: 'text/csv', kind: 'text', size: 19 });

    const [request] = chats(await mock.log());
    expect(request!.parts).to.deep.equal([
      { message: 1, role: 'user', type: 'text', text: 'What is in these?' },
      { message: 1, role: 'user', type: 'image_url', mime: 'image/jpeg', bytes: image!.size, width: 1024, height: 683 },
      { message: 1, role: 'user', type: 'text', text: 'File "sales.csv" (text/csv):\n```\nmonth,total\njan,12\n\n```' },
    ]);
    // Records, never bytes, in what the agent keeps and emits.
    const messages = await agent.messages();
    expect(messages[0]).to.deep.equal({ role: 'user', content: 'What is in these?', attachments: start.attachments });
    expect(JSON.stringify(events)).not.to.contain('base64');
    const bytes = await agent.attachment(image!.id);
    expect(bytes?.size).to.equal(image!.size);
  });

  it('a portrait PNG screenshot within the edge is sent untouched; a WebP is re-encoded as PNG (llama.cpp cannot decode WebP)', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('ok'), textTurn('ok')] });
    const agent = agentFor(mock.baseURL);
    const png = await picture(300, 900, 'image/png');
    await collect(agent.send('one', { attachments: [new File([png], 'shot.png', { type: 'image/png' })] }));
    await collect(agent.send('two', { attachments: [new File([await picture(640, 480, 'image/webp')], 'pic.webp', { type: 'image/webp' })] }));
    const [first, second] = chats(await mock.log());
    expect(first!.parts![1]).to.include({ type: 'image_url', mime: 'image/png', bytes: png.size, width: 300, height: 900 });
    const sentAgain = second!.parts!.filter((p) => p.type === 'image_url');
    // The second request re-sends the first image, then the new one, converted.
    expect(sentAgain.map((p) => [p.mime, p.width, p.height])).to.deep.equal([['image/png', 300, 900], ['image/png', 640, 480]]);
  });

  it('prepareAttachments refuses, naming each file and its limit, and keeps the others in order', async () => {
    const mock = await mockEndpoint({ turns: [] });
    const agent = agentFor(mock.baseURL, { attachments: { maxFileBytes: 2000, maxMessageBytes: 3000, maxCount: 4 } });
    const inputs = [
      { name: 'a.txt', type: 'text/plain', data: 'x'.repeat(1500) },
      { name: 'archive.zip', type: 'application/zip', data: new Uint8Array([80, 75, 3, 4]) },
      { name: 'big.md', type: '', data: 'y'.repeat(2500) },
      { name: 'b.txt', type: 'text/plain', data: 'z'.repeat(1600) },
      { name: 'fifth.txt', type: 'text/plain', data: 'late' },
      new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], 'broken.png', { type: 'image/png' }),
    ];
    const { accepted, refused } = await agent.prepareAttachments(inputs);
    expect(accepted.map((a) => a.name)).to.deep.equal(['a.txt']);
    expect(refused.map((r) => [r.name, r.code])).to.deep.equal([
      ['archive.zip', 'attachment-type'],
      ['big.md', 'attachment-too-large'],
      ['b.txt', 'attachments-too-large'],
      ['fifth.txt', 'too-many-attachments'],
      ['broken.png', 'too-many-attachments'],
    ]);
    expect(refused[1]!.message).to.equal('"big.md" is 2.4 KB; one file may be at most 2 KB (sizes are of the files as picked, before images are downscaled).');
    // Prepared ones handed back (the composer's chips, then send) keep their ids.
    const again = await agent.prepareAttachments([...accepted, { name: 'c.txt', type: 'text/plain', data: 'c' }]);
    expect(again.accepted[0]!.id).to.equal(accepted[0]!.id);
    expect(again.accepted[1]!.id).not.to.equal(accepted[0]!.id);
    expect(refused[0]!.message).to.contain('"archive.zip" is application/zip').and.contain('images and text files');
    const unreadable = await agent.prepareAttachments([inputs[5]!, { name: 'latin1.txt', type: 'text/plain', data: new Uint8Array([0x63, 0x61, 0x66, 0xe9]) }]);
    expect(unreadable.refused.map((r) => [r.name, r.code])).to.deep.equal([['broken.png', 'attachment-unreadable'], ['latin1.txt', 'attachment-unreadable']]);
  });

  it('a refused file at send ends the run with its code and the limit, and nothing is sent or kept', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('never')] });
    const agent = agentFor(mock.baseURL, { attachments: { types: ['image/*'] } });
    const events = await collect(agent.send('read this', { attachments: [{ name: 'notes.md', type: 'text/markdown', data: '# hi' }] }));
    const error = events.find((e) => e.type === 'error') as Extract<AgentEvent, { type: 'error' }>;
    expect(error.code).to.equal('attachment-type');
    expect(error.message).to.contain('"notes.md" is text/markdown').and.contain('allowed: image/*');
    expect(events.at(-1)).to.include({ type: 'final', reason: 'error' });
    expect(chats(await mock.log())).to.have.length(0);
    expect(await agent.messages()).to.deep.equal([]);
  });
});

describe('attachments: a server whose model has no vision', () => {
  const families: { server: NonNullable<MockScript['server']>; fix: string; status: number }[] = [
    { server: 'llama.cpp', fix: '--mmproj', status: 500 },
    { server: 'ollama', fix: 'ollama pull', status: 500 },
    { server: 'vllm', fix: 'vision-language model', status: 400 },
    { server: 'lmstudio', fix: 'LM Studio', status: 400 },
  ];
  for (const { server, fix } of families) {
    it(`${server}: its refusal becomes one clear vision-unsupported error naming the model and the fix, asked once, and the message is kept to resend without the image`, async () => {
      const mock = await mockEndpoint({ server, vision: false, turns: [textTurn('Text only, fine.')] });
      const agent = agentFor(mock.baseURL, { model: 'tiny-text-model' });
      const photo = new File([await picture(64, 64, 'image/png')], 'cat.png', { type: 'image/png' });
      const events = await collect(agent.send('What is this?', { attachments: [photo] }));
      const errors = events.filter((e): e is Extract<AgentEvent, { type: 'error' }> => e.type === 'error');
      expect(errors).to.have.length(1);
      expect(errors[0]!.code).to.equal('vision-unsupported');
      expect(errors[0]!.message).to.contain('"tiny-text-model"').and.contain(fix).and.contain('send it again without the image');
      expect(errors[0]!.retryable).to.equal(false);
      // Refused once: a 500 that says "no vision" is an answer, not a fault to retry.
      const log = chats(await mock.log());
      expect(log.map((e) => e.refusedImage)).to.deep.equal([`${server}: no vision`]);
      expect(events.some((e) => e.type === 'retry')).to.equal(false);
      const kept = await agent.messages();
      expect(kept[0]).to.deep.include({ role: 'user', content: 'What is this?' });
      // Resent without the image, the same server answers; the kept message's image is a note from now on.
      const again = await collect(agent.send('What is this? (no picture)'));
      expect(again.at(-1)).to.include({ type: 'final', reason: 'answer', text: 'Text only, fine.' });
      const resent = chats(await mock.log())[1]!;
      expect(resent.parts!.map((p) => [p.type, p.text])).to.deep.equal([
        ['text', 'What is this?'],
        ['text', '[The image "cat.png" is not shown: this model cannot read images.]'],
      ]);
    });
  }
});

describe('attachments: from tools', () => {
  /** A page tool that returns a chart, a CSV and a PDF with its result. */
  const chartTool = (image: Blob) =>
    defineTool({
      name: 'chart',
      description: 'Draws a chart.',
      parameters: { type: 'object', properties: {} },
      execute: () =>
        toolResult('Chart of sales by month.', [
          new File([image], 'chart.png', { type: 'image/png' }),
          { name: 'sales.csv', type: 'text/csv', data: 'm,t\n1,2\n' },
          { name: 'report.pdf', type: 'application/pdf', data: new Uint8Array([37, 80, 68, 70]) },
        ]),
    });

  for (const toolProtocol of ['native', 'text'] as const) {
    it(`(${toolProtocol}) a tool's image reaches the next request in a user message after its result, and its files ride on tool-result`, async () => {
      const image = await picture(200, 100, 'image/png');
      const call = toolProtocol === 'native' ? toolCallTurn([{ id: 'c1', name: 'chart', args: {} }]) : textTurn('<tool_call>{"name": "chart", "arguments": {}}</tool_call>');
      // llama.cpp's rules: an image part outside a user message would be refused.
      const mock = await mockEndpoint({ server: 'llama.cpp', turns: [call, textTurn('Sales rose.'), textTurn('You are welcome.')] });
      const agent = agentFor(mock.baseURL, { tools: [chartTool(image)], toolProtocol });
      const events = await collect(agent.send('Chart the sales'));
      expect(events.at(-1)).to.include({ type: 'final', reason: 'answer', text: 'Sales rose.' });
      const result = events.find((e) => e.type === 'tool-result') as Extract<AgentEvent, { type: 'tool-result' }>;
      expect(result.result).to.equal('Chart of sales by month.');
      expect(result.attachments!.map((a) => [a.name, a.kind, a.source])).to.deep.equal([['chart.png', 'image', 'tool'], ['sales.csv', 'text', 'tool'], ['report.pdf', 'file', 'tool']]);
      // The PDF the tool built is offered to the user as it is.
      expect((await agent.attachment(result.attachments![2]!.id))?.size).to.equal(4);

      const second = chats(await mock.log())[1]!;
      const images = second.parts!.filter((p) => p.type === 'image_url');
      expect(images).to.have.length(1);
      expect(images[0]).to.include({ role: 'user', mime: 'image/png', width: 200, height: 100 });
      const body = second.body as { messages: { role: string; content: unknown }[] };
      const at = images[0]!.message;
      // Native: the user message right after the tool message; text: the observation message itself carries them.
      if (toolProtocol === 'native') expect(body.messages[at - 1]).to.deep.include({ role: 'tool', tool_call_id: 'c1' });
      else expect(second.parts!.find((p) => p.message === at)!.text).to.contain('<observation tool="chart">Chart of sales by month.');
      const texts = second.parts!.filter((p) => p.message === at && p.type === 'text').map((p) => p.text!);
      expect(texts.some((t) => t.startsWith('File "sales.csv" (text/csv):'))).to.equal(true);
      expect(texts.some((t) => t.includes('"report.pdf" (application/pdf, 4 bytes) was offered to the user as a download'))).to.equal(true);
      const toolMessage = (await agent.messages()).find((m) => m.role === 'tool') as { attachments?: Attachment[] } | undefined;
      expect(toolMessage!.attachments).to.deep.equal(result.attachments);
      // A later request still carries them in the same place: after the tool's result, before the reply that read them.
      await collect(agent.send('Thanks'));
      const third = chats(await mock.log())[2]!;
      const later = third.parts!.find((p) => p.type === 'image_url')!;
      expect(later.message).to.equal(at);
      expect((third.body as { messages: { role: string; content: unknown }[] }).messages[at + 1]).to.deep.include({ role: 'assistant', content: 'Sales rose.' });
    });
  }
});
