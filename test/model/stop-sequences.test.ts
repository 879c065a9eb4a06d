import { expect } from 'chai';
import { createOpenAIModel } from '../../src/model/openai-model.js';
import { ToolCallingModel, type TurnEvent, type TurnRequest } from '../../src/model/tool-calling-model.js';
import { saysStopRefused } from '../../src/model/stop-sequences.js';
import { PageloopError } from '../../src/errors.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { errorTurn, textTurn } from '../../src/testing/chunks.js';
import { collect, streamError } from './helpers.js';

const request: TurnRequest = {
  system: 'Be brief.',
  history: [{ role: 'user', content: 'Weather in Paris?' }],
  tools: [{ name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } }],
  endingTools: [],
};

async function turn(model: ToolCallingModel, req = request): Promise<TurnEvent[]> {
  const events: TurnEvent[] = [];
  for await (const e of model.turn(req, new AbortController().signal)) events.push(e);
  return events;
}

const REFUSAL = "Unsupported parameter: 'stop' is not supported with this model.";

describe('stop sequences', () => {
  it('sends stop at <observation with the text protocol, and none with native tools or without tools', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('Sunny.'), textTurn('Sunny.'), textTurn('Sunny.')] });
    const http = createOpenAIModel({ baseURL: mock.baseURL, model: 'm' });
    await turn(new ToolCallingModel(http, { protocol: 'text' }));
    await turn(new ToolCallingModel(http, { protocol: 'native' }));
    await turn(new ToolCallingModel(http, { protocol: 'text' }), { ...request, tools: [] });
    const [text, native, toolless] = await mock.log();
    expect(text!.body).to.deep.include({ stop: ['<observation'] });
    expect(native!.body).to.not.have.property('stop');
    expect(toolless!.body).to.not.have.property('stop');
  });

  it('asks again without stop when the server refuses it with a 400, and never sends it again', async () => {
    const mock = await mockEndpoint({ turns: [errorTurn(400, REFUSAL), textTurn('Sunny.'), textTurn('Still sunny.')] });
    const model = new ToolCallingModel(createOpenAIModel({ baseURL: mock.baseURL, model: 'm' }), { protocol: 'text' });
    expect((await turn(model)).at(-1)).to.deep.equal({ type: 'done', text: 'Sunny.', calls: [] });
    expect((await turn(model)).at(-1)).to.deep.equal({ type: 'done', text: 'Still sunny.', calls: [] });
    const log = await mock.log();
    expect(log.map((e) => 'stop' in (e.body as object))).to.deep.equal([true, false, false]);
  });

  it('does not retry a 400 about something else', async () => {
    const mock = await mockEndpoint({ turns: [errorTurn(400, "'messages' must not be empty"), textTurn('unused')] });
    const err = await streamError(createOpenAIModel({ baseURL: mock.baseURL, model: 'm' }), { messages: [{ role: 'user', content: 'x' }], stop: ['<observation'] });
    expect(err).to.include({ code: 'http' });
    expect(await mock.log()).to.have.length(1);
  });

  it('a refusal only fails over once: a second 400 is the error', async () => {
    const mock = await mockEndpoint({ turns: [errorTurn(400, REFUSAL), errorTurn(400, REFUSAL)] });
    const err = await streamError(createOpenAIModel({ baseURL: mock.baseURL, model: 'm' }), { messages: [{ role: 'user', content: 'x' }], stop: ['<observation'] });
    expect(err).to.include({ code: 'http' });
    expect(await mock.log()).to.have.length(2);
  });

  it('passes stop through to a request that carries it', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('ok')] });
    await collect(createOpenAIModel({ baseURL: mock.baseURL, model: 'm' }), { messages: [{ role: 'user', content: 'x' }], stop: ['END'] });
    expect((await mock.log())[0]!.body).to.deep.include({ stop: ['END'] });
  });

  for (const [message, refused] of [
    [`${REFUSAL} (HTTP 400)`, true],
    ['Unrecognized request argument supplied: stop (HTTP 400)', true],
    ['[{"type":"extra_forbidden","loc":["body","stop"],"msg":"Extra inputs are not permitted"}] (HTTP 422)', true],
    ['Please stop sending requests (HTTP 429)', false],
    ["'messages' must not be empty (HTTP 400)", false],
    ['The stop sequence was accepted but the model is unknown (HTTP 404)', false],
  ] as const) {
    it(`reads "${message.slice(0, 50)}…" as ${refused ? 'a refusal of stop' : 'something else'}`, () => {
      expect(saysStopRefused(new PageloopError('http', message))).to.equal(refused);
    });
  }
});
