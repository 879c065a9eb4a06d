import { expect } from 'chai';
import { executeCalls, type TurnContext } from '../../src/agent/calls/index.js';
import { ApprovalGate } from '../../src/agent/calls/index.js';
import { ApprovalPolicy } from '../../src/agent/calls/index.js';
import { ToolRegistry } from '../../src/agent/calls/index.js';
import type { ToolHost } from '../../src/agent/session-types.js';
import type { AgentEvent } from '../../src/types.js';

type Descriptor = Parameters<ToolRegistry['set']>[0][number];

/** Page tools that echo their arguments; names starting with "ask_" need approval. */
function setup(approval: 'ask' | 'auto' = 'ask') {
  const events: AgentEvent[] = [];
  const ran: string[] = [];
  let prepared = 0;
  const host: ToolHost = {
    checkTool: async (name, args) => (prepared++, { status: 'ready', args, needsApproval: name.startsWith('ask_') }),
    runTool: async (name, args, callId) => (ran.push(callId), { status: 'ok', result: { name, args } }),
    abortTool: () => {},
  };
  const registry = new ToolRegistry(host);
  const tool = (name: string): Descriptor => ({ name, description: name, parameters: { type: 'object' }, kind: 'page', approval: 'dynamic' });
  registry.set([tool('read'), tool('ask_delete'), tool('ask_pay')]);
  const controller = new AbortController();
  const policy = new ApprovalPolicy();
  const ctx: TurnContext = { registry, policy, gate: new ApprovalGate(policy), approval, emit: (e) => events.push(e), signal: controller.signal };
  const types = () => events.map((e) => (e.type === 'tool-start' || e.type === 'tool-result' ? `${e.type}:${e.callId}` : e.type));
  const until = async (test: () => boolean) => {
    while (!test()) await new Promise((r) => setTimeout(r, 1));
  };
  return { ctx, events, ran, controller, types, until, prepared: () => prepared };
}

