// Each built-in part of the run loop on its own (src/agent/run-part.ts,
// loop-parts.ts, and the parts beside nudge, reflection and planning), and a
// part of the app's own composed into a real run.
import { expect } from 'chai';
import { z } from 'zod';
import type { AgentEvent, ChatMessage } from '../../src/types.js';
import type { ToolCall } from '../../src/model/tool-calling-model.js';
import { ToolCallingModel } from '../../src/model/tool-calling-model.js';
import { ApprovalGate } from '../../src/agent/calls/index.js';
import { ApprovalPolicy } from '../../src/agent/calls/index.js';
import { ContextBudget } from '../../src/agent/context-budget.js';
import { ToolRegistry } from '../../src/agent/calls/index.js';
import { PlanBoard } from '../../src/agent/plan.js';
import { PlanTurn, planPart } from '../../src/agent/plan-turn.js';
import { reflectionPart } from '../../src/agent/reflection.js';
import { NUDGE_NOTE, nudgePart } from '../../src/agent/nudge.js';
import { dispatchPart, readResultPart, stepLimit } from '../../src/agent/loop-parts.js';
import { runLoop, runParts, type RunContext } from '../../src/agent/run-loop.js';
import type { PartContext, RunPart } from '../../src/agent/run-part.js';
import { settled } from '../../src/agent/calls/index.js';
import { PageToolHost } from '../../src/page/page-tool-host.js';
import { toDescriptor } from '../../src/page/create-agent.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { scriptedModel, type ScriptedTurn } from '../../src/testing/scripted-model.js';

const tick = defineTool({ name: 'tick', description: 'Ticks', parameters: z.object({}), execute: () => 'ticked' });

/** No approvals asked: the policy, and a gate with nobody to ask. */
function autoApprovals() {
  const policy = new ApprovalPolicy();
  return { policy, gate: new ApprovalGate(policy), approval: 'auto' as const };
}

/** A run's context over a scripted model and real page tools; `events` collects what it emits. */
function context(turns: ScriptedTurn[], extra: Partial<RunContext> = {}) {
  const events: AgentEvent[] = [];
  const page = new PageToolHost();
  page.setTools([tick]);
  const registry = new ToolRegistry({ checkTool: (n, a) => page.checkTool(n, a), runTool: (n, a, id, checked) => page.runTool(n, a, id, checked), abortTool: (id) => page.abortTool(id) });
  registry.set([tick].map(toDescriptor));
  const model = scriptedModel(turns);
  let ids = 0;
  const ctx: RunContext = {
    model: new ToolCallingModel(model, { protocol: 'native', generateId: () => `id${++ids}` }),
    history: [{ role: 'user', content: 'go' }],
    maxIterations: 5,
    registry,
    ...autoApprovals(),
    signal: new AbortController().signal,
    emit: (e) => events.push(e),
    changed: () => {},
    ...extra,
  };
  return { ctx, events, model };
}

const partCtx = (history: ChatMessage[] = [], events: AgentEvent[] = []): PartContext => context([], { history, emit: (e) => events.push(e) }).ctx;

