/**
 * llama.cpp `tests/test-chat.cpp`, continued: DeepSeek V3.1 / V3.2 / V4,
 * GLM-4.6 / 4.7 and the GLM-like Spark2.5 and Ling 3.0, Kimi K2, Reka Edge,
 * MiniMax-M2, gpt-oss and LLM-jp-4.1, MiniCPM5.
 */
import type { CorpusCase } from './corpus.js';
import { src } from './llama-cpp.js';
import { ARG1, ARG1_ARG2, call, dsml, HELLO, LLAMA as T, THINKING } from './tools.js';

const TC = '<｜tool▁calls▁begin｜>';
const TE = '<｜tool▁calls▁end｜>';
const ds31 = (name: string, args: string) => `<｜tool▁call▁begin｜>${name}<｜tool▁sep｜>${args}<｜tool▁call▁end｜>`;
const v31 = (what: string) => src('DeepSeek V3.1', what);
const v32 = (what: string) => src('DeepSeek V3.2 (DSML)', what);
const v4 = (what: string) => src('DeepSeek V4 (DSML)', what);
const TOKYO: Array<[string, Array<[string, string, boolean]>]> = [['get_time', [['city', 'Tokyo', true]]]];
const SPECIAL: Array<[string, Array<[string, string, boolean]>]> = [['special_function', [['arg1', '1', false]]]];
const BOTH: Array<[string, Array<[string, string, boolean]>]> = [
  ['get_time', [['city', 'Paris', true]]],
  ['get_weather', [['city', 'Paris', true]]],
];
const MULTI: Array<[string, Array<[string, string, boolean]>]> = [['magic_int', [['ref', '42', false], ['name', 'foo bar', true]]]];
const PARIS2 = [call('get_time', { city: 'Paris' }), call('get_weather', { city: 'Paris' })];

