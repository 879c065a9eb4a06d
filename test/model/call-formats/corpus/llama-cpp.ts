/**
 * Cases from llama.cpp `tests/test-chat.cpp` (`test_template_output_peg_parsers`
 * and `test_lfm2_parser`, ggml-org/llama.cpp at 0042e207): each template's
 * outputs with the tools that test offered and the message it expects.
 * Templates whose format pageloop does not read (Kimi K3, MiniMax-M3, Muse
 * Glimmer, Apriel 1.6's `[BEGIN FINAL RESPONSE]`) and the response-format
 * (`json_schema`) and continuation tests are left out.
 */
import type { CorpusCase } from './corpus.js';
import { ARG1, ARG1_ARG2, call, HELLO, LLAMA as T, qwenCall, THINKING } from './tools.js';

const src = (template: string, what: string) => `llama.cpp tests/test-chat.cpp, ${template}: ${what}`;

const lfm2 = (what: string) => src('LFM2 / LFM2.5', what);
const LFM2: CorpusCase[] = [
  { source: lfm2('single call'), reply: '<|tool_call_start|>[special_function(arg1=1)]<|tool_call_end|>', tools: [T.special], calls: [ARG1] },
  { source: lfm2('string argument'), reply: '<|tool_call_start|>[get_time(city="XYZCITY")]<|tool_call_end|>', tools: [T.getTime], calls: [call('get_time', { city: 'XYZCITY' })] },
  { source: lfm2('Python True'), reply: '<|tool_call_start|>[toggle(enabled=True)]<|tool_call_end|>', tools: [T.toggle], calls: [call('toggle', { enabled: true })] },
  { source: lfm2('Python None'), reply: '<|tool_call_start|>[set_nullable(value=None)]<|tool_call_end|>', tools: [T.nullable], calls: [call('set_nullable', { value: null })] },
  {
    source: lfm2('nested Python literal'),
    reply: '<|tool_call_start|>[set_config(config={"enabled": True, "count": 3})]<|tool_call_end|>',
    tools: [T.config],
    calls: [call('set_config', { config: { enabled: true, count: 3 } })],
  },
  {
    source: lfm2('JSON literals'),
    reply: '<|tool_call_start|>[set_config(config={"enabled": true, "note": null})]<|tool_call_end|>',
    tools: [T.config],
    calls: [call('set_config', { config: { enabled: true, note: null } })],
  },
  {
    source: lfm2('dotted name, structured arguments'),
    reply: '<|tool_call_start|>[Calendar.create_event(title="demo", participants=["Alice", "Bob"], metadata={"priority": "high", "reminder": true})]<|tool_call_end|>',
    tools: [T.calendar],
    calls: [call('Calendar.create_event', { title: 'demo', participants: ['Alice', 'Bob'], metadata: { priority: 'high', reminder: true } })],
  },
  {
    source: lfm2('Markdown links stay content'),
    reply: 'Use this format: [link text](url). Example: [Wikipedia](https://www.wikipedia.org).',
    tools: [T.getTime],
    text: 'Use this format: [link text](url). Example: [Wikipedia](https://www.wikipedia.org).',
    calls: [],
  },
  {
    source: lfm2('multiline code in a string'),
    reply: `<|tool_call_start|>[python(code="def hello():\\n    print('hey')")]<|tool_call_end|>`,
    tools: [T.python],
    calls: [call('python', { code: "def hello():\n    print('hey')" })],
  },
  {
    source: lfm2('escape sequences decode'),
    reply: '<|tool_call_start|>[python(code="First line\\nSecond line\\tindented")]<|tool_call_end|>',
    tools: [T.python],
    calls: [call('python', { code: 'First line\nSecond line\tindented' })],
  },
  { source: lfm2('escaped quotes'), reply: '<|tool_call_start|>[python(code="print(\\"hi\\")")]<|tool_call_end|>', tools: [T.python], calls: [call('python', { code: 'print("hi")' })] },
  {
    source: lfm2('content before the call'),
    reply: 'Let me check the time.<|tool_call_start|>[get_time(city="Paris")]<|tool_call_end|>',
    tools: [T.getTime],
    text: 'Let me check the time.',
    calls: [call('get_time', { city: 'Paris' })],
  },
  {
    source: lfm2('parallel calls'),
    reply: '<|tool_call_start|>[special_function(arg1=1), special_function_with_opt(arg1=1, arg2=2)]<|tool_call_end|>',
    tools: [T.special, T.specialOpt],
    calls: [ARG1, ARG1_ARG2],
  },
  { source: lfm2('partial call'), reply: '<|tool_call_start|>[special_function(arg1=', tools: [T.special], calls: [{ name: 'special_function', error: /cut off/ }] },
  { source: lfm2('empty arguments'), reply: '<|tool_call_start|>[empty_args()]<|tool_call_end|>', tools: [T.empty], calls: [call('empty_args')] },
  {
    source: lfm2('LFM2.5-8B: call after reasoning'),
    reply: "<think>I'm\nthinking</think><|tool_call_start|>[special_function(arg1=1)]<|tool_call_end|>",
    tools: [T.special],
    thinking: THINKING,
    calls: [ARG1],
  },
  {
    source: lfm2('LFM2.5-8B: reasoning, content and a call'),
    reply: '<think>I need to call a function</think>Let me check the time.<|tool_call_start|>[get_time(city="Paris")]<|tool_call_end|>',
    tools: [T.getTime],
    text: 'Let me check the time.',
    thinking: 'I need to call a function',
    calls: [call('get_time', { city: 'Paris' })],
  },
  {
    source: lfm2('LFM2.5-8B: a call marker inside reasoning is no call'),
    reply: '<think>Let me think about <|tool_call_start|>[special_function(arg1=1)]<|tool_call_end|> hmm</think><|tool_call_start|>[special_function(arg1=1)]<|tool_call_end|>',
    tools: [T.special],
    thinking: 'Let me think about <|tool_call_start|>[special_function(arg1=1)]<|tool_call_end|> hmm',
    calls: [ARG1],
  },
  { source: lfm2('LFM2.5-8B: reasoning and content'), reply: `<think>I'm\nthinking</think>${HELLO}`, text: HELLO, thinking: THINKING, calls: [] },
];

