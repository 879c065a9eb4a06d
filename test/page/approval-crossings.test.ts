// What one page tool call that needs approval costs across the worker boundary,
// counted: the worker reaches the page through the PageToolHost it was handed
// (its methods are counted here), and the page reaches the worker by posting
// Comlink messages (counted by the method they name). The approval crosses
// twice — the ask, whose reply is the user's answer, and the run with the
// checked arguments — and the tool's schema checks the arguments once.
import { expect } from 'chai';
import { z } from 'zod';
import { createAgent } from '../../src/page/create-agent.js';
import { PageToolHost } from '../../src/page/page-tool-host.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import type { AgentEvent, NeedsApproval } from '../../src/types.js';

type Counts = Record<string, number>;

/** Counts the worker's calls into the page host, and the page's Comlink calls into the worker, by method. */
function countCrossings(): { toPage: Counts; toWorker: Counts; restore(): void } {
  const toPage: Counts = {};
  const toWorker: Counts = {};
  const host = PageToolHost.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const saved: [string, (...args: unknown[]) => unknown][] = [];
  for (const name of ['checkTool', 'askApproval', 'runTool', 'settleAsks']) {
    const original = host[name]!;
    saved.push([name, original]);
    host[name] = function (this: unknown, ...args: unknown[]) {
      toPage[name] = (toPage[name] ?? 0) + 1;
      return original.apply(this, args);
    };
  }
  const post = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (this: MessagePort, message: unknown, ...rest: unknown[]) {
    const m = message as { type?: string; path?: string[] } | null;
    if (m?.type === 'APPLY' && m.path?.length) {
      const name = m.path.join('.');
      toWorker[name] = (toWorker[name] ?? 0) + 1;
    }
    return (post as (...a: unknown[]) => void).call(this, message, ...rest);
  };
  return {
    toPage,
    toWorker,
    restore: () => {
      for (const [name, original] of saved) host[name] = original;
      MessagePort.prototype.postMessage = post;
    },
  };
}

/** A tool that counts how often its schema checks arguments. */
function deleteOrder(needsApproval: NeedsApproval<{ id: number }>) {
  const checks = { count: 0 };
  const ran: number[] = [];
  const tool = defineTool({
    name: 'delete_order',
    description: 'Deletes an order',
    parameters: z.object({ id: z.number() }).refine(() => (checks.count++, true)),
    needsApproval,
    execute: ({ id }) => (ran.push(id), `deleted ${id}`),
  });
  return { tool, checks, ran };
}

/** Runs one turn calling delete_order with `args`, approving every request the moment it arrives. */
async function oneCall(needsApproval: NeedsApproval<{ id: number }>, args: unknown) {
  const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'delete_order', args: args as Record<string, unknown> }]), textTurn('Done.')] });
  const { tool, checks, ran } = deleteOrder(needsApproval);
  const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', tools: [tool] });
  const events: AgentEvent[] = [];
  agent.on((e) => {
    events.push(e);
    if (e.type === 'approval-request') for (const r of e.requests) agent.respond(r.callId, { approve: true });
  });
  await agent.ready;
  const counted = countCrossings();
  try {
    await agent.send('delete it').done;
  } finally {
    counted.restore();
    agent.dispose();
  }
  return { ...counted, checks: checks.count, ran, events };
}

describe('an approval across the worker boundary', () => {
  it('a tool that needs approval: the ask and the run, nothing else; the answer needs no message to the worker; the schema checks once', async () => {
    const r = await oneCall(true, { id: 7 });
    expect(r.ran).to.deep.equal([7]);
    expect(r.toPage).to.deep.equal({ askApproval: 1, runTool: 1 });
    expect(r.toWorker, 'page → worker: the run only').to.deep.equal({ send: 1 });
    expect(r.checks).to.equal(1);
    expect(r.events.filter((e) => e.type === 'approval-request')).to.have.length(1);
  });

  it('a rule that is a function: the page evaluates it first (one crossing more), and the schema still checks once', async () => {
    const r = await oneCall(({ id }) => id > 5, { id: 7 });
    expect(r.ran).to.deep.equal([7]);
    expect(r.toPage).to.deep.equal({ checkTool: 1, askApproval: 1, runTool: 1 });
    expect(r.checks).to.equal(1);
  });

  it('a tool that needs no approval: one crossing, the run', async () => {
    const r = await oneCall(false, { id: 7 });
    expect(r.toPage).to.deep.equal({ runTool: 1 });
    expect(r.checks).to.equal(1);
    expect(r.events.some((e) => e.type === 'approval-request')).to.equal(false);
  });

  it('invalid arguments: the ask answers them invalid, the user is never asked and nothing runs', async () => {
    const r = await oneCall(true, { id: 'seven' });
    expect(r.ran).to.deep.equal([]);
    expect(r.toPage).to.deep.equal({ askApproval: 1 });
    expect(r.events.some((e) => e.type === 'approval-request'), 'no request shown').to.equal(false);
    expect(r.events.find((e) => e.type === 'tool-result')).to.deep.include({ status: 'error' });
  });
});
