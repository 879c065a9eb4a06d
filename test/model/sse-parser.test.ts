import { expect } from 'chai';
import { SseParser, readSseEvents, type SseEvent } from '../../src/model/sse-parser.js';

function parseInPieces(pieces: string[]): SseEvent[] {
  const p = new SseParser();
  const out: SseEvent[] = [];
  for (const piece of pieces) out.push(...p.push(piece));
  out.push(...p.end());
  return out;
}

async function* bytesOf(parts: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield part;
}

const STREAM =
  ': keep-alive comment\n\n' +
  'data: {"choices":[{"delta":{"content":"Grüße 👋 "}}]}\n\n' +
  'data: {"choices":[{"delta":{"content":"日本"}}]}\r\n\r\n' +
  'event: error\ndata: {"message":"boom"}\n\n' +
  'data: [DONE]';

describe('SseParser', () => {
  it('dispatches events and the final [DONE] without a trailing blank line', () => {
    const events = parseInPieces([STREAM]);
    expect(events.map((e) => e.data)).to.deep.equal([
      '{"choices":[{"delta":{"content":"Grüße 👋 "}}]}',
      '{"choices":[{"delta":{"content":"日本"}}]}',
      '{"message":"boom"}',
      '[DONE]',
    ]);
    expect(events[2]!.event).to.equal('error');
    expect(events[0]!.event).to.equal('message');
  });

  it('yields the same events for every split of the text into two pieces', () => {
    const whole = parseInPieces([STREAM]);
    for (let cut = 0; cut <= STREAM.length; cut++) {
      expect(parseInPieces([STREAM.slice(0, cut), STREAM.slice(cut)]), `cut at ${cut}`).to.deep.equal(whole);
    }
  });

  it('yields the same events when fed one character at a time', () => {
    expect(parseInPieces([...STREAM])).to.deep.equal(parseInPieces([STREAM]));
  });

  it('treats \\r\\n split across pieces as one line end', () => {
    expect(parseInPieces(['data: a\r', '\n\r', '\ndata: b\r\n\r\n'])).to.deep.equal([
      { event: 'message', data: 'a' },
      { event: 'message', data: 'b' },
    ]);
  });

  it('accepts bare \\r line ends and "data:" without a space', () => {
    expect(parseInPieces(['data:x\r\rdata: y\r\r'])).to.deep.equal([
      { event: 'message', data: 'x' },
      { event: 'message', data: 'y' },
    ]);
  });

  it('joins several data lines of one event with newlines', () => {
    expect(parseInPieces(['data: {"a":\ndata: 1}\n\n'])).to.deep.equal([{ event: 'message', data: '{"a":\n1}' }]);
  });
});

describe('readSseEvents', () => {
  it('decodes UTF-8 split at every byte position identically', async () => {
    const bytes = new TextEncoder().encode(STREAM);
    const expected: SseEvent[] = [];
    for await (const e of readSseEvents(bytesOf([bytes]))) expected.push(e);
    expect(expected[0]!.data).to.contain('Grüße 👋');
    for (let cut = 1; cut < bytes.length; cut++) {
      const got: SseEvent[] = [];
      for await (const e of readSseEvents(bytesOf([bytes.slice(0, cut), bytes.slice(cut)]))) got.push(e);
      expect(got, `cut at byte ${cut}`).to.deep.equal(expected);
    }
  });

  it('decodes a stream delivered one byte at a time', async () => {
    const bytes = new TextEncoder().encode(STREAM);
    const parts = [...bytes].map((b) => new Uint8Array([b]));
    const got: SseEvent[] = [];
    for await (const e of readSseEvents(bytesOf(parts))) got.push(e);
    expect(got.map((e) => e.data)[1]).to.equal('{"choices":[{"delta":{"content":"日本"}}]}');
    expect(got).to.have.length(4);
  });
});
