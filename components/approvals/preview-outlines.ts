/**
 * Puts the preview of each call waiting for approval on the page: on its
 * `preview` event the overlay (`<agent-preview-outlines>`,
 * preview-overlay.ts, a chunk loaded with the first preview) outlines the
 * targets the agent holds (`agent.previewTargets`); a step hovered in the
 * card highlights its outline; the call answered (or the run ended, the
 * conversation cleared) takes its outlines away.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Agent, AgentEvent } from '../../src/types.js';
import type { PreviewOutlinesElement } from './preview-overlay.js';
import type { I18n } from '../i18n/index.js';

/** The overlay's driver: up front and small; the overlay loads with the first preview. */
export class PreviewOutlines implements ReactiveController {
  readonly #agent: () => Agent | undefined;
  readonly #order: (callId: string) => number;
  readonly #i18n: I18n | undefined;
  #overlay: Promise<PreviewOutlinesElement> | undefined;
  /** Calls whose outlines are shown (or on their way). */
  readonly #shown = new Set<string>();

  /** `order` places a call among those waiting (the steps are numbered across them, as the cards number them); `i18n`, the element's language. */
  constructor(host: ReactiveControllerHost, agent: () => Agent | undefined, order: (callId: string) => number, i18n?: I18n) {
    this.#agent = agent;
    this.#order = order;
    this.#i18n = i18n;
    host.addController(this);
  }

  /** The element left the page: its outlines go with it. */
  hostDisconnected(): void {
    this.#hide([...this.#shown]);
  }

  /** Takes the conversation's next event. */
  event(event: AgentEvent | { type: 'approval-answered'; callId: string } | { type: 'clear' }): void {
    switch (event.type) {
      case 'preview': {
        const agent = this.#agent();
        if (!agent) return;
        this.#shown.add(event.callId);
        const steps = event.steps;
        void this.#load().then((overlay) => {
          // Answered while the overlay loaded: nothing to show.
          overlay.i18n = this.#i18n;
          if (this.#shown.has(event.callId)) overlay.show(event.callId, agent.previewTargets(event.callId), steps, this.#order(event.callId));
        });
        return;
      }
      case 'approval-answered':
      case 'tool-start':
      case 'tool-result':
        return this.#hide([event.callId]);
      case 'final':
      case 'clear':
        return this.#hide([...this.#shown]);
    }
  }

  /** Highlights step `step` of call `callId`'s outlines (null: none). */
  hover(callId: string, step: number | null): void {
    if (this.#shown.has(callId)) void this.#overlay?.then((overlay) => overlay.highlight(callId, step));
  }

  #hide(callIds: string[]): void {
    for (const id of callIds) {
      if (!this.#shown.delete(id)) continue;
      void this.#overlay?.then((overlay) => overlay.hide(id));
    }
  }

  #load(): Promise<PreviewOutlinesElement> {
    return (this.#overlay ??= import('./preview-overlay.js').then((m) => m.previewOutlines()));
  }
}
