// Type tests of `<agent-chat>` in Vue, Svelte, Solid, Preact, plain JSX and Angular (frameworks/): the same
// attributes as React's JSX, from the settings table and the element, each
// with its type — a wrong value is a compile error, and the custom elements
// manifest's attributes are all there. `tsc` checks this file (`npm run
// typecheck`); it is never run.
import type {} from '../../frameworks/vue.js';
import type {} from '../../frameworks/svelte.js';
import type {} from '../../frameworks/solid.js';
import type {} from '../../frameworks/preact.js';
import type {} from '../../frameworks/jsx.js';
import type { AgentChatElement, AgentChatEvent } from '../../frameworks/angular.js';
import type { JSX as SolidJSX } from 'solid-js';
import type { JSX as PreactJSX } from 'preact';
import type { IntrinsicElementAttributes } from '@vue/runtime-dom';
import type { GlobalComponents } from 'vue';
import type { SvelteHTMLElements } from 'svelte/elements';
import type { AgentChatAttributes } from '../../frameworks/agent-chat-attributes.js';
import type { AgentChatJsxProps } from '../../frameworks/react/jsx.js';
import type { SETTINGS } from '../../src/settings.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>(): T => true as T;
type TableAttributes = { [K in keyof typeof SETTINGS]: (typeof SETTINGS)[K] extends { element: { attribute: infer A extends string } } ? A : never }[keyof typeof SETTINGS];

type Vue = IntrinsicElementAttributes['agent-chat'];
type Svelte = SvelteHTMLElements['agent-chat'];
type Solid = SolidJSX.IntrinsicElements['agent-chat'];
type Preact = PreactJSX.IntrinsicElements['agent-chat'];
type PlainJsx = JSX.IntrinsicElements['agent-chat'];
// Every attribute of the table, in each framework.
assert<Equal<Exclude<TableAttributes, keyof Vue>, never>>();
assert<Equal<Exclude<TableAttributes, keyof Svelte>, never>>();
assert<Equal<Exclude<TableAttributes, keyof Solid>, never>>();
assert<Equal<Exclude<TableAttributes, keyof Preact>, never>>();
assert<Equal<Exclude<TableAttributes, keyof PlainJsx>, never>>();
// The frameworks take the same element attributes.
assert<Equal<Exclude<keyof AgentChatAttributes, keyof Vue | keyof Svelte | keyof AgentChatJsxProps | keyof Solid | keyof Preact | keyof PlainJsx>, never>>();
assert<Equal<Solid['theme'], 'light' | 'dark' | 'auto' | undefined>>();
assert<Equal<Preact['theme'], 'light' | 'dark' | 'auto' | undefined>>();
assert<Equal<Vue['theme'], 'light' | 'dark' | 'auto' | undefined>>();
// vue-tsc reads a dashed tag of a template from GlobalComponents: the same attributes there.
assert<Equal<Parameters<GlobalComponents['agent-chat']>[0]['theme'], 'light' | 'dark' | 'auto' | undefined>>();
assert<Equal<Exclude<TableAttributes, keyof Parameters<GlobalComponents['agent-chat']>[0]>, never>>();

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

export const solid: Solid[] = [
  { 'base-url': 'http://localhost:11434/v1', 'max-iterations': '4', theme: 'dark', class: 'soft', 'on:agent-event': (e) => void e.detail.type },
  // @ts-expect-error -- `theme` is light, dark or auto
  { theme: 'blue' },
  // @ts-expect-error -- a number attribute takes a number or its text
  { 'max-iterations': 'many' },
];

export const preact: Preact[] = [
  { 'base-url': 'http://localhost:11434/v1', temperature: 0.5, theme: 'auto', 'onagent-event': (e) => void e.detail.type },
  // @ts-expect-error -- `approval` is `ask` or `auto`
  { approval: 'maybe' },
  // @ts-expect-error -- the event's detail is an AgentEvent
  { 'onagent-event': (e: CustomEvent<string>) => void e },
];

export const plainJsx: PlainJsx[] = [
  { 'base-url': 'http://localhost:11434/v1', theme: 'light', class: 'soft', 'data-test': 'chat' },
  // @ts-expect-error -- `theme` is light, dark or auto
  { theme: 'blue' },
];

// Angular: where code touches the element (an ElementRef's nativeElement, a listener's event).
export function angular(chat: AgentChatElement, event: Event): void {
  chat.theme = 'dark';
  // @ts-expect-error -- `theme` is light, dark or auto
  chat.theme = 'blue';
  const { detail } = event as AgentChatEvent<'agent-event'>;
  void detail.type;
}
