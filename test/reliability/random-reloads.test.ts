// Reloads at seeded random points of a threaded conversation.
// A "page" runs a two-turn conversation (a streamed answer; then a paid
// action that runs a while, a call that needs approval, and a streamed
// answer) and dies at its k-th event — at once, or a little later (its
// pending writes landing or not); a new page loads the thread and finishes
// the conversation (answering what waits, resuming what was cut off,
// sending what was never sent). Every case checks: what was stored is what
// was shown, in order (the shown events before the death are a prefix of
// it; a "settled" death stores everything shown up to its event); nothing
// is duplicated; no call that may have taken effect runs twice; every
// status is true; the history is valid for a strict server; the
// conversation ends as scripted. Default: the four named points (mid-stream,
// mid-tool, mid-approval, between turns) and 12 random ones; PAGELOOP_LONG=1:
// 200 random points. PAGELOOP_SEED reproduces a run.
import { expect } from 'chai';
import { z } from 'zod';
import { AgentSession } from '../../src/agent/agent-session.js';
import { PageToolHost } from '../../src/page/page-tool-host.js';
import { toDescriptor } from '../../src/page/create-agent.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { ThreadStore } from '../../src/store/thread-store.js';
import { PageStore } from '../support/page-store.js';
import { scriptedModel, type ScriptedReply } from '../../src/testing/scripted-model.js';
import type { ModelRequest } from '../../src/model/chat-model.js';
import type { AgentEvent, ChatMessage, FinalEvent, Tool } from '../../src/types.js';
import { BASE_SEED, LONG_RUN, between, random } from './support/seeded.js';
import { Tally } from './support/tally.js';

const FIRST = 'Tell me about order 7.';
const SECOND = 'Charge it, then cancel order 8.';
const ANSWER_ONE = 'Order 7 shipped on Monday and should arrive by Thursday; the courier has it now.';
const ANSWER_TWO = 'Charged order 7 and cancelled order 8. Anything else?';

/** The model, as a function of the history: the same answers whoever asks and however often. */
function reply(request: ModelRequest): ScriptedReply {
  const messages = request.messages as ChatMessage[];
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  const user = messages[lastUser]!.content;
  if (user === FIRST) return { text: ANSWER_ONE, chunkSize: 4, delayMs: 2 };
  const results = messages.slice(lastUser).filter((m) => m.role === 'tool').length;
  if (results === 0) return { text: 'Charging. ', chunkSize: 4, delayMs: 2, toolCalls: [{ id: 'c-charge', name: 'charge_card', args: { order: 7 } }] };
  if (results === 1) return { toolCalls: [{ id: 'c-cancel', name: 'cancel_order', args: { order: 8 } }] };
  return { text: ANSWER_TWO, chunkSize: 4, delayMs: 2 };
}

/** Runs of each tool by a living page, counted across both pages. */
type Runs = Record<'charge_card' | 'cancel_order', number>;

function tools(runs: Runs, alive: () => boolean): Tool[] {
  const make = (name: keyof Runs, needsApproval: boolean, ms: number) =>
    defineTool({
      name,
      description: name,
      parameters: z.object({ order: z.number() }),
      needsApproval,
      execute: async ({ order }) => {
        if (!alive()) return new Promise<never>(() => {});
        runs[name]++;
        await new Promise((r) => setTimeout(r, ms));
        return { done: order };
      },
    });
  return [make('charge_card', false, 25), make('cancel_order', true, 5)];
}

function page(real: ThreadStore, runs: Runs, onEvent: (e: AgentEvent, all: AgentEvent[]) => void) {
  const store = new PageStore(real);
  const events: AgentEvent[] = [];
  const host = new PageToolHost();
  const list = tools(runs, () => !store.dead);
  host.setTools(list);
  const session = new AgentSession({ baseURL: '/unused', model: 'm', thread: 't' }, list.map(toDescriptor), {
    host: {
      emit: (batch) => {
        for (const e of batch) {
          if (store.dead) return;
          events.push(e);
          onEvent(e, events);
        }
      },
      checkTool: (n, a) => host.checkTool(n, a),
      runTool: (n, a, id, checked) => host.runTool(n, a, id, checked),
      abortTool: (id) => host.abortTool(id),
    },
    createModel: () => scriptedModel(Array.from({ length: 12 }, () => reply)),
    store,
  });
  return { session, store, events };
}

/** Events with streamed deltas merged, as the store keeps them. */
function merged(events: readonly AgentEvent[]): AgentEvent[] {
  const out: AgentEvent[] = [];
  for (const e of events) {
    const last = out.at(-1);
    if ((e.type === 'text' || e.type === 'thinking') && last?.type === e.type) out[out.length - 1] = { type: e.type, delta: last.delta + e.delta };
    else if (e.type === 'tool-call-delta' && last?.type === 'tool-call-delta' && last.callId === e.callId) out[out.length - 1] = e;
    else out.push(e);
  }
  return out;
}

