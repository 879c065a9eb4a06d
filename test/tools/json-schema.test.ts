import { expect } from 'chai';
import { compileJsonSchema } from '../../src/tools/json-schema.js';

describe('JSON Schema tools', () => {
  it('loads the validator on the first check and answers synchronously after it', async () => {
    const schema = compileJsonSchema<{ id: string }>('lookup', { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] });
    const first = schema.validate({ id: 7 });
    expect(first).to.be.instanceOf(Promise);
    const failed = await first;
    expect(failed.ok).to.equal(false);
    expect(!failed.ok && failed.error).to.match(/Invalid arguments for tool "lookup"[\s\S]*id/);
    const second = schema.validate({ id: '7' });
    expect(second).to.deep.equal({ ok: true, value: { id: '7' } });
  });

  it('refuses a schema that is not an object when the tool is defined', () => {
    expect(() => compileJsonSchema('t', 'not a schema')).to.throw(/JSON Schema object/);
  });
});
