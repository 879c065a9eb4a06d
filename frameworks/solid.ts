/**
 * `<agent-chat>` typed in Solid's JSX (solid-js 1.x, `jsxImportSource`
 * solid-js): Solid types elements from `JSX.IntrinsicElements` in the
 * `solid-js` module, so the element is added there. Solid sets a custom
 * element's props as properties (`tools`, `context`, `workflows` take their
 * objects), the rest as attributes; listeners are Solid's `on:agent-event`.
 *
 *   import type {} from 'pageloop/solid';
 */
import type { JSX } from 'solid-js';
import type { AgentChat } from '../components/agent-chat.js';
import type { AgentChatAttributes, AgentChatEvents } from './agent-chat-attributes.js';

/** `<agent-chat>`'s attributes and properties in Solid's JSX. */
export interface AgentChatSolidAttributes extends Omit<JSX.HTMLAttributes<AgentChat>, keyof AgentChatAttributes>, AgentChatAttributes {
  'on:agent-event'?: (event: AgentChatEvents['agent-event']) => void;
  'on:thread-change'?: (event: AgentChatEvents['thread-change']) => void;
}

declare module 'solid-js' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Solid's JSX types live in this namespace.
  namespace JSX {
    interface IntrinsicElements {
      'agent-chat': AgentChatSolidAttributes;
    }
  }
}

export type { AgentChatAttributes, AgentChatEvents, OptionAttributes } from './agent-chat-attributes.js';
