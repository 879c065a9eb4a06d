/**
 * The cancel benchmark: from `agent.cancel()` on the page to the run's final
 * event arriving on the page, while the model streams (and never finishes)
 * and while a page tool runs that ignores its AbortSignal. The baseline is the
 * same `AgentSession` on the main thread. Issue target: within 100 ms.
 */
import { AgentSession } from '../src/agent/agent-session.js';
import { PageToolHost } from '../src/page/page-tool-host.js';
import { createAgent, toDescriptor } from '../src/page/create-agent.js';
import { defineTool } from '../src/tools/define-tool.js';
import type { AgentEvent, Tool } from '../src/types.js';
import { STUCK_TOOL } from './cancel-model.js';
import { median } from './lib/stats.js';

export interface CancelBenchOptions {
  runs: number;
}

const modelModule = new URL('./cancel-model.ts', import.meta.url).href;

function stuckTool(onStart: () => void): Tool {
  return defineTool({
    name: STUCK_TOOL,
    description: 'Never finishes and ignores its signal (benchmark).',
    parameters: { type: 'object' },
    execute: () => {
      onStart();
      return new Promise(() => {});
    },
  }) as Tool;
}

/** What both ways offer: start a turn, wait for a moment to cancel at, cancel, and time the final event. */
interface Target {
  on(listener: (e: AgentEvent) => void): void;
  send(text: string): void;
  cancel(): void;
}

async function timeCancels(target: Target, text: 'stream' | 'tool', runs: number, started: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  let onFinal: (() => void) | undefined;
  target.on((e) => {
    if (e.type === 'final') onFinal?.();
  });
  for (let i = 0; i < runs; i++) {
    const final = new Promise<void>((resolve) => (onFinal = resolve));
    target.send(text);
    await started();
    const t0 = performance.now();
    target.cancel();
    await final;
    times.push(performance.now() - t0);
  }
  return times;
}

/** A promise per moment-to-cancel-at, re-armed for each run. */
function moments() {
  let resolve: () => void = () => {};
  let next = new Promise<void>((r) => (resolve = r));
  return {
    hit: () => resolve(),
    wait: async () => {
      await next;
      next = new Promise<void>((r) => (resolve = r));
    },
  };
}

export async function runCancelBench(options: CancelBenchOptions): Promise<Record<string, number>> {
  const results: Record<string, number> = {};
  for (const mode of ['stream', 'tool'] as const) {
    // In the worker, through the public API.
    const toolStarted = moments();
    const streamed = moments();
    const agent = createAgent({ baseURL: '', model: 'bench-cancel', modelModule, tools: [stuckTool(toolStarted.hit)], approval: 'auto' });
    agent.on((e) => e.type === 'text' && streamed.hit());
    await agent.ready;
    const worker = await timeCancels(
      { on: (l) => agent.on(l), send: (t) => void agent.send(t), cancel: () => agent.cancel() },
      mode,
      options.runs,
      mode === 'stream' ? streamed.wait : toolStarted.wait,
    );
    agent.dispose();

    // The same session on the main thread.
    const { createModel } = await import('./cancel-model.js');
    const inThreadTool = moments();
    const inThreadText = moments();
    const page = new PageToolHost();
    const tools = [stuckTool(inThreadTool.hit)];
    page.setTools(tools);
    const listeners: ((e: AgentEvent) => void)[] = [];
    const session = new AgentSession({ baseURL: '', model: 'bench-cancel', approval: 'auto' }, tools.map(toDescriptor), {
      host: {
        emit: (events) => events.forEach((e) => listeners.forEach((l) => l(e))),
        checkTool: (n, a) => page.checkTool(n, a),
        runTool: (n, a, id, checked) => page.runTool(n, a, id, checked),
        abortTool: (id) => page.abortTool(id),
      },
      createModel,
    });
    listeners.push((e) => e.type === 'text' && inThreadText.hit());
    let run = 0;
    const inThread = await timeCancels(
      { on: (l) => listeners.push(l), send: (t) => void session.send(`r${++run}`, t), cancel: () => (page.abortAll(), session.cancel()) },
      mode,
      options.runs,
      mode === 'stream' ? inThreadText.wait : inThreadTool.wait,
    );
    results[`loop.cancel_${mode}_ms_p50`] = median(worker);
    results[`loop.cancel_${mode}_inthread_ms_p50`] = median(inThread);
    results[`loop.cancel_${mode}_ms_max`] = Math.max(...worker);
  }
  return results;
}
