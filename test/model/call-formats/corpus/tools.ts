/**
 * The tools the reference tests offer, as pageloop reads a tool (name and
 * JSON Schema), and small builders for the markup the corpus repeats.
 */
import type { ToolShape } from '../../../../src/model/call-formats/call-format.js';
import type { JSONSchema } from '../../../../src/types.js';

/** A tool whose parameters are an object schema with these properties. */
export function tool(name: string, properties: Record<string, JSONSchema>, required?: string[]): ToolShape {
  return { name, parameters: { type: 'object', properties, ...(required ? { required } : {}) } };
}

const str: JSONSchema = { type: 'string' };
const int: JSONSchema = { type: 'integer' };

/** llama.cpp tests/test-chat.cpp's tools. */
export const LLAMA = {
  special: tool('special_function', { arg1: int }, ['arg1']),
  specialOpt: tool('special_function_with_opt', { arg1: int, arg2: int }, ['arg1']),
  empty: tool('empty_args', {}),
  emptyNoProps: { name: 'empty_args_no_props', parameters: { type: 'object' } } as ToolShape,
  emptyNoSchema: { name: 'empty_args_no_schema', parameters: {} } as ToolShape,
  python: tool('python', { code: str }, ['code']),
  html: tool('html', { markup: str }, ['markup']),
  getTime: tool('get_time', { city: str }, ['city']),
  getWeather: tool('get_weather', { city: str }, ['city']),
  todoList: tool('todo_list', { todos: { type: 'array' } }, ['todos']),
  edit: tool('edit', { filename: str, oldString: str, newString: str }, ['filename', 'oldString', 'newString']),
  manageTodoList: tool('manage_todo_list', { todos: { type: 'array' } }, ['todos']),
  runInTerminal: tool('run_in_terminal', { command: str }, ['command']),
  magic: tool('magic', { name: str, ref: str }, ['name', 'ref']),
  magicInt: tool('magic_int', { ref: int, name: str }, ['ref']),
  amount: tool('amount', { orig: { type: 'number' } }, ['orig']),
  toggle: tool('toggle', { enabled: { type: 'boolean' } }, ['enabled']),
  nullable: tool('set_nullable', { value: { type: 'null' } }, ['value']),
  config: tool('set_config', { config: { type: 'object' } }, ['config']),
  calendar: tool('Calendar.create_event', { title: str, participants: { type: 'array', items: str }, metadata: { type: 'object' } }, ['title', 'participants', 'metadata']),
  imaginary: tool('imaginary_number', { number: { type: 'object', properties: { real: { type: 'number' }, imaginary: { type: 'number' } }, required: ['real', 'imaginary'] } }, ['number']),
  nested: tool('nested_args', {
    tags: { type: 'array', items: str },
    entries: { type: 'array', items: { type: 'object', properties: { id: int, label: str }, required: ['id', 'label'] } },
  }, ['tags', 'entries']),
  nullableStr: tool('set_nullable_str', { name: { type: ['string', 'null'] } }, ['name']),
  nullableStrNullFirst: tool('set_nullable_str_nf', { name: { type: ['null', 'string'] } }, ['name']),
  nullableInt: tool('set_nullable_int', { count: { type: ['integer', 'null'] } }, ['count']),
  stringUnion: tool('set_union', { value: { type: ['string', 'object'] }, amount: { type: ['string', 'integer'] } }, ['value', 'amount']),
  enumNoType: tool('set_unit', { unit: { enum: ['celsius', 'fahrenheit'] } }, ['unit']),
  stringParam: tool('string_param', { text: str }, []),
  quotedUnquoted: tool('quoted_unquoted', { quoted: str, unquoted: str }, ['quoted', 'unquoted']),
  req4: tool('tool_2req_4opt', { req1: str, req2: int, opt1: str, opt2: int, opt3: str, opt4: int }, ['req1', 'req2']),
  req5: tool('tool_2req_5opt', { req1: str, req2: int, opt1: str, opt2: int, opt3: str, opt4: int, opt5: str }, ['req1', 'req2']),
  readFileDiff: tool('read_file_diff_md', { review_id: str, file_id: str }),
  executeCommand: tool('execute_command', { command: str, cwd: str, timeout: int }, ['command']),
  editOss: tool('edit', { oldString: str, newString: str, replaceAll: { type: 'boolean' } }, ['oldString', 'newString']),
};

/** An expected call. */
export function call(name: string, args: unknown = {}): { name: string; args: unknown } {
  return { name, args };
}

/** llama.cpp's most used expectations. */
export const HELLO = "Hello, world!\nWhat's up?";
export const THINKING = "I'm\nthinking";
export const ARG1 = call('special_function', { arg1: 1 });
export const ARG1_ARG2 = call('special_function_with_opt', { arg1: 1, arg2: 2 });

/** Qwen3-Coder markup as its template writes it: each value on its own lines. */
export function qwenCall(name: string, params: Array<[string, string]>): string {
  return `<tool_call>\n<function=${name}>\n${params.map(([k, v]) => `<parameter=${k}>\n${v}\n</parameter>\n`).join('')}</function>\n</tool_call>`;
}

/** DeepSeek DSML markup: `block` is `function_calls` (V3.2) or `tool_calls` (V4); each value `[name, value, string?]`. */
export function dsml(block: string, invokes: Array<[string, Array<[string, string, boolean]>]>): string {
  const body = invokes
    .map(([name, params]) => `<｜DSML｜invoke name="${name}">\n${params.map(([k, v, s]) => `<｜DSML｜parameter name="${k}" string="${s}">${v}</｜DSML｜parameter>\n`).join('')}</｜DSML｜invoke>\n`)
    .join('');
  return `<｜DSML｜${block}>\n${body}</｜DSML｜${block}>`;
}