const q35 = (what: string) => src('Qwen3.5-4B', what);
const RUN_PWD = qwenCall('run_in_terminal', [['command', 'pwd']]);
const QWEN35: CorpusCase[] = [
  { source: q35('reasoning the template opened'), reply: `I'm\nthinking\n</think>\n\n${HELLO}`, opened: true, text: HELLO, thinking: THINKING, calls: [] },
  { source: q35('call without reasoning'), reply: qwenCall('special_function', [['arg1', '1']]), tools: [T.special], calls: [ARG1] },
  { source: q35('reasoning then a call'), reply: `I'm\nthinking\n</think>\n\n${qwenCall('special_function', [['arg1', '1']])}`, opened: true, tools: [T.special], thinking: THINKING, calls: [ARG1] },
  {
    source: q35('parallel calls'),
    reply: `${qwenCall('special_function', [['arg1', '1']])}\n${qwenCall('special_function_with_opt', [['arg1', '1'], ['arg2', '2']])}`,
    tools: [T.special, T.specialOpt],
    calls: [ARG1, ARG1_ARG2],
  },
  {
    source: q35('multiline code'),
    reply: qwenCall('python', [['code', 'def hello():\n    print("Hello, world!")\n\nhello()']]),
    tools: [T.python],
    calls: [call('python', { code: 'def hello():\n    print("Hello, world!")\n\nhello()' })],
  },
  {
    source: q35('edit'),
    reply: qwenCall('edit', [['filename', 'foo.c'], ['oldString', '#iclunde'], ['newString', '#include']]),
    tools: [T.edit],
    calls: [call('edit', { filename: 'foo.c', oldString: '#iclunde', newString: '#include' })],
  },
  {
    source: q35('a value that ends in a newline keeps it'),
    reply: qwenCall('edit', [['filename', 'foo.c'], ['oldString', '#iclunde'], ['newString', '#include\n']]),
    tools: [T.edit],
    calls: [call('edit', { filename: 'foo.c', oldString: '#iclunde', newString: '#include\n' })],
  },
  { source: q35('code that starts indented'), reply: qwenCall('python', [['code', '    print("Hello, world!")']]), tools: [T.python], calls: [call('python', { code: '    print("Hello, world!")' })] },
  { source: q35('a call ends the prefilled reasoning'), reply: RUN_PWD, opened: true, tools: [T.runInTerminal], calls: [call('run_in_terminal', { command: 'pwd' })] },
  {
    source: q35('reasoning with no closer, then a call'),
    reply: `Need to inspect the current directory.\n${RUN_PWD}`,
    opened: true,
    tools: [T.runInTerminal],
    thinking: 'Need to inspect the current directory.',
    firstReplyText: 'Need to inspect the current directory.',
    calls: [call('run_in_terminal', { command: 'pwd' })],
  },
  { source: q35('no arguments'), reply: '<tool_call>\n<function=empty_args>\n</function>\n</tool_call>', tools: [T.empty], calls: [call('empty_args')] },
  { source: q35('no properties'), reply: '<tool_call>\n<function=empty_args_no_props>\n</function>\n</tool_call>', tools: [T.emptyNoProps], calls: [call('empty_args_no_props')] },
  { source: q35('an empty think block written again'), reply: `<think>\n\n</think>\n\n${qwenCall('special_function', [['arg1', '1']])}`, tools: [T.special], calls: [ARG1] },
  { source: q35('empty reasoning'), reply: `</think>\n\n${qwenCall('special_function', [['arg1', '1']])}`, opened: true, tools: [T.special], thinking: '', calls: [ARG1] },
  { source: q35('empty reasoning, run_in_terminal'), reply: `</think>\n\n${RUN_PWD}`, opened: true, tools: [T.runInTerminal], calls: [call('run_in_terminal', { command: 'pwd' })] },
  {
    source: q35('empty reasoning, content, call'),
    reply: `</think>\n\nLet me inspect the current directory.\n${RUN_PWD}`,
    opened: true,
    tools: [T.runInTerminal],
    text: 'Let me inspect the current directory.',
    calls: [call('run_in_terminal', { command: 'pwd' })],
  },
  {
    source: q35('reasoning, content, call'),
    reply: `I should inspect the directory.\n</think>\n\nLet me inspect it now.\n${RUN_PWD}`,
    opened: true,
    tools: [T.runInTerminal],
    text: 'Let me inspect it now.',
    thinking: 'I should inspect the directory.',
    calls: [call('run_in_terminal', { command: 'pwd' })],
  },
  {
    source: q35('multi-turn: reasoning then a call'),
    reply: `I need to run a terminal command.\n</think>\n\n${RUN_PWD}`,
    opened: true,
    tools: [T.manageTodoList, T.runInTerminal],
    thinking: 'I need to run a terminal command.',
    calls: [call('run_in_terminal', { command: 'pwd' })],
  },
  {
    source: q35('multi-turn: reasoning, content, call'),
    reply: `I need to run a terminal command.\n</think>\n\nLet me inspect the current directory.\n${RUN_PWD}`,
    opened: true,
    tools: [T.manageTodoList, T.runInTerminal],
    text: 'Let me inspect the current directory.',
    thinking: 'I need to run a terminal command.',
    calls: [call('run_in_terminal', { command: 'pwd' })],
  },
];

