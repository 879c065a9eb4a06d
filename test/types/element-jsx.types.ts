// Type tests of `<agent-chat>`'s JSX props (frameworks/react/jsx.ts): the option
// attributes come from the settings table, so every attribute there is typed
// here with its conversion, and a wrong value is a compile error. `tsc`
// checks this file (`npm run typecheck`); it is never run.
import type { AgentChatJsxProps } from '../../frameworks/react/jsx.js';
import { SETTINGS } from '../../src/settings.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>(): T => true as T;

// Every attribute of the table is a JSX prop (none forgotten, as the hand-written list had forgotten nine).
type TableAttributes = { [K in keyof typeof SETTINGS]: (typeof SETTINGS)[K] extends { element: { attribute: infer A extends string } } ? A : never }[keyof typeof SETTINGS];
assert<Equal<Exclude<TableAttributes, keyof AgentChatJsxProps>, never>>();
assert<Equal<AgentChatJsxProps['timeout-ms'], number | `${number}` | undefined>>();
assert<Equal<AgentChatJsxProps['trust-tool-output'], boolean | undefined>>();
assert<Equal<AgentChatJsxProps['approval'], 'ask' | 'auto' | undefined>>();
assert<Equal<AgentChatJsxProps['planning'], boolean | 'first' | 'false' | undefined>>();

export const props: AgentChatJsxProps[] = [
  { 'base-url': 'http://localhost:11434/v1', temperature: 0.5, 'max-retries': '3', 'tool-format': 'qwen3-coder', nudge: false, theme: 'dark' },
  // @ts-expect-error -- `approval` is `ask` or `auto`
  { approval: 'maybe' },
  // @ts-expect-error -- a number attribute takes a number or its text, not any word
  { 'idle-timeout-ms': 'soon' },
  // @ts-expect-error -- an attribute is text: sub-agents' options object goes in the `subAgents` property
  { 'sub-agents': { maxIterations: 2 } },
];
