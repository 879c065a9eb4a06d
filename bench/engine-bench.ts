/**
 * The in-page engine benchmark: the real tiny GGUF model (test/fixtures/models)
 * run by a `createAgent` agent in its worker (llama.cpp in WebAssembly, one
 * thread, temperature 0), telling its ~420-token story. No element: the
 * element's own rendering cost is `main.longtasks_worker`'s business; this
 * measures what the engine costs the page.
 *
 * - `engine.tokens_per_s`: completion tokens / time from the first streamed
 *   text to the last, as the page sees them (the generation rate, without the
 *   prompt's processing). Beside it `engine.wllama_tokens_per_s`, wllama's own
 *   createCompletion from the page with nothing of pageloop around it
 *   (engine-wllama-alone.ts), and from bench/lib/native-llama.js the same GGUF
 *   and the same rendered prompt (system prompt + the built-in tools through the
 *   model's template: ~507 tokens) under node-llama-cpp, one thread. All three
 *   are a first generation after loading: in the browser that includes V8
 *   compiling wllama's hot wasm functions to its optimising tier as it runs.
 * - `engine.load_cache_ms`: `ready` of a second load of the same URL, read from
 *   the Cache API (no network), beside `engine.load_network_ms`, the first load;
 *   `engine.load_opfs_ms`: the same second load with `cache: 'opfs'`.
 * - `engine.longtasks_generating`: main-thread tasks over 50 ms from `send`
 *   until the run's final event (goal 0: llama.cpp runs in wllama's worker,
 *   the loop in the agent's worker; the page only receives events), beside
 *   `engine.longtasks_idle`: the same page doing nothing for as long (on a
 *   shared machine a descheduled page makes long tasks of short ones).
 *
 * - `engine.ttft_ms`: from `send` to the first streamed text (the prompt's
 *   ~507 tokens and the first token), beside wllama alone's and native's.
 * - `engine.cpu_ms_per_token`: CPU time of the whole browser (every process,
 *   every thread: page, agent worker, wllama's worker) per token while the
 *   story streams, read from /proc by the runner. Wall-clock tokens/s on a
 *   shared 2-core machine move with the neighbours' load; CPU time much less.
 *   Beside it wllama alone's with the engine's KV settings
 *   (`engine.wllama_cpu_ms_per_token`) and with wllama's defaults
 *   (`engine.wllama_default_kv_cpu_ms_per_token`); their difference
 *   `engine.pageloop_cpu_ms_per_token` is pageloop's own share of a token.
 * - `engine.backend`: which backend the engine reported (a string): `cpu`
 *   here unless the browser has a WebGPU adapter llama.cpp can use.
 *
 * It also returns the system prompt as `engine_system_prompt` (a string, not a
 * figure) so the native run formats exactly the same chat.
 */
import { createAgent } from '../src/page/create-agent.js';
import type { Agent, EngineOptions, EngineStatus } from '../src/types.js';
import { buildSystemPrompt } from '../src/agent/system-prompt.js';
import { forgetCachedGguf } from '../src/model/engine/gguf-source.js';
import { measureWllamaAlone, templateTools } from './engine-wllama-alone.js';
import { browserCpuMs } from './lib/cpu-time.js';

/** Options of the engine benchmark. */
export interface EngineBenchOptions {
  /** Most tokens to generate (the story is ~420). */
  maxTokens: number;
  /** Measure only the generation through createAgent (the WebGPU pass: no load timings, no baselines). */
  generationOnly?: boolean;
  /** Longest idle window for the long-task baseline (default: as long as the generation). */
  idleMs?: number;
}

/** The prompt both runtimes answer. */
export const STORY_PROMPT = 'Tell me a long story about a dragon.';

const MODEL = '/test/fixtures/models/tiny-toolcaller-q8_0.gguf';

function readyOf(agent: Agent): Promise<Extract<EngineStatus, { state: 'ready' }>> {
  return new Promise((resolve, reject) => {
    agent.on((event) => {
      if (event.type !== 'engine') return;
      if (event.status.state === 'ready') resolve(event.status);
      if (event.status.state === 'error') reject(new Error(event.status.message));
    });
  });
}

