// Export of the flight recorder's spans, through the real worker, the real
// OpenAI client and the mock endpoint, to a real OTLP/HTTP receiver (the test
// runner's, test/support/otlp-receiver.js: it decodes with the official OTLP
// definitions and answers 400 to what they refuse), posted from another
// origin (localhost ↔ 127.0.0.1), so CORS is exercised as a collector meets it.
// Also the span-processor hook, feeding the official SDK on the page.
import { expect } from 'chai';
import { z } from 'zod';
import { BatchSpanProcessor, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { createAgent } from '../../src/page/create-agent.js';
import { spanProcessorListener } from '../../src/page/span-processor.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import type { Agent, AgentEvent, AgentOptions, TraceSpan } from '../../src/types.js';

interface ReceivedSpan {
  resource: Record<string, unknown>;
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: Record<string, unknown>;
  events: { name: string; attributes: Record<string, unknown> }[];
  status: { code: number; message?: string };
}
interface Received {
  requests: { contentType: string; headers: Record<string, string>; spans: ReceivedSpan[] }[];
  rejected: string[];
}

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));
function agentOn(baseURL: string, options: Partial<AgentOptions> = {}): Agent {
  const agent = createAgent({ baseURL, model: 'mock-model', maxRetries: 0, ...options });
  agents.push(agent);
  return agent;
}
const lookup = defineTool({ name: 'lookup', description: 'Looks up an order', parameters: z.object({ q: z.string() }), readOnly: true, execute: ({ q }) => `order ${q}: shipped` });
/** The dev server on the other of its two names: a cross-origin collector. */
const otherOrigin = `${location.protocol}//${location.hostname === 'localhost' ? '127.0.0.1' : 'localhost'}:${location.port}`;
const collector = () => `${otherOrigin}/__otlp/${crypto.randomUUID()}`;

