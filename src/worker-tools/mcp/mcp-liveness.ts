/**
 * Noticing that an MCP server went away. The client package says that a
 * stream was cut (a call's SSE response, the session's GET stream, the legacy
 * SSE stream) only through `onerror`; a request whose response stream ended
 * without its answer stays pending until its timeout — two minutes for a
 * tool call, longer with progress — and the server still counts as connected.
 *
 * So the connection's transport is watched: the requests sent and not yet
 * answered are known by id, and when one's response stream ends without the
 * answer, or the transport reports an error, the server is asked (`ping`,
 * within `PING_TIMEOUT_MS`):
 * - no answer: the server is gone. `lost(why)` is called and the connection
 *   closed, which answers every pending request at once (the package's
 *   "Connection closed"); the hub marks the server failed.
 * - an answer (even an error: something answered): the server lives, and
 *   only the requests whose streams ended unanswered are answered, with an
 *   error saying their answer was lost.
 * Invariant: every request sent through a watched transport settles within
 * `PING_TIMEOUT_MS` of its stream ending or its transport failing.
 */
import type { Client, JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import { ProtocolError } from '@modelcontextprotocol/client';
import { errorMessage } from '../../errors.js';

/** How long a server that seems gone has to answer a ping before it counts as gone. */
export const PING_TIMEOUT_MS = 5_000;

/** The JSON-RPC error code of a request whose answer was lost on the way (an implementation-defined server error code). */
const LOST_ANSWER = -32_003;

type RequestId = string | number;

/** What the watcher tells its connection. */
export interface LivenessHooks {
  /** The server is gone (`why`: what was seen); called once, just before the client is closed. */
  lost(why: string): void;
  /** The text of the error that answers request `method` whose answer was lost while the server lives. */
  lostAnswer(method: string): string;
}

/** Watches `client`'s transport (connected already) until it closes. */
export function watchLiveness(client: Client, hooks: LivenessHooks): void {
  const transport = client.transport as Transport | undefined;
  if (!transport) return;
  /** Requests sent and not answered, by id: their method. */
  const open = new Map<RequestId, string>();
  /** Requests whose response stream ended without the answer. */
  const cut = new Set<RequestId>();
  let checking: Promise<void> | undefined;
  let gone = false;

  const check = (why: string): void => {
    if (gone || checking) return;
    checking = (async () => {
      try {
        await client.ping({ timeout: PING_TIMEOUT_MS });
      } catch (err) {
        // A JSON-RPC error is an answer: the server is there.
        if (!(err instanceof ProtocolError)) {
          gone = true;
          hooks.lost(`${why}; then it did not answer a ping within ${PING_TIMEOUT_MS / 1000} s (${errorMessage(err)})`);
          await client.close().catch(() => {});
          return;
        }
      } finally {
        checking = undefined;
      }
      // It lives: the requests whose streams were cut will never get their answer; they get this error now.
      const receive = transport.onmessage;
      for (const id of [...cut]) {
        cut.delete(id);
        const method = open.get(id);
        if (method === undefined) continue;
        open.delete(id);
        receive?.({ jsonrpc: '2.0', id, error: { code: LOST_ANSWER, message: hooks.lostAnswer(method) } } as JSONRPCMessage);
      }
    })();
  };

  const send = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage, options?: TransportSendOptions) => {
    const request = asRequest(message);
    if (request) {
      const { id, method } = request;
      open.set(id, method);
      // Aborted on purpose (the 2026-07-28 way of cancelling): no answer is awaited.
      options?.requestSignal?.addEventListener('abort', () => open.delete(id), { once: true });
      const ended = options?.onRequestStreamEnd;
      options = {
        ...options,
        onRequestStreamEnd: () => {
          ended?.();
          if (!open.has(id)) return;
          cut.add(id);
          check(`the response stream of its "${method}" request ended without the answer`);
        },
      };
    } else if (isCancel(message)) {
      // Given up by the client (cancelled, timed out): no answer is awaited.
      open.delete(message.params.requestId);
    }
    return send(message, options);
  };

  const receive = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if (isResponse(message)) open.delete(message.id);
    receive?.(message, extra);
  };

  const failed = client.onerror;
  client.onerror = (error) => {
    failed?.(error);
    // The package's own reports of what it could not read are not a lost server; a transport's failures may be.
    if (/unknown message ID/i.test(errorMessage(error))) return;
    check(`its connection failed (${errorMessage(error)})`);
  };
}

function asRequest(message: JSONRPCMessage): { id: RequestId; method: string } | undefined {
  const m = message as { id?: unknown; method?: unknown };
  return typeof m.method === 'string' && (typeof m.id === 'string' || typeof m.id === 'number') ? { id: m.id, method: m.method } : undefined;
}

function isResponse(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId } {
  const m = message as { id?: unknown; method?: unknown; result?: unknown; error?: unknown };
  return m.method === undefined && (typeof m.id === 'string' || typeof m.id === 'number') && ('result' in m || 'error' in m);
}

function isCancel(message: JSONRPCMessage): message is JSONRPCMessage & { params: { requestId: RequestId } } {
  const m = message as { method?: unknown; params?: { requestId?: unknown } };
  return m.method === 'notifications/cancelled' && (typeof m.params?.requestId === 'string' || typeof m.params?.requestId === 'number');
}