const nemo = (what: string) => src('NVIDIA Nemotron-3 Nano', what);
const NEMOTRON3: CorpusCase[] = [
  { source: nemo('reasoning and content'), reply: `I'm\nthinking\n</think>\n${HELLO}`, opened: true, text: HELLO, thinking: THINKING, calls: [] },
  { source: nemo('call'), reply: `${qwenCall('special_function', [['arg1', '1']])}\n`, tools: [T.special], calls: [ARG1] },
  { source: nemo('reasoning then a call'), reply: `I'm\nthinking\n</think>\n${qwenCall('special_function', [['arg1', '1']])}\n`, opened: true, tools: [T.special], thinking: THINKING, calls: [ARG1] },
  {
    source: nemo('parallel calls'),
    reply: `${qwenCall('special_function', [['arg1', '1']])}\n${qwenCall('special_function_with_opt', [['arg1', '1'], ['arg2', '2']])}\n`,
    tools: [T.special, T.specialOpt],
    calls: [ARG1, ARG1_ARG2],
  },
  {
    source: nemo('multiline code'),
    reply: `${qwenCall('python', [['code', 'def hello():\n    print("Hello, world!")\n\nhello()']])}\n`,
    tools: [T.python],
    calls: [call('python', { code: 'def hello():\n    print("Hello, world!")\n\nhello()' })],
  },
];

const mini = (what: string) => src('Ministral-3-14B-Reasoning', what);
const MINISTRAL: CorpusCase[] = [
  { source: mini('content'), reply: HELLO, text: HELLO, calls: [] },
  { source: mini('reasoning and content'), reply: `[THINK]I'm\nthinking[/THINK]${HELLO}`, text: HELLO, thinking: THINKING, calls: [] },
  { source: mini('call'), reply: '[TOOL_CALLS]special_function[ARGS]{"arg1":1}', tools: [T.special], calls: [ARG1] },
  { source: mini('reasoning then a call'), reply: `[THINK]I'm\nthinking[/THINK][TOOL_CALLS]special_function[ARGS]{"arg1":1}`, tools: [T.special], thinking: THINKING, calls: [ARG1] },
  {
    source: mini('parallel calls'),
    reply: '[TOOL_CALLS]special_function[ARGS]{"arg1": 1}[TOOL_CALLS]special_function_with_opt[ARGS]{"arg1": 1, "arg2": 2}',
    tools: [T.special, T.specialOpt],
    calls: [ARG1, ARG1_ARG2],
  },
  {
    source: mini('a call marker inside reasoning is no call'),
    reply: '[THINK]Let me think about [TOOL_CALLS]special_function[ARGS]{"arg1":1} and more[/THINK][TOOL_CALLS]special_function[ARGS]{"arg1": 1}',
    tools: [T.special],
    thinking: 'Let me think about [TOOL_CALLS]special_function[ARGS]{"arg1":1} and more',
    calls: [ARG1],
  },
];

