// The doctor against a REAL llama.cpp server running the repository's tiny
// model — skipped unless one is running and named by LLAMA_SERVER, because no
// llama-server binary can be had on this project's machines (Debian bookworm
// packages none, npm has only Node bindings, and nothing else may be
// downloaded). To run it:
//
//   llama-server -m test/fixtures/models/tiny-toolcaller-q8_0.gguf --jinja -c 2048 --port 8080
//   LLAMA_SERVER=http://127.0.0.1:8080 npx web-test-runner test/doctor/llama-server.test.ts
//
// llama-server lets every origin read it (no flag needed), so the test page's
// own origin works as any page's would. The tiny model was trained to call
// get_weather {city} natively through its Qwen 2.5 template (--jinja).
import { expect } from 'chai';
import { createAgent } from '../../src/page/create-agent.js';
import type { Diagnosis, DiagnosisCheck } from '../../src/types.js';

const server = (globalThis as { __PAGELOOP_TEST_ENV__?: { llamaServer?: string } }).__PAGELOOP_TEST_ENV__?.llamaServer;

function line(d: Diagnosis, id: string): DiagnosisCheck {
  const found = d.checks.find((c) => c.id === id);
  if (!found) throw new Error(`no check "${id}"`);
  return found;
}

describe('agent.diagnose() against a real llama-server (LLAMA_SERVER)', function () {
  this.timeout(120000);

  before(function () {
    if (!server) this.skip();
  });

  it('recognises llama.cpp, reads n_ctx from /props, and sees the tiny model call the probe tool natively', async () => {
    const props = (await (await fetch(`${server}/props`)).json()) as { default_generation_settings: { n_ctx: number } };
    const agent = createAgent({ baseURL: `${server}/v1`, model: 'tiny-toolcaller' });
    try {
      const d = await agent.diagnose();
      expect(d.family).to.equal('llama.cpp');
      expect(['reachable', 'cors', 'server'].map((id) => line(d, id).status)).to.deep.equal(['pass', 'pass', 'pass']);
      expect(line(d, 'context').detail).to.include(`${props.default_generation_settings.n_ctx} tokens (llama-server /props n_ctx`);
      expect(line(d, 'tools').status, line(d, 'tools').detail).to.equal('pass');
      expect(line(d, 'first-token').status).to.be.oneOf(['pass', 'warn']);
      expect(line(d, 'stream').detail).to.match(/usage/);
    } finally {
      agent.dispose();
    }
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
