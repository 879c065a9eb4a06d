// @ts-check
/**
 * The scripted OpenAI-compatible mock endpoint, on plain Node `(req, res)`:
 * the one implementation behind every way it is served — the Koa middleware
 * for @web/dev-server and @web/test-runner (mock-middleware.js), the Node
 * server and `pageloop-mock` bin (mock-server.js), and the Vite plugin
 * (vite-plugin.js).
 *
 * Tests script it: POST a script to `<prefix>/scripts`, then point the agent at
 * the returned `baseURL`. Each chat completion request takes the next turn of
 * the script (or a standing reply whose `when` it matches), and the mock
 * answers exactly as written: SSE frames with delays, raw bytes with a
 * server's quirks, plain JSON, or an HTTP error. What it received is served at
 * `<prefix>/<id>/log`.
 *
 * Invariant: a request outside the mock's paths is left alone (`handle`
 * resolves false and writes nothing), and every request inside them gets
 * exactly one answer, written here — the adapters never write for it.
 */
import { receivedParts, refuseImage } from './mock-vision.js';
import { modelCard, serverFamilyRoute, toolsRefusal } from './mock-families.js';
import { countPrompt, tokenizer, withUsage } from './mock-tokens.js';

/**
 * @typedef {object} MockTurn
 * @property {Array<object | string>} [chunks] SSE data frames: objects are JSON-encoded as `data: …\n\n`; strings are written raw.
 * @property {boolean} [done] Append `data: [DONE]\n\n` after the chunks (default true).
 * @property {object} [json] Answer with this JSON body instead of a stream.
 * @property {object | string} [error] Answer with `{ error }` and `status` (default 400).
 * @property {number} [status] HTTP status (default 200, or 400 with `error`).
 * @property {Record<string, string>} [headers] Extra response headers.
 * @property {number} [delayMs] Pause before each chunk (default 0).
 * @property {boolean} [hang] After the chunks, keep the connection open until the client closes it.
 * @property {number} [holdBefore] Stop before chunk `holdBefore` (its index in `chunks`) until the session is
 *   released (`POST <prefix>/<id>/release`), so a test can look at the page mid-stream for as long as it needs,
 *   however loaded the machine: timing (`delayMs`) only makes a moment likely. The log entry says `held` meanwhile.
 * @property {number} [endDelayMs] After `[DONE]`, wait this long before ending the response (a server's or proxy's
 *   last bytes arriving after the answer): a client that closes the connection meanwhile is logged as `clientClosedEarly`.
 * @property {boolean} [reset] Destroy the connection before any response (a crashed server, or a proxy that cuts it).
 */

/**
 * @typedef {object} MockReply A standing answer, given as often as a request matches it, taking no turn of `turns`.
 * @property {string} when The text to look for.
 * @property {'system' | 'last'} [in] Where: `system` (default), the request's first (system) message;
 *   `last`, its last message — the user's words, or a tool result the loop sent back.
 * @property {MockTurn} turn The answer.
 */

/**
 * @typedef {object} MockScript The full format is documented in mock-endpoint.ts (the browser side's types).
 * @property {MockTurn[]} [turns] Chat completion answers, in order.
 * @property {Record<string, number[]> | 'hash'} [embeddings]
 * @property {string[]} [models]
 * @property {MockReply[]} [replies]
 * @property {number} [nCtx]
 * @property {boolean} [noCors]
 * @property {'llama.cpp' | 'ollama' | 'vllm' | 'lmstudio'} [family]
 * @property {number} [contextLength]
 * @property {number} [trainedContext]
 * @property {boolean} [noTools]
 * @property {'llama.cpp' | 'ollama' | 'vllm' | 'lmstudio'} [server]
 * @property {boolean} [vision]
 */

/**
 * @typedef {object} MockLogEntry
 * @property {string} path
 * @property {unknown} body
 * @property {Record<string, string | string[] | undefined>} headers
 * @property {boolean} clientClosedEarly True when the client closed the connection before the answer ended.
 * @property {boolean} [ended] True once a streamed answer was sent to its end (the response finished).
 * @property {boolean} [held] True while the answer waits at its turn's `holdBefore` for a release.
 * @property {number} [promptTokens] With `nCtx`: the prompt's size as counted.
 * @property {boolean} [refused] With `nCtx`: the request did not fit and was refused.
 * @property {import('./mock-vision.js').ReceivedPart[]} [parts] The content parts of the request's messages, decoded.
 * @property {string} [refusedImage] The request carried an image the mock refused, and why (`server`'s refusal).
 */

/**
 * @typedef {object} MockSession
 * @property {MockScript & { turns: MockTurn[] }} script
 * @property {number} next The next turn's index.
 * @property {MockLogEntry[]} log
 * @property {Array<() => void>} held Answers waiting at their `holdBefore`, oldest first.
 * @property {number} released Releases that came before any answer waited: the next holds pass at once.
 */