/** Why `part` is not a prefix of `whole` (the last streamed text of `part` may be cut short), or undefined. */
function notPrefix(part: readonly AgentEvent[], whole: readonly AgentEvent[]): string | undefined {
  if (part.length > whole.length) return `${part.length} events stored, only ${whole.length} shown`;
  for (let i = 0; i < part.length; i++) {
    const [p, w] = [part[i]!, whole[i]!];
    if (JSON.stringify(p) === JSON.stringify(w)) continue;
    const cut = i === part.length - 1 && (p.type === 'text' || p.type === 'thinking') && w.type === p.type && w.delta.startsWith(p.delta);
    if (!cut) return `event ${i} differs: ${JSON.stringify(p).slice(0, 120)} vs ${JSON.stringify(w).slice(0, 120)}`;
  }
  return undefined;
}

/** Every call answered exactly once, right after its assistant message; no result without a call. */
function strictHistory(history: readonly ChatMessage[]): string | undefined {
  const seen = new Set<string>();
  let open: string[] = [];
  for (const m of history) {
    if (m.role === 'tool') {
      if (!open.includes(m.tool_call_id)) return `result ${m.tool_call_id} answers no open call`;
      if (seen.has(m.tool_call_id)) return `call ${m.tool_call_id} answered twice`;
      seen.add(m.tool_call_id);
      open = open.filter((id) => id !== m.tool_call_id);
      continue;
    }
    if (open.length > 0) return `calls ${open.join(', ')} unanswered before the next message`;
    if (m.role === 'assistant') open = (m.tool_calls ?? []).map((c) => c.id);
  }
  return open.length > 0 ? `calls ${open.join(', ')} unanswered at the end` : undefined;
}

/** Where a page dies: at its `at`-th event (1-based), at once or `settleMs` later. */
interface Death {
  at: number | ((e: AgentEvent, all: AgentEvent[]) => boolean);
  settleMs: number;
}

/** A death this long after its event leaves every write of what was shown time to land. */
const SETTLED_MS = 150;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One conversation with one death and one reload; resolves with what went wrong, or undefined. */
async function reloadCase(death: Death): Promise<string | undefined> {
  const dbName = `test-reloads-${crypto.randomUUID()}`;
  const real = new ThreadStore(dbName);
  const runs: Runs = { charge_card: 0, cancel_order: 0 };
  let diedAt: AgentEvent[] | undefined;
  let diedWhen = 0;
  let died!: () => void;
  const dead = new Promise<void>((r) => (died = r));
  const a = page(real, runs, (e, all) => {
    if (diedAt) return;
    const due = typeof death.at === 'number' ? all.length === death.at : death.at(e, all);
    if (!due) return;
    diedAt = merged(all);
    diedWhen = performance.now();
    setTimeout(() => {
      a.store.dead = true;
      a.session.cancel();
      died();
    }, death.settleMs);
    if (death.settleMs === 0) a.store.dead = true;
  });
  try {
    // The first page: two turns, approving the call after a while, until it dies.
    await a.session.load();
    const drive = (async () => {
      await a.session.send('r1', FIRST);
      await sleep(15);
      if (a.store.dead) return;
      const second = a.session.send('r2', SECOND);
      while (!a.store.dead && !a.events.some((e) => e.type === 'approval-request')) await sleep(3);
      await sleep(15);
      if (!a.store.dead) a.session.respond('c-cancel', { approve: true });
      await second;
    })();
    await Promise.race([drive, dead]);
    if (!diedAt) {
      // The point lay past the end: the page dies after it finished.
      diedAt = merged(a.events);
      a.store.dead = true;
    }
    const shownAtDeath = merged(a.events);
    // Writes begun before the death land (or fail) now.
    await sleep(60);
    const stored = (await real.load('t'))?.events ?? [];
    // The final event is stored before the page hears it (so a reload right after it loses nothing): it may be stored, unshown.
    const unshownFinal = stored.length === shownAtDeath.length + 1 && stored.at(-1)?.type === 'final';
    const invented = notPrefix(unshownFinal ? stored.slice(0, -1) : stored, shownAtDeath);
    if (invented) return `stored is not what was shown: ${invented}`;
    // Given time (more than the journal's 50 ms batching), everything shown up to the death's event is stored:
    // a write begun after an event was shown holds it. (On a starved machine no write may have begun yet.)
    const written = a.store.landed.some((w) => w.begun >= diedWhen);
    const lost = death.settleMs >= SETTLED_MS && written ? notPrefix(diedAt, stored) : undefined;
    if (lost) return `shown but not stored: ${lost}`;

    // The reload: finish the conversation.
    const b = page(real, runs, (e) => {
      if (e.type === 'approval-request') for (const r of e.requests) setTimeout(() => b.session.respond(r.callId, { approve: true }), 5);
    });
    await b.session.load();
    const reloaded = b.session.events();
    if (notPrefix(stored, reloaded)) return `the reload does not start with what was stored: ${notPrefix(stored, reloaded)}`;
    for (let step = 0; step < 6; step++) {
      const history = b.session.messages();
      const pending = b.session.pending();
      const last = b.session.events().findLast((e) => e.type === 'final') as FinalEvent | undefined;
      const runStarts = b.session.events().filter((e) => e.type === 'run-start').length;
      const lastRunEnded = b.session.events().map((e) => e.type).lastIndexOf('final') > b.session.events().map((e) => e.type).lastIndexOf('run-start');
      let final: FinalEvent;
      if (pending.length > 0) final = await b.session.resume(`b${step}`, { callId: pending[0]!.callId, answer: { approve: true } });
      else if (runStarts > 0 && last?.reason === 'interrupted' && lastRunEnded) final = await b.session.resume(`b${step}`);
      else if (!history.some((m) => m.role === 'user' && m.content === FIRST)) final = await b.session.send(`b${step}`, FIRST);
      else if (!history.some((m) => m.role === 'user' && m.content === SECOND)) final = await b.session.send(`b${step}`, SECOND);
      else if (history.at(-1)?.role === 'assistant' && history.at(-1)?.content?.includes(ANSWER_TWO)) break;
      else final = await b.session.retry(`b${step}`);
      if (final.reason === 'error') return `the reload's run failed: ${final.text}`;
    }
    const history = b.session.messages();
    const problem = strictHistory(history);
    if (problem) return problem;
    const users = history.filter((m) => m.role === 'user').map((m) => m.content);
    if (JSON.stringify(users) !== JSON.stringify([FIRST, SECOND])) return `user messages ${JSON.stringify(users)}`;
    if (!history.at(-1)?.content?.includes(ANSWER_TWO)) return `ends with ${JSON.stringify(history.at(-1))}`;
    if (runs.charge_card > 1 || runs.cancel_order > 1) return `ran twice: ${JSON.stringify(runs)}`;
    // True statuses: ok only for a call that ran; interrupted only for one the first page started.
    const results = b.session.events().filter((e): e is Extract<AgentEvent, { type: 'tool-result' }> => e.type === 'tool-result');
    const ids = results.map((r) => r.callId);
    if (new Set(ids).size !== ids.length) return `a call has two results: ${ids.join(', ')}`;
    if (ids.length !== 2) return `results for ${ids.join(', ')}`;
    for (const r of results) {
      if (r.status === 'ok' && runs[r.name as keyof Runs] !== 1) return `${r.callId} ok but ran ${runs[r.name as keyof Runs]} times`;
      if (r.status === 'interrupted' && !a.events.some((e) => e.type === 'tool-start' && e.callId === r.callId)) return `${r.callId} interrupted but never started`;
      if (r.status !== 'ok' && r.status !== 'interrupted') return `${r.callId} ${r.status}`;
    }
    for (const e of b.session.events()) if (e.type === 'run-start' && b.session.events().filter((x) => x.type === 'run-start' && x.runId === e.runId).length > 1) return `run ${e.runId} twice`;
    return undefined;
  } finally {
    a.store.dead = true;
    await real.close();
    indexedDB.deleteDatabase(dbName);
  }
}

