/**
 * `<agent-chat>` in Angular, without a wrapper directive: a component lists
 * `CUSTOM_ELEMENTS_SCHEMA` in its `schemas` and writes the element in its
 * template — attributes as attributes (`theme="dark"`, `[attr.max-iterations]`),
 * objects as properties (`[tools]="tools"`), listeners as for any DOM event
 * (`(agent-event)="onEvent($event)"`). Angular's template checker does not
 * type a custom element's bindings (the schema lets them all through), so
 * the types are where the code touches the element: `AgentChatElement` for
 * a `viewChild`/`ElementRef`, `AgentChatEvent` for what a listener gets.
 *
 *   import type { AgentChatElement, AgentChatEvent } from 'pageloop/angular';
 *   chat = viewChild.required<ElementRef<AgentChatElement>>('chat');
 *   onEvent(event: Event) { const { detail } = event as AgentChatEvent<'agent-event'>; }
 */
import type { AgentChat } from '../components/agent-chat.js';
import type { AgentChatEvents } from './agent-chat-attributes.js';

/** The element, as `document.querySelector('agent-chat')` and an `ElementRef` hold it. */
export type AgentChatElement = AgentChat;

/** One of the element's events, by name (`agent-event`, `thread-change`), with its detail. */
export type AgentChatEvent<K extends keyof AgentChatEvents> = AgentChatEvents[K];

export type { AgentChatAttributes, AgentChatEvents, OptionAttributes } from './agent-chat-attributes.js';
