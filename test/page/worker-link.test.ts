import { expect } from 'chai';
import { PageloopError } from '../../src/errors.js';
import { linkWorker, type WorkerLink } from '../../src/page/worker-link.js';
import type { LinkTestApi } from '../fixtures/link-worker.js';

const links: WorkerLink<LinkTestApi>[] = [];
function startLink(): WorkerLink<LinkTestApi> {
  const link = linkWorker<LinkTestApi>(new Worker(new URL('../fixtures/link-worker.ts', import.meta.url), { type: 'module' }), 'The test worker');
  links.push(link);
  return link;
}
afterEach(() => links.splice(0).forEach((link) => link.dispose('The test ended.')));

/** What a promise settled to, or 'pending' if it has not settled by the next task. */
async function settledNow<T>(promise: Promise<T>): Promise<{ value: T } | { error: unknown } | 'pending'> {
  const next = new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending')));
  return Promise.race([promise.then((value) => ({ value }), (error: unknown) => ({ error })), next]);
}

function expectEnded(error: unknown, code: 'worker-crashed' | 'disposed'): void {
  expect(error).to.be.instanceOf(PageloopError);
  expect((error as PageloopError).code).to.equal(code);
  // Still an abort to code that checks the DOM way.
  expect((error as Error).name).to.equal('AbortError');
}

describe('worker link', () => {
  it('resolves a call with the value the worker returned', async () => {
    const link = startLink();
    expect(await link.call((remote) => remote.echo({ n: 42 }))).to.deep.equal({ n: 42 });
  });

  it('rejects a call the worker failed as a PageloopError with its code', async () => {
    const link = startLink();
    const error = await link.call((remote) => remote.fail('busy', 'Not now.')).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(PageloopError);
    expect(error).to.deep.include({ code: 'busy', message: 'Not now.', retryable: false, name: 'PageloopError' });
  });

  it('carries retryable across, and rebuilds a real PageloopError (instanceof, a page-side stack)', async () => {
    const link = startLink();
    const error = await link.call((remote) => remote.fail('timeout', 'The server went quiet.', true)).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(PageloopError);
    expect(error).to.be.instanceOf(Error);
    expect(error).to.deep.include({ code: 'timeout', message: 'The server went quiet.', retryable: true });
  });

  it('turns anything else the worker throws into an internal PageloopError that keeps its message', async () => {
    const link = startLink();
    const error = await link.call((remote) => remote.failPlain('out of range')).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(PageloopError);
    expect(error).to.deep.include({ code: 'internal', message: 'out of range', retryable: false });
  });

  it('settles every pending call with worker-crashed when the worker crashes mid-call', async () => {
    const link = startLink();
    await link.call((remote) => remote.echo('up'));
    const ends: string[] = [];
    link.onEnd((why) => ends.push(why.code));
    const pending = [link.call((remote) => remote.hang()), link.call((remote) => remote.hang()), link.call((remote) => remote.crash())];
    const results = await Promise.allSettled(pending);
    for (const result of results) {
      expect(result.status).to.equal('rejected');
      expectEnded((result as PromiseRejectedResult).reason, 'worker-crashed');
    }
    expect(((results[0] as PromiseRejectedResult).reason as Error).message).to.match(/^The test worker stopped: .*simulated crash/);
    expect(ends).to.deep.equal(['worker-crashed']);
    expect(link.ended?.code).to.equal('worker-crashed');
  });

  it('rejects calls made after a crash at once, without asking the dead worker', async () => {
    const link = startLink();
    await link.call((remote) => remote.crash()).catch(() => {});
    let invoked = false;
    const later = await settledNow(
      link.call((remote) => {
        invoked = true;
        return remote.echo(1);
      }),
    );
    expect(later).to.have.property('error');
    expectEnded((later as { error: unknown }).error, 'worker-crashed');
    expect(invoked).to.equal(false);
  });

  it('settles pending calls with disposed on dispose, and rejects later calls at once', async () => {
    const link = startLink();
    const pending = [link.call((remote) => remote.hang()), link.call((remote) => remote.echo('maybe never answered'))];
    link.dispose('The test disposed it.');
    for (const result of await Promise.allSettled(pending)) {
      expect(result.status).to.equal('rejected');
      expectEnded((result as PromiseRejectedResult).reason, 'disposed');
      expect(((result as PromiseRejectedResult).reason as Error).message).to.equal('The test disposed it.');
    }
    const later = await settledNow(link.call((remote) => remote.echo(1)));
    expect(later).to.have.property('error');
    expectEnded((later as { error: unknown }).error, 'disposed');
  });

  it('on dispose with a farewell, rejects pending calls at once and lets the farewell call reach the worker before it ends', async () => {
    const link = startLink();
    const pending = link.call((remote) => remote.hang());
    let heard: string | undefined;
    link.dispose('The test disposed it.', async (remote) => (heard = String(await remote.echo('last words'))));
    expectEnded((await pending.catch((e: unknown) => e)) as unknown, 'disposed');
    expectEnded((await link.call((remote) => remote.echo(1)).catch((e: unknown) => e)) as unknown, 'disposed');
    for (const started = performance.now(); heard === undefined && performance.now() - started < 2000; ) await new Promise((r) => setTimeout(r, 10));
    expect(heard).to.equal('last words');
  });

  it('tells onEnd listeners before the pending calls reject, and a late listener at once', async () => {
    const link = startLink();
    const order: string[] = [];
    link.onEnd(() => order.push('listener'));
    const pending = link.call((remote) => remote.hang()).catch(() => order.push('rejected'));
    link.dispose('bye');
    await pending;
    link.onEnd((why) => order.push(`late ${why.code}`));
    expect(order).to.deep.equal(['listener', 'rejected', 'late disposed']);
  });

  it('treats a worker script that fails to load as crashed', async () => {
    const link = linkWorker<LinkTestApi>(new Worker(new URL('../fixtures/no-such-worker.ts', import.meta.url), { type: 'module' }), 'The missing worker');
    links.push(link);
    const error = await link.call((remote) => remote.echo(1)).catch((e: unknown) => e);
    expectEnded(error, 'worker-crashed');
  });
});
