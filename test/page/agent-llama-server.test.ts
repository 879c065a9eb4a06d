// createAgent against the REAL llama.cpp server running the repository's tiny
// model (test/support/llama-server-middleware.js starts it from the binary
// scripts/llama-server.js builds; CI runs this, locally it skips without the
// binary, saying how to get it). The mock imitates each of these answers from
// llama-server's source (clear-errors.test.ts, context-budget.test.ts); here
// the server itself gives them:
// - --jinja: the chat template renders the tools and the server's parser
//   turns the model's <tool_call> into a native `tool_calls` delta;
// - --no-jinja: `tools` is refused (HTTP 500 "tools param requires --jinja
//   flag") and 'auto' goes on in the text protocol;
// - --ctx-size 256: the agent's own request does not fit, and the error says
//   so with the window and the server's words.
// The questions are ones the tiny model was trained on, with the tools it knows.
import { expect } from 'chai';
import { createAgent } from '../../src/page/create-agent.js';
import type { AgentEvent, AgentOptions } from '../../src/types.js';
import { shopTools } from '../model/engine/engine-helpers.js';
import { llamaServer, type LlamaServerName } from '../support/llama-server.js';

type Ran = Array<{ name: string; args: unknown }>;

/** One send to the server `name` with the shop tools; its events and what ran on the page. */
async function sendTo(context: Mocha.Context, name: LlamaServerName, input: string, options: Partial<AgentOptions> = {}): Promise<{ events: AgentEvent[]; ran: Ran }> {
  const server = await llamaServer(context, name);
  const ran: Ran = [];
  const agent = createAgent({ baseURL: `${server}/v1`, model: 'tiny-toolcaller', tools: shopTools(ran), temperature: 0, maxRetries: 1, ...options });
  try {
    const events: AgentEvent[] = [];
    for await (const e of agent.send(input)) events.push(e);
    return { events, ran };
  } finally {
    agent.dispose();
  }
}

const of = <T extends AgentEvent['type']>(events: AgentEvent[], type: T) => events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);
const text = (events: AgentEvent[]) => of(events, 'text').map((e) => e.delta).join('');

describe('createAgent against a real llama-server', function () {
  this.timeout(120_000);

  it('--jinja: a native call parsed by the server runs the page tool, and the answer uses its result', async function () {
    const { events, ran } = await sendTo(this, 'jinja', 'How many units of SKU A-1 are in stock?');
    expect(ran).to.deep.equal([{ name: 'get_inventory', args: { sku: 'A-1' } }]);
    expect(of(events, 'tool-result').map((e) => [e.name, e.status])).to.deep.equal([['get_inventory', 'ok']]);
    expect(events.at(-1)).to.deep.include({ type: 'final', reason: 'answer', text: 'SKU A-1 has 7 units in stock.' });
    expect(text(events)).to.not.contain('<tool_call>');
    // The server's own counts, read from its stream.
    expect(of(events, 'usage').every((u) => u.promptTokens > 0 && u.completionTokens > 0)).to.equal(true);
  });

  it("--no-jinja: the refusal of tools turns 'auto' to the text protocol, and the call still runs", async function () {
    const { events, ran } = await sendTo(this, 'no-jinja', "What's the weather in Paris?");
    expect(of(events, 'error')).to.deep.equal([]);
    expect(ran).to.deep.equal([{ name: 'get_weather', args: { city: 'Paris' } }]);
    expect(events.at(-1)).to.deep.include({ type: 'final', reason: 'answer', text: 'It is 18°C in Paris.' });
    expect(of(events, 'retry')).to.deep.equal([]);
  });

  it("--no-jinja with toolProtocol 'native': one clear tools-unsupported error naming --jinja, no retries", async function () {
    const { events, ran } = await sendTo(this, 'no-jinja', "What's the weather in Paris?", { toolProtocol: 'native' });
    expect(ran).to.deep.equal([]);
    const errors = of(events, 'error');
    expect(errors.map((e) => e.code)).to.deep.equal(['tools-unsupported']);
    expect(errors[0]!.message).to.contain('tools param requires --jinja flag');
    expect(of(events, 'retry')).to.deep.equal([]);
  });

  it('--ctx-size 256: the request does not fit; one context-overflow error with the window and the server\'s words', async function () {
    const { events, ran } = await sendTo(this, 'small-context', 'hello');
    expect(ran).to.deep.equal([]);
    const errors = of(events, 'error');
    expect(errors.map((e) => e.code)).to.deep.equal(['context-overflow']);
    expect(errors[0]!.message).to.contain("the model's context window (256 tokens)").and.match(/request \(\d+ tokens\) exceeds the available context size \(256 tokens\)/);
    expect(events.at(-1)).to.deep.include({ type: 'final', reason: 'error' });
  });
});
