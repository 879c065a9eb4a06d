/**
 * The classes an outside measurement against the reference parsers' own
 * tests (llama.cpp, vLLM) still found wrong (issue 26), one suite per class.
 * Each case failed before the fix it names; the harness runs it whole, a
 * character at a time, in seeded random pieces, cut off at every length, and
 * with the family's hint.
 *
 * Then the outside corpus itself (corpus/, issue 34): every case taken from
 * llama.cpp, vLLM and Ollama's parser tests, run as a reply reaches a user,
 * and the measured agreement rate and "markup shown" count over all of it.
 */
import { expect } from 'chai';
import { runCase } from './corpus/corpus.js';
import { CORPUS } from './corpus/index.js';
import { describeFormat } from './harness.js';

const QWEN_MARKERS = ['<function=', '<parameter=', '</parameter>', '</function>', '<tool_call>', '</tool_call>'];

describeFormat({
  family: 'Qwen3-Coder values typed by the schema',
  learned: 'vLLM qwen3coder_tool_parser.py _convert_param_value',
  hint: 'qwen3-coder',
  markers: QWEN_MARKERS,
  cases: [
    {
      what: 'a numeric string stays a string, an integer is a number, quotes stay',
      reply: '<tool_call>\n<function=lookup>\n<parameter=ref>\n5123123\n</parameter>\n<parameter=n>\n1\n</parameter>\n<parameter=note>\n"foo"\n</parameter>\n</function>\n</tool_call>',
      text: '',
      calls: [{ name: 'lookup', args: { ref: '5123123', n: 1, note: '"foo"' } }],
    },
    {
      what: 'number, boolean, object, array and a Python dict read where the schema asks',
      reply:
        "<tool_call>\n<function=lookup>\n<parameter=ratio>\n2.5\n</parameter>\n<parameter=flag>\nTrue\n</parameter>\n<parameter=opts>\n{'deep': True, 'k': None}\n</parameter>\n<parameter=ids>\n[1, 2]\n</parameter>\n</function>\n</tool_call>",
      text: '',
      calls: [{ name: 'lookup', args: { ratio: 2.5, flag: true, opts: { deep: true, k: null }, ids: [1, 2] } }],
    },
    {
      what: 'null only where the schema allows it; a union prefers the integer; no type is text',
      reply: '<tool_call>\n<function=lookup>\n<parameter=note>\nnull\n</parameter>\n<parameter=ref>\nnull\n</parameter>\n<parameter=level>\n7\n</parameter>\n<parameter=free>\n42\n</parameter>\n</function>\n</tool_call>',
      text: '',
      calls: [{ name: 'lookup', args: { note: null, ref: 'null', level: 7, free: '42' } }],
    },
    {
      what: 'a value that fits no allowed type stays text for the tool to reject; an unlisted parameter is text',
      reply: '<tool_call>\n<function=lookup>\n<parameter=flag>\nyes\n</parameter>\n<parameter=extra>\n{"a": 1}\n</parameter>\n</function>\n</tool_call>',
      text: '',
      calls: [{ name: 'lookup', args: { flag: 'yes', extra: '{"a": 1}' } }],
    },
  ],
});

describeFormat({
  family: 'Qwen3-Coder whitespace',
  learned: 'vLLM qwen3coder_tool_parser.py (one delimiting newline); llama.cpp qwen3-coder (indented markup trimmed)',
  hint: 'qwen3-coder',
  markers: QWEN_MARKERS,
  cases: [
    {
      what: 'indented markup: the value is the text, a parameter of only whitespace is ""',
      reply: '<tool_call>\n  <function=lookup>\n    <parameter=ref>\n      John Doe\n    </parameter>\n    <parameter=note>\n   \n    </parameter>\n  </function>\n</tool_call>',
      text: '',
      calls: [{ name: 'lookup', args: { ref: 'John Doe', note: '' } }],
    },
    {
      what: 'indented markup: a code block keeps its inner indentation, not the markup\'s',
      reply: 'Writing it.\n<tool_call>\n  <function=write_file>\n    <parameter=path>\n      a.py\n    </parameter>\n    <parameter=content>\n      def f():\n          return 1\n    </parameter>\n  </function>\n</tool_call>',
      text: 'Writing it.',
      calls: [{ name: 'write_file', args: { path: 'a.py', content: 'def f():\n    return 1' } }],
    },
    {
      what: 'without <tool_call>: the stray </tool_call> after the call is not shown',
      reply: 'Checking.\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>\ndone',
      text: 'Checking.\n\ndone',
      calls: [{ name: 'get_weather', args: { city: 'Paris' } }],
    },
  ],
});