describe('executeCalls', () => {
  it('answers every call once, in call order: bad arguments and unknown tools as errors', async () => {
    const s = setup();
    const results = await executeCalls(
      [
        { id: 'a', name: 'read', args: { q: 1 } },
        { id: 'b', name: 'read', error: 'not valid JSON' },
        { id: 'c', name: 'nope', args: {} },
      ],
      s.ctx,
    );
    expect(results.map((r) => [r.callId, r.status])).to.deep.equal([
      ['a', 'ok'],
      ['b', 'error'],
      ['c', 'error'],
    ]);
    expect(results[1]!.content).to.equal('Error: not valid JSON');
    expect(results[2]!.error).to.match(/Unknown tool "nope"\. Available tools: read, ask_delete, ask_pay\./);
    expect(s.ran).to.deep.equal(['a']);
  });

  it("a tool only an MCP App may call (modelHidden) is no tool to the model, and runs for an outside caller", async () => {
    const s = setup();
    s.ctx.registry.set([
      { name: 'read', description: 'read', parameters: { type: 'object' }, kind: 'page', approval: 'dynamic' },
      { name: 'app_only', description: 'app_only', parameters: { type: 'object' }, kind: 'page', approval: 'dynamic', modelHidden: true },
    ]);
    expect(s.ctx.registry.modelTools().map((t) => t.name)).to.deep.equal(['read']);
    const [fromModel] = await executeCalls([{ id: 'm', name: 'app_only', args: {} }], s.ctx);
    expect(fromModel!.status).to.equal('error');
    expect(fromModel!.error).to.match(/Unknown tool "app_only"\. Available tools: read\./);
    expect(s.ran).to.deep.equal([]);
    const [fromApp] = await executeCalls([{ id: 'o', name: 'app_only', args: {} }], { ...s.ctx, caller: 'mcp-app' });
    expect(fromApp!.status).to.equal('ok');
    expect(s.ran).to.deep.equal(['o']);
  });

  it('asks for every call that needs approval in one request, runs the others meanwhile', async () => {
    const s = setup();
    const done = executeCalls(
      [
        { id: 'd', name: 'ask_delete', args: {} },
        { id: 'r', name: 'read', args: {} },
        { id: 'p', name: 'ask_pay', args: {} },
      ],
      s.ctx,
    );
    await s.until(() => s.ran.includes('r'));
    const requests = s.events.filter((e) => e.type === 'approval-request');
    expect(requests).to.have.length(1);
    expect((requests[0] as Extract<AgentEvent, { type: 'approval-request' }>).requests.map((r) => r.callId)).to.deep.equal(['d', 'p']);
    s.ctx.gate.answer('d', { approve: true });
    s.ctx.gate.answer('p', { approve: false, message: 'no' });
    const results = await done;
    expect(results.map((r) => r.status)).to.deep.equal(['ok', 'ok', 'denied']);
    expect(s.ran).to.have.members(['r', 'd']);
  });

  it('emits tool-start only when a call really starts: after its approval, never when denied', async () => {
    const s = setup();
    const done = executeCalls(
      [
        { id: 'd', name: 'ask_delete', args: {} },
        { id: 'p', name: 'ask_pay', args: {} },
      ],
      s.ctx,
    );
    await s.until(() => s.events.some((e) => e.type === 'approval-request'));
    expect(s.events.filter((e) => e.type === 'tool-start')).to.have.length(0);
    s.ctx.gate.answer('d', { approve: true });
    s.ctx.gate.answer('p', { approve: false });
    await done;
    const order = s.types();
    expect(order).to.not.include('tool-start:p');
    expect(order.indexOf('tool-start:d')).to.be.above(order.indexOf('approval-request')).and.below(order.indexOf('tool-result:d'));
    expect(s.events.find((e) => e.type === 'tool-start')).to.deep.equal({ type: 'tool-start', callId: 'd', name: 'ask_delete' });
  });

  it('"always" approves the waiting calls of the same tool, not of others, and stops asking for it', async () => {
    const s = setup();
    const done = executeCalls(
      [
        { id: 'd1', name: 'ask_delete', args: { id: 1 } },
        { id: 'p', name: 'ask_pay', args: {} },
        { id: 'd2', name: 'ask_delete', args: { id: 2 } },
      ],
      s.ctx,
    );
    await s.until(() => s.events.some((e) => e.type === 'approval-request'));
    s.ctx.gate.answer('d1', { approve: true, always: true });
    await s.until(() => s.ran.includes('d2'));
    expect(s.ctx.gate.waiting).to.deep.equal(['p']);
    // A page that still answers the sibling itself is not told it is wrong.
    expect(s.ctx.gate.answer('d2', { approve: true, always: true })).to.equal(true);
    s.ctx.gate.answer('p', { approve: false });
    const results = await done;
    expect(results.map((r) => [r.callId, r.status])).to.deep.equal([
      ['d1', 'ok'],
      ['p', 'denied'],
      ['d2', 'ok'],
    ]);
    expect(results[2]!.result).to.deep.equal({ name: 'ask_delete', args: { id: 2 } });
    expect(s.ctx.policy.allows('ask_delete')).to.equal(true);
    expect(s.ctx.policy.allows('ask_pay')).to.equal(false);

    const before = s.events.length;
    await executeCalls([{ id: 'd3', name: 'ask_delete', args: {} }], s.ctx);
    expect(s.events.slice(before).map((e) => e.type)).to.deep.equal(['tool-start', 'tool-result']);
  });

  it('answers calls waiting for approval as cancelled when the run is cancelled, starting none', async () => {
    const s = setup();
    const done = executeCalls([{ id: 'd', name: 'ask_delete', args: {} }], s.ctx);
    await s.until(() => s.events.some((e) => e.type === 'approval-request'));
    s.controller.abort();
    const [result] = await done;
    expect(result!.status).to.equal('cancelled');
    expect(s.events.some((e) => e.type === 'tool-start')).to.equal(false);
    expect(s.ran).to.deep.equal([]);
  });

  it("with approval 'auto' runs page tools without a separate check first", async () => {
    const s = setup('auto');
    const results = await executeCalls([{ id: 'd', name: 'ask_delete', args: {} }], s.ctx);
    expect(results[0]!.status).to.equal('ok');
    expect(s.prepared()).to.equal(0);
    expect(s.events.some((e) => e.type === 'approval-request')).to.equal(false);
  });
});
