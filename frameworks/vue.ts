/**
 * `<agent-chat>` typed in Vue 3 (templates checked by vue-tsc / Volar, and
 * TSX): Vue's JSX types a native or custom element's attributes from
 * `IntrinsicElementAttributes` (its `NativeElements`, which `vue/jsx-runtime`
 * reads), so the element is added there; and vue-tsc, which does not read the
 * app's `isCustomElement`, takes any tag with a dash in a template for a
 * component and looks it up in `GlobalComponents` (unchecked when it is not
 * there), so the element is added there too, as a functional component of
 * the same attributes. Listeners are Vue's `@agent-event` / `onAgentEvent`…
 * as for any DOM event.
 *
 *   import type {} from 'pageloop/vue';
 *   // vite.config: vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === 'agent-chat' } } })
 */
import type { HTMLAttributes } from '@vue/runtime-dom';
import type { FunctionalComponent } from 'vue';
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

declare module 'vue' {
  interface GlobalComponents {
    'agent-chat': FunctionalComponent<AgentChatVueAttributes>;
  }
}

export type { AgentChatAttributes, AgentChatEvents, OptionAttributes } from './agent-chat-attributes.js';