const DEEPSEEK: CorpusCase[] = [
  { source: v31('call'), reply: `${TC}${ds31('get_time', '{"city": "XYZCITY"}')}${TE}`, tools: [T.getTime], calls: [call('get_time', { city: 'XYZCITY' })] },
  {
    source: v31('reasoning then a call'),
    reply: `REASONING</think>${TC}${ds31('get_time', '{"city": "Tokyo"}')}${TE}`,
    opened: true,
    tools: [T.getTime],
    thinking: 'REASONING',
    calls: [call('get_time', { city: 'Tokyo' })],
  },
  {
    source: v31('reasoning, content, two calls'),
    reply: `REASONING</think>CONTENT${TC}${ds31('get_time', '{"city": "Paris"}')}${ds31('get_weather', '{"city": "Paris"}')}${TE}`,
    opened: true,
    tools: [T.getTime, T.getWeather],
    text: 'CONTENT',
    thinking: 'REASONING',
    calls: PARIS2,
  },
  { source: v31('reasoning and content'), reply: 'REASONING</think>\nCONTENT', opened: true, text: 'CONTENT', thinking: 'REASONING', calls: [] },
  { source: v31('content'), reply: 'CONTENT', text: 'CONTENT', calls: [] },
  { source: v32('content'), reply: HELLO, text: HELLO, calls: [] },
  { source: v32('reasoning and content'), reply: `I'm\nthinking</think>${HELLO}`, opened: true, text: HELLO, thinking: THINKING, calls: [] },
  {
    source: v32('reasoning then a string parameter'),
    reply: `Let me check the time</think>\n\n${dsml('function_calls', TOKYO)}`,
    opened: true,
    tools: [T.getTime],
    thinking: 'Let me check the time',
    calls: [call('get_time', { city: 'Tokyo' })],
  },
  { source: v32('an integer, string="false"'), reply: dsml('function_calls', SPECIAL), tools: [T.special], calls: [ARG1] },
  { source: v32('parallel calls'), reply: `Calling both</think>\n\n${dsml('function_calls', BOTH)}`, opened: true, tools: [T.getTime, T.getWeather], thinking: 'Calling both', calls: PARIS2 },
  {
    source: v32('content before the calls'),
    reply: `Thinking about it</think>Let me call the function.\n\n${dsml('function_calls', SPECIAL)}`,
    opened: true,
    tools: [T.special],
    text: 'Let me call the function.',
    thinking: 'Thinking about it',
    calls: [ARG1],
  },
  { source: v32('negative number'), reply: `Test negative</think>\n\n${dsml('function_calls', [['magic_int', [['ref', '-14', false]]]])}`, opened: true, tools: [T.magicInt], calls: [call('magic_int', { ref: -14 })] },
  { source: v32('decimal'), reply: `Test decimal</think>\n\n${dsml('function_calls', [['amount', [['orig', '3.14', false]]]])}`, opened: true, tools: [T.amount], calls: [call('amount', { orig: 3.14 })] },
  { source: v32('boolean'), reply: `Test boolean</think>\n\n${dsml('function_calls', [['toggle', [['enabled', 'true', false]]]])}`, opened: true, tools: [T.toggle], calls: [call('toggle', { enabled: true })] },
  {
    source: v32('array'),
    reply: `Test array</think>\n\n${dsml('function_calls', [['todo_list', [['todos', '["buy milk","walk dog"]', false]]]])}`,
    opened: true,
    tools: [T.todoList],
    calls: [call('todo_list', { todos: ['buy milk', 'walk dog'] })],
  },
  {
    source: v32('object'),
    reply: `Test object</think>\n\n${dsml('function_calls', [['set_config', [['config', '{"theme":"dark","level":2}', false]]]])}`,
    opened: true,
    tools: [T.config],
    calls: [call('set_config', { config: { theme: 'dark', level: 2 } })],
  },
  { source: v32('empty reasoning'), reply: `</think>\n\n${dsml('function_calls', [['get_time', [['city', 'XYZCITY', true]]]])}`, opened: true, tools: [T.getTime], calls: [call('get_time', { city: 'XYZCITY' })] },
  { source: v32('mixed types'), reply: `Multi-arg call</think>\n\n${dsml('function_calls', MULTI)}`, opened: true, tools: [T.magicInt], calls: [call('magic_int', { ref: 42, name: 'foo bar' })] },
  { source: v4('content'), reply: HELLO, text: HELLO, calls: [] },
  { source: v4('reasoning and content'), reply: `I'm\nthinking</think>${HELLO}`, opened: true, text: HELLO, thinking: THINKING, calls: [] },
  { source: v4('reasoning then a call'), reply: `Let me check the time</think>\n\n${dsml('tool_calls', TOKYO)}`, opened: true, tools: [T.getTime], thinking: 'Let me check the time', calls: [call('get_time', { city: 'Tokyo' })] },
  { source: v4('an integer'), reply: dsml('tool_calls', SPECIAL), tools: [T.special], calls: [ARG1] },
  { source: v4('parallel calls'), reply: `Calling both</think>\n\n${dsml('tool_calls', BOTH)}`, opened: true, tools: [T.getTime, T.getWeather], thinking: 'Calling both', calls: PARIS2 },
  {
    source: v4('content before the calls'),
    reply: `Thinking about it</think>Let me call the function.\n\n${dsml('tool_calls', SPECIAL)}`,
    opened: true,
    tools: [T.special],
    text: 'Let me call the function.',
    thinking: 'Thinking about it',
    calls: [ARG1],
  },
  { source: v4('mixed types'), reply: `Multi-arg call</think>\n\n${dsml('tool_calls', MULTI)}`, opened: true, tools: [T.magicInt], calls: [call('magic_int', { ref: 42, name: 'foo bar' })] },
  {
    source: v4('reasoning with no closer, then a call'),
    reply: `Let me check the time\n\n${dsml('tool_calls', TOKYO)}`,
    opened: true,
    tools: [T.getTime],
    thinking: 'Let me check the time',
    firstReplyText: 'Let me check the time',
    calls: [call('get_time', { city: 'Tokyo' })],
  },
  { source: src('DeepSeek V4 Flash', 'the separator before the block'), reply: `\n\n${dsml('tool_calls', SPECIAL)}`, tools: [T.special], calls: [ARG1] },
];

