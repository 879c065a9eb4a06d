import { expect } from 'chai';
import { ApprovalPolicy } from '../../src/agent/calls/index.js';
import { ToolRegistry } from '../../src/agent/calls/index.js';
import type { ToolHost } from '../../src/agent/session-types.js';

type Factories = NonNullable<ConstructorParameters<typeof ToolRegistry>[1]>;
type Descriptor = Parameters<ToolRegistry['set']>[0][number];
type WorkerTool = ReturnType<Factories[string]>[number];

const page = (over: Partial<ToolHost> = {}): ToolHost & { aborted: string[] } => {
  const aborted: string[] = [];
  return {
    aborted,
    checkTool: async (_name, args) => ({ status: 'ready', args, needsApproval: true }),
    runTool: async (name, args) => ({ status: 'ok', result: { name, args } }),
    abortTool: (id) => void aborted.push(id),
    ...over,
  };
};

const pageTool = (name: string): Descriptor => ({ name, description: `${name} tool`, parameters: { type: 'object' }, kind: 'page', approval: 'dynamic' });
const workerDescriptor = (name: string, factory = 'math'): Descriptor => ({
  name,
  description: `${name} tool`,
  parameters: { type: 'object' },
  kind: 'worker',
  approval: 'dynamic',
  worker: { factory, options: {} },
});

function workerTool(name: string, execute: WorkerTool['execute'], needsApproval = false): WorkerTool {
  return {
    name,
    description: name,
    parameters: { type: 'object' },
    needsApproval,
    validate: (args) => (typeof args === 'object' && args !== null ? { ok: true, value: args } : { ok: false, error: 'expected an object' }),
    execute,
  };
}

describe('ToolRegistry', () => {
  it('finds tools by own name only, never through the prototype', () => {
    const registry = new ToolRegistry(page());
    registry.set([pageTool('lookup')]);
    expect(registry.get('lookup')?.name).to.equal('lookup');
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(registry.get(name)).to.equal(undefined);
    expect(registry.names()).to.deep.equal(['lookup']);
  });

  it('says which calls a page died in may simply run again: what the policy lets run again, and sub-agents when the agent has them', () => {
    const registry = new ToolRegistry(page());
    registry.set([{ ...pageTool('lookup'), idempotent: true, approval: 'never' }, { ...pageTool('pay'), idempotent: true, approval: 'always' }, { ...pageTool('list'), approval: 'never' }]);
    const policy = new ApprovalPolicy();
    const again = (name: string) => registry.rerunnable(name, true, (tool) => policy.mayRunAgain(tool, undefined));
    expect(['lookup', 'pay', 'list', 'dispatch_agent', 'nothing'].map(again)).to.deep.equal([true, false, false, true, false]);
    expect(registry.rerunnable('dispatch_agent', false, () => true)).to.equal(false);
  });

  it('refuses two tools of one name', () => {
    const registry = new ToolRegistry(page());
    expect(() => registry.set([pageTool('x'), pageTool('x')])).to.throw(/Two tools are named "x"/);
  });

  it('replaces the whole set on set()', () => {
    const registry = new ToolRegistry(page());
    registry.set([pageTool('a'), pageTool('b')]);
    registry.set([pageTool('c')]);
    expect(registry.names()).to.deep.equal(['c']);
  });

  it('offers the model name, description and parameters only', () => {
    const registry = new ToolRegistry(page());
    registry.set([pageTool('a')]);
    expect(registry.modelTools()).to.deep.equal([{ name: 'a', description: 'a tool', parameters: { type: 'object' } }]);
  });

  it('fails at set() for a worker tool whose factory this worker does not have', () => {
    const registry = new ToolRegistry(page(), {});
    expect(() => registry.set([workerDescriptor('sum', 'missing')])).to.throw(/needs the worker tool "missing"/);
  });

  it('builds the tools of one spec once, even when it makes several', () => {
    let built = 0;
    const factories: Factories = {
      math: () => (built++, [workerTool('sum', async () => 1), workerTool('product', async () => 2)]),
    };
    const registry = new ToolRegistry(page(), factories);
    registry.set([workerDescriptor('sum'), workerDescriptor('product')]);
    expect(built).to.equal(1);
  });

  it('prepares page tools through the page and worker tools in place', async () => {
    const registry = new ToolRegistry(page(), { math: () => [workerTool('sum', async () => 0, true)] });
    registry.set([pageTool('lookup'), workerDescriptor('sum')]);
    expect(await registry.check('lookup', { q: 1 })).to.deep.equal({ status: 'ready', args: { q: 1 }, needsApproval: true });
    expect(await registry.check('sum', { a: 1 })).to.deep.equal({ status: 'ready', args: { a: 1 }, needsApproval: true });
    expect(await registry.check('sum', 'nope')).to.deep.equal({ status: 'invalid', error: 'expected an object' });
  });

  it('runs worker tools with their call id, and turns a throw into an error outcome', async () => {
    const seen: string[] = [];
    const registry = new ToolRegistry(page(), {
      math: () => [
        workerTool('sum', async (_args, ctx) => (seen.push(ctx.callId), 3)),
        workerTool('boom', async () => {
          throw new Error('kaboom');
        }),
      ],
    });
    registry.set([workerDescriptor('sum'), workerDescriptor('boom')]);
    const signal = new AbortController().signal;
    expect(await registry.run('sum', {}, 'c1', signal)).to.deep.equal({ status: 'ok', result: 3 });
    expect(seen).to.deep.equal(['c1']);
    expect(await registry.run('boom', {}, 'c2', signal)).to.deep.equal({ status: 'error', error: 'kaboom' });
  });

  it('turns a page tool host that rejects into an error outcome', async () => {
    const registry = new ToolRegistry(page({ runTool: () => Promise.reject(new Error('port closed')) }));
    registry.set([pageTool('lookup')]);
    expect(await registry.run('lookup', {}, 'c1', new AbortController().signal)).to.deep.equal({ status: 'error', error: 'port closed' });
  });

  it('settles as cancelled on abort without waiting for a tool that ignores it, and aborts the page call', async () => {
    const host = page({ runTool: () => new Promise(() => {}) });
    const registry = new ToolRegistry(host);
    registry.set([pageTool('slow')]);
    const controller = new AbortController();
    const running = registry.run('slow', {}, 'c9', controller.signal);
    controller.abort();
    expect(await running).to.deep.include({ status: 'cancelled' });
    expect(host.aborted).to.deep.equal(['c9']);
  });
});
