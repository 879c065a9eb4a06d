/**
 * The React hooks of `pageloop/react`: the agent, a tool registered while a
 * component is mounted (its calls rendered with the app's React), and a
 * piece of the app's state as context.
 */
import { useEffect, useRef, useSyncExternalStore, type DependencyList, type ReactNode } from 'react';
import { defineTool, type JsonToolDefinition, type ZodToolDefinition } from '../../src/tools/define-tool.js';
import type { $ZodType, output } from 'zod/v4/core';
import type { Agent, ToolRenderProps } from '../../src/types.js';
import { useBridge } from './agent-provider.js';

/** A tool for `useAgentTool`: `defineTool`'s definition, with a `render` that returns React elements. */
export type ReactToolDefinition<S extends $ZodType, R> = Omit<ZodToolDefinition<S, R>, 'render'> & {
  /** Renders a call in its card with the app's React (hooks and contexts work); called again whenever the props change. */
  render?: (props: ToolRenderProps<output<S>, R>) => ReactNode;
};

/** A tool for `useAgentTool` with plain JSON Schema parameters. */
export type ReactJsonToolDefinition<A, R> = Omit<JsonToolDefinition<A, R>, 'render'> & {
  render?: (props: ToolRenderProps<A, R>) => ReactNode;
};

/** The provider's agent: given to it, or the one of its `<AgentChat>`; null until that chat has one. */
export function useAgent(): Agent | null {
  const bridge = useBridge('useAgent');
  // The agent appears when the chat has its attributes; re-read whenever the provider's state changes.
  useSyncExternalStore(bridge.subscribe, bridge.views);
  return bridge.agent ?? null;
}

/**
 * Registers a tool while the component is mounted (and again when `deps`
 * change); its `render` draws calls with the app's React. Without `execute`
 * the tool waits for the user: `props.respond(value)` is its result.
 *
 * @example
 * useAgentTool({ name: 'pick_slot', description: 'Let the user pick a slot', parameters: z.object({ slots: z.array(z.string()) }),
 *   render: ({ args, respond }) => <SlotPicker slots={args?.slots ?? []} onPick={respond} /> }, []);
 */
export function useAgentTool<S extends $ZodType, R>(definition: ReactToolDefinition<S, R>, deps?: DependencyList): void;
export function useAgentTool<A, R>(definition: ReactJsonToolDefinition<A, R>, deps?: DependencyList): void;
export function useAgentTool(definition: ReactToolDefinition<$ZodType, unknown> | ReactJsonToolDefinition<unknown, unknown>, deps: DependencyList = []): void {
  const bridge = useBridge('useAgentTool');
  // The latest definition, so a render closing over state sees it without re-registering.
  const latest = useRef(definition);
  latest.current = definition;
  useEffect(() => {
    const def = latest.current;
    const render = def.render;
    const tool = defineTool({
      ...(def as JsonToolDefinition<unknown, unknown>),
      render: render ? (props: ToolRenderProps) => bridge.view(def.name, props, (p) => (latest.current.render ?? render)(p as never)) : undefined,
    });
    return bridge.addTool(tool);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps decide when the tool is defined again.
  }, [bridge, ...deps]);
}

/**
 * Shares a piece of the app's state with the agent while the component is
 * mounted: sent with every model request as it is then (`agent.context`).
 *
 * @example
 * useAgentContext('openOrder', order, 'the order the user is looking at');
 */
export function useAgentContext(name: string, value: unknown, description?: string): void {
  const bridge = useBridge('useAgentContext');
  useEffect(() => {
    bridge.setContext(name, value, description);
  }, [bridge, name, value, description]);
  useEffect(() => () => bridge.deleteContext(name), [bridge, name]);
}
