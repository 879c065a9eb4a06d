/**
 * What `<agent-chat>` takes in any framework's templates, typed once: the
 * option attributes derived from the settings table (src/settings.ts, so a
 * new option needs no line here), the element's own attributes, and the
 * properties a framework sets as properties. React's JSX (frameworks/react/jsx.ts),
 * Vue's and Svelte's element types (vue.ts, svelte.ts) all extend it.
 * The custom elements manifest (dist/custom-elements.json) lists the same
 * attributes; test/types/frameworks.types.ts checks that none is missing.
 */
import type { AgentChat } from '../components/agent-chat.js';
import type { ThreadChangeDetail } from '../components/threads/index.js';
import type { AgentEvent, AgentOptions } from '../src/types.js';
import type { ElementKey, SETTINGS } from '../src/settings.js';

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

/** The option attributes, from the settings table. */
export type OptionAttributes = { [K in ElementKey as AttributeOf<K>]?: AttributeValue<K> };

/** The element's own attributes and the properties frameworks set as properties. */
export interface AgentChatOwnAttributes {
  'show-threads'?: boolean;
  gguf?: string;
  gpu?: AgentChat['gpu'];
  placeholder?: string;
  theme?: 'light' | 'dark' | 'auto';
  locale?: string;
  tools?: AgentChat['tools'];
  context?: AgentChat['context'];
  workflows?: AgentChat['workflows'];
  engine?: AgentChat['engine'];
}

/** Everything `<agent-chat>` takes, without any framework's own HTML attributes. */
export interface AgentChatAttributes extends OptionAttributes, AgentChatOwnAttributes {}

/** The element's DOM events, by name, with their detail. */
export interface AgentChatEvents {
  'agent-event': CustomEvent<AgentEvent>;
  'thread-change': CustomEvent<ThreadChangeDetail>;
}
