// The flight recorder records undos (issue 38): one `pageloop.undo` span per
// request — an Undo all one span with a child per call, last first — with the
// tool, the call id and the outcome; a failed undo marked, its reason only
// with content on; none with the trace off.
import { expect } from 'chai';
import { z } from 'zod';
import { defineTool } from '../../src/tools/define-tool.js';
import type { TraceSpan } from '../../src/types.js';
import { harness } from './harness.js';

/** A page setting the model changes; undo puts the old value back, and fails for a locked key. */
function settingsTool(values: Map<string, string>) {
  return defineTool({
    name: 'set_value',
    description: 'Sets a value',
    parameters: z.object({ key: z.string(), value: z.string() }),
    execute: ({ key, value }) => {
      const was = values.get(key) ?? '';
      values.set(key, value);
      return { was };
    },
    undo: ({ key }, result: { was: string }) => {
      if (key === 'locked') throw new Error('The value "locked" was published and cannot be taken back.');
      values.set(key, result.was);
    },
  });
}

const undoSpans = (spans: TraceSpan[]) => spans.filter((s) => s.name === 'pageloop.undo');
const childrenOf = (spans: TraceSpan[], parent: TraceSpan) => spans.filter((s) => s.parentSpanId === parent.spanId);

describe('trace: undos', () => {
  it('records Undo all as one span with a child per call, last first, in the run it took back', async () => {
    const values = new Map([['a', '1'], ['b', '2']]);
    const h = harness(
      [
        { toolCalls: [{ id: 'c1', name: 'set_value', args: { key: 'a', value: '10' } }, { id: 'c2', name: 'set_value', args: { key: 'b', value: '20' } }] },
        { text: 'Done.' },
      ],
      [settingsTool(values)],
    );
    await h.send('Set them');
    const before = h.session.trace().spans.length;
    const outcome = await h.session.undoRun('run1');
    expect(outcome.ok).to.equal(true);
    expect([...values]).to.deep.equal([['a', '1'], ['b', '2']]);

    const spans = h.session.trace().spans;
    expect(spans).to.have.length(before + 3);
    const [undo] = undoSpans(spans);
    expect(undo, 'one pageloop.undo span').to.exist;
    expect(undoSpans(spans)).to.have.length(1);
    expect(undo!.parentSpanId).to.equal(undefined);
    expect(undo!.status).to.equal('unset');
    expect(undo!.runId).to.equal('run1');
    expect(undo!.attributes).to.deep.include({ 'pageloop.undo.scope': 'run', 'pageloop.undo.outcome': 'undone', 'pageloop.undo.calls_asked': 2, 'pageloop.undo.calls_undone': 2, 'pageloop.run_id': 'run1' });
    const calls = childrenOf(spans, undo!);
    expect(calls.map((s) => [s.name, s.attributes['gen_ai.tool.call.id'], s.attributes['pageloop.undo.outcome']])).to.deep.equal([
      ['undo_tool set_value', 'c2', 'undone'],
      ['undo_tool set_value', 'c1', 'undone'],
    ]);
    // Its own trace, after the run's, its children within it.
    const run = spans.find((s) => s.name === 'invoke_agent')!;
    expect(undo!.traceId).to.match(/^[0-9a-f]{32}$/).and.not.equal(run.traceId);
    for (const call of calls) {
      expect(call.traceId).to.equal(undo!.traceId);
      expect(call.attributes['gen_ai.tool.name']).to.equal('set_value');
      expect(call.startTime).to.be.at.least(undo!.startTime);
      expect(call.endTime).to.be.at.most(undo!.endTime!).and.at.least(call.startTime);
    }
    expect(undo!.startTime).to.be.at.least(run.endTime!);
    // The run's trace shows what was taken back of it.
    expect(h.session.trace('run1').spans.filter((s) => s.name.startsWith('undo_tool') || s.name === 'pageloop.undo')).to.have.length(3);
  });

  it('records one call undone, and a failed Undo all stopping at the failure, its reason only with content', async () => {
    for (const content of [false, true]) {
      const values = new Map<string, string>();
      const h = harness(
        [
          { toolCalls: [{ id: 'c1', name: 'set_value', args: { key: 'locked', value: 'x' } }, { id: 'c2', name: 'set_value', args: { key: 'b', value: 'y' } }, { id: 'c3', name: 'set_value', args: { key: 'c', value: 'z' } }] },
          { text: 'Done.' },
        ],
        [settingsTool(values)],
        { trace: { content } },
      );
      await h.send('Set them');
      await h.session.undo('c3');
      const outcome = await h.session.undoRun('run1');
      expect(outcome.ok).to.equal(false);

      const spans = h.session.trace().spans;
      const [single, all] = undoSpans(spans);
      expect(single!.attributes).to.deep.include({ 'pageloop.undo.scope': 'call', 'pageloop.undo.outcome': 'undone', 'pageloop.undo.calls_asked': 1, 'pageloop.run_id': 'run1' });
      expect(childrenOf(spans, single!).map((s) => s.attributes['gen_ai.tool.call.id'])).to.deep.equal(['c3']);

      expect(all!.status).to.equal('error');
      expect(all!.attributes).to.deep.include({ 'pageloop.undo.outcome': 'failed', 'error.type': 'undo_failed', 'pageloop.undo.calls_asked': 2, 'pageloop.undo.calls_undone': 1 });
      const [b, locked] = childrenOf(spans, all!);
      expect([b!.attributes['gen_ai.tool.call.id'], b!.status]).to.deep.equal(['c2', 'unset']);
      expect([locked!.attributes['gen_ai.tool.call.id'], locked!.status, locked!.attributes['error.type']]).to.deep.equal(['c1', 'error', 'undo_failed']);
      if (content) expect(locked!.attributes['pageloop.undo.error']).to.include('was published');
      else expect(JSON.stringify(spans)).not.to.include('was published');
    }
  });

  it('records no undo when the trace is off', async () => {
    const values = new Map<string, string>();
    const h = harness([{ toolCalls: [{ id: 'c1', name: 'set_value', args: { key: 'a', value: '1' } }] }, { text: 'Done.' }], [settingsTool(values)], { trace: { enabled: false } });
    await h.send('Set it');
    await h.session.undo('c1');
    expect(h.session.trace().spans).to.deep.equal([]);
  });
});
