/**
 * The page's start gate (src/agent/calls/start-gate.ts) as the worker asks
 * it: the events the worker holds back (a batched `tool-start`, a run's first
 * events) go IN the question's message, and the page answers on a port of
 * the question's own, in the task that delivered them.
 *
 * Why: asked as two Comlink calls (the held batch, then `mayStart`), the page
 * drew the delivered events before it answered — the batch's task ends with
 * the element's update, and a Comlink reply is posted from a microtask queued
 * behind it — so every model request and worker tool waited for a render of
 * the page's. The guarantee is the one the gate gives: the page answers only
 * after its listeners heard what was held (a listener that cancels is
 * answered no), and says no from `cancel()` until the next run.
 *
 * A batch `postMessage` cannot clone is sent the careful way
 * (crossing-events.ts) and the gate asked the plain way.
 */
import * as Comlink from 'comlink';
import type { AgentEvent } from '../types.js';
import type { PageHost, StartRequest } from '../protocol/agent.js';
import { crossableEvent, sendCrossable } from './crossing-events.js';

/** The gate over `host`, carrying what `take` hands back (the batcher's held events) with each question. */
export function portStartGate(host: Pick<PageHost, 'emit' | 'mayStart' | 'mayStartAfter'>, take: () => AgentEvent[]): Pick<PageHost, 'mayStart'> {
  return {
    mayStart: (request: StartRequest) => {
      const events = take();
      if (!host.mayStartAfter) {
        if (events.length > 0) sendCrossable((batch) => host.emit(batch), events);
        return host.mayStart(request);
      }
      const { port1, port2 } = new MessageChannel();
      return new Promise<boolean>((resolve, reject) => {
        port1.onmessage = (e: MessageEvent<unknown>) => {
          port1.close();
          resolve(e.data === true);
        };
        Promise.resolve(host.mayStartAfter!(events.map(crossableEvent), request, Comlink.transfer(port2, [port2]))).catch(() => {
          // Not sent (a batch that cannot be cloned), or the page is gone: the plain way, which says which.
          port1.close();
          if (events.length > 0) sendCrossable((batch) => host.emit(batch), events);
          host.mayStart(request).then(resolve, reject);
        });
      });
    },
  };
}
