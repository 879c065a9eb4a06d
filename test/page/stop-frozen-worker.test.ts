// Stop ends a run also when the agent's worker never reads it (issue 34, the
// class behind "a server's regex freezes the agent"): code in the worker that
// never yields — here a model module's own loop (test/fixtures/freezing-model.ts,
// code an app runs in the worker) — leaves the cancel unread. The page waits
// `stopGraceMs` for the worker's answer, then ends that worker and starts a
// fresh one for the same agent, which ends the run in the stored thread as a
// reload would find it: one `cancelled` result per open call, a
// `worker-restarted` notice, a `cancelled` final. The next send is answered
// (by the mock endpoint, through the real client), and a reload shows what
// the page showed.
import { expect } from 'chai';
import { z } from 'zod';
import { createAgent } from '../../src/page/create-agent.js';
import { agentOf, spinning, until, within } from './stop-support.js';
import { defineTool } from '../../src/tools/define-tool.js';
import type { Agent, AgentEvent, AgentOptions, TraceSpan } from '../../src/types.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn } from '../../src/testing/chunks.js';

const FREEZING = new URL('../fixtures/freezing-model.ts', import.meta.url).href;
const GRACE_MS = 1000;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The conversation as a reload must show it: the text said, each call and result, notices and ends, in order. */
function conversation(events: readonly AgentEvent[]): string[] {
  const lines: string[] = [];
  for (const e of events) {
    if (e.type === 'text') {
      if (lines.at(-1)?.startsWith('text: ')) lines[lines.length - 1] += e.delta;
      else lines.push(`text: ${e.delta}`);
    } else if (e.type === 'tool-call') lines.push(`call ${e.callId} ${e.name}`);
    else if (e.type === 'tool-result') lines.push(`result ${e.callId} ${e.status}`);
    else if (e.type === 'error') lines.push(`error ${e.code}`);
    else if (e.type === 'final') lines.push(`final ${e.reason}`);
  }
  return lines;
}

/** Every tool call of the history has exactly one result. */
function oneResultEach(messages: Awaited<ReturnType<Agent['messages']>>): void {
  const calls = messages.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []).map((c) => c.id) : []));
  const results = messages.flatMap((m) => (m.role === 'tool' ? [m.tool_call_id] : []));
  expect([...results].sort()).to.deep.equal([...calls].sort());
}

