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

  it('ends the spans a reload interrupted, as interrupted, at the last moment their run was known to live', async () => {
    const thread = `trace-${crypto.randomUUID()}`;
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'h1', name: 'wait_forever', args: { q: '1' } }]), textTurn('Done.')] });
    const hang = defineTool({ name: 'wait_forever', description: 'Never returns', parameters: z.object({ q: z.string() }), execute: () => new Promise<never>(() => {}) });
    const agent = agentOn(mock.baseURL, { thread, tools: [hang] });
    const started = new Promise<void>((resolve) => agent.on((e) => e.type === 'tool-start' && resolve()));
    void agent.send('Wait.');
    await started;
    // The tool started only once its tool-start was stored, with the trace as it was then.
    await new Promise((r) => setTimeout(r, 150));
    const before = await agent.trace();
    expect(before.spans.filter((s) => s.endTime === undefined).map((s) => s.name)).to.deep.equal(['invoke_agent', 'execute_tool wait_forever']);
    agent.dispose();

    const reloaded = agentOn(mock.baseURL, { thread, tools: [hang] });
    await reloaded.ready;
    expect((await reloaded.events()).at(-1)).to.include({ type: 'final', reason: 'interrupted' });
    const { spans } = await reloaded.trace();
    expect(spans.map((s) => s.name)).to.deep.equal(['invoke_agent', 'chat mock-model', 'execute_tool wait_forever']);
    const [root, chat, tool] = spans as [TraceSpan, TraceSpan, TraceSpan];
    expect(spans.every((s) => s.endTime !== undefined)).to.equal(true);
    expect(root).to.deep.include({ status: 'error' });
    expect(root.attributes).to.include({ 'error.type': 'interrupted' });
    expect(root.attributes['gen_ai.response.finish_reasons']).to.deep.equal(['interrupted']);
    expect(tool).to.deep.include({ status: 'error' });
    expect(tool.attributes).to.include({ 'error.type': 'interrupted', 'pageloop.tool.status': 'interrupted' });
    // Not the reload's time: the last thing the run did (its call's start).
    const lastSeen = Math.max(...tool.events.map((e) => e.time));
    expect(tool.endTime).to.equal(lastSeen);
    expect(root.endTime).to.equal(lastSeen);
    expect(chat.status).to.equal('unset');
    // Stored so: another reload reads them ended.
    reloaded.dispose();
    const again = agentOn(mock.baseURL, { thread });
    expect(await again.trace()).to.deep.equal({ spans, dropped: 0 });
  });

  it('keeps a follower\'s trace up to date with what the writer stores, and empties it when the writer clears the thread', async () => {
    const thread = `trace-${crypto.randomUUID()}`;
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'c1', name: 'lookup', args: { q: '42' } }]), textTurn('Shipped.')] });
    const writer = agentOn(mock.baseURL, { thread, tools: [lookup] });
    await writer.ready;
    const follower = agentOn(mock.baseURL, { thread, tools: [lookup] });
    const following = new Promise<void>((resolve) => follower.on((e) => e.type === 'thread-lock' && e.state === 'follower' && resolve()));
    await follower.ready;
    await following;
    expect((await follower.trace()).spans).to.deep.equal([]);
    await writer.send('Where is order 42?').done;
    const written = await writer.trace();
    expect(written.spans).to.have.length(4);
    let seen = await follower.trace();
    for (let i = 0; i < 100 && JSON.stringify(seen) !== JSON.stringify(written); i++) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await follower.trace();
    }
    expect(seen).to.deep.equal(written);
    await writer.clear();
    for (let i = 0; i < 100 && (await follower.trace()).spans.length > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await follower.trace()).to.deep.equal({ spans: [], dropped: 0 });
  });
});
