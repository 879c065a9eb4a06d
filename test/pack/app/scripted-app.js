// The scripted model's page, shared by the three bundlers' builds: a tool,
// an agent on the model module at `modelModule`, and the report the pack
// test reads (window.__report).
import { createAgent, defineTool } from 'pageloop';

/** @param {string} modelModule the built module's URL, in the form the bundler keeps */
export async function runScripted(modelModule) {
  const report = (window.__report = { events: [], modelModule });
  const findOrders = defineTool({
    name: 'find_orders',
    description: 'Find orders by customer name or status',
    parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    execute: ({ query }) => [{ id: '1004', customer: query, status: 'pending' }],
  });
  const agent = createAgent({ modelModule, model: 'brain', tools: [findOrders] });
  for await (const event of agent.send('Which orders does ACME have?')) {
    report.events.push(event.type);
    if (event.type === 'tool-result') report.toolResult = event.result;
    if (event.type === 'error') report.error = event.message;
    if (event.type === 'final') report.final = event;
  }
}
