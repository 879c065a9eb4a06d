import { expect } from 'chai';
import { qwenValue, typeValue } from '../../../src/model/call-formats/text-values.js';
import type { JSONSchema } from '../../../src/types.js';

/** [text as written, schema, value expected]: the conversions of vLLM's converters, and our choices where they differ. */
const TYPED: Array<[string, JSONSchema | undefined, unknown]> = [
  ['007', { type: 'string' }, '007'],
  ['true', { type: 'string' }, 'true'],
  ['null', { type: 'string' }, 'null'],
  ['"foo"', { type: 'string' }, '"foo"'],
  [' padded ', { type: 'string' }, ' padded '],
  [' 3 ', { type: 'integer' }, 3],
  ['-12', { type: 'integer' }, -12],
  ['3.5', { type: 'integer' }, 3.5],
  ['three', { type: 'integer' }, 'three'],
  ['null', { type: 'integer' }, 'null'],
  ['2.5', { type: 'number' }, 2.5],
  ['1e3', { type: 'number' }, 1000],
  ['7', { type: 'number' }, 7],
  ['TRUE', { type: 'boolean' }, true],
  ['False', { type: 'boolean' }, false],
  ['yes', { type: 'boolean' }, 'yes'],
  ['{"a": 1}', { type: 'object' }, { a: 1 }],
  ["{'a': True, 'b': None}", { type: 'object' }, { a: true, b: null }],
  ['"{\\"a\\": 1}"', { type: 'object' }, { a: 1 }],
  ['[1, 2]', { type: 'array' }, [1, 2]],
  ["('x', 'y')", { type: 'array' }, ['x', 'y']],
  ['not json', { type: 'array' }, 'not json'],
  ['None', { anyOf: [{ type: 'string' }, { type: 'null' }] }, null],
  ['nil', { anyOf: [{ type: 'string' }, { type: 'null' }] }, 'nil'],
  ['7', { anyOf: [{ type: 'integer' }, { type: 'string' }] }, 7],
  ['seven', { anyOf: [{ type: 'integer' }, { type: 'string' }] }, 'seven'],
  ['null', { type: ['boolean', 'null'] }, null],
  ['true', { oneOf: [{ type: 'boolean' }, { type: 'object' }] }, true],
  ['b', { enum: ['a', 'b'] }, 'b'],
  ['2', { enum: [1, 2] }, 2],
  ['42', { description: 'no type' }, '42'],
  ['42', undefined, 42],
  [' word ', undefined, 'word'],
];

describe('text-written values typed by the schema', () => {
  for (const [text, schema, want] of TYPED) {
    it(`${JSON.stringify(text)} as ${JSON.stringify(schema ?? 'no schema')} → ${JSON.stringify(want)}`, () => {
      expect(typeValue(text, schema)).to.deep.equal(want);
    });
  }

  it('keeps the text for a parameter without a schema where the family says so (Qwen3-Coder, MiniMax-M2)', () => {
    expect(typeValue(' 42 ', undefined, 'string')).to.equal(' 42 ');
  });
});

/** [value between the parameter tags, value expected]. */
const QWEN: Array<[string, string]> = [
  ['\nParis\n', 'Paris'],
  ['Paris', 'Paris'],
  ['\n      John Doe\n    ', 'John Doe'],
  ['   \n    ', ''],
  ['\n\n  def f():\n      return 1\n\n', '\n  def f():\n      return 1\n'],
  ['\n      def f():\n          return 1\n    ', 'def f():\n    return 1'],
  ['\n  line one\n\n  line two\n  ', 'line one\n\nline two'],
];

describe("Qwen3-Coder's whitespace", () => {
  for (const [text, want] of QWEN) {
    it(`${JSON.stringify(text)} → ${JSON.stringify(want)}`, () => {
      expect(qwenValue(text)).to.equal(want);
    });
  }
});
