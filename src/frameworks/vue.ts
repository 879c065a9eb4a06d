/**
 * `<agent-chat>` typed in Vue 3 (templates checked by vue-tsc / Volar, and
 * TSX): Vue types a native or custom element's attributes from
 * `IntrinsicElementAttributes` (its `NativeElements`, which both the template
 * checker and `vue/jsx-runtime` read), so the element is added there rather
 * than to `GlobalComponents` (that table is for Vue components, whose props
 * and slots a custom element does not have). Listeners are Vue's
 * `@agent-event` / `onAgentEvent`… as for any DOM event.
 *
 *   import type {} from 'pageloop/vue';
 *   // vite.config: vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === 'agent-chat' } } })
 */
import type { HTMLAttributes } from '@vue/runtime-dom';
import type { AgentChatAttributes, AgentChatEvents } from './agent-chat-attributes.js';

/** `<agent-chat>`'s attributes and properties in a Vue template. */
export interface AgentChatVueAttributes extends HTMLAttributes, AgentChatAttributes {
  onAgentEvent?: (event: AgentChatEvents['agent-event']) => void;
  onThreadChange?: (event: AgentChatEvents['thread-change']) => void;
}

declare module '@vue/runtime-dom' {
  interface IntrinsicElementAttributes {
    'agent-chat': AgentChatVueAttributes;
  }
}

export type { AgentChatAttributes, AgentChatEvents, OptionAttributes } from './agent-chat-attributes.js';
