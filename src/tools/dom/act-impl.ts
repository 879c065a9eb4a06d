/**
 * What the DOM action tools do, loaded on their first call: the page pays for
 * this code only when the agent acts on it.
 */
import { isKind, windowOf } from './realm.js';
import { watchChanges } from './change-watch.js';
import { isSecret } from './element-facts.js';
import type { DomIndex } from './element-index.js';
import { resolveIndex } from './resolve-index.js';
import { chooseOptions, fillEditable, fillField, pressClick, type FillableElement } from './input-events.js';
import { describeElement } from './read-text.js';
import { isElementVisible } from './flat-tree.js';
import type { DomScope, DomScopeSpec } from './scope.js';
import { openDomScope } from './open-scope.js';
import { UndoLedger, label, previewAction } from './act-undo.js';
import type { PreviewStep } from '../../tool-types.js';

/** Why an action could not be done. */
export type DomActionRefusal =
  | 'unknown'
  | 'gone'
  | 'private'
  | 'disabled'
  | 'not-visible'
  | 'not-editable'
  | 'no-such-option'
  | 'rejected';

/** What an action came to: what changed, or why nothing could be done. */
export type DomActionResult =
  | { ok: true; element: string; changes: string[] }
  | { ok: false; reason: DomActionRefusal; message: string };

/** Input types whose value is text `fill` can set (others have their own widgets). */
const FILLABLE_TYPES = new Set([
  'text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date', 'time', 'datetime-local', 'month', 'week', 'color', 'range',
]);

/** The four actions over one scope and index registry, with their previews and the undo of `fill` and `select` (act-undo.ts). */
export function domActing(spec: DomScopeSpec, index: DomIndex) {
  const scope = openDomScope(spec);
  const ledger = new UndoLedger();
  /** Resolves an index and checks the element can be used at all. */
  const usable = (n: number): { element: Element } | { refusal: DomActionResult } => {
    const resolved = resolveIndex(index, scope, n);
    if (!resolved.ok) return { refusal: { ok: false, reason: resolved.reason, message: resolved.message } };
    const element = resolved.element;
    if (element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true' || element.closest('[inert]')) {
      return { refusal: refuse('disabled', `${describeElement(scope, element)} [${n}] is disabled.`) };
    }
    if (!isElementVisible(element)) {
      return { refusal: refuse('not-visible', `${describeElement(scope, element)} [${n}] is not visible (hidden or zero-size); call page_outline to see what is shown.`) };
    }
    return { element };
  };

  /** Runs an action and reports what it changed. */
  const act = async (element: Element, action: () => void): Promise<DomActionResult> => {
    const watch = watchChanges(scope, element);
    action();
    return { ok: true, element: describeElement(scope, element), changes: await watch.finish() };
  };

  return {
    async click(n: number): Promise<DomActionResult> {
      const found = usable(n);
      if ('refusal' in found) return found.refusal;
      const element = found.element;
      if (windowOf(element).getComputedStyle(element).pointerEvents === 'none') {
        return refuse('disabled', `${describeElement(scope, element)} [${n}] does not accept clicks (pointer-events: none).`);
      }
      element.scrollIntoView({ block: 'center', inline: 'nearest' });
      let followed: string | undefined;
      const result = await act(element, () => {
        const proceeded = pressClick(element);
        const link = element.closest('a[href]');
        if (proceeded && isKind(link, 'HTMLAnchorElement') && !link.getAttribute('href')?.startsWith('#')) followed = link.href;
      });
      if (followed && result.ok) result.changes.push(`The link leads to ${followed}; the page may be navigating away.`);
      return result;
    },
    /** The step call `args` of tool `action` will take, read from the page now. */
    preview(action: string, args: { index: number; value?: string | string[] }): PreviewStep {
      return previewAction(scope, index, action, args);
    },
    /** Puts back what call `callId` of `fill` or `select` changed; throws, saying why, when it cannot. */
    undo(callId: string): void {
      ledger.undo(callId);
    },
    async fill(n: number, value: string, callId?: string): Promise<DomActionResult> {
      const found = usable(n);
      if ('refusal' in found) return found.refusal;
      const target = editableTarget(found.element);
      const what = describeElement(scope, found.element);
      if (!target) {
        const hint = isKind(found.element, 'HTMLSelectElement') ? ' Use select for dropdowns.' : found.element.matches('input[type=checkbox], input[type=radio]') ? ' Use click to toggle it.' : '';
        return refuse('not-editable', `${what} [${n}] is not a text field.${hint}`);
      }
      if (isKind(target, 'HTMLElement') && !(isKind(target, 'HTMLInputElement') || isKind(target, 'HTMLTextAreaElement'))) {
        return ledger.note(callId, target, label(scope, target), () => act(target, () => fillEditable(target, value)));
      }
      const field = target as FillableElement;
      if (field.readOnly) return refuse('not-editable', `${what} [${n}] is read-only.`);
      if (field.maxLength > 0 && value.length > field.maxLength) {
        return refuse('rejected', `${what} [${n}] takes at most ${field.maxLength} characters; the value has ${value.length}.`);
      }
      if (!accepts(field, value)) {
        const shown = isSecret(field) ? 'the value' : JSON.stringify(value);
        return refuse('rejected', `${what} [${n}] does not accept ${shown} (a ${field.type} field has its own format).`);
      }
      return ledger.note(callId, field, label(scope, field), () => act(field, () => fillField(field, value)));
    },
    async select(n: number, value: string | string[], callId?: string): Promise<DomActionResult> {
      const found = usable(n);
      if ('refusal' in found) return found.refusal;
      const element = found.element;
      const what = describeElement(scope, element);
      if (!(isKind(element, 'HTMLSelectElement'))) {
        return refuse('not-editable', `${what} [${n}] is not a <select>; for a custom dropdown, click it and then click the option.`);
      }
      const wanted = Array.isArray(value) ? value : [value];
      if (wanted.length > 1 && !element.multiple) return refuse('rejected', `${what} [${n}] takes one option, not ${wanted.length}.`);
      const chosen: HTMLOptionElement[] = [];
      for (const w of wanted) {
        const option = findOption(element, w);
        if (!option) {
          const labels = [...element.options].map((o) => o.label.trim()).slice(0, 20).join(' | ');
          return refuse('no-such-option', `${what} [${n}] has no option ${JSON.stringify(w)}. Options: ${labels}.`);
        }
        if (option.disabled || option.closest('optgroup')?.disabled) {
          return refuse('disabled', `Option ${JSON.stringify(option.label)} of ${what} [${n}] is disabled.`);
        }
        chosen.push(option);
      }
      return ledger.note(callId, element, label(scope, element), () => act(element, () => chooseOptions(element, chosen)));
    },
    async scrollTo(n: number): Promise<DomActionResult> {
      const found = usable(n);
      if ('refusal' in found) return found.refusal;
      const element = found.element;
      element.scrollIntoView({ block: 'center', inline: 'nearest' });
      const rect = element.getBoundingClientRect();
      const view = windowOf(element);
      const inView = rect.bottom > 0 && rect.right > 0 && rect.top < view.innerHeight && rect.left < view.innerWidth;
      return {
        ok: true,
        element: describeElement(scope, element),
        changes: [inView ? 'Scrolled; the element is in view.' : 'Scrolled, but the element is still out of view (it may be inside a clipped container).'],
      };
    },
  };
}