const glm = (what: string) => src('GLM-4.7-Flash (reasoning opened)', what);
const spark = (what: string) => src('Spark2.5', what);
const GLM_CALL = '<tool_call>special_function<arg_key>arg1</arg_key><arg_value>1</arg_value></tool_call>';
const GLM_TWO = `${GLM_CALL}<tool_call>special_function_with_opt<arg_key>arg1</arg_key><arg_value>1</arg_value><arg_key>arg2</arg_key><arg_value>2</arg_value></tool_call>`;
const GLM: CorpusCase[] = [
  { source: src('GLM-4.6', 'call'), reply: '<tool_call>special_function\n<arg_key>arg1</arg_key>\n<arg_value>1</arg_value>\n</tool_call>', tools: [T.special], calls: [ARG1] },
  { source: glm('content'), reply: HELLO, text: HELLO, calls: [] },
  { source: glm('reasoning and content'), reply: `I'm\nthinking</think>${HELLO}`, opened: true, text: HELLO, thinking: THINKING, calls: [] },
  { source: glm('call'), reply: GLM_CALL, tools: [T.special], calls: [ARG1] },
  { source: glm('reasoning then a call'), reply: `I'm\nthinking</think>${GLM_CALL}`, opened: true, tools: [T.special], thinking: THINKING, calls: [ARG1] },
  { source: glm('parallel calls'), reply: GLM_TWO, tools: [T.special, T.specialOpt], calls: [ARG1, ARG1_ARG2] },
  {
    source: glm('a call with no arguments'),
    reply: 'Let me read the diff content.</think><tool_call>read_file_diff_md</tool_call>',
    opened: true,
    tools: [T.readFileDiff],
    thinking: 'Let me read the diff content.',
    calls: [call('read_file_diff_md')],
  },
  { source: spark('content'), reply: HELLO, text: HELLO, calls: [] },
  { source: spark('reasoning and content'), reply: `I'm\nthinking</think>${HELLO}`, opened: true, text: HELLO, thinking: THINKING, calls: [] },
  { source: spark('call'), reply: GLM_CALL, tools: [T.special], calls: [ARG1] },
  { source: spark('reasoning then a call'), reply: `I'm\nthinking</think>${GLM_CALL}`, opened: true, tools: [T.special], thinking: THINKING, calls: [ARG1] },
  { source: spark('parallel calls'), reply: GLM_TWO, tools: [T.special, T.specialOpt], calls: [ARG1, ARG1_ARG2] },
  {
    source: spark('six calls of every type'),
    reply:
      'Preparing updates.<tool_call>magic_int<arg_key>ref</arg_key><arg_value>42</arg_value><arg_key>name</arg_key><arg_value>上海</arg_value></tool_call>' +
      '<tool_call>amount<arg_key>orig</arg_key><arg_value>2.5</arg_value></tool_call>' +
      '<tool_call>toggle<arg_key>enabled</arg_key><arg_value>true</arg_value></tool_call>' +
      '<tool_call>set_config<arg_key>config</arg_key><arg_value>{"source": "spark", "options": {"strict": true}}</arg_value></tool_call>' +
      '<tool_call>nested_args<arg_key>tags</arg_key><arg_value>["alpha", "测试"]</arg_value><arg_key>entries</arg_key><arg_value>[{"id": 1, "label": "first"}, {"id": 2, "label": "第二"}]</arg_value></tool_call>' +
      '<tool_call>empty_args</tool_call>',
    tools: [T.magicInt, T.amount, T.toggle, T.config, T.nested, T.empty],
    text: 'Preparing updates.',
    calls: [
      call('magic_int', { ref: 42, name: '上海' }),
      call('amount', { orig: 2.5 }),
      call('toggle', { enabled: true }),
      call('set_config', { config: { source: 'spark', options: { strict: true } } }),
      call('nested_args', { tags: ['alpha', '测试'], entries: [{ id: 1, label: 'first' }, { id: 2, label: '第二' }] }),
      call('empty_args'),
    ],
  },
];

