/**
 * The engine bench's middle baseline: wllama's own `createCompletion`,
 * called from the page with nothing of pageloop around it (no agent worker,
 * no loop, no events), on the same GGUF, the same rendered prompt (the
 * system prompt and the built-in tools through the model's template, exactly
 * what the agent sends) and the same options (one thread, context 4096,
 * temperature 0, seed 1, no warm-up, and the KV cache settings the engine
 * uses on the CPU unless `kv` says otherwise). Beside `engine.tokens_per_s`
 * it says what pageloop's path costs; beside the native figure, what
 * WebAssembly does.
 */
import { Wllama } from '@wllama/wllama/esm/index.js';
import { ChatTemplate } from '../src/model/engine/chat-template.js';
import { DEFAULT_WASM_URL } from '../src/model/engine/wasm-url.js';
import { BUILTIN_TOOLS } from '../src/agent/calls/index.js';
import { buildSystemPrompt } from '../src/agent/system-prompt.js';
import { browserCpuMs } from './lib/cpu-time.js';

/** What one generation measured. */
export interface Generation {
  tokensPerS: number;
  /** From the request to the first streamed text: the prompt's processing and the first token. */
  ttftMs: number;
  /** CPU time of the whole browser per token, first to last streamed text (NaN when the runner gives no CPU clock). */
  cpuMsPerToken: number;
  completionTokens: number;
  text: string;
}

/** The KV cache as the engine sets it on the CPU (wllama-start.ts), or wllama's defaults (f16, flash attention auto). */
export type KvSettings = 'engine' | 'wllama-default';

/** Tokens/s of wllama alone (first to last streamed text, as the page sees them), and how many it made. */
export async function measureWllamaAlone(model: Blob, user: string, maxTokens: number, kv: KvSettings = 'engine'): Promise<Generation> {
  const wllama = new Wllama({ default: DEFAULT_WASM_URL }, { suppressNativeLog: true });
  wllama.setCompat(null);
  try {
    const cache = kv === 'engine' ? ({ cache_type_k: 'q8_0', cache_type_v: 'q8_0', flash_attn: true } as const) : {};
    await wllama.loadModel([model], { n_threads: 1, n_ctx: 4096, n_parallel: 1, n_gpu_layers: 0, seed: 1, warmup: false, ...cache });
    const info = wllama.getLoadedContextInfo();
    const template = new ChatTemplate(wllama.getChatTemplate(), { bos: info.metadata['tokenizer.ggml.bos_token_text'] ?? '', eos: info.metadata['tokenizer.ggml.eos_token_text'] ?? '' }, 'bench');
    const prompt = template.render([{ role: 'system', content: buildSystemPrompt(undefined) }, { role: 'user', content: user }], BUILTIN_TOOLS);
    const sent = performance.now();
    const chunks = await wllama.createCompletion({ prompt, stream: true, temperature: 0, max_tokens: maxTokens, seed: 1 });
    let tokens = 0;
    let first = 0;
    let last = 0;
    let cpuFirst = NaN;
    let text = '';
    for await (const chunk of chunks) {
      const delta = chunk.choices[0]?.text;
      if (!delta) continue;
      tokens++;
      text += delta;
      last = performance.now();
      if (!first) {
        first = last;
        cpuFirst = await browserCpuMs();
      }
    }
    const cpuLast = await browserCpuMs();
    return { tokensPerS: (tokens - 1) / ((last - first) / 1000), ttftMs: first - sent, cpuMsPerToken: (cpuLast - cpuFirst) / (tokens - 1), completionTokens: tokens, text };
  } finally {
    await wllama.exit().catch(() => {});
  }
}

/** The built-in tools as the model's template gets them (for the native baseline, which renders the same prompt). */
export function templateTools(): string {
  return JSON.stringify(BUILTIN_TOOLS.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } })));
}
