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
 *   per-iteration time, to show the timed worker is the real thing; and,
 *   timed on the page from each call's `tool-call` event to its `tool-result`
 *   event, a call of a tool that needs no approval (`loop.call_roundtrip_ms_p50`)
 *   beside one of a tool that needs approval, answered by a listener the moment
 *   its request arrives (`loop.approval_roundtrip_ms_p50`): what an approval
 *   costs besides the user.
 * - **worker, untraced**: the first way's own worker with the flight recorder
 *   switched off (`configure({ trace: { enabled: false } })`; it is on by
 *   default) and on again, the baseline of what recording costs. Each round
 *   measures both in the same worker, back to back, in turns as to which goes
 *   first; `loop.trace_overhead_ratio` is the median over rounds of that
 *   round's traced iteration overhead over its untraced one (target ≤ 1.05).
 *   Same worker, because two workers differ by themselves: two untraced
 *   workers measured this way differed by 0.96–1.01×, as much as the target.
 * - **worker with a thread**: the same pair, traced and untraced, in a worker
 *   whose conversation is stored (option `thread`), so the journal's writes —
 *   and with tracing on, the trace's — are in the iteration:
 *   `loop.trace_overhead_thread_ratio` (fewer calls: each write costs more).
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
import type { AgentWorkerEntry, WorkerConfig } from '../src/protocol/agent.js';
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
  /** Page tool calls in each measured run of the worker with a thread. */
  threadCalls: number;
  /**
   * Traced/untraced pairs of the plain worker per round, for
   * `loop.trace_overhead_ratio`: the recorder costs about 2 % of an
   * iteration, while one pair's ratio moves by ±15 % with the machine, so
   * the ratio needs more pairs than the other figures need rounds.
   */
  ratioPairs: number;
}

