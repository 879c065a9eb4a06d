/**
 * `<AgentChat>`: `<agent-chat>` as a React component (made by `@lit/react`,
 * so properties such as `tools`, `context` and `workflows` are set as
 * properties, and the element's events are typed callbacks). Inside an
 * `<AgentProvider>` it hands the provider its agent, so the hooks reach it.
 */
import * as React from 'react';
import { forwardRef, useCallback, useEffect, useRef, type ForwardedRef } from 'react';
import { createComponent, type EventName } from '@lit/react';
import { AgentChat as AgentChatElement } from '../../components/agent-chat.js';
import type { ThreadChangeDetail } from '../../components/threads/index.js';
import { registerAgentChat } from '../../components/register.js';
import type { AgentEvent } from '../../src/types.js';
import { useOptionalBridge } from './agent-provider.js';

// Here, not through components/define.ts: a define in a chunk shared with pageloop/agent-chat.js was dropped by Vite (tested by test:pack).
registerAgentChat();

const LitAgentChat = createComponent({
  tagName: 'agent-chat',
  elementClass: AgentChatElement,
  react: React,
  events: {
    /** Every event of the agent loop. */
    onAgentEvent: 'agent-event' as EventName<CustomEvent<AgentEvent>>,
    /** The element changed its `thread` (thread list: open, new, deleted). */
    onThreadChange: 'thread-change' as EventName<CustomEvent<ThreadChangeDetail>>,
  },
});

/** The props of `<AgentChat>`: the element's properties (`baseUrl`, `model`, `tools`, `context`, …) and `onAgentEvent`, `onThreadChange`. */
export type AgentChatProps = React.ComponentProps<typeof LitAgentChat>;

/**
 * The chat element as a React component.
 *
 * @example
 * <AgentChat baseUrl="http://localhost:11434/v1" model="qwen3:4b" onAgentEvent={(e) => log(e.detail)} />
 */
export const AgentChat = forwardRef(function AgentChat(props: AgentChatProps, ref: ForwardedRef<AgentChatElement>) {
  const bridge = useOptionalBridge();
  const element = useRef<AgentChatElement | null>(null);
  const setRef = useCallback(
    (node: AgentChatElement | null) => {
      element.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  useEffect(() => {
    const node = element.current;
    if (!bridge || !node) return;
    bridge.attach(node);
    // A new agent (another thread or model) announces itself with its first events.
    const sync = () => bridge.sync();
    node.addEventListener('agent-event', sync);
    return () => {
      node.removeEventListener('agent-event', sync);
      bridge.attach(undefined);
    };
  }, [bridge]);
  // Attributes set in this render may make the agent possible: offer it to the provider.
  useEffect(() => bridge?.sync());
  return <LitAgentChat {...props} ref={setRef} />;
});
