/**
 * A small server-sent-events parser for chat completion streams. We parse the
 * bytes ourselves instead of trusting the openai SDK's stream reader, because
 * local servers bend the format: a final `data: [DONE]` without the blank line
 * that dispatches it, `\r\n` or bare `\r` line ends, comment keep-alives, and
 * several `data:` lines that are each a whole JSON chunk.
 */

/** One dispatched event: its `event:` name (default "message") and its joined `data:` lines. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Turns text into SSE events, fed in pieces cut anywhere. Feeding the same
 * text in one piece or one character at a time yields the same events.
 *
 * @example
 * const p = new SseParser();
 * p.push('data: {"a":1}\n\nda'); // → [{ event: 'message', data: '{"a":1}' }]
 * p.push('ta: [DONE]'); p.end(); // → [{ event: 'message', data: '[DONE]' }]
 */
export class SseParser {
  #line = '';
  /** The previous piece ended in `\r`: a following `\n` belongs to the same line end. */
  #afterCR = false;
  #data: string[] = [];
  #event = '';

  /** Feeds decoded text; returns the events it completed. */
  push(text: string): SseEvent[] {
    const out: SseEvent[] = [];
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      if (c === 10 && this.#afterCR && i === start && this.#line === '') {
        // The "\n" of a "\r\n" split across pieces (or right after one in this piece).
        this.#afterCR = false;
        start = i + 1;
        continue;
      }
      this.#line += text.slice(start, i);
      this.#takeLine(out);
      this.#afterCR = c === 13;
      start = i + 1;
      if (c === 13 && text.charCodeAt(i + 1) === 10) {
        this.#afterCR = false;
        start = ++i + 1;
      }
    }
    if (start < text.length) {
      this.#line += text.slice(start);
      this.#afterCR = false;
    }
    return out;
  }

  /** The stream ended: dispatches what is pending, even without the final blank line. */
  end(): SseEvent[] {
    const out: SseEvent[] = [];
    if (this.#line !== '') this.#takeLine(out);
    this.#dispatch(out);
    return out;
  }

  #takeLine(out: SseEvent[]): void {
    const line = this.#line;
    this.#line = '';
    if (line === '') return this.#dispatch(out);
    if (line.startsWith(':')) return; // comment / keep-alive
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.#data.push(value);
    else if (field === 'event') this.#event = value;
    // `id:` and `retry:` mean nothing for a one-shot completion stream.
  }

  #dispatch(out: SseEvent[]): void {
    if (this.#data.length > 0) out.push({ event: this.#event || 'message', data: this.#data.join('\n') });
    this.#data = [];
    this.#event = '';
  }
}

/**
 * Reads a byte stream as SSE events. UTF-8 is decoded in streaming mode, so a
 * character split across network chunks arrives whole.
 */
export async function* readSseEvents(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  const parser = new SseParser();
  for await (const bytes of chunks) yield* parser.push(decoder.decode(bytes, { stream: true }));
  yield* parser.push(decoder.decode());
  yield* parser.end();
}
