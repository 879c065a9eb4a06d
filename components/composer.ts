/**
 * The composer: a multiline input where Enter sends, Shift+Enter adds a
 * line, and ↑ / ↓ at the first / last line recall earlier inputs.
 */
import { html, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { InputHistory } from './input-history.js';

/** What the composer needs from the element. */
export interface ComposerHost {
  draft: string;
  placeholder: string;
  /** True while a reply runs (Send is disabled; the Stop button is elsewhere). */
  busy: boolean;
  history: InputHistory;
  setDraft(text: string): void;
  submit(): void;
}

/** Handles the composer's keys; returns nothing, prevents the default where it acted. */
export function composerKeydown(e: KeyboardEvent, host: ComposerHost): void {
  const input = e.currentTarget as HTMLTextAreaElement;
  if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
    e.preventDefault();
    host.submit();
    return;
  }
  if (e.shiftKey) return;
  // Only at the edges: inside a multiline draft the arrows move the caret as usual.
  if (e.key === 'ArrowUp' && !input.value.slice(0, input.selectionStart).includes('\n')) {
    const previous = host.history.previous(input.value);
    if (previous !== null) {
      e.preventDefault();
      host.setDraft(previous);
    }
  } else if (e.key === 'ArrowDown' && !input.value.slice(input.selectionEnd).includes('\n')) {
    const next = host.history.next();
    if (next !== null) {
      e.preventDefault();
      host.setDraft(next);
    }
  }
}

/** Renders the composer. */
export function renderComposer(host: ComposerHost): TemplateResult {
  return html`<form class="composer" @submit=${(e: Event) => {
      e.preventDefault();
      host.submit();
    }}>
    <textarea part="input" rows="2" aria-label="Message" placeholder=${host.placeholder}
      .value=${live(host.draft)}
      @input=${(e: Event) => host.setDraft((e.target as HTMLTextAreaElement).value)}
      @keydown=${(e: KeyboardEvent) => composerKeydown(e, host)}></textarea>
    <button part="send-button" class="primary" type="submit" ?disabled=${host.busy || host.draft.trim() === ''}>Send</button>
  </form>`;
}
