// How the model layer read each reply, on the model request's span: the
// protocol, the call format found in the text and why, repairs and stream
// quirks — through the real worker and OpenAI client against the mock.
import { expect } from 'chai';
import { z } from 'zod';
import { createAgent } from '../../src/page/create-agent.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { mockEndpoint, type MockTurn } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import type { Agent, AgentEvent, AgentOptions, TraceSpan } from '../../src/types.js';

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));
const lookup = defineTool({ name: 'lookup', description: 'Looks up an order', parameters: z.object({ q: z.string() }), readOnly: true, execute: ({ q }) => `order ${q}: shipped` });

/** The first model request's span and the run's reply-read events. */
async function firstChat(turns: MockTurn[], options: Partial<AgentOptions> = {}): Promise<{ chat: TraceSpan; reads: AgentEvent[]; calls: AgentEvent[] }> {
  const mock = await mockEndpoint({ turns });
  const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', maxRetries: 0, tools: [lookup], ...options });
  agents.push(agent);
  const events: AgentEvent[] = [];
  agent.on((e) => events.push(e));
  const run = agent.send('Where is order 42?');
  await run.done;
  const chat = (await agent.trace(run.runId)).spans.find((s) => s.attributes['pageloop.iteration'] === 1)!;
  return { chat, reads: events.filter((e) => e.type === 'reply-read'), calls: events.filter((e) => e.type === 'tool-call') };
}

describe('trace: how each reply was read', () => {
  it('names the call format found in a text-protocol reply and why', async () => {
    const { chat, reads } = await firstChat([textTurn('<tool_call>\n{"name": "lookup", "arguments": {"q": "42"}}\n</tool_call>'), textTurn('Shipped.')], { toolProtocol: 'text' });
    expect(chat.attributes).to.include({ 'pageloop.tool_protocol': 'text', 'pageloop.call_format': 'hermes', 'pageloop.call_format.reason': 'recognised by its opener "<tool_call>"' });
    expect(chat.attributes['pageloop.repairs']).to.equal(undefined);
    expect(reads[0]).to.deep.equal({ type: 'reply-read', protocol: 'text', format: 'hermes', formatReason: 'recognised by its opener "<tool_call>"', repairs: [], quirks: [] });
    expect(reads.at(-1)).to.deep.equal({ type: 'reply-read', protocol: 'text', repairs: [], quirks: [] });
  });

  it('records a call read without its closer as a repair, and the toolFormat hint as the reason', async () => {
    const { chat, calls } = await firstChat([textTurn('<tool_call>\n{"name": "lookup", "arguments": {"q": "42"}}'), textTurn('Shipped.')], { toolProtocol: 'text', toolFormat: 'hermes' });
    expect(calls).to.have.length(1);
    expect(chat.attributes).to.include({ 'pageloop.call_format': 'hermes', 'pageloop.call_format.reason': 'toolFormat "hermes"' });
    expect(chat.attributes['pageloop.repairs']).to.deep.equal(['hermes call without its closer read to the end']);
  });

  it('records calls a native-protocol model wrote into its text as a stream quirk', async () => {
    const { chat, calls } = await firstChat([textTurn('<tool_call>{"name": "lookup", "arguments": {"q": "42"}}</tool_call>'), textTurn('Shipped.')]);
    expect(calls).to.have.length(1);
    expect(chat.attributes).to.include({ 'pageloop.tool_protocol': 'native', 'pageloop.call_format': 'hermes' });
    expect(chat.attributes['pageloop.stream_quirks']).to.deep.equal(['calls written in the reply text, not as native tool calls']);
  });

  it('records native arguments encoded twice as a repair', async () => {
    const { chat, calls } = await firstChat([toolCallTurn([{ id: 'c1', name: 'lookup', args: JSON.stringify({ q: '42' }) as unknown as Record<string, unknown> }]), textTurn('Shipped.')]);
    expect(calls[0]).to.deep.include({ args: { q: '42' } });
    expect(chat.attributes).to.include({ 'pageloop.tool_protocol': 'native' });
    expect(chat.attributes['pageloop.call_format']).to.equal(undefined);
    expect(chat.attributes['pageloop.repairs']).to.deep.equal(['arguments encoded twice: decoded']);
    expect(chat.attributes['pageloop.stream_quirks']).to.equal(undefined);
  });

  it('itemises what the format reader mended inside a call, each named with its format', async () => {
    const search = defineTool({ name: 'search', description: 'Searches orders', parameters: z.object({ q: z.string(), exact: z.boolean(), filter: z.object({ status: z.string() }) }), readOnly: true, execute: () => 'none' });
    // Qwen3-Coder-style parameters: a Python boolean and a Python dict, as models trained on Python write them.
    const xml = '<tool_call>\n<function=search>\n<parameter=q>\n42\n</parameter>\n<parameter=exact>\nTrue\n</parameter>\n<parameter=filter>\n{\'status\': \'open\'}\n</parameter>\n</function>\n</tool_call>';
    const { chat, calls } = await firstChat([textTurn(xml), textTurn('None found.')], { toolProtocol: 'text', tools: [search] });
    expect(calls[0]).to.deep.include({ args: { q: '42', exact: true, filter: { status: 'open' } } });
    expect(chat.attributes['pageloop.call_format']).to.equal('hermes');
    expect(chat.attributes['pageloop.repairs']).to.deep.equal(['hermes: Python-style True/False/None read as JSON', 'hermes: a Python literal read as JSON']);
    // A raw line break inside a JSON string (code written into an argument), read as its escape.
    const raw = await firstChat([textTurn('<tool_call>{"name": "lookup", "arguments": {"q": "4\n2"}}</tool_call>'), textTurn('Shipped.')], { toolProtocol: 'text' });
    expect(raw.calls[0]).to.deep.include({ args: { q: '4\n2' } });
    expect(raw.chat.attributes['pageloop.repairs']).to.deep.equal(['hermes: raw control characters in a JSON string escaped']);
  });
});