function echoTool(needsApproval = false): Tool {
  return defineTool({
    name: ECHO_TOOL,
    description: 'Echoes its argument (benchmark).',
    parameters: z.object({ i: z.number() }),
    needsApproval,
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

/** The worker way, whose recorder can be switched off and on between runs. */
interface WorkerWay extends Way {
  traced(on: boolean): Promise<void>;
}


async function inWorker(calls: number, thread?: string): Promise<WorkerWay> {
  const worker = new Worker(new URL('./loop-worker.ts', import.meta.url), { type: 'module', name: 'loop-bench' });
  crossErrors();
  const entry = Comlink.wrap<AgentWorkerEntry>(worker);
  const tool = echoTool();
  const page = new PageToolHost();
  page.setTools([tool]);
  const remote = await entry.start(config(calls, thread ? { thread } : {}), [toDescriptor(tool)], Comlink.proxy(page));
  return {
    measure: async (n) => {
      await remote.clear();
      return readTiming(await remote.send('run', `calls=${n}`), 'worker');
    },
    traced: (on) => remote.configure({ trace: { enabled: on } }),
    dispose: () => worker.terminate(),
  };
}

async function inThread(calls: number): Promise<Way> {
  const tool = echoTool();
  const page = new PageToolHost();
  page.setTools([tool]);
  const session = new AgentSession(config(calls), [toDescriptor(tool)], { host: timedHost(page), createModel });
  return {
    measure: async (n) => {
      await session.clear();
      return readTiming(await session.send('run', `calls=${n}`), 'in thread');
    },
    dispose: () => session.cancel(),
  };
}

/** The createAgent way: its timing, and each call's time on the page from its `tool-call` to its `tool-result`. */
interface ApiWay extends Way {
  calls: number[];
}

/** `createAgent` end to end; with `approvals`, its tool needs approval and a listener approves each request as it arrives. */
async function viaCreateAgent(calls: number, approvals = false): Promise<ApiWay> {
  const agent = createAgent({ ...config(calls), approval: approvals ? 'ask' : 'auto', tools: [echoTool(approvals)] });
  const asked = new Map<string, number>();
  const times: number[] = [];
  agent.on((e) => {
    if (e.type === 'tool-call') asked.set(e.callId, performance.now());
    if (e.type === 'approval-request') for (const r of e.requests) agent.respond(r.callId, { approve: true });
    if (e.type === 'tool-result' && asked.has(e.callId)) times.push(performance.now() - asked.get(e.callId)!);
  });
  await agent.ready;
  return {
    calls: times,
    measure: async (n) => {
      await agent.clear();
      times.length = 0;
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
  const worker = await inWorker(options.calls);
  const stored = await inWorker(options.threadCalls, `loop-bench-${Date.now()}`);
  const ways = { worker, stored, thread: await inThread(options.calls), api: await viaCreateAgent(options.calls), approving: await viaCreateAgent(options.calls, true) };
  const best: Record<string, number> = {};
  const keep = (key: string, value: number) => (best[key] = Math.min(best[key] ?? Infinity, value));
  const ratios: Record<'plain' | 'stored', number[]> = { plain: [], stored: [] };
  /** Per pair of the plain worker: the recorder's own µs per iteration, and that as a share of the untraced iteration overhead. */
  const observed: { us: number; share: number }[] = [];
  /** One traced and one untraced run of `way`, in the order the round says; their iteration overheads' medians. */
  const pair = async (way: WorkerWay, calls: number, untracedFirst: boolean) => {
    const untracedRun = async () => {
      await way.traced(false);
      const timing = await way.measure(calls);
      await way.traced(true);
      return timing;
    };
    const early = untracedFirst ? await untracedRun() : undefined;
    const traced = await way.measure(calls);
    const untraced = early ?? (await untracedRun());
    // The recorder's own time per iteration, less what timing it costs (the untraced run times an observe that returns at once).
    const observeUs = ((traced.traceMs - untraced.traceMs) / traced.gaps.length) * 1000;
    return { traced, tracedOverhead: median(overheads(traced)), untracedOverhead: median(overheads(untraced)), observeUs };
  };
  try {
    await ways.worker.measure(options.warmup);
    await ways.stored.measure(Math.min(options.warmup, options.threadCalls));
    await ways.thread.measure(options.warmup);
    await ways.api.measure(options.warmup);
    await ways.approving.measure(options.warmup);
    for (let round = 0; round < options.rounds; round++) {
      // Traced and untraced take turns going first, so neither always meets the machine as the other left it.
      const untracedFirst = round % 2 === 1;
      const plain = await pair(worker, options.calls, untracedFirst);
      for (let extra = 0; extra < options.ratioPairs; extra++) {
        const p = extra === 0 ? plain : await pair(worker, options.calls, (round + extra) % 2 === 1);
        ratios.plain.push(p.tracedOverhead / p.untracedOverhead);
        observed.push({ us: p.observeUs, share: p.observeUs / 1000 / p.untracedOverhead });
      }
      const withThread = await pair(stored, options.threadCalls, untracedFirst);
      const thread = await ways.thread.measure(options.calls);
      const api = await ways.api.measure(options.calls);
      const plainCalls = median(ways.api.calls);
      await ways.approving.measure(options.calls);
      const approvedCalls = median(ways.approving.calls);
      keep('loop.tool_roundtrip_ms_p50', median(plain.traced.roundTrips));
      keep('loop.tool_roundtrip_inthread_ms_p50', median(thread.roundTrips));
      keep('loop.iteration_overhead_ms_p50', plain.tracedOverhead);
      keep('loop.iteration_overhead_inthread_ms_p50', median(overheads(thread)));
      keep('loop.iteration_ms_p50', median(plain.traced.gaps));
      keep('loop.iteration_createagent_ms_p50', median(api.gaps));
      keep('loop.call_roundtrip_ms_p50', plainCalls);
      keep('loop.approval_roundtrip_ms_p50', approvedCalls);
      keep('loop.iteration_overhead_untraced_ms_p50', plain.untracedOverhead);
      keep('loop.iteration_overhead_thread_ms_p50', withThread.tracedOverhead);
      keep('loop.iteration_overhead_thread_untraced_ms_p50', withThread.untracedOverhead);
      ratios.stored.push(withThread.tracedOverhead / withThread.untracedOverhead);
    }
  } finally {
    for (const way of Object.values(ways)) way.dispose();
  }
  const rounded = (values: number[]) => Math.round(median(values) * 1000) / 1000;
  return {
    'loop.calls': options.calls,
    'loop.rounds': options.rounds,
    ...best,
    'loop.trace_overhead_ratio': rounded(ratios.plain),
    'loop.trace_overhead_thread_ratio': rounded(ratios.stored),
    'loop.trace_overhead_ratio_pairs': ratios.plain.length,
    'loop.trace_observe_us': rounded(observed.map((o) => o.us)),
    'loop.trace_observe_share': rounded(observed.map((o) => o.share)),
    'loop.trace_overhead_ratio_min': Math.min(...ratios.plain),
    'loop.trace_overhead_ratio_max': Math.max(...ratios.plain),
  };
}
