import { expect } from 'chai';
import { initialConversation, reduceConversation, type ConversationAction, type ConversationState } from '../../components/conversation-state.js';

function run(actions: ConversationAction[], from: ConversationState = initialConversation()): ConversationState {
  return actions.reduce(reduceConversation, from);
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

  it('hides the loop’s own end-of-run tools', () => {
    const s = run([{ type: 'tool-call', callId: 'q', name: 'ask_question', args: { question: 'Which?' } }]);
    expect(s.items).to.have.length(0);
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

  it('rebuilds the log from a stored history', () => {
    const s = reduceConversation(initialConversation(), {
      type: 'history-loaded',
      messages: [
        { role: 'user', content: 'cancel 7' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'cancel_order', arguments: '{"id":7}' } }] },
        { role: 'tool', tool_call_id: 'c', content: '{"ok":true}' },
        { role: 'assistant', content: 'Cancelled.' },
      ],
    });
    expect(s.items.map((i) => i.kind)).to.deep.equal(['user', 'tool-call', 'assistant']);
    expect(s.items[1]).to.deep.include({ name: 'cancel_order', args: { id: 7 }, result: { ok: true }, status: 'done' });
  });

  it('does not touch the state it was given', () => {
    const before = run([{ type: 'text', delta: 'a' }]);
    const snapshot = JSON.stringify(before);
    reduceConversation(before, { type: 'text', delta: 'b' });
    expect(JSON.stringify(before)).to.equal(snapshot);
  });
});
