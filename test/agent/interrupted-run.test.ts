// Reloads at chosen points of a threaded run: a session is "killed" (its
// store stops taking writes, as a closed page's would) and a new session
// loads the same thread. Nothing shown is lost or duplicated, statuses are
// true, the history stays valid for a strict server, approvals resume.
import { expect } from 'chai';
import { z } from 'zod';
import { AgentSession } from '../../src/agent/agent-session.js';
import { PageToolHost } from '../../src/page/page-tool-host.js';
import { toDescriptor } from '../../src/page/create-agent.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { ThreadStore } from '../../src/store/thread-store.js';
import { scriptedModel, type ScriptedModel, type ScriptedTurn } from '../../src/testing/scripted-model.js';
import type { AgentEvent, ChatMessage, Tool } from '../../src/types.js';
import { PageStore } from '../support/page-store.js';

function page(real: ThreadStore, turns: ScriptedTurn[], tools: Tool[]) {
  const store = new PageStore(real);
  const events: AgentEvent[] = [];
  const host = new PageToolHost();
  host.setTools(tools);
  const model: ScriptedModel = scriptedModel(turns);
  const session = new AgentSession({ baseURL: '/unused', model: 'm', thread: 't' }, tools.map(toDescriptor), {
    host: { emit: (b) => events.push(...b), checkTool: (n, a) => host.checkTool(n, a), runTool: (n, a, id, checked) => host.runTool(n, a, id, checked), abortTool: (id) => host.abortTool(id) },
    createModel: () => model,
    store,
  });
  // Until the event is shown and the journal's write of it has reached IndexedDB.
  const until = (test: (e: AgentEvent) => boolean) => store.untilShownAndStored(events, test);
  return { session, store, events, model, until, kill: () => (store.dead = true) };
}

/** Every call answered exactly once, right after its assistant message; no result without a call. */
function expectStrictHistory(history: ChatMessage[]): void {
  const seen = new Map<string, number>();
  let open: string[] = [];
  for (const m of history) {
    if (m.role === 'tool') {
      expect(open, `result ${m.tool_call_id} answers an open call`).to.include(m.tool_call_id);
      open = open.filter((id) => id !== m.tool_call_id);
      seen.set(m.tool_call_id, (seen.get(m.tool_call_id) ?? 0) + 1);
      continue;
    }
    expect(open, 'every call answered before the next message').to.deep.equal([]);
    if (m.role === 'assistant') open = (m.tool_calls ?? []).map((c) => c.id);
  }
  expect(open).to.deep.equal([]);
  for (const n of seen.values()) expect(n).to.equal(1);
}

const counted = (name: string, opts: { idempotent?: boolean; needsApproval?: boolean; hang?: boolean }) => {
  const runs: number[] = [];
  const tool = defineTool({
    name,
    description: name,
    parameters: z.object({ id: z.number() }),
    ...opts,
    execute: ({ id }) => {
      runs.push(id);
      return opts.hang && runs.length === 1 ? new Promise<never>(() => {}) : { ok: id };
    },
  });
  return { tool, runs };
};

