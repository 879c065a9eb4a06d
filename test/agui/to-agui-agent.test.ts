// The reverse direction (issue 39 §2): `toAgUiAgent(agent)` from the
// `pageloop/ag-ui` entry, a pageloop agent on the mock OpenAI endpoint driven
// as an AG-UI agent by the official client's `runAgent` (its pipeline checks
// every event with `verifyEvents` and applies it to the client's messages)
// and by CopilotKit's own front-end core (`@copilotkit/core`, as its React
// bindings use it) with the agent given as a local one.
import { expect } from 'chai';
import { from, lastValueFrom, toArray } from 'rxjs';
import { verifyEvents, type AgentSubscriber, type BaseEvent, type Message } from '@ag-ui/client';
import { CopilotKitCore } from '@copilotkit/core';
import { toAgUiAgent } from '../../src/ag-ui/index.js';
import { createAgent } from '../../src/page/create-agent.js';
import { mockEndpoint, textTurn, toolCallTurn } from '../../src/testing/index.js';
import type { Agent, AgentOptions } from '../../src/types.js';
import type { MockTurn } from '../../src/testing/mock-endpoint.js';
import { pageTool } from './support.js';

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

/** A pageloop agent on a scripted mock endpoint. */
async function pageAgent(turns: MockTurn[], options: Partial<AgentOptions> = {}) {
  const mock = await mockEndpoint({ turns });
  const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', ...options });
  agents.push(agent);
  return { agent, mock };
}

/** A subscriber that records every event the client applied, and whether the run failed. */
function recorder() {
  const events: BaseEvent[] = [];
  const failures: Error[] = [];
  const finished: Array<{ outcome: string; interrupts?: unknown[] }> = [];
  const subscriber: AgentSubscriber = {
    onEvent: ({ event }) => void events.push(event),
    onRunFailed: ({ error }) => void failures.push(error),
    onRunFinishedEvent: (p) => void finished.push(p.outcome === 'interrupt' ? { outcome: p.outcome, interrupts: p.interrupts } : { outcome: p.outcome }),
  };
  return { events, failures, finished, subscriber };
}

const types = (events: readonly BaseEvent[]): string[] => events.map((e) => e.type);
const user = (content: string): Message => ({ id: crypto.randomUUID(), role: 'user', content });


