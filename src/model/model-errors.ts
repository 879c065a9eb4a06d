/**
 * Maps whatever a model request throws onto `PageloopError` codes the loop
 * can act on: `tools-unsupported` (switch to the text protocol),
 * `context-overflow` (fold the history and ask again), `http`
 * (retryable for 429 and 5xx), `network`, `stream`, `aborted`.
 */
import OpenAI from 'openai';
import { PageloopError, isAbortError } from '../errors.js';
import { saysContextOverflow } from './context-window.js';
import { htmlPageMessage } from './response-reader.js';

/**
 * What servers say when they refuse native tools. Ollama: "… does not support
 * tools"; llama.cpp without --jinja: "tools param requires --jinja flag";
 * vLLM without a tool parser: '"auto" tool choice requires
 * --enable-auto-tool-choice …'; others: "tools are not supported",
 * "tool_choice is not supported", "Unrecognized request argument supplied: tools".
 */
const TOOLS_REFUSED = [
  /does(?: not|n't) support (?:native )?(?:tools|tool[ _-]?call(?:s|ing)?|function[ _-]?call(?:s|ing)?)/i,
  /\b(?:tools?|tool[ _-]?choice|tool[ _-]?call(?:s|ing)?|function[ _-]?call(?:s|ing)?)\b[^.]{0,40}\b(?:(?:is|are) not (?:supported|enabled|available|allowed)|unsupported)/i,
  /\bunsupported\b[^.]{0,20}\b(?:tools?|tool[ _-]?choice|function[ _-]?calling)\b/i,
  /--jinja\b/i,
  /enable-auto-tool-choice/i,
  /unrecognized request arguments? supplied:?[^.]*\btools?\b/i,
];

/** True when `message` says the endpoint does not accept native tools. */
export function saysToolsUnsupported(message: string): boolean {
  return TOOLS_REFUSED.some((re) => re.test(message));
}

/**
 * Converts an error thrown while requesting or reading a completion.
 * `hadTools`: the request offered native tools, so a refusal of them becomes
 * `tools-unsupported` instead of a plain failure.
 */
export function toModelError(err: unknown, hadTools: boolean, endpoint = 'the model server'): PageloopError {
  if (err instanceof OpenAI.APIUserAbortError || isAbortError(err)) {
    return err instanceof PageloopError ? err : new PageloopError('aborted', 'The request was aborted.');
  }
  if (err instanceof PageloopError) {
    if (hadTools && (err.code === 'stream' || err.code === 'http') && saysToolsUnsupported(err.message)) {
      return new PageloopError('tools-unsupported', err.message);
    }
    if ((err.code === 'stream' || err.code === 'http') && saysContextOverflow(err.message)) {
      return new PageloopError('context-overflow', err.message);
    }
    return err;
  }
  // Our fetch (retrying-fetch.ts) throws clear errors; the SDK wraps them as the cause of a connection error.
  if (err instanceof OpenAI.APIConnectionError && err.cause instanceof PageloopError) return toModelError(err.cause, hadTools, endpoint);
  if (err instanceof OpenAI.APIConnectionTimeoutError) {
    return new PageloopError('network', 'The model server did not answer in time.', true);
  }
  if (err instanceof OpenAI.APIConnectionError) {
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
    return new PageloopError('network', `Could not reach the model server (${err.message}${cause}).`, true);
  }
  if (err instanceof OpenAI.APIError && err.status !== undefined) {
    const message = serverMessage(err);
    if (hadTools && saysToolsUnsupported(message)) return new PageloopError('tools-unsupported', message);
    if (saysContextOverflow(message)) return new PageloopError('context-overflow', `${message} (HTTP ${err.status})`);
    const retryable = err.status === 429 || err.status >= 500;
    return new PageloopError('http', `${message} (HTTP ${err.status})${hintFor(err.status, endpoint)}`, retryable, { status: err.status });
  }
  if (err instanceof TypeError) {
    // fetch rejects with a TypeError when the network fails mid-body.
    return new PageloopError('network', `The connection to the model server failed: ${err.message}`, true);
  }
  const message = err instanceof Error ? err.message : String(err);
  return new PageloopError('network', message, true);
}

/** What usually fixes an HTTP status, naming the endpoint. */
function hintFor(status: number, endpoint: string): string {
  if (status === 401 || status === 403) return `. ${endpoint} wants an API key: set apiKey (the api-key attribute) to the key the server was given (llama-server: --api-key; vLLM: --api-key).`;
  if (status === 404) return `. Nothing answers at ${endpoint}/chat/completions: check baseURL (most servers want it to end in /v1).`;
  return '';
}

/** The server's own words, not the SDK's "400 …" rendering of them. */
function serverMessage(err: InstanceType<typeof OpenAI.APIError>): string {
  const body: unknown = err.error;
  if (typeof body === 'string' && body !== '') return body;
  if (typeof body === 'object' && body !== null) {
    const m = (body as { message?: unknown }).message;
    if (typeof m === 'string' && m !== '') return m;
    return JSON.stringify(body);
  }
  return err.message.replace(/^\d{3} /, '');
}

/**
 * Wraps `fetch` so that error bodies without an `error` key — vLLM's
 * `{"object":"error","message":…}`, FastAPI's `{"detail":…}` — reach the SDK
 * as `{"error":{"message":…}}`; otherwise it keeps only "400 status code".
 */
export function normalizingErrorBodies(fetchImpl: () => typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl()(input, init);
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    let body = text;
    if (json === undefined && (/\bhtml\b/i.test(response.headers.get('content-type') ?? '') || /^\s*</.test(text))) {
      // An nginx 502 page, a captive portal: named by its title, never shown raw.
      body = JSON.stringify({ error: { message: htmlPageMessage(response.status, text, endpointOf(response.url)) } });
    } else if (typeof json === 'object' && json !== null && !('error' in json)) {
      const record = json as Record<string, unknown>;
      const found = [record.message, record.detail, record.msg].find((v) => v !== undefined);
      const message = typeof found === 'string' ? found : JSON.stringify(found ?? json);
      body = JSON.stringify({ error: { message } });
    }
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** The base of a chat completions URL, for messages. */
function endpointOf(url: string): string {
  return url.replace(/\/chat\/completions(?:\?.*)?$/, '') || 'The server';
}
