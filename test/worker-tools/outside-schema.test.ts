// Arguments checked against schemas from outside (src/tools/outside-schema.ts):
// the same verdicts as the validator on ordinary arguments, and bounded work on
// hostile ones — patterns that backtrack, format "url", uniqueItems, anyOf
// branches that multiply per level.
import { expect } from 'chai';
import { compileJsonSchema } from '../../src/tools/json-schema.js';
import { compileOutsideJsonSchema } from '../../src/tools/outside-json-schema.js';
import type { JSONSchema } from '../../src/types.js';

const outside = (schema: JSONSchema) => compileOutsideJsonSchema<unknown>('t', schema);
const native = (schema: JSONSchema) => compileJsonSchema<unknown>('t', schema);
const verdict = async (schema: JSONSchema, args: unknown, compile = outside) => (await compile(schema).validate(args)).ok;

describe('schemas from outside: the same verdicts on ordinary arguments', () => {
  const cases: { schema: JSONSchema; args: unknown[] }[] = [
    { schema: { type: 'object', properties: { code: { type: 'string', pattern: '^[A-Z]{2}-\\d+$' } } }, args: [{ code: 'AB-12' }, { code: 'ab-12' }, { code: 'AB-' }, { code: 5 }, {}] },
    // Unanchored, as JSON Schema means it; unicode property escapes and \u escapes.
    { schema: { type: 'object', properties: { w: { type: 'string', pattern: '\\p{Lu}\\u00e9' } } }, args: [{ w: 'xAéy' }, { w: 'aé' }] },
    { schema: { type: 'object', properties: { w: { type: 'string', pattern: 'x', format: 'email' } } }, args: [{ w: 'x@example.com' }, { w: 'y@example.com' }, { w: 'x' }] },
    // Patterns on array items, through a $ref, inside an existing allOf.
    { schema: { type: 'object', $defs: { Id: { type: 'string', pattern: '^id-' } }, properties: { ids: { type: 'array', items: { $ref: '#/$defs/Id' } }, one: { allOf: [{ type: 'string' }], pattern: 'z$' } } }, args: [{ ids: ['id-1', 'id-2'] }, { ids: ['id-1', 'x'] }, { one: 'abz' }, { one: 'abc' }] },
    // patternProperties with additionalProperties: a matched key is not an additional one; two patterns both apply.
    { schema: { type: 'object', properties: { fixed: { type: 'number' } }, patternProperties: { '^x-': { type: 'string' }, '-y$': { type: 'string', minLength: 2 } }, additionalProperties: false }, args: [{ 'x-a': 'v' }, { 'x-a': 1 }, { other: 'v' }, { fixed: 1, 'x-y': 'vv' }, { 'x-y': 'v' }] },
    { schema: { type: 'object', propertyNames: { pattern: '^[a-z]+$' } }, args: [{ abc: 1 }, { Abc: 1 }] },
    { schema: { type: 'object', properties: { u: { type: 'string', format: 'url' } } }, args: [{ u: 'https://example.com/a?b#c' }, { u: 'http://192.168.0.1:8080/' }, { u: 'http://93.184.216.34/x' }, { u: 'ftp://files.example.org' }, { u: 'example.com' }, { u: 'http://exa mple.com' }, { u: 'mailto:a@b.c' }] },
    { schema: { type: 'object', properties: { l: { type: 'array', uniqueItems: true } } }, args: [{ l: [1, 2, 3] }, { l: [1, 2, 1] }, { l: [{ a: 1, b: 2 }, { b: 2, a: 1 }] }, { l: [[1], [2]] }, { l: [[1], [1]] }, { l: ['1', 1] }] },
  ];
  for (const [i, { schema, args }] of cases.entries()) {
    it(`case ${i + 1}: ${JSON.stringify(schema).slice(0, 80)}`, async () => {
      for (const a of args) expect(await verdict(schema, a), JSON.stringify(a)).to.equal(await verdict(schema, a, native));
    });
  }

  it('names the pattern a value missed, and a list that repeats an item', async () => {
    const pattern = await outside({ type: 'object', properties: { code: { type: 'string', pattern: '^\\d+$' } } }).validate({ code: 'x' });
    expect(pattern).to.deep.equal({ ok: false, error: 'Invalid arguments for tool "t":\n- code: String does not match pattern "^\\d+$".' });
    const unique = await outside({ type: 'object', properties: { l: { type: 'array', uniqueItems: true } } }).validate({ l: [1, 1] });
    expect(unique.ok ? '' : unique.error).to.contain('l: Items must be unique');
  });

  it('does not check a pattern RE2 cannot run (a lookahead): the server checks its own arguments', async () => {
    expect(await verdict({ type: 'object', properties: { p: { type: 'string', pattern: '^(?=.*\\d).+$' } } }, { p: 'abc' })).to.equal(true);
  });
});

describe('schemas from outside: bounded work on hostile arguments', () => {
  const evil = `${'a'.repeat(40)}!`;

  it('runs a backtracking pattern in linear time, in values, keys and property names', async () => {
    expect(await verdict({ type: 'object', properties: { c: { type: 'string', pattern: '^(a+)+$' } } }, { c: evil })).to.equal(false);
    expect(await verdict({ type: 'object', properties: { c: { type: 'string', pattern: '^(a+)+$' } } }, { c: 'a'.repeat(100_000) })).to.equal(true);
    expect(await verdict({ type: 'object', patternProperties: { '^(a|aa)+$': { type: 'number' } }, additionalProperties: false }, { [evil]: 1 })).to.equal(false);
    expect(await verdict({ type: 'object', propertyNames: { pattern: '^(a|a?)+$' } }, { [evil]: 1 })).to.equal(false);
  });

  it('checks format "url" without backtracking', async () => {
    expect(await verdict({ type: 'object', properties: { u: { type: 'string', format: 'url' } } }, { u: `http://${'a-'.repeat(20_000)}a${'a'.repeat(40)}!` })).to.equal(false);
  });

  it('checks uniqueItems of 200,000 items by hashing', async () => {
    const l = Array.from({ length: 200_000 }, (_, i) => ({ id: i }));
    expect(await verdict({ type: 'object', properties: { l: { type: 'array', uniqueItems: true } } }, { l })).to.equal(true);
    expect(await verdict({ type: 'object', properties: { l: { type: 'array', uniqueItems: true } } }, { l: [...l, { id: 7 }] })).to.equal(false);
  });

  it('refuses, saying so, arguments whose check would visit subschemas without end (anyOf branches that multiply per level)', async () => {
    // Each level of nesting evaluates all 8 branches, each of which recurses: 8^12 visits for 12 levels.
    const schema: JSONSchema = { type: 'object', properties: { n: { $ref: '#/$defs/n' } }, $defs: { n: { anyOf: Array.from({ length: 8 }, () => ({ type: 'array', items: { $ref: '#/$defs/n' } })) } } };
    let n: unknown = [];
    for (let i = 0; i < 12; i++) n = [n];
    const result = await outside(schema).validate({ n });
    expect(result.ok).to.equal(false);
    expect(result.ok ? '' : result.error).to.contain('took more than 100,000 steps');
  });
});
