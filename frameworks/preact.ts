/**
 * `<agent-chat>` typed in Preact's JSX (Preact 10, `jsxImportSource`
 * preact): Preact types elements from `JSX.IntrinsicElements` in the
 * `preact` module, so the element is added there. Preact sets a prop the
 * element has as a property (`tools`, `context`, `workflows` take their
 * objects), the rest as attributes; `onagent-event` listens to the
 * element's `agent-event` (Preact keeps the name after `on` as it is).
 *
 *   import type {} from 'pageloop/preact';
 */
import type { JSX } from 'preact';
import type { AgentChat } from '../components/agent-chat.js';
import type { AgentChatAttributes, AgentChatEvents } from './agent-chat-attributes.js';

/** `<agent-chat>`'s attributes and properties in Preact's JSX. */
export interface AgentChatPreactAttributes extends Omit<JSX.HTMLAttributes<AgentChat>, keyof AgentChatAttributes>, AgentChatAttributes {
  'onagent-event'?: (event: AgentChatEvents['agent-event']) => void;
  'onthread-change'?: (event: AgentChatEvents['thread-change']) => void;
}

declare module 'preact' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Preact's JSX types live in this namespace.
  namespace JSX {
    interface IntrinsicElements {
      'agent-chat': AgentChatPreactAttributes;
    }
  }
}

export type { AgentChatAttributes, AgentChatEvents, OptionAttributes } from './agent-chat-attributes.js';