const ACTION = '<|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "special_function", "parameters": {"arg1": 1}}\n]<|END_ACTION|>';
const r7b = (what: string) => src('Command R7B', what);
const c2 = (what: string) => src('Cohere2 MoE (reasoning opened)', what);
const COHERE: CorpusCase[] = [
  { source: r7b('response'), reply: `<|START_RESPONSE|>${HELLO}<|END_RESPONSE|>`, text: HELLO, calls: [] },
  { source: r7b('reasoning and response'), reply: `<|START_THINKING|>I'm\nthinking<|END_THINKING|><|START_RESPONSE|>${HELLO}<|END_RESPONSE|>`, text: HELLO, thinking: THINKING, calls: [] },
  { source: r7b('reasoning then an action'), reply: `<|START_THINKING|>I'm\nthinking<|END_THINKING|>${ACTION}`, tools: [T.special], thinking: THINKING, calls: [ARG1] },
  {
    source: r7b('partial action'),
    reply: `<|START_THINKING|>I'm\nthinking<|END_THINKING|><|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "special_function", `,
    tools: [T.special],
    thinking: THINKING,
    calls: [{ name: 'special_function', error: /not valid JSON/ }],
  },
  { source: r7b('empty reasoning then an action'), reply: `<|START_THINKING|><|END_THINKING|>${ACTION}`, tools: [T.special], calls: [ARG1] },
  { source: c2('reasoning and text'), reply: `I'm\nthinking<|END_THINKING|><|START_TEXT|>${HELLO}<|END_TEXT|>`, opened: true, text: HELLO, thinking: THINKING, calls: [] },
  { source: c2('empty reasoning and text'), reply: `<|END_THINKING|><|START_TEXT|>${HELLO}<|END_TEXT|>`, opened: true, text: HELLO, calls: [] },
  { source: c2('reasoning then an action'), reply: `I'm\nthinking<|END_THINKING|>${ACTION}`, opened: true, tools: [T.special], thinking: THINKING, calls: [ARG1] },
  {
    source: c2('array argument'),
    reply: '<|END_THINKING|><|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "todo_list", "parameters": {"todos": ["buy milk", "walk dog"]}}\n]<|END_ACTION|>',
    opened: true,
    tools: [T.todoList],
    calls: [call('todo_list', { todos: ['buy milk', 'walk dog'] })],
  },
  {
    source: c2('parallel actions'),
    reply: `I'm\nthinking<|END_THINKING|><|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "special_function", "parameters": {"arg1": 1}},\n    {"tool_call_id": "1", "tool_name": "python", "parameters": {"code": "print('hey')"}}\n]<|END_ACTION|>`,
    opened: true,
    tools: [T.special, T.python],
    thinking: THINKING,
    calls: [ARG1, call('python', { code: "print('hey')" })],
  },
  { source: c2('text although tools are offered'), reply: `I'm\nthinking<|END_THINKING|><|START_TEXT|>${HELLO}<|END_TEXT|>`, opened: true, tools: [T.special], text: HELLO, thinking: THINKING, calls: [] },
];

const g4 = (what: string) => src('Gemma 4', what);
const gemma = (body: string) => `<|tool_call>call:${body}<tool_call|>`;
const GEMMA4: CorpusCase[] = [
  { source: g4('content'), reply: 'Hello, world!', text: 'Hello, world!', calls: [] },
  { source: g4('reasoning and content'), reply: `<|channel>thought\nI'm\nthinking<channel|>${HELLO}`, text: HELLO, thinking: THINKING, calls: [] },
  { source: g4('empty reasoning'), reply: `<|channel>thought<channel|>${HELLO}`, text: HELLO, calls: [] },
  { source: g4('string argument'), reply: gemma('get_time{city:<|"|>London<|"|>}'), tools: [T.getTime], calls: [call('get_time', { city: 'London' })] },
  { source: g4('string with a space'), reply: gemma('get_time{city:<|"|>San Francisco<|"|>}'), tools: [T.getTime], calls: [call('get_time', { city: 'San Francisco' })] },
  { source: g4('empty arguments'), reply: gemma('empty_args{}'), tools: [T.empty], calls: [call('empty_args')] },
  { source: g4('content then a call'), reply: `${HELLO}${gemma('get_time{city:<|"|>Paris<|"|>}')}`, tools: [T.getTime], text: HELLO, calls: [call('get_time', { city: 'Paris' })] },
  {
    source: g4('reasoning then a call'),
    reply: `<|channel>thought\nI'm\nthinking<channel|>${gemma('get_time{city:<|"|>Paris<|"|>}')}`,
    tools: [T.getTime],
    thinking: THINKING,
    calls: [call('get_time', { city: 'Paris' })],
  },
  {
    source: g4('parallel calls'),
    reply: `${gemma('get_time{city:<|"|>London<|"|>}')}${gemma('get_weather{city:<|"|>Paris<|"|>}')}`,
    tools: [T.getTime, T.getWeather],
    calls: [call('get_time', { city: 'London' }), call('get_weather', { city: 'Paris' })],
  },
  { source: g4('integer'), reply: gemma('special_function{arg1:42}'), tools: [T.special], calls: [call('special_function', { arg1: 42 })] },
  { source: g4('negative number'), reply: gemma('special_function{arg1:-7}'), tools: [T.special], calls: [call('special_function', { arg1: -7 })] },
  { source: g4('decimal'), reply: gemma('amount{orig:3.14}'), tools: [T.amount], calls: [call('amount', { orig: 3.14 })] },
  { source: g4('true'), reply: gemma('toggle{enabled:true}'), tools: [T.toggle], calls: [call('toggle', { enabled: true })] },
  { source: g4('false'), reply: gemma('toggle{enabled:false}'), tools: [T.toggle], calls: [call('toggle', { enabled: false })] },
  { source: g4('null'), reply: gemma('set_nullable{value:null}'), tools: [T.nullable], calls: [call('set_nullable', { value: null })] },
  { source: g4('array'), reply: gemma('todo_list{todos:[<|"|>buy milk<|"|>,<|"|>walk dog<|"|>]}'), tools: [T.todoList], calls: [call('todo_list', { todos: ['buy milk', 'walk dog'] })] },
  { source: g4('object'), reply: gemma('set_config{config:{theme:<|"|>dark<|"|>,count:3}}'), tools: [T.config], calls: [call('set_config', { config: { theme: 'dark', count: 3 } })] },
  { source: g4('empty array'), reply: gemma('todo_list{todos:[]}'), tools: [T.todoList], calls: [call('todo_list', { todos: [] })] },
  { source: g4('empty object'), reply: gemma('set_config{config:{}}'), tools: [T.config], calls: [call('set_config', { config: {} })] },
  { source: g4('scientific notation'), reply: gemma('amount{orig:1.5e10}'), tools: [T.amount], calls: [call('amount', { orig: 1.5e10 })] },
  { source: g4('a stray closer after the answer'), reply: `<|channel>thought\n<channel|>${HELLO}<channel|>`, text: HELLO, calls: [] },
  { source: g4('an empty thought after the answer'), reply: `<|channel>thought\n<channel|>${HELLO}<|channel>thought\n<channel|>`, text: HELLO, calls: [] },
  { source: g4('an empty thought and a stray closer after the answer'), reply: `<|channel>thought\n<channel|>${HELLO}<|channel>thought\n<channel|><channel|>`, text: HELLO, calls: [] },
  { source: g4('a doubled channel opener'), reply: `<|channel><|channel>thought\n<channel|>${HELLO}`, text: HELLO, calls: [] },
];

