// A page tool whose schema cannot be used fails when it is defined (or, when
// it was defined before the schema checks had loaded, at createAgent), naming
// the tool and the fault — never accepted silently and offered to the model,
// whose every call would then fail. The tests run in order: the first one
// defines its tool before anything loaded the checks.
import { expect } from 'chai';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { defineTool } from '../../src/tools/define-tool.js';
import { toolSchemasReady } from '../../src/tools/tool-schema.js';
import { createAgent } from '../../src/page/create-agent.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn } from '../../src/testing/chunks.js';
import type { Agent, JSONSchema } from '../../src/types.js';

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));
const execute = () => 'ok';
const jsonTool = (name: string, parameters: JSONSchema) => defineTool({ name, description: 'A tool', parameters, execute });
// Defined as the module loads, before the checks are in (they load with the first tool defined, a chunk
// of their own): nothing refuses these yet. `cold` is made in the same task, so its start must wait for them.
const early = jsonTool('early', { type: 'object', properties: { n: { type: 'integr' } } });
const cold = createAgent({ baseURL: '/v1', model: 'mock-model', tools: [jsonTool('lookup', { type: 'object', properties: { id: { type: 'strng' } } })] });
agents.push(cold);

describe('tool schemas that cannot be used', () => {
  it('a tool defined before the checks loaded: the agent does not start, naming the tool and the fault', async () => {
    const failure = await cold.ready.then(() => undefined, (err: unknown) => err);
    expect(failure).to.be.instanceOf(TypeError);
    expect((failure as Error).message).to.equal('Tool "lookup": its parameters schema cannot be used: at /properties/id: "strng" is not a JSON Schema type.');
    const run = cold.send('hello');
    expect((await run.done).reason).to.equal('error');
  });

  it('once they are in, createAgent itself throws', async () => {
    await toolSchemasReady();
    const mock = await mockEndpoint({ turns: [textTurn('never asked')] });
    expect(() => createAgent({ baseURL: mock.baseURL, model: 'mock-model', tools: [early] })).to.throw(TypeError, 'Tool "early": its parameters schema cannot be used: at /properties/n: "integr" is not a JSON Schema type.');
    expect(await mock.log()).to.have.length(0);
  });

  it('once the checks are in, defineTool itself throws: a $ref to nowhere, a keyword of the wrong shape, a root that is not an object', async () => {
    await toolSchemasReady();
    expect(() => jsonTool('find', { type: 'object', properties: { item: { $ref: '#/$defs/Item' } } })).to.throw(TypeError, 'Tool "find": its parameters schema cannot be used: at /properties/item: $ref "#/$defs/Item" points at nothing in the schema.');
    expect(() => jsonTool('find', { type: 'object', properties: { q: { type: 'string' } }, required: 'q' })).to.throw(TypeError, 'Tool "find": its parameters schema cannot be used: at /: required must be a list of property names, not "q".');
    expect(() => jsonTool('find', { type: 'array', items: { type: 'string' } })).to.throw(TypeError, 'its type is "array", but a tool\'s arguments are an object');
    expect(() => defineTool({ name: 'ask', description: 'Asks', parameters: z.object({}), render: () => document.createElement('div'), result: { type: 'strng' } })).to.throw(TypeError, 'Tool "ask": its result schema cannot be used: at /: "strng" is not a JSON Schema type.');
  });

  it('a zod field JSON cannot carry fails too, classic and mini, named by its path', async () => {
    await toolSchemasReady();
    expect(() => defineTool({ name: 'book', description: 'Books', parameters: z.object({ slot: z.object({ when: z.date() }) }), execute })).to.throw(TypeError, 'Tool "book": its parameters schema cannot be used: field "slot.when" is a Date, which JSON cannot carry');
    expect(() => defineTool({ name: 'tag', description: 'Tags', parameters: zm.object({ tags: zm.set(zm.string()) }), execute })).to.throw(TypeError, 'Tool "tag": its parameters schema cannot be used: field "tags" is a Set');
    // What a model can fill is fine: a coerced date takes an ISO string.
    const book = defineTool({ name: 'book', description: 'Books', parameters: z.object({ when: z.coerce.date() }), execute });
    expect(await book.validate({ when: '2026-01-02' })).to.deep.include({ ok: true });
  });

  it('a required property properties do not describe is legal but warned about, once per tool and property', async () => {
    await toolSchemasReady();
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
    try {
      const make = () => jsonTool('ship', { type: 'object', properties: { id: { type: 'string' } }, required: ['id', 'carrier'] });
      make();
      make();
    } finally {
      console.warn = warn;
    }
    expect(warnings).to.deep.equal(['pageloop: tool "ship": its parameters schema requires "carrier" (at /), but its properties do not describe it, so the model is never told what to send; list it in properties.']);
  });

  it('setTools refuses, at the call, a tool defined before the checks were in, and keeps the tools it had', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('fine')] });
    const good = jsonTool('good', { type: 'object', properties: { q: { type: 'string' } } });
    const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', tools: [good] });
    agents.push(agent);
    await agent.ready;
    let refused: unknown;
    try {
      agent.setTools([good, early]);
    } catch (err) {
      refused = err;
    }
    expect(String(refused)).to.contain('Tool "early": its parameters schema cannot be used: at /properties/n: "integr" is not a JSON Schema type.');
    expect(agent.tools.map((t) => t.name)).to.deep.equal(['good']);
  });
});
