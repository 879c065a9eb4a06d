// @ts-check
/**
 * An OpenAI-compatible mock endpoint, as a Koa middleware for
 * @web/dev-server / @web/test-runner (Node side). Tests script it from the
 * browser: POST a script to `/__mock/scripts`, then point the agent at the
 * returned `baseURL`. Each chat completion request takes the next turn of the
 * script, and the mock answers exactly as written: SSE frames with delays,
 * raw bytes with a server's quirks, plain JSON, or an HTTP error.
 *
 * The log of what it received (request bodies, whether the client closed the
 * connection early) is served at `/__mock/<id>/log`, so tests can assert what
 * the agent sent and that cancelling really closed the connection.
 *
 * @example
 * // web-test-runner.config.js
 * import { mockOpenAI } from 'pageloop/testing/middleware';
 * export default { middleware: [mockOpenAI()] };
 */
import { receivedParts, refuseImage } from './mock-vision.js';

/**
 * @typedef {object} MockTurn
 * @property {Array<object | string>} [chunks] SSE data frames: objects are JSON-encoded as `data: …\n\n`; strings are written raw.
 * @property {boolean} [done] Append `data: [DONE]\n\n` after the chunks (default true).
 * @property {object} [json] Answer with this JSON body instead of a stream.
 * @property {object} [error] Answer with `{ error }` and `status` (default 400).
 * @property {number} [status] HTTP status (default 200, or 400 with `error`).
 * @property {Record<string, string>} [headers] Extra response headers.
 * @property {number} [delayMs] Pause before each chunk (default 0).
 * @property {boolean} [hang] After the chunks, keep the connection open until the client closes it.
 * @property {number} [endDelayMs] After `[DONE]`, wait this long before ending the response (a server's or proxy's
 *   last bytes arriving after the answer): a client that closes the connection meanwhile is logged as `clientClosedEarly`.
 * @property {boolean} [reset] Destroy the connection before any response (a crashed server, or a proxy that cuts it).
 */

/**
 * @typedef {object} MockScript
 * @property {MockTurn[]} turns Chat completion answers, in order.
 * @property {Record<string, number[]> | 'hash'} [embeddings] How `/embeddings` answers: 'hash' (default) is a deterministic bag-of-words vector.
 * @property {string[]} [models] Model ids `/models` lists (default ['mock-model']).
 * @property {Array<{ when: string, turn: MockTurn }>} [replies] Standing answers: a chat request whose first
 *   (system) message contains `when` is answered with `turn`, as often as it comes, taking no turn of `turns`.
 * @property {number} [nCtx] Behave like llama-server run with `-c nCtx`: count each chat request's prompt
 *   (a ChatML template, tokens of cl100k_base — needs the js-tiktoken package), refuse one that does not fit
 *   with llama-server's HTTP 400 `exceed_context_size_error` (taking no turn), report the counted `usage`
 *   on every streamed answer, and serve `/props` with this `n_ctx`.
 * @property {boolean} [noCors] Answer without CORS headers, as a server that does not let other origins read it
 *   (a page on another origin then sees its requests refused by CORS).
 * @property {'llama.cpp' | 'ollama' | 'vllm' | 'lmstudio'} [family] Answer as that server family does, on its own
 *   routes and with its own fields (see serverFamilyRoute): llama.cpp's `/props` and `/health`, Ollama's `/api/version`,
 *   `/api/tags`, `/api/show`, `/api/ps`, vLLM's `/version` and `max_model_len`, LM Studio's `/api/v0/models`.
 * @property {number} [contextLength] With `family`: the window the server runs the model at (llama.cpp `n_ctx`,
 *   Ollama's Modelfile `num_ctx` and loaded `context_length` — without it Ollama's default 4096 —, vLLM
 *   `max_model_len`, LM Studio `loaded_context_length`).
 * @property {number} [trainedContext] With `family`: the length the model was trained for (default 32768).
 * @property {boolean} [noTools] Refuse a chat request that offers `tools`, in the family's own words (taking no turn).
 * @property {'llama.cpp' | 'ollama' | 'vllm' | 'lmstudio'} [server] The family whose image rules the mock follows
 *   (see mock-vision.js): which image data it decodes, and how it refuses an image when `vision` is false.
 * @property {boolean} [vision] With `family`: whether the server reports the model takes images (default no). With `server`: false means the model has no vision, so a request carrying an image part is refused in
 *   `server`'s own words and status (taking no turn). Default true.
 */

