// Stop always ends a run, whatever the run waits on (the outside probe's
// finding 1, as a class): every wait of a run is raced against its cancel,
// so `agent.cancel()` ends it with `final: cancelled` and every call that
// was under way gets exactly one `cancelled` result — also when what it
// waits on never settles: a model that is never made, a page tool's
// schema whose check never ends, an MCP call (test/page/mcp-hostile.test.ts).
import { expect } from 'chai';
import { z } from 'zod';
import { agentOf, until, within } from './stop-support.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';


describe('Stop always ends a run', function () {
  // The waits below are bounds that turn a hang into a message, never timed passes; a loaded machine needs room.
  this.timeout(40_000);
  it('while the model is still being made (a model module that never finishes)', async () => {
    const { agent, events } = agentOf({ baseURL: '/unused', model: 'm', modelModule: new URL('../fixtures/never-ready-model.ts', import.meta.url).href });
    const run = agent.send('Hello');
    await until(() => events.some((e) => e.type === 'run-start'));
    agent.cancel();
    const final = await within(run.done, 5_000);
    expect(final).to.include({ type: 'final', reason: 'cancelled' });
    // The agent answers the next send (refused as busy only while a run goes).
    expect(agent.running).to.equal(false);
  });

  it('while a page tool\'s arguments are being checked and the check never ends', async () => {
    let checks = 0;
    const stuck = defineTool({
      name: 'stuck',
      description: 'Its schema checks the order with the server',
      // An async refinement that never settles: the page's check of the arguments waits for ever.
      parameters: z.object({ id: z.string() }).refine(() => (checks++, new Promise<boolean>(() => {}))),
      // A rule that is a function: the arguments are checked on the page before it is asked.
      needsApproval: () => false,
      execute: async () => 'ran',
    });
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'c1', name: 'stuck', args: { id: '1' } }]), textTurn('later')] });
    const { agent, events } = agentOf({ baseURL: mock.baseURL, model: 'mock-model', tools: [stuck] });
    const run = agent.send('Check');
    await until(() => checks > 0);
    expect(checks).to.be.greaterThan(0);
    agent.cancel();
    const final = await within(run.done, 5_000);
    expect(final).to.include({ type: 'final', reason: 'cancelled' });
    const results = events.filter((e) => e.type === 'tool-result');
    expect(results).to.have.length(1);
    expect(results[0]).to.include({ callId: 'c1', status: 'cancelled' });
    // The history has the call's one result, so the next run can go on.
    const tool = (await agent.messages()).filter((m) => m.role === 'tool');
    expect(tool).to.have.length(1);
    // A later send is answered (the stuck check holds nothing).
    expect(await within(agent.send('And now?').done, 10_000)).to.include({ type: 'final', reason: 'answer', text: 'later' });
  });

  it('while a page tool runs that ignores its signal and never returns', async () => {
    let started = 0;
    const deaf = defineTool({ name: 'deaf', description: 'Never returns', parameters: z.object({}), execute: () => (started++, new Promise<string>(() => {})) });
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'd1', name: 'deaf', args: {} }]), textTurn('later')] });
    const { agent, events } = agentOf({ baseURL: mock.baseURL, model: 'mock-model', tools: [deaf] });
    const run = agent.send('Go');
    await until(() => started > 0);
    agent.cancel();
    expect(await within(run.done, 5_000)).to.include({ type: 'final', reason: 'cancelled' });
    expect(events.filter((e) => e.type === 'tool-result')).to.have.length(1);
    expect(await within(agent.send('And now?').done, 10_000)).to.include({ type: 'final', reason: 'answer', text: 'later' });
  });
});
