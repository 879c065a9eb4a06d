/**
 * The element's `context` property, kept in step with its agent's
 * `agent.context`: after each update, pieces that changed (by identity) are
 * set, pieces that went away are deleted; a new agent (another thread or
 * model) gets every piece. Only the pieces this property set are touched, so
 * an app may also call `agent.context.set` for others.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Agent } from '../src/types.js';

/** What the sync reads from the element. */
export interface AppContextBinding {
  /** The agent, if one is made. */
  agent(): Agent | undefined;
  /** The element's `context` property. */
  context(): Record<string, unknown> | undefined;
  /** A piece the agent refused (a value without a JSON form): the error it threw. */
  refused(err: unknown): void;
}

/** Applies the element's `context` to its agent after each update. */
export class AppContextSync implements ReactiveController {
  #binding: AppContextBinding;
  #agent: Agent | undefined;
  #applied: Record<string, unknown> = {};

  constructor(host: ReactiveControllerHost, binding: AppContextBinding) {
    this.#binding = binding;
    host.addController(this);
  }

  hostUpdated(): void {
    const agent = this.#binding.agent();
    const next = this.#binding.context() ?? {};
    if (!agent) return;
    const fresh = agent !== this.#agent;
    if (!fresh && next === this.#applied) return;
    for (const name of Object.keys(this.#applied)) if (!Object.hasOwn(next, name)) agent.context.delete(name);
    for (const [name, value] of Object.entries(next)) {
      if (!fresh && Object.hasOwn(this.#applied, name) && this.#applied[name] === value) continue;
      try {
        agent.context.set(name, value);
      } catch (err) {
        this.#binding.refused(err);
      }
    }
    this.#agent = agent;
    this.#applied = next;
  }
}
