/**
 * Our own cases for each class the outside corpus found wrong (issue 34,
 * section 3), beyond the corpus's examples: every one failed before its fix.
 * The harness runs each whole, a character at a time, in seeded random
 * pieces, cut off at every length, and with the family's hint. (Reasoning the
 * template opened that mentions markup is in ../reply-reasoning.test.ts.)
 */
import { describeFormat } from './harness.js';

const QWEN = ['<function=', '<parameter=', '</parameter>', '</function>', '<tool_call>', '</tool_call>'];

describeFormat({
  family: 'the word null where no schema types the value',
  learned: 'vLLM qwen3coder / seed_oss / minimax_m2 _convert_param_value (null for any unlisted parameter); Ollama qwen3coder parseValue',
  hint: 'qwen3-coder',
  markers: QWEN,
  cases: [
    {
      what: 'an unlisted parameter: null is null, a string parameter keeps the text',
      reply: '<tool_call>\n<function=lookup>\n<parameter=extra>\nnull\n</parameter>\n<parameter=ref>\nnull\n</parameter>\n</function>\n</tool_call>',
      text: '',
      calls: [{ name: 'lookup', args: { extra: null, ref: 'null' } }],
    },
    {
      what: 'a schema without a type allows null; other values stay text',
      reply: '<tool_call>\n<function=lookup>\n<parameter=free>\nnull\n</parameter>\n</function>\n</tool_call>',
      text: '',
      calls: [{ name: 'lookup', args: { free: null } }],
    },
    {
      what: 'a tool offered without a schema: NULL is null, a word is text',
      reply: '<tool_call>\n<function=ping>\n<parameter=target>\nNULL\n</parameter>\n<parameter=host>\nexample.org\n</parameter>\n</function>\n</tool_call>',
      text: '',
      calls: [{ name: 'ping', args: { target: null, host: 'example.org' } }],
    },
  ],
});

describeFormat({
  family: 'null without a schema in the other text-valued families',
  learned: 'vLLM seed_oss and minimax_m2 converters',
  hint: 'minimax-m2',
  markers: ['<minimax:tool_call>', '<invoke', '<parameter'],
  cases: [
    {
      what: 'MiniMax-M2, an unlisted parameter',
      reply: '<minimax:tool_call>\n<invoke name="lookup">\n<parameter name="extra">null</parameter>\n<parameter name="n">4</parameter>\n</invoke>\n</minimax:tool_call>',
      text: '',
      calls: [{ name: 'lookup', args: { extra: null, n: 4 } }],
    },
  ],
});

describeFormat({
  family: 'a missing </parameter>: the value ends where the next parameter or the call ends',
  learned: 'vLLM qwen3coder_tool_parser.py (`(?=<parameter=)|(?=</function>)`) and its missing-closing-tag tests',
  hint: 'qwen3-coder',
  markers: QWEN,
  cases: [
    {
      what: 'before the next <parameter=>',
      reply: '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>',
      text: '',
      calls: [{ name: 'get_weather', args: { city: 'Paris', days: 3 } }],
    },
    {
      what: 'before </function>',
      reply: 'Checking.\n<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</function>\n</tool_call>',
      text: 'Checking.',
      calls: [{ name: 'get_weather', args: { city: 'Paris' } }],
    },
    {
      what: 'both closers missing, in indented markup',
      reply: '<tool_call>\n  <function=get_weather>\n    <parameter=city>\n      Paris\n    <parameter=days>\n      3\n  </function>\n</tool_call>',
      text: '',
      calls: [{ name: 'get_weather', args: { city: 'Paris', days: 3 } }],
    },
    {
      what: 'a call cut off inside a value is still cut off',
      reply: '<tool_call>\n<function=get_weather>\n<parameter=city>\nPar',
      text: '',
      calls: [{ name: 'get_weather', error: /cut off/ }],
    },
  ],
});

describeFormat({
  family: 'a missing parameter closer in Seed-OSS',
  learned: 'vLLM seed_oss (same parameter reading as qwen3coder)',
  hint: 'seed-oss',
  markers: ['<seed:tool_call>', '<function=', '<parameter='],
  cases: [
    {
      what: 'the line break before the next tag is layout, not the value',
      reply: '<seed:tool_call>\n<function=write_file>\n<parameter=path>a.txt\n<parameter=content>hi\n</parameter>\n</function>\n</seed:tool_call>',
      text: '',
      calls: [{ name: 'write_file', args: { path: 'a.txt', content: 'hi\n' } }],
    },
  ],
});

describeFormat({
  family: 'a missing parameter closer in MiniMax-M2',
  learned: 'the qwen3coder recovery, applied to <invoke> parameters',
  hint: 'minimax-m2',
  markers: ['<minimax:tool_call>', '<invoke', '<parameter'],
  cases: [
    {
      what: 'before the next <parameter name=>',
      reply: '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris\n<parameter name="days">2</parameter>\n</invoke>\n</minimax:tool_call>',
      text: '',
      calls: [{ name: 'get_weather', args: { city: 'Paris', days: 2 } }],
    },
  ],
});

