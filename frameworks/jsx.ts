/**
 * `<agent-chat>` in plain JSX: the global `JSX` namespace that TypeScript
 * reads when a project's JSX has no framework module of its own (`"jsx":
 * "preserve"` with a custom factory, Stencil, a home-grown `h`). The element's
 * attributes and properties, and the few global HTML attributes every JSX
 * writes; listeners are left to the factory (`addEventListener`).
 *
 *   import type {} from 'pageloop/jsx';
 */
import type { AgentChatAttributes } from './agent-chat-attributes.js';

/** `<agent-chat>`'s attributes and properties in plain JSX. */
export interface AgentChatPlainJsxAttributes extends AgentChatAttributes {
  id?: string;
  class?: string;
  className?: string;
  style?: string;
  slot?: string;
  hidden?: boolean;
  title?: string;
  lang?: string;
  dir?: 'ltr' | 'rtl' | 'auto';
  [data: `data-${string}`]: string | undefined;
  [aria: `aria-${string}`]: string | undefined;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- TypeScript's global JSX namespace.
  namespace JSX {
    interface IntrinsicElements {
      'agent-chat': AgentChatPlainJsxAttributes;
    }
  }
}

export type { AgentChatAttributes, AgentChatEvents, OptionAttributes } from './agent-chat-attributes.js';