describe('Stop ends a run whose worker never yields', function () {
  // Bounds that turn a hang into a message, never timed passes; a loaded machine needs room.
  this.timeout(60_000);

  it('a reply whose model code spins: the worker is replaced, the next send is answered, a reload shows the same', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('Back again.')] });
    const thread = `frozen-reply-${crypto.randomUUID()}`;
    const { agent, events } = agentOf({ baseURL: mock.baseURL, model: 'mock-model', modelModule: FREEZING, thread, stopGraceMs: GRACE_MS });
    // A wish the worker holds (spans sent to the page) is told to the fresh worker again.
    const spans: TraceSpan[] = [];
    agent.onSpan((span) => spans.push(span));
    const spins = spinning();
    const run = agent.send('FREEZE-IN-REPLY please');
    await until(() => events.some((e) => e.type === 'text'));
    // The module spins 400 ms after its text: from then on, the worker reads nothing.
    expect(await within(spins, 15_000)).to.equal(undefined);
    agent.cancel();
    const final = await within(run.done, GRACE_MS + 15_000);
    expect(final).to.include({ type: 'final', reason: 'cancelled' });
    const notice = events.find((e): e is Extract<AgentEvent, { type: 'error' }> => e.type === 'error');
    expect(notice, 'the notice').to.include({ code: 'worker-restarted', retryable: false });
    expect(notice!.message).to.match(/did not answer within 1000 ms.*fresh one started; the conversation is kept/);
    expect(agent.running).to.equal(false);
    // The fresh worker has the history: the user's message and the cut-off reply as the page showed it
    // (the reader holds back a stream's last characters until it knows they begin no call markup).
    const shownText = events.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
    expect(shownText).to.match(/^Working on/);
    const messages = await agent.messages();
    expect(messages.map((m) => `${m.role}: ${m.content}`)).to.deep.equal(['user: FREEZE-IN-REPLY please', `assistant: ${shownText}`]);
    oneResultEach(messages);
    // The next send is answered by the mock endpoint, through the fresh worker's client.
    const next = agent.send('And now?');
    expect(await within(next.done, 15_000)).to.include({ type: 'final', reason: 'answer', text: 'Back again.' });
    await until(() => spans.some((span) => span.runId === next.runId && span.name === 'invoke_agent'));
    expect(spans.filter((span) => span.runId === next.runId).map((span) => span.name)).to.include('invoke_agent');
    // It went to the endpoint with the whole conversation, the stopped turn included.
    const asked = (await mock.log()).filter((entry) => entry.path.endsWith('/chat/completions'));
    expect(asked).to.have.length(1);
    const sent = (asked[0]!.body as { messages: { role: string; content: string }[] }).messages.filter((m) => m.role !== 'system');
    expect(sent.map((m) => `${m.role}: ${m.content}`)).to.deep.equal(['user: FREEZE-IN-REPLY please', `assistant: ${shownText}`, 'user: And now?']);
    const seen = conversation(events);
    expect(seen).to.deep.equal([`text: ${shownText}`, 'error worker-restarted', 'final cancelled', 'text: Back again.', 'final answer']);
    // A reload shows what the page showed.
    agent.dispose();
    const again = agentOf({ baseURL: mock.baseURL, model: 'mock-model', modelModule: FREEZING, thread }).agent;
    await again.ready;
    expect(conversation(await again.events())).to.deep.equal(seen);
    oneResultEach(await again.messages());
  });

  it('a call open while the worker spins: it gets exactly one cancelled result, in the page and the stored thread', async () => {
    let started = 0;
    const waitHere = defineTool({ name: 'wait_here', description: 'Waits for the page', parameters: z.object({}), execute: () => (started++, new Promise<string>(() => {})) });
    const mock = await mockEndpoint({ turns: [textTurn('Carrying on.')] });
    const thread = `frozen-call-${crypto.randomUUID()}`;
    const options: AgentOptions = { baseURL: mock.baseURL, model: 'mock-model', modelModule: FREEZING, thread, tools: [waitHere], stopGraceMs: GRACE_MS };
    const { agent, events } = agentOf(options);
    const spins = spinning();
    const run = agent.send('FREEZE-IN-CALL now');
    await until(() => started > 0);
    expect(await within(spins, 15_000)).to.equal(undefined);
    agent.cancel();
    expect(await within(run.done, GRACE_MS + 15_000)).to.include({ type: 'final', reason: 'cancelled' });
    const results = events.filter((e): e is Extract<AgentEvent, { type: 'tool-result' }> => e.type === 'tool-result');
    expect(results.map((r) => `${r.callId} ${r.status}`)).to.deep.equal(['w1 cancelled']);
    expect(results[0]!.error).to.match(/did not answer within/);
    oneResultEach(await agent.messages());
    expect(await within(agent.send('And now?').done, 15_000)).to.include({ type: 'final', reason: 'answer', text: 'Carrying on.' });
    const seen = conversation(events);
    expect(seen).to.deep.equal(['call w1 wait_here', 'result w1 cancelled', 'error worker-restarted', 'final cancelled', 'text: Carrying on.', 'final answer']);
    agent.dispose();
    const again = agentOf({ ...options, tools: [waitHere] }).agent;
    await again.ready;
    expect(conversation(await again.events())).to.deep.equal(seen);
    oneResultEach(await again.messages());
  });

  it('a worker that answers Stop is not replaced', async () => {
    const mock = await mockEndpoint({ turns: [{ chunks: [{ choices: [{ index: 0, delta: { content: 'Slow' } }] }], hang: true, done: false }, textTurn('Next.')] });
    const { agent, events } = agentOf({ baseURL: mock.baseURL, model: 'mock-model', stopGraceMs: 300 });
    const run = agent.send('Go slowly');
    await until(() => events.some((e) => e.type === 'text'));
    agent.cancel();
    expect(await within(run.done, 10_000)).to.include({ type: 'final', reason: 'cancelled' });
    // Past the grace: still the same worker, no notice.
    await pause(900);
    expect(events.filter((e) => e.type === 'error')).to.deep.equal([]);
    expect(await within(agent.send('Again').done, 10_000)).to.include({ type: 'final', reason: 'answer', text: 'Next.' });
  });

  it('refuses a grace that is not a positive number of milliseconds', () => {
    expect(() => createAgent({ baseURL: '/v1', model: 'm', stopGraceMs: 0 })).to.throw(TypeError, /stopGraceMs must be a positive number of milliseconds/);
  });
});
