// The refusal path against the REAL llama.cpp server, with the repository's tiny
// model (text only, started without --mmproj) by test/support/llama-server-middleware.js
// from the binary scripts/llama-server.js builds (CI runs it; locally the test
// skips without the binary, saying how to get it). The mock's llama.cpp refusal
// (attachments.test.ts) is written from llama-server's source; this checks it live.
import { expect } from 'chai';
import { createAgent } from '../../src/page/create-agent.js';
import type { AgentEvent } from '../../src/types.js';
import { llamaServer } from '../support/llama-server.js';
import { picture } from './pictures.js';

describe('attachments against a real llama-server', function () {
  this.timeout(120_000);
  let server = '';

  before(async function () {
    server = await llamaServer(this, 'jinja');
  });

  it('a text-only model refuses an image: one vision-unsupported error naming the model and --mmproj; without the image it answers', async () => {
    const agent = createAgent({ baseURL: `${server}/v1`, model: 'tiny-toolcaller', maxRetries: 2 });
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