/**
 * @typedef {object} MockLogEntry
 * @property {string} path
 * @property {unknown} body
 * @property {Record<string, string | string[] | undefined>} headers
 * @property {boolean} clientClosedEarly True when the client closed the connection before the answer ended.
 * @property {boolean} [ended] True once a streamed answer was sent to its end (the response finished).
 * @property {number} [promptTokens] With `nCtx`: the prompt's size as counted.
 * @property {boolean} [refused] With `nCtx`: the request did not fit and was refused.
 * @property {import('./mock-vision.js').ReceivedPart[]} [parts] The content parts of the request's messages, decoded
 *   (an image's type, byte size and pixel size read from its data URL), so tests assert exactly what arrived.
 * @property {string} [refusedImage] The request carried an image the mock refused, and why (`server`'s refusal).
 */

/** @typedef {{ script: MockScript, next: number, log: MockLogEntry[] }} MockSession */

import { modelCard, serverFamilyRoute, toolsRefusal } from './mock-families.js';

const PREFIX = '/__mock';

/**
 * @param {{ prefix?: string }} [options]
 * @returns {(ctx: any, next: () => Promise<unknown>) => Promise<unknown>}
 */
export function mockOpenAI(options = {}) {
  const prefix = options.prefix ?? PREFIX;
  /** @type {Map<string, MockSession>} */
  const sessions = new Map();
  let counter = 0;

  return async function mockOpenAIMiddleware(ctx, next) {
    const url = new URL(ctx.request.url ?? ctx.url, 'http://localhost');
    if (!url.pathname.startsWith(prefix + '/')) return next();
    const rest = url.pathname.slice(prefix.length + 1);
    setCors(ctx.res);

    if (ctx.method === 'OPTIONS') {
      ctx.status = 204;
      ctx.body = '';
      return;
    }
    if (rest === 'scripts' && ctx.method === 'POST') {
      const script = /** @type {MockScript} */ (await readJson(ctx.req));
      const id = `s${++counter}`;
      sessions.set(id, { script: { ...script, turns: script.turns ?? [] }, next: 0, log: [] });
      ctx.type = 'application/json';
      ctx.body = JSON.stringify({ id, baseURL: `${prefix}/${id}/v1` });
      return;
    }

    const [id, ...pathParts] = rest.split('/');
    const session = id === undefined ? undefined : sessions.get(id);
    if (!session) return sendError(ctx, 404, `mock: no script "${id}"`);
    const path = '/' + pathParts.join('/');
    if (session.script.noCors) for (const h of ['access-control-allow-origin', 'access-control-allow-headers', 'access-control-allow-methods']) ctx.res.removeHeader(h);

    if (path === '/log') {
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(session.log);
      return;
    }
    const family = serverFamilyRoute(session.script, ctx.method, path, await (ctx.method === 'POST' && path.startsWith('/api/') ? readJson(ctx.req) : undefined));
    if (family) {
      ctx.status = family.status ?? 200;
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(family.body);
      return;
    }
    if (path === '/props' && session.script.nCtx) {
      ctx.type = 'application/json';
      ctx.body = JSON.stringify({ default_generation_settings: { n_ctx: session.script.nCtx }, total_slots: 1, model_path: 'mock-model.gguf' });
      return;
    }
    if (path === '/tokenize' && ctx.method === 'POST') {
      const body = /** @type {{ content?: unknown }} */ (await readJson(ctx.req));
      const encoder = await tokenizer();
      ctx.type = 'application/json';
      ctx.body = JSON.stringify({ tokens: encoder.encode(String(body.content ?? '')) });
      return;
    }
    if (path === '/v1/models') {
      ctx.type = 'application/json';
      const ids = session.script.models ?? ['mock-model'];
      ctx.body = JSON.stringify({ object: 'list', data: ids.map((m) => modelCard(session.script, m)) });
      return;
    }
    if (path === '/v1/embeddings' && ctx.method === 'POST') {
      const body = /** @type {{ input: string | string[], model?: string }} */ (await readJson(ctx.req));
      session.log.push({ path, body, headers: ctx.req.headers, clientClosedEarly: false });
      const inputs = Array.isArray(body.input) ? body.input : [body.input];
      const table = session.script.embeddings;
      const data = inputs.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: table && table !== 'hash' && table[text] ? table[text] : hashEmbedding(String(text), 64),
      }));
      ctx.type = 'application/json';
      ctx.body = JSON.stringify({ object: 'list', data, model: body.model ?? 'mock-embed', usage: { prompt_tokens: 0, total_tokens: 0 } });
      return;
    }
    if (path === '/v1/chat/completions' && ctx.method === 'POST') {
      const body = await readJson(ctx.req);
      /** @type {MockLogEntry} */
      const entry = { path, body, headers: ctx.req.headers, clientClosedEarly: false };
      session.log.push(entry);
      entry.parts = receivedParts(/** @type {any} */ (body));
      const imageRefusal = refuseImage(session.script, /** @type {any} */ (body), entry.parts);
      if (imageRefusal) {
        entry.refusedImage = imageRefusal.why;
        ctx.status = imageRefusal.status;
        ctx.type = 'application/json';
        ctx.body = JSON.stringify(imageRefusal.body);
        return;
      }
      const nCtx = session.script.nCtx;
      if (nCtx) {
        const promptTokens = (entry.promptTokens = await countPrompt(/** @type {any} */ (body)));
        if (promptTokens > nCtx) {
          entry.refused = true;
          // Word for word what llama-server answers (tools/server/server.cpp, exceed_context_size_error).
          ctx.status = 400;
          ctx.type = 'application/json';
          ctx.body = JSON.stringify({
            error: { code: 400, message: `request (${promptTokens} tokens) exceeds the available context size (${nCtx} tokens), try increasing it`, type: 'exceed_context_size_error', n_prompt_tokens: promptTokens, n_ctx: nCtx },
          });
          return;
        }
      }
      const refusal = session.script.noTools && /** @type {any} */ (body).tools?.length ? toolsRefusal(session.script.family, /** @type {any} */ (body).model) : undefined;
      if (refusal) {
        ctx.status = refusal.status;
        ctx.type = 'application/json';
        ctx.body = JSON.stringify({ error: refusal.error });
        return;
      }
      const first = /** @type {any} */ (body).messages?.[0]?.content;
      const standing = session.script.replies?.find((r) => typeof first === 'string' && first.includes(r.when));
      const turn = standing ? standing.turn : session.script.turns[session.next++];
      if (!turn) return sendError(ctx, 500, `mock: script has no turn ${session.next} (it has ${session.script.turns.length})`);
      return answer(ctx, nCtx ? await withUsage(turn, entry.promptTokens ?? 0) : turn, entry);
    }
    return sendError(ctx, 404, `mock: no route ${ctx.method} ${path}`);
  };
}