describeFormat({
  family: 'a missing parameter closer in DeepSeek DSML',
  learned: 'the qwen3coder recovery, applied to DSML parameters',
  hint: 'deepseek-dsml',
  markers: ['<｜DSML｜function_calls>', '<｜DSML｜invoke', '<｜DSML｜parameter'],
  cases: [
    {
      what: 'before the next parameter',
      reply: '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="city" string="true">Paris\n<｜DSML｜parameter name="days" string="false">2</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
      text: '',
      calls: [{ name: 'get_weather', args: { city: 'Paris', days: 2 } }],
    },
  ],
});

describeFormat({
  family: 'a missing </arg_value> in GLM',
  learned: 'the qwen3coder recovery, applied to GLM pairs',
  hint: 'glm',
  markers: ['<tool_call>', '<arg_key>', '<arg_value>'],
  cases: [
    {
      what: 'before the next <arg_key>',
      reply: '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris\n<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n</tool_call>',
      text: '',
      calls: [{ name: 'get_weather', args: { city: 'Paris', days: 2 } }],
    },
    {
      what: 'a call complete but for its closer (Ollama glm46 finishes it)',
      reply: 'On it.<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>',
      text: 'On it.',
      calls: [{ name: 'get_weather', args: { city: 'Paris' } }],
    },
    {
      what: 'a required parameter missing: still cut off',
      reply: '<tool_call>get_weather\n<arg_key>days</arg_key>\n<arg_value>2</arg_value>',
      text: '',
      calls: [{ name: 'get_weather', error: /cut off/ }],
    },
  ],
});

const CALL = '{"name": "get_weather", "arguments": {"city": "Paris"}}';

