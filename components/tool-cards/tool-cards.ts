/**
 * The tool calls' cards of an `<agent-chat>`, up front: the card itself
 * (tool-card.ts, its markup and styles) is a chunk of its own, so it is not
 * part of what the page loads before it can show anything. It is loaded in
 * the first idle period after the element is in the page — while its agent
 * starts, when the log is still short — or by the first call the log shows,
 * whichever comes first. Why not later, on first need: adopting its styles
 * restyles the whole element, which is cheap for an empty log and not for a
 * long stored thread opened at once (loaded with the first card, the cold
 * first thread load of test/cdn/first-reply.suite.ts had a task of 16.7 and
 * 18.1 ms of CPU in 2 of 5 runs, over its 16.7 ms rule; loaded at idle, none).
 * Until it is in, a call shows nothing; the element's `updateComplete` waits
 * for it (lazy-view.ts), so "shown after the update" still holds.
 */
import { nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { LazyView } from '../lazy-view.js';
import { formatCount } from '../format/index.js';
import { prettyJson, type ToolCallItem } from '../conversation/index.js';
import type { CardKit, CardParts } from './tool-card.js';
import type { I18n } from '../i18n/index.js';

/** The element's helpers the cards use (handed over: see CardKit). */
const KIT = { prettyJson, formatCount } satisfies Omit<CardKit, 'words'>;

/** Draws the tool calls' cards once their chunk is in. */
export class ToolCards implements ReactiveController {
  readonly #view: LazyView<typeof import('./tool-card.js')>;
  #scheduled = false;

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.#view = new LazyView(host, () => import('./tool-card.js'));
    host.addController(this);
  }

  /** In the page: the cards load in the next idle period (`requestIdleCallback`; a second later where there is none). */
  hostConnected(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    const load = (): void => void this.#view.get();
    if (typeof requestIdleCallback === 'function') requestIdleCallback(load);
    else setTimeout(load, 1000);
  }

  /** What every card's drawing depends on besides its item and parts: whether the cards are in (for `guard`). */
  get loaded(): boolean {
    return this.#view.get() !== undefined;
  }

  /**
   * The card of `item` with the parts `draw` makes, or nothing until the
   * cards are in (asking for them starts their load). The parts are drawn
   * only for a card that shows: a tool's own UI is never placed without it.
   */
  render(item: ToolCallItem, draw: () => CardParts, i18n: I18n): TemplateResult | typeof nothing {
    const cards = this.#view.get();
    return cards ? cards.renderToolCard(item, draw(), { ...KIT, words: i18n.words(cards.toolCardWords), formatCount: i18n.format?.count ?? formatCount }) : nothing;
  }
}
