// Which MCP input schemas are left out as impossible to compile (src/worker-tools/mcp/mcp-schema.ts).
import { expect } from 'chai';
import { schemaProblem } from '../../src/worker-tools/mcp/mcp-schema.js';

describe('MCP input schemas that cannot be compiled', () => {
  it('accepts ordinary schemas: local $refs, anchors, type lists, unicode patterns, a property named like a keyword', () => {
    const ok = [
      { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
      {},
      { type: 'object', $defs: { Item: { type: 'object', properties: { id: { type: ['string', 'null'] } } } }, properties: { item: { $ref: '#/$defs/Item' }, list: { type: 'array', items: { $ref: '#/$defs/Item' } } } },
      { type: 'object', definitions: { 'a/b': { type: 'string' } }, properties: { x: { $ref: '#/definitions/a~1b' } } },
      { type: 'object', $defs: { n: { $anchor: 'num', type: 'number' } }, properties: { x: { $ref: '#num' }, self: { $ref: '#' } } },
      { type: 'object', properties: { type: { type: 'string', pattern: '^\\p{L}+$' }, pattern: { enum: ['([a-z'] } }, patternProperties: { '^x-': { type: 'string' } } },
    ];
    for (const schema of ok) expect(schemaProblem(schema), JSON.stringify(schema)).to.equal(undefined);
  });

  it('names what is wrong, and where', () => {
    expect(schemaProblem({ type: 'object', properties: { item: { $ref: '#/$defs/Item' } } })).to.equal('at /properties/item: $ref "#/$defs/Item" points at nothing in the schema');
    expect(schemaProblem({ type: 'object', properties: { item: { $ref: 'https://example.com/item.json' } } })).to.equal('at /properties/item: $ref "https://example.com/item.json" points outside the schema (remote references cannot be fetched)');
    expect(schemaProblem({ type: 'object', properties: { x: { $ref: '#nope' } } })).to.equal('at /properties/x: $ref "#nope" names an anchor the schema does not have');
    expect(schemaProblem({ type: 'object', properties: { n: { anyOf: [{ type: 'string' }, { type: 'integr' }] } } })).to.equal('at /properties/n/anyOf/1: "integr" is not a JSON Schema type');
    expect(schemaProblem({ type: 'object', properties: { c: { type: 'string', pattern: '([a-z' } } })).to.equal('at /properties/c: pattern "([a-z" is not a regular expression');
    expect(schemaProblem({ type: 'object', patternProperties: { '[': {} } })).to.equal('at /: patternProperties key "[" is not a regular expression');
    expect(schemaProblem({ type: 'array', items: {} })).to.equal('its type is "array", but a tool\'s arguments are an object');
    expect(schemaProblem('x')).to.equal('it is not a JSON Schema object');
  });

  it('leaves out a schema whose $refs expand past 50,000 subschemas, and keeps recursion and reuse', () => {
    const defs: Record<string, unknown> = { d0: { type: 'string' } };
    for (let i = 1; i <= 40; i++) defs[`d${i}`] = { allOf: [{ $ref: `#/$defs/d${i - 1}` }, { $ref: `#/$defs/d${i - 1}` }] };
    expect(schemaProblem({ type: 'object', $defs: defs, properties: { v: { $ref: '#/$defs/d40' } } })).to.equal('its $refs expand to more than 50,000 subschemas');
    // Ten doublings are 2,047 subschemas: fine.
    const few = Object.fromEntries(Object.entries(defs).slice(0, 11));
    expect(schemaProblem({ type: 'object', $defs: few, properties: { v: { $ref: '#/$defs/d10' } } })).to.equal(undefined);
    // A tree that refers to itself is walked as deep as the arguments go: counted once.
    expect(schemaProblem({ type: 'object', $defs: { node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } } } }, properties: { root: { $ref: '#/$defs/node' } } })).to.equal(undefined);
    expect(schemaProblem({ type: 'object', properties: { self: { $ref: '#' } } })).to.equal(undefined);
  });

  it('stops at 64 levels of nesting, also for a schema thousands deep', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 3000; i++) deep = { type: 'object', properties: { x: deep } };
    expect(schemaProblem(deep)).to.match(/nested more than 64 levels deep$/);
  });
});