const ling = (what: string) => src('Ling 3.0 (reasoning opened)', what);
const LING_CALL = '<tool_call>get_time\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>';
const PARIS = call('get_time', { city: 'Paris' });
const lingCall = (name: string, pairs: Array<[string, string]>) => `</think>\n<tool_call>${name}\n${pairs.map(([k, v]) => `<arg_key>${k}</arg_key>\n<arg_value>${v}</arg_value>\n`).join('')}</tool_call>`;
const LING: CorpusCase[] = [
  {
    source: ling('a call before the reasoning closed'),
    reply: `I need to check the time first.\n${LING_CALL}`,
    opened: true,
    tools: [T.getTime],
    thinking: 'I need to check the time first.',
    firstReplyText: 'I need to check the time first.',
    calls: [PARIS],
  },
  {
    source: ling('reasoning, prose, call'),
    reply: `Let me check the time.\n</think>\nChecking it now.\n${LING_CALL}`,
    opened: true,
    tools: [T.getTime],
    text: 'Checking it now.',
    thinking: 'Let me check the time.',
    calls: [PARIS],
  },
  { source: ling('prose after the call'), reply: `${LING_CALL}\nThe time has been checked.`, tools: [T.getTime], text: 'The time has been checked.', calls: [PARIS] },
  { source: ling('parallel calls'), reply: `</think>\n${LING_CALL}\n${LING_CALL}`, opened: true, tools: [T.getTime], calls: [PARIS, PARIS] },
  {
    source: ling('values with marker-like strings'),
    reply: 'check this\n</think>\n<tool_call>tool_2req_4opt\n<arg_key>req1</arg_key>\n<arg_value>contains </think> and <tool_call> strings</arg_value>\n<arg_key>req2</arg_key>\n<arg_value>1</arg_value>\n</tool_call>',
    opened: true,
    tools: [T.req4],
    thinking: 'check this',
    calls: [call('tool_2req_4opt', { req1: 'contains </think> and <tool_call> strings', req2: 1 })],
  },
  { source: ling('thinking off: plain content'), reply: 'Here is the answer.\nNo think block at all.', text: 'Here is the answer.\nNo think block at all.', calls: [] },
  { source: ling('thinking off: a call'), reply: LING_CALL, tools: [T.getTime], calls: [PARIS] },
  { source: ling('the end-of-turn token spelled out'), reply: 'Here is the answer.<|role_end|>', text: 'Here is the answer.', calls: [] },
  { source: ling('a call, then the end-of-turn token'), reply: `${LING_CALL}<|role_end|>`, tools: [T.getTime], calls: [PARIS] },
  { source: ling('no newlines between tags'), reply: '</think>\n<tool_call>get_time<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>', opened: true, tools: [T.getTime], calls: [PARIS] },
  { source: ling('required arguments in any order'), reply: lingCall('tool_2req_4opt', [['req2', '7'], ['req1', 'hello']]), opened: true, tools: [T.req4], calls: [call('tool_2req_4opt', { req2: 7, req1: 'hello' })] },
  {
    source: ling('optional after required'),
    reply: lingCall('tool_2req_4opt', [['req1', 'hello'], ['req2', '7'], ['opt1', 'extra']]),
    opened: true,
    tools: [T.req4],
    calls: [call('tool_2req_4opt', { req1: 'hello', req2: 7, opt1: 'extra' })],
  },
  { source: ling('an integer'), reply: lingCall('magic_int', [['ref', '42']]), opened: true, tools: [T.magicInt], calls: [call('magic_int', { ref: 42 })] },
  { source: ling('nullable string given null'), reply: lingCall('set_nullable_str', [['name', 'null']]), opened: true, tools: [T.nullableStr], calls: [call('set_nullable_str', { name: null })] },
  { source: ling('nullable string given text'), reply: lingCall('set_nullable_str', [['name', 'hello world']]), opened: true, tools: [T.nullableStr], calls: [call('set_nullable_str', { name: 'hello world' })] },
  { source: ling('text that starts like a number'), reply: lingCall('set_nullable_str', [['name', '123 Main St']]), opened: true, tools: [T.nullableStr], calls: [call('set_nullable_str', { name: '123 Main St' })] },
  {
    source: ling('string unions typed'),
    reply: lingCall('set_union', [['value', '{"a": 1}'], ['amount', '7']]),
    opened: true,
    tools: [T.stringUnion],
    calls: [call('set_union', { value: { a: 1 }, amount: 7 })],
  },
  {
    source: ling('string unions as text'),
    reply: lingCall('set_union', [['value', 'plain text'], ['amount', '1abc']]),
    opened: true,
    tools: [T.stringUnion],
    calls: [call('set_union', { value: 'plain text', amount: '1abc' })],
  },
];

