/**
 * Why an MCP server could not be reached, in words that name the server and
 * say what to fix. A browser cannot tell a CORS refusal from a refused
 * connection (both are a bare TypeError from fetch), so a failed fetch is
 * followed by a `no-cors` probe: if that one gets an (opaque) answer, the
 * server is up and it is the CORS headers that are missing.
 */
import type { McpErrorCode } from '../../mcp-types.js';
import type { NamedServer } from './mcp-names.js';
import { getsAnswer } from '../../model/network-diagnosis.js';

/** An explained failure. */
export interface McpFailure {
  code: McpErrorCode;
  message: string;
}

/** The HTTP status a client-package error carries (`SdkHttpError.status`, `SseError.code`), if any. */
export function httpStatus(err: unknown): number | undefined {
  const e = err as { status?: unknown; code?: unknown; data?: { status?: unknown } } | null;
  for (const value of [e?.status, e?.data?.status, e?.code]) if (typeof value === 'number' && value >= 100 && value < 600) return value;
  // Some paths only say it in the message ("… (HTTP 404)", "Non-200 status code (404)").
  const match = /\b(?:HTTP|status code)\D{0,3}(\d{3})\b/i.exec(String((err as Error | null)?.message ?? ''));
  return match ? Number(match[1]) : undefined;
}

/**
 * True when client and server share no protocol revision: the `-32022`
 * UnsupportedProtocolVersion error of a 2026-07-28 `server/discover`, or a
 * 2025 `initialize` answered with a revision the client does not speak.
 */
function isVersionMismatch(err: unknown, message: string): boolean {
  return (err as { code?: unknown } | null)?.code === -32022 || /protocol version is not supported|unsupported protocol version/i.test(message);
}

/** True for fetch's own failure (network, CORS), as opposed to an answer the client did not like. */
export function isNetworkError(err: unknown): boolean {
  return err instanceof TypeError && /fetch|network|load failed/i.test(err.message);
}

/** The CORS headers a server must send for this page, as the error and the README say them. */
export function corsAdvice(origin: string, headers: readonly string[] = []): string {
  const allow = ['Content-Type', 'Accept', 'Authorization', 'Mcp-Session-Id', 'Mcp-Protocol-Version', 'Mcp-Method', 'Mcp-Name', 'Last-Event-ID', ...headers.filter((h) => h.toLowerCase() !== 'authorization')];
  return (
    `Access-Control-Allow-Origin: ${origin} (or *), Access-Control-Allow-Methods: GET, POST, DELETE, ` +
    `Access-Control-Allow-Headers: ${[...new Set(allow)].join(', ')}, ` +
    `Access-Control-Expose-Headers: Mcp-Session-Id, Mcp-Protocol-Version (without it the session id cannot be read), and answer OPTIONS preflights with 204`
  );
}

/** Explains `err`, the failure of connecting to `server` (over both transports, where the second was tried). */
export async function explainFailure(server: NamedServer, err: unknown): Promise<McpFailure> {
  const who = `MCP server "${server.name}" (${server.url})`;
  const status = httpStatus(err);
  const message = String((err as Error | null)?.message ?? err);
  if (isNetworkError(err)) {
    if (await getsAnswer(server.url, 'no-cors')) {
      const origin = self.location.origin;
      return { code: 'cors', message: `${who} answered, but the browser blocked the answer: the server does not allow this page's origin (CORS). It must send ${corsAdvice(origin, Object.keys(server.headers ?? {}))}.` };
    }
    return { code: 'refused', message: `${who}: nothing answers at this address (connection refused, or the host cannot be reached). Start the server, or check the URL and port.` };
  }
  if (status === 401 || /unauthori[sz]ed/i.test(message)) {
    return { code: 'unauthorized', message: `${who} answered 401 Unauthorized: it needs credentials. Pass them in the server's headers, e.g. mcp: [{ url, headers: { Authorization: 'Bearer <token>' } }].` };
  }
  if (status === 403) return { code: 'forbidden', message: `${who} answered 403 Forbidden: the credentials sent (headers) are not allowed to use it. Check the token and its scopes.` };
  if (isVersionMismatch(err, message)) {
    const offered = (err as { data?: { supported?: unknown } } | null)?.data?.supported;
    const theirs = Array.isArray(offered) && offered.length ? ` The server offers ${offered.join(', ')};` : '';
    return { code: 'protocol-version', message: `${who} and this client share no MCP protocol revision (${message}).${theirs} pageloop speaks 2026-07-28 and 2024-11-05 to 2025-11-25. Update the server (or pageloop) so they speak a common one.` };
  }
  if (status !== undefined || /content.type|unexpected|invalid|json|parse/i.test(message)) {
    return { code: 'not-mcp', message: `${who} answered, but not as an MCP endpoint${status ? ` (HTTP ${status})` : ''}: ${message}. Check the path: Streamable HTTP servers usually serve /mcp, legacy HTTP+SSE ones /sse.` };
  }
  return { code: 'failed', message: `${who} could not be connected: ${message}` };
}
