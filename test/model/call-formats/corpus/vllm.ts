/**
 * Cases from vLLM's tool-parser tests (vllm-project/vllm `tests/tool_parsers/`):
 * qwen3coder, minimax_m2, deepseekv32 (the engine parser with its schema-aware
 * type fixer), kimi_k2 and glm4_moe, each with the tools its test offered.
 * Where a test's parser had no tools (and so checked no names), the case
 * passes none.
 */
import type { CorpusCase } from './corpus.js';
import { call, dsml, tool } from './tools.js';

const src = (file: string, what: string) => `vLLM tests/tool_parsers/${file}: ${what}`;
const str = { type: 'string' } as const;

const WEATHER = tool('get_current_weather', { city: str, state: str, unit: { type: 'string', enum: ['fahrenheit', 'celsius'] } }, ['city', 'state']);
const AREA = tool('calculate_area', { shape: str, dimensions: { type: 'object' }, precision: { type: 'integer' } });
const qc = (what: string) => src('test_qwen3coder_tool_parser.py', what);
const dallas = (unit = 'fahrenheit') =>
  `<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n</parameter>\n<parameter=unit>\n${unit}\n</parameter>\n</function>\n</tool_call>`;
const DALLAS = call('get_current_weather', { city: 'Dallas', state: 'TX', unit: 'fahrenheit' });
const QWEN3_CODER: CorpusCase[] = [
  { source: qc('no tool call'), reply: 'This is a test response without any tool calls', tools: [WEATHER, AREA], text: 'This is a test response without any tool calls', calls: [] },
  { source: qc('single tool'), reply: dallas(), tools: [WEATHER, AREA], calls: [DALLAS] },
  { source: qc('content before the call'), reply: `Sure! Let me check the weather for you.${dallas()}`, tools: [WEATHER, AREA], text: 'Sure! Let me check the weather for you.', calls: [DALLAS] },
  {
    source: qc('multiline object parameter'),
    reply: '<tool_call>\n<function=calculate_area>\n<parameter=shape>\nrectangle\n</parameter>\n<parameter=dimensions>\n{"width": 10, \n "height": 20}\n</parameter>\n<parameter=precision>\n2\n</parameter>\n</function>\n</tool_call>',
    tools: [WEATHER, AREA],
    calls: [call('calculate_area', { shape: 'rectangle', dimensions: { width: 10, height: 20 }, precision: 2 })],
  },
  {
    source: qc('parallel tools'),
    reply: `${dallas()}\n<tool_call>\n<function=get_current_weather>\n<parameter=city>\nOrlando\n</parameter>\n<parameter=state>\nFL\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n</tool_call>`,
    tools: [WEATHER, AREA],
    calls: [DALLAS, call('get_current_weather', { city: 'Orlando', state: 'FL', unit: 'fahrenheit' })],
  },
  {
    source: qc('typed parameters after content'),
    reply: 'Let me calculate that area for you.<tool_call>\n<function=calculate_area>\n<parameter=shape>\ncircle\n</parameter>\n<parameter=dimensions>\n{"radius": 15.5}\n</parameter>\n<parameter=precision>\n3\n</parameter>\n</function>\n</tool_call>',
    tools: [WEATHER, AREA],
    text: 'Let me calculate that area for you.',
    calls: [call('calculate_area', { shape: 'circle', dimensions: { radius: 15.5 }, precision: 3 })],
  },
  {
    source: qc('fallback without <tool_call>'),
    reply: '<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n</parameter>\n</function>',
    tools: [WEATHER, AREA],
    calls: [call('get_current_weather', { city: 'Dallas', state: 'TX' })],
  },
  {
    source: qc('type conversion, "float" among the types'),
    reply:
      '<tool_call>\n<function=test_types>\n<parameter=int_param>\n42\n</parameter>\n<parameter=float_param>\n3.14\n</parameter>\n<parameter=bool_param>\ntrue\n</parameter>\n<parameter=str_param>\nhello world\n</parameter>\n<parameter=obj_param>\n{"key": "value"}\n</parameter>\n</function>\n</tool_call>',
    tools: [tool('test_types', { int_param: { type: 'integer' }, float_param: { type: 'float' }, bool_param: { type: 'boolean' }, str_param: str, obj_param: { type: 'object' } })],
    calls: [call('test_types', { int_param: 42, float_param: 3.14, bool_param: true, str_param: 'hello world', obj_param: { key: 'value' } })],
  },
  {
    source: qc('anyOf and type lists'),
    reply:
      '<tool_call>\n<function=test_anyof>\n<parameter=anyof_int>\n5\n</parameter>\n<parameter=anyof_str>\nhello\n</parameter>\n<parameter=anyof_array>\n["a", "b", "c"]\n</parameter>\n<parameter=anyof_obj>\n{"key": "value"}\n</parameter>\n<parameter=type_as_array>\n42\n</parameter>\n<parameter=multi_non_null>\nsome text\n</parameter>\n</function>\n</tool_call>',
    tools: [
      tool('test_anyof', {
        anyof_int: { anyOf: [{ type: 'integer' }, { type: 'null' }], default: 5 },
        anyof_str: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        anyof_array: { anyOf: [{ type: 'array', items: str }, { type: 'null' }] },
        anyof_obj: { anyOf: [{ type: 'object' }, { type: 'null' }] },
        type_as_array: { type: ['integer', 'null'] },
        multi_non_null: { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
      }),
    ],
    calls: [call('test_anyof', { anyof_int: 5, anyof_str: 'hello', anyof_array: ['a', 'b', 'c'], anyof_obj: { key: 'value' }, type_as_array: 42, multi_non_null: 'some text' })],
  },
  {
    source: qc('anyOf while streaming'),
    reply: '<tool_call>\n<function=search_web>\n<parameter=query>\nvllm tool parser\n</parameter>\n<parameter=count>\n10\n</parameter>\n<parameter=verbose>\ntrue\n</parameter>\n</function>\n</tool_call>',
    tools: [
      tool('search_web', {
        query: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        count: { anyOf: [{ type: 'integer' }, { type: 'null' }], default: 5 },
        verbose: { anyOf: [{ type: 'boolean' }, { type: 'null' }] },
      }),
    ],
    calls: [call('search_web', { query: 'vllm tool parser', count: 10, verbose: true })],
  },
  {
    source: qc('missing </parameter> before the next <parameter=>'),
    reply: 'Let me check the weather for you:\n<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n<parameter=state>\nTX\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n</tool_call>',
    tools: [WEATHER, AREA],
    text: 'Let me check the weather for you:',
    calls: [DALLAS],
  },
  {
    source: qc('missing <tool_call> opener while streaming'),
    reply: "I'll check the weather for you.\n\n<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n</tool_call>",
    tools: [WEATHER, AREA],
    text: "I'll check the weather for you.",
    calls: [DALLAS],
  },
  {
    source: qc('a call that cannot be read beside one that can'),
    reply: '<tool_call>\n<function=bad_func_no_gt\n</function>\n</tool_call>\n<tool_call>\n<function=get_current_weather>\n<parameter=city>Dallas</parameter>\n<parameter=state>TX</parameter>\n</function>\n</tool_call>',
    tools: [WEATHER, AREA],
    calls: [{ name: '', error: /Could not read/ }, call('get_current_weather', { city: 'Dallas', state: 'TX' })],
    decision: 'vLLM drops a call it cannot read; pageloop answers it with an error the model reads, so every call in the history gets a result',
  },
  {
    source: qc('an anyOf object is not encoded twice'),
    reply: '<tool_call>\n<function=update_record>\n<parameter=data>{"key": "value", "count": 42}</parameter>\n</function>\n</tool_call>',
    tools: [tool('update_record', { data: { anyOf: [{ type: 'object' }, { type: 'null' }] } })],
    calls: [call('update_record', { data: { key: 'value', count: 42 } })],
  },
  {
    source: qc('a string is not encoded twice'),
    reply: '<tool_call>\n<function=greet>\n<parameter=message>hello world</parameter>\n</function>\n</tool_call>',
    tools: [tool('greet', { message: str })],
    calls: [call('greet', { message: 'hello world' })],
  },
];

const mm = (what: string) => src('test_minimax_m2_tool_parser.py', what);
const invoke = (name: string, params: Array<[string, string]>) => `<invoke name="${name}">${params.map(([k, v]) => `<parameter name="${k}">${v}</parameter>`).join('')}</invoke>`;
const minimax = (...invokes: string[]) => `<minimax:tool_call>${invokes.join('')}</minimax:tool_call>`;
const PROFILE = tool('update_profile', { nickname: { anyOf: [{ type: 'string' }, { type: 'null' }] } });
const MINIMAX: CorpusCase[] = [
  { source: mm('plain content'), reply: 'Hello world', text: 'Hello world', calls: [] },
  { source: mm('content before the call'), reply: `Let me check. ${minimax(invoke('get_weather', [['city', 'Seattle']]))}`, text: 'Let me check.', calls: [call('get_weather', { city: 'Seattle' })] },
  {
    source: mm('two parameters, no tools: text'),
    reply: minimax(invoke('get_weather', [['city', 'Seattle'], ['days', '5']])),
    calls: [call('get_weather', { city: 'Seattle', days: '5' })],
  },
  {
    source: mm('two invokes'),
    reply: minimax(invoke('search_web', [['query', 'OpenAI']]), invoke('search_web', [['query', 'Gemini']])),
    calls: [call('search_web', { query: 'OpenAI' }), call('search_web', { query: 'Gemini' })],
  },
  { source: mm('two invokes in one delta'), reply: minimax(invoke('fn_a', [['x', '1']]), invoke('fn_b', [['y', '2']])), calls: [call('fn_a', { x: '1' }), call('fn_b', { y: '2' })] },
  {
    source: mm('different functions'),
    reply: minimax(invoke('get_weather', [['city', 'NYC']]), invoke('get_stock', [['ticker', 'AAPL']])),
    calls: [call('get_weather', { city: 'NYC' }), call('get_stock', { ticker: 'AAPL' })],
  },
  { source: mm('anyOf nullable: text'), reply: minimax(invoke('update_profile', [['nickname', 'Alice']])), tools: [PROFILE], calls: [call('update_profile', { nickname: 'Alice' })] },
  { source: mm('anyOf nullable: null'), reply: minimax(invoke('update_profile', [['nickname', 'null']])), tools: [PROFILE], calls: [call('update_profile', { nickname: null })] },
  {
    source: mm('anyOf nullable: object'),
    reply: minimax(invoke('update_settings', [['config', '{"theme": "dark", "fontSize": 14}']])),
    tools: [tool('update_settings', { config: { anyOf: [{ type: 'object' }, { type: 'null' }] } })],
    calls: [call('update_settings', { config: { theme: 'dark', fontSize: 14 } })],
  },
];

const ds = (what: string) => src('test_deepseekv32_tool_parser.py', what);
const fc = (...invokes: Array<[string, Array<[string, string, boolean]>]>) => dsml('function_calls', invokes);
const SCORE = tool('score', { value: { type: 'integer' } });
const TIMER = tool('set_timer', {
  wait: { anyOf: [{ type: 'object', properties: { type: { const: 'until' }, date: str } }, { type: 'object', properties: { type: { const: 'for' }, minutes: { type: 'number' } } }] },
  patches: { oneOf: [{ type: 'array', items: { type: 'object' } }, { type: 'null' }] },
});
const LOCATION = tool('get_weather', { location: str });
const DSML: CorpusCase[] = [
  { source: ds('no tool call'), reply: 'just some text', text: 'just some text', calls: [] },
  { source: ds('no parameters'), reply: '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_time">\n</｜DSML｜invoke>\n</｜DSML｜function_calls>', calls: [call('get_time')] },
  { source: ds('string parameters'), reply: fc(['get_weather', [['location', 'SF', true], ['date', '2024-01-16', true]]]), calls: [call('get_weather', { location: 'SF', date: '2024-01-16' })] },
  { source: ds('content before the call'), reply: `Sure, let me check! ${fc(['get_weather', [['location', 'NYC', true]]])}`, text: 'Sure, let me check!', calls: [call('get_weather', { location: 'NYC' })] },
  {
    source: ds('two invokes'),
    reply: fc(['get_weather', [['location', 'SF', true]]], ['get_weather', [['location', 'NYC', true]]]),
    calls: [call('get_weather', { location: 'SF' }), call('get_weather', { location: 'NYC' })],
  },
  {
    source: ds('typed by the schema'),
    reply: fc(['toggle', [['enabled', 'true', false], ['count', '42', false]]]),
    tools: [tool('toggle', { enabled: { type: 'boolean' }, count: { type: 'integer' } })],
    calls: [call('toggle', { enabled: true, count: 42 })],
  },
  { source: ds('string="true" coerced to an integer schema'), reply: fc(['score', [['value', '42', true]]]), tools: [SCORE], calls: [call('score', { value: 42 })] },
  { source: ds('string="false" converted by the schema'), reply: fc(['score', [['value', '42', false]]]), tools: [SCORE], calls: [call('score', { value: 42 })] },
  {
    source: ds('composed schemas: object and array'),
    reply: fc(['set_timer', [['wait', '{"type":"for","minutes":2880}', false], ['patches', '[{"op":"replace","path":"/schedule","value":"quiet"}]', false]]]),
    tools: [TIMER],
    calls: [call('set_timer', { wait: { type: 'for', minutes: 2880 }, patches: [{ op: 'replace', path: '/schedule', value: 'quiet' }] })],
  },
  {
    source: ds('string="true" coerced to an object schema'),
    reply: fc(['set_timer', [['wait', '{"type":"for","minutes":2880}', true]]]),
    tools: [tool('set_timer', { wait: { anyOf: [{ type: 'object' }, { type: 'null' }] } })],
    calls: [call('set_timer', { wait: { type: 'for', minutes: 2880 } })],
  },
  { source: ds('an "arguments" wrapper unwrapped'), reply: fc(['get_weather', [['arguments', '{"location":"Beijing"}', false]]]), tools: [LOCATION], calls: [call('get_weather', { location: 'Beijing' })] },
  { source: ds('an "input" wrapper unwrapped'), reply: fc(['get_weather', [['input', '{"location":"Beijing"}', true]]]), tools: [LOCATION], calls: [call('get_weather', { location: 'Beijing' })] },
  {
    source: ds('object and array parameters'),
    reply: fc(['update', [['tags', '["a", "b"]', false], ['meta', '{"k": 1}', false]]]),
    tools: [tool('update', { tags: { type: 'array' }, meta: { type: 'object' } })],
    calls: [call('update', { tags: ['a', 'b'], meta: { k: 1 } })],
  },
  {
    source: ds('numbers'),
    reply: fc(['measure', [['ratio', '3.14', false], ['whole', '5.0', false]]]),
    tools: [tool('measure', { ratio: { type: 'number' }, whole: { type: 'number' } })],
    calls: [call('measure', { ratio: 3.14, whole: 5 })],
  },
  {
    source: ds('type lists with null'),
    reply: fc(['set_val', [['count', '42', false], ['label', 'hello', false]]]),
    tools: [tool('set_val', { count: { type: ['integer', 'null'] }, label: { type: ['string', 'null'] } })],
    calls: [call('set_val', { count: 42, label: 'hello' })],
  },
  { source: ds('null where the schema allows it'), reply: fc(['clear', [['value', 'null', false]]]), tools: [tool('clear', { value: { type: ['integer', 'null'] } })], calls: [call('clear', { value: null })] },
  { source: ds('"null" for a string schema stays text'), reply: fc(['echo', [['text', 'null', false]]]), tools: [tool('echo', { text: str })], calls: [call('echo', { text: 'null' })] },
  { source: ds('no schema: JSON'), reply: fc(['unknown_fn', [['count', '42', false], ['flag', 'true', false]]]), calls: [call('unknown_fn', { count: 42, flag: true })] },
  {
    source: ds('conversion fallbacks'),
    reply: fc(['coerce', [['union_value', 'hello', false], ['bad_int', 'abc', false], ['nullable_string', 'null', false], ['null_string', 'null', false], ['whole_number', '3.0', false]]]),
    tools: [tool('coerce', { union_value: { type: ['null', 'string'] }, bad_int: { type: 'integer' }, nullable_string: { type: ['null', 'string'] }, null_string: str, whole_number: { type: 'number' } })],
    calls: [call('coerce', { union_value: 'hello', bad_int: 'abc', nullable_string: null, null_string: 'null', whole_number: 3 })],
  },
  {
    source: ds('integers while streaming'),
    reply: fc(['add', [['x', '3', false], ['y', '4', false]]]),
    tools: [tool('add', { x: { type: 'integer' }, y: { type: 'integer' } })],
    calls: [call('add', { x: 3, y: 4 })],
  },
  { source: ds('two functions while streaming'), reply: fc(['func_a', [['p', 'v1', true]]], ['func_b', [['q', 'v2', true]]]), calls: [call('func_a', { p: 'v1' }), call('func_b', { q: 'v2' })] },
];

const KB = '<|tool_calls_section_begin|>';
const KE = '<|tool_calls_section_end|>';
const k = (id: string, args: string) => `<|tool_call_begin|>${id} <|tool_call_argument_begin|>${args}<|tool_call_end|>`;
const kimi = (what: string) => src('test_kimi_k2_tool_parser.py', what);
const KWEATHER = tool('get_weather', { city: str, unit: str });
const KIMI: CorpusCase[] = [
  { source: kimi('single call'), reply: `I'll check. ${KB}${k('functions.get_weather:0', '{"city": "Beijing"}')}${KE}`, text: "I'll check.", calls: [call('get_weather', { city: 'Beijing' })] },
  {
    source: kimi('parallel calls'),
    reply: `Compare weather. ${KB}${k('functions.get_weather:0', '{"city": "Beijing"}')}${k('functions.get_weather:1', '{"city": "Shanghai"}')}${KE}`,
    text: 'Compare weather.',
    calls: [call('get_weather', { city: 'Beijing' }), call('get_weather', { city: 'Shanghai' })],
  },
  {
    source: kimi('three calls'),
    reply: `Multiple tasks. ${KB}${k('functions.get_weather:0', '{"city": "New York"}')}${k('functions.get_news:1', '{"topic": "technology"}')}${k('functions.send_email:2', '{"to": "user@example.com", "subject": "Daily Update"}')}${KE}`,
    text: 'Multiple tasks.',
    calls: [call('get_weather', { city: 'New York' }), call('get_news', { topic: 'technology' }), call('send_email', { to: 'user@example.com', subject: 'Daily Update' })],
  },
  { source: kimi('angle brackets in JSON'), reply: `Process HTML. ${KB}${k('functions.process_html:0', '{"html": "<div>content</div>"}')}${KE}`, text: 'Process HTML.', calls: [call('process_html', { html: '<div>content</div>' })] },
  { source: kimi('multiline JSON'), reply: `Formatted. ${KB}${k('functions.process_data:0', '{\n  "name": "test",\n  "value": 123\n}')}${KE}`, text: 'Formatted.', calls: [call('process_data', { name: 'test', value: 123 })] },
  { source: kimi('no functions. prefix'), reply: `No prefix. ${KB}${k('get_weather:0', '{"city": "Tokyo"}')}${KE}`, text: 'No prefix.', calls: [call('get_weather', { city: 'Tokyo' })] },
  { source: kimi('empty arguments'), reply: `Empty args. ${KB}${k('functions.test:0', '{}')}${KE}`, text: 'Empty args.', calls: [call('test')] },
  {
    source: kimi('invalid JSON beside a good call'),
    reply: `Help. ${KB}${k('functions.bad:0', '{"city": "Beijing"')}${k('functions.good:1', '{"city": "Shanghai"}')}${KE}`,
    text: 'Help.',
    calls: [{ name: 'bad', error: /not valid JSON/ }, call('good', { city: 'Shanghai' })],
  },
  {
    source: kimi('a bare counter id with one tool offered'),
    reply: `Let me check. ${KB}${k('0', '{"city": "Tokyo", "unit": "celsius"}')}${KE}`,
    tools: [KWEATHER],
    text: 'Let me check.',
    calls: [call('get_weather', { city: 'Tokyo', unit: 'celsius' })],
  },
  {
    source: kimi('a bare counter id, the tool told by its arguments'),
    reply: `Let me check. ${KB}${k('0', '{"city": "Tokyo", "unit": "celsius"}')}${KE}`,
    tools: [tool('read_file', { path: str }), KWEATHER],
    text: 'Let me check.',
    calls: [call('get_weather', { city: 'Tokyo', unit: 'celsius' })],
  },
  {
    source: kimi('a bare counter id that two tools could take'),
    reply: `Let me check. ${KB}${k('0', '{"city": "Tokyo"}')}${KE}`,
    tools: [KWEATHER, tool('book_flight', { city: str })],
    text: 'Let me check.',
    calls: [{ name: '0', error: /no tool named "0"/ }],
    decision: 'vLLM drops a call whose tool it cannot tell; pageloop answers it with an error naming the tools, so the model can say which it meant',
  },
];

const glm = (what: string) => src('test_glm4_moe_tool_parser.py', what);
const g = (name: string, pairs: Array<[string, string]>, indent = '') =>
  `<tool_call>${name}\n${pairs.map(([key, v]) => `${indent}<arg_key>${key}</arg_key>\n${indent}<arg_value>${v}</arg_value>\n`).join('')}${indent}</tool_call>`;
const GLM: CorpusCase[] = [
  { source: glm('no tool call'), reply: 'This is a test', tools: [tool('get_weather', { city: str })], text: 'This is a test', calls: [] },
  {
    source: glm('single call, indented'),
    reply: g('get_current_weather', [['city', 'Dallas'], ['state', 'TX'], ['unit', 'fahrenheit']], '    '),
    calls: [DALLAS],
  },
  {
    source: glm('two calls'),
    reply: `${g('get_current_weather', [['city', 'Dallas'], ['state', 'TX'], ['unit', 'fahrenheit']], '    ')}\n    ${g('get_current_weather', [['city', 'Orlando'], ['state', 'FL'], ['unit', 'fahrenheit']], '    ')}`,
    calls: [DALLAS, call('get_current_weather', { city: 'Orlando', state: 'FL', unit: 'fahrenheit' })],
  },
  {
    source: glm('content before the call'),
    reply: `I'll help you check the weather. ${g('get_current_weather', [['city', 'Seattle'], ['state', 'WA'], ['unit', 'celsius']], '    ')}`,
    text: "I'll help you check the weather.",
    calls: [call('get_current_weather', { city: 'Seattle', state: 'WA', unit: 'celsius' })],
  },
  {
    source: glm('a date stays text'),
    reply: `I will help you get the weather.${g('get_weather', [['city', 'Beijing'], ['date', '2025-08-01']], '    ')}`,
    tools: [tool('get_weather', { city: str })],
    text: 'I will help you get the weather.',
    calls: [call('get_weather', { city: 'Beijing', date: '2025-08-01' })],
  },
  {
    source: glm('with thinking tags (vLLM leaves them to its reasoning parser)'),
    reply: `<think>I want to get the weather.</think>\n\nI will help you get the weather.\n${g('get_weather', [['city', 'Beijing'], ['date', '2025-08-01']])}`,
    tools: [tool('get_weather', { city: str })],
    text: 'I will help you get the weather.',
    thinking: 'I want to get the weather.',
    calls: [call('get_weather', { city: 'Beijing', date: '2025-08-01' })],
  },
  { source: glm('empty arguments'), reply: '<tool_call>get_current_time\n</tool_call>', calls: [call('get_current_time')] },
  {
    source: glm('prose between two calls'),
    reply: `I will help you get the weather info.\n\n${g('get_weather', [['city', 'Beijing'], ['date', '2025-08-01']])}\n\nmeaningwhile, I will also check the weather in Shanghai.\n\n${g('get_weather', [['city', 'Shanghai'], ['date', '2025-08-01']])}`,
    tools: [tool('get_weather', { city: str })],
    text: 'I will help you get the weather info.\n\nmeaningwhile, I will also check the weather in Shanghai.',
    calls: [call('get_weather', { city: 'Beijing', date: '2025-08-01' }), call('get_weather', { city: 'Shanghai', date: '2025-08-01' })],
    decision: 'vLLM keeps only the content before the first call; pageloop keeps prose between calls too, so nothing the model said is lost',
  },
  {
    source: glm('special characters'),
    reply: g('send_message', [['recipient', 'Amy'], ['message', 'It is a nice day'], ['priority', 'high']]),
    calls: [call('send_message', { recipient: 'Amy', message: 'It is a nice day', priority: 'high' })],
  },
  {
    source: glm('a call without its closer'),
    reply: '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2025-08-01</arg_value>',
    tools: [tool('get_weather', { city: str })],
    calls: [call('get_weather', { city: 'Beijing', date: '2025-08-01' })],
    decision: 'vLLM shows a call that lacks its </tool_call> as content; pageloop never shows markup, and reads a call complete but for its closer, as Ollama does',
  },
];

export const VLLM: CorpusCase[] = [...QWEN3_CODER, ...MINIMAX, ...DSML, ...KIMI, ...GLM];