const PLAIN_FAMILIES: CorpusCase[] = [
  { source: src('Qwen-QwQ-32B', 'reasoning the template opened'), reply: 'Let me think about this...\n</think>\nThe answer is 42.', opened: true, text: 'The answer is 42.', thinking: 'Let me think about this...', calls: [] },
  { source: src('Qwen-QwQ-32B', 'empty reasoning'), reply: '</think>Hello, world!', opened: true, text: 'Hello, world!', calls: [] },
  { source: src('Hermes-2-Pro', 'call'), reply: '<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}</tool_call>', tools: [T.special], calls: [ARG1] },
  {
    source: src('Hermes-2-Pro', 'content then a call'),
    reply: `${HELLO}<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}</tool_call>`,
    tools: [T.special],
    text: HELLO,
    calls: [ARG1],
  },
  { source: src('Granite 3.3', 'reasoning and content'), reply: `<think>I'm\nthinking</think>${HELLO}`, text: HELLO, thinking: THINKING, calls: [] },
  { source: src('Granite 4.0 / 4.1', 'call'), reply: '<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}\n</tool_call>', tools: [T.special], calls: [ARG1] },
  { source: src('MiMo-VL / Hermes 3 / Qwen 2.5', 'content'), reply: HELLO, text: HELLO, calls: [] },
  { source: src('Apertus-8B', 'function name as key'), reply: '<|tools_prefix|>[{"special_function": {"arg1": 1}}]<|tools_suffix|>', tools: [T.special], calls: [ARG1] },
  { source: src('Apriel 1.5', 'call'), reply: '<tool_calls>[{"name": "special_function", "arguments": {"arg1": 1}}]</tool_calls>', tools: [T.special], calls: [ARG1] },
  { source: src('Mistral-Nemo', 'content'), reply: HELLO, text: HELLO, calls: [] },
  {
    source: src('Mistral-Nemo', 'call with an id'),
    reply: '[TOOL_CALLS][{"name": "special_function", "arguments": {"arg1": 1}, "id": "123456789"}]',
    tools: [T.special],
    calls: [ARG1],
  },
  { source: src('Mistral-Small-3.2', 'call with [CALL_ID]'), reply: '[TOOL_CALLS]special_function[CALL_ID]123456789[ARGS]{"arg1": 1}', tools: [T.special], calls: [ARG1] },
  {
    source: src('Mistral-Small-3.2', 'parallel calls with [CALL_ID]'),
    reply: '[TOOL_CALLS]special_function[CALL_ID]000000001[ARGS]{"arg1": 1}[TOOL_CALLS]special_function_with_opt[CALL_ID]000000002[ARGS]{"arg1": 1, "arg2": 2}',
    tools: [T.special, T.specialOpt],
    calls: [ARG1, ARG1_ARG2],
  },
  { source: src('Devstral', 'call'), reply: '[TOOL_CALLS]special_function[ARGS]{"arg1": 1}', tools: [T.special], calls: [ARG1] },
  { source: src('Devstral', 'content then a call'), reply: `${HELLO}[TOOL_CALLS]special_function[ARGS]{"arg1": 1}`, tools: [T.special], text: HELLO, calls: [ARG1] },
  { source: src('Llama 3.1', 'content with tools offered'), reply: HELLO, tools: [T.special], text: HELLO, calls: [] },
  { source: src('Llama 3.3', 'content with tools offered'), reply: HELLO, tools: [T.python], text: HELLO, calls: [] },
  { source: src('Functionary v3.1', 'call'), reply: '<function=special_function>{"arg1": 1}</function>', tools: [T.special], calls: [ARG1] },
  { source: src('Functionary v3.2', 'the all channel (the prompt wrote >>>)'), reply: `all\n${HELLO}`, hint: 'functionary', text: HELLO, calls: [] },
  { source: src('Functionary v3.2', 'call (the prompt wrote >>>)'), reply: 'special_function\n{"arg1": 1}', tools: [T.special], calls: [ARG1] },
  { source: src('FireFunction v2', 'functools'), reply: ' functools[{"name": "special_function", "arguments": {"arg1": 1}}]', tools: [T.special], calls: [ARG1] },
  { source: src('DeepSeek-R1-Distill-Llama-8B', 'empty reasoning'), reply: `</think>${HELLO}`, opened: true, text: HELLO, calls: [] },
  { source: src('DeepSeek-R1-Distill-Llama-8B', 'reasoning'), reply: `I'm\nthinking</think>${HELLO}`, opened: true, text: HELLO, thinking: THINKING, calls: [] },
  {
    source: src('llama-cpp-deepseek-r1', 'call after empty reasoning'),
    reply: '</think><｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>special_function\n```json\n{"arg1": 1}```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    opened: true,
    tools: [T.special],
    calls: [ARG1],
  },
  {
    source: src('DeepSeek-R1-Distill-Qwen-32B', 'call'),
    reply: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>special_function\n```json\n{"arg1": 1}```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    tools: [T.special],
    calls: [ARG1],
  },
  {
    source: src('NVIDIA-Nemotron-Nano-v2', 'reasoning then <TOOLCALL>'),
    reply: `I'm\nthinking\n</think>\n<TOOLCALL>[{"name": "special_function", "arguments": {"arg1": 1}}]</TOOLCALL>`,
    opened: true,
    tools: [T.special],
    thinking: THINKING,
    calls: [ARG1],
  },
  {
    source: src('NVIDIA-Nemotron-Nano-v2', 'reasoning then <TOOLCALL>, trailing newline'),
    reply: `I'm\nthinking\n</think>\n\n<TOOLCALL>[{"name": "special_function", "arguments": {"arg1": 1}}]</TOOLCALL>\n`,
    opened: true,
    tools: [T.special],
    thinking: THINKING,
    calls: [ARG1],
  },
  { source: src('Command R+', 'chatbot tokens around the answer'), reply: `<|CHATBOT_TOKEN|>${HELLO}<|END_OF_TURN_TOKEN|>`, text: HELLO, calls: [] },
  { source: src('Command R+', 'Action: and a ```json block'), reply: 'Action:\n```json\n[{"tool_name": "special_function", "parameters": {"arg1": 1}}]\n```', tools: [T.special], calls: [ARG1] },
  { source: src('GigaChat V3', 'content'), reply: HELLO, text: HELLO, calls: [] },
  { source: src('GigaChat V3', 'call'), reply: '<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "special_function", "arguments": {"arg1": 1}}', tools: [T.special], calls: [ARG1] },
  {
    source: src('GigaChat V3', 'content then a call'),
    reply: `${HELLO}<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "special_function", "arguments": {"arg1": 1}}`,
    tools: [T.special],
    text: HELLO,
    calls: [ARG1],
  },
  { source: src('GigaChat V3.1', 'call'), reply: '<|function_call|>{"name": "special_function", "arguments": {"arg1": 1}}', tools: [T.special], calls: [ARG1] },
  { source: src('GigaChat V3.1', 'content then a call'), reply: `${HELLO}<|function_call|>{"name": "special_function", "arguments": {"arg1": 1}}`, tools: [T.special], text: HELLO, calls: [ARG1] },
];

