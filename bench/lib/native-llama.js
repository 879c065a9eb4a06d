// @ts-check
/**
 * The native baseline of the engine bench: the same GGUF and the same chat
 * (the page's system prompt, the model's own template rendered with
 * @huggingface/jinja, as the page does) under node-llama-cpp — llama.cpp
 * compiled natively for this CPU — with the same thread count (1), greedy.
 *
 * node-llama-cpp is not a dependency (its prebuilt binaries for every
 * platform take ~700 MB): install it beside the repository and point
 * NODE_LLAMA_CPP_DIR at that folder, e.g.
 *   mkdir /tmp/nlc && cd /tmp/nlc && npm init -y && npm install node-llama-cpp@3.22.1
 *   NODE_LLAMA_CPP_DIR=/tmp/nlc npm run bench -- --only=engine
 * Without it the figure is absent and the reason is printed.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Template } from '@huggingface/jinja';

/**
 * @param {string} root the repository
 * @param {{ systemPrompt: string, user: string, maxTokens: number, tools?: string }} chat the page's system prompt and, as JSON, the tools the agent offers (rendered by the template as the page does)
 * @returns {Promise<Record<string, number>>}
 */
export async function measureNativeLlama(root, chat) {
  const dir = process.env.NODE_LLAMA_CPP_DIR;
  /** @type {any} */
  let lib;
  try {
    const from = dir ? createRequire(join(dir, 'package.json')).resolve('node-llama-cpp') : 'node-llama-cpp';
    lib = await import(dir ? pathToFileURL(from).href : from);
  } catch (err) {
    console.log(`  engine native baseline skipped: node-llama-cpp is not installed${dir ? ` in ${dir}` : ''} (see bench/lib/native-llama.js): ${/** @type {Error} */ (err).message.split('\n')[0]}`);
    return {};
  }
  const llama = await lib.getLlama({ gpu: false, build: 'never', logLevel: 'error' });
  const model = await llama.loadModel({ modelPath: join(root, 'test/fixtures/models/tiny-toolcaller-q8_0.gguf') });
  const context = await model.createContext({ contextSize: 4096, threads: 1 });
  const template = new Template(model.fileInfo.metadata.tokenizer.chat_template);
  const prompt = template.render({
    messages: [{ role: 'system', content: chat.systemPrompt }, { role: 'user', content: chat.user }],
    ...(chat.tools ? { tools: JSON.parse(chat.tools) } : {}),
    add_generation_prompt: true,
    bos_token: '',
    eos_token: '',
  });
  const promptTokens = model.tokenize(prompt, true).length;
  const completion = new lib.LlamaCompletion({ contextSequence: context.getSequence() });
  let tokens = 0;
  let first = 0;
  let last = 0;
  let cpuFirst = 0;
  const sent = performance.now();
  const text = await completion.generateCompletion(model.tokenize(prompt, true), {
    maxTokens: chat.maxTokens,
    temperature: 0,
    onToken: (/** @type {unknown[]} */ t) => {
      tokens += t.length;
      last = performance.now();
      if (!first) {
        first = last;
        cpuFirst = cpuMs();
      }
    },
  });
  const cpuLast = cpuMs();
  await context.dispose();
  await model.dispose();
  if (!text.startsWith('Once upon a time')) console.log(`  engine native baseline: unexpected reply ${JSON.stringify(text.slice(0, 80))}`);
  return {
    'engine.native_tokens_per_s': (tokens - 1) / ((last - first) / 1000),
    'engine.native_ttft_ms': first - sent,
    'engine.native_cpu_ms_per_token': (cpuLast - cpuFirst) / (tokens - 1),
    'engine.native_completion_tokens': tokens,
    'engine.native_prompt_tokens': promptTokens,
  };
}

/** This process's CPU time (user + system, every thread: llama.cpp's included), in ms. */
function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
