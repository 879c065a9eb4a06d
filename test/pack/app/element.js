// The element quick start, as a bundler user writes it (README "Install" and
// "Quick start"): the element from 'pageloop/agent-chat.js', tools with zod;
// then the run's trace in <agent-trace> from 'pageloop/agent-trace.js'.
// The test scripts the mock endpoint through 'pageloop/testing' and reports on
// window.__report.
import 'pageloop/agent-chat.js';
import 'pageloop/agent-trace.js';
import { defineTool } from 'pageloop';
import { mockEndpoint, textTurn, toolCallTurn } from 'pageloop/testing';
import { z } from 'zod';

const orders = [{ id: '1004', customer: 'ACME', status: 'pending' }];
const report = (window.__report = { events: [] });

const chat = document.querySelector('agent-chat');
chat.tools = [
  defineTool({
    name: 'find_orders',
    description: 'Find orders by customer name or status',
    parameters: z.object({ query: z.string() }),
    execute: ({ query }) => orders.filter((o) => o.customer.includes(query) || o.status === query),
  }),
];
chat.addEventListener('agent-event', (e) => {
  report.events.push(e.detail.type);
  if (e.detail.type === 'tool-result') report.toolResult = e.detail;
  if (e.detail.type === 'final') void showTrace(e.detail);
});

/** The run's trace in the standalone view, on the chat's agent; the report ends with it. */
async function showTrace(final) {
  const view = document.createElement('agent-trace');
  view.agent = chat.agent;
  document.body.append(view);
  await view.refresh();
  report.trace = [...view.shadowRoot.querySelectorAll('.span-title')].map((t) => t.textContent);
  report.final = final;
}

const mock = await mockEndpoint({
  turns: [toolCallTurn([{ id: 'c1', name: 'find_orders', args: { query: 'ACME' } }]), textTurn('ACME has one pending order, 1004.')],
});
chat.setAttribute('base-url', mock.baseURL);
chat.send('Which orders does ACME have?');
