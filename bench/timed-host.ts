/**
 * Wraps a `PageHost` so each page tool call's duration lands in the loop
 * timing record. Used in the bench worker (around the Comlink proxy) and on
 * the page for the in-thread baseline (around a `PageToolHost`).
 */
import type { PageHost } from '../src/protocol/agent.js';
import { loopTiming } from './loop-timing.js';

/** `host`, with `runTool` timed. */
export function timedHost(host: PageHost): PageHost {
  return {
    emit: (events) => host.emit(events),
    checkTool: (name, args) => host.checkTool(name, args),
    askApproval: (ask) => host.askApproval!(ask),
    settleAsks: (ids, as) => host.settleAsks!(ids, as),
    runTool: async (name, args, callId, checked) => {
      const start = performance.now();
      const outcome = await host.runTool(name, args, callId, checked);
      loopTiming().roundTrips.push(performance.now() - start);
      return outcome;
    },
    abortTool: (callId) => host.abortTool(callId),
    mayStart: (request) => host.mayStart(request),
  };
}
