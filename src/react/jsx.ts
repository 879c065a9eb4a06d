/**
 * Typed JSX for `<agent-chat>` in React 19, for apps that use the element
 * directly instead of `<AgentChat>`: React 19 sets a custom element's known
 * properties as properties (`tools`, `context`, `workflows`), the rest as
 * attributes, and `onagent-event` listens to the element's `agent-event`.
 * Imported by `pageloop/react`; `import type {} from 'pageloop/react'` is
 * enough to get the types.
 */
import type { AgentChat } from '../../components/agent-chat.js';
import type { ThreadChangeDetail } from '../../components/threads/index.js';
import type { AgentEvent, AgentOptions } from '../types.js';
import type { ElementKey, SETTINGS } from '../settings.js';
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type Binding<K extends ElementKey> = (typeof SETTINGS)[K]['element'];
/** The attribute of option `K`, if it has one. */
type AttributeOf<K extends ElementKey> = Binding<K> extends { attribute: infer A extends string } ? A : never;
/** What an option's attribute takes, by its conversion: numbers as numbers or their text, presence as a boolean. */
type AttributeValue<K extends ElementKey> = Binding<K> extends { from: 'number' }
  ? number | `${number}`
  : Binding<K> extends { from: 'presence' }
    ? boolean
    : Binding<K> extends { from: (text: string | null) => unknown }
      ? Extract<AgentOptions[K], string | boolean> | 'false'
      : AgentOptions[K];

/** The option attributes, from the settings table (src/settings.ts), so a new one needs no line here. */
export type OptionAttributes = { [K in ElementKey as AttributeOf<K>]?: AttributeValue<K> };

/** The attributes and properties `<agent-chat>` takes in JSX. */
export interface AgentChatJsxProps extends DetailedHTMLProps<HTMLAttributes<AgentChat>, AgentChat>, OptionAttributes {
  'show-threads'?: boolean;
  gguf?: string;
  gpu?: AgentChat['gpu'];
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