describe('toAgUiAgent: a pageloop agent driven by the official AG-UI client', function () {
  this.timeout(60_000);

  it('streams text, reasoning and usage as verified AG-UI events, and the client holds the reply', async () => {
    const { agent } = await pageAgent([textTurn('Hello from the page.', { reasoning: 'The user greets me.', usage: { prompt_tokens: 12, completion_tokens: 5 } })]);
    const agui = toAgUiAgent(agent);
    agui.messages = [user('Hi')];
    const r = recorder();
    await agui.runAgent({}, r.subscriber);
    expect(r.failures).to.deep.equal([]);
    expect(types(r.events)).to.deep.equal([
      'RUN_STARTED',
      'REASONING_START', 'REASONING_MESSAGE_START', 'REASONING_MESSAGE_CONTENT', 'REASONING_MESSAGE_END', 'REASONING_END',
      'TEXT_MESSAGE_START', ...types(r.events).filter((t) => t === 'TEXT_MESSAGE_CONTENT'), 'TEXT_MESSAGE_END',
      'RUN_FINISHED',
    ]);
    expect(types(r.events).filter((t) => t === 'TEXT_MESSAGE_CONTENT').length).to.be.greaterThan(0);
    const finished = r.events.at(-1) as BaseEvent & { usage?: unknown[]; outcome?: { type: string } };
    expect(finished.outcome).to.deep.equal({ type: 'success' });
    expect(finished.usage).to.deep.equal([{ inputTokens: 12, outputTokens: 5, totalTokens: 17 }]);
    const last = agui.messages.at(-1)!;
    expect(last).to.deep.include({ role: 'assistant', content: 'Hello from the page.' });
    expect(agui.messages.some((m) => m.role === 'reasoning' && m.content === 'The user greets me.')).to.equal(true);
    // The conversation is the pageloop agent's, kept in its thread.
    expect(await agent.messages()).to.deep.equal([{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello from the page.' }]);
  });

  it('the verification it passes is live: the same events with a message left open are refused', async () => {
    const { agent } = await pageAgent([textTurn('Hello.')]);
    const agui = toAgUiAgent(agent);
    agui.messages = [user('Hi')];
    const r = recorder();
    await agui.runAgent({}, r.subscriber);
    const broken = r.events.filter((e) => e.type !== 'TEXT_MESSAGE_END');
    let refused: unknown;
    await lastValueFrom(from(broken).pipe(verifyEvents(), toArray())).catch((err: unknown) => (refused = err));
    expect(String(refused)).to.match(/RUN_FINISHED' while text messages are still active/);
    expect(await lastValueFrom(from(r.events).pipe(verifyEvents(), toArray()))).to.have.length(r.events.length);
  });

  it('runs a page tool: TOOL_CALL_START/ARGS/END on the reply, then TOOL_CALL_RESULT with what it returned', async () => {
    const seen: unknown[] = [];
    const { agent } = await pageAgent([toolCallTurn([{ id: 'call_a', name: 'add_to_cart', args: { item: 'tea', qty: 2 } }]), textTurn('Added.')], { tools: [pageTool(false, seen)] });
    const agui = toAgUiAgent(agent);
    agui.messages = [user('Two teas')];
    const r = recorder();
    await agui.runAgent({}, r.subscriber);
    expect(r.failures).to.deep.equal([]);
    expect(seen).to.deep.equal([{ item: 'tea', qty: 2 }]);
    const t = types(r.events);
    expect(t.indexOf('TOOL_CALL_START')).to.be.lessThan(t.indexOf('TOOL_CALL_END'));
    expect(t.indexOf('TOOL_CALL_END')).to.be.lessThan(t.indexOf('TOOL_CALL_RESULT'));
    expect(t.at(-1)).to.equal('RUN_FINISHED');
    const args = r.events.filter((e) => e.type === 'TOOL_CALL_ARGS').map((e) => (e as BaseEvent & { delta: string }).delta).join('');
    expect(JSON.parse(args)).to.deep.equal({ item: 'tea', qty: 2 });
    const call = agui.messages.find((m) => m.role === 'assistant' && m.toolCalls?.length);
    expect(call?.role === 'assistant' && call.toolCalls?.[0]).to.deep.include({ id: 'call_a', function: { name: 'add_to_cart', arguments: '{"item":"tea","qty":2}' } });
    const result = agui.messages.find((m) => m.role === 'tool');
    expect(result).to.deep.include({ role: 'tool', toolCallId: 'call_a' });
    expect(JSON.parse(String(result?.role === 'tool' ? result.content : ''))).to.deep.equal({ added: 'tea', qty: 2 });
    expect(agui.messages.at(-1)).to.deep.include({ role: 'assistant', content: 'Added.' });
  });

  it('ends at an approval with an interrupt; resuming with approved runs the call, with approved: false refuses it', async () => {
    for (const approved of [true, false]) {
      const seen: unknown[] = [];
      const { agent } = await pageAgent([toolCallTurn([{ id: 'call_b', name: 'add_to_cart', args: { item: 'rice', qty: 1 } }]), textTurn(approved ? 'Added.' : 'Not added.')], { tools: [pageTool(true, seen)] });
      const agui = toAgUiAgent(agent);
      agui.messages = [user('Rice')];
      const first = recorder();
      await agui.runAgent({}, first.subscriber);
      expect(first.failures).to.deep.equal([]);
      expect(first.finished).to.have.length(1);
      const [interrupt] = first.finished[0]!.interrupts as Array<{ id: string; reason: string; toolCallId: string }>;
      expect(interrupt).to.deep.include({ id: 'call_b', reason: 'tool_approval', toolCallId: 'call_b' });
      expect(seen, 'nothing ran before the answer').to.deep.equal([]);
      expect(types(first.events)).to.not.include('TOOL_CALL_RESULT');
      // The client itself refuses a run that leaves the interrupt unanswered.
      const unanswered = await agui.runAgent({}).then(() => 'ran', (err: unknown) => String(err));
      expect(unanswered).to.match(/pending interrupt/);

      const second = recorder();
      await agui.runAgent({ resume: [{ interruptId: interrupt!.id, status: 'resolved', payload: approved ? { approved: true } : { approved: false, message: 'not today' } }] }, second.subscriber);
      expect(second.failures).to.deep.equal([]);
      expect(seen).to.deep.equal(approved ? [{ item: 'rice', qty: 1 }] : []);
      const result = second.events.find((e) => e.type === 'TOOL_CALL_RESULT') as BaseEvent & { toolCallId: string; content: string };
      expect(result.toolCallId).to.equal('call_b');
      if (approved) expect(JSON.parse(result.content)).to.deep.equal({ added: 'rice', qty: 1 });
      else expect(JSON.parse(result.content)).to.deep.include({ status: 'denied' });
      expect(second.finished).to.deep.equal([{ outcome: 'success' }]);
      expect(agui.messages.at(-1)).to.deep.include({ role: 'assistant', content: approved ? 'Added.' : 'Not added.' });
      expect(agui.pendingInterrupts).to.deep.equal([]);
    }
  });

  it('Stop (abortRun) cancels the pageloop run: the AG-UI run ends with a cancelled outcome', async () => {
    const { agent } = await pageAgent([textTurn('a b c d e f g h', { delayMs: 150, hang: true })]);
    const agui = toAgUiAgent(agent);
    agui.messages = [user('Long one')];
    const r = recorder();
    const done = agui.runAgent({}, { ...r.subscriber, onTextMessageContentEvent: () => agui.abortRun() });
    await done;
    expect(r.finished).to.deep.equal([{ outcome: 'cancelled' }]);
    expect(agent.running).to.equal(false);
  });

  it('a run that fails on the page ends with RUN_ERROR carrying the message', async () => {
    const { agent } = await pageAgent([{ error: 'model exploded', status: 400 }]);
    const agui = toAgUiAgent(agent);
    agui.messages = [user('Hi')];
    const r = recorder();
    await agui.runAgent({}, r.subscriber).catch(() => undefined);
    const error = r.events.find((e) => e.type === 'RUN_ERROR') as (BaseEvent & { message: string }) | undefined;
    expect(error?.message).to.match(/model exploded|400/);
    expect(types(r.events).at(-1)).to.equal('RUN_ERROR');
  });

  it('sends the user message\'s image part as an attachment, and the input\'s context as app context', async () => {
    const { agent, mock } = await pageAgent([textTurn('A red pixel.')]);
    const agui = toAgUiAgent(agent);
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
    agui.messages = [{ id: 'u1', role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image', source: { type: 'data', value: png, mimeType: 'image/png' }, metadata: { name: 'pixel.png' } }] }];
    await agui.runAgent({ context: [{ description: 'screen', value: '"checkout"' }] });
    const [request] = await mock.log();
    const body = JSON.stringify(request);
    expect(body).to.include('data:image/png;base64,');
    expect(body).to.include('checkout');
    const [first] = await agent.messages();
    expect(first).to.deep.include({ role: 'user', content: 'What is this?' });
    expect(first?.role === 'user' && first.attachments?.[0]?.name).to.equal('pixel.png');
  });
});

describe('toAgUiAgent: CopilotKit\'s front-end core drives a pageloop agent', function () {
  this.timeout(60_000);
  // CopilotKit's core reads `process.env` as a bundler would define it (its React apps are built by one); the page has none.
  const withProcess = globalThis as { process?: unknown };
  before(() => void (withProcess.process = { env: { NODE_ENV: 'development' } }));
  after(() => void delete withProcess.process);

  it('runs a turn with a page tool through CopilotKitCore (agents__unsafe_dev_only) and holds the reply and the call', async () => {
    const seen: unknown[] = [];
    const { agent } = await pageAgent([toolCallTurn([{ id: 'call_c', name: 'add_to_cart', args: { item: 'jam', qty: 3 } }]), textTurn('Three jams added.')], { tools: [pageTool(false, seen)] });
    const agui = toAgUiAgent(agent, { agentId: 'shop' });
    // CopilotKit's core is built on the AG-UI client before 1.0 (0.0.59, its own copy): it drives any agent with that client's face, which the 1.0 agent has (its private fields differ by name only).
    const core = new CopilotKitCore({ agents__unsafe_dev_only: { shop: agui as unknown as NonNullable<ConstructorParameters<typeof CopilotKitCore>[0]['agents__unsafe_dev_only']>[string] } });
    const local = core.getAgent('shop')!;
    expect(local, 'CopilotKit registered the local agent').to.exist;
    local.addMessage({ id: 'u1', role: 'user', content: 'Three jams please' });
    await core.runAgent({ agent: local });
    expect(seen).to.deep.equal([{ item: 'jam', qty: 3 }]);
    const messages = local.messages as Message[];
    expect(messages.at(-1)).to.deep.include({ role: 'assistant', content: 'Three jams added.' });
    expect(messages.some((m) => m.role === 'tool' && m.toolCallId === 'call_c')).to.equal(true);
  });
});
