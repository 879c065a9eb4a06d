/**
 * Cases from Ollama's parser tests (ollama/ollama at fb307609):
 * `tools/tools_test.go` (TestParser: the tag, JSON and list formats Ollama
 * reads from a model's template, with that test's tools),
 * `model/parsers/qwen3coder_test.go` (TestQwenToolParser, and every
 * TestQwenToolCallValueParsing value as a call of a tool whose parameter has
 * that type) and `model/parsers/glm46_test.go` (calls complete at the end of
 * the stream). Where Ollama's parser was given no tools it checked no names,
 * and the case passes none.
 */
import type { JSONSchema } from '../../../../src/types.js';
import type { CorpusCase } from './corpus.js';
import { call, tool } from './tools.js';

const src = (file: string, what: string) => `Ollama ${file}: ${what}`;
const str: JSONSchema = { type: 'string' };
const TOOLS = [
  tool('get_temperature', { format: { type: 'string', enum: ['fahrenheit', 'celsius'] }, city: str }, ['city']),
  tool('get_conditions', { location: str }),
  { name: 'say_hello' },
  { name: 'say_hello_world' },
  tool('get_address', { location: str }),
  tool('add', { a: str, b: str }),
];
const t = (what: string) => src('tools/tools_test.go', what);
const LONDON = call('get_temperature', { city: 'London', format: 'fahrenheit' });
const TOKYO = call('get_conditions', { location: 'Tokyo' });
const TOOLS_TEST: CorpusCase[] = [
  { source: t('no tool calls'), reply: 'Hello, how can I help you today?', tools: TOOLS, text: 'Hello, how can I help you today?', calls: [] },
  { source: t('qwen: tool call'), reply: '<tool_call>{"name": "get_conditions", "arguments": {"location": "San Francisco"}}</tool_call>', tools: TOOLS, calls: [call('get_conditions', { location: 'San Francisco' })] },
  { source: t('qwen: empty args'), reply: '<tool_call>{"name": "get_conditions", "arguments": {}}</tool_call>', tools: TOOLS, calls: [call('get_conditions')] },
  {
    source: t('qwen: text before the call'),
    reply: 'Let me check the weather. <tool_call>{"name": "get_temperature", "arguments": {"city": "New York"}}</tool_call>',
    tools: TOOLS,
    text: 'Let me check the weather.',
    calls: [call('get_temperature', { city: 'New York' })],
  },
  {
    source: t('qwen: a tool named in prose'),
    reply: "Let me say hello to the user. I'll use the say_hello tool. ",
    tools: TOOLS,
    text: "Let me say hello to the user. I'll use the say_hello tool.",
    calls: [],
  },
  {
    source: t('mistral: two calls in a list, [/TOOL_CALLS] after'),
    reply: '[TOOL_CALLS] [{"name": "get_temperature", "arguments": {"city": "London", "format": "fahrenheit"}}, {"name": "get_conditions", "arguments": {"location": "Tokyo"}}][/TOOL_CALLS]',
    tools: TOOLS,
    calls: [LONDON, TOKYO],
  },
  {
    source: t('qwen: two calls after text'),
    reply:
      'Okay, let\'s call both tools! <tool_call>{"name": "get_temperature", "arguments": {"city": "London", "format": "fahrenheit"}}</tool_call><tool_call>{"name": "get_conditions", "arguments": {"location": "Tokyo"}}</tool_call>',
    tools: TOOLS,
    text: "Okay, let's call both tools!",
    calls: [LONDON, TOKYO],
  },
  {
    source: t('qwen: empty args, then args'),
    reply:
      'Let me say hello and check the weather. <tool_call>{"name": "say_hello", "arguments": {}}</tool_call><tool_call>{"name": "get_temperature", "arguments": {"city": "London", "format": "fahrenheit"}}</tool_call>',
    tools: TOOLS,
    text: 'Let me say hello and check the weather.',
    calls: [call('say_hello'), LONDON],
  },
  {
    source: t('qwen: the second call without its closer'),
    reply: 'Let me check the weather. <tool_call>{"name": "get_conditions", "arguments": {}}</tool_call><tool_call>{"name": "get_conditions", "arguments": {"location": "Tokyo"}}',
    tools: TOOLS,
    text: 'Let me check the weather.',
    calls: [call('get_conditions'), TOKYO],
  },
  {
    source: t('deepseek with ASCII pipes in its tokens'),
    reply: '<think>Wait, I need to call a tool</think><|tool▁calls▁begin|><|tool▁call▁begin|>function<|tool▁sep|>get_temperature\n```json\n{"city": "Tokyo"}\n```<|tool▁call▁end|><|tool▁calls▁end|><|end▁of▁sentence|>',
    tools: TOOLS,
    thinking: 'Wait, I need to call a tool',
    calls: [call('get_temperature', { city: 'Tokyo' })],
  },
  { source: t('json: a whole-reply call'), reply: '{"name": "get_temperature","arguments": {"city": "Tokyo"}}', tools: TOOLS, calls: [call('get_temperature', { city: 'Tokyo' })] },
  {
    source: t('json: a call cut off'),
    reply: '{"name": "get_temperature","arguments": {',
    tools: TOOLS,
    calls: [{ name: 'get_temperature', error: /not valid JSON/ }],
    decision: 'Ollama waits for more and ends with nothing; pageloop answers a reply cut off inside a call with an error the model can correct',
  },
  {
    source: t('json: a name that is no tool'),
    reply: '{"name": "search", "arguments": {"query": "What is the capital of Canada?"}}',
    tools: TOOLS,
    text: '{"name": "search", "arguments": {"query": "What is the capital of Canada?"}}',
    calls: [],
  },
  {
    source: t('json: an object, then a call'),
    reply: '{"name": "jeff"}{"name": "get_conditions", "arguments": {"location": "San Francisco"}}',
    tools: TOOLS,
    text: '{"name": "jeff"}{"name": "get_conditions", "arguments": {"location": "San Francisco"}}',
    calls: [],
  },
  {
    source: t('json: an object, a space, then a call'),
    reply: '{"name": "jeff"} {"name": "get_conditions", "arguments": {"location": "San Francisco"}}',
    tools: TOOLS,
    text: '{"name": "jeff"} {"name": "get_conditions", "arguments": {"location": "San Francisco"}}',
    calls: [],
  },
  { source: t('json: code'), reply: 'for { fmt.Println("hello") }', tools: TOOLS, text: 'for { fmt.Println("hello") }', calls: [] },
  {
    source: t('list: multiple'),
    reply: '[{"name": "get_temperature", "arguments": {"city": "London"}},{"name": "get_conditions", "arguments": {"location": "Tokyo"}}]',
    tools: TOOLS,
    calls: [call('get_temperature', { city: 'London' }), TOKYO],
  },
  { source: t('list: partial (no ])'), reply: '[{"name": "get_conditions", "arguments": {"location": "Tokyo"}}', tools: TOOLS, calls: [TOKYO] },
  {
    source: t('list: a name that is no tool'),
    reply: '[{"name": "search", "arguments": {"query": "What is the capital of Canada?"}}',
    tools: TOOLS,
    text: '[{"name": "search", "arguments": {"query": "What is the capital of Canada?"}}',
    calls: [],
    decision: 'Ollama holds a list it never sees closed and shows nothing; pageloop shows JSON naming no offered tool as the answer it is',
  },
  { source: t('list: a stray trailing ]'), reply: '[{"name": "get_conditions", "arguments": {"location": "Tokyo"}}]]', tools: TOOLS, calls: [TOKYO] },
  { source: t('list: not a call'), reply: '[special delivery]', tools: TOOLS, text: '[special delivery]', calls: [] },
  { source: t('qwen: a stray } after the call, no closer'), reply: '<tool_call>{"name": "say_hello_world","arguments": {}}}', tools: TOOLS, calls: [call('say_hello_world')] },
  {
    source: t('qwen: names that share a prefix'),
    reply: '<tool_call>{"name": "say_hello_world","arguments": {}}</tool_call><tool_call>{"name": "say_hello","arguments": {}}</tool_call>',
    tools: TOOLS,
    calls: [call('say_hello_world'), call('say_hello')],
  },
  {
    source: t('qwen: cut off inside the name'),
    reply: '<tool_call>{"name": "say_hello',
    tools: TOOLS,
    calls: [{ name: '', error: /not valid JSON/ }],
    decision: 'Ollama ends with nothing; pageloop answers a cut-off call with an error the model can correct',
  },
  {
    source: t('qwen: the second call unclosed'),
    reply: '<tool_call>{"name": "say_hello", "arguments": {}}</tool_call><tool_call>{"name": "say_hello_world", "arguments": {}}',
    tools: TOOLS,
    calls: [call('say_hello'), call('say_hello_world')],
  },
  { source: t('qwen: the shorter name'), reply: '<tool_call>{"name": "say_hello", "arguments": {}}</tool_call>', tools: TOOLS, calls: [call('say_hello')] },
  { source: t('qwen: the longer name'), reply: '<tool_call>{"name": "say_hello_world", "arguments": {}}</tool_call>', tools: TOOLS, calls: [call('say_hello_world')] },
  { source: t('json: a name inside another'), reply: '{"name": "get_address","arguments": {"location": "London"}}', tools: TOOLS, calls: [call('get_address', { location: 'London' })] },
  { source: t('qwen: a name inside another'), reply: '<tool_call>{"name": "get_address", "arguments": {"location": "London"}}</tool_call>', tools: TOOLS, calls: [call('get_address', { location: 'London' })] },
  { source: t('qwen: arguments before the name'), reply: '<tool_call>{"arguments": {"a": "5", "b": "10"}, "name": "add"}</tool_call>', tools: TOOLS, calls: [call('add', { a: '5', b: '10' })] },
];

