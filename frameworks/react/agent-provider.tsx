/**
 * `<AgentProvider>`: where the React helpers find their agent, and where
 * the React views of rendered tool calls live. Each view is a portal into
 * its call's container (which the element slots into the card), rendered
 * from inside the provider — so the app's contexts above the provider
 * (theme, router, store) and the view's own state work in the card.
 */
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { Agent } from '../../src/types.js';
import { AgentBridge, type CallView } from './agent-bridge.js';

const BridgeContext = createContext<AgentBridge | null>(null);

/** What `<AgentProvider>` takes. */
export interface AgentProviderProps {
  /** An agent made with `createAgent`; without it, the agent of the `<AgentChat>` inside the provider. */
  agent?: Agent;
  children?: ReactNode;
}

/**
 * Holds the agent for `useAgent`, `useAgentTool` and `useAgentContext`, and
 * renders the React views of tool calls. Put it inside your app's own
 * providers, so their contexts reach the cards.
 *
 * @example
 * <AgentProvider><Calendar /><AgentChat baseUrl="/v1" model="qwen3:4b" /></AgentProvider>
 */
export function AgentProvider({ agent, children }: AgentProviderProps): ReactNode {
  const bridge = useMemo(() => new AgentBridge(agent), [agent]);
  const views = useSyncExternalStore(bridge.subscribe, bridge.views);
  return (
    <BridgeContext.Provider value={bridge}>
      {children}
      {views.map((v) => createPortal(<CallCard view={v} />, v.container, v.callId))}
    </BridgeContext.Provider>
  );
}

/** One call's view: the tool's render called as a component body, so hooks inside it work. */
function CallCard({ view }: { view: CallView }): ReactNode {
  return view.render(view.props) as ReactNode;
}

/** The provider's bridge; throws a clear error outside one. */
export function useBridge(hook: string): AgentBridge {
  const bridge = useContext(BridgeContext);
  if (!bridge) throw new Error(`${hook} needs an <AgentProvider> above it (import { AgentProvider } from 'pageloop/react').`);
  return bridge;
}

/** The provider's bridge, or null outside one (`<AgentChat>` works without a provider). */
export function useOptionalBridge(): AgentBridge | null {
  return useContext(BridgeContext);
}
