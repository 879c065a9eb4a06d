import { expect } from 'chai';
import { ContextBudget, SUMMARY_PROMPT, type Summarizer } from '../../src/agent/context-budget.js';
import type { TurnRequest } from '../../src/model/tool-calling-model.js';
import type { ChatMessage } from '../../src/types.js';

/** A summarizer that answers `text` (or fails) and remembers what it was asked. */
function summarizer(text: string | Error): Summarizer & { asked: TurnRequest[] } {
  const asked: TurnRequest[] = [];
  return {
    asked,
    async *turn(request) {
      asked.push(request);
      if (text instanceof Error) throw text;
      yield { type: 'done', text, calls: [] };
    },
  };
}

const words = (n: number, seed = 0) => Array.from({ length: n }, (_, i) => ['alpha', 'beta', 'gamma', 'delta', 'omega'][(i + seed) % 5]).join(' ');

/** `n` exchanges: user asks, assistant calls a tool, the result, the answer. */
function conversation(n: number): ChatMessage[] {
  const history: ChatMessage[] = [];
  for (let k = 0; k < n; k++) {
    history.push({ role: 'user', content: `Question ${k}: ${words(20, k)}` });
    history.push({ role: 'assistant', content: null, tool_calls: [{ id: `c${k}a`, type: 'function', function: { name: 'look', arguments: `{"q":${k}}` } }, { id: `c${k}b`, type: 'function', function: { name: 'look', arguments: `{"q":${k + 100}}` } }] });
    history.push({ role: 'tool', tool_call_id: `c${k}a`, content: words(120, k) });
    history.push({ role: 'tool', tool_call_id: `c${k}b`, content: words(120, k + 1) });
    history.push({ role: 'assistant', content: `Answer ${k}: ${words(30, k)}` });
  }
  return history;
}

const request = (history: ChatMessage[]): TurnRequest => ({ system: 'You are helpful.', history, tools: [], endingTools: [] });
const signal = new AbortController().signal;