const SB = '<|tool_calls_section_begin|>';
const SE = '<|tool_calls_section_end|>';
const kimi = (id: string, args: string) => `<|tool_call_begin|>functions.${id}<|tool_call_argument_begin|>${args}<|tool_call_end|>`;
const k2 = (what: string) => src('Kimi-K2-Thinking', what);
const PY_HEY = call('python', { code: "print('hey')" });
const KIMI: CorpusCase[] = [
  { source: k2('content'), reply: HELLO, text: HELLO, calls: [] },
  { source: k2('call'), reply: `${SB}${kimi('special_function:0', '{"arg1": 1}')}${SE}`, tools: [T.special], calls: [ARG1] },
  { source: k2('reasoning then a call'), reply: `<think>I'm thinking about this</think>${SB}${kimi('special_function:0', '{"arg1": 1}')}${SE}`, tools: [T.special], thinking: "I'm thinking about this", calls: [ARG1] },
  { source: k2('content then a call'), reply: `${HELLO}${SB}${kimi('special_function:0', '{"arg1": 1}')}${SE}`, tools: [T.special], text: HELLO, calls: [ARG1] },
  {
    source: k2('parallel calls'),
    reply: `${SB}${kimi('special_function:0', '{"arg1": 1}')}${kimi('special_function_with_opt:1', '{"arg1": 1, "arg2": 2}')}${SE}`,
    tools: [T.special, T.specialOpt],
    calls: [ARG1, ARG1_ARG2],
  },
  {
    source: k2('reasoning then two calls'),
    reply: `<think>I need to call two functions</think>${SB}${kimi('special_function:0', '{"arg1": 1}')}${kimi('python:1', `{"code": "print('hey')"}`)}${SE}`,
    tools: [T.special, T.python],
    thinking: 'I need to call two functions',
    calls: [ARG1, PY_HEY],
  },
  {
    source: k2('multiline code'),
    reply: `${SB}${kimi('python:0', '{"code": "def hello():\\n    print(\\"Hello, world!\\")\\n\\nhello()"}')}${SE}`,
    tools: [T.python],
    calls: [call('python', { code: 'def hello():\n    print("Hello, world!")\n\nhello()' })],
  },
  { source: k2('empty arguments'), reply: `${SB}${kimi('empty_args:0', '{}')}${SE}`, tools: [T.empty], calls: [call('empty_args')] },
  {
    source: k2('partial call'),
    reply: `${SB}<|tool_call_begin|>functions.special_function:0<|tool_call_argument_begin|>{"arg1": `,
    tools: [T.special],
    calls: [{ name: 'special_function', error: /not valid JSON/ }],
  },
  {
    source: k2('three calls, HTML in a value'),
    reply: `${SB}${kimi('special_function:0', '{"arg1": 1}')}${kimi('python:1', '{"code": "print(1)"}')}${kimi('html:2', '{"markup": "<p>test</p>"}')}${SE}`,
    tools: [T.special, T.python, T.html],
    calls: [ARG1, call('python', { code: 'print(1)' }), call('html', { markup: '<p>test</p>' })],
  },
  {
    source: k2('the section inside unclosed reasoning'),
    reply: `<think>I need to call two functions${SB}${kimi('special_function:0', '{"arg1": 1}')}${kimi('python:1', `{"code": "print('hey')"}`)}${SE}`,
    tools: [T.special, T.python],
    thinking: 'I need to call two functions',
    calls: [ARG1, PY_HEY],
  },
  {
    source: k2('calls inside unclosed reasoning, no section and no end markers'),
    reply: `<think>I need to call two functions<|tool_call_begin|>functions.special_function:0<|tool_call_argument_begin|>{"arg1": 1}<|tool_call_begin|>functions.python:1<|tool_call_argument_begin|>{"code": "print('hey')"}`,
    tools: [T.special, T.python],
    thinking: 'I need to call two functions',
    calls: [ARG1, PY_HEY],
  },
  {
    source: k2('a call with no end markers'),
    reply: '<|tool_call_begin|>functions.execute_command:0<|tool_call_argument_begin|>{"command": "ls -lah", "cwd": "/home/user/development/exllamav3", "timeout": 10}',
    tools: [T.executeCommand],
    calls: [call('execute_command', { command: 'ls -lah', cwd: '/home/user/development/exllamav3', timeout: 10 })],
  },
  { source: src('Kimi-K2-Instruct', 'content'), reply: HELLO, text: HELLO, calls: [] },
];

