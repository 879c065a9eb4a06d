// The context budget's summary call in the trace: a fold's summary request is
// a `chat` span of its own, inside the model request it made room for, with
// its times and usage — and a failed one (the messages were dropped instead)
// ends in error. The real worker and HTTP client against the mock run like
// llama-server with a 2048-token context.
import { expect } from 'chai';
import { z } from 'zod';
import { createAgent } from '../../src/page/create-agent.js';
import { defineTool } from '../../src/tools/define-tool.js';
import type { Agent, TraceSpan } from '../../src/types.js';
import { mockEndpoint, type MockTurn } from '../../src/testing/mock-endpoint.js';
import { errorTurn, textTurn, toolCallTurn } from '../../src/testing/chunks.js';

const SUMMARY = 'You compress conversations';
const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));
const readPage = defineTool({ name: 'read_page', description: 'Reads one page of the document.', parameters: z.object({ n: z.number() }), execute: ({ n }) => `Page ${n}. ${'river stone lantern harbour meadow copper '.repeat(30)}` });

async function foldedTrace(summary: MockTurn): Promise<TraceSpan[]> {
  const turns: MockTurn[] = [];
  for (let k = 1; k <= 8; k++) turns.push(toolCallTurn([{ name: 'read_page', args: { n: k }, id: `call_${k}` }]), textTurn(`Page ${k} is read.`));
  const mock = await mockEndpoint({ nCtx: 2048, turns, replies: [{ when: SUMMARY, turn: summary }] });
  const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', maxRetries: 0, tools: [readPage] });
  agents.push(agent);
  for (let k = 1; k <= 8; k++) await agent.send(`Read page ${k}.`).done;
  return (await agent.trace()).spans;
}

describe('trace: the context budget\'s summary call', function () {
  this.timeout(60000);
  it('is a chat span inside the request it made room for, with its times and usage', async () => {
    const spans = await foldedTrace(textTurn('The user reads pages one by one.', { usage: { prompt_tokens: 300, completion_tokens: 9 } }));
    const summaries = spans.filter((s) => s.attributes['pageloop.context.summary'] === true);
    expect(summaries.length).to.be.greaterThan(0);
    for (const summary of summaries) {
      const parent = spans.find((s) => s.spanId === summary.parentSpanId)!;
      expect(parent.name).to.equal('chat mock-model');
      expect(parent.attributes['pageloop.context.summary']).to.equal(undefined);
      expect(parent.events.map((e) => e.name)).to.include('pageloop.context.folded');
      expect(summary.name).to.equal('chat mock-model');
      expect(summary.attributes).to.include({ 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'mock-model', 'gen_ai.usage.input_tokens': 300, 'gen_ai.usage.output_tokens': 9 });
      expect(summary.status).to.equal('unset');
      expect(summary.startTime).to.be.at.least(parent.startTime);
      expect(summary.endTime!).to.be.greaterThan(summary.startTime);
      expect(summary.endTime!).to.be.at.most(parent.endTime!);
      // The summary is content: not recorded without the opt-in.
      expect(JSON.stringify(summary)).not.to.include('one by one');
    }
  });

  it('ends in error when the call failed and the messages were dropped instead', async () => {
    const spans = await foldedTrace(errorTurn(400, 'the summariser is broken'));
    const summaries = spans.filter((s) => s.attributes['pageloop.context.summary'] === true);
    expect(summaries.length).to.be.greaterThan(0);
    for (const summary of summaries) {
      expect(summary.status).to.equal('error');
      expect(summary.events.map((e) => e.name)).to.deep.equal(['exception']);
      expect(String(summary.events[0]!.attributes!['exception.message'])).to.include('the summariser is broken');
      expect(spans.find((s) => s.spanId === summary.parentSpanId)!.events.map((e) => e.name)).to.include('pageloop.context.dropped');
    }
  });
});