/**
 * @param {any} ctx
 * @param {MockTurn} turn
 * @param {MockLogEntry} entry
 */
async function answer(ctx, turn, entry) {
  const res = /** @type {import('node:http').ServerResponse} */ (ctx.res);
  if (turn.reset) {
    ctx.respond = false;
    ctx.req.socket.destroy();
    return;
  }
  if (turn.error || turn.json) {
    const status = turn.status ?? (turn.error ? 400 : 200);
    await sleep(turn.delayMs ?? 0);
    res.writeHead(status, { 'content-type': 'application/json', ...turn.headers });
    res.end(JSON.stringify(turn.error ? { error: turn.error } : turn.json));
    ctx.respond = false;
    return;
  }

  // Stream by hand so chunk boundaries and timing are exactly as scripted.
  ctx.respond = false;
  res.writeHead(turn.status ?? 200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...turn.headers,
  });
  let closed = false;
  res.on('close', () => {
    if (!res.writableFinished) {
      closed = true;
      entry.clientClosedEarly = true;
    }
  });
  res.on('finish', () => void (entry.ended = true));
  for (const chunk of turn.chunks ?? []) {
    if (turn.delayMs) await sleep(turn.delayMs);
    if (closed) return;
    res.write(typeof chunk === 'string' ? chunk : `data: ${JSON.stringify(chunk)}\n\n`);
  }
  if (turn.hang) {
    await new Promise((resolve) => res.on('close', resolve));
    return;
  }
  if (closed) return;
  if (turn.done !== false) res.write('data: [DONE]\n\n');
  if (turn.endDelayMs) {
    await sleep(turn.endDelayMs);
    if (closed) return;
  }
  res.end();
}

/** @type {Promise<{ encode(text: string): number[] }> | undefined} */
let encoderPromise;

/** The cl100k_base tokenizer (js-tiktoken), loaded on first use: a stand-in for a local model's BPE tokenizer. */
function tokenizer() {
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
async function countPrompt(body) {
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
async function withUsage(turn, promptTokens) {
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

/** @param {import('node:http').ServerResponse} res */
function setCors(res) {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-allow-headers', '*');
  res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
}

/** @param {any} ctx @param {number} status @param {string} message */
function sendError(ctx, status, message) {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = JSON.stringify({ error: { message, type: 'mock_error', code: null } });
}

/** @param {import('node:http').IncomingMessage} req */
async function readJson(req) {
  let text = '';
  for await (const part of req) text += part;
  return text ? JSON.parse(text) : {};
}

/** @param {number} ms */
function sleep(ms) {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

/**
 * A deterministic unit vector from the words of `text`, so similar texts get
 * similar vectors without a model.
 * @param {string} text @param {number} dims
 */
export function hashEmbedding(text, dims) {
  const v = new Array(dims).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    let h = 2166136261;
    for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 16777619);
    v[(h >>> 0) % dims] += 1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}
