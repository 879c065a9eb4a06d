// The doctor against a REAL llama.cpp server running the repository's tiny
// model, started by the test runner (test/support/llama-server-middleware.js)
// from the binary scripts/llama-server.js builds: with --jinja, with
// --no-jinja, and with a window too small for the tools. CI builds the binary
// and runs this; locally without it the tests skip, saying how to get it.
//
// The page talks to the server's own address, another origin than the test
// page's: llama-server lets every origin read it (no flag needed), so the CORS
// line is checked as any page would meet it. The tiny model (9M parameters)
// calls tools only in the chats it was trained on (pageloop's system prompt
// and its three tools): to the probe's own question it answers "It is 1°C in
// Reykjavik." without a call, and the doctor must say so. Its native calls
// through --jinja's parser are checked in test/page/agent-llama-server.test.ts.
import { expect } from 'chai';
import { createAgent } from '../../src/page/create-agent.js';
import type { Diagnosis, DiagnosisCheck } from '../../src/types.js';
import { llamaServer } from '../support/llama-server.js';

function line(d: Diagnosis, id: string): DiagnosisCheck {
  const found = d.checks.find((c) => c.id === id);
  if (!found) throw new Error(`no check "${id}"`);
  return found;
}

async function diagnose(server: string, options: { toolProtocol?: 'auto' | 'native' | 'text'; contextTokens?: number } = {}): Promise<Diagnosis> {
  const agent = createAgent({ baseURL: `${server}/v1`, model: 'tiny-toolcaller', ...options });
  try {
    return await agent.diagnose();
  } finally {
    agent.dispose();
  }
}

/** The one model the server lists (its file name: llama-server serves whatever name a request gives). */
async function listedModel(server: string): Promise<string> {
  const listing = (await (await fetch(`${server}/v1/models`)).json()) as { data: Array<{ id: string }> };
  return listing.data[0]!.id;
}

describe('agent.diagnose() against a real llama-server', function () {
  this.timeout(120_000);

  describe('started with --jinja -c 2048', function () {
    let server = '';
    before(async function () {
      server = await llamaServer(this, 'jinja');
    });

    it('recognises llama.cpp, reads n_ctx from /props, names the model it serves, and reads the probe as the server answered it', async () => {
      const props = (await (await fetch(`${server}/props`)).json()) as { default_generation_settings: { n_ctx: number }; build_info: string };
      const d = await diagnose(server);
      expect(d.family).to.equal('llama.cpp');
      expect(['reachable', 'cors', 'server'].map((id) => line(d, id).status)).to.deep.equal(['pass', 'pass', 'pass']);
      expect(line(d, 'cors').detail).to.equal(`This page (${location.origin}) may read its answers.`);
      expect(line(d, 'server').detail).to.equal(`llama.cpp server (${props.build_info}).`);
      const listed = await listedModel(server);
      expect(line(d, 'models')).to.deep.include({ status: 'warn', fix: `Set model to "${listed}" so the trace and the thread name the model that really answers.` });
      expect(props.default_generation_settings.n_ctx).to.equal(2048);
      expect(line(d, 'context')).to.deep.include({ status: 'warn', fix: 'Restart llama-server with a bigger window: -c 16384 (each of --parallel N slots gets -c/N).' });
      expect(line(d, 'context').detail).to.match(/^2048 tokens \(llama-server \/props n_ctx, per slot \(1 slot\)\): small/);
      expect(line(d, 'tools')).to.deep.include({ status: 'warn', detail: 'The model answered without calling get_weather, though asked to: it may not handle native tools.' });
      expect(line(d, 'first-token').status).to.be.oneOf(['pass', 'warn']);
      expect(line(d, 'stream')).to.deep.include({ status: 'pass', detail: 'usage on a final chunk with no choices.' });
      // Started without --mmproj: /props says the model takes no images.
      expect(line(d, 'vision')).to.deep.include({ status: 'warn', fix: "Start llama-server with the model's projector: --mmproj mmproj.gguf (or -hf with a vision model)." });
    });

    it('contextTokens larger than the real window fails the context line, naming both', async () => {
      const d = await diagnose(server, { contextTokens: 8192 });
      expect(line(d, 'context').status).to.equal('fail');
      expect(line(d, 'context').detail).to.match(/^2048 tokens .*but the agent's contextTokens is 8192/);
      expect(line(d, 'context').fix).to.match(/^Set contextTokens to 2048 or less\. Or give the model the bigger window: Restart llama-server with a bigger window: -c 8192/);
    });

    it('a cancel closes the probe: the promise rejects with code aborted', async () => {
      const agent = createAgent({ baseURL: `${server}/v1`, model: 'tiny-toolcaller' });
      try {
        const controller = new AbortController();
        const pending = agent.diagnose({ signal: controller.signal });
        setTimeout(() => controller.abort(), 50);
        const error = await pending.then(() => undefined, (e: { code?: string }) => e);
        expect(error?.code).to.equal('aborted');
      } finally {
        agent.dispose();
      }
    });
  });

  describe('started with --no-jinja', function () {
    let server = '';
    before(async function () {
      server = await llamaServer(this, 'no-jinja');
    });

    it("the server refuses tools: a warning with its words and --jinja as the fix; a fail when toolProtocol is 'native'", async () => {
      const d = await diagnose(server);
      expect(d.family).to.equal('llama.cpp');
      const tools = line(d, 'tools');
      expect(tools.status).to.equal('warn');
      expect(tools.detail).to.contain('tools param requires --jinja flag').and.contain('The agent needs the text protocol here');
      expect(tools.fix).to.match(/^Start llama-server with --jinja \(the chat template then handles tools\)\./);
      expect(line(d, 'stream')).to.deep.include({ status: 'skip', detail: 'No reply was streamed.' });
      const native = await diagnose(server, { toolProtocol: 'native' });
      expect(line(native, 'tools').status).to.equal('fail');
    });
  });

  describe('started with --jinja --ctx-size 256', function () {
    let server = '';
    before(async function () {
      server = await llamaServer(this, 'small-context');
    });

    it('a window the agent cannot work in is a fail, with -c as the fix; the small probe itself still fits', async () => {
      const d = await diagnose(server);
      expect(line(d, 'context')).to.deep.include({ status: 'fail', fix: 'Restart llama-server with a bigger window: -c 16384 (each of --parallel N slots gets -c/N).' });
      expect(line(d, 'context').detail).to.match(/^256 tokens \(llama-server \/props n_ctx, per slot \(1 slot\)\): too small for the agent/);
      expect(line(d, 'stream').status).to.equal('pass');
    });
  });
});
