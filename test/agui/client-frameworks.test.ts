// The AG-UI client (option `agui`) against REAL server-agent frameworks
// started by the test runner (test/support/agui-frameworks.js), each with
// its model pointed at the project's mock OpenAI endpoint, so every run is
// scripted: Mastra through `@ag-ui/mastra`, and CopilotKit's runtime with its
// BuiltInAgent. What each framework received (its RunAgentInput, and what its
// model was asked) is asserted, not only what the page shows.
import { expect } from 'chai';
import { z } from 'zod';
import { defineTool } from '../../src/tools/define-tool.js';
import { textTurn, toolCallTurn } from '../../src/testing/index.js';
import { framework, modelMessages, modelTools, ofType, remoteAgent } from './support.js';

/** A page tool that records its calls. */
function addToCart(seen: unknown[], needsApproval = true) {
  return defineTool({
    name: 'add_to_cart',
    description: 'Adds an item to the cart',
    parameters: z.object({ item: z.string() }),
    needsApproval,
    execute: async ({ item }) => {
      seen.push(item);
      return { added: item };
    },
  });
}


for (const name of ['mastra', 'copilotkit'] as const) {
  describe(`AG-UI client against ${name}`, function () {
    // The frameworks load on their first request (a cold import of a large server package on a loaded machine).
    this.timeout(120_000);

    it('streams the model\'s reply through the framework', async () => {
      const server = await framework(name, { turns: [textTurn('Hello from the server agent.', { pieces: ['Hello ', 'from the ', 'server agent.'] })] });
      const { agent, events } = remoteAgent({ url: server.url });
      const final = await agent.send('Hi').done;
      expect(final).to.deep.include({ reason: 'answer', text: 'Hello from the server agent.' });
      expect(ofType(events, 'text').map((e) => e.delta).join('')).to.equal('Hello from the server agent.');
      expect(await agent.messages()).to.deep.equal([{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello from the server agent.' }]);
      const [received] = await server.received();
      expect(received!.input.messages.map((m) => [m.role, m.content])).to.deep.equal([['user', 'Hi']]);
      const asked = await server.model();
      expect(modelMessages(asked[0]!.body).filter((m) => m.role === 'user').map((m) => JSON.stringify(m.content))).to.satisfy((c: string[]) => c.some((t) => t.includes('Hi')));
    });

    it('shows the server\'s own tool call with its result', async () => {
      const server = await framework(name, { turns: [toolCallTurn([{ id: 'w1', name: 'weather', args: { city: 'Oslo' } }]), textTurn('It is 12 degrees and cloudy in Oslo.')] });
      const { agent, events } = remoteAgent({ url: server.url });
      const final = await agent.send('Weather in Oslo?').done;
      expect(final).to.deep.include({ reason: 'answer' });
      expect(final.text).to.contain('12 degrees');
      expect(ofType(events, 'tool-call')[0]).to.deep.include({ callId: 'w1', name: 'weather', args: { city: 'Oslo' } });
      const result = ofType(events, 'tool-result').find((e) => e.callId === 'w1');
      expect(result).to.deep.include({ status: 'ok', name: 'weather' });
      expect(JSON.stringify(result!.status === 'ok' && result!.result)).to.contain('cloudy');
      // The model's second request carried the server tool's result.
      const second = modelMessages((await server.model())[1]!.body);
      expect(JSON.stringify(second.find((m) => m.role === 'tool'))).to.contain('cloudy');
      const history = await agent.messages();
      expect(history.filter((m) => m.role === 'tool').map((m) => m.role === 'tool' && m.tool_call_id)).to.deep.equal(['w1']);
    });

    it('runs a frontend page tool on the page after approval, and the next run carries its result', async () => {
      const server = await framework(name, { turns: [toolCallTurn([{ id: 'f1', name: 'add_to_cart', args: { item: 'tea' } }]), textTurn('Tea is in your cart.')] });
      const seen: unknown[] = [];
      const { agent, events } = remoteAgent({ url: server.url }, { tools: [addToCart(seen)] });
      const final = await agent.send('Add tea').done;
      expect(final).to.deep.include({ reason: 'answer', text: 'Tea is in your cart.' });
      expect(seen).to.deep.equal(['tea']);
      expect(ofType(events, 'approval-request')[0]!.requests).to.deep.equal([{ callId: 'f1', name: 'add_to_cart', args: { item: 'tea' } }]);
      const [first, second] = await server.received();
      expect(first!.input.tools.map((t) => t.name)).to.include('add_to_cart');
      expect(second!.input.messages.find((m) => m.role === 'tool')).to.deep.include({ toolCallId: 'f1', content: '{"added":"tea"}' });
      // The framework offered the page's tool to its model, and gave the model the page's result.
      const asked = await server.model();
      expect(modelTools(asked[0]!.body)).to.include('add_to_cart');
      expect(modelMessages(asked.at(-1)!.body).find((m) => m.role === 'tool')).to.deep.include({ tool_call_id: 'f1' });
      expect(JSON.stringify(modelMessages(asked.at(-1)!.body).find((m) => m.role === 'tool')!.content)).to.contain('tea');
      const history = await agent.messages();
      expect(history.filter((m) => m.role === 'tool').map((m) => m.role === 'tool' && m.tool_call_id)).to.deep.equal(['f1']);
    });

    it('sends a denied frontend call back as its result, and the page tool never runs', async () => {
      const server = await framework(name, { turns: [toolCallTurn([{ id: 'f1', name: 'add_to_cart', args: { item: 'rum' } }]), textTurn('Understood, nothing added.')] });
      const seen: unknown[] = [];
      const { agent } = remoteAgent({ url: server.url }, { tools: [addToCart(seen)], answer: () => ({ approve: false, message: 'no alcohol' }) });
      expect(await agent.send('Add rum').done).to.deep.include({ reason: 'answer', text: 'Understood, nothing added.' });
      expect(seen).to.deep.equal([]);
      const asked = await server.model();
      expect(JSON.stringify(modelMessages(asked.at(-1)!.body).find((m) => m.role === 'tool')!.content)).to.contain('no alcohol');
    });
  });
}
