/**
 * What can be told of an element without reading its text: its role, the
 * outline line it gets, its current value and state. Secret values —
 * passwords, hidden inputs, card numbers, one-time codes — are never returned.
 * (Its name is read from text, so it lives with the text, in read-text.ts.)
 */
import { isKind } from './realm.js';

/** What an element is, for the outline. */
export type ElementKind = 'control' | 'heading' | 'landmark' | 'table' | 'image' | 'other';

const CONTROL_ROLES = new Set([
  'button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio',
  'option', 'combobox', 'textbox', 'searchbox', 'slider', 'spinbutton', 'treeitem', 'listbox',
]);
const LANDMARK_ROLES = new Set([
  'banner', 'navigation', 'main', 'complementary', 'contentinfo', 'region', 'search', 'form', 'dialog', 'alertdialog',
]);
/** `autocomplete` tokens that mark a value as secret, like a password. */
const SECRET_AUTOCOMPLETE = /\b(current-password|new-password|one-time-code|cc-number|cc-csc)\b/;
/** Characters of an element's name or value shown in a description. */
export const NAME_MAX = 80;

/** The element's role, from `role` or its tag. */
export function roleOf(element: Element): string {
  const explicit = element.getAttribute('role')?.trim().split(/\s+/)[0];
  if (explicit && explicit !== 'presentation' && explicit !== 'none' && explicit !== 'generic') return explicit;
  const tag = element.tagName;
  switch (tag) {
    case 'A':
    case 'AREA':
      return element.hasAttribute('href') ? 'link' : 'generic';
    case 'BUTTON':
    case 'SUMMARY':
      return 'button';
    case 'INPUT':
      return inputRole(element as HTMLInputElement);
    case 'TEXTAREA':
      return 'textbox';
    case 'SELECT':
      return (element as HTMLSelectElement).multiple ? 'listbox' : 'combobox';
    case 'NAV':
      return 'navigation';
    case 'MAIN':
      return 'main';
    case 'ASIDE':
      return 'complementary';
    case 'SEARCH':
      return 'search';
    case 'DIALOG':
      return 'dialog';
    case 'HEADER':
    case 'FOOTER':
      // Page-level only when not inside sectioning content.
      if (element.closest('article, aside, main, nav, section')) return 'generic';
      return tag === 'HEADER' ? 'banner' : 'contentinfo';
    case 'FORM':
    case 'SECTION':
      return hasOwnName(element) ? (tag === 'FORM' ? 'form' : 'region') : 'generic';
    case 'TABLE':
      return 'table';
    case 'IMG':
      return element.getAttribute('alt') ? 'img' : 'generic';
    default:
      if (/^H[1-6]$/.test(tag)) return 'heading';
      if (isKind(element, 'HTMLElement') && element.isContentEditable && !element.parentElement?.isContentEditable) {
        return 'textbox';
      }
      return 'generic';
  }
}

function inputRole(input: HTMLInputElement): string {
  switch (input.type) {
    case 'button':
    case 'submit':
    case 'reset':
    case 'image':
      return 'button';
    case 'checkbox':
    case 'radio':
      return input.type;
    case 'range':
      return 'slider';
    case 'number':
      return 'spinbutton';
    case 'search':
      return 'searchbox';
    case 'hidden':
      return 'generic';
    case 'password':
    case 'date':
    case 'time':
    case 'datetime-local':
    case 'month':
    case 'week':
    case 'color':
    case 'file':
      return input.type;
    default:
      return 'textbox';
  }
}

/** Which outline line, if any, the element gets. */
export function kindOf(role: string): ElementKind {
  if (role === 'heading') return 'heading';
  if (role === 'table' || role === 'grid') return 'table';
  if (role === 'img') return 'image';
  if (LANDMARK_ROLES.has(role)) return 'landmark';
  if (CONTROL_ROLES.has(role) || INPUT_ROLES.has(role)) return 'control';
  return 'other';
}
const INPUT_ROLES = new Set(['password', 'date', 'time', 'datetime-local', 'month', 'week', 'color', 'file']);

/** True for a value the agent must never see. */
export function isSecret(element: Element): boolean {
  if (!(isKind(element, 'HTMLInputElement') || isKind(element, 'HTMLTextAreaElement'))) return false;
  if (isKind(element, 'HTMLInputElement') && (element.type === 'password' || element.type === 'hidden')) return true;
  return SECRET_AUTOCOMPLETE.test(element.getAttribute('autocomplete') ?? '');
}

function hasOwnName(element: Element): boolean {
  return element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby') || element.hasAttribute('title');
}

/**
 * The current value of a form control as the agent may see it: secrets as
 * `(hidden)` when filled, selects as their chosen options, file inputs as a
 * count (file names can be private). `undefined` for elements without a value.
 */
export function valueOf(element: Element, maxChars = NAME_MAX): string | undefined {
  if (isSecret(element)) {
    return (element as HTMLInputElement).value ? '(hidden)' : '';
  }
  if (isKind(element, 'HTMLSelectElement')) {
    return [...element.selectedOptions].map((o) => o.label.trim()).join(', ');
  }
  if (isKind(element, 'HTMLInputElement')) {
    if (['checkbox', 'radio', 'button', 'submit', 'reset', 'image'].includes(element.type)) return undefined;
    if (element.type === 'file') return `${element.files?.length ?? 0} file(s) chosen`;
    return clip(element.value, maxChars);
  }
  if (isKind(element, 'HTMLTextAreaElement')) return clip(element.value, maxChars);
  return undefined;
}

/** States worth telling: checked, selected, expanded, disabled, required, read-only. */
export function statesOf(element: Element): string[] {
  const states: string[] = [];
  const checked =
    isKind(element, 'HTMLInputElement') && (element.type === 'checkbox' || element.type === 'radio')
      ? element.checked
      : element.getAttribute('aria-checked') === 'true' || element.getAttribute('aria-pressed') === 'true';
  if (checked) states.push('checked');
  if (isKind(element, 'HTMLInputElement') && element.indeterminate) states.push('mixed');
  if (element.getAttribute('aria-selected') === 'true') states.push('selected');
  const expanded = element.getAttribute('aria-expanded');
  if (expanded === 'true' || expanded === 'false') states.push(expanded === 'true' ? 'expanded' : 'collapsed');
  if (element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true') states.push('disabled');
  if (element.matches(':required') || element.getAttribute('aria-required') === 'true') states.push('required');
  if ((isKind(element, 'HTMLInputElement') || isKind(element, 'HTMLTextAreaElement')) && element.readOnly) states.push('read-only');
  return states;
}

/** The options of a select, clipped to a few: `a | b | c (+12 more)`. */
export function optionsOf(select: HTMLSelectElement, max = 10): string {
  const labels = [...select.options].filter((o) => !o.hidden).map((o) => o.label.trim());
  const shown = labels.slice(0, max).join(' | ');
  return labels.length > max ? `${shown} (+${labels.length - max} more)` : shown;
}

/** Shortens text to `max` characters, marking the cut with `…`. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
