// The flight recorder on the real loop (AgentSession with a scripted model):
// span names and nesting after the OpenTelemetry GenAI conventions, usage and
// finish reasons, approvals, cancel, content only on opt-in, the key never,
// and the per-thread size cap.
import { expect } from 'chai';
import { z } from 'zod';
import { defineTool } from '../../src/tools/define-tool.js';
import type { AgentEvent, ThreadTrace, TraceSpan } from '../../src/types.js';
import { harness } from './harness.js';

const lookup = defineTool({ name: 'lookup', description: 'Looks up an order', parameters: z.object({ id: z.string() }), execute: ({ id }) => `order ${id}: shipped` });
const remove = defineTool({ name: 'delete_order', description: 'Deletes', parameters: z.object({ id: z.string() }), needsApproval: true, execute: ({ id }) => `deleted ${id}` });
const named = (spans: TraceSpan[], name: string) => spans.filter((s) => s.name === name);
const one = (spans: TraceSpan[], name: string) => {
  const found = named(spans, name);
  expect(found, name).to.have.length(1);
  return found[0]!;
};

describe('trace (flight recorder)', () => {
  it('records a run as invoke_agent with a chat span per model request and an execute_tool span per call', async () => {
    const h = harness(
      [
        { toolCalls: [{ id: 'c1', name: 'lookup', args: { id: '42' } }], usage: { promptTokens: 100, completionTokens: 10 } },
        { text: 'Order 42 has shipped.', usage: { promptTokens: 130, completionTokens: 8 } },
      ],
      [lookup],
      { baseURL: 'http://models.example:8080/v1', model: 'qwen3' },
    );
    await h.send('Where is order 42?');
    const { spans, dropped } = h.session.trace();
    expect(dropped).to.equal(0);
    expect(spans.map((s) => s.name)).to.deep.equal(['invoke_agent', 'chat qwen3', 'execute_tool lookup', 'chat qwen3']);
    const root = one(spans, 'invoke_agent');
    const [first, second] = named(spans, 'chat qwen3');
    const tool = one(spans, 'execute_tool lookup');
    for (const span of spans) {
      expect(span.traceId, span.name).to.match(/^[0-9a-f]{32}$/).and.equal(root.traceId);
      expect(span.spanId).to.match(/^[0-9a-f]{16}$/);
      expect(span.runId).to.equal('run1');
      expect(span.endTime, span.name).to.be.a('number').and.at.least(span.startTime);
    }
    expect(new Set(spans.map((s) => s.spanId)).size).to.equal(4);
    expect(root.parentSpanId).to.equal(undefined);
    expect([first!.parentSpanId, second!.parentSpanId, tool.parentSpanId]).to.deep.equal([root.spanId, root.spanId, root.spanId]);
    expect(root.attributes).to.include({ 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.request.model': 'qwen3', 'server.address': 'models.example', 'server.port': 8080, 'gen_ai.usage.input_tokens': 230, 'gen_ai.usage.output_tokens': 18 });
    expect(root.attributes['gen_ai.response.finish_reasons']).to.deep.equal(['answer']);
    expect(first!.attributes).to.include({ 'gen_ai.operation.name': 'chat', 'pageloop.iteration': 1, 'gen_ai.usage.input_tokens': 100, 'gen_ai.usage.output_tokens': 10 });
    expect(first!.attributes['gen_ai.response.finish_reasons']).to.deep.equal(['tool_calls']);
    expect(second!.attributes['gen_ai.response.finish_reasons']).to.deep.equal(['stop']);
    expect(second!.attributes['pageloop.time_to_first_token_ms']).to.be.a('number');
    expect(tool.attributes).to.include({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'lookup', 'gen_ai.tool.call.id': 'c1', 'pageloop.tool.status': 'ok' });
    expect(tool.status).to.equal('unset');
    // The tool ran after its model request ended, and before the next began.
    expect(tool.startTime).to.be.at.least(first!.endTime!);
    expect(second!.startTime).to.be.at.least(tool.endTime!);
    expect(h.session.trace('other-run').spans).to.deep.equal([]);
    expect(h.session.trace('run1').spans).to.have.length(4);
  });

  it('keeps content out unless the app opts in, and never records the API key', async () => {
    const key = 'sk-secret-1234567890';
    const turns = () => [{ toolCalls: [{ id: 'c1', name: 'lookup', args: { id: '42' } }] }, { text: 'Shipped.' }];
    const plain = harness(turns(), [lookup], { apiKey: key, baseURL: `http://localhost:9/v1?key=${key}` });
    await plain.send(`Where is order 42? My key is ${key}`);
    const withoutContent = JSON.stringify(plain.session.trace());
    expect(withoutContent).not.to.include('Where is order');
    expect(withoutContent).not.to.include('Shipped');
    expect(withoutContent).not.to.include('"42"');
    expect(withoutContent).not.to.include(key);
    expect(withoutContent).to.include('execute_tool lookup');

    const full = harness(turns(), [lookup], { apiKey: key, trace: { content: true } });
    await full.send(`Where is order 42? My key is ${key}`);
    const { spans } = full.session.trace();
    const text = JSON.stringify(spans);
    expect(text).not.to.include(key);
    expect(String(one(spans, 'invoke_agent').attributes['gen_ai.input.messages'])).to.include('Where is order 42?');
    expect(String(one(spans, 'execute_tool lookup').attributes['gen_ai.tool.call.arguments'])).to.equal('{"id":"42"}');
    expect(one(spans, 'execute_tool lookup').attributes['gen_ai.tool.call.result']).to.include('order 42: shipped');
    expect(String(named(spans, 'chat scripted')[1]!.attributes['gen_ai.output.messages'])).to.include('Shipped.');
  });

  it('records approval waits and answers', async () => {
    const h = harness([{ toolCalls: [{ id: 'a', name: 'delete_order', args: { id: '1' } }, { id: 'b', name: 'delete_order', args: { id: '2' } }] }, { text: 'ok' }], [remove]);
    const done = h.send('delete 1 and 2');
    await h.when((e) => e.type === 'approval-request');
    await new Promise((r) => setTimeout(r, 20));
    h.session.respond('a', { approve: true });
    h.session.respond('b', { approve: false, message: 'not that one' });
    await done;
    const tools = named(h.session.trace().spans, 'execute_tool delete_order');
    const byId = (id: string) => tools.find((s) => s.attributes['gen_ai.tool.call.id'] === id)!;
    expect(byId('a').attributes['pageloop.approval.answer']).to.equal('approved');
    expect(byId('a').attributes['pageloop.approval.wait_ms']).to.be.at.least(15);
    expect(byId('a').events.map((e) => e.name)).to.deep.equal(['pageloop.approval.requested', 'pageloop.tool.started']);
    expect(byId('b').attributes).to.include({ 'pageloop.approval.answer': 'denied', 'pageloop.tool.status': 'denied', 'error.type': 'denied' });
    expect(byId('b').status).to.equal('error');
  });

  it('records a cancelled run: its open model request and the run end as cancelled', async () => {
    const h = harness([{ text: 'Thinking about it for a long while', hang: true, chunkSize: 2 }]);
    const done = h.send('go');
    await h.when((e) => e.type === 'text');
    h.session.cancel();
    await done;
    const { spans } = h.session.trace();
    const root = one(spans, 'invoke_agent');
    const chat = one(spans, 'chat scripted');
    expect(root.attributes).to.include({ 'pageloop.cancelled': true, 'error.type': 'cancelled' });
    expect(root.attributes['gen_ai.response.finish_reasons']).to.deep.equal(['cancelled']);
    expect(chat.attributes['gen_ai.response.finish_reasons']).to.deep.equal(['cancelled']);
    expect(chat.status).to.equal('error');
    expect(chat.endTime).to.be.a('number');
  });

  it('records a failed model request as an error, and nothing with tracing off', async () => {
    const h = harness([{ error: { code: 'http', message: 'HTTP 500: boom' } }]);
    await h.send('go');
    const chat = one(h.session.trace().spans, 'chat scripted');
    expect(chat.status).to.equal('error');
    expect(chat.attributes['error.type']).to.equal('http');
    expect(chat.events.map((e) => e.name)).to.deep.equal(['exception']);
    expect(one(h.session.trace().spans, 'invoke_agent').status).to.equal('error');

    const off = harness([{ text: 'hi' }], [], { trace: { enabled: false } });
    await off.send('go');
    expect(off.session.trace()).to.deep.equal({ spans: [], dropped: 0 });
  });

  it('keeps a thread trace within its size cap, dropping the oldest spans first and counting them', async () => {
    const turns = Array.from({ length: 12 }, () => ({ text: 'done' }));
    const h = harness(turns, [], { trace: { maxBytes: 2048 } });
    for (let i = 0; i < 12; i++) await h.session.send(`run${i}`, 'again');
    const { spans, dropped } = h.session.trace();
    expect(dropped).to.be.greaterThan(0);
    expect(spans.length + dropped).to.equal(24);
    expect(JSON.stringify(spans).length).to.be.at.most(2048 + spans.length);
    // The newest run is whole; the oldest is gone.
    expect(spans.filter((s) => s.runId === 'run11').map((s) => s.name)).to.deep.equal(['invoke_agent', 'chat scripted']);
    expect(spans.some((s) => s.runId === 'run0')).to.equal(false);
  });

  it('keeps a long run within the cap while it goes on: its open span stays first, the oldest finished ones go, each counted once', async () => {
    // Enough calls that the recorder compacts its list (over 1024 spans dropped) in the run.
    const calls = 600;
    let during: ThreadTrace | undefined;
    let session: { trace(): ThreadTrace } | undefined;
    const watch = defineTool({ name: 'watch', description: 'Reads the trace mid-run', parameters: z.object({ id: z.string() }), execute: ({ id }) => {
      if (id === String(calls - 5)) during = session!.trace();
      return 'ok';
    } });
    const turns = [...Array.from({ length: calls }, (_, i) => ({ toolCalls: [{ id: `c${i}`, name: 'watch', args: { id: String(i) } }] })), { text: 'done' }];
    const h = harness(turns, [watch], { trace: { maxBytes: 4096 }, maxIterations: calls + 1 });
    session = h.session;
    await h.send('go');
    // Mid-run: the run's own span, open through every trim so far, is kept and still first; the rest are the newest finished ones, in the order they began.
    expect(during!.dropped).to.be.greaterThan(1024);
    expect(during!.spans[0]!.name).to.equal('invoke_agent');
    expect(during!.spans[0]!.endTime).to.equal(undefined);
    const rest = during!.spans.slice(1);
    // The cap counts finished spans (an open one is counted when it ends), by an estimate of their JSON (spanSize).
    expect(JSON.stringify(rest.filter((s) => s.endTime !== undefined)).length).to.be.within(3500, 4096 * 1.1);
    expect(rest.map((s) => s.startTime)).to.deep.equal(rest.map((s) => s.startTime).sort((x, y) => x - y));
    expect(rest.at(-1)!.attributes['gen_ai.tool.call.id']).to.equal(`c${calls - 5}`);
    // At the end, every span is either kept or counted as dropped, once.
    const { spans, dropped } = h.session.trace();
    const whole = harness(turns, [watch], { trace: { maxBytes: 1e9 }, maxIterations: calls + 1 });
    session = whole.session;
    await whole.send('go');
    expect(whole.session.trace().dropped).to.equal(0);
    expect(spans.length + dropped).to.equal(whole.session.trace().spans.length);
    expect(JSON.stringify(spans).length).to.be.within(3500, 4096 * 1.1);
  });

  it('is a copy: changing what trace() returned changes nothing recorded', async () => {
    const h = harness([{ text: 'hi' }]);
    await h.send('go');
    const first = h.session.trace();
    first.spans[0]!.name = 'changed';
    expect(h.session.trace().spans[0]!.name).to.equal('invoke_agent');
    const events: AgentEvent[] = h.events;
    expect(events.some((e) => e.type === 'final')).to.equal(true);
  });
});

describe('trace recorder (events in, spans out)', () => {
  it('turns context folds, cuts and drops into events of the model request they shortened, with their sizes', async () => {
    const { TraceRecorder } = await import('../../src/agent/trace/trace-recorder.js');
    const recorder = new TraceRecorder(() => ({ baseURL: 'https://api.example.com/v1', model: 'm' }));
    const events: AgentEvent[] = [
      { type: 'run-start', runId: 'r' },
      { type: 'iteration', n: 1, max: 10 },
      { type: 'context', action: 'folded', messages: 6, before: 5000, after: 1800, contextTokens: 4096, summary: 'secret summary' },
      { type: 'context', action: 'cut', messages: 1, before: 3000, after: 900, contextTokens: 4096, callId: 'c9' },
      { type: 'text', delta: 'ok' },
      { type: 'final', reason: 'answer', text: 'ok' },
    ];
    for (const e of events) recorder.observe(e);
    const { spans } = recorder.trace('r');
    const chat = spans.find((s) => s.name === 'chat m')!;
    expect(chat.attributes).to.include({ 'server.address': 'api.example.com', 'server.port': 443 });
    expect(chat.events.map((e) => [e.name, e.attributes])).to.deep.equal([
      ['pageloop.context.folded', { 'pageloop.context.messages': 6, 'pageloop.context.tokens_before': 5000, 'pageloop.context.tokens_after': 1800, 'pageloop.context.window': 4096 }],
      ['pageloop.context.cut', { 'pageloop.context.messages': 1, 'pageloop.context.tokens_before': 3000, 'pageloop.context.tokens_after': 900, 'pageloop.context.window': 4096, 'gen_ai.tool.call.id': 'c9' }],
    ]);
    // The summary is content: not recorded without the opt-in.
    expect(JSON.stringify(spans)).not.to.include('secret summary');
  });

  it('records how long a call waited to start when it needed no approval (the start gate)', async () => {
    const { TraceRecorder } = await import('../../src/agent/trace/trace-recorder.js');
    const recorder = new TraceRecorder(() => ({ baseURL: '', model: 'm', engine: {} }));
    recorder.observe({ type: 'run-start', runId: 'r' });
    recorder.observe({ type: 'iteration', n: 1, max: 10 });
    recorder.observe({ type: 'tool-call', callId: 'c', name: 'click', args: {} });
    await new Promise((r) => setTimeout(r, 20));
    recorder.observe({ type: 'tool-start', callId: 'c', name: 'click' });
    recorder.observe({ type: 'tool-result', callId: 'c', name: 'click', status: 'ok', result: 'done' });
    recorder.observe({ type: 'final', reason: 'cancelled', text: '' });
    const tool = recorder.trace().spans.find((s) => s.name === 'execute_tool click')!;
    expect(tool.attributes['pageloop.start_gate.wait_ms']).to.be.at.least(15);
    expect(tool.attributes['gen_ai.provider.name']).to.equal(undefined);
    expect(recorder.trace().spans[0]!.attributes).to.include({ 'gen_ai.provider.name': 'pageloop.engine', 'pageloop.cancelled': true });
    expect(recorder.version).to.be.greaterThan(0);
  });

  it('names the model each request asked: a per-send override on the run, subAgents.model on its sub-agent', async () => {
    const h = harness([{ toolCalls: [{ id: 'd1', name: 'dispatch_agent', args: { task: 'Find order 7' } }] }, { text: 'Order 7 shipped.' }, { text: 'It shipped.' }, { text: 'Hello.' }], [], { model: 'big', subAgents: { model: 'small' } });
    await h.session.send('run1', 'Where is order 7?', { model: 'huge' });
    await h.session.send('run2', 'Hi');
    expect(h.of('run-start').map((e) => e.model)).to.deep.equal(['huge', undefined]);
    const first = h.session.trace('run1').spans;
    expect(first.map((s) => s.name)).to.deep.equal(['invoke_agent', 'chat huge', 'execute_tool dispatch_agent', 'invoke_agent', 'chat small', 'chat huge']);
    const [parent, child] = named(first, 'invoke_agent');
    expect(parent!.attributes['gen_ai.request.model']).to.equal('huge');
    expect(child!.attributes['gen_ai.request.model']).to.equal('small');
    expect(named(first, 'chat huge').map((s) => s.attributes['gen_ai.request.model'])).to.deep.equal(['huge', 'huge']);
    // The next run is the agent's own model again.
    expect(h.session.trace('run2').spans.map((s) => [s.name, s.attributes['gen_ai.request.model']])).to.deep.equal([['invoke_agent', 'big'], ['chat big', 'big']]);
  });

  it('gives a sub-agent the run\'s own model when subAgents names none', async () => {
    const h = harness([{ toolCalls: [{ id: 'd1', name: 'dispatch_agent', args: { task: 'Find order 7' } }] }, { text: 'Order 7 shipped.' }, { text: 'It shipped.' }], [], { model: 'big', subAgents: true });
    await h.session.send('run1', 'Where is order 7?', { model: 'huge' });
    expect(h.session.trace().spans.map((s) => s.name)).to.deep.equal(['invoke_agent', 'chat huge', 'execute_tool dispatch_agent', 'invoke_agent', 'chat huge', 'chat huge']);
  });

  it('ends spans a reload left open when the next run starts (a run that waited for an approval has no interrupted final)', async () => {
    const { TraceRecorder } = await import('../../src/agent/trace/trace-recorder.js');
    const recorder = new TraceRecorder(() => ({ baseURL: '', model: 'm', modelModule: '/m.js' }));
    const open = { traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), name: 'invoke_agent', runId: 'old', startTime: 1000, status: 'unset' as const, attributes: { 'gen_ai.operation.name': 'invoke_agent' }, events: [] };
    const tool = { ...open, spanId: 'c'.repeat(16), parentSpanId: open.spanId, name: 'execute_tool rm', startTime: 1100, attributes: { 'gen_ai.operation.name': 'execute_tool' }, events: [{ name: 'pageloop.approval.requested', time: 1200 }] };
    recorder.restore({ spans: [open, tool], dropped: 0 });
    recorder.observe({ type: 'run-start', runId: 'new' });
    const [root, call] = recorder.trace('old').spans;
    expect([root!.endTime, call!.endTime]).to.deep.equal([1200, 1200]);
    expect(root!.attributes).to.include({ 'error.type': 'interrupted' });
    expect(call!.attributes).to.include({ 'error.type': 'interrupted', 'pageloop.tool.status': 'interrupted' });
    expect(recorder.trace('new').spans.map((s) => s.endTime)).to.deep.equal([undefined]);
  });

  it('hands the journal what changed: all of it at first, then only the spans opened or ended and the numbers of those dropped; open spans copied, ended ones shared', async () => {
    const { TraceRecorder } = await import('../../src/agent/trace/trace-recorder.js');
    const recorder = new TraceRecorder(() => ({ baseURL: '', model: 'm', modelModule: '/m.js' }));
    recorder.observe({ type: 'run-start', runId: 'r' });
    recorder.observe({ type: 'iteration', n: 1, max: 10 });
    recorder.observe({ type: 'tool-call', callId: 'c', name: 'click', args: {} });
    const rows = (change: { put: { n: number; span: TraceSpan }[] }) => change.put.map(({ n, span }) => `${n}:${span.name}`).sort().join(',');
    const first = recorder.takeChange(true);
    expect(rows(first)).to.equal('0:invoke_agent,1:chat m,2:execute_tool click');
    expect(first.gone).to.equal('all');
    // The open ones are copies, so what the loop does next does not reach a change waiting for the store; the ended chat span is shared.
    const open = first.put.find((r) => r.n === 2)!.span;
    expect(open === recorder.trace().spans[2]).to.equal(false);
    recorder.observe({ type: 'tool-result', callId: 'c', name: 'click', status: 'error', error: 'nope' });
    expect([open.endTime, open.status]).to.deep.equal([undefined, 'unset']);
    // Then only what changed: the call that ended since, not the chat span that ended before, nor the run's span, open but unchanged.
    const second = recorder.takeChange();
    expect(rows(second)).to.equal('2:execute_tool click');
    expect(second.put[0]!.span.status).to.equal('error');
    expect(second.gone).to.deep.equal([]);
    expect(rows(recorder.takeChange())).to.equal('');
    // An open span that grew (an event on the run's span) is carried again, as it is now.
    recorder.observe({ type: 'plan', tasks: [] });
    const grown = recorder.takeChange();
    expect(rows(grown)).to.equal('0:invoke_agent');
    expect(grown.put[0]!.span.events.map((e) => e.name)).to.deep.equal(['pageloop.plan']);
    recorder.observe({ type: 'iteration', n: 2, max: 10 });
    recorder.observe({ type: 'final', reason: 'answer', text: 'ok' });
    expect(rows(recorder.takeChange())).to.equal('0:invoke_agent,3:chat m');
    expect(rows(recorder.takeChange())).to.equal('');
  });

  it('names the spans the size cap dropped, so the store deletes them, and a follower applying the changes holds what the writer holds', async () => {
    const { TraceRecorder } = await import('../../src/agent/trace/trace-recorder.js');
    const settings = { baseURL: '', model: 'm', modelModule: '/m.js', trace: { maxBytes: 3000 } };
    const writer = new TraceRecorder(() => settings);
    const follower = new TraceRecorder(() => ({ ...settings, trace: { maxBytes: 1_000_000 } }));
    follower.apply(writer.takeChange(true));
    writer.observe({ type: 'run-start', runId: 'r' });
    const gone: number[] = [];
    for (let i = 1; i <= 20; i++) {
      writer.observe({ type: 'iteration', n: i, max: 30 });
      writer.observe({ type: 'tool-call', callId: `c${i}`, name: 'click', args: {} });
      writer.observe({ type: 'tool-result', callId: `c${i}`, name: 'click', status: 'ok', result: 'done' });
      const change = writer.takeChange();
      if (change.gone !== 'all') gone.push(...change.gone);
      follower.apply(change);
    }
    const held = writer.trace();
    expect(held.dropped).to.be.above(5);
    // Each dropped span named once, the open run's span never (it stays first while the run goes on).
    expect(gone).to.have.length(held.dropped);
    expect(new Set(gone).size).to.equal(gone.length);
    expect(gone).to.not.include(0);
    expect(held.spans[0]!.name).to.equal('invoke_agent');
    expect(follower.trace()).to.deep.equal(held);
  });
});