const seed = (what: string) => src('ByteDance Seed-OSS', what);
const SEED_OSS: CorpusCase[] = [
  { source: seed('content'), reply: HELLO, text: HELLO, calls: [] },
  { source: seed('reasoning and content'), reply: "<seed:think>I'm thinking about the answer</seed:think>\nHello, world!", text: 'Hello, world!', thinking: "I'm thinking about the answer", calls: [] },
  { source: seed('call'), reply: '<seed:tool_call>\n<function=special_function>\n<parameter=arg1>1</parameter>\n</function>\n</seed:tool_call>', tools: [T.special], calls: [ARG1] },
  {
    source: seed('parallel calls'),
    reply:
      '<seed:tool_call>\n<function=special_function>\n<parameter=arg1>1</parameter>\n</function>\n</seed:tool_call>\n<seed:tool_call>\n<function=special_function_with_opt>\n<parameter=arg1>1</parameter>\n<parameter=arg2>2</parameter>\n</function>\n</seed:tool_call>',
    tools: [T.special, T.specialOpt],
    calls: [ARG1, ARG1_ARG2],
  },
  {
    source: seed('array of objects'),
    reply: '<seed:tool_call>\n<function=todo_list>\n<parameter=todos>[{"item": "Check stuff", "selected": false}, {"item": "Prepare stuff", "selected": true}]</parameter>\n</function>\n</seed:tool_call>',
    tools: [T.todoList],
    calls: [call('todo_list', { todos: [{ item: 'Check stuff', selected: false }, { item: 'Prepare stuff', selected: true }] })],
  },
  {
    source: seed('quotes inside values, final newline kept'),
    reply:
      '<seed:tool_call>\n<function=edit>\n<parameter=filename>foo.cpp</parameter>\n<parameter=oldString>def foo(arg = "14"):\n    return arg + "bar"\n</parameter>\n<parameter=newString>def foo(arg = "15"):\n    pass\n</parameter>\n</function>\n</seed:tool_call>',
    tools: [T.edit],
    calls: [call('edit', { filename: 'foo.cpp', oldString: 'def foo(arg = "14"):\n    return arg + "bar"\n', newString: 'def foo(arg = "15"):\n    pass\n' })],
  },
];

