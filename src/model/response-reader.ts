/**
 * Reads a chat completion response body as a sequence of parsed chunks,
 * whatever form the server chose: an SSE stream, or one JSON completion
 * (some local servers answer JSON even when asked to stream, sometimes even
 * labelled `text/event-stream`, and SSE labelled `application/json` by
 * some proxies). The body is sniffed, not its label trusted. An HTML page (a
 * captive portal, a login page, a web server at the wrong path) is named as
 * such, never shown raw; a server that stops sending for `idleTimeoutMs`
 * ends the read with a retryable `timeout` error.
 */
import { PageloopError } from '../errors.js';
import { SseParser } from './sse-parser.js';

/** How long a body may go on after `[DONE]` before it is cancelled (servers end it at once; a proxy may hold it open). */
const AFTER_DONE_MS = 2000;

/**
 * Yields each parsed chunk of `response`'s body, stopping at `[DONE]`.
 * A JSON body yields the completion object once. Leaving the loop early (or
 * an error) cancels the body, which closes the connection. After `[DONE]`
 * the body is left to end by itself (read on in the background, at most
 * `AFTER_DONE_MS`, then cancelled): the server's last bytes (the chunked
 * encoding's end) usually arrive just after it, and cancelling a reply the
 * server has finished shows a complete request as cancelled
 * (`net::ERR_ABORTED`) in the browser's network panel.
 */
export async function* readCompletionChunks(response: Response, options: ReadOptions = {}): AsyncGenerator<unknown> {
  const body = response.body;
  if (!body) throw new PageloopError('empty-response', 'The server answered with no body.', true);
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  const html = /\bhtml\b/i.test(response.headers.get('content-type') ?? '');
  let sniffed: 'json' | 'sse' | 'html' | undefined;
  let jsonText = '';
  /** `ended`: the body was read to its end; `answered`: the server said `[DONE]`. */
  let end: 'ended' | 'answered' | undefined;
  try {
    for (;;) {
      const { done, value } = await readWithin(reader, options, response.url);
      if (done) end = 'ended';
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      if (sniffed === undefined) {
        const first = text.trimStart()[0];
        if (first !== undefined) sniffed = first === '<' || (html && first !== '{' && first !== 'd' && first !== ':') ? 'html' : first === '{' ? 'json' : 'sse';
      }
      if (sniffed === 'html') {
        jsonText += text;
        if (done || jsonText.length > 4096) throw new PageloopError('http', htmlPageMessage(response.status, jsonText, response.url || options.endpoint || 'The server'), false);
      } else if (sniffed === 'json') {
        jsonText += text;
      } else {
        const events = done ? [...parser.push(text), ...parser.end()] : parser.push(text);
        for (const event of events) {
          if (event.data.trim() === '[DONE]') {
            end ??= 'answered';
            return;
          }
          yield* parseData(event.event, event.data);
        }
      }
      if (done) break;
    }
    if (sniffed === 'json') yield parseJson(jsonText);
  } finally {
    // Releases the connection when the consumer stops early or errs; a body
    // read to its end has nothing to release, and one the server answered is
    // let end by itself (released if it does not soon).
    if (end === 'answered') void readToEnd(reader, AFTER_DONE_MS);
    else if (end !== 'ended') await reader.cancel().catch(() => {});
  }
}

/** Reads what is left of a body the server has answered in, cancelling it if it has not ended within `ms`. */
async function readToEnd(reader: ReadableStreamDefaultReader<Uint8Array>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), late]);
      if (next === 'late') return void (await reader.cancel().catch(() => {}));
      if (next.done) return;
    }
  } catch {
    // The connection failed after the answer: nothing left to release.
  } finally {
    clearTimeout(timer);
  }
}

/** Options of `readCompletionChunks`. */
export interface ReadOptions {
  /** Longest silence allowed between two pieces of the body, in ms; absent: no limit. */
  idleTimeoutMs?: number;
  /**
   * When the reply last said something (`performance.now()`), kept up to date
   * by the caller: the idle timeout then counts from it, so bytes that carry
   * nothing — keep-alive comments, empty chunks, sent for ever — do not keep a
   * stalled reply alive.
   */
  progress?: { at: number };
  /** Named in errors when the response carries no URL. */
  endpoint?: string;
}

/** The next piece of the body, or a retryable `timeout` error after `idleTimeoutMs` of silence. */
async function readWithin(reader: ReadableStreamDefaultReader<Uint8Array>, options: ReadOptions, url: string): Promise<ReadableStreamReadResult<Uint8Array>> {
  const ms = options.idleTimeoutMs;
  if (ms === undefined || !Number.isFinite(ms) || ms <= 0) return reader.read();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = options.progress ? options.progress.at + ms - performance.now() : ms;
  const silence = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const where = options.endpoint ?? (url || 'The model server');
      reject(new PageloopError('timeout', `${where} stopped sending for ${Math.round(ms / 1000)} s in the middle of the reply (idleTimeoutMs)${options.progress ? ' (keep-alives and empty chunks do not count)' : ''}. What arrived is kept; retry, or raise idleTimeoutMs for a slow model.`, true, { seconds: Math.round(ms / 1000) }));
    }, Math.max(0, wait));
  });
  try {
    return await Promise.race([reader.read(), silence]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What to say about an HTML page where a model's answer was expected: its
 * title, never its markup, and the likely causes.
 */
export function htmlPageMessage(status: number, html: string, endpoint: string): string {
  const title = /<title[^>]*>([^<]{1,120})/i.exec(html)?.[1]?.replace(/\s+/g, ' ').trim();
  const page = title ? `an HTML page ("${title}")` : 'an HTML page';
  const why =
    status >= 500
      ? 'a proxy or gateway in front of the model server failed, or the server is down.'
      : status === 404
        ? 'nothing answers at this path: check baseURL (most servers want it to end in /v1).'
        : status === 401 || status === 403
          ? 'the server (or a proxy) wants you to sign in or to send an API key.'
          : 'baseURL may point at a web page instead of the API (most servers want it to end in /v1), or a captive portal or login page is in the way.';
  return `${endpoint} answered${status !== 200 ? ` HTTP ${status} with` : ''} ${page} instead of a model reply: ${why}`;
}

/** One SSE event's data as chunks: usually one JSON object, sometimes several on their own lines. */
function* parseData(event: string, data: string): Generator<unknown> {
  const trimmed = data.trim();
  if (trimmed === '') return;
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    // Servers that forget the blank line between events send several JSON
    // lines in one event; take each on its own.
    const lines = trimmed.split('\n').filter((l) => l.trim() !== '');
    if (lines.length > 1) {
      for (const line of lines) yield* parseData(event, line.replace(/^data:\s?/, ''));
      return;
    }
    // Non-JSON keep-alives ("ping") carry nothing; a broken JSON chunk does.
    if (!trimmed.startsWith('{')) return;
    throw new PageloopError('stream', `The server sent a chunk that is not valid JSON: ${trimmed.slice(0, 200)}`);
  }
  if (event === 'error' && (typeof value !== 'object' || value === null || !('error' in value))) {
    yield { error: value };
    return;
  }
  yield value;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new PageloopError('stream', `The server sent a reply that is not valid JSON: ${text.slice(0, 200)}`);
  }
}