describeFormat({
  family: 'MiniMax-M2 typing and unopened reasoning',
  learned: 'MiniMax-M2 chat template; vLLM minimax_m2_tool_parser.py _convert_param_value_with_types; llama.cpp minimax-m2',
  hint: 'minimax-m2',
  markers: ['<minimax:tool_call>', '<invoke', '<parameter', '</think>'],
  cases: [
    {
      what: 'values stripped and typed: a numeric string stays a string, an integer is a number',
      reply: '<minimax:tool_call>\n<invoke name="lookup">\n<parameter name="ref">5123123</parameter>\n<parameter name="n"> 1 </parameter>\n<parameter name="ids">[3, 4]</parameter>\n</invoke>\n</minimax:tool_call>',
      text: '',
      calls: [{ name: 'lookup', args: { ref: '5123123', n: 1, ids: [3, 4] } }],
    },
    {
      what: 'a union reads the integer, an object written as a Python dict is read',
      reply: "<minimax:tool_call>\n<invoke name=\"lookup\">\n<parameter name=\"level\">7</parameter>\n<parameter name=\"opts\">{'deep': True}</parameter>\n<parameter name=\"note\">None</parameter>\n</invoke>\n</minimax:tool_call>",
      text: '',
      calls: [{ name: 'lookup', args: { level: 7, opts: { deep: true }, note: null } }],
    },
    {
      what: 'reasoning closed by a </think> it never opened, then a call',
      reply: 'The user wants the weather.\n</think>\n\n<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n<parameter name="days">2</parameter>\n</invoke>\n</minimax:tool_call>',
      text: '',
      calls: [{ name: 'get_weather', args: { city: 'Paris', days: 2 } }],
      unopenedReasoning: true,
    },
  ],
});

describeFormat({
  family: 'Seed-OSS values',
  learned: 'Seed-OSS chat template; llama.cpp common/chat-parsers/seed-oss.cpp (value kept as written); vLLM seed_oss typing',
  hint: 'seed-oss',
  markers: ['<seed:tool_call>', '<function=', '<parameter='],
  cases: [
    {
      what: 'a value written right after > keeps its final newline; integers typed',
      reply: '<seed:tool_call>\n<function=write_file>\n<parameter=path>b.txt</parameter>\n<parameter=content>line one\nline two\n</parameter>\n</function>\n</seed:tool_call>',
      text: '',
      calls: [{ name: 'write_file', args: { path: 'b.txt', content: 'line one\nline two\n' } }],
    },
    {
      what: 'a numeric string stays a string',
      reply: '<seed:tool_call>\n<function=lookup>\n<parameter=ref>007</parameter>\n<parameter=n>7</parameter>\n</function>\n</seed:tool_call>',
      text: '',
      calls: [{ name: 'lookup', args: { ref: '007', n: 7 } }],
    },
  ],
});

describeFormat({
  family: 'GLM string values kept exactly',
  learned: 'vLLM glm4_moe_tool_parser.py (_is_string_type, _deserialize)',
  hint: 'glm',
  markers: ['<tool_call>', '<arg_key>', '<arg_value>'],
  cases: [
    {
      what: 'a string value keeps its spaces; others are stripped and typed',
      reply: '<tool_call>lookup<arg_key>ref</arg_key><arg_value>  padded </arg_value><arg_key>n</arg_key><arg_value> 3 </arg_value></tool_call>',
      text: '',
      calls: [{ name: 'lookup', args: { ref: '  padded ', n: 3 } }],
    },
  ],
});

describeFormat({
  family: 'Kimi K2 thinking: a tool-call section inside unclosed reasoning',
  learned: 'Kimi K2 thinking chat template; llama.cpp kimi-k2 (allow_toolcall_in_think); vLLM kimi_k2_tool_parser.py',
  hint: 'kimi-k2',
  markers: ['<|tool_calls_section_begin|>', '<|tool_call_begin|>', 'functions.'],
  cases: [
    {
      what: 'the section ends the reasoning and both calls are read',
      reply:
        '<think>I need to call two functions<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_call_begin|>functions.get_time:1<|tool_call_argument_begin|>{"tz": "CET"}<|tool_call_end|><|tool_calls_section_end|>',
      text: '',
      calls: [
        { name: 'get_weather', args: { city: 'Paris' } },
        { name: 'get_time', args: { tz: 'CET' } },
      ],
      thinking: 'I need to call two functions',
    },
  ],
});

