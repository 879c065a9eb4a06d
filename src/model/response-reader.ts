/**
 * Reads a chat completion response body as a sequence of parsed chunks,
 * whatever form the server chose: an SSE stream, or one JSON completion
 * (some local servers answer JSON even when asked to stream, sometimes even
 * labelled `text/event-stream`). The body is sniffed, not trusted.
 */
import { PageloopError } from '../errors.js';
import { SseParser } from './sse-parser.js';

/**
 * Yields each parsed chunk of `response`'s body, stopping at `[DONE]`.
 * A JSON body yields the completion object once. Leaving the loop early (or
 * an error) cancels the body, which closes the connection.
 */
export async function* readCompletionChunks(response: Response): AsyncGenerator<unknown> {
  const body = response.body;
  if (!body) throw new PageloopError('empty-response', 'The server answered with no body.', true);
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  let sniffed: 'json' | 'sse' | undefined = /\bjson\b/i.test(response.headers.get('content-type') ?? '') ? 'json' : undefined;
  let jsonText = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      if (sniffed === undefined) {
        const first = text.trimStart()[0];
        if (first !== undefined) sniffed = first === '{' ? 'json' : 'sse';
      }
      if (sniffed === 'json') {
        jsonText += text;
      } else {
        const events = done ? [...parser.push(text), ...parser.end()] : parser.push(text);
        for (const event of events) {
          if (event.data.trim() === '[DONE]') {
            return;
          }
          yield* parseData(event.event, event.data);
        }
      }
      if (done) break;
    }
    if (sniffed === 'json') yield parseJson(jsonText);
  } finally {
    // Releases the connection when the consumer stops early, errs, or the
    // server keeps it open after [DONE].
    await reader.cancel().catch(() => {});
  }
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
