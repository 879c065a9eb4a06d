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
 *
 * Each way runs a warm-up run first, then the measured run on a fresh history.
 */
import * as Comlink from 'comlink';
import { z } from 'zod';
import { AgentSession } from '../src/agent/agent-session.js';
import { PageToolHost } from '../src/page/page-tool-host.js';
import { createAgent, toDescriptor } from '../src/page/create-agent.js';
import { defineTool } from '../src/tools/define-tool.js';
import type { PageHost, WorkerApi, WorkerConfig } from '../src/protocol.js';
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
}

function echoTool(): Tool {
  return defineTool({
    name: ECHO_TOOL,
    description: 'Echoes its argument (benchmark).',
    parameters: z.object({ i: z.number() }),
    execute: ({ i }) => ({ i }),
  }) as Tool;
}

function config(calls: number): WorkerConfig {
  return {
    baseURL: '',
    model: 'bench-loop',
    modelModule: new URL('./loop-model.ts', import.meta.url).href,
    maxIterations: calls + 1,
    approval: 'auto',
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

async function inWorker(options: LoopBenchOptions): Promise<LoopTiming> {
  const worker = new Worker(new URL('./loop-worker.ts', import.meta.url), { type: 'module', name: 'loop-bench' });
  const remote = Comlink.wrap<WorkerApi>(worker);
  const tool = echoTool();
  const page = new PageToolHost();
  page.setTools([tool]);
  const host: PageHost = {
    emit: () => {},
    prepareTool: (name, args) => page.prepareTool(name, args),
    runTool: (name, args, callId) => page.runTool(name, args, callId),
    abortTool: (callId) => page.abortTool(callId),
  };
  try {
    await remote.init(config(options.calls), [toDescriptor(tool)], Comlink.proxy(host));
    readTiming(await remote.send('warm-up', `calls=${options.warmup}`), 'worker warm-up');
    await remote.clear();
    return readTiming(await remote.send('measure', `calls=${options.calls}`), 'worker');
  } finally {
    worker.terminate();
  }
}

async function inThread(options: LoopBenchOptions): Promise<LoopTiming> {
  const tool = echoTool();
  const page = new PageToolHost();
  page.setTools([tool]);
  const host = timedHost({
    emit: () => {},
    prepareTool: (name, args) => page.prepareTool(name, args),
    runTool: (name, args, callId) => page.runTool(name, args, callId),
    abortTool: (callId) => page.abortTool(callId),
  });
  const session = new AgentSession(config(options.calls), [toDescriptor(tool)], { host, createModel });
  readTiming(await session.send('warm-up', `calls=${options.warmup}`), 'in-thread warm-up');
  await session.clear();
  return readTiming(await session.send('measure', `calls=${options.calls}`), 'in thread');
}

async function viaCreateAgent(options: LoopBenchOptions): Promise<LoopTiming> {
  const agent = createAgent({ ...config(options.calls), tools: [echoTool()] });
  try {
    await agent.ready;
    readTiming(await agent.send(`calls=${options.warmup}`).done, 'createAgent warm-up');
    await agent.clear();
    return readTiming(await agent.send(`calls=${options.calls}`).done, 'createAgent');
  } finally {
    agent.dispose();
  }
}

/** Runs the loop benchmark; figures in ms. */
export async function runLoopBench(options: LoopBenchOptions): Promise<Record<string, number>> {
  const worker = await inWorker(options);
  const thread = await inThread(options);
  const api = await viaCreateAgent(options);
  return {
    'loop.calls': options.calls,
    'loop.tool_roundtrip_ms_p50': median(worker.roundTrips),
    'loop.tool_roundtrip_inthread_ms_p50': median(thread.roundTrips),
    'loop.iteration_overhead_ms_p50': median(overheads(worker)),
    'loop.iteration_overhead_inthread_ms_p50': median(overheads(thread)),
    'loop.iteration_ms_p50': median(worker.gaps),
    'loop.iteration_createagent_ms_p50': median(api.gaps),
  };
}
