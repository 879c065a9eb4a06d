// A model request whose reply is complete is never cancelled: the browser's
// network panel showed every request as cancelled (net::ERR_ABORTED) because
// the body was cancelled at `[DONE]`, a moment before the server ended it.
// Through the real worker and client, against the mock, which ends each
// response a little after `[DONE]` (`endDelayMs`) and logs a client that
// closed the connection first.
import { expect } from 'chai';
import { z } from 'zod';
import { createAgent } from '../../src/page/create-agent.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import type { Agent } from '../../src/types.js';

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

async function until<T>(check: () => Promise<T | undefined | false>, what: string): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = await check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

const lookup = defineTool({ name: 'lookup', description: 'Looks an order up', parameters: z.object({ id: z.string() }), readOnly: true, execute: ({ id }) => `order ${id}: shipped` });

describe('model requests end, not cancelled', () => {
  it('every request of a run (a tool call, then the answer) is read to its end, though its last bytes come after [DONE]', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'lookup', args: { id: '7' } }], { endDelayMs: 150 }), textTurn('Order 7 has shipped.', { endDelayMs: 150 })] });
    const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', tools: [lookup] });
    agents.push(agent);
    const final = await agent.send('Where is order 7?').done;
    expect(final).to.include({ reason: 'answer', text: 'Order 7 has shipped.' });
    const log = await until(async () => {
      const entries = (await mock.log()).filter((e) => e.path === '/v1/chat/completions');
      return entries.length === 2 && entries.every((e) => e.ended || e.clientClosedEarly) && entries;
    }, 'both responses to end');
    expect(log.map((e) => e.clientClosedEarly)).to.deep.equal([false, false]);
  });

  it('a server that holds the body open after [DONE]: the reply completes at once, and the connection is let go soon after', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('Done.', { endDelayMs: 60_000 })] });
    const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model' });
    agents.push(agent);
    expect(await agent.send('hi').done).to.include({ reason: 'answer', text: 'Done.' });
    await until(async () => (await mock.log())[0]?.clientClosedEarly, 'the held connection to be released');
  });
});
