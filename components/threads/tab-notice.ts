/**
 * The element's side of "one writer per thread": while another tab writes
 * the thread, this one shows it read-only — a notice (part `tab-notice`),
 * and the composer disabled with the same reason — and follows the other
 * tab's events as they come. When the other tab lets go, the agent takes
 * over by itself (`thread-lock` `writer`): the notice goes, and the log is
 * rebuilt from `agent.events()`, since taking over may have ended a run the
 * other tab was in (an interrupted reply gets its Continue button).
 *
 * The log is rebuilt when the agent becomes a follower too (and when the
 * writer clears the thread): the writer's events may have reached the page
 * before the stored thread did. It is rebuilt from the events the
 * `thread-lock` event carries, never from a fresh `agent.events()`: that
 * answer travels apart from the event stream, so a live event could arrive
 * before it (and be thrown away with the old log) or after it (and be shown
 * twice). The carried events are the thread as of that point of the stream,
 * and every later event is applied on top: none lost, none repeated.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Agent, AgentEvent } from '../../src/types.js';
import type { I18n } from '../i18n/index.js';
import { initialConversation, replayConversation, restoreConversation, type ConversationSource, type ConversationState } from '../conversation/index.js';

/** The notice's words in English: the ids every catalog translates (components/i18n/words.ts). */
export const tabWords = {
  /** Why the composer is disabled in a follower (its placeholder). */
  tabReadOnly: 'Read-only: this conversation is open in another tab.',
  /** The notice above the composer. */
  tabNotice: 'This conversation is open in another tab. It is read-only here and follows that tab; it continues here when that tab is closed.',
};

export type TabWords = typeof tabWords;

/** Why an answer is refused in a follower, in English (the banner says it by its code, `thread-busy`). */
export const READ_ONLY_REASON = tabWords.tabReadOnly;

/** What the notice needs of the element. */
export interface TabNoticeBinding {
  agent(): Agent;
  /** The element's conversation: its events say when this tab follows or writes. */
  conversation: ConversationSource;
  /** Replaces the shown log (a clean one: no replies, no edits kept). */
  show(state: ConversationState): void;
}

/** Tracks whether the element's agent writes its thread, and shows the notice when it does not. */
export class TabNotice implements ReactiveController {
  #host: ReactiveControllerHost;
  #binding: TabNoticeBinding;
  #following = false;

  constructor(host: ReactiveControllerHost, binding: TabNoticeBinding) {
    this.#host = host;
    this.#binding = binding;
    host.addController(this);
    binding.conversation.subscribe((event) => this.#event(event));
  }

  hostConnected(): void {}

  /** True while another tab writes the thread (the composer is disabled). */
  get readOnly(): boolean {
    return this.#following;
  }

  /** Hears every event of the agent; acts on `thread-lock`. */
  #event(event: AgentEvent): void {
    if (event.type !== 'thread-lock') return;
    const following = (this.#following = event.state === 'follower');
    this.#host.requestUpdate();
    if (event.events) return this.#show(event.events, following);
    // An agent that does not carry its events (none does now): read them, at the risk told above.
    const agent = this.#binding.agent();
    agent.events().then((events) => {
      if (this.#binding.agent() === agent && this.#following === following) this.#show(events, following);
    }, () => {});
  }

  #show(events: readonly AgentEvent[], following: boolean): void {
    const { nextId } = this.#binding.conversation.state;
    // A follower shows the writer's run as running (its events go on arriving); a writer's view is a reload's.
    this.#binding.show(following ? replayConversation({ ...initialConversation(), nextId }, events) : restoreConversation([...events], nextId));
  }

  /** The state the status bar shows: a follower has no run of its own to stop or step through. */
  view(state: ConversationState): ConversationState {
    return this.#following && state.running ? { ...state, running: false } : state;
  }

  /** A new agent: it says again whether it follows. */
  reset(): void {
    this.#following = false;
  }

  /** The notice, or nothing while this tab writes. */
  render(i18n: I18n): TemplateResult | typeof nothing {
    if (!this.#following) return nothing;
    return renderTabNotice(i18n);
  }
}

/** The notice, in `i18n`'s language. */
export function renderTabNotice(i18n: I18n): TemplateResult {
  return html`<div part="tab-notice" class="tab-notice" role="status">${i18n.words(tabWords).tabNotice}</div>`;
}
