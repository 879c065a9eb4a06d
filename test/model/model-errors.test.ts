import { expect } from 'chai';
import OpenAI from 'openai';
import { saysToolsUnsupported, toModelError } from '../../src/model/model-errors.js';
import { PageloopError } from '../../src/errors.js';

describe('saysToolsUnsupported', () => {
  for (const message of [
    'registry.ollama.ai/library/gemma:2b does not support tools',
    'tools param requires --jinja flag',
    'tools are not supported',
    'This model does not support function calling',
    'tool_choice is not supported',
    '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
    'Unrecognized request argument supplied: tools',
    'Tool calling is not supported with this model',
  ]) {
    it(`recognises "${message}"`, () => expect(saysToolsUnsupported(message)).to.equal(true));
  }

  for (const message of ["'messages' must not be empty", 'Rate limit reached', 'This model maximum context length is 4096 tokens', 'Invalid API key']) {
    it(`does not mistake "${message}"`, () => expect(saysToolsUnsupported(message)).to.equal(false));
  }
});

describe('toModelError', () => {
  const headers = new Headers();

  it('maps 429 and 5xx to retryable http errors, 4xx to non-retryable ones', () => {
    expect(toModelError(OpenAI.APIError.generate(429, { error: { message: 'slow' } }, undefined, headers), false)).to.include({ code: 'http', retryable: true });
    expect(toModelError(OpenAI.APIError.generate(502, { error: { message: 'bad gw' } }, undefined, headers), false)).to.include({ code: 'http', retryable: true });
    expect(toModelError(OpenAI.APIError.generate(401, { error: { message: 'no key' } }, undefined, headers), false)).to.include({ code: 'http', retryable: false });
  });

  it("uses the server's message, also when the error body is a string", () => {
    const err = toModelError(OpenAI.APIError.generate(400, { error: 'model "x" not found' }, undefined, headers), false);
    expect(err.message).to.contain('model "x" not found').and.not.contain('\\"');
  });

  it('maps user aborts and DOM AbortErrors to aborted', () => {
    expect(toModelError(new OpenAI.APIUserAbortError(), false)).to.include({ code: 'aborted' });
    expect(toModelError(new DOMException('x', 'AbortError'), false)).to.include({ code: 'aborted' });
  });

  it('maps connection failures and timeouts to network', () => {
    expect(toModelError(new OpenAI.APIConnectionError({ message: 'Connection error.' }), false)).to.include({ code: 'network', retryable: true });
    expect(toModelError(new OpenAI.APIConnectionTimeoutError(), false)).to.include({ code: 'network' });
  });

  it('turns a mid-stream refusal of tools into tools-unsupported only when tools were sent', () => {
    const streamErr = new PageloopError('stream', 'tools are not supported');
    expect(toModelError(streamErr, true)).to.include({ code: 'tools-unsupported' });
    expect(toModelError(streamErr, false)).to.include({ code: 'stream' });
  });
});
