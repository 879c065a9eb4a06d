/**
 * The startup benchmark: from `<agent-chat>` connected to its agent's worker
 * ready to run (`agent.ready`), with the standalone build as a page would
 * load it from a CDN (dist/cdn; served uncached, so every load fetches and
 * compiles the worker). Each load is a fresh document (an iframe), and the
 * figure is the median of `loads`. The baseline, measured in alternation, is
 * the floor any worker design pays: a module worker that answers one message.
 */
import { median } from './lib/stats.js';

/** Options of the startup benchmark. */
export interface StartupBenchOptions {
  loads: number;
}

interface FrameResult {
  ms?: number;
  load?: number;
  error?: string;
}

function loadFrame(mode: 'chat' | 'echo'): Promise<FrameResult> {
  return new Promise((resolve, reject) => {
    const frame = document.createElement('iframe');
    const onMessage = (event: MessageEvent<FrameResult>) => {
      if (event.source !== frame.contentWindow) return;
      window.removeEventListener('message', onMessage);
      frame.remove();
      if (event.data.error) reject(new Error(`startup bench (${mode}): ${event.data.error}`));
      else resolve(event.data);
    };
    window.addEventListener('message', onMessage);
    frame.src = new URL(`./startup-frame.html?mode=${mode}`, import.meta.url).href;
    document.body.append(frame);
  });
}

/** Runs the startup benchmark; figures in ms. */
export async function runStartupBench(options: StartupBenchOptions): Promise<Record<string, number>> {
  await loadFrame('chat'); // warm-up: the server's first response, the browser's own setup
  await loadFrame('echo');
  const ready: number[] = [];
  const load: number[] = [];
  const echo: number[] = [];
  for (let i = 0; i < options.loads; i++) {
    const chat = await loadFrame('chat');
    ready.push(chat.ms!);
    load.push(chat.load!);
    echo.push((await loadFrame('echo')).ms!);
  }
  return {
    'startup.ready_ms': median(ready),
    'startup.baseline_worker_echo_ms': median(echo),
    'startup.page_module_load_ms': median(load),
  };
}