describe('interrupted runs (reload at chosen points)', () => {
  let real: ThreadStore;
  beforeEach(() => (real = new ThreadStore(`test-threads-${crypto.randomUUID()}`)));
  afterEach(() => real.close());

  it('mid-stream: the partial text is kept once, the run ends interrupted, resume() carries on', async () => {
    const a = page(real, [{ text: 'The first half of the answer', hang: true, chunkSize: 5 }], []);
    await a.session.load();
    void a.session.send('r1', 'tell me');
    await a.until((e) => e.type === 'text');
    a.kill();
    const b = page(real, [{ text: ' and the second half.' }], []);
    await b.session.load();
    const stored = b.session.events();
    expect(stored.filter((e) => e.type === 'text').map((e) => (e as { delta: string }).delta).join('')).to.equal('The first half of the answer');
    expect(stored.at(-1)).to.deep.equal({ type: 'final', reason: 'interrupted', text: 'The first half of the answer' });
    expect(b.session.messages()).to.deep.equal([{ role: 'user', content: 'tell me' }, { role: 'assistant', content: 'The first half of the answer' }]);
    const final = await b.session.resume('r2');
    expect(final).to.deep.include({ reason: 'answer', text: 'and the second half.' });
    expect(b.model.requests[0]!.messages.at(-1)).to.deep.include({ role: 'assistant', content: 'The first half of the answer' });
    expectStrictHistory(b.session.messages());
  });

  it('mid-tool: a call that was running is answered interrupted, never re-run; the model hears so on resume', async () => {
    const { tool, runs } = counted('charge_card', { hang: true });
    const a = page(real, [{ toolCalls: [{ id: 'c1', name: 'charge_card', args: { id: 1 } }] }], [tool]);
    await a.session.load();
    void a.session.send('r1', 'pay');
    await a.until((e) => e.type === 'tool-start');
    a.kill();
    const b = page(real, [{ text: 'I could not confirm the payment.' }], [tool]);
    await b.session.load();
    const results = b.session.events().filter((e) => e.type === 'tool-result');
    expect(results).to.have.length(1);
    expect(results[0]).to.deep.include({ callId: 'c1', status: 'interrupted' });
    expect(b.session.events().at(-1)).to.deep.include({ type: 'final', reason: 'interrupted' });
    await b.session.resume('r2');
    expect(runs).to.deep.equal([1]);
    const history = b.session.messages();
    expectStrictHistory(history);
    expect(history.find((m) => m.role === 'tool')!.content).to.match(/Interrupted.*may or may not have taken effect/);
    expect(b.session.events().filter((e) => e.type === 'tool-result')).to.have.length(1);
  });

  it('mid-tool, idempotent tool: resume runs it again and the run goes on', async () => {
    const { tool, runs } = counted('read_order', { hang: true, idempotent: true });
    const a = page(real, [{ toolCalls: [{ id: 'c1', name: 'read_order', args: { id: 7 } }] }], [tool]);
    await a.session.load();
    void a.session.send('r1', 'read 7');
    await a.until((e) => e.type === 'tool-start');
    a.kill();
    const b = page(real, [{ text: 'Order 7 is fine.' }], [tool]);
    await b.session.load();
    expect(b.session.events().filter((e) => e.type === 'tool-result')).to.have.length(0);
    const final = await b.session.resume('r2');
    expect(final.text).to.equal('Order 7 is fine.');
    expect(runs).to.deep.equal([7, 7]);
    expect(b.session.events().filter((e) => e.type === 'tool-result').map((e) => (e as { status: string }).status)).to.deep.equal(['ok']);
    expectStrictHistory(b.session.messages());
  });

  it('mid-tool after "Edit arguments": the reload knows the edited arguments, and answers the call interrupted (it needed approval, so it never runs again unasked)', async () => {
    const { tool, runs } = counted('read_order', { hang: true, idempotent: true, needsApproval: true });
    const a = page(real, [{ toolCalls: [{ id: 'c1', name: 'read_order', args: { id: 7 } }] }], [tool]);
    await a.session.load();
    void a.session.send('r1', 'read 7');
    await a.until((e) => e.type === 'approval-request');
    a.session.respond('c1', { approve: true, args: { id: 8 } });
    await a.until((e) => e.type === 'tool-start');
    expect(a.events.find((e) => e.type === 'tool-start')).to.deep.include({ editedArgs: { id: 8 } });
    a.kill();
    const b = page(real, [{ text: 'Order 8 may not have been read.' }], [tool]);
    await b.session.load();
    await b.session.resume('r2');
    expect(runs).to.deep.equal([8]);
    const history = b.session.messages();
    expectStrictHistory(history);
    const call = history.find((m) => m.role === 'assistant' && m.tool_calls);
    expect(call?.role === 'assistant' && JSON.parse(call.tool_calls![0]!.function.arguments)).to.deep.equal({ id: 8 });
    const result = b.model.requests[0]!.messages.find((m) => m.role === 'tool')?.content;
    expect(result).to.match(/edited/);
    expect(result).to.match(/Interrupted/);
  });

  it('mid-approval: pending() lists it, answering resumes the run without asking the model again for that turn', async () => {
    const { tool, runs } = counted('cancel_order', { needsApproval: true });
    const a = page(real, [{ toolCalls: [{ id: 'c1', name: 'cancel_order', args: { id: 5 } }, { id: 'c2', name: 'cancel_order', args: { id: 6 } }] }], [tool]);
    await a.session.load();
    void a.session.send('r1', 'cancel 5 and 6');
    await a.until((e) => e.type === 'approval-request');
    a.kill();
    const b = page(real, [{ text: 'Cancelled 5; kept 6.' }], [tool]);
    await b.session.load();
    expect(b.session.pending().map((r) => r.callId)).to.deep.equal(['c1', 'c2']);
    expect(b.session.events().some((e) => e.type === 'final')).to.equal(false);
    const run = b.session.resume('r2', { callId: 'c1', answer: { approve: true } });
    await new Promise((r) => setTimeout(r, 20));
    b.session.respond('c2', { approve: false, message: 'keep it' });
    const final = await run;
    expect(final.text).to.equal('Cancelled 5; kept 6.');
    expect(runs).to.deep.equal([5]);
    expect(b.model.requests).to.have.length(1);
    const statuses = Object.fromEntries(b.session.events().flatMap((e) => (e.type === 'tool-result' ? [[e.callId, e.status]] : [])));
    expect(statuses).to.deep.equal({ c1: 'ok', c2: 'denied' });
    expectStrictHistory(b.session.messages());
    expect(b.session.pending()).to.deep.equal([]);
  });

  it('between turns: nothing is interrupted, nothing waits, resume() is refused', async () => {
    const a = page(real, [{ text: 'Done.' }], []);
    await a.session.load();
    await a.session.send('r1', 'hi');
    a.kill();
    const b = page(real, [], []);
    await b.session.load();
    expect(b.session.events()).to.deep.equal(a.session.events());
    expect(b.session.pending()).to.deep.equal([]);
    const final = await b.session.resume('r2');
    expect(final.reason).to.equal('error');
    expectStrictHistory(b.session.messages());
  });

  it('reloads twice at random points of a tool run: each reload shows exactly what was stored, once', async () => {
    for (let trial = 0; trial < 4; trial++) {
      const thread = new ThreadStore(`test-threads-${crypto.randomUUID()}`);
      const { tool } = counted('read_order', { idempotent: true });
      const turns: ScriptedTurn[] = [{ toolCalls: [{ id: 'c1', name: 'read_order', args: { id: 1 } }], text: 'Looking. ', delayMs: 2 }, { text: 'All good here, nothing to add.', delayMs: 3 }];
      const a = page(thread, turns, [tool]);
      await a.session.load();
      void a.session.send('r1', 'check');
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 120));
      a.kill();
      await new Promise((r) => setTimeout(r, 80));
      const b = page(thread, [{ text: 'Resumed.' }], [tool]);
      await b.session.load();
      const shownOnce = b.session.events();
      // Loading again shows the same events: the reload's own records are stored, not repeated.
      const c = page(thread, [{ text: 'Resumed.' }], [tool]);
      await b.session.resume('r2').catch(() => undefined);
      await c.session.load();
      const ids = c.session.events().flatMap((e) => (e.type === 'tool-result' ? [e.callId] : []));
      expect(new Set(ids).size, 'one result per call').to.equal(ids.length);
      expect(shownOnce.filter((e) => e.type === 'run-start')).to.have.length(1);
      expectStrictHistory(c.session.messages());
      await thread.close();
    }
  });
});
