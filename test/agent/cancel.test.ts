import { expect } from 'chai';
import { defineTool } from '../../src/tools/define-tool.js';
import { harness } from './harness.js';

describe('cancellation', () => {
  it('ends a streaming run with reason cancelled and keeps the partial text in the history', async () => {
    const h = harness([{ text: 'a long reply that is still streaming', delayMs: 2, hang: true }]);
    const done = h.send('x');
    await h.when((e) => e.type === 'text');
    h.session.cancel();
    const final = await done;
    expect(final.reason).to.equal('cancelled');
    const last = h.session.messages().at(-1)!;
    expect(last.role).to.equal('assistant');
    expect(final.text.length).to.be.greaterThan(0);
  });

  it('fires the running tool signal, answers the call as cancelled, and does not wait for the tool', async () => {
    let aborted = false;
    const stuck = defineTool({
      name: 'stuck',
      description: 'Never finishes',
      parameters: { type: 'object' },
      execute: (_args, { signal }) => {
        signal.addEventListener('abort', () => (aborted = true));
        return new Promise(() => {});
      },
    });
    const h = harness([{ toolCalls: [{ id: 's', name: 'stuck', args: {} }] }], [stuck]);
    const done = h.send('x');
    await h.when((e) => e.type === 'tool-call');
    await new Promise((r) => setTimeout(r, 5));
    h.session.cancel();
    const final = await done;
    expect(final.reason).to.equal('cancelled');
    expect(aborted).to.equal(true);
    expect(h.of('tool-result')[0]).to.deep.include({ callId: 's', status: 'cancelled' });
    const history = h.session.messages();
    expect(history.at(-1)).to.deep.include({ role: 'tool', tool_call_id: 's' });
  });

  it('answers a call waiting for approval as cancelled', async () => {
    const risky = defineTool({ name: 'risky', description: 'Needs approval', parameters: { type: 'object' }, needsApproval: true, execute: () => 'ran' });
    const h = harness([{ toolCalls: [{ id: 'r', name: 'risky', args: {} }] }], [risky]);
    const done = h.send('x');
    await h.when((e) => e.type === 'approval-request');
    h.session.cancel();
    expect((await done).reason).to.equal('cancelled');
    expect(h.of('tool-result')[0]).to.deep.include({ callId: 'r', status: 'cancelled' });
    expect(h.session.messages().filter((m) => m.role === 'tool')).to.have.length(1);
    expect(h.of('final')).to.have.length(1);
  });
});
