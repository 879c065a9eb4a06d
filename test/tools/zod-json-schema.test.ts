import { expect } from 'chai';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { toJSONSchema } from 'zod/v4/core';
import { convertZod } from '../../src/tools/zod-json-schema.js';

/** zod's own converter, as tool-schema.ts used to call it. */
const zods = (schema: Parameters<typeof toJSONSchema>[0]) => toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

/** Tool-argument schemas written with zod-mini: the kinds the converter covers, with checks, metadata and wrappers. */
const MINI: Record<string, zm.ZodMiniType> = {
  string: zm.string(),
  'string checks': zm.string().check(zm.minLength(2), zm.maxLength(9), zm.regex(/^a/)),
  'string length': zm.string().check(zm.length(4)),
  'two patterns': zm.string().check(zm.regex(/^a/), zm.regex(/b$/)),
  email: zm.email(),
  url: zm.url(),
  uuid: zm.uuid(),
  'iso datetime': zm.iso.datetime(),
  'iso date': zm.iso.date(),
  'iso time': zm.iso.time(),
  base64: zm.base64(),
  number: zm.number(),
  'number bounds': zm.number().check(zm.gte(1), zm.lte(10)),
  'number exclusive': zm.number().check(zm.gt(0), zm.lt(1)),
  'multiple of': zm.number().check(zm.multipleOf(5)),
  int: zm.int(),
  'int bounds': zm.int().check(zm.gte(0), zm.lte(100)),
  int32: zm.int32(),
  boolean: zm.boolean(),
  null: zm.null(),
  any: zm.any(),
  unknown: zm.unknown(),
  never: zm.never(),
  literal: zm.literal('on'),
  'number literal': zm.literal(3),
  'literals': zm.literal(['a', 'b']),
  enum: zm.enum(['red', 'green']),
  'native enum': zm.enum({ A: 1, B: 2 }),
  array: zm.array(zm.string()),
  'array bounds': zm.array(zm.number()).check(zm.minLength(1), zm.maxLength(3)),
  tuple: zm.tuple([zm.string(), zm.number()]),
  'tuple rest': zm.tuple([zm.string()], zm.boolean()),
  'tuple optional tail': zm.tuple([zm.string(), zm.optional(zm.number())]),
  object: zm.object({ id: zm.string(), count: zm.optional(zm.number()) }),
  'strict object': zm.strictObject({ a: zm.string() }),
  'loose object': zm.looseObject({ a: zm.string() }),
  'object catchall': zm.catchall(zm.object({ a: zm.string() }), zm.number()),
  nested: zm.object({ user: zm.object({ name: zm.string(), tags: zm.array(zm.enum(['x', 'y'])) }), when: zm.optional(zm.iso.date()) }),
  record: zm.record(zm.string(), zm.number()),
  'enum record': zm.record(zm.enum(['a', 'b']), zm.string()),
  'partial record': zm.partialRecord(zm.enum(['a', 'b']), zm.string()),
  union: zm.union([zm.string(), zm.number()]),
  xor: zm.xor([zm.string(), zm.number()]),
  'discriminated union': zm.discriminatedUnion('kind', [zm.object({ kind: zm.literal('a'), a: zm.string() }), zm.object({ kind: zm.literal('b'), b: zm.number() })]),
  intersection: zm.intersection(zm.object({ a: zm.string() }), zm.object({ b: zm.number() })),
  nullable: zm.nullable(zm.string()),
  'optional nullable': zm.object({ note: zm.optional(zm.nullable(zm.string())) }),
  default: zm.object({ mode: zm._default(zm.enum(['x', 'y']), 'x'), size: zm._default(zm.number(), 3) }),
  prefault: zm.object({ n: zm.prefault(zm.number(), 2) }),
  catch: zm.object({ n: zm.catch(zm.number(), 0) }),
  readonly: zm.readonly(zm.object({ a: zm.string() })),
  pipe: zm.pipe(zm.string(), zm.string().check(zm.minLength(1))),
  transform: zm.object({ n: zm.pipe(zm.string(), zm.transform((s: string) => s.length)) }),
  date: zm.object({ d: zm.date() }),
  described: zm.object({ q: zm.string().check(zm.describe('What to search for')) }).check(zm.describe('Search arguments')),
  meta: zm.object({ q: zm.string().check(zm.meta({ title: 'Query', examples: ['shoes'] })) }),
  'lazy (no cycle)': zm.object({ a: zm.lazy(() => zm.string()) }),
};

/** The same kinds written with classic zod. */
const CLASSIC: Record<string, z.ZodType> = {
  'classic object': z.object({ id: z.string().min(1).describe('The id'), n: z.number().int().positive().optional(), tags: z.array(z.string()).max(5).default([]) }),
  'classic union': z.union([z.literal('a'), z.object({ b: z.boolean().nullable() })]),
  'classic record': z.record(z.string(), z.array(z.number().min(0))),
  'classic enum default': z.enum(['x', 'y']).default('x'),
  'classic email': z.string().email(),
};

describe('zod JSON Schema without zod\'s converter (convertZod)', () => {
  for (const [name, schema] of Object.entries({ ...MINI, ...CLASSIC })) {
    it(`writes ${name} as zod does`, () => {
      expect(convertZod(schema)).to.deep.equal(zods(schema as never));
    });
  }

  it('cuts a schema that refers to itself to {} after MAX_DEPTH levels instead of recursing forever', () => {
    interface Node { children: Node[] }
    const node: zm.ZodMiniType<Node> = zm.object({ children: zm.array(zm.lazy(() => node)) });
    const json = convertZod(node) as { properties: { children: { items: unknown } } };
    expect(json.properties.children.items).to.be.an('object');
    expect(JSON.stringify(json)).to.include('{}');
  });
});
