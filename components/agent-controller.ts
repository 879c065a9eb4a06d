/**
 * The agent an `<agent-chat>` drives, as a Lit ReactiveController: it makes
 * the agent from the element's attributes, keeps the agent's settings in step
 * with them, forwards its events, and hands over a stored thread's events.
 *
 * Side effects (starting a worker, configuring it) happen after an update has
 * rendered (`hostUpdated`) or on first use of `agent`, never while Lit works
 * out an update. A thread or model-module change needs a new worker, so it
 * replaces the agent; any other setting is applied to the live agent.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { PageloopError } from '../src/errors.js';
import type { Agent, AgentEvent, AgentOptions, Run } from '../src/types.js';
import { LIVE_KEYS, RESTART_KEYS } from '../src/settings.js';

/** Settings that only a new agent (a new worker) takes: another thread or model source (src/settings.ts). */
const RESTARTING = RESTART_KEYS;

/** Settings the live agent takes through `agent.configure()`. */
const CONFIGURABLE = LIVE_KEYS.filter((key) => !RESTARTING.includes(key));

/** What the controller needs from the element it serves. */
export interface AgentBinding {
  /** The agent options the element's attributes and properties say now. */
  options(): AgentOptions;
  /** Makes an agent (the element's overridable `createAgent`). */
  create(options: AgentOptions): Agent;
  /** Every event of the current agent, in order. */
  event(event: AgentEvent): void;
  /** A new agent on a `thread`: its stored events follow, through `stored`, once it has loaded them. */
  opening(): void;
  /** A stored thread's events, once a new agent on a `thread` has loaded them (none: an empty thread, or one that could not be read). Once per `opening`. */
  stored(events: AgentEvent[]): void;
  /** The agent is about to be replaced by one on another thread or model: forget the shown conversation. */
  replaced(): void;
  /** The agent is ready (or failed to start): a good moment to load what replies need. */
  ready(): void;
}

/** Owns the agent's life: start, settings, subscription, stored events, dispose. */
export class AgentController implements ReactiveController {
  #host: ReactiveControllerHost & HTMLElement;
  #binding: AgentBinding;
  #agent: Agent | undefined;
  #unsubscribe: (() => void) | undefined;
  /** The options the current agent was made or configured with. */
  #applied: AgentOptions | undefined;
  /** The options of the last automatic start that failed (attributes missing): not retried until they change. */
  #failed: AgentOptions | undefined;
  #run: Run | undefined;
  #disposal: Promise<void> | undefined;
  /** hostUpdate cleared the shown log for a coming new agent: hostUpdated need not clear it again. */
  #clearedBeforeRender = false;

  constructor(host: ReactiveControllerHost & HTMLElement, binding: AgentBinding) {
    this.#host = host;
    this.#binding = binding;
    host.addController(this);
  }

  /** The agent; made from the current options on first use (throws when they are incomplete). */
  get agent(): Agent {
    if (!this.#agent) this.#start(this.#binding.options());
    return this.#agent!;
  }

  /** The agent if one is made (never makes one). */
  get current(): Agent | undefined {
    return this.#agent;
  }

  /**
   * True while a run goes. `agent.running` and the run-start event both lag a
   * send by a message round trip; the run this controller started is known at once.
   */
  get busy(): boolean {
    return this.#run !== undefined || this.#agent?.running === true;
  }

  /** Throws a `busy` PageloopError while a run goes. */
  assertIdle(): void {
    if (this.busy) throw new PageloopError('busy', 'The assistant is still answering; stop it or wait for the reply.');
  }

  /** Remembers `run` as the running one until it is done. */
  track(run: Run): Run {
    this.#run = run;
    void run.done.then(() => {
      if (this.#run === run) this.#run = undefined;
    });
    return run;
  }

  hostConnected(): void {
    // A move in the DOM disconnects and reconnects at once; keep the agent.
    this.#disposal = undefined;
  }

  hostDisconnected(): void {
    const disposal = Promise.resolve();
    this.#disposal = disposal;
    void disposal.then(() => {
      if (this.#disposal === disposal && !this.#host.isConnected) this.#stop();
    });
  }

  /** Before a render: a coming change of agent clears the shown log in this same update. */
  hostUpdate(): void {
    this.#clearedBeforeRender = this.#agent !== undefined && this.#host.isConnected && this.#needsNewAgent(this.#binding.options());
    if (this.#clearedBeforeRender) this.#binding.replaced();
  }

  /** After a render: starts, reconfigures or replaces the agent to match the options. */
  hostUpdated(): void {
    const cleared = this.#clearedBeforeRender;
    this.#clearedBeforeRender = false;
    if (!this.#host.isConnected) return;
    const options = this.#binding.options();
    if (!this.#agent) {
      if (this.#failed && sameSettings(this.#failed, options)) return;
      try {
        this.#start(options);
      } catch {
        // Attributes still missing (a page often sets them just after): try
        // again when they change; a send before then reports what is missing.
        this.#failed = options;
      }
      return;
    }
    const applied = this.#applied!;
    if (this.#needsNewAgent(options)) {
      this.#stop();
      // Also when hostUpdate saw no change: a thread set during the update (show-threads opening one) must not leave the old run shown as running.
      // Cleared already before this render: clearing again would only schedule another update (Lit's change-in-update warning).
      if (!cleared) this.#binding.replaced();
      this.#start(options);
      return;
    }
    const patch: Parameters<Agent['configure']>[0] = {};
    let changed = false;
    for (const key of CONFIGURABLE) {
      if (options[key] === applied[key]) continue;
      (patch as Record<string, unknown>)[key] = options[key];
      changed = true;
    }
    if (changed) this.#agent.configure(patch);
    if (options.tools !== applied.tools) this.#agent.setTools(options.tools ?? []);
    this.#applied = options;
  }

  #needsNewAgent(options: AgentOptions): boolean {
    return RESTARTING.some((key) => options[key] !== this.#applied?.[key]);
  }

  #start(options: AgentOptions): void {
    const agent = this.#binding.create(options);
    this.#agent = agent;
    this.#applied = options;
    this.#failed = undefined;
    this.#run = undefined;
    const ready = () => {
      if (this.#agent === agent) this.#binding.ready();
    };
    void agent.ready.then(ready, ready);
    this.#unsubscribe = agent.on((event) => {
      if (this.#agent === agent) this.#binding.event(event);
    });
    if (options.thread) {
      // A stored thread: hand over what it holds once the worker has loaded it.
      this.#binding.opening();
      void agent.ready
        .then(() => agent.events())
        // A thread that cannot be read shows as empty; the agent reports storage errors itself.
        .catch((): AgentEvent[] => [])
        .then((events) => {
          if (this.#agent === agent) this.#binding.stored(events);
        });
    }
  }

  #stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#agent?.dispose();
    this.#agent = undefined;
    this.#run = undefined;
  }
}

/** True when two option sets would make the same agent (tools aside: they never make a start fail). */
function sameSettings(a: AgentOptions, b: AgentOptions): boolean {
  return [...CONFIGURABLE, ...RESTARTING].every((key) => a[key] === b[key]);
}