describeFormat({
  family: 'bare JSON call lists, as Ollama streams them',
  learned: 'Ollama tools/tools_test.go (list partial, list trailing ])',
  hint: 'llama3',
  markers: ['"arguments"'],
  cases: [
    { what: 'a list never closed: its complete call is read', reply: `[${CALL}`, text: '', calls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
    {
      what: 'two calls in a list never closed',
      reply: `[${CALL}, {"name": "get_time", "arguments": {"tz": "UTC"}}`,
      text: '',
      calls: [
        { name: 'get_weather', args: { city: 'Paris' } },
        { name: 'get_time', args: { tz: 'UTC' } },
      ],
    },
    {
      what: 'a complete call, then one cut off',
      reply: `[${CALL}, {"name": "get_time", "argu`,
      text: '',
      calls: [
        { name: 'get_weather', args: { city: 'Paris' } },
        { name: 'get_time', error: /not valid JSON/ },
      ],
    },
    { what: 'a stray ] after the list', reply: `[${CALL}]]`, text: '', calls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
    { what: 'a stray } after a bare call', reply: '{"name": "get_time", "parameters": {"tz": "UTC"}}}', text: '', calls: [{ name: 'get_time', args: { tz: 'UTC' } }] },
    {
      what: 'a list naming no offered tool stays the answer',
      reply: '[{"name": "web_search", "arguments": {"q": "x"}}',
      text: '[{"name": "web_search", "arguments": {"q": "x"}}',
      calls: [],
    },
  ],
});

describeFormat({
  family: 'stray closers after calls in a wrapper',
  learned: 'Ollama tools/tools_test.go (tool name with collision; the mistral template)',
  hint: 'hermes',
  markers: ['<tool_call>', '"arguments"'],
  cases: [
    { what: 'a stray } after a call without </tool_call>', reply: '<tool_call>{"name": "get_time", "arguments": {}}}', text: '', calls: [{ name: 'get_time', args: {} }] },
    { what: 'a stray ] after a call, then text', reply: 'Sure.\n<tool_call>{"name": "get_time", "arguments": {}}]</tool_call>\nDone.', text: 'Sure.\n\nDone.', calls: [{ name: 'get_time', args: {} }] },
  ],
});

describeFormat({
  family: 'a Mistral list with [/TOOL_CALLS] after it, or never closed',
  learned: "Ollama tools/tools_test.go (the mistral template's [/TOOL_CALLS])",
  hint: 'mistral',
  markers: ['[TOOL_CALLS]', '[/TOOL_CALLS]', '"arguments"'],
  cases: [
    { what: '[/TOOL_CALLS] after the list', reply: `[TOOL_CALLS] [${CALL}][/TOOL_CALLS]`, text: '', calls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
    { what: 'the list never closed', reply: `[TOOL_CALLS][${CALL}`, text: '', calls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
  ],
});

describeFormat({
  family: 'values typed by the schema in MiniMax-M2 and GLM',
  learned: 'vLLM minimax_m2 _convert_param_value_with_types (and its type names int, float, str…); llama.cpp glm-4.7 / Spark2.5 / Ling tests',
  hint: 'minimax-m2',
  markers: ['<minimax:tool_call>', '<invoke', '<parameter'],
  cases: [
    {
      what: 'integer, number, boolean, array and object parameters',
      reply:
        '<minimax:tool_call>\n<invoke name="lookup">\n<parameter name="n">12</parameter>\n<parameter name="ratio">0.5</parameter>\n<parameter name="flag">false</parameter>\n<parameter name="ids">[7]</parameter>\n<parameter name="opts">{"a": 1}</parameter>\n</invoke>\n</minimax:tool_call>',
      text: '',
      calls: [{ name: 'lookup', args: { n: 12, ratio: 0.5, flag: false, ids: [7], opts: { a: 1 } } }],
    },
    {
      what: "vLLM's type names: int, str, bool",
      reply: '<minimax:tool_call>\n<invoke name="legacy">\n<parameter name="count">3</parameter>\n<parameter name="code">007</parameter>\n<parameter name="ok">true</parameter>\n</invoke>\n</minimax:tool_call>',
      text: '',
      calls: [{ name: 'legacy', args: { count: 3, code: '007', ok: true } }],
    },
  ],
});

describeFormat({
  family: 'GLM values typed by the schema',
  learned: 'vLLM glm4_moe _deserialize; llama.cpp GLM-4.7 / Spark2.5 / Ling tests',
  hint: 'glm',
  markers: ['<tool_call>', '<arg_key>', '<arg_value>'],
  cases: [
    {
      what: 'an integer, a boolean, and a numeric string that stays a string',
      reply: '<tool_call>lookup<arg_key>n</arg_key><arg_value>7</arg_value><arg_key>flag</arg_key><arg_value>false</arg_value><arg_key>ref</arg_key><arg_value>007</arg_value></tool_call>',
      text: '',
      calls: [{ name: 'lookup', args: { n: 7, flag: false, ref: '007' } }],
    },
  ],
});

const DSML = (params: string) => `<｜DSML｜function_calls>\n<｜DSML｜invoke name="lookup">\n${params}</｜DSML｜invoke>\n</｜DSML｜function_calls>`;
const P = (name: string, value: string, string: boolean) => `<｜DSML｜parameter name="${name}" string="${string}">${value}</｜DSML｜parameter>\n`;

describeFormat({
  family: 'DeepSeek DSML values typed by the schema',
  learned: "vLLM deepseekv32 engine parser's schema-aware type fixer (test_deepseekv32_tool_parser.py)",
  hint: 'deepseek-dsml',
  markers: ['<｜DSML｜function_calls>', '<｜DSML｜invoke', '<｜DSML｜parameter'],
  cases: [
    {
      what: 'string="true" read as the type the schema asks for; a string stays text',
      reply: DSML(P('n', '42', true) + P('opts', '{"a": 1}', true) + P('ref', '42', true)),
      text: '',
      calls: [{ name: 'lookup', args: { n: 42, opts: { a: 1 }, ref: '42' } }],
    },
    {
      what: 'string="false": null for a string schema is the text "null", for a nullable one null',
      reply: DSML(P('ref', 'null', false) + P('note', 'null', false) + P('ratio', '3.0', false)),
      text: '',
      calls: [{ name: 'lookup', args: { ref: 'null', note: null, ratio: 3 } }],
    },
    {
      what: 'arguments wrapped whole in an "arguments" parameter',
      reply: DSML(P('arguments', '{"n": 5, "ref": "x"}', false)),
      text: '',
      calls: [{ name: 'lookup', args: { n: 5, ref: 'x' } }],
    },
  ],
});

const KIMI = (id: string, args: string) => `<|tool_calls_section_begin|><|tool_call_begin|>${id}<|tool_call_argument_begin|>${args}<|tool_call_end|><|tool_calls_section_end|>`;

describeFormat({
  family: 'Kimi K2 calls written by their index alone',
  learned: 'vLLM kimi_k2 (bare counter ids: the tool told by its arguments)',
  hint: 'kimi-k2',
  markers: ['<|tool_calls_section_begin|>', '<|tool_call_begin|>'],
  cases: [
    { what: 'arguments only get_weather takes', reply: KIMI('0', '{"city": "Paris"}'), text: '', calls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
    { what: 'arguments no single tool takes: an error naming the tools', reply: KIMI('1', '{"colour": "red"}'), text: '', calls: [{ name: '1', error: /no tool named "1"/ }] },
  ],
});

describeFormat({
  family: 'JSON arguments keep their own types (Kimi K2, DeepSeek, Functionary v3.2)',
  learned: "llama.cpp Kimi K2 test ({\"arg1\": \"123456\"} for an integer stays a string): only text-written values are typed",
  hint: 'kimi-k2',
  markers: ['<|tool_calls_section_begin|>', '<|tool_call_begin|>'],
  cases: [
    {
      what: 'a string where the schema says integer is left for the tool to check',
      reply: KIMI('functions.special_function:0', '{"arg1": "123456"}'),
      text: '',
      calls: [{ name: 'special_function', args: { arg1: '123456' } }],
    },
  ],
});
