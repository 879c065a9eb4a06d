import { expect } from 'chai';
import { createOpenAIModel } from '../../src/model/openai-model.js';
import { isAbortError } from '../../src/errors.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { chunk, jsonTurn, textTurn } from '../../src/testing/chunks.js';
import type { ModelEvent } from '../../src/model/chat-model.js';
import { collect, doneOf, streamError, textOf, thinkingOf, usageOf } from './helpers.js';

const messages = [{ role: 'user' as const, content: 'Hi' }];
const tools = [{ name: 'add', description: 'Adds', parameters: { type: 'object' } }];

/** A fetch that answers with `body` delivered in the given byte pieces. */
function fetchWithPieces(pieces: Uint8Array[], contentType = 'text/event-stream'): typeof fetch {
  return async () => {
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (i < pieces.length) controller.enqueue(pieces[i++]!);
        else controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': contentType } });
  };
}

describe('createOpenAIModel: reading the stream', () => {
  const RAW =
    'data: {"choices":[{"index":0,"delta":{"role":"assistant","content":"Grüße, "}}]}\n\n' +
    'data: {"choices":[{"index":0,"delta":{"content":"👋 日本!"}}]}\n\n' +
    'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":2}}\n\n' +
    'data: [DONE]';

  it('reads raw chunks split mid-line from the mock, and [DONE] without a trailing blank line', async () => {
    const cuts = [5, 31, 60, 99, 130, 171, 200, 230];
    const pieces: string[] = [];
    let from = 0;
    for (const cut of cuts) pieces.push(RAW.slice(from, (from = cut)));
    pieces.push(RAW.slice(from));
    const mock = await mockEndpoint({ turns: [{ chunks: pieces, done: false, delayMs: 2 }] });
    const events = await collect(createOpenAIModel({ baseURL: mock.baseURL, model: 'm' }), { messages });
    expect(textOf(events)).to.equal('Grüße, 👋 日本!');
    expect(usageOf(events)).to.deep.equal([{ type: 'usage', promptTokens: 3, completionTokens: 2 }]);
    expect(doneOf(events).finishReason).to.equal('stop');
  });

  it('yields identical events for the body split at every byte, mid UTF-8 character included', async () => {
    const bytes = new TextEncoder().encode(RAW);
    const whole = await collect(createOpenAIModel({ baseURL: 'http://x.test/v1', model: 'm', fetch: fetchWithPieces([bytes]) }), { messages });
    const wholeText = textOf(whole);
    for (let cut = 1; cut < bytes.length; cut++) {
      const model = createOpenAIModel({ baseURL: 'http://x.test/v1', model: 'm', fetch: fetchWithPieces([bytes.slice(0, cut), bytes.slice(cut)]) });
      const events = await collect(model, { messages });
      expect(textOf(events), `cut at byte ${cut}`).to.equal(wholeText);
      expect(doneOf(events), `cut at byte ${cut}`).to.deep.equal(doneOf(whole));
      expect(usageOf(events), `cut at byte ${cut}`).to.deep.equal(usageOf(whole));
    }
  });

  it('reads a non-streaming JSON completion: text, reasoning, usage and done', async () => {
    const mock = await mockEndpoint({
      turns: [jsonTurn({ content: 'Four.', reasoning_content: '2+2 is 4' }, { usage: { prompt_tokens: 9, completion_tokens: 2 } })],
    });
    const events = await collect(createOpenAIModel({ baseURL: mock.baseURL, model: 'm' }), { messages });
    expect(events.map((e) => e.type)).to.deep.equal(['thinking', 'text', 'usage', 'done']);
    expect(thinkingOf(events)).to.equal('2+2 is 4');
    expect(doneOf(events)).to.deep.equal({ type: 'done', text: 'Four.', toolCalls: [], finishReason: 'stop' });
  });

  it('reads <think> and tool calls (arguments as an object) from a JSON completion', async () => {
    const mock = await mockEndpoint({
      turns: [
        jsonTurn(
          { content: '<think>need add</think>', tool_calls: [{ id: 'c9', type: 'function', function: { name: 'add', arguments: { a: 1 } } }] },
          { finishReason: 'tool_calls' },
        ),
      ],
    });
    const events = await collect(createOpenAIModel({ baseURL: mock.baseURL, model: 'm' }), { messages, tools });
    expect(thinkingOf(events)).to.equal('need add');
    expect(doneOf(events)).to.deep.include({ text: '', finishReason: 'tool_calls' });
    expect(doneOf(events).toolCalls).to.deep.equal([{ id: 'c9', name: 'add', argsText: '{"a":1}' }]);
  });

  it('reads a JSON completion sent with an SSE content type', async () => {
    const body = JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: 'Plain JSON' }, finish_reason: 'stop' }] });
    const model = createOpenAIModel({ baseURL: 'http://x.test/v1', model: 'm', fetch: fetchWithPieces([new TextEncoder().encode(body)]) });
    expect(doneOf(await collect(model, { messages })).text).to.equal('Plain JSON');
  });

  it('throws a stream error with the server message for data: {"error"} mid-stream', async () => {
    const mock = await mockEndpoint({
      turns: [{ chunks: [chunk({ content: 'Par' }), { error: { message: 'upstream model crashed', type: 'server_error' } }] }],
    });
    const seen: ModelEvent[] = [];
    let caught: unknown;
    try {
      for await (const e of createOpenAIModel({ baseURL: mock.baseURL, model: 'm' }).stream({ messages }, new AbortController().signal)) seen.push(e);
    } catch (err) {
      caught = err;
    }
    expect(textOf(seen)).to.equal('Par');
    expect(caught).to.include({ code: 'stream', message: 'upstream model crashed' });
  });

  it('throws empty-response when the stream ends with no content and no tool call', async () => {
    const mock = await mockEndpoint({ turns: [{ chunks: [chunk({ role: 'assistant', content: '' }), chunk({}, 'stop')] }] });
    const err = await streamError(createOpenAIModel({ baseURL: mock.baseURL, model: 'm' }), { messages });
    expect(err).to.include({ code: 'empty-response' });
    expect((err as Error).message).to.match(/empty/i);
  });

  it('throws tools-unsupported when Ollama refuses native tools', async () => {
    const mock = await mockEndpoint({
      turns: [{ status: 400, error: { message: 'registry.ollama.ai/library/gemma:2b does not support tools' } }],
    });
    const err = await streamError(createOpenAIModel({ baseURL: mock.baseURL, model: 'm' }), { messages, tools });
    expect(err).to.include({ code: 'tools-unsupported', retryable: false });
    expect((err as Error).message).to.contain('does not support tools');
  });

  it('keeps the same refusal an http error when the request had no tools', async () => {
    const mock = await mockEndpoint({ turns: [{ status: 400, error: { message: 'gemma:2b does not support tools' } }] });
    const err = await streamError(createOpenAIModel({ baseURL: mock.baseURL, model: 'm' }), { messages });
    expect(err).to.include({ code: 'http' });
  });

  it('throws tools-unsupported for llama.cpp without --jinja (500 with error body)', async () => {
    const mock = await mockEndpoint({ turns: [{ status: 500, error: { code: 500, message: 'tools param requires --jinja flag', type: 'server_error' } }] });
    const err = await streamError(createOpenAIModel({ baseURL: mock.baseURL, model: 'm', maxRetries: 0 }), { messages, tools });
    expect(err).to.include({ code: 'tools-unsupported' });
  });

  it('aborts: the stream throws an abort and the server sees the connection close', async () => {
    const mock = await mockEndpoint({ turns: [{ ...textTurn('Partial answer'), hang: true, done: false }] });
    const controller = new AbortController();
    const model = createOpenAIModel({ baseURL: mock.baseURL, model: 'm' });
    const seen: ModelEvent[] = [];
    let caught: unknown;
    try {
      for await (const e of model.stream({ messages }, controller.signal)) {
        seen.push(e);
        if (textOf(seen) === 'Partial answer') controller.abort();
      }
    } catch (err) {
      caught = err;
    }
    expect(isAbortError(caught)).to.equal(true);
    expect(caught).to.include({ code: 'aborted' });
    // The server notices the close asynchronously; poll until it has (mocha's timeout fails the test otherwise).
    for (;;) {
      const [entry] = await mock.log();
      if (entry!.clientClosedEarly) break;
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  it('aborts while waiting to retry a 429 without waiting for retry-after', async () => {
    const mock = await mockEndpoint({ turns: [{ status: 429, error: { message: 'slow down' }, headers: { 'retry-after': '30' } }, textTurn('late')] });
    const controller = new AbortController();
    const pending = streamError(createOpenAIModel({ baseURL: mock.baseURL, model: 'm' }), { messages }, controller.signal);
    for (;;) {
      if ((await mock.log()).length === 1) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    controller.abort();
    expect(await pending).to.include({ code: 'aborted' });
  });

  it('throws aborted at once for an already aborted signal, sending nothing', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('never')] });
    const err = await streamError(createOpenAIModel({ baseURL: mock.baseURL, model: 'm' }), { messages }, AbortSignal.abort());
    expect(err).to.include({ code: 'aborted' });
    expect(await mock.log()).to.have.length(0);
  });
});

