// Tools whose parameters are zod-mini schemas: their JSON Schema is written by
// pageloop's converter, a chunk loaded the first time such a schema is defined
// (src/tools/tool-schema.ts). This file is its own page, so the converter is not
// loaded when it starts: the tests run in order, the first before any zod-mini
// schema exists.
import { expect } from 'chai';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { toJSONSchema, type $ZodType } from 'zod/v4/core';
import { createAgent } from '../../src/page/create-agent.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { compileSchema, toolSchemasPending, toolSchemasReady } from '../../src/tools/tool-schema.js';
import type { Agent } from '../../src/types.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';

// The count below reads resource timing: room for every fetch of this page (the default keeps 250,
// which a test page's modules can fill before the tests run).
performance.setResourceTimingBufferSize(100_000);

/** How often the page has fetched the converter's module. */
const converterFetches = () => performance.getEntriesByType('resource').filter((e) => /zod-json-schema/.test(e.name)).length;
/** zod's own input JSON Schema of `schema`, as the model must get it. */
const zods = (schema: $ZodType) => {
  const { $schema: _, ...rest } = toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};
type Body = { tools?: { function: { name: string; parameters: unknown } }[] };
const toolsOf = (body: unknown) => Object.fromEntries(((body as Body).tools ?? []).map((t) => [t.function.name, t.function.parameters]));

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

describe('zod-mini tool schemas (the converter loaded on first use)', () => {
  it('is not loaded for tools written with classic zod or JSON Schema', async () => {
    const classic = defineTool({ name: 'lookup', description: 'Find an order', parameters: z.object({ id: z.string().describe('The order id') }), execute: () => 'ok' });
    const json = defineTool({ name: 'ping', description: 'Ping', parameters: { type: 'object', properties: { n: { type: 'number' } } }, execute: () => 'pong' });
    expect(classic.parameters).to.deep.equal(zods(z.object({ id: z.string().describe('The order id') })));
    expect(json.parameters).to.deep.include({ type: 'object' });
    // Pending now means only the schema checks (loaded with the first tool defined), never the converter.
    await toolSchemasReady();
    expect(toolSchemasPending()).to.equal(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(converterFetches()).to.equal(0);
  });

  it("uses a classic schema's own toJSONSchema (the app's zod), once", () => {
    const schema = z.object({ a: z.string() });
    let called = 0;
    const own = schema.toJSONSchema.bind(schema);
    Object.defineProperty(schema, 'toJSONSchema', { value: (params: never) => (called++, own(params)) });
    const compiled = compileSchema('t', schema);
    expect([compiled.jsonSchema, compiled.jsonSchema]).to.deep.equal([zods(schema), zods(schema)]);
    expect(called).to.equal(1);
  });

  it('gives the model the schema as zod writes it, even for tools defined and added before the converter is in; reading parameters before then says what to await', async () => {
    const orderArgs = zm.object({ id: zm.string().check(zm.minLength(1)), rush: zm.optional(zm.boolean()) });
    const noteArgs = zm.object({ text: zm.string(), tags: zm._default(zm.array(zm.enum(['a', 'b'])), []) });
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'c1', name: 'order_status', args: { id: '42' } }]), textTurn('Shipped.')] });
    const seen: unknown[] = [];
    const order = defineTool({ name: 'order_status', description: 'Status of an order', parameters: orderArgs, execute: (args) => (seen.push(args), 'shipped') });
    expect(toolSchemasPending()).to.equal(true);
    expect(() => order.parameters).to.throw(Error, /Tool "order_status": the JSON Schema of a zod-mini schema is there after `await toolSchemasReady\(\)`/);

    // Defined and added while the converter may still be loading: the worker must hear of both with their schemas.
    const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', tools: [order] });
    agents.push(agent);
    agent.addTool(defineTool({ name: 'note', description: 'Keep a note', parameters: noteArgs, execute: () => 'kept' }));
    const run = agent.send('Where is order 42?');
    expect(await run.done).to.include({ reason: 'answer', text: 'Shipped.' });

    const [first] = await mock.log();
    const sent = toolsOf(first!.body);
    expect({ order_status: sent.order_status, note: sent.note }).to.deep.equal({ order_status: zods(orderArgs), note: zods(noteArgs) });
    expect(seen).to.deep.equal([{ id: '42' }]);
    expect(order.parameters).to.deep.equal(zods(orderArgs));
    expect(toolSchemasPending()).to.equal(false);
    expect(converterFetches()).to.equal(1);
  });

  it('checks the arguments with the schema itself before and after the converter is in', async () => {
    await toolSchemasReady();
    const schema = zm.object({ n: zm.number() });
    const tool = defineTool({ name: 'count', description: 'Count', parameters: schema, execute: ({ n }) => n });
    expect(tool.parameters).to.deep.equal(zods(schema)).and.deep.include({ required: ['n'] });
    const checked = await tool.validate!({ n: 'x' });
    expect(checked.ok).to.equal(false);
    expect(converterFetches()).to.equal(1);
  });
});