/** Runs the benchmark; returns its figures (and the system prompt, for the native run). */
export async function runEngineBench(options: EngineBenchOptions): Promise<Record<string, number | string>> {
  // A URL of its own, so the first load really downloads and the second really reads the cache.
  const url = new URL(`${MODEL}?bench=${crypto.randomUUID()}`, location.href).href;
  // wllama alone first, its worker gone before the agent's starts (V8 shares compiled wasm only while a module lives).
  const blob = await (await fetch(MODEL)).blob();
  const engine: EngineOptions = { gguf: url, cache: true, threads: 1, temperature: 0, seed: 1, maxTokens: options.maxTokens };
  if (options.generationOnly) return generationOnly({ ...engine, gguf: blob }, options.maxTokens);
  const alone = await measureWllamaAlone(blob, STORY_PROMPT, options.maxTokens);
  const aloneDefault = await measureWllamaAlone(blob, STORY_PROMPT, options.maxTokens, 'wllama-default');

  const first = createAgent({ engine });
  const network = await readyOf(first);
  first.dispose();

  // The same second load from the Origin Private File System (its first load fills it).
  const opfs: EngineOptions = { ...engine, cache: 'opfs' };
  const opfsFirst = createAgent({ engine: opfs });
  await readyOf(opfsFirst);
  opfsFirst.dispose();
  const opfsSecond = createAgent({ engine: opfs });
  const fromOpfs = await readyOf(opfsSecond);
  opfsSecond.dispose();
  if (fromOpfs.source !== 'cache') throw new Error(`the second OPFS load came from ${fromOpfs.source}, not the cache`);

  const agent = createAgent({ engine });
  const cached = await readyOf(agent);
  if (cached.source !== 'cache') throw new Error(`the second load came from ${cached.source}, not the cache`);

  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => longTasks.push(e.duration)));
  observer.observe({ type: 'longtask', buffered: false });
  // What ran in a long task, when there is one (Long Animation Frames name the scripts).
  const frames: string[] = [];
  const delivered: Array<{ at: number; type: string }> = [];
  const loaf = new PerformanceObserver((list) => list.getEntries().forEach((e) => frames.push(describeFrame(e, delivered))));
  loaf.observe({ type: 'long-animation-frame', buffered: false });
  agent.on((event) => delivered.push({ at: performance.now(), type: event.type }));
  const story = await tellStory(agent);
  const { final } = story;
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
  observer.disconnect();
  loaf.disconnect();
  // Baseline: the same page doing nothing for as long, on this (shared) machine.
  const idleTasks: number[] = [];
  const idle = new PerformanceObserver((list) => list.getEntries().forEach((e) => idleTasks.push(e.duration)));
  idle.observe({ type: 'longtask', buffered: false });
  await new Promise((r) => setTimeout(r, Math.min(performance.now() - story.sent, options.idleMs ?? Infinity)));
  idle.disconnect();
  agent.dispose();
  await caches.open('pageloop-models-v1').then((c) => c.delete(url));
  await forgetCachedGguf(url);
  if (final.reason !== 'answer' || !final.text.startsWith('Once upon a time')) throw new Error(`unexpected reply: ${final.reason} ${final.text.slice(0, 80)}`);
  if (!alone.text.startsWith('Once upon a time')) throw new Error(`unexpected reply from wllama alone: ${alone.text.slice(0, 80)}`);

  if (!aloneDefault.text.startsWith('Once upon a time')) throw new Error(`unexpected reply from wllama alone (default KV): ${aloneDefault.text.slice(0, 80)}`);

  return {
    ...story.figures,
    'engine.wllama_tokens_per_s': alone.tokensPerS,
    'engine.wllama_ttft_ms': alone.ttftMs,
    'engine.wllama_cpu_ms_per_token': alone.cpuMsPerToken,
    'engine.wllama_default_kv_tokens_per_s': aloneDefault.tokensPerS,
    'engine.wllama_default_kv_cpu_ms_per_token': aloneDefault.cpuMsPerToken,
    'engine.pageloop_cpu_ms_per_token': story.figures['engine.cpu_ms_per_token'] - alone.cpuMsPerToken,
    'engine.wllama_completion_tokens': alone.completionTokens,
    'engine.load_cache_ms': cached.loadMs,
    'engine.load_network_ms': network.loadMs,
    'engine.load_opfs_ms': fromOpfs.loadMs,
    'engine.longtasks_generating': longTasks.length,
    'engine.longest_task_generating_ms': longTasks.length ? Math.max(...longTasks) : 0,
    'engine.longtasks_idle': idleTasks.length,
    engine_backend: story.backend,
    engine_system_prompt: buildSystemPrompt(undefined),
    engine_tools: templateTools(),
    ...(frames.length ? { engine_long_frames: frames.join('\n') } : {}),
  };
}

