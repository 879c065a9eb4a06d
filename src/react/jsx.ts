/**
 * Typed JSX for `<agent-chat>` in React 19, for apps that use the element
 * directly instead of `<AgentChat>`: React 19 sets a custom element's known
 * properties as properties (`tools`, `context`, `workflows`), the rest as
 * attributes, and `onagent-event` listens to the element's `agent-event`.
 * Imported by `pageloop/react`; `import type {} from 'pageloop/react'` is
 * enough to get the types.
 */
import type { AgentChat } from '../../components/agent-chat.js';
import type { ThreadChangeDetail } from '../../components/thread-list.js';
import type { AgentEvent } from '../types.js';
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

/** The attributes and properties `<agent-chat>` takes in JSX. */
export interface AgentChatJsxProps extends DetailedHTMLProps<HTMLAttributes<AgentChat>, AgentChat> {
  'base-url'?: string;
  model?: string;
  'api-key'?: string;
  'system-prompt'?: string;
  'max-iterations'?: number | string;
  'context-tokens'?: number | string;
  approval?: 'ask' | 'auto';
  'tool-protocol'?: 'auto' | 'native' | 'text';
  thread?: string;
  'show-threads'?: boolean;
  planning?: boolean | 'first' | 'false';
  'sub-agents'?: boolean;
  gguf?: string;
  'model-module'?: string;
  placeholder?: string;
  theme?: 'light' | 'dark' | 'auto';
  tools?: AgentChat['tools'];
  context?: AgentChat['context'];
  workflows?: AgentChat['workflows'];
  engine?: AgentChat['engine'];
  'onagent-event'?: (event: CustomEvent<AgentEvent>) => void;
  'onthread-change'?: (event: CustomEvent<ThreadChangeDetail>) => void;
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's JSX types live in this namespace.
  namespace JSX {
    interface IntrinsicElements {
      'agent-chat': AgentChatJsxProps;
    }
  }
}
