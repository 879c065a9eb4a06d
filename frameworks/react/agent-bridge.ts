/**
 * What `<AgentProvider>` keeps, free of React: the agent (given, or the one
 * of the `<AgentChat>` inside the provider), the tools and context pieces
 * the app's components registered while they are mounted, and the React
 * views of rendered tool calls (one DOM container per call, which the
 * provider fills with a portal).
 *
 * Invariants:
 * - whatever is registered reaches the agent as soon as there is one, and a
 *   new agent (another thread, another model) gets it all again;
 * - a component's unmount takes away exactly what it registered;
 * - a call's container is the same node on every render of that call, so the
 *   element keeps it in the card and React keeps the view's state.
 */
import type { Agent, Tool, ToolRenderProps } from '../../src/types.js';

/** The React view of one rendered call: its container and the props it was last rendered with. */
export interface CallView {
  callId: string;
  tool: string;
  container: HTMLElement;
  props: ToolRenderProps;
  /** The tool's React render (it returns React elements; the provider calls it as a component). */
  render(props: ToolRenderProps): unknown;
}

/** The element the provider may take its agent from (`<agent-chat>`). */
export interface AgentHost extends HTMLElement {
  readonly agent: Agent;
  requestUpdate(): void;
}

/** The provider's state; React reads `views()` through `subscribe`. */
export class AgentBridge {
  #given: Agent | undefined;
  #host: AgentHost | undefined;
  #applied: Agent | undefined;
  #tools = new Map<string, Tool>();
  #removers = new Map<string, () => void>();
  #contexts = new Map<string, { value: unknown; description?: string }>();
  #views = new Map<string, CallView>();
  #snapshot: readonly CallView[] = [];
  #listeners = new Set<() => void>();

  constructor(agent?: Agent) {
    this.#given = agent;
  }

  /** The agent now: the one given, else the chat's (made on first use), else none yet. */
  get agent(): Agent | undefined {
    if (this.#given) return this.#given;
    try {
      return this.#host?.agent;
    } catch {
      // The chat's attributes are not all set yet.
      return undefined;
    }
  }

  /** An `<AgentChat>` inside the provider mounted (or unmounted, with undefined). */
  attach(host: AgentHost | undefined): void {
    this.#host = host;
    this.sync();
  }

  /** Applies everything registered to the agent, when it is a new one. */
  sync(): void {
    const agent = this.agent;
    if (!agent || agent === this.#applied) return;
    this.#applied = agent;
    this.#removers.clear();
    for (const tool of this.#tools.values()) this.#removers.set(tool.name, agent.addTool(tool));
    for (const [name, { value, description }] of this.#contexts) agent.context.set(name, value, description ? { description } : {});
    this.#host?.requestUpdate();
    // `useAgent` readers re-render with the new agent.
    this.#changed();
  }

  /** Registers `tool` while a component is mounted; returns its removal. */
  addTool(tool: Tool): () => void {
    if (this.#tools.has(tool.name)) throw new TypeError(`useAgentTool: two mounted components register a tool named "${tool.name}".`);
    this.#tools.set(tool.name, tool);
    const agent = this.#applied;
    if (agent) this.#removers.set(tool.name, agent.addTool(tool));
    else this.sync();
    // The cards of calls already shown (a restored thread) can render now.
    this.#host?.requestUpdate();
    return () => {
      if (this.#tools.get(tool.name) !== tool) return;
      this.#tools.delete(tool.name);
      this.#removers.get(tool.name)?.();
      this.#removers.delete(tool.name);
      for (const [callId, view] of this.#views) if (view.tool === tool.name) this.#views.delete(callId);
      this.#changed();
    };
  }

  /** Sets context piece `name` while a component is mounted. */
  setContext(name: string, value: unknown, description?: string): void {
    const agent = this.agent;
    // Checked by the agent's store when there is one; kept here for the next agent either way.
    if (agent) agent.context.set(name, value, description ? { description } : {});
    this.#contexts.set(name, description ? { value, description } : { value });
    this.sync();
  }

  deleteContext(name: string): void {
    this.#contexts.delete(name);
    this.agent?.context.delete(name);
  }

  /** The container of call `props.callId` of tool `tool`, its view now to be rendered with `props`. */
  view(tool: string, props: ToolRenderProps, render: CallView['render']): HTMLElement {
    const known = this.#views.get(props.callId);
    const container = known?.container ?? Object.assign(document.createElement('div'), { className: 'pageloop-react-view' });
    this.#views.set(props.callId, { callId: props.callId, tool, container, props, render });
    this.#changed();
    return container;
  }

  /** The views to render as portals. */
  views = (): readonly CallView[] => this.#snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #changed(): void {
    this.#snapshot = [...this.#views.values()];
    for (const listener of this.#listeners) listener();
  }
}