/**
 * @typedef {object} MockHandler
 * @property {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<boolean>} handle
 *   Answers a request under the prefix (or, with `root`, any request) and resolves true; false: not the mock's.
 * @property {(script: MockScript, id?: string) => { id: string, baseURL: string }} open
 *   Starts a session on `script` (a new id, or replacing session `id`); `baseURL` is relative to the server.
 * @property {(id: string) => MockLogEntry[]} log What session `id` received so far (empty for an unknown id).
 * @property {(id: string) => void} release Lets session `id`'s oldest answer held at its `holdBefore` go on; with
 *   none held yet, its next hold passes at once (a release may come first). Also `POST <prefix>/<id>/release`.
 */

/** The mock's paths start with this by default. */
export const MOCK_PREFIX = '/__mock';

/**
 * @param {{ prefix?: string, root?: string }} [options] `root`: a session id that answers the paths outside
 *   the prefix too (`/v1/…`, `/log`), so a server of its own has a plain `baseURL` (mock-server.js).
 * @returns {MockHandler}
 */
export function createMockHandler(options = {}) {
  const prefix = options.prefix ?? MOCK_PREFIX;
  /** @type {Map<string, MockSession>} */
  const sessions = new Map();
  let counter = 0;

  /** @type {MockHandler['open']} */
  const open = (script, id = `s${++counter}`) => {
    sessions.set(id, { script: { ...script, turns: script.turns ?? [] }, next: 0, log: [], held: [], released: 0 });
    return { id, baseURL: `${prefix}/${id}/v1` };
  };

  /** @type {MockHandler['handle']} */
  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let rest;
    if (url.pathname.startsWith(prefix + '/')) rest = url.pathname.slice(prefix.length + 1);
    else if (options.root !== undefined) rest = options.root + url.pathname;
    else return false;
    setCors(res);
    try {
      if (req.method === 'OPTIONS') {
        res.writeHead(204).end();
        return true;
      }
      if (rest === 'scripts' && req.method === 'POST') return sendJson(res, 200, open(/** @type {MockScript} */ (await readJson(req))));
      const [id, ...pathParts] = rest.split('/');
      const session = id === undefined ? undefined : sessions.get(id);
      if (!session) return sendError(res, 404, `mock: no script "${id}"`);
      if (session.script.noCors) for (const h of ['access-control-allow-origin', 'access-control-allow-headers', 'access-control-allow-methods']) res.removeHeader(h);
      await route(session, req, res, '/' + pathParts.join('/'));
    } catch (err) {
      // A body that is not JSON, or a tokenizer that is not installed: said in the answer, never a hung request.
      if (!res.headersSent) sendError(res, err instanceof SyntaxError ? 400 : 500, `mock: ${err instanceof Error ? err.message : String(err)}`);
      else res.destroy();
    }
    return true;
  }

  return {
    handle,
    open,
    log: (id) => sessions.get(id)?.log ?? [],
    release(id) {
      const session = sessions.get(id);
      if (!session) throw new Error(`mock: no script "${id}"`);
      release(session);
    },
  };
}

/** The oldest held answer goes on; with none held yet, the next hold passes at once. @param {MockSession} session */
function release(session) {
  const waiting = session.held.shift();
  if (waiting) waiting();
  else session.released++;
}

/**
 * One session's routes: the OpenAI ones, the server family's, the log.
 * @param {MockSession} session @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {string} path
 */
async function route(session, req, res, path) {
  const { script } = session;
  if (path === '/log') return sendJson(res, 200, session.log);
  if (path === '/release' && req.method === 'POST') {
    release(session);
    return sendJson(res, 200, {});
  }
  const family = serverFamilyRoute(script, req.method ?? 'GET', path, await (req.method === 'POST' && path.startsWith('/api/') ? readJson(req) : undefined));
  if (family) return sendJson(res, family.status ?? 200, family.body);
  if (path === '/props' && script.nCtx) {
    return sendJson(res, 200, { default_generation_settings: { n_ctx: script.nCtx }, total_slots: 1, model_path: 'mock-model.gguf' });
  }
  if (path === '/tokenize' && req.method === 'POST') {
    const body = /** @type {{ content?: unknown }} */ (await readJson(req));
    return sendJson(res, 200, { tokens: (await tokenizer()).encode(String(body.content ?? '')) });
  }
  if (path === '/v1/models') {
    return sendJson(res, 200, { object: 'list', data: (script.models ?? ['mock-model']).map((m) => modelCard(script, m)) });
  }
  if (path === '/v1/embeddings' && req.method === 'POST') {
    const body = /** @type {{ input: string | string[], model?: string }} */ (await readJson(req));
    session.log.push({ path, body, headers: req.headers, clientClosedEarly: false });
    const inputs = Array.isArray(body.input) ? body.input : [body.input];
    const table = script.embeddings;
    const data = inputs.map((text, index) => ({
      object: 'embedding',
      index,
      embedding: table && table !== 'hash' && table[text] ? table[text] : hashEmbedding(String(text), 64),
    }));
    return sendJson(res, 200, { object: 'list', data, model: body.model ?? 'mock-embed', usage: { prompt_tokens: 0, total_tokens: 0 } });
  }
  if (path === '/v1/chat/completions' && req.method === 'POST') return chat(session, req, res, path);
  return sendError(res, 404, `mock: no route ${req.method} ${path}`);
}

