// @ts-check
/**
 * The scripted OpenAI-compatible mock as a Node server of its own, for test
 * runners that are not @web/test-runner (Playwright Test, Vitest, a shell
 * script): the same handler as the middleware (mock-handler.js), the same
 * script format, the same quirks. The script given at start answers at
 * `baseURL` (`http://127.0.0.1:PORT/v1`); more sessions, each with its own
 * script and log, are opened with `script()` from Node or `mockEndpoint(script,
 * { origin: mock.url })` from a page, so parallel tests never share turns.
 *
 * Invariant: `close()` ends every open connection (a `hang` turn included),
 * so a test's teardown never waits on a stream the page left open.
 *
 * @example
 * const mock = await startMockServer({ script: { turns: [textTurn('Hi!')] } });
 * const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model' });
 * // …
 * expect((await mock.log())[0].body.messages.at(-1).content).toBe('Hello');
 * await mock.close();
 */
import { createServer } from 'node:http';
import { createMockHandler } from './mock-handler.js';

/** @typedef {import('./mock-handler.js').MockScript} MockScript */
/** @typedef {import('./mock-handler.js').MockReply} MockReply */
/** @typedef {import('./mock-handler.js').MockLogEntry} MockLogEntry */

/**
 * @typedef {object} MockServerOptions
 * @property {number} [port] Default 0: a free port the OS picks.
 * @property {string} [host] Default `127.0.0.1`.
 * @property {MockScript} [script] What `baseURL` answers (default: no turns).
 * @property {MockReply[]} [replies] Standing replies: shorthand for `script: { replies }`, added to `script`'s own.
 */

/**
 * @typedef {object} MockServer
 * @property {string} url The server's origin, e.g. `http://127.0.0.1:43117`.
 * @property {string} baseURL The OpenAI-compatible base URL of the start script: `url + '/v1'`.
 * @property {() => Promise<MockLogEntry[]>} log What `baseURL` received so far.
 * @property {() => void} release Lets the oldest answer held at its turn's `holdBefore` go on (with none held yet, the next hold passes at once).
 * @property {(script?: MockScript) => void} reset Starts `baseURL` over on `script` (default: the start script), its log emptied.
 * @property {(script: MockScript) => { baseURL: string, log(): Promise<MockLogEntry[]>, release(): void }} script
 *   Opens another session on `script`, with its own turns, log and holds, at its own absolute `baseURL`.
 * @property {() => Promise<void>} close Stops the server, ending every open connection.
 */

/** The start script's session id: it also answers the paths outside `/__mock/` (`/v1/…`, `/log`). */
const ROOT = 'default';

/**
 * Starts the mock on `port` (default: a free one) and resolves once it listens.
 * @param {MockServerOptions} [options]
 * @returns {Promise<MockServer>}
 */
export async function startMockServer(options = {}) {
  const handler = createMockHandler({ root: ROOT });
  const start = withReplies(options.script ?? { turns: [] }, options.replies);
  handler.open(start, ROOT);
  const server = createServer((req, res) => {
    void handler.handle(req, res);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host ?? '127.0.0.1';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    baseURL: `${url}/v1`,
    log: async () => handler.log(ROOT),
    release: () => handler.release(ROOT),
    reset: (script = start) => void handler.open(script, ROOT),
    script(script) {
      const { id, baseURL } = handler.open(script);
      return { baseURL: url + baseURL, log: async () => handler.log(id), release: () => handler.release(id) };
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * `script` with `replies` added to its standing replies.
 * @param {MockScript} script @param {MockReply[] | undefined} replies
 * @returns {MockScript}
 */
function withReplies(script, replies) {
  if (!replies?.length) return script;
  return { ...script, replies: [...(script.replies ?? []), ...replies] };
}