describe('ContextBudget', () => {
  it('sends a history that fits as it is, without a summary call', async () => {
    const model = summarizer('unused');
    const history = conversation(2);
    const { request: sent, events } = await new ContextBudget({ contextTokens: 8192 }).fit(request(history), model, signal);
    expect(sent.history).to.deep.equal(history);
    expect(events).to.deep.equal([]);
    expect(model.asked).to.have.length(0);
  });

  it('folds the oldest exchanges, calls and results together, keeping the current user turn and a plan note', async () => {
    const model = summarizer('They asked questions; the tool answered with Greek letters.');
    const history = conversation(12);
    history.splice(1, 0, { role: 'system', content: 'Plan: 1. read 2. answer' });
    history.push({ role: 'user', content: 'The current question.' });
    const budget = new ContextBudget({ contextTokens: 2048 });
    const { request: sent, events } = await budget.fit(request(history), model, signal);
    expect(events).to.have.length(1);
    expect(events[0]).to.include({ type: 'context', action: 'folded', contextTokens: 2048, summary: 'They asked questions; the tool answered with Greek letters.' });
    expect(events[0]!.after).to.be.lessThan(events[0]!.before);
    expect(budget.estimator.prompt(sent)).to.be.at.most(2048 - 512);
    expect(sent.system).to.include('Summary of the earlier conversation').and.include('Greek letters');
    expect(sent.history.at(-1)).to.deep.equal({ role: 'user', content: 'The current question.' });
    expect(sent.history).to.deep.include({ role: 'system', content: 'Plan: 1. read 2. answer' });
    // Every result still follows its call; no call lost its result.
    const ids = new Set(sent.history.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []).map((c) => c.id) : [])));
    const answered = sent.history.filter((m) => m.role === 'tool').map((m) => (m as { tool_call_id: string }).tool_call_id);
    expect(new Set(answered)).to.deep.equal(ids);
    // The summary call was asked with the short prompt, about calls and results, and no tools.
    expect(model.asked).to.have.length(1);
    expect(model.asked[0]!.system).to.equal(SUMMARY_PROMPT);
    expect(model.asked[0]!.tools).to.deep.equal([]);
    expect(model.asked[0]!.history[0]!.content).to.include('called look({"q":0})').and.include('Tool result (c0a)');
  });

  it('keeps what was folded folded: the next turn reuses the summary without asking again', async () => {
    const model = summarizer('Summary one.');
    const history = conversation(12);
    const budget = new ContextBudget({ contextTokens: 2048 });
    await budget.fit(request(history), model, signal);
    history.push({ role: 'user', content: 'One more.' });
    const { request: sent, events } = await budget.fit(request(history), model, signal);
    expect(model.asked).to.have.length(1);
    expect(events).to.deep.equal([]);
    expect(sent.system).to.include('Summary one.');
  });

  it('drops the oldest exchanges when the summary call fails, and says so', async () => {
    const budget = new ContextBudget({ contextTokens: 2048 });
    const { request: sent, events } = await budget.fit(request(conversation(12)), summarizer(new Error('HTTP 500')), signal);
    expect(events).to.have.length(1);
    expect(events[0]).to.include({ action: 'dropped' });
    expect(sent.system).to.match(/\(\d+ earlier messages were left out/);
    expect(budget.estimator.prompt(sent)).to.be.at.most(2048 - 512);
  });

  it('lets a cancel through instead of dropping', async () => {
    const controller = new AbortController();
    controller.abort();
    const aborting: Summarizer = {
      async *turn() {
        throw new DOMException('stop', 'AbortError');
      },
    };
    let thrown: unknown;
    await new ContextBudget({ contextTokens: 2048 }).fit(request(conversation(12)), aborting, controller.signal).catch((e: unknown) => (thrown = e));
    expect((thrown as Error).name).to.equal('AbortError');
  });

  it('cuts a big tool result once (one event), offers read_result, and pages through the full text', async () => {
    const big = Array.from({ length: 3000 }, (_, i) => `row ${i}`).join('\n');
    const history: ChatMessage[] = [
      { role: 'user', content: 'Read it.' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'big', type: 'function', function: { name: 'read', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'big', content: big },
    ];
    const budget = new ContextBudget({ contextTokens: 4096 });
    const first = await budget.fit(request(history), summarizer('x'), signal);
    const cut = first.request.history[2] as { content: string };
    expect(cut.content).to.match(/\[Cut to fit the context: showing characters 0–(\d+) of \d+\./);
    expect(first.request.tools.map((t) => t.name)).to.deep.equal(['read_result']);
    expect(first.events.map((e) => e.action)).to.deep.equal(['cut']);
    expect(history[2]).to.deep.equal({ role: 'tool', tool_call_id: 'big', content: big }); // the canonical history is untouched
    const again = await budget.fit(request(history), summarizer('x'), signal);
    expect(again.events).to.deep.equal([]);

    const keep = Number(/characters 0–(\d+)/.exec(cut.content)![1]);
    const page = budget.readResult(history, { callId: 'big', offset: keep, length: 500 });
    expect(page.ok).to.equal(true);
    const text = (page as { text: string }).text;
    expect(text.startsWith(big.slice(keep, keep + 500))).to.equal(true);
    expect(text).to.include(`[Characters ${keep}–${keep + 500} of ${big.length}.`).and.include(`"offset":${keep + 500}`);
    const huge = budget.readResult(history, { callId: 'big', offset: 0, length: 10_000_000 });
    expect((huge as { text: string }).text.length).to.be.at.most(budget.pageChars + 200);
    const tail = budget.readResult(history, { callId: 'big', offset: big.length - 10 });
    expect((tail as { text: string }).text).to.include('That is the end.');
    expect(budget.readResult(history, { callId: 'nope', offset: 0 })).to.deep.include({ ok: false });
    expect(budget.readResult(history, { callId: 'big', offset: big.length + 1 })).to.deep.include({ ok: false });
    expect(budget.readResult(history, { offset: 0 })).to.deep.include({ ok: false });
  });

  it('sends a current user message too long for the window as its start and end, with a note; the history keeps it whole', async () => {
    const budget = new ContextBudget({ contextTokens: 4096 });
    const pasted = `FIRST ${words(40_000)} LAST`;
    const history: ChatMessage[] = [...conversation(1), { role: 'user', content: pasted }];
    const { request: sent, events } = await budget.fit(request(history), summarizer('x'), signal);
    const user = sent.history.at(-1)!;
    expect(user.role).to.equal('user');
    expect(user.content!.startsWith('FIRST ')).to.equal(true);
    expect(user.content!.endsWith(' LAST')).to.equal(true);
    expect(user.content).to.contain("characters left out here: it is too long for the model's context window (4096 tokens)");
    expect(budget.estimator.prompt(sent)).to.be.at.most(4096 - 1024);
    expect(history.at(-1)!.content).to.equal(pasted);
    const cut = events.find((e) => e.action === 'cut')!;
    expect(cut).to.include({ messages: 1, contextTokens: 4096 });
    expect(cut.callId).to.equal(undefined);
    expect(cut.after).to.be.below(cut.before);
    // An earlier long user message is no longer the current turn: it is folded like any other, not cut.
    const later = await budget.fit(request([...history, { role: 'assistant', content: 'Read.' }, { role: 'user', content: 'And now?' }]), summarizer('Earlier: a long paste.'), signal);
    expect(later.request.history.at(-1)!.content).to.equal('And now?');
    expect(later.events.map((e) => e.action)).to.deep.equal(['folded']);
  });

  it('learns the window from an overflow error, and shrinks when the error states none', async () => {
    const budget = new ContextBudget({ contextTokens: 32768 });
    budget.overflowed('request (9000 tokens) exceeds the available context size (4096 tokens), try increasing it');
    expect(budget.window).to.equal(4096);
    const unknown = new ContextBudget();
    await unknown.fit(request(conversation(3)), summarizer('x'), signal);
    const before = unknown.window;
    unknown.overflowed('the request exceeds the available context size, try increasing it');
    expect(unknown.window).to.be.lessThan(before);
  });

  it('asks the server for its window only once a request is big enough to matter', async () => {
    let probes = 0;
    const budget = new ContextBudget({ probe: async () => (probes++, 2048) });
    await budget.fit(request(conversation(1)), summarizer('x'), signal);
    expect(probes).to.equal(0);
    expect(budget.window).to.equal(8192);
    await budget.fit(request(conversation(6)), summarizer('x'), signal);
    await budget.fit(request(conversation(7)), summarizer('x'), signal);
    expect(probes).to.equal(1);
    expect(budget.window).to.equal(2048);
  });
});