/**
 * A chat completion: refused as the script's server would refuse it, or answered with the next turn.
 * @param {MockSession} session @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {string} path
 */
async function chat(session, req, res, path) {
  const { script } = session;
  const body = /** @type {any} */ (await readJson(req));
  /** @type {MockLogEntry} */
  const entry = { path, body, headers: req.headers, clientClosedEarly: false };
  session.log.push(entry);
  entry.parts = receivedParts(body);
  const imageRefusal = refuseImage(script, body, entry.parts);
  if (imageRefusal) {
    entry.refusedImage = imageRefusal.why;
    return sendJson(res, imageRefusal.status, imageRefusal.body);
  }
  const nCtx = script.nCtx;
  if (nCtx) {
    const promptTokens = (entry.promptTokens = await countPrompt(body));
    if (promptTokens > nCtx) {
      entry.refused = true;
      // Word for word what llama-server answers (tools/server/server.cpp, exceed_context_size_error).
      return sendJson(res, 400, {
        error: { code: 400, message: `request (${promptTokens} tokens) exceeds the available context size (${nCtx} tokens), try increasing it`, type: 'exceed_context_size_error', n_prompt_tokens: promptTokens, n_ctx: nCtx },
      });
    }
  }
  const refusal = script.noTools && body.tools?.length ? toolsRefusal(script.family, body.model) : undefined;
  if (refusal) return sendJson(res, refusal.status, { error: refusal.error });
  const standing = script.replies?.find((r) => matches(r, body.messages));
  const turn = standing ? standing.turn : script.turns[session.next++];
  if (!turn) {
    const standingNote = script.replies?.length ? ` and no standing reply matched (${script.replies.map((r) => JSON.stringify(r.when)).join(', ')})` : '';
    return sendError(res, 500, `mock: script has no turn ${session.next} (it has ${script.turns.length})${standingNote}`);
  }
  return answer(req, res, nCtx ? await withUsage(turn, entry.promptTokens ?? 0) : turn, entry, session);
}

/**
 * Whether a standing reply answers these messages.
 * @param {MockReply} reply @param {Array<{ content?: unknown }> | undefined} messages
 */
function matches(reply, messages) {
  const message = reply.in === 'last' ? messages?.at(-1) : messages?.[0];
  const content = message?.content;
  const text = typeof content === 'string' ? content : Array.isArray(content) ? content.map((p) => (typeof p?.text === 'string' ? p.text : '')).join('\n') : '';
  return text.includes(reply.when);
}

/**
 * Writes `turn` as scripted: a cut connection, a JSON body or error, or a stream written by hand so chunk
 * boundaries and timing are exactly as written.
 * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
 * @param {MockTurn} turn @param {MockLogEntry} entry @param {MockSession} session
 */
async function answer(req, res, turn, entry, session) {
  if (turn.reset) {
    req.socket.destroy();
    return;
  }
  if (turn.error || turn.json) {
    await sleep(turn.delayMs ?? 0);
    res.writeHead(turn.status ?? (turn.error ? 400 : 200), { 'content-type': 'application/json', ...turn.headers });
    res.end(JSON.stringify(turn.error ? { error: turn.error } : turn.json));
    return;
  }
  res.writeHead(turn.status ?? 200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', ...turn.headers });
  let closed = false;
  res.on('close', () => {
    if (!res.writableFinished) {
      closed = true;
      entry.clientClosedEarly = true;
    }
  });
  res.on('finish', () => void (entry.ended = true));
  for (const [i, chunk] of (turn.chunks ?? []).entries()) {
    if (i === turn.holdBefore) await released(session, res, entry);
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

/**
 * Waits for the session's release (or for the client to close the connection), marking `entry` held meanwhile.
 * @param {MockSession} session @param {import('node:http').ServerResponse} res @param {MockLogEntry} entry
 */
async function released(session, res, entry) {
  if (session.released > 0) {
    session.released--;
    return;
  }
  entry.held = true;
  await new Promise((resolve) => {
    const go = () => {
      res.off('close', closed);
      resolve(undefined);
    };
    const closed = () => {
      session.held.splice(session.held.indexOf(go), 1);
      resolve(undefined);
    };
    session.held.push(go);
    res.on('close', closed);
  });
  entry.held = false;
}

/** @param {import('node:http').ServerResponse} res */
function setCors(res) {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-allow-headers', '*');
  res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
}

/** @param {import('node:http').ServerResponse} res @param {number} status @param {unknown} body */
function sendJson(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
  return true;
}

/** @param {import('node:http').ServerResponse} res @param {number} status @param {string} message */
function sendError(res, status, message) {
  return sendJson(res, status, { error: { message, type: 'mock_error', code: null } });
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