/** The events of one whole conversation, for choosing random points within it. */
async function eventCount(): Promise<number> {
  let count = 0;
  await reloadCase({ at: (_e, all) => ((count = all.length), false), settleMs: 0 });
  return count;
}

describe('reloads at random points of a threaded conversation', function () {
  this.timeout(LONG_RUN ? 3_000_000 : 120_000);

  it('named points: mid-stream, mid-tool, mid-approval, between turns — at once and after the writes settle', async () => {
    const tally = new Tally('random reloads (named points)');
    const named: [string, Death['at']][] = [
      ['mid-stream', (e, all) => e.type === 'text' && all.filter((x) => x.type === 'text').length === 6],
      ['mid-tool', (e) => e.type === 'tool-start' && e.name === 'charge_card'],
      ['mid-approval', (e) => e.type === 'approval-request'],
      ['between turns', (e, all) => e.type === 'final' && all.filter((x) => x.type === 'final').length === 1],
    ];
    for (const [name, at] of named) {
      for (const settleMs of [0, SETTLED_MS]) await tally.check(`${name}, settle ${settleMs} ms`, () => reloadCase({ at, settleMs }));
    }
    const line = tally.report();
    expect(tally.failed, line).to.equal(0);
  });

  it(`${LONG_RUN ? 200 : 12} seeded random points (seed ${BASE_SEED})`, async () => {
    const total = await eventCount();
    expect(total, 'a whole conversation').to.be.above(20);
    const tally = new Tally(`random reloads (${total} events a conversation)`);
    const cases = LONG_RUN ? 200 : 12;
    for (let i = 0; i < cases; i++) {
      const seed = BASE_SEED + i;
      const rand = random(seed);
      const at = between(rand, 1, total);
      const roll = rand();
      const settleMs = roll < 0.4 ? 0 : roll < 0.7 ? SETTLED_MS : between(rand, 1, 100);
      await tally.check(`${seed} (event ${at}, settle ${settleMs} ms)`, () => reloadCase({ at, settleMs }));
    }
    const line = tally.report();
    expect(tally.failed, line).to.equal(0);
  });
});