const reka = (what: string) => src('Reka-Edge (reasoning opened)', what);
const REKA_CALL = '<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}</tool_call>';
const REKA: CorpusCase[] = [
  { source: reka('content'), reply: HELLO, text: HELLO, calls: [] },
  { source: reka('call'), reply: REKA_CALL, tools: [T.special], calls: [ARG1] },
  { source: reka('string argument'), reply: '<tool_call>\n{"name": "get_time", "arguments": {"city": "XYZCITY"}}</tool_call>', tools: [T.getTime], calls: [call('get_time', { city: 'XYZCITY' })] },
  { source: reka('reasoning then a call'), reply: `I'm\nthinking\n</think>\n\n${REKA_CALL}`, opened: true, tools: [T.special], thinking: THINKING, calls: [ARG1] },
  {
    source: reka('parallel calls'),
    reply: `${REKA_CALL}<tool_call>\n{"name": "special_function_with_opt", "arguments": {"arg1": 1, "arg2": 2}}</tool_call>`,
    tools: [T.special, T.specialOpt],
    calls: [ARG1, ARG1_ARG2],
  },
  {
    source: reka('reasoning, content, call'),
    reply: 'I need to call a function\n</think>\n\nLet me check the time.<tool_call>\n{"name": "get_time", "arguments": {"city": "XYZCITY"}}</tool_call>',
    opened: true,
    tools: [T.getTime],
    text: 'Let me check the time.',
    thinking: 'I need to call a function',
    calls: [call('get_time', { city: 'XYZCITY' })],
  },
  { source: reka('partial call'), reply: '<tool_call>\n{"name": "special_function", "arguments": {"arg1":', tools: [T.special], calls: [{ name: 'special_function', error: /not valid JSON/ }] },
  { source: reka('empty arguments'), reply: '<tool_call>\n{"name": "empty_args", "arguments": {}}</tool_call>', tools: [T.empty], calls: [call('empty_args')] },
  { source: reka('no parameters schema'), reply: '<tool_call>\n{"name": "empty_args_no_schema", "arguments": {}}</tool_call>', tools: [T.emptyNoSchema], calls: [call('empty_args_no_schema')] },
  {
    source: reka('a call mentioned inside the reasoning is no call'),
    reply: `Let me think about <tool_call>\n{"name": "special_function", "arguments": {"arg1": 2}}</tool_call> hmm\n</think>\n\n${REKA_CALL}`,
    opened: true,
    tools: [T.special],
    thinking: 'Let me think about <tool_call>\n{"name": "special_function", "arguments": {"arg1": 2}}</tool_call> hmm',
    calls: [ARG1],
  },
  { source: reka('reasoning and content'), reply: `I'm\nthinking\n</think>\n\n${HELLO}`, opened: true, text: HELLO, thinking: THINKING, calls: [] },
  {
    source: reka('content then a call'),
    reply: `${HELLO}\n<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}\n</tool_call>`,
    tools: [T.special],
    text: HELLO,
    calls: [ARG1],
  },
  { source: reka('call cut off in the arguments'), reply: '<tool_call>\n{"name": "special_function", "arguments": {"arg', tools: [T.special], calls: [{ name: 'special_function', error: /not valid JSON/ }] },
];

