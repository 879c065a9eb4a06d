// @ts-check
/**
 * The mock endpoint's token counts (script option `nCtx`, route `/tokenize`):
 * a request's prompt as a ChatML template would render it, counted with
 * cl100k_base (js-tiktoken, loaded on first use) as a stand-in for a local
 * model's BPE tokenizer, and the usage llama-server reports on a stream.
 */

/** @typedef {import('./mock-handler.js').MockTurn} MockTurn */

/** @type {Promise<{ encode(text: string): number[] }> | undefined} */
let encoderPromise;

/** The cl100k_base tokenizer (js-tiktoken), loaded on first use. */
export function tokenizer() {
  encoderPromise ??= import('js-tiktoken').then(
    (m) => m.getEncoding('cl100k_base'),
    () => {
      throw new Error('mock: counting tokens (nCtx, /tokenize) needs the js-tiktoken package: npm install -D js-tiktoken');
    },
  );
  return encoderPromise;
}

/**
 * The prompt a ChatML chat template (Qwen's) makes of a request, as llama-server
 * would tokenize it: each `<|im_start|>` / `<|im_end|>` is one special token.
 * @param {{ messages?: Array<{ role: string, content?: string | null | Array<{ type: string, text?: string }>, tool_calls?: Array<{ function: { name: string, arguments: string } }> }>, tools?: unknown[] }} body
 */
export async function countPrompt(body) {
  const encoder = await tokenizer();
  let text = '';
  let specials = 0;
  const messages = body.messages ?? [];
  const tools = body.tools ?? [];
  messages.forEach((m, i) => {
    let content = Array.isArray(m.content) ? m.content.map((p) => (p.type === 'text' ? p.text : '')).join('\n') : (m.content ?? '');
    if (i === 0 && m.role === 'system' && tools.length > 0) {
      content += '\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>\n';
      content += tools.map((t) => JSON.stringify(t)).join('\n');
      content += '\n</tools>\n\nFor each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>';
    }
    for (const call of m.tool_calls ?? []) content += `\n<tool_call>\n{"name": "${call.function.name}", "arguments": ${call.function.arguments || '{}'}}\n</tool_call>`;
    const role = m.role === 'tool' ? 'user' : m.role;
    if (m.role === 'tool') content = `<tool_response>\n${content}\n</tool_response>`;
    text += `${role}\n${content}\n`;
    specials += 2;
  });
  text += 'assistant\n';
  specials += 1;
  return encoder.encode(text).length + specials;
}

/**
 * A streamed turn ending with the usage llama-server reports: the counted
 * prompt, and the answer's tokens. A turn that scripts its own usage keeps it.
 * @param {MockTurn} turn @param {number} promptTokens
 * @returns {Promise<MockTurn>}
 */
export async function withUsage(turn, promptTokens) {
  const chunks = turn.chunks;
  if (!chunks || turn.error || turn.json) return turn;
  if (chunks.some((c) => typeof c === 'object' && c !== null && 'usage' in c)) return turn;
  const encoder = await tokenizer();
  let said = '';
  for (const c of chunks) {
    const delta = typeof c === 'object' && c !== null ? /** @type {any} */ (c).choices?.[0]?.delta : undefined;
    if (typeof delta?.content === 'string') said += delta.content;
    for (const call of delta?.tool_calls ?? []) said += (call.function?.name ?? '') + (call.function?.arguments ?? '');
  }
  const usage = { prompt_tokens: promptTokens, completion_tokens: encoder.encode(said).length, total_tokens: 0 };
  usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
  return { ...turn, chunks: [...chunks, { id: 'chatcmpl-mock', object: 'chat.completion.chunk', created: 0, model: 'mock-model', choices: [], usage }] };
}
