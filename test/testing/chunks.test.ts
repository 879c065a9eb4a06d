import { expect } from 'chai';
import { createOpenAIModel } from '../../src/model/openai-model.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { errorTurn, jsonTurn, textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import { collect, doneOf, streamError, textOf, thinkingOf, usageOf } from '../model/helpers.js';

const messages = [{ role: 'user' as const, content: 'Hi' }];

describe('mock script builders', () => {
  it('textTurn streams the text word by word, with reasoning and usage', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('One two three', { reasoning: 'count', usage: { prompt_tokens: 4, completion_tokens: 3 } })] });
    const events = await collect(createOpenAIModel({ baseURL: mock.baseURL, model: 'm' }), { messages });
    expect(events.filter((e) => e.type === 'text').map((e) => (e.type === 'text' ? e.delta : ''))).to.deep.equal(['One ', 'two ', 'three']);
    expect(thinkingOf(events)).to.equal('count');
    expect(usageOf(events)).to.have.length(1);
  });

  for (const style of ['openai', 'whole'] as const) {
    it(`toolCallTurn in the ${style} style yields the calls`, async () => {
      const mock = await mockEndpoint({
        turns: [toolCallTurn([{ name: 'add', args: { a: 1, b: 2 } }, { name: 'now', args: {}, id: 'x1' }], { style, text: 'Adding.' })],
      });
      const done = doneOf(await collect(createOpenAIModel({ baseURL: mock.baseURL, model: 'm' }), { messages }));
      expect(done.text).to.equal('Adding.');
      expect(done.toolCalls).to.deep.equal([
        { id: 'call_1', name: 'add', argsText: '{"a":1,"b":2}' },
        { id: 'x1', name: 'now', argsText: '{}' },
      ]);
    });
  }

  it('jsonTurn answers with a non-streaming completion', async () => {
    const mock = await mockEndpoint({ turns: [jsonTurn({ content: 'Hello' })] });
    expect(textOf(await collect(createOpenAIModel({ baseURL: mock.baseURL, model: 'm' }), { messages }))).to.equal('Hello');
  });

  it('errorTurn answers with an HTTP error and its message', async () => {
    const mock = await mockEndpoint({ turns: [errorTurn(400, 'The model `nope` does not exist')] });
    const err = await streamError(createOpenAIModel({ baseURL: mock.baseURL, model: 'm' }), { messages });
    expect(err).to.include({ code: 'http' });
    expect((err as Error).message).to.contain('does not exist');
  });

  it('mockEndpoint logs what the client sent', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('a'), textTurn('b')] });
    const model = createOpenAIModel({ baseURL: mock.baseURL, model: 'm' });
    await collect(model, { messages });
    await collect(model, { messages: [...messages, { role: 'assistant', content: 'a' }, { role: 'user', content: 'more' }] });
    const log = await mock.log();
    expect(log.map((e) => (e.body as { messages: unknown[] }).messages.length)).to.deep.equal([1, 3]);
    expect(log.every((e) => e.path === '/v1/chat/completions' && !e.clientClosedEarly)).to.equal(true);
  });
});