const mm = (what: string) => src('MiniMax-M2 (reasoning opened)', what);
const MINIMAX: CorpusCase[] = [
  { source: mm('empty reasoning, content'), reply: `\n</think>\n\n${HELLO}`, opened: true, text: HELLO, calls: [] },
  { source: mm('reasoning and content'), reply: `I'm\nthinking\n</think>\n\n${HELLO}`, opened: true, text: HELLO, thinking: THINKING, calls: [] },
  {
    source: mm('reasoning then a call with no arguments'),
    reply: 'Let\'s call a tool:\n</think>\n\n<minimax:tool_call>\n<invoke name="empty_args">\n</invoke>\n</minimax:tool_call>',
    opened: true,
    tools: [T.empty],
    thinking: "Let's call a tool:",
    calls: [call('empty_args')],
  },
  {
    source: mm('an integer parameter'),
    reply: '\n</think>\n\n<minimax:tool_call>\n<invoke name="special_function">\n<parameter name="arg1">1</parameter>\n</invoke>\n</minimax:tool_call>',
    opened: true,
    tools: [T.special],
    calls: [ARG1],
  },
];

const oss = (what: string) => src('gpt-oss', what);
const jp = (what: string) => src('LLM-jp-4.1 (gpt-oss dialect)', what);
const HARMONY: CorpusCase[] = [
  { source: oss('final channel'), reply: `<|channel|>final<|message|>${HELLO}`, text: HELLO, calls: [] },
  { source: oss('commentary channel'), reply: `<|channel|>commentary<|message|>${HELLO}`, text: HELLO, calls: [] },
  { source: oss('analysis then final'), reply: `<|channel|>analysis<|message|>I'm\nthinking<|end|><|start|>assistant<|channel|>final<|message|>${HELLO}`, text: HELLO, thinking: THINKING, calls: [] },
  { source: oss('recipient in the role header'), reply: ' to=functions.special_function<|channel|>analysis<|message|>{"arg1": 1}', tools: [T.special], calls: [ARG1] },
  { source: oss('recipient in the channel header'), reply: '<|channel|>analysis to=functions.special_function<|message|>{"arg1": 1}', tools: [T.special], calls: [ARG1] },
  { source: oss('recipient and <|constrain|>'), reply: ' to=functions.special_function<|channel|>analysis <|constrain|>json<|message|>{"arg1": 1}', tools: [T.special], calls: [ARG1] },
  { source: oss('commentary recipient in the channel header'), reply: '<|channel|>commentary to=functions.special_function<|message|>{"arg1": 1}', tools: [T.special], calls: [ARG1] },
  {
    source: oss('analysis then a call'),
    reply: `<|channel|>analysis<|message|>I'm\nthinking<|end|><|start|>assistant to=functions.special_function<|channel|>analysis<|message|>{"arg1": 1}`,
    tools: [T.special],
    thinking: THINKING,
    calls: [ARG1],
  },
  {
    source: oss('a call with braces in its strings'),
    reply:
      '<|channel|>analysis<|message|>Thinking about edit...<|end|><|start|>assistant<|channel|>commentary to=functions.edit <|constrain|>json<|message|>{"oldString": "if (part < railCount - 1) {", "newString": "if (part < 4) {", "replaceAll": false}',
    tools: [T.editOss],
    thinking: 'Thinking about edit...',
    calls: [call('edit', { oldString: 'if (part < railCount - 1) {', newString: 'if (part < 4) {', replaceAll: false })],
  },
  {
    source: oss('commentary to=assistant before the reasoning'),
    reply: `<|channel|>commentary to=assistant<|channel|>analysis<|message|>I'm\nthinking<|end|><|start|>assistant<|channel|>final<|message|>${HELLO}`,
    text: HELLO,
    thinking: THINKING,
    calls: [],
  },
  {
    source: oss('commentary to=assistant before the final message'),
    reply: `<|channel|>analysis<|message|>I'm\nthinking<|end|><|start|>assistant<|channel|>commentary to=assistant<|channel|>final<|message|>${HELLO}`,
    text: HELLO,
    thinking: THINKING,
    calls: [],
  },
  { source: jp('final channel'), reply: `<|channel|> final<|message|> ${HELLO}`, text: HELLO, calls: [] },
  {
    source: jp('analysis then final'),
    reply: `<|channel|> analysis<|message|> I'm\nthinking<|end|><|start|> assistant<|channel|> final<|message|> ${HELLO}`,
    text: HELLO,
    thinking: THINKING,
    calls: [],
  },
  {
    source: jp('analysis then a call'),
    reply: `<|channel|> analysis<|message|> I'm\nthinking<|end|><|start|> assistant to=functions.special_function<|channel|> commentary <|constrain|>  json<|message|> {"arg1": 1}`,
    tools: [T.special],
    thinking: THINKING,
    calls: [ARG1],
  },
  { source: jp('recipient in the channel header'), reply: '<|channel|> commentary to=functions.special_function<|message|> {"arg1": 1}', tools: [T.special], calls: [ARG1] },
  {
    source: jp('parallel calls separated by <|end|>'),
    reply: `<|channel|> analysis<|message|> I'm\nthinking<|end|><|start|> assistant to=functions.special_function<|channel|> commentary <|constrain|>  json<|message|> {"arg1": 1}<|end|><|start|> assistant to=functions.special_function<|channel|> commentary <|constrain|>  json<|message|> {"arg1": 2}`,
    tools: [T.special],
    thinking: THINKING,
    calls: [ARG1, call('special_function', { arg1: 2 })],
  },
];

