// The refusal path against the REAL llama.cpp server, with the repository's tiny
// model (text only, started without --mmproj). Runs only where env LLAMA_SERVER
// points at a llama-server binary (test/support/llama-server-middleware.js starts
// it); elsewhere it skips, saying so. The mock's llama.cpp refusal
// (attachments.test.ts) is written from llama-server's source; this checks it live.
import { expect } from 'chai';
import { createAgent } from '../../src/page/create-agent.js';
import type { AgentEvent } from '../../src/types.js';
import { picture } from './pictures.js';

describe('attachments against a real llama-server (env LLAMA_SERVER)', function () {
  this.timeout(120_000);

  before(async function () {
    const health = await fetch('/__llama/health').catch(() => undefined);
    if (!health?.ok) {
      console.warn('SKIPPED: no llama-server (set LLAMA_SERVER to a llama-server binary to run this test).');
      this.skip();
    }
  });

  it('a text-only model refuses an image: one vision-unsupported error naming the model and --mmproj; without the image it answers', async () => {
    const agent = createAgent({ baseURL: '/__llama/v1', model: 'tiny-toolcaller', maxRetries: 2 });
    try {
      const events: AgentEvent[] = [];
      for await (const e of agent.send('hello', { attachments: [new File([await picture(64, 64, 'image/png')], 'dot.png', { type: 'image/png' })] })) events.push(e);
      const errors = events.filter((e): e is Extract<AgentEvent, { type: 'error' }> => e.type === 'error');
      expect(errors.map((e) => e.code)).to.deep.equal(['vision-unsupported']);
      expect(errors[0]!.message).to.contain('"tiny-toolcaller"').and.contain('--mmproj').and.contain('image input is not supported');
      expect(events.some((e) => e.type === 'retry')).to.equal(false);
      const again: AgentEvent[] = [];
      for await (const e of agent.send('hello')) again.push(e);
      expect(again.at(-1)).to.include({ type: 'final', reason: 'answer' });
    } finally {
      agent.dispose();
    }
  });
});
