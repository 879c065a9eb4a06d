/**
 * What every run works with, the in-page loop's (`RunContext`, run-loop.ts)
 * and a remote agent's (`RemoteRunContext`, remote-loop.ts) alike: the
 * history it sends and appends to, the tools and their one approval policy,
 * the signal, the events. A resume finishes an interrupted turn on this
 * before either kind of run goes on (`RunSetup.before`).
 */
import type { AgentEvent, ChatMessage } from '../types.js';
import type { TurnContext } from './calls/index.js';
import type { SubAgentDispatch } from './loop-parts.js';
import type { AppStateEntry } from './app-context.js';

/** The part of a run's context both kinds of run have. */
export interface RunBase extends Omit<TurnContext, 'emit'> {
  /** The canonical history; the run appends to it. */
  history: ChatMessage[];
  emit(event: AgentEvent): void;
  /** Called whenever the history grew, so it can be stored. */
  changed(): void;
  /** With option `subAgents`: runs `dispatch_agent` calls. */
  subAgents?: SubAgentDispatch;
  /** The app's state (`agent.context`), read from the page as each request is built. */
  appState?: () => Promise<AppStateEntry[]>;
}

