// The app the Playwright Test recipe (e2e/chat.spec.js) drives: <agent-chat>
// with a tool that needs the user's approval. Its endpoint comes from
// `?endpoint=` (a test points it at the mock server), else the app's own.
import 'pageloop/agent-chat.js';
import { defineTool } from 'pageloop';

const chat = document.querySelector('agent-chat');
chat.setAttribute('base-url', new URLSearchParams(location.search).get('endpoint') ?? 'http://localhost:11434/v1');
chat.tools = [
  defineTool({
    name: 'cancel_order',
    description: 'Cancel an order. Irreversible.',
    parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'], additionalProperties: false },
    needsApproval: true,
    execute: ({ orderId }) => {
      document.querySelector('#cancelled').append(Object.assign(document.createElement('li'), { textContent: orderId }));
      return { ok: true, orderId };
    },
  }),
];
