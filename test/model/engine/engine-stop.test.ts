import { expect } from 'chai';
import { GgufEngine } from '../../../src/model/engine/gguf-engine.js';
import { buildSystemPrompt } from '../../../src/agent/system-prompt.js';
import type { ModelRequest } from '../../../src/model/chat-model.js';
import { tiny, tinyModelBlob } from './engine-helpers.js';

const chat = (user: string, stop?: string[]): ModelRequest => ({
  messages: [{ role: 'system', content: buildSystemPrompt(undefined) }, { role: 'user', content: user }],
  ...(stop ? { stop } : {}),
});

describe('in-page engine: stop sequences', function () {
  this.timeout(280000);
  let engine: GgufEngine;
  before(async () => {
    engine = new GgufEngine({ ...tiny(), gguf: await tinyModelBlob() });
    await engine.load();
  });
  after(() => engine.dispose());

  async function reply(request: ModelRequest): Promise<{ text: string; done: string }> {
    let text = '';
    let done = '';
    for await (const e of engine.model.stream(request, new AbortController().signal)) {
      if (e.type === 'text') text += e.delta;
      if (e.type === 'done') done = e.text;
    }
    return { text, done };
  }

  it('ends the reply where a request’s stop string begins, as a server does', async () => {
    expect((await reply(chat('hello'))).text).to.equal('Hello! How can I help you today?');
    const stopped = await reply(chat('hello', ['help you']));
    expect(stopped.text.trimEnd()).to.equal('Hello! How can I');
    expect(stopped.done.trimEnd()).to.equal('Hello! How can I');
  });
});