/**
 * True when the field would keep `value`: typed inputs (number, date, color…)
 * sanitize what they do not accept. Tried on a detached copy, so a refused
 * value fires no events on the page.
 */
function accepts(field: FillableElement, value: string): boolean {
  const probe = field.cloneNode(false) as FillableElement;
  probe.value = value;
  return probe.value === value;
}

function refuse(reason: DomActionRefusal, message: string): DomActionResult {
  return { ok: false, reason, message };
}

/** The field to fill: the element itself, a label's control, or a contenteditable host. */
function editableTarget(element: Element): FillableElement | HTMLElement | undefined {
  const target = isKind(element, 'HTMLLabelElement') ? element.control : element;
  if (isKind(target, 'HTMLTextAreaElement')) return target;
  if (isKind(target, 'HTMLInputElement')) return FILLABLE_TYPES.has(target.type) ? target : undefined;
  if (isKind(target, 'HTMLElement') && target.isContentEditable) return target;
  return undefined;
}

/** The option whose value or label is `wanted`: exact first, then ignoring case and spaces. */
function findOption(select: HTMLSelectElement, wanted: string): HTMLOptionElement | undefined {
  const options = [...select.options];
  const loose = (s: string): string => s.replace(/\s+/g, ' ').trim().toLowerCase();
  return (
    options.find((o) => o.value === wanted) ??
    options.find((o) => o.label === wanted) ??
    options.find((o) => loose(o.label) === loose(wanted) || loose(o.value) === loose(wanted))
  );
}
