/**
 * What the DOM actions show before they run and how they are taken back:
 * part of their chunk (act-impl.ts imports it), never up front.
 *
 * - `previewAction`: the step a call will take — its target, a sentence,
 *   the value the field holds now and the one it will hold — read from the
 *   page, nothing changed. The preview desk (src/page/preview-desk.ts)
 *   leaves out the values of a private field.
 * - `UndoLedger`: before `fill` or `select` changes a field, what the field
 *   held (its value, its selected options, an editable's text) is noted by
 *   call id; Undo puts it back the way the action set it (native setter,
 *   `input` then `change`), so React-, Vue- and Svelte-controlled fields
 *   update their state too.
 *
 * Invariants:
 * - an undo puts a field back only while it still holds what the call left
 *   there: a field the user (or the app) changed since is left alone, and
 *   the undo says so, rather than overwrite their edit;
 * - a call that changed nothing (the field held the value already, or the
 *   action was refused: `{ ok: false }`) has nothing to put back: its undo
 *   succeeds and does nothing, so an Undo all of its run goes on;
 * - the ledger lives in this page's memory: after a reload the element an
 *   index named is not known any more, so the undo says why it cannot run
 *   instead of guessing at an element;
 * - a click is not undoable (it may have submitted, navigated, paid): the
 *   tool declares no `undo`, and an app tool that knows better says so.
 */
import { isKind } from './realm.js';
import type { PreviewStep } from '../../tool-types.js';
import type { DomIndex } from './element-index.js';
import { chooseOptions, fillEditable, fillField, type FillableElement } from './input-events.js';
import { roleOf } from './element-facts.js';
import { nameOf } from './read-text.js';
import { resolveIndex } from './resolve-index.js';
import type { DomScope } from './scope.js';

/** What a field held, to put back. */
type Held =
  | { kind: 'value'; value: string }
  | { kind: 'options'; options: HTMLOptionElement[] }
  | { kind: 'text'; text: string };

interface Entry {
  element: WeakRef<Element>;
  before: Held;
  after: Held;
  what: string;
}

/** The DOM actions' calls that can be taken back, by call id. */
export class UndoLedger {
  readonly #entries = new Map<string, Entry | 'unchanged'>();

  /** Runs `change` on `element`, noting what it held before and after under `callId` (when the action changed it). */
  note<T>(callId: string | undefined, element: Element, what: string, change: () => Promise<T>): Promise<T> {
    const before = held(element);
    return change().then((outcome) => {
      const after = held(element);
      // A call that left the field as it was is noted too: its undo has nothing to put back, and says so by succeeding.
      if (callId !== undefined) this.#entries.set(callId, same(before, after) ? 'unchanged' : { element: new WeakRef(element), before, after, what });
      return outcome;
    });
  }

  /** Puts back what call `callId` changed; throws, saying why, when it cannot. */
  undo(callId: string): void {
    const entry = this.#entries.get(callId);
    if (!entry) {
      throw new Error('What the field held before this call is not known on this page (it was reloaded since), so it cannot be put back.');
    }
    if (entry === 'unchanged') return void this.#entries.delete(callId);
    const element = entry.element.deref();
    if (!element?.isConnected) throw new Error(`${entry.what} is no longer on the page, so its value cannot be put back.`);
    if (!same(held(element), entry.after)) {
      throw new Error(`${entry.what} was changed again after this call; putting back the old value would overwrite that change, so it was left as it is.`);
    }
    put(element, entry.before);
    this.#entries.delete(callId);
  }
}

/** The step a DOM action's call will take; `action` is the tool's name. Reads only. */
export function previewAction(scope: DomScope, index: DomIndex, action: string, args: { index: number; value?: string | string[] }): PreviewStep {
  const resolved = resolveIndex(index, scope, args.index);
  if (!resolved.ok) {
    const stale = index.lookup(args.index);
    return { text: resolved.message, ...(stale && !stale.isConnected ? { target: stale } : {}) };
  }
  const element = resolved.element;
  const what = label(scope, element);
  switch (action) {
    case 'fill': {
      const to = String(args.value ?? '');
      const from = fieldText(element);
      return { text: `will type ${JSON.stringify(to)} into ${what}`, target: element, ...(from !== undefined ? { from } : {}), to };
    }
    case 'select': {
      const wanted = Array.isArray(args.value) ? args.value : [String(args.value ?? '')];
      const to = isKind(element, 'HTMLSelectElement') ? wanted.map((w) => optionLabel(element, w)).join(', ') : wanted.join(', ');
      const from = isKind(element, 'HTMLSelectElement') ? [...element.selectedOptions].map((o) => o.label.trim()).join(', ') : undefined;
      return { text: `will select ${JSON.stringify(to)} in ${what}`, target: element, ...(from !== undefined ? { from } : {}), to };
    }
    case 'click':
      return { text: `will click ${what}`, target: element };
    default:
      return { text: `will scroll to ${what}`, target: element };
  }
}

/** An element as a step names it: its role and accessible name, without its value. */
export function label(scope: DomScope, element: Element): string {
  const name = nameOf(scope, element);
  return name ? `${roleOf(element)} ${JSON.stringify(name)}` : roleOf(element);
}

function optionLabel(select: HTMLSelectElement, wanted: string): string {
  const option = [...select.options].find((o) => o.value === wanted || o.label === wanted || o.label.trim().toLowerCase() === wanted.trim().toLowerCase());
  return option ? option.label.trim() : wanted;
}

/** The text a field holds (a label's control's), or undefined for what is not a field. */
function fieldText(element: Element): string | undefined {
  const target = isKind(element, 'HTMLLabelElement') ? element.control : element;
  if (isKind(target, 'HTMLInputElement') || isKind(target, 'HTMLTextAreaElement')) return target.value;
  if (isKind(target, 'HTMLElement') && target.isContentEditable) return target.textContent ?? '';
  return undefined;
}

function held(element: Element): Held {
  if (isKind(element, 'HTMLSelectElement')) return { kind: 'options', options: [...element.selectedOptions] };
  if (isKind(element, 'HTMLInputElement') || isKind(element, 'HTMLTextAreaElement')) return { kind: 'value', value: element.value };
  return { kind: 'text', text: element.textContent ?? '' };
}

function same(a: Held, b: Held): boolean {
  if (a.kind === 'options' && b.kind === 'options') return a.options.length === b.options.length && a.options.every((o, i) => o === b.options[i]);
  if (a.kind === 'value' && b.kind === 'value') return a.value === b.value;
  return a.kind === 'text' && b.kind === 'text' && a.text === b.text;
}

/** Puts `before` back as the action set it: the framework hears the same events. */
function put(element: Element, before: Held): void {
  if (before.kind === 'options') chooseOptions(element as HTMLSelectElement, before.options);
  else if (before.kind === 'value') fillField(element as FillableElement, before.value);
  else fillEditable(element as HTMLElement, before.text);
}