describe('createOpenAIModel: server quirks over the wire', () => {
  it('reads arguments sent as a JSON object inside an SSE stream', async () => {
    const mock = await mockEndpoint({
      turns: [{ chunks: [chunk({ tool_calls: [{ index: 0, id: 'q1', type: 'function', function: { name: 'add', arguments: { a: 2 } } }] }, 'tool_calls')] }],
    });
    const done = doneOf(await collect(createOpenAIModel({ baseURL: mock.baseURL, model: 'm' }), { messages, tools }));
    expect(done.toolCalls).to.deep.equal([{ id: 'q1', name: 'add', argsText: '{"a":2}' }]);
  });

  it('reads data lines sent without blank lines between them, and comment keep-alives', async () => {
    const raw =
      ': OPENROUTER PROCESSING\n\n' +
      'data: {"choices":[{"index":0,"delta":{"content":"A"}}]}\n' +
      'data: {"choices":[{"index":0,"delta":{"content":"B"}}]}\n' +
      'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n' +
      'data: [DONE]\n';
    const mock = await mockEndpoint({ turns: [{ chunks: [raw], done: false }] });
    expect(doneOf(await collect(createOpenAIModel({ baseURL: mock.baseURL, model: 'm' }), { messages })).text).to.equal('AB');
  });

  it('stops at [DONE] even if the server keeps the connection open', async () => {
    const mock = await mockEndpoint({ turns: [{ chunks: [chunk({ content: 'end' }), 'data: [DONE]\n\n'], hang: true }] });
    expect(doneOf(await collect(createOpenAIModel({ baseURL: mock.baseURL, model: 'm' }), { messages })).text).to.equal('end');
  });
});