const qc = (what: string) => src('Qwen3-Coder', what);
const QWEN3_CODER: CorpusCase[] = [
  { source: qc('content'), reply: HELLO, text: HELLO, calls: [] },
  { source: qc('call'), reply: qwenCall('special_function', [['arg1', '1']]), tools: [T.special], calls: [ARG1] },
  {
    source: qc('no <tool_call> opener'),
    reply: '<function=special_function>\n<parameter=arg1>\n1\n</parameter>\n</function>\n</tool_call>',
    tools: [T.special],
    calls: [ARG1],
  },
  {
    source: qc('content, then no <tool_call> opener'),
    reply: 'Let me call it.\n<function=special_function>\n<parameter=arg1>\n1\n</parameter>\n</function>\n</tool_call>',
    tools: [T.special],
    text: 'Let me call it.',
    calls: [ARG1],
  },
  {
    source: qc('only the first call without its opener'),
    reply: `<function=special_function>\n<parameter=arg1>\n1\n</parameter>\n</function>\n</tool_call>\n${qwenCall('special_function_with_opt', [['arg1', '1'], ['arg2', '2']])}`,
    tools: [T.special, T.specialOpt],
    calls: [ARG1, ARG1_ARG2],
  },
  {
    source: qc('parallel calls'),
    reply: `${qwenCall('special_function', [['arg1', '1']])}\n${qwenCall('special_function_with_opt', [['arg1', '1'], ['arg2', '2']])}`,
    tools: [T.special, T.specialOpt],
    calls: [ARG1, ARG1_ARG2],
  },
  {
    source: qc('multiline code'),
    reply: qwenCall('python', [['code', 'def hello():\n    print("Hello, world!")\n\nhello()']]),
    tools: [T.python],
    calls: [call('python', { code: 'def hello():\n    print("Hello, world!")\n\nhello()' })],
  },
  { source: qc('CJK text'), reply: qwenCall('python', [['code', '格']]), tools: [T.python], calls: [call('python', { code: '格' })] },
  {
    source: qc('HTML in a value'),
    reply: qwenCall('html', [['markup', '<html>\n <head>\n  <title>Hello!</title>\n </head>\n</html>']]),
    tools: [T.html],
    calls: [call('html', { markup: '<html>\n <head>\n  <title>Hello!</title>\n </head>\n</html>' })],
  },
  {
    source: qc('array of objects'),
    reply: qwenCall('todo_list', [['todos', '[{"item": "Check stuff", "selected": false}, {"item": "Prepare stuff", "selected": true}]']]),
    tools: [T.todoList],
    calls: [call('todo_list', { todos: [{ item: 'Check stuff', selected: false }, { item: 'Prepare stuff', selected: true }] })],
  },
  {
    source: qc('required arguments in any order'),
    reply: qwenCall('edit', [['newString', '#include'], ['filename', 'foo.c'], ['oldString', '#iclunde']]),
    tools: [T.edit],
    calls: [call('edit', { newString: '#include', filename: 'foo.c', oldString: '#iclunde' })],
  },
  { source: qc('2 required + 4 optional'), reply: qwenCall('tool_2req_4opt', [['req2', '42'], ['req1', 'hello'], ['opt2', '200']]), tools: [T.req4], calls: [call('tool_2req_4opt', { req2: 42, req1: 'hello', opt2: 200 })] },
  {
    source: qc('optional arguments reversed'),
    reply: qwenCall('tool_2req_4opt', [['req1', 'hello'], ['req2', '42'], ['opt4', '100'], ['opt2', '200']]),
    tools: [T.req4],
    calls: [call('tool_2req_4opt', { req1: 'hello', req2: 42, opt4: 100, opt2: 200 })],
  },
  {
    source: qc('2 required + 5 optional, reversed'),
    reply: qwenCall('tool_2req_5opt', [['req1', 'world'], ['req2', '7'], ['opt5', 'last'], ['opt3', 'middle'], ['opt1', 'first']]),
    tools: [T.req5],
    calls: [call('tool_2req_5opt', { req1: 'world', req2: 7, opt5: 'last', opt3: 'middle', opt1: 'first' })],
  },
  {
    source: qc('2 required + 5 optional, shuffled'),
    reply: qwenCall('tool_2req_5opt', [['req1', 'test'], ['req2', '99'], ['opt3', 'c'], ['opt1', 'a'], ['opt5', 'e'], ['opt4', '4'], ['opt2', '2']]),
    tools: [T.req5],
    calls: [call('tool_2req_5opt', { req1: 'test', req2: 99, opt3: 'c', opt1: 'a', opt5: 'e', opt4: 4, opt2: 2 })],
  },
  { source: qc('nullable string'), reply: qwenCall('set_nullable_str', [['name', 'hello world']]), tools: [T.nullableStr], calls: [call('set_nullable_str', { name: 'hello world' })] },
  { source: qc('nullable string, null first'), reply: qwenCall('set_nullable_str_nf', [['name', 'hello world']]), tools: [T.nullableStrNullFirst], calls: [call('set_nullable_str_nf', { name: 'hello world' })] },
  { source: qc('nullable integer'), reply: qwenCall('set_nullable_int', [['count', '42']]), tools: [T.nullableInt], calls: [call('set_nullable_int', { count: 42 })] },
  { source: qc('nullable string given null'), reply: qwenCall('set_nullable_str', [['name', 'null']]), tools: [T.nullableStr], calls: [call('set_nullable_str', { name: null })] },
  {
    source: qc('string unions: JSON of another type, or text'),
    reply: qwenCall('set_union', [['value', '{"a": 1}'], ['amount', '2 dollars']]),
    tools: [T.stringUnion],
    calls: [call('set_union', { value: { a: 1 }, amount: '2 dollars' })],
  },
  {
    source: qc('string unions: broken JSON is text'),
    reply: qwenCall('set_union', [['value', '{not valid json'], ['amount', '42']]),
    tools: [T.stringUnion],
    calls: [call('set_union', { value: '{not valid json', amount: 42 })],
  },
  { source: qc('enum without a type'), reply: qwenCall('set_unit', [['unit', 'celsius']]), tools: [T.enumNoType], calls: [call('set_unit', { unit: 'celsius' })] },
];

