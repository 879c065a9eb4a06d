import { expect } from 'chai';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { safeParse } from 'zod/v4/core';
import { compileSchema, toolSchemasReady } from '../../src/tools/tool-schema.js';

/** What arguments checking said before it went through the schema's own Standard Schema `validate`: zod's `safeParse`, described the same way. */
function viaSafeParse(toolName: string, schema: Parameters<typeof safeParse>[0], args: unknown): unknown {
  const result = safeParse(schema, args);
  if (result.success) return { ok: true, value: result.data };
  const lines = result.error.issues.map((issue) => {
    const expected = 'expected' in issue && issue.expected !== undefined ? ` (expected ${String(issue.expected)})` : '';
    return `- ${issue.path.length === 0 ? '(arguments)' : issue.path.map(String).join('.')}: ${issue.message}${expected}`;
  });
  return { ok: false, error: `Invalid arguments for tool "${toolName}":\n${lines.join('\n')}` };
}

const classic = z.object({ a: z.number(), tags: z.array(z.string()).optional(), mode: z.enum(['x', 'y']).default('x') });
const mini = zm.object({ a: zm.number(), tags: zm.optional(zm.array(zm.string())), mode: zm._default(zm.enum(['x', 'y']), 'x') });
const ARGS: unknown[] = [{ a: 1 }, { a: 1, tags: ['t'], mode: 'y' }, { a: 'one' }, { a: 1, tags: [2], mode: 'z' }, {}, 'not an object', null];

describe('zod tool schemas (compileSchema)', () => {
  for (const [flavour, schema] of [['classic', classic], ['mini', mini]] as const) {
    it(`checks ${flavour} zod arguments exactly as zod's safeParse did, synchronously`, () => {
      const compiled = compileSchema('add', schema);
      for (const args of ARGS) expect(compiled.validate(args), JSON.stringify(args)).to.deep.equal(viaSafeParse('add', schema, args));
    });

    it(`gives the model the ${flavour} schema's input JSON Schema, without $schema`, async () => {
      await toolSchemasReady();
      const { jsonSchema } = compileSchema('add', schema);
      expect(jsonSchema).to.deep.include({ type: 'object', required: ['a'] });
      expect(jsonSchema).to.not.have.property('$schema');
      expect((jsonSchema.properties as Record<string, unknown>).mode).to.deep.include({ enum: ['x', 'y'], default: 'x' });
    });
  }

  it('names the field, what it expected, and (arguments) for the whole', () => {
    const compiled = compileSchema('add', classic);
    expect(compiled.validate({ a: 'one' })).to.deep.equal({ ok: false, error: 'Invalid arguments for tool "add":\n- a: Invalid input: expected number, received string (expected number)' });
    const whole = compiled.validate('x');
    expect(!('then' in whole) && !whole.ok && whole.error).to.match(/^Invalid arguments for tool "add":\n- \(arguments\): /);
  });

  it('returns the parsed value (defaults applied)', () => {
    expect(compileSchema('add', classic).validate({ a: 2 })).to.deep.equal({ ok: true, value: { a: 2, mode: 'x' } });
  });

  it('checks a schema with an async refinement, as a promise', async () => {
    const schema = z.object({ a: z.number() }).refine(async (v) => v.a > 0, { message: 'a must be positive' });
    const compiled = compileSchema('add', schema);
    const failed = compiled.validate({ a: -1 });
    expect(failed).to.be.instanceOf(Promise);
    expect(await failed).to.deep.equal({ ok: false, error: 'Invalid arguments for tool "add":\n- (arguments): a must be positive' });
    expect(await compiled.validate({ a: 1 })).to.deep.equal({ ok: true, value: { a: 1 } });
  });
});
