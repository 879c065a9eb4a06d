/**
 * The loop benchmark (runs on a bench page): a page tool called `calls`
 * times in one running loop, with a model that costs nothing, three ways —
 *
 * - **worker**: the real agent worker (plus timing) and the page half of
 *   `createAgent` (a `PageToolHost` behind a Comlink proxy). Each call is timed
 *   in the worker around the call to the page: `loop.tool_roundtrip_ms_p50`.
 *   Iteration overhead is, per iteration, the time from the model's `done` to
 *   the loop's next model request, minus that iteration's round trip.
 * - **in thread** (baseline): the same `AgentSession` and `PageToolHost` on the
 *   main thread, the host called directly.
 * - **createAgent**: the public API end to end (no extra timing inside): the
 *   per-iteration time, to show the timed worker is the real thing.
 * - **worker, untraced**: the first way with the flight recorder off
 *   (`trace: { enabled: false }`; it is on by default), the baseline of what
 *   recording costs: `loop.trace_overhead_ratio` is the traced iteration
 *   overhead over the untraced one (target ≤ 1.05).
 *
 * Each way runs a warm-up run first, then measured runs on a fresh history.
 */
import * as Comlink from 'comlink';
import { z } from 'zod';
import { AgentSession } from '../src/agent/agent-session.js';
import { PageToolHost } from '../src/page/page-tool-host.js';
import { createAgent, toDescriptor } from '../src/page/create-agent.js';
import { defineTool } from '../src/tools/define-tool.js';
import { crossErrors } from '../src/errors.js';
import type { PageHost, AgentWorkerApi, WorkerConfig } from '../src/protocol/agent.js';
import type { FinalEvent, Tool } from '../src/types.js';
import { createModel, ECHO_TOOL } from './loop-model.js';
import type { LoopTiming } from './loop-timing.js';
import { timedHost } from './timed-host.js';
import { median } from './lib/stats.js';

/** Options of one loop benchmark. */
export interface LoopBenchOptions {
  /** Page tool calls in the measured run (each way). */
  calls: number;
  /** Calls in the warm-up run. */
  warmup: number;
  /** Measured runs of each way. */
  rounds: number;
}

function echoTool(): Tool {
  return defineTool({
    name: ECHO_TOOL,
    description: 'Echoes its argument (benchmark).',
    parameters: z.object({ i: z.number() }),
    execute: ({ i }) => ({ i }),
  }) as Tool;
}

function config(calls: number, extra: Partial<WorkerConfig> = {}): WorkerConfig {
  return {
    ...extra,
    baseURL: '',
    model: 'bench-loop',
    modelModule: new URL('./loop-model.ts', import.meta.url).href,
    maxIterations: calls + 1,
    approval: 'auto',
    // A thousand calls outgrow any default window: without room the context
    // budget would fold the history (an extra model call) and time that instead.
    contextTokens: 50_000_000,
  };
}

function readTiming(final: FinalEvent, where: string): LoopTiming {
  if (final.reason !== 'answer') throw new Error(`loop bench (${where}) ended with ${final.reason}: ${final.text}`);
  return JSON.parse(final.text) as LoopTiming;
}

/** Per iteration: the loop's own time, the page tool's round trip taken out. */
function overheads(timing: LoopTiming): number[] {
  return timing.gaps.map((gap, i) => gap - (timing.roundTrips[i] ?? 0));
}

/** One way of running the loop, set up and warmed up; `measure` runs one measured run on a fresh history. */
interface Way {
  measure(calls: number): Promise<LoopTiming>;
  dispose(): void;
}

function pageHost(page: PageToolHost): PageHost {
  return {
    emit: () => {},
    prepareTool: (name, args) => page.prepareTool(name, args),
    runTool: (name, args, callId) => page.runTool(name, args, callId),
    abortTool: (callId) => page.abortTool(callId),
    mayStart: async (request) => page.mayStart(request),
  };
}

async function inWorker(calls: number, extra: Partial<WorkerConfig> = {}): Promise<Way> {
  const worker = new Worker(new URL('./loop-worker.ts', import.meta.url), { type: 'module', name: 'loop-bench' });
  crossErrors();
  const remote = Comlink.wrap<AgentWorkerApi>(worker);
  const tool = echoTool();
  const page = new PageToolHost();
  page.setTools([tool]);
  await remote.init(config(calls, extra), [toDescriptor(tool)], Comlink.proxy(pageHost(page)));
  return {
    measure: async (n) => {
      await remote.clear();
      return readTiming(await remote.send('run', `calls=${n}`), 'worker');
    },
    dispose: () => worker.terminate(),
  };
}

async function inThread(calls: number): Promise<Way> {
  const tool = echoTool();
  const page = new PageToolHost();
  page.setTools([tool]);
  const session = new AgentSession(config(calls), [toDescriptor(tool)], { host: timedHost(pageHost(page)), createModel });
  return {
    measure: async (n) => {
      await session.clear();
      return readTiming(await session.send('run', `calls=${n}`), 'in thread');
    },
    dispose: () => session.cancel(),
  };
}

async function viaCreateAgent(calls: number): Promise<Way> {
  const agent = createAgent({ ...config(calls), tools: [echoTool()] });
  await agent.ready;
  return {
    measure: async (n) => {
      await agent.clear();
      return readTiming(await agent.send(`calls=${n}`).done, 'createAgent');
    },
    dispose: () => agent.dispose(),
  };
}

/**
 * Runs the loop benchmark; figures in ms. The ways take turns, `rounds`
 * times; each figure is the best round's median, because on a shared machine
 * a round whose threads were descheduled measures the machine, not the loop.
 */
export async function runLoopBench(options: LoopBenchOptions): Promise<Record<string, number>> {
  const ways = { worker: await inWorker(options.calls), thread: await inThread(options.calls), api: await viaCreateAgent(options.calls), untraced: await inWorker(options.calls, { trace: { enabled: false } }) };
  const best: Record<string, number> = {};
  const keep = (key: string, value: number) => (best[key] = Math.min(best[key] ?? Infinity, value));
  try {
    for (const way of Object.values(ways)) await way.measure(options.warmup);
    for (let round = 0; round < options.rounds; round++) {
      // Traced and untraced take turns going first, so neither always meets the machine as the other left it.
      const untracedFirst = round % 2 === 1;
      const early = untracedFirst ? await ways.untraced.measure(options.calls) : undefined;
      const worker = await ways.worker.measure(options.calls);
      const thread = await ways.thread.measure(options.calls);
      const api = await ways.api.measure(options.calls);
      const untraced = early ?? (await ways.untraced.measure(options.calls));
      keep('loop.tool_roundtrip_ms_p50', median(worker.roundTrips));
      keep('loop.tool_roundtrip_inthread_ms_p50', median(thread.roundTrips));
      keep('loop.iteration_overhead_ms_p50', median(overheads(worker)));
      keep('loop.iteration_overhead_inthread_ms_p50', median(overheads(thread)));
      keep('loop.iteration_ms_p50', median(worker.gaps));
      keep('loop.iteration_createagent_ms_p50', median(api.gaps));
      keep('loop.iteration_overhead_untraced_ms_p50', median(overheads(untraced)));
    }
  } finally {
    for (const way of Object.values(ways)) way.dispose();
  }
  const ratio = best['loop.iteration_overhead_ms_p50']! / best['loop.iteration_overhead_untraced_ms_p50']!;
  return { 'loop.calls': options.calls, 'loop.rounds': options.rounds, ...best, 'loop.trace_overhead_ratio': Math.round(ratio * 1000) / 1000 };
}