const step = (what: string) => src('StepFun 3.5 Flash (reasoning opened)', what);
const think = (r: string, body: string) => `${r}\n</think>\n${body}`;
const STEPFUN: CorpusCase[] = [
  { source: step('reasoning and content'), reply: "I was thinking\n</think>\nNow I'm not.", opened: true, text: "Now I'm not.", thinking: 'I was thinking', calls: [] },
  {
    source: step('a numeric string stays a string'),
    reply: think('Let me call the magic tool', qwenCall('magic', [['name', 'fooBar'], ['ref', '5123123']])),
    opened: true,
    tools: [T.magic],
    thinking: 'Let me call the magic tool',
    calls: [call('magic', { name: 'fooBar', ref: '5123123' })],
  },
  { source: step('an integer'), reply: think('Let me call the special function', qwenCall('special_function', [['arg1', '42555916']])), opened: true, tools: [T.special], calls: [call('special_function', { arg1: 42555916 })] },
  {
    source: step('an integer, optional parameters'),
    reply: think('Let me call the special function with opt', qwenCall('special_function_with_opt', [['arg1', '42555916']])),
    opened: true,
    tools: [T.specialOpt],
    calls: [call('special_function_with_opt', { arg1: 42555916 })],
  },
  {
    source: step('integer and string'),
    reply: think('Let me call the magic_int function', qwenCall('magic_int', [['ref', '42555916'], ['name', 'baz']])),
    opened: true,
    tools: [T.magicInt],
    calls: [call('magic_int', { ref: 42555916, name: 'baz' })],
  },
  {
    source: step('an empty string'),
    reply: think('Call string_param with empty text', '<tool_call>\n<function=string_param>\n<parameter=text>\n\n</parameter>\n</function>\n</tool_call>'),
    opened: true,
    tools: [T.stringParam],
    calls: [call('string_param', { text: '' })],
  },
  {
    source: step('quotes are kept'),
    reply: think('Test simple quoted unquoted', qwenCall('quoted_unquoted', [['quoted', '"foo"'], ['unquoted', 'foo']])),
    opened: true,
    tools: [T.quotedUnquoted],
    calls: [call('quoted_unquoted', { quoted: '"foo"', unquoted: 'foo' })],
  },
  {
    source: step('escaped quotes are kept'),
    reply: think('Test complex quoted unquoted', qwenCall('quoted_unquoted', [['quoted', '"printf(\\"foo\\");"'], ['unquoted', 'printf("foo");']])),
    opened: true,
    tools: [T.quotedUnquoted],
    calls: [call('quoted_unquoted', { quoted: '"printf(\\"foo\\");"', unquoted: 'printf("foo");' })],
  },
  { source: step('negative number'), reply: think('Test negative number', qwenCall('magic_int', [['ref', '-14']])), opened: true, tools: [T.magicInt], calls: [call('magic_int', { ref: -14 })] },
  { source: step('decimal'), reply: think('Test decimal number', qwenCall('amount', [['orig', '3.14']])), opened: true, tools: [T.amount], calls: [call('amount', { orig: 3.14 })] },
  {
    source: step('object'),
    reply: think('Test imaginary number', qwenCall('imaginary_number', [['number', '{ "real": 3.14, "imaginary": 2.71 }']])),
    opened: true,
    tools: [T.imaginary],
    calls: [call('imaginary_number', { number: { real: 3.14, imaginary: 2.71 } })],
  },
];

export const LLAMA_CPP_A: CorpusCase[] = [...LFM2, ...QWEN35, ...NEMOTRON3, ...MINISTRAL, ...COHERE, ...GEMMA4, ...PLAIN_FAMILIES, ...SEED_OSS, ...QWEN3_CODER, ...STEPFUN];

export { src };
