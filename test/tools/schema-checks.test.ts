// Which tool schemas cannot be used (src/tools/schema-checks.ts): an MCP tool's is left out, a page tool's fails when defined.
import { expect } from 'chai';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { schemaProblem, schemaTraps, zodProblem } from '../../src/tools/schema-checks.js';

describe('tool schemas that cannot be used', () => {
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

  it('refuses keywords whose value has the wrong shape (the validator would ignore or crash on them)', () => {
    const at = (property: Record<string, unknown>) => schemaProblem({ type: 'object', properties: { a: property } });
    expect(schemaProblem({ type: 'object', properties: 5 })).to.equal('at /: properties must be an object of schemas, not 5');
    expect(schemaProblem({ type: 'object', properties: { a: 'string' } })).to.equal('at /: properties.a must be a schema (an object such as { "type": "string" }), not "string"');
    expect(schemaProblem({ type: 'object', properties: { a: { type: 'string' } }, required: 'a' })).to.equal('at /: required must be a list of property names, not "a"');
    expect(at({ enum: 'x' })).to.equal('at /properties/a: enum must be a list of values, not "x"');
    expect(at({ anyOf: { type: 'string' } })).to.equal('at /properties/a: anyOf must be a non-empty list of schemas, not {"type":"string"}');
    expect(at({ oneOf: [] })).to.equal('at /properties/a: oneOf must be a non-empty list of schemas, not []');
    expect(at({ type: 'array', items: 5 })).to.equal('at /properties/a: items must be a schema, not 5');
    expect(at({ type: 'number', minimum: '3' })).to.equal('at /properties/a: minimum must be a number, not "3"');
    expect(at({ type: 'number', multipleOf: 0 })).to.equal('at /properties/a: multipleOf must be a number above 0, not 0');
    expect(at({ type: 'string', minLength: -1 })).to.equal('at /properties/a: minLength must be a whole number, 0 or more, not -1');
    expect(at({ type: [] })).to.equal('at /properties/a: type is an empty list');
    expect(at({ type: 'array', uniqueItems: 'yes' })).to.equal('at /properties/a: uniqueItems must be true or false, not "yes"');
    expect(schemaProblem({ type: 'object', additionalProperties: 'no' })).to.equal('at /: additionalProperties must be a schema, not "no"');
    expect(schemaProblem({ type: 'object', properties: { a: {} }, required: ['b'], additionalProperties: false })).to.equal('at /: "b" is required, but additionalProperties: false forbids it (properties does not list it), so no arguments can pass');
  });

  it('accepts what draft-07 servers write (tuple items, boolean exclusiveMinimum) and boolean subschemas', () => {
    for (const schema of [
      { type: 'object', properties: { t: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] }, n: { type: 'number', minimum: 0, exclusiveMinimum: true } } },
      { type: 'object', properties: { any: true, none: false }, additionalProperties: false },
      { type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'x-trace'], patternProperties: { '^x-': { type: 'string' } }, additionalProperties: false },
    ]) expect(schemaProblem(schema), JSON.stringify(schema)).to.equal(undefined);
  });

  it('a user\'s answer (a render-and-wait tool\'s result) may be any type', () => {
    expect(schemaProblem({ type: 'string', enum: ['yes', 'no'] }, { root: 'any' })).to.equal(undefined);
    expect(schemaProblem({ type: 'strng' }, { root: 'any' })).to.equal('at /: "strng" is not a JSON Schema type');
  });

  it('names each required property no properties (nor patternProperties key) describe, nested ones too', () => {
    expect(schemaTraps({ type: 'object', properties: { a: {} }, required: ['a', 'b'] })).to.deep.equal([{ at: '/', property: 'b' }]);
    expect(schemaTraps({ type: 'object', required: ['id'] })).to.deep.equal([{ at: '/', property: 'id' }]);
    expect(schemaTraps({ type: 'object', properties: { o: { type: 'object', properties: {}, required: ['deep'] } } })).to.deep.equal([{ at: '/properties/o', property: 'deep' }]);
    expect(schemaTraps({ type: 'object', patternProperties: { '^x-': {} }, required: ['x-id'] })).to.deep.equal([]);
  });
});

describe('zod schemas whose arguments a model could never send', () => {
  it('names the field and what to write instead; coerced dates and optional undefined pass', () => {
    expect(zodProblem(z.object({ when: z.date() }))).to.equal('field "when" is a Date, which JSON cannot carry (z.coerce.date() takes an ISO date string, or use z.string())');
    expect(zodProblem(z.object({ items: z.array(z.object({ tags: z.set(z.string()) })) }))).to.equal('field "items[].tags" is a Set, which JSON cannot carry (use z.array())');
    expect(zodProblem(z.object({ when: z.coerce.date(), n: z.coerce.bigint(), u: z.undefined().optional(), s: z.string().transform(Number) }))).to.equal(undefined);
  });

  it('agrees with zod\'s own converter on what cannot be represented (except coerced dates and bigints, which a string or number fills)', () => {
    const cases: Record<string, $ZodType> = {
      date: z.object({ d: z.date() }), map: z.object({ m: z.map(z.string(), z.string()) }), set: z.object({ s: z.set(z.number()) }), bigint: z.object({ b: z.bigint() }),
      symbol: z.object({ s: z.symbol() }), fn: z.object({ f: z.function() }), nan: z.object({ n: z.nan() }), undef: z.object({ u: z.undefined() }), void: z.object({ v: z.void() }),
      nestedArray: z.object({ a: z.array(z.object({ d: z.date() })) }), union: z.object({ u: z.union([z.string(), z.date()]) }), record: z.object({ r: z.record(z.string(), z.map(z.string(), z.string())) }),
      lazy: z.object({ l: z.lazy(() => z.date()) }), catchall: z.object({}).catchall(z.date()), defaulted: z.object({ d: z.date().default(new Date(0)) }), nullable: z.object({ d: z.date().nullable() }),
      tuple: z.object({ t: z.tuple([z.string(), z.bigint()]) }), intersection: z.object({ i: z.intersection(z.object({ a: z.string() }), z.object({ b: z.date() })) }),
      literalBig: z.object({ l: z.literal(1n) }),
      fine: z.object({ s: z.string(), n: z.number().int().min(1), e: z.enum(['a', 'b']), o: z.object({ x: z.boolean().optional() }), a: z.array(z.string()), r: z.record(z.string(), z.number()), any: z.any(), t: z.string().transform(Number), p: z.preprocess((v) => v, z.string()) }),
      recursive: (() => {
        const node: $ZodType = z.object({ name: z.string(), get children() { return z.array(node); } });
        return node;
      })(),
    };
    for (const [name, schema] of Object.entries(cases)) {
      let zodRefuses = false;
      try {
        z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' });
      } catch {
        zodRefuses = true;
      }
      expect(zodProblem(schema) !== undefined, name).to.equal(zodRefuses);
    }
  });
});

describe('tool schemas too big to check (the outside probe: a server can send any schema)', () => {
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
