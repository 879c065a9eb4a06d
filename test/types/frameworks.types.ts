// Type tests of `<agent-chat>` in Vue and Svelte (src/frameworks/): the same
// attributes as React's JSX, from the settings table and the element, each
// with its type — a wrong value is a compile error, and the custom elements
// manifest's attributes are all there. `tsc` checks this file (`npm run
// typecheck`); it is never run.
import type {} from '../../src/frameworks/vue.js';
import type {} from '../../src/frameworks/svelte.js';
import type { IntrinsicElementAttributes } from '@vue/runtime-dom';
import type { SvelteHTMLElements } from 'svelte/elements';
import type { AgentChatAttributes } from '../../src/frameworks/agent-chat-attributes.js';
import type { AgentChatJsxProps } from '../../src/react/jsx.js';
import type { SETTINGS } from '../../src/settings.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>(): T => true as T;
type TableAttributes = { [K in keyof typeof SETTINGS]: (typeof SETTINGS)[K] extends { element: { attribute: infer A extends string } } ? A : never }[keyof typeof SETTINGS];

type Vue = IntrinsicElementAttributes['agent-chat'];
type Svelte = SvelteHTMLElements['agent-chat'];
// Every attribute of the table, in each framework.
assert<Equal<Exclude<TableAttributes, keyof Vue>, never>>();
assert<Equal<Exclude<TableAttributes, keyof Svelte>, never>>();
// The three frameworks take the same element attributes.
assert<Equal<Exclude<keyof AgentChatAttributes, keyof Vue | keyof Svelte | keyof AgentChatJsxProps>, never>>();
assert<Equal<Vue['theme'], 'light' | 'dark' | 'auto' | undefined>>();

export const vue: Vue[] = [
  { 'base-url': 'http://localhost:11434/v1', 'max-iterations': 4, theme: 'dark', 'show-threads': true, class: 'soft', onAgentEvent: (e) => void e.detail.type },
  // @ts-expect-error -- `theme` is light, dark or auto
  { theme: 'blue' },
  // @ts-expect-error -- `approval` is `ask` or `auto`
  { approval: 'maybe' },
  // @ts-expect-error -- a number attribute takes a number or its text
  { 'max-iterations': 'many' },
];

export const svelte: Svelte[] = [
  { 'base-url': 'http://localhost:11434/v1', temperature: 0.5, theme: 'auto', 'onagent-event': (e) => void e.detail.type },
  // @ts-expect-error -- `theme` is light, dark or auto
  { theme: 'blue' },
  // @ts-expect-error -- `timeout-ms` is a number
  { 'timeout-ms': 'soon' },
  // @ts-expect-error -- the event's detail is an AgentEvent
  { 'onagent-event': (e: CustomEvent<string>) => void e },
];