const q = (what: string) => src('model/parsers/qwen3coder_test.go', what);
/** One value of TestQwenToolCallValueParsing as a call of a tool whose parameter `v` has the test's type. */
function value(what: string, type: string[], raw: string, want: unknown, decision?: string): CorpusCase {
  const schema: JSONSchema = type.length === 0 ? {} : type.length === 1 ? { type: type[0]! } : { type };
  return {
    source: q(`value parsing, ${what}`),
    reply: `<tool_call>\n<function=t>\n<parameter=v>${raw}</parameter>\n</function>\n</tool_call>`,
    tools: [tool('t', { v: schema })],
    calls: [call('t', { v: want })],
    ...(decision ? { decision } : {}),
  };
}
const NULL_TEXT = 'Ollama reads the word null as null for any type; pageloop only where the schema allows null, so a string that is "null" stays one';
const VALUES: CorpusCase[] = [
  value('no type', [], 'some-string', 'some-string'),
  value('one newline trimmed each side', [], '\nsome-string\n', 'some-string'),
  value('only one newline trimmed', [], '\n\nsome-string\n\n', '\nsome-string\n'),
  value('the newline must be first to be trimmed', [], ' \nsome-string\n ', ' \nsome-string', "pageloop trims an indented closing line as llama.cpp does (the markup's indentation), so the trailing newline and space go"),
  value('number', ['number'], '123', 123),
  value('integer', ['integer'], '42', 42),
  value('negative integer', ['integer'], '-100', -100),
  value('zero', ['integer'], '0', 0),
  value('leading zeros', ['integer'], '007', 7),
  value('large integer', ['integer'], '2147483648', 2147483648),
  value('float', ['number'], '3.14', 3.14),
  value('negative float', ['number'], '-273.15', -273.15),
  value('float without a fraction', ['number'], '100.0', 100),
  value('scientific notation', ['number'], '1.23e5', 123000),
  value('negative exponent', ['number'], '1.5e-3', 0.0015),
  value('very small float', ['number'], '0.00000001', 0.00000001),
  value('string', ['string'], 'hello world', 'hello world'),
  value('a path', ['string'], '/usr/local/bin/test-file_v2.0.sh', '/usr/local/bin/test-file_v2.0.sh'),
  value('quotes', ['string'], 'He said "hello" to me', 'He said "hello" to me'),
  value('multiline string', ['string'], 'line one\nline two\nline three', 'line one\nline two\nline three'),
  value('empty string', ['string'], '', ''),
  value('a number-like string', ['string'], '12345', '12345'),
  value('true', ['boolean'], 'true', true),
  value('false', ['boolean'], 'false', false),
  value('True', ['boolean'], 'True', true),
  value('FALSE', ['boolean'], 'FALSE', false),
  value('null for a string type', ['string'], 'null', 'null', NULL_TEXT),
  value('NULL for an integer type', ['integer'], 'NULL', 'NULL', NULL_TEXT),
  value('array of strings', ['array'], '["foo", "bar", "baz"]', ['foo', 'bar', 'baz']),
  value('array of numbers', ['array'], '[1, 2.5, 3]', [1, 2.5, 3]),
  value('array of mixed types', ['array'], '["string", 123, true, null]', ['string', 123, true, null]),
  value('empty array', ['array'], '[]', []),
  value('object', ['object'], '{"key": "value", "number": 42}', { key: 'value', number: 42 }),
  value('nested object', ['object'], '{"outer": {"inner": "value"}}', { outer: { inner: 'value' } }),
  value('empty object', ['object'], '{}', {}),
  value('an invalid integer stays text', ['integer'], 'not-a-number', 'not-a-number'),
  value('an invalid float stays text', ['number'], '3.14.159', '3.14.159'),
  value('an invalid boolean', ['boolean'], 'yes', 'yes', 'Ollama (and vLLM) turn an unreadable boolean into false; pageloop keeps the text so the tool says what was wrong instead of running with an invented false'),
  value('an invalid array stays text', ['array'], '[1, 2, unclosed', '[1, 2, unclosed'),
  value('an invalid object stays text', ['object'], '{"key": unclosed', '{"key": unclosed'),
  value('many decimal places', ['number'], '3.141592653589793', 3.141592653589793),
  value('JSON-like text for a string type', ['string'], '{"this": "is", "just": "a string"}', '{"this": "is", "just": "a string"}'),
  value('whitespace only', ['string'], '   ', '', "pageloop reads a value of only whitespace as \"\" (llama.cpp's rule for indented markup)"),
  value('string or number: a number', ['string', 'number'], '42.5', 42.5),
  value('string or number: text', ['string', 'number'], 'hello', 'hello'),
  value('number or string: a number', ['number', 'string'], '42.5', 42.5),
  value('integer or null: an integer', ['integer', 'null'], '123', 123),
  value('integer or null: null', ['integer', 'null'], 'null', null),
  value('null or integer: null', ['null', 'integer'], 'null', null),
  value('boolean or string: true', ['boolean', 'string'], 'true', true),
  value('boolean or string: yes', ['boolean', 'string'], 'yes', 'yes'),
  value('string or boolean: false', ['string', 'boolean'], 'false', false),
  value('integer or number: an integer', ['integer', 'number'], '42', 42),
  value('integer or number: a float', ['integer', 'number'], '42.5', 42.5),
  value('number or integer: an integer', ['number', 'integer'], '42', 42),
  value('array or object: an array', ['array', 'object'], '[1, 2, 3]', [1, 2, 3]),
  value('array or object: an object', ['array', 'object'], '{"key": "value"}', { key: 'value' }),
  value('object or array: an array', ['object', 'array'], '[1, 2, 3]', [1, 2, 3]),
  value('four types: null', ['string', 'number', 'boolean', 'null'], 'null', null),
  value('four types: true', ['string', 'number', 'boolean', 'null'], 'true', true),
  value('four types: a number', ['string', 'number', 'boolean', 'null'], '3.14', 3.14),
  value('four types: text', ['string', 'number', 'boolean', 'null'], 'hello', 'hello'),
  value('integer or string: an integer', ['integer', 'string'], '123', 123),
  value('string or integer: an integer', ['string', 'integer'], '123', 123),
  value(
    'array or string: an array of objects',
    ['array', 'string'],
    '[{"content": "task 1", "status": "pending", "priority": "high", "id": "1"}, {"content": "task 2", "status": "completed", "priority": "low", "id": "2"}]',
    [
      { content: 'task 1', status: 'pending', priority: 'high', id: '1' },
      { content: 'task 2', status: 'completed', priority: 'low', id: '2' },
    ],
  ),
  value('array or string: text', ['array', 'string'], 'Error: could not load data', 'Error: could not load data'),
];

