/**
 * "Deny with reason…" under an approval panel: a disclosure (a native
 * `<details>`, so it opens with Enter or Space and keeps its state without
 * the element's help) holding one text field and a Deny button. The reason
 * goes to the model in the denied call's result ("They said: …"), so it can
 * adapt instead of guessing why. Enter in the field denies; Escape closes it.
 */
import { html, type TemplateResult } from 'lit';
import type { ApprovalRequest } from '../../src/types.js';
import type { ApprovalWords } from './approval-words.js';

/** Renders the disclosure for `request`; `deny` gets the trimmed reason ('' when none was typed). */
export function renderDenyReason(request: ApprovalRequest, w: ApprovalWords, deny: (reason: string) => void): TemplateResult {
  const fieldId = `deny-reason-${request.callId}`;
  const submit = (e: Event) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    deny((form.elements.namedItem('reason') as HTMLInputElement).value.trim());
  };
  const toggled = (e: Event) => {
    const details = e.currentTarget as HTMLDetailsElement;
    if (details.open) details.querySelector('input')?.focus();
  };
  const keydown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    const details = (e.currentTarget as HTMLElement).closest('details')!;
    details.open = false;
    details.querySelector('summary')?.focus();
  };
  return html`<details class="deny-reason" @toggle=${toggled}>
    <summary part="deny-reason-button">${w.denyWithReason}</summary>
    <form class="deny-reason-form" @submit=${submit}>
      <label for=${fieldId}>${w.denyWhy}</label>
      <input part="deny-reason" id=${fieldId} name="reason" type="text" autocomplete="off" @keydown=${keydown}
        placeholder=${w.denyPlaceholder} />
      <button part="deny-reason-submit" type="submit">${w.deny}</button>
    </form>
  </details>`;
}
