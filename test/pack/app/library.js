// The library quick start, without the element, as a bundler user writes it:
// a tool with plain JSON Schema (no zod), an approval answered in code.
import { createAgent, defineTool } from 'pageloop';
import { mockEndpoint, textTurn, toolCallTurn } from 'pageloop/testing';

const report = (window.__report = { events: [] });
const cancelled = [];
const cancelOrder = defineTool({
  name: 'cancel_order',
  description: 'Cancel an order',
  parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false },
  needsApproval: true,
  execute: ({ id }) => {
    cancelled.push(id);
    return `Order ${id} cancelled`;
  },
});

const mock = await mockEndpoint({
  turns: [toolCallTurn([{ id: 'c1', name: 'cancel_order', args: { id: '1004' } }]), textTurn('Order 1004 is cancelled.')],
});
const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', tools: [cancelOrder] });
const output = document.querySelector('output');
for await (const event of agent.send('Cancel order 1004')) {
  report.events.push(event.type);
  if (event.type === 'text') output.append(event.delta);
  if (event.type === 'approval-request') for (const r of event.requests) agent.respond(r.callId, { approve: true });
  if (event.type === 'final') report.final = { ...event, cancelled, shown: output.textContent };
}