const QWEN_PARSER: CorpusCase[] = [
  {
    source: q('a call, no tools given'),
    reply: '<function=get_current_temperature>\n<parameter=location>\nSan Francisco\n</parameter>\n<parameter=unit>\ncelsius\n</parameter>\n</function>',
    calls: [call('get_current_temperature', { location: 'San Francisco', unit: 'celsius' })],
  },
  {
    source: q('typed parameters'),
    reply: '<function=calculate>\n<parameter=x>\n3.14\n</parameter>\n<parameter=y>\n42\n</parameter>\n<parameter=enabled>\ntrue\n</parameter>\n<parameter=items>\n["a", "b", "c"]\n</parameter>\n</function>',
    tools: [tool('calculate', { x: { type: 'number' }, y: { type: 'integer' }, enabled: { type: 'boolean' }, items: { type: 'array' } })],
    calls: [call('calculate', { x: 3.14, y: 42, enabled: true, items: ['a', 'b', 'c'] })],
  },
  { source: q('ampersands'), reply: '<function=exec>\n<parameter=command>\nls && echo "done"\n</parameter>\n</function>', calls: [call('exec', { command: 'ls && echo "done"' })] },
  {
    source: q('angle brackets'),
    reply: '<function=exec>\n<parameter=command>\nls && echo "a > b and a < b"\n</parameter>\n</function>',
    calls: [call('exec', { command: 'ls && echo "a > b and a < b"' })],
  },
  {
    source: q('unicode names and values'),
    reply: '<function=获取天气>\n<parameter=城市>\n北京\n</parameter>\n<parameter=message>\nHello! 你好! 🌟 مرحبا\n</parameter>\n</function>',
    calls: [call('获取天气', { 城市: '北京', message: 'Hello! 你好! 🌟 مرحبا' })],
  },
  {
    source: q('three calls, no tools given'),
    reply: '<tool_call><function=first><parameter=a>1</parameter></function></tool_call>\n<tool_call><function=second><parameter=b>2</parameter></function></tool_call>\n<tool_call><function=third><parameter=c>3</parameter></function></tool_call>',
    calls: [call('first', { a: 1 }), call('second', { b: 2 }), call('third', { c: 3 })],
    decision: 'with no tools passed there is no schema, and pageloop reads such values as JSON (1); Ollama and vLLM keep text ("1")',
  },
];

