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
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const stuck = defineTool({
      name: 'stuck',
      description: 'Never finishes',
      parameters: { type: 'object' },
      execute: (_args, { signal }) => {
        signal.addEventListener('abort', () => (aborted = true));
        started();
        return new Promise(() => {});
      },
    });
    const h = harness([{ toolCalls: [{ id: 's', name: 'stuck', args: {} }] }], [stuck]);
    const done = h.send('x');
    await running;
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

describe('cancellation before a page tool starts', () => {
  it('does not start a page tool whose call was cancelled while its arguments were being checked', async () => {
    const { PageToolHost } = await import('../../src/page/page-tool-host.js');
    let ran = false;
    const host = new PageToolHost();
    // A JSON Schema tool: its first check waits for the validator to load.
    host.setTools([defineTool({ name: 'late', description: 'Records a run', parameters: { type: 'object', properties: { n: { type: 'number' } } }, execute: () => (ran = true) })]);
    const outcome = host.runTool('late', { n: 1 }, 'c1');
    host.abortTool('c1');
    expect(await outcome).to.deep.include({ status: 'cancelled' });
    expect(ran).to.equal(false);
  });
});
