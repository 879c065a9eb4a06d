// A request that fails before any response: the browser says only "Failed to
// fetch" for a refused connection, a CORS refusal and a connection reset
// alike. Against the real mock server (another origin of the test server),
// each must be named for what it is, so the user fixes the right thing.
import { expect } from 'chai';
import { createOpenAIModel } from '../../src/model/openai-model.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn } from '../../src/testing/chunks.js';

const here = location.origin;
const other = here.includes('localhost') ? here.replace('localhost', '127.0.0.1') : here.replace('127.0.0.1', 'localhost');

async function failure(baseURL: string): Promise<{ code?: string; message: string }> {
  const model = createOpenAIModel({ baseURL, model: 'mock-model', maxRetries: 0 });
  try {
    for await (const _ of model.stream({ messages: [{ role: 'user', content: 'hi' }] }, new AbortController().signal)) {
      // drain
    }
  } catch (err) {
    return err as { code?: string; message: string };
  }
  throw new Error('the request did not fail');
}

describe('network diagnosis: reset, CORS refusal, nothing there', function () {
  this.timeout(30000);

  it('a connection reset before any response is named a reset, never a CORS setting', async () => {
    const mock = await mockEndpoint({ turns: [{ reset: true }, { reset: true }, { reset: true }, textTurn('never')] }, { origin: other });
    const error = await failure(mock.baseURL);
    expect(error.code).to.equal('network');
    expect(error.message).to.match(/closed the connection|reset/i);
    expect(error.message).not.to.match(/OLLAMA_ORIGINS|Enable CORS|allowed-origins/);
  });

  it('a CORS refusal (another origin, no CORS headers) names the CORS setting to change', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('never read')], noCors: true }, { origin: other });
    const error = await failure(mock.baseURL);
    expect(error.code).to.equal('network');
    expect(error.message).to.match(/CORS/).and.match(/OLLAMA_ORIGINS=/);
  });

  it('nothing listening names the server and port, neither CORS nor a reset', async () => {
    const error = await failure('http://127.0.0.1:9/v1');
    expect(error.message).to.match(/nothing answers there/).and.not.match(/CORS|reset/);
  });
});
