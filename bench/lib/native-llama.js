// @ts-check
/**
 * The native baseline of the engine bench: the same GGUF and the same chat
 * (the page's system prompt and built-in tools, rendered with the model's own
 * template by @huggingface/jinja, as the page does) under llama.cpp compiled
 * natively: the `llama-server` that scripts/llama-server.js builds and caches
 * (or env LLAMA_SERVER), with one thread (`-t 1`, as the page's engine), greedy.
 *
 * The rendered prompt goes to the server's raw `/completion` endpoint (no
 * server-side template), streamed, so the figures are read the way the
 * browser's are: tokens/s from the first to the last streamed token, the
 * first token's latency from the request, and CPU time per token from the
 * server process's /proc times between those two moments.
 *
 * Without a binary the baseline is skipped with the reason, except in CI
 * (env CI): there it throws, so the run fails instead of losing the figure.
 */
import { join } from 'node:path';
import { Template } from '@huggingface/jinja';
import { findLlamaServer, HOW_TO_GET_IT, inCI } from '../../scripts/llama-server.js';
import { runLlamaServer } from '../../scripts/lib/run-llama-server.js';
import { processCpuMs } from './proc-cpu.js';

/**
 * @param {string} root the repository
 * @param {{ systemPrompt: string, user: string, maxTokens: number, tools?: string }} chat the page's system prompt and, as JSON, the tools the agent offers (rendered by the template as the page does)
 * @returns {Promise<Record<string, number>>}
 */
export async function measureNativeLlama(root, chat) {
  const binary = findLlamaServer();
  if (!binary) {
    const why = `engine native baseline: no llama-server binary (${HOW_TO_GET_IT})`;
    if (inCI()) throw new Error(why);
    console.log(`  ${why}: skipped`);
    return {};
  }
  const server = await runLlamaServer(binary, ['-m', join(root, 'test/fixtures/models/tiny-toolcaller-q8_0.gguf'), '-c', '4096', '-t', '1', '-tb', '1', '-np', '1']);
  try {
    const props = /** @type {{ chat_template: string }} */ (await (await fetch(`${server.url}/props`)).json());
    const prompt = new Template(props.chat_template).render({
      messages: [{ role: 'system', content: chat.systemPrompt }, { role: 'user', content: chat.user }],
      ...(chat.tools ? { tools: JSON.parse(chat.tools) } : {}),
      add_generation_prompt: true,
      bos_token: '',
      eos_token: '',
    });
    return await streamCompletion(server, prompt, chat.maxTokens);
  } finally {
    server.stop();
  }
}

/**
 * One greedy generation of `prompt`, streamed; its figures.
 * @param {import('../../scripts/lib/run-llama-server.js').RunningLlamaServer} server
 * @param {string} prompt @param {number} maxTokens
 */
async function streamCompletion(server, prompt, maxTokens) {
  const sent = performance.now();
  const response = await fetch(`${server.url}/completion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ prompt, n_predict: maxTokens, temperature: 0, stream: true, cache_prompt: false }),
  });
  if (!response.ok || !response.body) throw new Error(`llama-server /completion answered HTTP ${response.status}: ${await response.text()}`);
  let text = '';
  let first = 0;
  let last = 0;
  let cpuFirst = 0;
  /** @type {{ tokens_predicted?: number, tokens_evaluated?: number } | undefined} */
  let end;
  let buffered = '';
  const decoder = new TextDecoder();
  for await (const bytes of response.body) {
    buffered += decoder.decode(bytes, { stream: true });
    const events = buffered.split('\n\n');
    buffered = events.pop() ?? '';
    for (const event of events) {
      if (!event.startsWith('data: ') || event === 'data: [DONE]') continue;
      const chunk = JSON.parse(event.slice('data: '.length));
      if (chunk.stop) {
        end = chunk;
        continue;
      }
      last = performance.now();
      if (!first) {
        first = last;
        cpuFirst = processCpuMs(server.pid);
      }
      text += chunk.content ?? '';
    }
  }
  const cpuLast = processCpuMs(server.pid);
  const tokens = end?.tokens_predicted;
  if (!tokens || !first) throw new Error(`llama-server streamed no tokens (its last chunk: ${JSON.stringify(end)})`);
  if (!text.startsWith('Once upon a time')) console.log(`  engine native baseline: unexpected reply ${JSON.stringify(text.slice(0, 80))}`);
  return {
    'engine.native_tokens_per_s': (tokens - 1) / ((last - first) / 1000),
    'engine.native_ttft_ms': first - sent,
    'engine.native_cpu_ms_per_token': (cpuLast - cpuFirst) / (tokens - 1),
    'engine.native_completion_tokens': tokens,
    'engine.native_prompt_tokens': end?.tokens_evaluated ?? NaN,
  };
}
