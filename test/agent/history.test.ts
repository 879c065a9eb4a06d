import { expect } from 'chai';
import { answerDanglingCalls } from '../../src/agent/history.js';
import { toTextProtocol } from '../../src/model/text-protocol.js';
import { EventBatcher } from '../../src/agent/event-batcher.js';
import { mergeDelta } from '../../src/event-merge.js';
import type { AgentEvent, ChatMessage } from '../../src/types.js';

const call = (id: string, name: string, args: object) => ({ id, type: 'function' as const, function: { name, arguments: JSON.stringify(args) } });

describe('history for the text protocol', () => {
  it('writes calls as <tool_call> markup and results as one observation message', () => {
    const history: ChatMessage[] = [
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'Looking.', tool_calls: [call('a', 'find', { q: 1 }), call('b', 'read', {})] },
      { role: 'tool', tool_call_id: 'a', content: 'found' },
      { role: 'tool', tool_call_id: 'b', content: 'read it' },
      { role: 'assistant', content: 'Done.' },
    ];
    expect(toTextProtocol(history)).to.deep.equal([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'Looking.\n<tool_call>{"name":"find","arguments":{"q":1}}</tool_call>\n<tool_call>{"name":"read","arguments":{}}</tool_call>' },
      { role: 'user', content: '<observation tool="find">found</observation>\n<observation tool="read">read it</observation>' },
      { role: 'assistant', content: 'Done.' },
    ]);
  });
});

describe('dangling calls', () => {
  it('answers each unanswered call right after its assistant message', () => {
    const history: ChatMessage[] = [
      { role: 'assistant', content: null, tool_calls: [call('a', 'x', {}), call('b', 'y', {})] },
      { role: 'tool', tool_call_id: 'a', content: 'ok' },
      { role: 'user', content: 'next' },
    ];
    const added = answerDanglingCalls(history, 'cancelled');
    expect(added).to.have.length(1);
    expect(history.map((m) => (m.role === 'tool' ? `tool:${m.tool_call_id}` : m.role))).to.deep.equal(['assistant', 'tool:a', 'tool:b', 'user']);
  });
});

describe('event batching', () => {
  it('lets tool-start wait for the next event that flushes, instead of a message of its own', () => {
    const batches: AgentEvent[][] = [];
    const batcher = new EventBatcher((b) => batches.push(b), 1_000_000);
    batcher.push({ type: 'tool-start', callId: 'c', name: 'x' });
    expect(batches).to.have.length(0);
    batcher.push({ type: 'tool-result', callId: 'c', name: 'x', status: 'ok', result: 1 });
    expect(batches).to.deep.equal([
      [
        { type: 'tool-start', callId: 'c', name: 'x' },
        { type: 'tool-result', callId: 'c', name: 'x', status: 'ok', result: 1 },
      ],
    ]);
  });

  it('sends the first delta at once, merges the ones within a frame of it and flushes at once on any other event, keeping order', () => {
    const batches: AgentEvent[][] = [];
    const batcher = new EventBatcher((b) => batches.push(b), 1_000_000);
    batcher.push({ type: 'text', delta: 'Oh. ' });
    // The first token is not held back a frame (first-token latency).
    expect(batches).to.deep.equal([[{ type: 'text', delta: 'Oh. ' }]]);
    batcher.push({ type: 'text', delta: 'Hel' });
    batcher.push({ type: 'text', delta: 'lo' });
    batcher.push({ type: 'thinking', delta: 'hm' });
    expect(batches).to.have.length(1);
    batcher.push({ type: 'tool-call', callId: 'c', name: 'x', args: {} });
    expect(batches.slice(1)).to.deep.equal([
      [
        { type: 'text', delta: 'Hello' },
        { type: 'thinking', delta: 'hm' },
        { type: 'tool-call', callId: 'c', name: 'x', args: {} },
      ],
    ]);
  });

  it('keeps only the newest argsText of one streaming call, but not across calls', () => {
    const a1: AgentEvent = { type: 'tool-call-delta', callId: 'a', name: 'x', argsText: '{"q"' };
    const a2: AgentEvent = { type: 'tool-call-delta', callId: 'a', name: 'x', argsText: '{"q":1}' };
    const b1: AgentEvent = { type: 'tool-call-delta', callId: 'b', name: 'x', argsText: '{' };
    expect(mergeDelta(a1, a2)).to.deep.equal(a2);
    expect(mergeDelta(a2, b1)).to.equal(undefined);
  });
});
