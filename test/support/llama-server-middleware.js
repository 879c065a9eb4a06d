// @ts-check
/**
 * Real llama.cpp servers for the tests that need one, started by the test
 * runner (Node side) from the llama-server binary `scripts/llama-server.js`
 * builds and caches (or env LLAMA_SERVER, a path to a binary), on the
 * repository's tiny model (text only: no --mmproj). `GET /__llama/start/NAME`
 * starts the server NAME of SERVERS once, on a 127.0.0.1 port the OS picks, and
 * answers `{ url }` when its /health answers; the page then talks to that URL
 * itself, cross-origin, as any page would (llama-server lets every origin read
 * it). They stop with the test runner.
 *
 * Invariant: a missing binary is a 404 (the test skips, saying how to get it)
 * only outside CI; under CI (env CI set, not "false"/"0") it is a 500, and so
 * is a binary that does not start, so CI cannot silently stop running these
 * tests (test/support/llama-server.ts turns a 500 into a failure).
 */
import { fileURLToPath } from 'node:url';
import { findLlamaServer, HOW_TO_GET_IT, inCI } from '../../scripts/llama-server.js';
import { runLlamaServer } from '../../scripts/lib/run-llama-server.js';

const PREFIX = '/__llama/start/';
const MODEL = fileURLToPath(new URL('../fixtures/models/tiny-toolcaller-q8_0.gguf', import.meta.url));

/**
 * The servers the tests ask for, by name: each one llama-server process with
 * these flags (beside the model, the port, one slot and one thread).
 * @type {Record<string, string[]>}
 */
export const SERVERS = {
  // The chat template renders tools and parses the model's calls (the tiny model's Qwen 2.5 template).
  jinja: ['--jinja', '--ctx-size', '2048'],
  // The legacy chat formatting: requests with `tools` are refused ("tools param requires --jinja flag").
  'no-jinja': ['--no-jinja', '--ctx-size', '2048'],
  // A window smaller than the tools and the system prompt: what a user with llama-server's -c too small meets.
  'small-context': ['--jinja', '--ctx-size', '256'],
};

/** @type {Map<string, Promise<string>>} */
const started = new Map();

/** Starts the server `name` once (stopped with the test run); resolves with its URL. @param {string} binary @param {string} name */
function start(binary, name) {
  let running = started.get(name);
  if (!running) {
    running = runLlamaServer(binary, ['-m', MODEL, '-np', '1', '-t', '1', ...SERVERS[name]]).then((server) => server.url);
    started.set(name, running);
  }
  return running;
}

/** @returns {(ctx: any, next: () => Promise<unknown>) => Promise<unknown>} */
export function llamaServer() {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(PREFIX)) return next();
    const name = ctx.path.slice(PREFIX.length);
    if (!Object.hasOwn(SERVERS, name)) {
      ctx.status = 400;
      ctx.body = { error: `No llama-server named "${name}" (test/support/llama-server-middleware.js has ${Object.keys(SERVERS).join(', ')}).` };
      return;
    }
    const binary = findLlamaServer();
    if (!binary) {
      ctx.status = inCI() ? 500 : 404;
      ctx.body = { error: `No llama-server binary${inCI() ? ' and env CI is set, so this fails rather than skips (.ci/run builds one before the tests)' : ''}: ${HOW_TO_GET_IT}.` };
      return;
    }
    try {
      ctx.body = { url: await start(binary, name) };
    } catch (err) {
      ctx.status = 500;
      ctx.body = { error: err instanceof Error ? err.message : String(err) };
    }
  };
}