describe('run parts', () => {
  it('stepLimit ends the run before call max + 1, with the limit and not the last sentence', () => {
    const limit = stepLimit(3);
    expect(limit.stopBefore!(3, partCtx())).to.equal(undefined);
    expect(limit.stopBefore!(4, partCtx())).to.deep.include({ reason: 'max_iterations' });
    expect(limit.stopBefore!(4, partCtx())!.text).to.contain('limit of 3 steps');
  });

  it('reflectionPart notes the self-check on every nth call after the first, emitting reflection; none without the option', () => {
    const events: AgentEvent[] = [];
    const part = reflectionPart(2, false)!;
    const notes = [1, 2, 3, 4, 5].map((n) => part.note!(n, partCtx([], events)));
    expect(notes.map((note) => note !== undefined)).to.deep.equal([false, false, true, false, true]);
    expect(notes[2]).to.match(/^Self-check:/);
    expect(events).to.deep.equal([{ type: 'reflection', n: 3 }, { type: 'reflection', n: 5 }]);
    expect(reflectionPart(undefined, false)).to.equal(undefined);
  });

  it('nudgePart asks again once after an announcement, notes the reminder once, and joins the reply to it', () => {
    const events: AgentEvent[] = [];
    const history: ChatMessage[] = [{ role: 'user', content: 'orders?' }, { role: 'assistant', content: 'Let me check the orders.' }];
    const part = nudgePart(true)!;
    const ctx = partCtx(history, events);
    expect(part.askAgain!('Let me check the orders.', 1, ctx)).to.equal(true);
    expect(events).to.deep.equal([{ type: 'nudge', n: 2 }]);
    expect(part.note!(2, ctx)).to.equal(NUDGE_NOTE);
    part.keepReply!(history, { role: 'assistant', content: 'Order 7 is late.' });
    expect(history).to.have.length(2);
    expect(history[1]!.content).to.equal('Let me check the orders.\n\nOrder 7 is late.');
    expect(part.note!(3, ctx)).to.equal(undefined);
    // Once a run.
    expect(part.askAgain!('Let me look again.', 2, ctx)).to.equal(false);
    expect(nudgePart(false)).to.equal(undefined);
  });

  it('nudgePart does not ask again when the first call was told to use no tools, or on the last call', () => {
    const history: ChatMessage[] = [{ role: 'assistant', content: 'Let me check.' }];
    const none = { ...partCtx(history), turn: { toolChoice: 'none' as const } };
    expect(nudgePart(true)!.askAgain!('Let me check.', 1, none)).to.equal(false);
    const last = { ...partCtx(history), maxIterations: 2 };
    expect(nudgePart(true)!.askAgain!('Let me check.', 2, last)).to.equal(false);
  });

  it('planPart offers update_plan, adds its rule, and screens the turn: plan calls answered first, others held in first mode', () => {
    const events: AgentEvent[] = [];
    const part = planPart(new PlanTurn(new PlanBoard(), 'first'), 'first');
    expect(part.tools!.map((t) => t.name)).to.deep.equal(['update_plan']);
    expect(part.rule).to.contain('update_plan');
    const calls: ToolCall[] = [
      { id: 'a', name: 'tick', args: {} },
      { id: 'p', name: 'update_plan', args: { tasks: [{ id: '1', title: 'Tick', status: 'pending' }] } },
      { id: 'b', name: 'tick', args: {} },
    ];
    const { answered, rest } = part.screen!(calls, partCtx([], events));
    expect(answered.map((r) => [r.callId, r.status])).to.deep.equal([['p', 'ok']]);
    expect(rest.map((c) => c.id)).to.deep.equal(['a', 'b']);
    expect(events.map((e) => e.type)).to.deep.equal(['plan', 'tool-result']);
    const held = planPart(new PlanTurn(new PlanBoard(), 'first'), 'first').screen!([{ id: 'c', name: 'tick', args: {} }], partCtx());
    expect(held.rest).to.deep.equal([]);
    expect(held.answered[0]).to.deep.include({ callId: 'c', status: 'error' });
  });

  it('readResultPart claims read_result calls that have arguments, and pages through the history after the tools', async () => {
    const events: AgentEvent[] = [];
    const part = readResultPart(new ContextBudget({ contextTokens: 8000 }));
    expect(part.settles).to.equal('after');
    expect(part.claims!({ id: 'r', name: 'read_result', args: { callId: 'x' } })).to.equal(true);
    expect(part.claims!({ id: 'r', name: 'read_result', error: 'bad JSON' })).to.equal(false);
    expect(part.claims!({ id: 't', name: 'tick', args: {} })).to.equal(false);
    const history: ChatMessage[] = [{ role: 'tool', tool_call_id: 'x', content: 'the whole result' }];
    const [result] = await part.settle!([{ id: 'r', name: 'read_result', args: { callId: 'x' } }], partCtx(history, events));
    expect(result).to.deep.include({ callId: 'r', status: 'ok' });
    expect(result!.content).to.contain('the whole result');
    expect(events).to.have.length(1);
  });

  it('dispatchPart offers dispatch_agent, claims its calls and hands them to the dispatcher with the run', async () => {
    const seen: string[] = [];
    const part = dispatchPart({ dispatch: async (calls, parent) => calls.map((c) => (seen.push(`${c.id}:${parent.signal.aborted}`), settled(c.id, c.name, 'ok', { result: 'found' }))) });
    expect(part.tools!.map((t) => t.name)).to.deep.equal(['dispatch_agent']);
    expect(part.claims!({ id: 'd', name: 'dispatch_agent', args: { task: 'look' } })).to.equal(true);
    const results = await part.settle!([{ id: 'd', name: 'dispatch_agent', args: { task: 'look' } }], partCtx());
    expect(results.map((r) => r.content)).to.deep.equal(['found']);
    expect(seen).to.deep.equal(['d:false']);
  });

  it('runParts lists the built-ins the options ask for, in order, then the run\'s own', () => {
    const own: RunPart = {};
    const { ctx } = context([], { reflectEvery: 2, nudge: false, parts: [own] });
    const parts = runParts(ctx);
    expect(parts).to.have.length(3);
    expect(parts[2]).to.equal(own);
  });

  it('a part of the run\'s own ends it after a tool call, beside the built-ins (no branch in the loop)', async () => {
    const submitted: RunPart = { ending: (calls) => (calls.some((c) => c.name === 'tick') ? { reason: 'answer', text: 'Ticked once.' } : undefined) };
    const { ctx, events, model } = context([{ toolCalls: [{ name: 'tick', args: {} }] }, { text: 'never asked' }], { parts: [submitted] });
    const final = await runLoop(ctx);
    expect(final).to.deep.equal({ type: 'final', reason: 'answer', text: 'Ticked once.' });
    expect(model.requests).to.have.length(1);
    expect(events.filter((e) => e.type === 'tool-result')).to.have.length(1);
    // Every call still has its one result in the history.
    expect(ctx.history.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'tool']);
  });

  it('a part of the run\'s own adds its tool, its rule and a note to the request', async () => {
    const part: RunPart = { tools: [{ name: 'extra', description: 'Extra', parameters: { type: 'object' } }], rule: 'Be brief.', note: (n) => (n === 1 ? 'Remember the user.' : undefined) };
    const { ctx, model } = context([{ text: 'ok' }], { parts: [part] });
    await runLoop(ctx);
    const request = model.requests[0]!;
    expect(request.tools!.map((t) => t.name)).to.include('extra');
    expect(String(request.messages[0]!.content)).to.contain('Be brief.');
    expect(request.messages.at(-1)).to.deep.equal({ role: 'user', content: 'Remember the user.' });
    // The note is for that request only.
    expect(ctx.history.some((m) => m.content === 'Remember the user.')).to.equal(false);
  });
});