/** The story through `agent`: its figures (tokens/s, time to first token, CPU per token, the backend) and its final event. */
async function tellStory(agent: Agent) {
  let firstText = 0;
  let lastText = 0;
  let cpuFirst = NaN;
  let completionTokens = 0;
  let promptTokens = 0;
  const cpuAtFirst = new Promise<number>((resolve) => {
    agent.on((event) => {
      if (event.type === 'text') {
        lastText = performance.now();
        if (!firstText) {
          firstText = lastText;
          resolve(browserCpuMs());
        }
      }
      if (event.type === 'usage') ({ completionTokens, promptTokens } = event);
    });
  });
  const status = agent.engine.status();
  const sent = performance.now();
  const final = await agent.send(STORY_PROMPT).done;
  const cpuLast = await browserCpuMs();
  cpuFirst = await cpuAtFirst;
  const figures = {
    'engine.tokens_per_s': (completionTokens - 1) / ((lastText - firstText) / 1000),
    'engine.ttft_ms': firstText - sent,
    'engine.cpu_ms_per_token': (cpuLast - cpuFirst) / (completionTokens - 1),
    'engine.completion_tokens': completionTokens,
    'engine.prompt_tokens': promptTokens,
  };
  const backend = status.state === 'ready' ? `${status.backend}${status.fallbackReason ? ` (${status.fallbackReason})` : ''}` : status.state;
  return { figures, final, sent, backend };
}

/** The WebGPU pass: one agent, its story, and the backend it reported. */
async function generationOnly(engine: EngineOptions, maxTokens: number): Promise<Record<string, number | string>> {
  const agent = createAgent({ engine: { ...engine, maxTokens } });
  await readyOf(agent);
  const story = await tellStory(agent);
  agent.dispose();
  if (story.final.reason !== 'answer' || !story.final.text.startsWith('Once upon a time')) throw new Error(`unexpected reply: ${story.final.reason} ${story.final.text.slice(0, 80)}`);
  return { ...story.figures, engine_backend: story.backend };
}

interface FrameTiming extends PerformanceEntry {
  blockingDuration?: number;
  scripts?: Array<{ invoker: string; invokerType: string; sourceURL: string; sourceFunctionName: string; duration: number }>;
}

/** One line per long animation frame: its length, the scripts that ran in it and the agent events they delivered. */
function describeFrame(entry: PerformanceEntry, delivered: ReadonlyArray<{ at: number; type: string }>): string {
  const frame = entry as FrameTiming;
  const scripts = (frame.scripts ?? []).map((s) => `${s.invokerType} ${s.invoker} ${s.sourceFunctionName}@${s.sourceURL.split('/').pop()} ${Math.round(s.duration)} ms`);
  const events = delivered.filter((e) => e.at >= frame.startTime && e.at <= frame.startTime + frame.duration).map((e) => e.type);
  return `${Math.round(frame.duration)} ms (blocking ${Math.round(frame.blockingDuration ?? 0)} ms): ${scripts.join('; ') || 'no script'}; events delivered: ${events.join(', ') || 'none'}`;
}
