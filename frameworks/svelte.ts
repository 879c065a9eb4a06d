/**
 * `<agent-chat>` typed in Svelte 5 (svelte-check, and TypeScript in
 * `.svelte.ts` files): Svelte types an element's attributes from
 * `SvelteHTMLElements` in `svelte/elements`, so the element is added there,
 * with its events as Svelte 5 writes listeners (`onagent-event`).
 *
 *   import type {} from 'pageloop/svelte';   (in a .d.ts of the app, or app.d.ts)
 */
import type { HTMLAttributes } from 'svelte/elements';
import type { AgentChat } from '../components/agent-chat.js';
import type { AgentChatAttributes, AgentChatEvents } from './agent-chat-attributes.js';

/** `<agent-chat>`'s attributes and properties in Svelte markup. */
export interface AgentChatSvelteAttributes extends Omit<HTMLAttributes<AgentChat>, keyof AgentChatAttributes>, AgentChatAttributes {
  'onagent-event'?: (event: AgentChatEvents['agent-event']) => void;
  'onthread-change'?: (event: AgentChatEvents['thread-change']) => void;
}

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'agent-chat': AgentChatSvelteAttributes;
  }
}

export type { AgentChatAttributes, AgentChatEvents, OptionAttributes } from './agent-chat-attributes.js';
