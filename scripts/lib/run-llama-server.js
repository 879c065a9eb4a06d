// @ts-check
/**
 * Starts one llama-server process (the binary scripts/llama-server.js builds)
 * on a free 127.0.0.1 port, for the tests' middleware and the bench's native
 * baseline.
 *
 * Invariant: the promise resolves only once the server's /health answers
 * (the model is loaded), and rejects — with the end of the server's log and
 * the process killed — when it exits first or stays unhealthy past the
 * deadline; a started server is killed when this process exits.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** How long a server may take to load the model and answer /health. */
const HEALTHY_WITHIN_MS = 60_000;

/**
 * @typedef {{ url: string, pid: number, stop(): void }} RunningLlamaServer
 * `url`: `http://127.0.0.1:PORT` (no `/v1`); `pid`: the server's process id (its CPU time is in /proc/PID/stat).
 */

/**
 * @param {string} binary the llama-server binary
 * @param {string[]} args its flags, beside `--host` and `--port` (which this sets)
 * @returns {Promise<RunningLlamaServer>}
 */
export async function runLlamaServer(binary, args) {
  const port = await freePort();
  const all = ['--host', '127.0.0.1', '--port', String(port), ...args];
  const server = spawn(binary, all, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  server.stderr.on('data', (chunk) => (log = (log + chunk).slice(-4000)));
  /** @type {string | undefined} */
  let exited;
  server.once('exit', (code, signal) => (exited = `exited (${signal ?? `code ${code}`})`));
  server.once('error', (err) => (exited = `could not be started (${err.message})`));
  const stop = () => {
    if (server.exitCode === null && server.signalCode === null) server.kill();
  };
  process.once('exit', stop);
  const url = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + HEALTHY_WITHIN_MS;
  while (!exited && performance.now() < deadline) {
    if (await fetch(`${url}/health`).then((r) => r.ok, () => false)) return { url, pid: /** @type {number} */ (server.pid), stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  stop();
  throw new Error(`${binary} ${all.join(' ')} ${exited ?? `did not answer /health within ${HEALTHY_WITHIN_MS / 1000} s`}; its log ends:\n${log}`);
}

/** A port on 127.0.0.1 nothing listens on now. @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
