// @ts-check
/**
 * AG-UI servers for the AG-UI client's tests (option `agui`), started by the
 * test runner (Node side).
 *
 * - A scripted AG-UI server of the tests' own, written with the official
 *   encoder (`@ag-ui/encoder`): a page POSTs a script of runs to
 *   `/__agui/scripts` and gets back `{ id, url, crossOrigin }`; each POST to
 *   the url takes the next run of the script and answers it as written — its
 *   events encoded one by one (with `delayMs` between them), or an HTTP
 *   status, or a stream cut mid-event, or one that never ends until the
 *   client goes. `crossOrigin` is the same server on another origin
 *   (127.0.0.1 at a port the OS picks), with CORS headers (for the page's
 *   origin, credentials allowed) unless the script says `noCors`.
 * - Real server-agent frameworks (test/support/agui-frameworks.js), their
 *   model pointed at the project's mock OpenAI endpoint.
 *
 * Every server records what it received (each request's RunAgentInput, and
 * its Authorization and Cookie headers); the page reads it at
 * `/__agui/<id>/log`.
 */
import { createServer } from 'node:http';
import { EventEncoder } from '@ag-ui/encoder';
import { frameworkRun } from './agui-frameworks.js';

const PREFIX = '/__agui';

/**
 * @typedef {object} ScriptedRun
 * @property {Array<Record<string, unknown>>} [events] AG-UI events, sent in order; a RUN_STARTED/RUN_FINISHED without ids gets the input's.
 * @property {number} [delayMs] Pause before each event.
 * @property {number} [status] Answer this HTTP status with `body` instead of a stream.
 * @property {string} [body] The body of a `status` answer (or of a non-AG-UI 200 answer with `contentType`).
 * @property {string} [contentType] The content type of `body`.
 * @property {boolean} [hang] After the events, keep the stream open until the client closes it.
 * @property {boolean} [cut] After the events, write half an event and destroy the connection.
 * @property {number} [repeat] Send the events this many times over (a long reply).
 * @property {boolean} [sse] Answer SSE whatever the request accepts (a server without the protobuf transport).
 */

/** @typedef {{ input: any, authorization?: string, cookie?: string, origin?: string, closedEarly?: boolean, accept?: string, contentType?: string, wire?: string }} Received */
/** @typedef {{ runs: ScriptedRun[], next: number, log: Received[], noCors?: boolean }} Session */

/** @type {Map<string, Session>} */
const sessions = new Map();
let counter = 0;
/** @type {Promise<string> | undefined} */
let crossOrigin;

/** @param {import('node:http').IncomingMessage} req */
async function readJson(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : undefined;
}

/** CORS headers that let `origin` read the answer, cookies included. @param {string | undefined} origin */
function cors(origin) {
  return {
    'access-control-allow-origin': origin ?? '*',
    'access-control-allow-credentials': 'true',
    'access-control-allow-methods': 'POST, GET, OPTIONS',
    'access-control-allow-headers': 'content-type, accept, authorization, x-tenant',
    vary: 'origin',
  };
}

/**
 * Answers one request for session `id`'s path `rest` (`run` or `log`).
 * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {string} id @param {string} rest @param {boolean} other on the other origin
 */
