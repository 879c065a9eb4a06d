// @ts-check
/**
 * The bench's AG-UI server (`/__bench-agui/run`), written with the official
 * encoder (`@ag-ui/encoder`): each run answers the last user message
 * `tokens=N` with one assistant message of N one-word deltas, written as fast
 * as the socket takes them — the first delta on its own (flushed before the
 * rest are made), so first-token latency measures the client, not the server.
 * It speaks SSE, or protobuf when the request's Accept asks for it (and the
 * URL has no `?transport=sse`).
 */
import { EventEncoder } from '@ag-ui/encoder';

const PATH = '/__bench-agui/run';
const WORDS = ['the', 'agent', 'streams', 'a', 'long', 'reply', 'of', 'plain', 'words,', 'one', 'delta', 'each.'];

/** @param {import('node:http').IncomingMessage} req */
async function readJson(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return JSON.parse(text);
}

/** The bench server's middleware. */
export function benchAgUi() {
  /** @type {import('koa').Middleware} */
  return async (ctx, next) => {
    if (ctx.path !== PATH || ctx.method !== 'POST') return next();
    ctx.respond = false;
    const { req, res } = ctx;
    const input = await readJson(req);
    const last = [...input.messages].reverse().find((/** @type {{ role: string }} */ m) => m.role === 'user');
    const tokens = Number(/tokens=(\d+)/.exec(typeof last?.content === 'string' ? last.content : '')?.[1] ?? 10);
    const encoder = new EventEncoder({ accept: ctx.query.transport === 'sse' ? 'text/event-stream' : String(req.headers.accept ?? 'text/event-stream') });
    res.writeHead(200, { 'content-type': encoder.getContentType(), 'cache-control': 'no-store', 'cross-origin-resource-policy': 'same-origin' });
    const messageId = `m-${input.runId}`;
    /** @param {any} event */
    const encode = (event) => encoder.encodeBinary(event);
    res.write(encode({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId }));
    res.write(encode({ type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' }));
    res.write(encode({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta: WORDS[0] }));
    // The rest in slices of 500 deltas, each written when the socket drains.
    for (let i = 1; i < tokens; i += 500) {
      const slice = [];
      for (let j = i; j < Math.min(tokens, i + 500); j++) slice.push(encode({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta: `${j % 60 === 0 ? '\n\n' : ' '}${WORDS[j % WORDS.length]}` }));
      if (!res.write(Buffer.concat(slice))) await new Promise((r) => res.once('drain', r));
    }
    res.write(encode({ type: 'TEXT_MESSAGE_END', messageId }));
    res.end(encode({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId }));
  };
}
