// The flight recorder through the real worker, the real OpenAI client and the
// mock endpoint: retries on the model request's span, sub-agents nested under
// their dispatch_agent call, and the trace kept with the thread — after a
// reload, in the thread file, and refused when a file's trace is malformed.
import { expect } from 'chai';
import { z } from 'zod';
import { createAgent } from '../../src/page/create-agent.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { errorTurn, textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import type { Agent, AgentOptions, ThreadFile, TraceSpan } from '../../src/types.js';

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));
function agentOn(baseURL: string, options: Partial<AgentOptions> = {}): Agent {
  const agent = createAgent({ baseURL, model: 'mock-model', maxRetries: 0, ...options });
  agents.push(agent);
  return agent;
}
const lookup = defineTool({ name: 'lookup', description: 'Looks up an order', parameters: z.object({ q: z.string() }), readOnly: true, execute: ({ q }) => `order ${q}: shipped` });
const byName = (spans: TraceSpan[], name: string) => spans.filter((s) => s.name === name);

describe('trace through the worker', () => {
  it('puts a retried request on its chat span, and keeps the trace with the thread across a reload and in its file', async () => {
    const thread = `trace-${crypto.randomUUID()}`;
    const mock = await mockEndpoint({
      turns: [errorTurn(503, 'busy', { 'retry-after-ms': '5' }), toolCallTurn([{ id: 'c1', name: 'lookup', args: { q: '42' } }], { usage: { prompt_tokens: 50, completion_tokens: 7 } }), textTurn('Shipped.')],
    });
    const agent = agentOn(mock.baseURL, { thread, tools: [lookup], maxRetries: 1 });
    const run = agent.send('Where is order 42?');
    await run.done;
    const { spans } = await agent.trace(run.runId);
    expect(spans.map((s) => s.name)).to.deep.equal(['invoke_agent', 'chat mock-model', 'execute_tool lookup', 'chat mock-model']);
    const first = byName(spans, 'chat mock-model')[0]!;
    expect(first.attributes).to.include({ 'pageloop.retry.count': 1, 'pageloop.retry.wait_ms': 5, 'gen_ai.usage.input_tokens': 50, 'gen_ai.usage.output_tokens': 7, 'server.address': location.hostname });
    expect(first.events.map((e) => [e.name, e.attributes?.['pageloop.retry.reason']])).to.deep.equal([['pageloop.retry', 'HTTP 503']]);
    expect(spans.every((s) => s.runId === run.runId)).to.equal(true);
    const whole = await agent.trace();
    agent.dispose();

    const reloaded = agentOn(mock.baseURL, { thread });
    await reloaded.ready;
    expect(await reloaded.trace()).to.deep.equal(whole);
    const file = JSON.parse(await reloaded.threads.export(thread)) as ThreadFile;
    expect(file.trace).to.deep.equal(whole);

    const copy = await reloaded.threads.import({ ...file, id: `${thread}-copy` });
    await reloaded.threads.open(copy);
    expect(await reloaded.trace()).to.deep.equal(whole);

    const broken = { ...file, id: `${thread}-broken`, trace: { spans: [{ name: 'invoke_agent' }], dropped: 0 } } as unknown as ThreadFile;
    let refused: unknown;
    await reloaded.threads.import(broken).catch((err: unknown) => (refused = err));
    expect(refused).to.include({ code: 'bad-request' });
    expect(String((refused as Error).message)).to.include('trace span 0 is not a span');
  });

  it('nests a sub-agent\'s run under the dispatch_agent call that started it, in the same trace', async () => {
    const mock = await mockEndpoint({
      turns: [
        toolCallTurn([{ id: 'd1', name: 'dispatch_agent', args: { task: 'Find order 7' } }]),
        toolCallTurn([{ id: 'k1', name: 'lookup', args: { q: '7' } }]),
        textTurn('Order 7 has shipped.'),
        textTurn('It shipped.'),
      ],
    });
    const agent = agentOn(mock.baseURL, { tools: [lookup], subAgents: true });
    const run = agent.send('Where is order 7?');
    await run.done;
    const { spans } = await agent.trace(run.runId);
    const roots = byName(spans, 'invoke_agent');
    expect(roots).to.have.length(2);
    const [parent, child] = roots as [TraceSpan, TraceSpan];
    const dispatch = byName(spans, 'execute_tool dispatch_agent')[0]!;
    const childTool = byName(spans, 'execute_tool lookup')[0]!;
    expect(parent.parentSpanId).to.equal(undefined);
    expect(dispatch.parentSpanId).to.equal(parent.spanId);
    expect(child.parentSpanId).to.equal(dispatch.spanId);
    expect(child.attributes).to.include({ 'gen_ai.agent.name': 'pageloop.sub_agent', 'gen_ai.tool.call.id': 'd1' });
    expect(childTool.parentSpanId).to.equal(child.spanId);
    expect(spans.filter((s) => s.parentSpanId === child.spanId).map((s) => s.name)).to.deep.equal(['chat mock-model', 'execute_tool lookup', 'chat mock-model']);
    expect(new Set(spans.map((s) => s.traceId)).size).to.equal(1);
    // The child ran inside its call, and every span ended.
    expect(child.startTime).to.be.at.least(dispatch.startTime);
    expect(child.endTime!).to.be.at.most(dispatch.endTime!);
    expect(spans.every((s) => s.endTime !== undefined)).to.equal(true);
    expect(child.attributes['gen_ai.response.finish_reasons']).to.deep.equal(['answer']);
  });
});
