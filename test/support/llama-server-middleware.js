// @ts-check
// A real llama.cpp server for the tests that need one, when this machine has it:
// with env LLAMA_SERVER pointing at a llama-server binary, the first request under
// /__llama/ starts it on the repository's tiny model (text only: no --mmproj) and
// every request under that prefix is passed to it. Without LLAMA_SERVER the prefix
// answers 404, and those tests skip themselves (saying why).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PREFIX = '/__llama';
const PORT = Number(process.env.LLAMA_SERVER_PORT ?? 18189);
const MODEL = fileURLToPath(new URL('../fixtures/models/tiny-toolcaller-q8_0.gguf', import.meta.url));

/** @type {Promise<void> | undefined} */
let started;

/** Starts llama-server once (stopped with the test run) and resolves when /health answers. */
function start() {
  started ??= (async () => {
    const binary = /** @type {string} */ (process.env.LLAMA_SERVER);
    const server = spawn(binary, ['-m', MODEL, '--port', String(PORT), '-c', '2048', '--jinja', '-np', '1'], { stdio: 'ignore' });
    process.on('exit', () => server.kill());
    for (let i = 0; i < 300; i++) {
      const ok = await fetch(`http://127.0.0.1:${PORT}/health`).then((r) => r.ok, () => false);
      if (ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`llama-server (${binary}) did not become healthy on port ${PORT}`);
  })();
  return started;
}

/** @returns {(ctx: any, next: () => Promise<unknown>) => Promise<unknown>} */
export function llamaServer() {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(PREFIX + '/')) return next();
    if (!process.env.LLAMA_SERVER) {
      ctx.status = 404;
      ctx.body = 'LLAMA_SERVER is not set: no llama-server on this machine.';
      return;
    }
    await start();
    let body = '';
    for await (const part of ctx.req) body += part;
    const upstream = await fetch(`http://127.0.0.1:${PORT}${ctx.url.slice(PREFIX.length)}`, {
      method: ctx.method,
      headers: { 'content-type': ctx.get('content-type') || 'application/json' },
      body: ctx.method === 'GET' || ctx.method === 'HEAD' ? undefined : body,
    });
    ctx.status = upstream.status;
    ctx.set('content-type', upstream.headers.get('content-type') ?? 'application/json');
    ctx.body = Buffer.from(await upstream.arrayBuffer());
  };
}
