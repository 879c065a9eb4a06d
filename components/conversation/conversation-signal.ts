/**
 * The conversation of one `<agent-chat>`, as a small signal (in the manner of
 * Preact's signals and Lit's controllers): the state the log renders
 * (conversation-state.ts), and the one route by which the events of the
 * element's agent reach the element's controllers.
 *
 * Invariants:
 * - every subscriber hears every event of the agent once, in order, after
 *   the state has taken it in (a subscriber reads the state the event made);
 * - the element's own actions (a message shown as it is sent, a notice, a
 *   refusal) change the state and are heard by no subscriber: they are not
 *   the agent's events;
 * - a stored thread handed over after its agent started (`restore`) is shown
 *   under what was shown since (a message the user sent meanwhile and its
 *   run): none of it lost, none of it twice.
 *
 * Nothing inside the element listens to its public `agent-event`: the event
 * the page sees is one more subscriber, the element's outlet (agent-chat.ts).
 *
 * @example
 * const conversation = new ConversationSignal(() => host.requestUpdate());
 * const stop = conversation.subscribe((event, state) => { if (event.type === 'final') refresh(); });
 * agent.on((event) => conversation.event(event));
 */
import type { AgentEvent } from '../../src/types.js';
import { initialConversation, reduceConversation, replayConversation, restoreConversation } from './conversation-state.js';
import type { ConversationAction, ConversationState } from './conversation-types.js';

/** Hears an event of the agent, and the state it made. */
export type ConversationListener = (event: AgentEvent, state: ConversationState) => void;

/** What a controller is given of the signal: the state to read, the events to hear. */
export type ConversationSource = Pick<ConversationSignal, 'state' | 'subscribe'>;

/** The conversation's state, and the subscribers to its events. */
export class ConversationSignal {
  #state: ConversationState = initialConversation();
  readonly #listeners = new Set<ConversationListener>();
  readonly #changed: () => void;
  readonly #last: ConversationListener | undefined;
  /**
   * While a stored thread is awaited (`expectStored`): every action since,
   * to be replayed over the stored events when they come. Undefined
   * otherwise, so nothing is kept for an agent without a thread.
   */
  #since: ConversationAction[] | undefined;
  /** Settles when the stored thread awaited is shown, or no longer awaited. */
  #stored: { promise: Promise<void>; resolve: () => void } | undefined;

  /**
   * `changed` is called after every change of state (the element requests an
   * update); `last` hears each event after every subscriber, whenever it
   * subscribed (the element's outlet to the page).
   */
  constructor(changed: () => void, last?: ConversationListener) {
    this.#changed = changed;
    this.#last = last;
  }

  /** The state as it is now. */
  get state(): ConversationState {
    return this.#state;
  }

  /**
   * Hears every event of the agent from now on, after the state took it in.
   * Returns the function that stops it. A listener that throws is reported
   * and the others still hear the event.
   */
  subscribe(listener: ConversationListener): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** An event of the agent: taken into the state, then heard by every subscriber, in subscription order. */
  event(event: AgentEvent): void {
    this.apply(event);
    const state = this.#state;
    for (const listener of [...this.#listeners, ...(this.#last ? [this.#last] : [])]) {
      try {
        listener(event, state);
      } catch (err) {
        console.error('pageloop: a listener of the conversation threw', err);
      }
    }
  }

  /** The element's own action (or an agent event no subscriber should hear): taken into the state. */
  apply(action: ConversationAction): void {
    this.#since?.push(action);
    this.#set(reduceConversation(this.#state, action));
  }

  /** Shows `state` instead (a follower's view rebuilt from its writer's events): it is the truth from now on, a stored thread still awaited included. */
  replace(state: ConversationState): void {
    this.#stopAwaiting();
    this.#set(state);
  }

  /** Forgets the conversation shown (cleared, or another agent): an empty log, nothing awaited. */
  clear(): void {
    this.#stopAwaiting();
    this.#set(reduceConversation(this.#state, { type: 'clear' }));
  }

  /** A new agent on a stored thread: its events will come through `restore`; what is shown until then is kept to go over them. */
  expectStored(): void {
    this.#stopAwaiting();
    this.#since = [];
    let resolve!: () => void;
    this.#stored = { promise: new Promise<void>((r) => (resolve = r)), resolve };
  }

  /**
   * Resolves once no stored thread is awaited any more (shown, or the log
   * cleared or replaced meanwhile): true when one was awaited, false at once
   * when none is. The element's `updateComplete` waits for it, so a page
   * that awaits it after a reload finds the thread on screen.
   */
  async storedShown(): Promise<boolean> {
    const stored = this.#stored;
    if (!stored) return false;
    await stored.promise;
    return true;
  }

  /**
   * The stored thread, once its agent has read it: shown, and over it what
   * was shown since `expectStored` (in the same order). A run the page saw
   * start live is cut from the stored events, from its `run-start` on, since
   * the live events show it. Ignored when nothing is awaited (the log was
   * cleared, replaced or rebuilt meanwhile).
   */
  restore(stored: readonly AgentEvent[]): void {
    const since = this.#since;
    if (since === undefined) return;
    this.#stopAwaiting();
    const live = new Set(since.flatMap((a) => (a.type === 'run-start' ? [a.runId] : [])));
    const cut = stored.findIndex((e) => e.type === 'run-start' && live.has(e.runId));
    const shown = restoreConversation(cut === -1 ? stored : stored.slice(0, cut), this.#state.nextId);
    this.#set(replayConversation(shown, since));
  }

  #stopAwaiting(): void {
    this.#since = undefined;
    this.#stored?.resolve();
    this.#stored = undefined;
  }

  #set(state: ConversationState): void {
    this.#state = state;
    this.#changed();
  }
}
