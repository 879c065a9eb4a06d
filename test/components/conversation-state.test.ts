import { expect } from 'chai';
import { initialConversation, reduceConversation, replayConversation, restoreConversation, type ConversationAction, type ConversationState } from '../../components/conversation/conversation-state.js';
import type { AgentEvent } from '../../src/types.js';

/**
 * The actions reduced one by one (as live events are); every case also checks that the batch replay
 * (`replayConversation`, one working copy) comes to the same state and leaves `from` as it was.
 */
function run(actions: ConversationAction[], from: ConversationState = initialConversation()): ConversationState {
  const before = structuredClone(from);
  const live = actions.reduce(reduceConversation, from);
  const replayed = replayConversation(from, actions);
  expect(replayed, 'the batch replay').to.deep.equal(live);
  expect(from, 'the state the replay started from').to.deep.equal(before);
  return live;
}

describe('conversation-state', () => {
  it('appends text deltas to one assistant block until the next iteration', () => {
    const s = run([
      { type: 'user-message', text: 'hi' },
      { type: 'run-start', runId: 'r' },
      { type: 'iteration', n: 1, max: 5 },
      { type: 'text', delta: 'Hel' },
      { type: 'text', delta: 'lo' },
      { type: 'iteration', n: 2, max: 5 },
      { type: 'text', delta: 'Again' },
    ]);
    expect(s.items.map((i) => i.kind)).to.deep.equal(['user', 'assistant', 'assistant']);
    expect(s.items[1]).to.include({ text: 'Hello', streaming: false });
    expect(s.items[2]).to.include({ text: 'Again', streaming: true });
    expect(s.step).to.deep.equal({ n: 2, max: 5 });
  });

  it('follows a tool call from streamed arguments through approval to its result', () => {
    let s = run([
      { type: 'run-start', runId: 'r' },
      { type: 'tool-call-delta', callId: 'c1', name: 'cancel_order', argsText: '{"id":' },
    ]);
    expect(s.items[0]).to.include({ kind: 'tool-call', status: 'streaming', argsText: '{"id":' });
    s = run([
      { type: 'tool-call', callId: 'c1', name: 'cancel_order', args: { id: 7 } },
      { type: 'approval-request', requests: [{ callId: 'c1', name: 'cancel_order', args: { id: 7 } }] },
    ], s);
    expect(s.items[0]).to.include({ status: 'awaiting-approval' });
    expect(s.approvals).to.have.length(1);
    s = reduceConversation(s, { type: 'approval-answered', callId: 'c1', approve: true });
    expect(s.approvals).to.have.length(0);
    expect(s.items[0]).to.include({ status: 'pending' });
    s = reduceConversation(s, { type: 'tool-start', callId: 'c1', name: 'cancel_order' });
    expect(s.items[0]).to.include({ status: 'running' });
    s = reduceConversation(s, { type: 'tool-result', callId: 'c1', name: 'cancel_order', status: 'ok', result: { ok: true } });
    expect(s.items[0]).to.include({ status: 'done' });
  });

  it('maps result statuses to card statuses', () => {
    const s = run([
      { type: 'tool-call', callId: 'a', name: 't', args: {} },
      { type: 'tool-call', callId: 'b', name: 't', args: {} },
      { type: 'tool-call', callId: 'c', name: 't', args: {} },
      { type: 'tool-result', callId: 'a', name: 't', status: 'error', error: 'boom' },
      { type: 'tool-result', callId: 'b', name: 't', status: 'denied' },
      { type: 'tool-result', callId: 'c', name: 't', status: 'cancelled' },
    ]);
    expect(s.items.map((i) => (i.kind === 'tool-call' ? i.status : ''))).to.deep.equal(['failed', 'denied', 'cancelled']);
  });

  it('hides the calls the events mark builtin, by the flag and not by name', () => {
    const s = run([
      { type: 'tool-call-delta', callId: 'q', name: 'ask_question', argsText: '{', builtin: true },
      { type: 'tool-call', callId: 'q', name: 'ask_question', args: { question: 'Which?' }, builtin: true },
      { type: 'tool-result', callId: 'q', name: 'ask_question', status: 'ok', result: 'Delivered.', builtin: true },
      { type: 'tool-call', callId: 'p', name: 'task_complete', args: {} },
    ]);
    expect(s.items.map((i) => i.id)).to.deep.equal(['p']);
  });

  it('tool-start shows the call running and closes its approval panel (also for calls "always allow" approved)', () => {
    const requests = [
      { callId: 'a', name: 'wipe', args: { n: 1 } },
      { callId: 'b', name: 'wipe', args: { n: 2 } },
    ];
    let s = run([
      { type: 'tool-call', callId: 'a', name: 'wipe', args: { n: 1 } },
      { type: 'tool-call', callId: 'b', name: 'wipe', args: { n: 2 } },
      { type: 'approval-request', requests },
      { type: 'approval-answered', callId: 'a', approve: true },
    ]);
    expect(s.approvals.map((r) => r.callId)).to.deep.equal(['b']);
    s = run([
      { type: 'tool-start', callId: 'a', name: 'wipe' },
      { type: 'tool-start', callId: 'b', name: 'wipe' },
    ], s);
    expect(s.approvals).to.have.length(0);
    expect(s.items.map((i) => (i.kind === 'tool-call' ? i.status : ''))).to.deep.equal(['running', 'running']);
  });

  it('shows the input of a run-start once, whether or not the element showed it on send', () => {
    const sent = run([
      { type: 'user-message', text: 'hi' },
      { type: 'run-start', runId: 'r', input: 'hi' },
      { type: 'final', reason: 'answer', text: 'Hello.' },
    ]);
    expect(sent.items.map((i) => i.kind)).to.deep.equal(['user', 'assistant']);
    const replayed = run([
      { type: 'run-start', runId: 'r', input: 'hi' },
      { type: 'final', reason: 'answer', text: 'Hello.' },
    ]);
    expect(replayed.items).to.deep.equal(sent.items);
    // The same words sent again are a second message.
    const twice = run([
      { type: 'run-start', runId: 'r2', input: 'hi' },
      { type: 'final', reason: 'answer', text: 'Hello again.' },
    ], sent);
    expect(twice.items.filter((i) => i.kind === 'user')).to.have.length(2);
    // A retry has no input and adds no message.
    const retried = run([{ type: 'run-start', runId: 'r3' }], twice);
    expect(retried.items.filter((i) => i.kind === 'user')).to.have.length(2);
  });

  it('ends a run with its suggestions and shows a final text that was not streamed', () => {
    const s = run([
      { type: 'run-start', runId: 'r' },
      { type: 'final', reason: 'ask_question', text: 'Which order?', suggestions: ['#1', '#2'] },
    ]);
    expect(s.running).to.equal(false);
    expect(s.suggestions).to.deep.equal(['#1', '#2']);
    expect(s.items[0]).to.include({ kind: 'assistant', text: 'Which order?' });
  });

  it('does not repeat a final text that was already streamed', () => {
    const s = run([
      { type: 'run-start', runId: 'r' },
      { type: 'text', delta: 'Done.' },
      { type: 'final', reason: 'answer', text: 'Done.' },
    ]);
    expect(s.items).to.have.length(1);
  });

  it('marks calls still open at a cancel as cancelled and says it stopped', () => {
    const s = run([
      { type: 'run-start', runId: 'r' },
      { type: 'tool-call', callId: 'c', name: 'slow', args: {} },
      { type: 'final', reason: 'cancelled', text: '' },
    ]);
    expect(s.items[0]).to.include({ status: 'cancelled' });
    expect(s.items[1]).to.include({ kind: 'notice', text: 'Stopped.' });
  });

  it('keeps an error for the banner until the next message', () => {
    let s = run([{ type: 'error', message: 'HTTP 500', retryable: true }]);
    expect(s.error).to.deep.equal({ message: 'HTTP 500', retryable: true });
    s = reduceConversation(s, { type: 'user-message', text: 'again' });
    expect(s.error).to.equal(null);
  });

  it('restores a stored conversation from its events: thinking and every call status as shown live', () => {
    const events: AgentEvent[] = [
      { type: 'run-start', runId: 'r1', input: 'check 7' },
      { type: 'iteration', n: 1, max: 5 },
      { type: 'thinking', delta: 'Look it up first.' },
      { type: 'tool-call', callId: 'ok', name: 'get_order', args: { id: 7 } },
      { type: 'tool-call', callId: 'bad', name: 'get_order', args: { id: -1 } },
      { type: 'tool-call', callId: 'no', name: 'cancel_order', args: { id: 7 } },
      { type: 'approval-request', requests: [{ callId: 'no', name: 'cancel_order', args: { id: 7 } }] },
      { type: 'tool-start', callId: 'ok', name: 'get_order' },
      { type: 'tool-result', callId: 'ok', name: 'get_order', status: 'ok', result: { status: 'shipped' } },
      { type: 'tool-result', callId: 'bad', name: 'get_order', status: 'error', error: 'no such order' },
      { type: 'tool-result', callId: 'no', name: 'cancel_order', status: 'denied', error: '' },
      { type: 'iteration', n: 2, max: 5 },
      { type: 'text', delta: 'Order 7 is shipped.' },
      { type: 'final', reason: 'answer', text: 'Order 7 is shipped.' },
    ];
    const live = run([{ type: 'user-message', text: 'check 7' }, ...events]);
    const restored = restoreConversation(events);
    expect(restored.items).to.deep.equal(live.items);
    expect(restored.items.map((i) => (i.kind === 'tool-call' ? i.status : i.kind))).to.deep.equal(['user', 'assistant', 'done', 'failed', 'denied', 'assistant']);
    expect(restored.items[1]).to.include({ thinking: 'Look it up first.' });
    expect(restored.running).to.equal(false);
  });

  it('restores a run the page left waiting for approval as paused: the panel stays, answering resumes it', () => {
    const s = restoreConversation([
      { type: 'run-start', runId: 'r1', input: 'cancel 42' },
      { type: 'iteration', n: 1, max: 10 },
      { type: 'tool-call', callId: 'c', name: 'cancel_order', args: { id: 42 } },
      { type: 'approval-request', requests: [{ callId: 'c', name: 'cancel_order', args: { id: 42 } }] },
    ]);
    expect(s.running).to.equal(false);
    expect(s.approvals.map((r) => r.callId)).to.deep.equal(['c']);
    expect(s.items[1]).to.include({ kind: 'tool-call', status: 'awaiting-approval' });
  });

  it('restores any other run the page left open as ended: its open calls cancelled', () => {
    const s = restoreConversation([
      { type: 'run-start', runId: 'r1', input: 'check 42' },
      { type: 'iteration', n: 1, max: 10 },
      { type: 'tool-call', callId: 'c', name: 'get_order', args: { id: 42 } },
    ]);
    expect(s.running).to.equal(false);
    expect(s.items[1]).to.include({ kind: 'tool-call', status: 'cancelled' });
  });

  it('shows a call the page died in as interrupted, and an interrupted run with a notice', () => {
    const s = restoreConversation([
      { type: 'run-start', runId: 'r1', input: 'cancel 42' },
      { type: 'iteration', n: 1, max: 10 },
      { type: 'tool-call', callId: 'c', name: 'cancel_order', args: { id: 42 } },
      { type: 'tool-start', callId: 'c', name: 'cancel_order' },
      { type: 'tool-result', callId: 'c', name: 'cancel_order', status: 'interrupted', error: 'the page was closed' },
      { type: 'final', reason: 'interrupted', text: '' },
    ]);
    expect(s.items[1]).to.include({ kind: 'tool-call', status: 'interrupted' });
    expect(s.items.at(-1)).to.deep.include({ kind: 'notice' });
  });

  it('does not touch the state it was given', () => {
    const before = run([{ type: 'text', delta: 'a' }]);
    const snapshot = JSON.stringify(before);
    reduceConversation(before, { type: 'text', delta: 'b' });
    expect(JSON.stringify(before)).to.equal(snapshot);
  });

  it('a batch replay of a long varied thread equals the one-by-one reduction, and a state reduced after it is untouched by it', () => {
    const actions: ConversationAction[] = [{ type: 'user-message', text: 'go' }, { type: 'run-start', runId: 'r1', input: 'go' }];
    for (let i = 0; i < 300; i++) {
      actions.push({ type: 'iteration', n: i + 1, max: 400 }, { type: 'text', delta: `step ${i} ` });
      actions.push({ type: 'tool-call', callId: `c${i}`, name: 'look', args: { i } });
      if (i % 7 === 0) actions.push({ type: 'approval-request', requests: [{ callId: `c${i}`, name: 'look', args: { i } }] } as ConversationAction, { type: 'approval-answered', callId: `c${i}`, approve: i % 2 === 0 });
      if (i % 5 === 0) actions.push({ type: 'activity', messageId: `m${i % 3}`, activityType: 'plan', content: { i } } as ConversationAction);
      actions.push({ type: 'tool-result', callId: `c${i}`, name: 'look', result: { ok: i }, status: i % 11 === 0 ? 'error' : 'ok' } as ConversationAction);
      if (i % 50 === 49) actions.push({ type: 'final', reason: 'answer', text: `done ${i}` } as ConversationAction, { type: 'run-start', runId: `r${i}`, input: `again ${i}` });
    }
    actions.push({ type: 'final', reason: 'answer', text: 'all done' } as ConversationAction);
    const replayed = run(actions);
    expect(replayed.items.filter((i) => i.kind === 'tool-call')).to.have.length(300);
    // Live events after a replay make new arrays again: the replayed state is never changed under the element.
    const items = replayed.items;
    const copy = structuredClone(items);
    reduceConversation(replayed, { type: 'notice', text: 'later' });
    expect(replayed.items).to.equal(items);
    expect(items).to.deep.equal(copy);
  });
});
