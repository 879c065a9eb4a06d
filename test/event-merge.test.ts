import { expect } from 'chai';
import { appendMerged, isStreamDelta, mergeDelta } from '../src/event-merge.js';
import type { AgentEvent } from '../src/types.js';

const text = (delta: string): AgentEvent => ({ type: 'text', delta });
const thinking = (delta: string): AgentEvent => ({ type: 'thinking', delta });
const child = (parentCallId: string, event: AgentEvent): AgentEvent => ({ type: 'sub-agent', parentCallId, event });

describe('event merging (src/event-merge.ts)', () => {
  it('appends a text delta to the text delta before it, and says it merged', () => {
    const events: AgentEvent[] = [];
    expect(appendMerged(events, text('Hel'))).to.equal(false);
    expect(appendMerged(events, text('lo'))).to.equal(true);
    expect(events).to.deep.equal([text('Hello')]);
  });

  it('keeps different streams apart, in order', () => {
    const events: AgentEvent[] = [];
    for (const e of [thinking('a'), thinking('b'), text('c'), { type: 'iteration', n: 2, max: 3 } as AgentEvent, text('d')]) appendMerged(events, e);
    expect(events).to.deep.equal([thinking('ab'), text('c'), { type: 'iteration', n: 2, max: 3 }, text('d')]);
  });

  it('replaces a call\'s cumulative argument text, and keeps two calls apart', () => {
    const events: AgentEvent[] = [];
    appendMerged(events, { type: 'tool-call-delta', callId: 'a', name: 'f', argsText: '{"q"' });
    appendMerged(events, { type: 'tool-call-delta', callId: 'a', name: 'f', argsText: '{"q":1}' });
    appendMerged(events, { type: 'tool-call-delta', callId: 'b', name: 'f', argsText: '{' });
    expect(events.map((e) => e.type === 'tool-call-delta' && `${e.callId}:${e.argsText}`)).to.deep.equal(['a:{"q":1}', 'b:{']);
  });

  it('merges a sub-agent\'s deltas per child, never across children', () => {
    const events: AgentEvent[] = [];
    appendMerged(events, child('x', text('a')));
    appendMerged(events, child('x', text('b')));
    appendMerged(events, child('y', text('c')));
    expect(events).to.deep.equal([child('x', text('ab')), child('y', text('c'))]);
    expect(mergeDelta(child('x', text('a')), text('b'))).to.equal(undefined);
  });

  it("replaces a surface's kept data model with the newer one for the same surface, never another surface's", () => {
    const data = (callId: string, surfaceId: string, name: string): AgentEvent => ({ type: 'a2ui-data', callId, surfaceId, dataModel: { name } });
    const events: AgentEvent[] = [];
    appendMerged(events, data('c1', 's', 'A'));
    appendMerged(events, data('c1', 's', 'Ada'));
    appendMerged(events, data('c1', 't', 'x'));
    appendMerged(events, data('c2', 't', 'y'));
    expect(events).to.deep.equal([data('c1', 's', 'Ada'), data('c1', 't', 'x'), data('c2', 't', 'y')]);
    expect(isStreamDelta(data('c1', 's', 'A')), 'written at once, not held for a batch').to.equal(false);
  });

  it('tells a stream delta (wrapped or not) from any other event', () => {
    expect(isStreamDelta(text('a'))).to.equal(true);
    expect(isStreamDelta(child('x', thinking('a')))).to.equal(true);
    expect(isStreamDelta({ type: 'tool-start', callId: 'a', name: 'f' } as AgentEvent)).to.equal(false);
    expect(isStreamDelta(child('x', { type: 'final', reason: 'answer', text: '' }))).to.equal(false);
  });
});
