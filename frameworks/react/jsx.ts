/**
 * Typed JSX for `<agent-chat>` in React 19, for apps that use the element
 * directly instead of `<AgentChat>`: React 19 sets a custom element's known
 * properties as properties (`tools`, `context`, `workflows`), the rest as
 * attributes, and `onagent-event` listens to the element's `agent-event`.
 * Imported by `pageloop/react`; `import type {} from 'pageloop/react'` is
 * enough to get the types.
 */
import type { AgentChat } from '../../components/agent-chat.js';
import type { AgentChatAttributes, AgentChatEvents } from '../agent-chat-attributes.js';
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

export type { OptionAttributes } from '../agent-chat-attributes.js';

/** The attributes and properties `<agent-chat>` takes in JSX. */
export interface AgentChatJsxProps extends DetailedHTMLProps<HTMLAttributes<AgentChat>, AgentChat>, AgentChatAttributes {
  'onagent-event'?: (event: AgentChatEvents['agent-event']) => void;
  'onthread-change'?: (event: AgentChatEvents['thread-change']) => void;
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's JSX types live in this namespace.
  namespace JSX {
    interface IntrinsicElements {
      'agent-chat': AgentChatJsxProps;
    }
  }
}