const glm = (what: string) => src('model/parsers/glm46_test.go', what);
const GLM_TOOLS = [tool('grep', { pattern: str, path: str }, ['pattern', 'path']), tool('write', { path: str, content: str }, ['path', 'content'])];
const GREP = '<tool_call>grep\n<arg_key>pattern</arg_key>\n<arg_value>needle</arg_value>\n<arg_key>path</arg_key>\n<arg_value>.</arg_value>';
const GLM46: CorpusCase[] = [
  { source: glm('a complete call at the end, no closer'), reply: GREP, tools: GLM_TOOLS, calls: [call('grep', { pattern: 'needle', path: '.' })] },
  { source: glm('a complete call, then half a closer'), reply: `${GREP}</tool_`, tools: GLM_TOOLS, calls: [call('grep', { pattern: 'needle', path: '.' })] },
  { source: glm('an empty body'), reply: '<tool_call>', tools: GLM_TOOLS, calls: [{ name: '', error: /cut off/ }] },
  { source: glm('half a tool name'), reply: '<tool_call>gr', tools: GLM_TOOLS, calls: [{ name: 'gr', error: /cut off/ }] },
  {
    source: glm('a value cut off'),
    reply: '<tool_call>write\n<arg_key>path</arg_key>\n<arg_value>out.txt</arg_value>\n<arg_key>content</arg_key>\n<arg_value>partial',
    tools: GLM_TOOLS,
    calls: [{ name: 'write', error: /cut off/ }],
  },
  { source: glm('an undeclared tool'), reply: '<tool_call>shell\n<arg_key>command</arg_key>\n<arg_value>echo unsafe</arg_value>', tools: GLM_TOOLS, calls: [{ name: 'shell', error: /cut off|no tool/ }] },
  {
    source: glm('a required argument missing'),
    reply: '<tool_call>write\n<arg_key>path</arg_key>\n<arg_value>out.txt</arg_value>',
    tools: GLM_TOOLS,
    calls: [{ name: 'write', error: /cut off/ }],
  },
];

export const OLLAMA: CorpusCase[] = [...TOOLS_TEST, ...VALUES, ...QWEN_PARSER, ...GLM46];