describeFormat({
  family: 'DeepSeek R1 older outputs',
  learned: 'DeepSeek-R1 chat templates; llama.cpp common/chat.cpp deepseek-r1 and deepseek-v3.1 parsers',
  hint: 'deepseek',
  markers: ['<｜tool▁calls｜>', '<｜tool▁sep｜>', '<｜tool▁call▁end｜>', '```json'],
  cases: [
    {
      what: 'the <｜tool▁calls｜> opener, first call without <｜tool▁call▁begin｜>',
      reply: 'On it.<｜tool▁calls｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Paris"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      text: 'On it.',
      calls: [{ name: 'get_weather', args: { city: 'Paris' } }],
    },
    {
      what: 'after reasoning, two calls, then the end-of-sentence token a raw server leaves',
      reply: '<think>ok</think>\n\n<｜tool▁calls｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Paris"}\n```<｜tool▁call▁end｜>\n<｜tool▁call▁begin｜>function<｜tool▁sep｜>get_time\n```json\n{"tz": "UTC"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜end▁of▁sentence｜>',
      text: '',
      calls: [
        { name: 'get_weather', args: { city: 'Paris' } },
        { name: 'get_time', args: { tz: 'UTC' } },
      ],
      thinking: 'ok',
      hidden: ['<｜end▁of▁sentence｜>'],
    },
    {
      what: 'V3.1 layout with the arguments fenced in ```json',
      reply: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_time<｜tool▁sep｜>```json\n{"tz": "UTC"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      text: '',
      calls: [{ name: 'get_time', args: { tz: 'UTC' } }],
    },
  ],
});

describeFormat({
  family: 'GigaChat 3 <|function_call|>',
  learned: 'vLLM gigachat3_tool_parser.py',
  hint: 'gigachat3',
  markers: ['<|function_call|>', '"arguments"'],
  cases: [
    {
      what: 'one call after prose',
      reply: 'Let me check.<|function_call|>{"name": "get_weather", "arguments": {"city": "Paris"}}',
      text: 'Let me check.',
      calls: [{ name: 'get_weather', args: { city: 'Paris' } }],
    },
    {
      what: 'the header without <|message_sep|>, and the </s> a raw server leaves after the call',
      reply: 'function call<|role_sep|>\n{"name": "get_time", "arguments": {"tz": "MSK"}}</s>',
      text: '',
      calls: [{ name: 'get_time', args: { tz: 'MSK' } }],
      hidden: ['</s>', '<|role_sep|>'],
    },
  ],
});

describeFormat({
  family: 'Functionary v3.2 first call without >>>',
  learned: 'Functionary v3.2 chat template (the prompt ends with >>>); llama.cpp functionary-v3-2 (function_regex_start_only)',
  hint: 'functionary',
  markers: ['special_function\n', '"arg1"', '>>>'],
  cases: [
    {
      what: 'the first call is read',
      reply: 'special_function\n{"arg1": 1}',
      text: '',
      calls: [{ name: 'special_function', args: { arg1: 1 } }],
    },
    {
      what: 'a second call after it, with its >>>',
      reply: 'special_function\n{"arg1": 1}\n>>>get_time\n{"tz": "UTC"}',
      text: '',
      calls: [
        { name: 'special_function', args: { arg1: 1 } },
        { name: 'get_time', args: { tz: 'UTC' } },
      ],
    },
    {
      what: 'an answer that starts with a word is text',
      reply: 'special offers are not something I can look up.',
      text: 'special offers are not something I can look up.',
      calls: [],
    },
  ],
});

describeFormat({
  family: 'gpt-oss harmony, recipient before the channel',
  learned: 'openai/harmony format; llama.cpp gpt-oss (tool_call1_regex)',
  hint: 'harmony',
  markers: ['to=functions', '<|channel|>', '<|message|>', '<|constrain|>'],
  cases: [
    {
      what: 'the reply starts at the recipient (the prompt ended with <|start|>assistant)',
      reply: ' to=functions.get_weather<|channel|>commentary <|constrain|>json<|message|>{"city": "Paris"}<|call|>',
      text: '',
      calls: [{ name: 'get_weather', args: { city: 'Paris' } }],
    },
    {
      what: 'after reasoning, a call on the analysis channel',
      reply: '<|channel|>analysis<|message|>Need the weather.<|end|><|start|>assistant to=functions.get_weather<|channel|>analysis<|message|>{"city": "Oslo"}<|call|>',
      text: '',
      calls: [{ name: 'get_weather', args: { city: 'Oslo' } }],
      thinking: 'Need the weather.',
    },
  ],
});

const CALL = '{"name": "get_weather", "arguments": {"city": "Paris"}}';

describeFormat({
  family: "Hermes 2 Pro's lenient wrappers",
  learned: 'llama.cpp common/chat.cpp hermes 2 pro parser (open_regex)',
  hint: 'hermes',
  markers: ['"arguments"', '<tool_call>', '```'],
  cases: [
    { what: 'a bare call fenced in ```xml', reply: `Sure.\n\`\`\`xml\n${CALL}\n\`\`\`\nDone.`, text: 'Sure.\n\nDone.', calls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
    { what: 'a <tool_call> in a plain ``` fence', reply: `\`\`\`\n<tool_call>\n${CALL}\n</tool_call>\n\`\`\``, text: '', calls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
    { what: 'a bare call in a plain ``` fence', reply: `\`\`\`\n${CALL}\n\`\`\``, text: '', calls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
    { what: 'a <tool_call> in a ```json fence', reply: `\`\`\`json\n<tool_call>\n${CALL}\n</tool_call>\n\`\`\``, text: '', calls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
    { what: 'a <response> in a ```xml fence', reply: `\`\`\`xml\n<response>\n    ${CALL}\n</response>\n\`\`\``, text: '', calls: [{ name: 'get_weather', args: { city: 'Paris' } }], hidden: ['<response>'] },
    { what: 'an XML answer in a ```xml fence stays answer text', reply: 'Here:\n```xml\n<response>\n  <status>ok</status>\n</response>\n```', text: 'Here:\n```xml\n<response>\n  <status>ok</status>\n</response>\n```', calls: [] },
    { what: '<xml> around a call', reply: `<xml>${CALL}</xml>`, text: '', calls: [{ name: 'get_weather', args: { city: 'Paris' } }], hidden: ['<xml>'] },
    { what: '<JSON> around a call', reply: `<JSON>${CALL}</JSON>`, text: '', calls: [{ name: 'get_weather', args: { city: 'Paris' } }], hidden: ['<JSON>'] },
    { what: '<function_call> around a call', reply: `<function_call>${CALL}</function_call>`, text: '', calls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
    {
      what: 'a code fence of ordinary JSON stays answer text',
      reply: 'The config:\n```\n{"name": "demo", "port": 8080}\n```',
      text: 'The config:\n```\n{"name": "demo", "port": 8080}\n```',
      calls: [],
    },
  ],
});

describeFormat({
  family: 'Raw newlines inside JSON strings',
  learned: "vLLM gigachat3 (json.loads strict=False); models writing code into an argument",
  hint: 'hermes',
  markers: ['<tool_call>', '"arguments"'],
  cases: [
    {
      what: 'a code argument with raw newlines and a tab is read',
      reply: '<tool_call>\n{"name": "write_file", "arguments": {"path": "a.py", "content": "def f():\n\treturn 1\n"}}\n</tool_call>',
      text: '',
      calls: [{ name: 'write_file', args: { path: 'a.py', content: 'def f():\n\treturn 1\n' } }],
    },
  ],
});

describeFormat({
  family: 'Truncated calls are tool errors',
  learned: 'llama.cpp test-chat partial outputs; vLLM hermes / pythonic parsers on cut-off output',
  hint: 'hermes',
  markers: ['"arguments"', 'get_temperature'],
  cases: [
    {
      what: 'a reply that ends inside a bare JSON call',
      reply: '{"name": "get_weather","arguments": {',
      text: '',
      calls: [{ name: 'get_weather', error: /cut off/ }],
    },
    {
      what: 'a reply that ends inside a ```json fenced call',
      reply: 'Sure.\n```json\n{"name": "get_weather", "arguments": {"city": "Pa',
      text: 'Sure.',
      calls: [{ name: 'get_weather', error: /cut off/ }],
    },
    {
      what: 'a reply that ends inside <response>',
      reply: '<response>{"name": "get_weather", "arguments": {"city"',
      text: '',
      calls: [{ name: 'get_weather', error: /cut off/ }],
      hidden: ['<response>'],
    },
  ],
});

describeFormat({
  family: 'Llama 4 pythonic, parallel calls',
  learned: 'Llama 4 chat template; vLLM llama4_pythonic_tool_parser.py and its tests',
  hint: 'pythonic',
  markers: ['get_weather(', 'get_time(', '<|python_start|>'],
  cases: [
    {
      what: 'two calls in a list',
      reply: '[get_weather(city="Paris", days=2), get_time(tz="Europe/Paris")]',
      text: '',
      calls: [
        { name: 'get_weather', args: { city: 'Paris', days: 2 } },
        { name: 'get_time', args: { tz: 'Europe/Paris' } },
      ],
    },
    {
      what: 'two calls inside <|python_start|>',
      reply: '<|python_start|>[get_weather(city="Oslo"), search(query="fjords", limit=3, exact=False)]<|python_end|>',
      text: '',
      calls: [
        { name: 'get_weather', args: { city: 'Oslo' } },
        { name: 'search', args: { query: 'fjords', limit: 3, exact: false } },
      ],
    },
    {
      what: 'escaped quotes in single-quoted strings; <|python_start|> without its end token',
      reply: "<|python_start|>[get_weather(city='Martha\\'s Vineyard'), get_time(tz='\\\"local\\\"')]",
      text: '',
      calls: [
        { name: 'get_weather', args: { city: "Martha's Vineyard" } },
        { name: 'get_time', args: { tz: '"local"' } },
      ],
    },
    {
      what: "a list followed by Llama 4's end token <|eot|>",
      reply: '[get_weather(city="Paris"), get_time(tz="UTC")]<|eot|>',
      text: '',
      calls: [
        { name: 'get_weather', args: { city: 'Paris' } },
        { name: 'get_time', args: { tz: 'UTC' } },
      ],
      hidden: ['<|eot|>'],
    },
    {
      what: "Llama 3's bare JSON call followed by <|eot_id|>",
      reply: '{"name": "get_weather", "parameters": {"city": "Paris"}}<|eot_id|>',
      text: '',
      calls: [{ name: 'get_weather', args: { city: 'Paris' } }],
      hidden: ['<|eot_id|>', '"parameters"'],
    },
    {
      what: 'a list cut off inside a call is an error',
      reply: '[get_weather(city="Paris"), get_time(tz="Eur',
      text: '',
      calls: [{ name: 'get_weather', error: /cut off/ }],
    },
  ],
});

describeFormat({
  family: 'JSON inside prose (decision: never a call)',
  learned: "llama.cpp hermes 2 pro reads it as a call; pageloop does not (docs/CALL-FORMATS.md)",
  hint: 'hermes',
  markers: [],
  cases: [
    {
      what: 'an example call in a sentence stays text and never runs',
      reply: `To get the weather I would send ${CALL} to the tool.`,
      text: `To get the weather I would send ${CALL} to the tool.`,
      calls: [],
    },
  ],
});

describe('the outside corpus (llama.cpp, vLLM and Ollama parser tests)', () => {
  const results = CORPUS.map((c) => ({ c, r: runCase(c) }));
  results.forEach(({ c, r }, i) => {
    it(`${i + 1}. ${c.source}${c.decision ? ' (pageloop decides otherwise)' : ''}`, () => {
      expect(r.failures, r.failures.join('\n')).to.deep.equal([]);
    });
  });

  it('agrees with its sources on at least 97% of the cases, and never shows markup', () => {
    const agree = results.filter(({ c, r }) => !c.decision && r.failures.length === 0).length;
    const shown = results.filter(({ r }) => r.markupShown).length;
    const rate = agree / results.length;
    // The measured figures, for the notes: printed, then held to the goal.
    console.log(`outside corpus: ${results.length} cases, ${agree} agree (${(rate * 100).toFixed(1)}%), ${results.filter(({ c }) => c.decision).length} decided otherwise, markup shown in ${shown}`);
    expect(rate).to.be.at.least(0.97);
    expect(shown).to.equal(0);
  });
});
