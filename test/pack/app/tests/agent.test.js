// An app's own tests in Vitest's browser mode: a tool on its own, then the
// agent loop with that tool — against the mock endpoint the Vite server
// serves (pageloopMock), and against a scripted model module (modelModules).
import { describe, expect, test } from 'vitest';
import { createAgent, defineTool } from 'pageloop';
import { mockEndpoint, textTurn, toolCallTurn } from 'pageloop/testing';
import brain from '../brain.js?model-module';

const stock = { 'A-1': 7 };
const getInventory = defineTool({
  name: 'get_inventory',
  description: 'Stock level for a SKU.',
  parameters: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'], additionalProperties: false },
  execute: ({ sku }) => {
    if (!(sku in stock)) throw new Error(`No SKU ${sku}`);
    return { sku, stock: stock[sku] };
  },
});

describe('get_inventory', () => {
  test('answers the stock of a known SKU', async () => {
    expect(await getInventory.execute({ sku: 'A-1' }, { signal: new AbortController().signal, callId: 't1' })).toEqual({ sku: 'A-1', stock: 7 });
  });
  test('refuses an unknown SKU', () => {
    expect(() => getInventory.execute({ sku: 'Z-9' }, { signal: new AbortController().signal, callId: 't2' })).toThrow('No SKU Z-9');
  });
});

describe('the agent loop with get_inventory', () => {
  test('calls the tool, sends its result back, and answers', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'c1', name: 'get_inventory', args: { sku: 'A-1' } }]), textTurn('SKU A-1 has 7 units.')] });
    const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', tools: [getInventory] });
    try {
      const events = [];
      for await (const e of agent.send('How many A-1?')) events.push(e);
      expect(events.filter((e) => e.type === 'tool-result').map((e) => [e.name, e.status, e.result])).toEqual([['get_inventory', 'ok', { sku: 'A-1', stock: 7 }]]);
      expect(events.at(-1)).toMatchObject({ type: 'final', reason: 'answer', text: 'SKU A-1 has 7 units.' });
      const [, second] = await mock.log();
      expect(second.body.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'c1', content: JSON.stringify({ sku: 'A-1', stock: 7 }) });
    } finally {
      agent.dispose();
    }
  });

  test('a failing tool becomes an error result the model reads, and the run goes on', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'c1', name: 'get_inventory', args: { sku: 'Z-9' } }]), textTurn('There is no SKU Z-9.')] });
    const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', tools: [getInventory] });
    try {
      const final = await agent.send('How many Z-9?').done;
      expect(final).toMatchObject({ reason: 'answer', text: 'There is no SKU Z-9.' });
      const [, second] = await mock.log();
      expect(second.body.messages.at(-1).content).toContain('No SKU Z-9');
    } finally {
      agent.dispose();
    }
  });

  test('runs on a scripted model module (modelModules() serves it in dev)', async () => {
    const found = defineTool({ name: 'find_orders', description: 'Find orders', parameters: { type: 'object', properties: { query: { type: 'string' } } }, execute: ({ query }) => [{ id: '1004', customer: query }] });
    const agent = createAgent({ modelModule: brain, model: 'brain', tools: [found] });
    try {
      expect(await agent.send('Orders of ACME?').done).toMatchObject({ reason: 'answer', text: 'ACME has one pending order (scripted by brain).' });
    } finally {
      agent.dispose();
    }
  });
});