async function received(bucket: string): Promise<Received> {
  return (await fetch(`${bucket}/received`)).json() as Promise<Received>;
}
/** What the receiver holds once it has `count` spans (it waits for the export's batch). */
async function spansAt(bucket: string, count: number): Promise<ReceivedSpan[]> {
  for (let i = 0; i < 200; i++) {
    const got = await received(bucket);
    const spans = got.requests.flatMap((r) => r.spans);
    if (spans.length >= count) return spans;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the receiver did not get ${count} spans: ${JSON.stringify(await received(bucket))}`);
}
const toolRun = () => mockEndpoint({ turns: [toolCallTurn([{ id: 'c1', name: 'lookup', args: { q: '42' } }], { usage: { prompt_tokens: 50, completion_tokens: 7 } }), textTurn('Shipped.')] });

describe('OTLP export (option telemetry.otlp)', () => {
  it('sends a run\'s spans as OTLP/JSON, with their ids, parent links, times, status and GenAI attributes, across origins with headers', async () => {
    const bucket = collector();
    const mock = await toolRun();
    const agent = agentOn(mock.baseURL, { tools: [lookup], telemetry: { otlp: { url: `${bucket}/v1/traces`, headers: { 'x-team': 'shop' }, serviceName: 'shop-web' } } });
    const run = agent.send('Where is order 42?');
    await run.done;
    const { spans: recorded } = await agent.trace(run.runId);
    const spans = await spansAt(bucket, recorded.length);
    const got = await received(bucket);
    expect(got.rejected).to.deep.equal([]);
    expect(got.requests[0]!.contentType).to.match(/^application\/json/);
    expect(got.requests[0]!.headers['x-team']).to.equal('shop');

    expect(spans.map((s) => s.name).sort()).to.deep.equal(recorded.map((s) => s.name).sort());
    for (const span of recorded) {
      const sent = spans.find((s) => s.spanId === span.spanId)!;
      expect(sent, span.name).to.not.equal(undefined);
      expect(sent.traceId).to.equal(span.traceId);
      expect(sent.parentSpanId).to.equal(span.parentSpanId);
      expect(Number(BigInt(sent.startTimeUnixNano) / 1000n) / 1000).to.be.closeTo(span.startTime, 0.01);
      expect(Number(BigInt(sent.endTimeUnixNano) / 1000n) / 1000).to.be.closeTo(span.endTime!, 0.01);
      expect(sent.resource).to.include({ 'service.name': 'shop-web' });
      expect(sent.scope).to.equal('pageloop');
    }
    const root = spans.find((s) => s.name === 'invoke_agent')!;
    const chats = spans.filter((s) => s.name === 'chat mock-model');
    const tool = spans.find((s) => s.name === 'execute_tool lookup')!;
    expect(root.parentSpanId).to.equal(undefined);
    expect(chats.map((c) => c.parentSpanId)).to.deep.equal([root.spanId, root.spanId]);
    expect(tool.parentSpanId).to.equal(root.spanId);
    // SpanKind: CLIENT (3) for a request to the model server, INTERNAL (1) for the rest.
    expect(chats.map((c) => c.kind)).to.deep.equal([3, 3]);
    expect([root.kind, tool.kind]).to.deep.equal([1, 1]);
    expect(root.attributes).to.include({ 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.provider.name': 'openai', 'gen_ai.request.model': 'mock-model', 'gen_ai.usage.input_tokens': 50, 'pageloop.run_id': run.runId });
    expect(root.attributes['gen_ai.response.finish_reasons']).to.deep.equal(['answer']);
    const first = chats.find((c) => c.attributes['pageloop.iteration'] === 1)!;
    expect(first.attributes).to.include({ 'gen_ai.operation.name': 'chat', 'gen_ai.usage.input_tokens': 50, 'gen_ai.usage.output_tokens': 7, 'server.address': location.hostname });
    expect(first.attributes['gen_ai.response.finish_reasons']).to.deep.equal(['tool_calls']);
    expect(tool.attributes).to.include({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'lookup', 'gen_ai.tool.call.id': 'c1', 'pageloop.tool.status': 'ok' });
    expect(tool.events.map((e) => e.name)).to.include('pageloop.tool.started');
    expect(spans.every((s) => s.status.code === 0)).to.equal(true);
  });

  it('sends protobuf when asked, and a failed call\'s span with status error', async () => {
    const bucket = collector();
    const failing = defineTool({ name: 'lookup', description: 'Looks up an order', parameters: z.object({ q: z.string() }), readOnly: true, execute: () => { throw new Error('database down'); } });
    const mock = await toolRun();
    const agent = agentOn(mock.baseURL, { tools: [failing], telemetry: { otlp: { url: `${bucket}/v1/traces`, protocol: 'protobuf' } } });
    const run = agent.send('Where is order 42?');
    await run.done;
    const spans = await spansAt(bucket, 4);
    const got = await received(bucket);
    expect(got.rejected).to.deep.equal([]);
    expect(got.requests.every((r) => r.contentType.startsWith('application/x-protobuf'))).to.equal(true);
    const tool = spans.find((s) => s.name === 'execute_tool lookup')!;
    // STATUS_CODE_ERROR is 2.
    expect(tool.status).to.deep.equal({ code: 2, message: 'tool_error' });
    expect(tool.attributes).to.include({ 'error.type': 'tool_error', 'pageloop.tool.status': 'error' });
    expect(spans.find((s) => s.name === 'invoke_agent')!.resource).to.include({ 'service.name': 'pageloop' });
  });

  it('drops the spans and says so when the collector is down or failing, and the run goes on unaffected', async () => {
    for (const url of ['http://127.0.0.1:9/v1/traces', `${collector()}/v1/traces?status=503`]) {
      const mock = await toolRun();
      const agent = agentOn(mock.baseURL, { tools: [lookup], telemetry: { otlp: { url, timeoutMs: 1500 } } });
      const order: string[] = [];
      const note = new Promise<Extract<AgentEvent, { type: 'telemetry' }>>((resolve) =>
        agent.on((e) => {
          order.push(e.type);
          if (e.type === 'telemetry') resolve(e);
        }),
      );
      const run = agent.send('Where is order 42?');
      const final = await run.done;
      expect(final, url).to.include({ reason: 'answer', text: 'Shipped.' });
      const told = await note;
      expect(told.dropped, url).to.equal((await agent.trace(run.runId)).spans.length);
      expect(told.exported).to.equal(0);
      expect(told.error).to.be.a('string').and.not.equal('');
      // The run did not wait for the export: its final came first.
      expect(order.indexOf('final')).to.be.lessThan(order.indexOf('telemetry'));
      // Not part of the conversation.
      expect((await agent.events()).some((e) => e.type === 'telemetry')).to.equal(false);
    }
  });
  it('counts the spans a full export queue drops (maxQueueSize), in a telemetry event, and sends the rest', async () => {
    // A slow collector and a queue of one: the first span goes out at once and is still in flight
    // while the next waits in the queue; the run's other two spans find it full.
    const bucket = collector();
    const mock = await toolRun();
    const agent = agentOn(mock.baseURL, { tools: [lookup], telemetry: { otlp: { url: `${bucket}/v1/traces?delay=1500`, maxQueueSize: 1 } } });
    const note = new Promise<Extract<AgentEvent, { type: 'telemetry' }> | string>((resolve) => {
      agent.on((e) => e.type === 'telemetry' && resolve(e));
      setTimeout(() => resolve('no telemetry event within 5 s'), 5000);
    });
    const run = agent.send('Where is order 42?');
    expect(await run.done).to.include({ reason: 'answer', text: 'Shipped.' });
    const told = await note;
    if (typeof told === 'string') throw new Error(told);
    const recorded = (await agent.trace(run.runId)).spans;
    expect(recorded.length).to.equal(4);
    expect([told.dropped, told.exported]).to.deep.equal([2, 0]);
    expect(told.error).to.include('2 spans dropped').and.include('maxQueueSize');
    // The two that fit are sent, and together with the dropped they are the whole run.
    const sent = await spansAt(bucket, 2);
    expect(sent.length + told.dropped).to.equal(recorded.length);
    // Each batch is its own request, and the collector may finish them in either order: compare as sets.
    const sentIds = sent.map((span) => span.spanId).sort();
    expect(new Set(sentIds).size, 'no span sent twice').to.equal(sentIds.length);
    expect(sentIds).to.deep.equal(recorded.map((span) => span.spanId).filter((id) => sentIds.includes(id)).sort());
  });
});

describe('option telemetry', () => {
  it('refuses bad settings with an error that names them, before anything starts', () => {
    const bad: [unknown, RegExp][] = [
      [{ otlp: { url: '' } }, /telemetry\.otlp\.url must be the URL of an OTLP\/HTTP traces endpoint/],
      [{ otlp: { url: '/v1/traces', protocol: 'grpc' } }, /telemetry\.otlp\.protocol must be "json" or "protobuf"/],
      [{ otlp: { url: '/v1/traces', headers: { a: 1 } } }, /telemetry\.otlp\.headers/],
      [{ otlp: { url: '/v1/traces', timeoutMs: -1 } }, /telemetry\.otlp\.timeoutMs/],
      [{ otlp: { url: '/v1/traces', maxQueueSize: 0.5 } }, /telemetry\.otlp\.maxQueueSize must be a whole number/],
      ['on', /telemetry must be an object/],
    ];
    for (const [telemetry, message] of bad) {
      expect(() => createAgent({ baseURL: '/v1', model: 'm', telemetry: telemetry as AgentOptions['telemetry'] })).to.throw(TypeError, message);
    }
  });
});

describe('the OTLP receiver the tests use', () => {
  it('answers 400 to malformed payloads, JSON and protobuf', async () => {
    const bucket = collector();
    const post = (body: BodyInit, type: string) => fetch(`${bucket}/v1/traces`, { method: 'POST', body, headers: { 'content-type': type } });
    expect((await post('{"resourceSpans": [{"scopeSpans": [{"spans": [{"traceId": "xyz", "spanId": "0011223344556677", "name": "x"}]}]}]}', 'application/json')).status).to.equal(400);
    expect((await post('{"resourceSpans": [{"scopeSpans": [{"spans": [{"traceId": "00112233445566770011223344556677", "spanId": "0011223344556677", "name": 7}]}]}]}', 'application/json')).status).to.equal(400);
    expect((await post('{"resourceSpans": ', 'application/json')).status).to.equal(400);
    expect((await post(new Uint8Array([0x0a, 0xff, 0xff, 0xff]), 'application/x-protobuf')).status).to.equal(400);
    const good = '{"resourceSpans": [{"scopeSpans": [{"spans": [{"traceId": "00112233445566770011223344556677", "spanId": "0011223344556677", "name": "ok", "startTimeUnixNano": "1700000000000000000", "endTimeUnixNano": "1700000000000000001"}]}]}]}';
    expect((await post(good, 'application/json')).status).to.equal(200);
    const got = await received(bucket);
    expect(got.rejected).to.have.length(4);
    expect(got.requests.flatMap((r) => r.spans.map((s) => s.name))).to.deep.equal(['ok']);
  });
});

describe('the span-processor hook (agent.onSpan + spanProcessorListener)', () => {
  it('feeds the app\'s own OpenTelemetry SDK on the page: ReadableSpans with ids, parents and attributes, and its exporter sends them on', async () => {
    const bucket = collector();
    const memory = new InMemorySpanExporter();
    const batch = new BatchSpanProcessor(new OTLPTraceExporter({ url: `${bucket}/v1/traces` }));
    const resource = resourceFromAttributes({ 'service.name': 'shop-app' });
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'c1', name: 'lookup', args: { q: '42' } }]), textTurn('Shipped.'), textTurn('Also shipped.')] });
    const agent = agentOn(mock.baseURL, { tools: [lookup] });
    const seen: TraceSpan[] = [];
    agent.onSpan((span) => seen.push(span));
    const stop = agent.onSpan(spanProcessorListener(new SimpleSpanProcessor(memory), { resource }));
    agent.onSpan(spanProcessorListener(batch, { resource }));
    const run = agent.send('Where is order 42?');
    await run.done;
    const { spans: recorded } = await agent.trace(run.runId);
    for (let i = 0; i < 100 && memory.getFinishedSpans().length < recorded.length; i++) await new Promise((r) => setTimeout(r, 20));
    const finished = memory.getFinishedSpans();
    // In the order they ended (the run's own span last), each as recorded.
    const bySpanId = (a: TraceSpan, b: TraceSpan) => a.spanId.localeCompare(b.spanId);
    expect([...seen].sort(bySpanId)).to.deep.equal([...recorded].sort(bySpanId));
    expect(seen.at(-1)!.name).to.equal('invoke_agent');
    expect(finished.map((s) => s.name).sort()).to.deep.equal(recorded.map((s) => s.name).sort());
    for (const span of recorded) {
      const readable = finished.find((s) => s.spanContext().spanId === span.spanId)!;
      expect(readable, span.name).to.not.equal(undefined);
      expect(readable.name).to.equal(span.name);
      expect(readable.spanContext().traceId).to.equal(span.traceId);
      expect(readable.parentSpanContext?.spanId).to.equal(span.parentSpanId);
      expect(readable.attributes).to.deep.equal(span.attributes);
      expect(readable.events.map((e) => e.name)).to.deep.equal(span.events.map((e) => e.name));
      expect(readable.resource.attributes['service.name']).to.equal('shop-app');
    }
    await batch.forceFlush();
    const sent = await spansAt(bucket, recorded.length);
    expect(sent.map((s) => s.spanId).sort()).to.deep.equal(recorded.map((s) => s.spanId).sort());
    expect(sent.every((s) => s.resource['service.name'] === 'shop-app')).to.equal(true);

    // Unsubscribed: the next run's spans no longer reach that processor.
    stop();
    const before = memory.getFinishedSpans().length;
    await agent.send('And order 43?').done;
    await new Promise((r) => setTimeout(r, 100));
    expect(memory.getFinishedSpans().length).to.equal(before);
    expect(seen.length).to.be.greaterThan(recorded.length);
  });
});