async function serve(req, res, id, rest, other) {
  const session = sessions.get(id);
  const headers = other && !session?.noCors ? cors(req.headers.origin) : {};
  if (req.method === 'OPTIONS') {
    res.writeHead(204, headers).end();
    return;
  }
  if (!session) {
    res.writeHead(404, { 'content-type': 'text/plain', ...headers }).end(`no AG-UI script "${id}"`);
    return;
  }
  if (rest === 'log') {
    res.writeHead(200, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(session.log));
    return;
  }
  const input = await readJson(req);
  /** @type {Received} */
  const received = { input, ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}), ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}) };
  session.log.push(received);
  const run = session.runs[session.next++] ?? { status: 500, body: 'the test script has no run left' };
  if (run.status !== undefined || run.contentType !== undefined) {
    res.writeHead(run.status ?? 200, { 'content-type': run.contentType ?? 'application/json', ...headers }).end(run.body ?? '');
    return;
  }
  // The transport the client asked for (protobuf where its Accept lists it), unless the script plays an SSE-only server.
  const encoder = new EventEncoder({ accept: run.sse ? 'text/event-stream' : String(req.headers.accept ?? 'text/event-stream') });
  received.accept = req.headers.accept;
  received.contentType = encoder.getContentType();
  res.writeHead(200, { 'content-type': received.contentType, 'cache-control': 'no-cache', ...headers });
  /** The answer's first bytes, as they went on the wire (base64). @param {Uint8Array} bytes */
  const wrote = (bytes) => {
    received.wire ??= Buffer.from(bytes.subarray(0, 256)).toString('base64');
    res.write(bytes);
  };
  let closed = false;
  res.on('close', () => {
    closed = true;
    if (!res.writableEnded) received.closedEarly = true;
  });
  const events = Array.from({ length: run.repeat ?? 1 }, () => run.events ?? []).flat();
  for (const event of events) {
    if (closed) return;
    if (run.delayMs) await new Promise((r) => setTimeout(r, run.delayMs));
    wrote(encoder.encodeBinary(/** @type {any} */ (withIds(event, input))));
  }
  if (run.cut) {
    // Half an event, in the answer's transport.
    const event = encoder.encodeBinary(/** @type {any} */ ({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'never whole' }));
    res.write(event.subarray(0, event.length >> 1));
    // Long enough for the client to have shown what came whole before the connection goes.
    await new Promise((r) => setTimeout(r, 500));
    res.destroy();
    return;
  }
  if (run.hang) return; // open until the client closes it
  res.end();
}

/** `event` with the run's ids where a run event leaves them out. @param {Record<string, unknown>} event @param {any} input */
function withIds(event, input) {
  if ((event.type === 'RUN_STARTED' || event.type === 'RUN_FINISHED') && event.runId === undefined) return { threadId: input?.threadId, runId: input?.runId, ...event };
  return event;
}

/** The same server on another origin (127.0.0.1, a port the OS picks): its base URL. */
function startCrossOrigin() {
  return (crossOrigin ??= new Promise((resolve) => {
    const server = createServer((req, res) => {
      const [, id = '', rest = ''] = (req.url ?? '').split('?')[0].split('/');
      void serve(req, res, id, rest, true).catch((err) => res.destroy(err));
    });
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    });
    server.unref();
  }));
}

/** The middleware: scripts, the same-origin server, and the frameworks' endpoints. */
export function aguiServers() {
  /** @type {import('koa').Middleware} */
  return async (ctx, next) => {
    if (!ctx.path.startsWith(PREFIX + '/')) return next();
    const rest = ctx.path.slice(PREFIX.length + 1);
    ctx.respond = false;
    const { req, res } = ctx;
    if (rest === 'scripts' && req.method === 'POST') {
      const script = await readJson(req);
      const id = `a${++counter}`;
      sessions.set(id, { runs: script.runs ?? [], next: 0, log: [], noCors: script.noCors === true });
      const other = await startCrossOrigin();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id, url: `${PREFIX}/${id}/run`, crossOrigin: `${other}/${id}/run`, log: `${PREFIX}/${id}/log` }));
      return;
    }
    if (rest === 'refused') {
      // A port nothing listens on: bound, then closed at once.
      const server = createServer().listen(0, '127.0.0.1');
      await new Promise((r) => server.once('listening', r));
      const address = server.address();
      server.close();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/agent` }));
      return;
    }
    const [first = '', second = '', third = ''] = rest.split('/');
    if (first === 'framework') {
      // /__agui/framework/<name>/<mock script id>[/log]
      const host = `http://${req.headers.host}`;
      await frameworkRun(second, third, host, req, res, rest.endsWith('/log'));
      return;
    }
    await serve(req, res, first, second, false);
  };
}
