/**
 * The loop benchmark's worker: the real agent worker, with two additions —
 * every page tool call is timed here, around the Comlink call to the page,
 * so the figure is exactly worker → page → worker inside a running loop; and
 * the flight recorder's `observe` is timed, the recorder's own cost without
 * the machine's noise between two runs (`loop.trace_observe_us`).
 */
import * as Comlink from 'comlink';
import { WorkerAgent } from '../src/worker/agent-worker.js';
import type { AgentWorkerEntry } from '../src/protocol/agent.js';
import { timedHost } from './timed-host.js';
import { crossErrors } from '../src/errors.js';
import { TraceRecorder } from '../src/agent/trace/index.js';
import { loopTiming } from './loop-timing.js';

const observe = TraceRecorder.prototype.observe;
TraceRecorder.prototype.observe = function (this: TraceRecorder, event) {
  const start = performance.now();
  observe.call(this, event);
  loopTiming().traceMs += performance.now() - start;
};

const entry: AgentWorkerEntry = {
  async start(config, tools, host) {
    const agent = new WorkerAgent(config, tools, timedHost(host));
    await agent.load();
    return Comlink.proxy(agent);
  },
};

crossErrors();
Comlink.expose(entry);
