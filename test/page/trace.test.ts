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
/** The id of the thread's last run, once it ended. */
async function lastRunEnded(agent: Agent): Promise<string> {
  for (;;) {
    const events = await agent.events();
    const start = events.findLast((e) => e.type === 'run-start');
    if (events.at(-1)?.type === 'final' && start?.type === 'run-start') return start.runId;
    await new Promise((r) => setTimeout(r, 20));
  }
}

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

  it('after a reload during an approval, records the call where it ran: the run it waited in says so, the run the answer resumed has its tool span', async function () {
    // Three agents, each a new worker, one after the other: cold starts on a loaded machine.
    this.timeout(60_000);
    const thread = `trace-${crypto.randomUUID()}`;
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'x1', name: 'cancel_order', args: { id: '1004' } }]), textTurn('Order 1004 is cancelled.')] });
    const cancelled: string[] = [];
    const cancel = defineTool({ name: 'cancel_order', description: 'Cancels an order', parameters: z.object({ id: z.string() }), needsApproval: true, execute: ({ id }) => (cancelled.push(id), `order ${id} cancelled`) });
    const agent = agentOn(mock.baseURL, { thread, tools: [cancel] });
    const asked = new Promise<void>((resolve) => agent.on((e) => e.type === 'approval-request' && resolve()));
    const first = agent.send('Cancel order 1004');
    await asked;
    await new Promise((r) => setTimeout(r, 150));
    agent.dispose();

    const reloaded = agentOn(mock.baseURL, { thread, tools: [cancel] });
    await reloaded.ready;
    expect((await reloaded.pending()).map((r) => r.callId)).to.deep.equal(['x1']);
    reloaded.respond('x1', { approve: true });
    const resumedId = await lastRunEnded(reloaded);
    expect(cancelled).to.deep.equal(['1004']);
    expect(resumedId).to.not.equal(first.runId);

    const waited = (await reloaded.trace(first.runId)).spans;
    const resumed = (await reloaded.trace(resumedId)).spans;
    // The run the page died in: its call never started — it waited for the user, and its answer went to the next run.
    const asking = byName(waited, 'execute_tool cancel_order');
    expect(asking).to.have.length(1);
    expect(asking[0]!.attributes).to.include({ 'pageloop.tool.status': 'not-started' });
    expect(asking[0]!.attributes).to.not.have.property('error.type');
    expect(asking[0]!.status).to.equal('unset');
    // The run that ran it: the tool span, approved, ok, under that run's root; then the reply's chat span.
    expect(resumed.map((s) => s.name)).to.deep.equal(['invoke_agent', 'execute_tool cancel_order', 'chat mock-model']);
    const [root, tool] = resumed as [TraceSpan, TraceSpan];
    expect(tool.parentSpanId).to.equal(root.spanId);
    expect(tool.attributes).to.include({ 'gen_ai.tool.call.id': 'x1', 'pageloop.tool.status': 'ok', 'pageloop.approval.answer': 'approved', 'pageloop.tool.call_run_id': first.runId });
    expect(tool.status).to.not.equal('error');
    expect(tool.events.map((e) => e.name)).to.deep.equal(['pageloop.tool.started']);
    expect(resumed.every((s) => s.endTime !== undefined)).to.equal(true);
    // Every call in the trace has exactly one span that says how it ended.
    const all = (await reloaded.trace()).spans.filter((s) => s.attributes['gen_ai.tool.call.id'] === 'x1' && s.attributes['pageloop.tool.status'] !== 'not-started');
    expect(all).to.have.length(1);
  });

  it('after a reload during an approval, a new message gives the call up: the new run records it cancelled, a denial is recorded as denied', async function () {
    // Three agents, each a new worker, one after the other: cold starts on a loaded machine.
    this.timeout(60_000);
    const thread = `trace-${crypto.randomUUID()}`;
    const mock = await mockEndpoint({
      turns: [toolCallTurn([{ id: 'y1', name: 'cancel_order', args: { id: '7' } }, { id: 'y2', name: 'cancel_order', args: { id: '8' } }]), textTurn('Kept both.'), toolCallTurn([{ id: 'y3', name: 'cancel_order', args: { id: '9' } }]), textTurn('Moved on.')],
    });
    const cancel = defineTool({ name: 'cancel_order', description: 'Cancels an order', parameters: z.object({ id: z.string() }), needsApproval: true, execute: ({ id }) => `order ${id} cancelled` });
    const agent = agentOn(mock.baseURL, { thread, tools: [cancel] });
    const asked = new Promise<void>((resolve) => agent.on((e) => e.type === 'approval-request' && resolve()));
    const first = agent.send('Cancel 7 and 8');
    await asked;
    await new Promise((r) => setTimeout(r, 150));
    agent.dispose();

    // A denial after the reload: the resumed run records it denied, with the approval's answer.
    const second = agentOn(mock.baseURL, { thread, tools: [cancel] });
    await second.ready;
    // The resumed run's end as the page hears it: the store has its final a moment before the run lets go (a send then is refused as busy).
    const resumedEnded = new Promise<void>((resolve) => second.on((e) => e.type === 'final' && resolve()));
    second.respond('y1', { approve: false, message: 'keep it' });
    await new Promise((r) => setTimeout(r, 50));
    second.respond('y2', { approve: false });
    const resumedId = await lastRunEnded(second);
    await resumedEnded;
    const resumed = (await second.trace(resumedId)).spans;
    const denied = resumed.filter((s) => s.name === 'execute_tool cancel_order');
    expect(denied.map((s) => [s.attributes['gen_ai.tool.call.id'], s.attributes['pageloop.tool.status'], s.attributes['pageloop.approval.answer'], s.attributes['pageloop.tool.call_run_id']])).to.deep.equal([
      ['y1', 'denied', 'denied', first.runId],
      ['y2', 'denied', 'denied', first.runId],
    ]);

    // Asked again, reloaded again, and the user writes something else: the new run gives the call up, and says so.
    const asked2 = new Promise<void>((resolve) => second.on((e) => e.type === 'approval-request' && resolve()));
    const third = second.send('Cancel 9');
    await asked2;
    await new Promise((r) => setTimeout(r, 150));
    second.dispose();
    const again = agentOn(mock.baseURL, { thread, tools: [cancel] });
    await again.ready;
    const moved = again.send('Never mind.');
    const movedFinal = await moved.done;
    expect(movedFinal).to.include({ reason: 'answer', text: 'Moved on.' });
    // The call was given up before the new run began (its result is the waiting run's, as its events say): that run records it cancelled.
    const waited = byName((await again.trace(third.runId)).spans, 'execute_tool cancel_order');
    expect(waited.map((s) => [s.attributes['gen_ai.tool.call.id'], s.attributes['pageloop.tool.status'], s.attributes['error.type'], s.status])).to.deep.equal([['y3', 'cancelled', 'cancelled', 'error']]);
    expect(waited[0]!.endTime).to.be.a('number');
    expect((await again.trace(moved.runId)).spans.map((s) => s.name)).to.deep.equal(['invoke_agent', 'chat mock-model']);
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
    // Up to 10 s for the follower to read what the writer stored (a loaded machine's IndexedDB and channel are slow).
    for (let i = 0; i < 500 && JSON.stringify(seen) !== JSON.stringify(written); i++) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await follower.trace();
    }
    expect(seen).to.deep.equal(written);
    await writer.clear();
    for (let i = 0; i < 500 && (await follower.trace()).spans.length > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await follower.trace()).to.deep.equal({ spans: [], dropped: 0 });
  });
});