const cpm = (what: string) => src('MiniCPM5', what);
const MINICPM5: CorpusCase[] = [
  { source: cpm('content'), reply: HELLO, text: HELLO, calls: [] },
  { source: cpm('call'), reply: `<function name="python"><param name="code">print('Hello, World!')</param></function>`, tools: [T.python], calls: [call('python', { code: "print('Hello, World!')" })] },
  { source: cpm('no arguments'), reply: '<function name="empty_args"></function>', tools: [T.empty], calls: [call('empty_args')] },
  {
    source: cpm('CDATA keeps a closing tag in a value'),
    reply: '<function name="html"><param name="markup"><![CDATA[<a href="/x">hi</a> </param>]]></param></function>',
    tools: [T.html],
    calls: [call('html', { markup: '<a href="/x">hi</a> </param>' })],
  },
  {
    source: cpm('reasoning then a call'),
    reply: `I'm thinking</think><function name="python"><param name="code">print('hey')</param></function>`,
    opened: true,
    tools: [T.python],
    thinking: "I'm thinking",
    calls: [PY_HEY],
  },
  {
    source: cpm('parallel calls'),
    reply: `<function name="python"><param name="code">print('x')</param></function>\n<function name="python"><param name="code">print('y')</param></function>`,
    tools: [T.python],
    calls: [call('python', { code: "print('x')" }), call('python', { code: "print('y')" })],
  },
];

export const LLAMA_CPP_B: CorpusCase[] = [...DEEPSEEK, ...GLM, ...LING, ...KIMI, ...REKA, ...MINIMAX, ...HARMONY, ...MINICPM5];
