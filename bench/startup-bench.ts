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
  /** A step the frame reached on its way (sent before the result). */
  step?: string;
}

/** A load that gives no result in this long is a failure that says how far it got, not a bench that never ends. */
const FRAME_TIMEOUT_MS = 60_000;

function loadFrame(mode: 'chat' | 'echo'): Promise<FrameResult> {
  return new Promise((resolve, reject) => {
    const frame = document.createElement('iframe');
    let reached = 'nothing (the frame\'s page did not run)';
    const end = () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
      frame.remove();
    };
    const timer = setTimeout(() => {
      end();
      reject(new Error(`startup bench (${mode}): no result after ${FRAME_TIMEOUT_MS / 1000} s; the frame reached ${reached}`));
    }, FRAME_TIMEOUT_MS);
    const onMessage = (event: MessageEvent<FrameResult>) => {
      if (event.source !== frame.contentWindow) return;
      if (event.data.step) return void (reached = event.data.step);
      end();
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
