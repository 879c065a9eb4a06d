/**
 * Input the way a user's would reach a framework: real events, in the order a
 * browser fires them, with values set through the native setters.
 *
 * Why the native setter: React (and others) replace the `value` property on
 * each controlled input with one that records the value, and compare that
 * record when an `input` event arrives. Assigning `el.value = x` updates the
 * record too, so React sees "no change" and its `onChange` never fires. The
 * setter on the element's prototype bypasses the record, so the following
 * `input` event is seen as the user's edit. Vue's `v-model` and Lit's `@input`
 * listen to the same `input` event, and `change` follows as it does on commit.
 */
import { isKind, windowOf } from './realm.js';

/*
 * Events are made with the constructors of the element's own window: inside
 * a same-origin frame, the frame's framework checks its events against its
 * own classes (realm.ts).
 */

/** Text fields whose value `fill` may set. */
export type FillableElement = HTMLInputElement | HTMLTextAreaElement;

/** Sets `value` through the setter of the element's own prototype chain, skipping any instance override. */
export function setNativeValue(element: FillableElement | HTMLSelectElement, value: string): void {
  let proto: object | null = Object.getPrototypeOf(element);
  while (proto) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, 'value');
    if (descriptor?.set) {
      descriptor.set.call(element, value);
      return;
    }
    proto = Object.getPrototypeOf(proto);
  }
  element.value = value;
}

/** Fires `input` then `change`, as a browser does when a user edits a field and commits it. */
export function dispatchEdit(element: Element, data: string | null): void {
  const { InputEvent, Event } = windowOf(element);
  element.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertReplacementText', data }));
  element.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Replaces a field's value as a user would: focus, set, `input`, `change`. */
export function fillField(element: FillableElement, value: string): void {
  element.focus({ preventScroll: true });
  setNativeValue(element, value);
  dispatchEdit(element, value);
}

/**
 * Replaces the text of a contenteditable element. `execCommand('insertText')`
 * is deprecated but is the one way to make the browser itself fire
 * `beforeinput`/`input` and keep the editor's undo stack, which rich-text
 * editors rely on; when it is refused, the text is set and `input` fired by hand.
 */
export function fillEditable(element: HTMLElement, value: string): void {
  element.focus({ preventScroll: true });
  const selection = element.ownerDocument.getSelection();
  if (selection) {
    const range = element.ownerDocument.createRange();
    range.selectNodeContents(element);
    selection.removeAllRanges();
    selection.addRange(range);
  }
  const done = element.ownerDocument.execCommand('insertText', false, value);
  if (!done || element.textContent !== value) {
    element.textContent = value;
    const { InputEvent } = windowOf(element);
    element.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertReplacementText', data: value }));
  }
}

/** Selects exactly `options` of a select, then fires `input` and `change`. */
export function chooseOptions(select: HTMLSelectElement, options: readonly HTMLOptionElement[]): void {
  select.focus({ preventScroll: true });
  if (select.multiple) {
    for (const option of select.options) option.selected = options.includes(option);
  } else if (options[0]) {
    setNativeValue(select, options[0].value);
    // Options sharing a value: make sure the one asked for is the one selected.
    options[0].selected = true;
  }
  dispatchEdit(select, null);
}

/**
 * Clicks as a mouse would: pointer and mouse down/up at the element's centre,
 * focus, then `click`. Returns false when a listener cancelled the click
 * (so, for a link, no navigation follows).
 */
export function pressClick(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  const view = windowOf(element);
  const { PointerEvent, MouseEvent } = view;
  const at = { clientX: rect.left + rect.width / 2, clientY: rect.top + rect.height / 2, bubbles: true, cancelable: true, composed: true, view, button: 0 };
  element.dispatchEvent(new PointerEvent('pointerdown', { ...at, buttons: 1, pointerId: 1, pointerType: 'mouse', isPrimary: true }));
  const focusAllowed = element.dispatchEvent(new MouseEvent('mousedown', { ...at, buttons: 1, detail: 1 }));
  if (focusAllowed && isKind(element, 'HTMLElement')) element.focus({ preventScroll: true });
  element.dispatchEvent(new PointerEvent('pointerup', { ...at, buttons: 0, pointerId: 1, pointerType: 'mouse', isPrimary: true }));
  element.dispatchEvent(new MouseEvent('mouseup', { ...at, buttons: 0, detail: 1 }));
  // A dispatched click runs the element's activation behaviour (toggle a
  // checkbox, submit a form, follow a link), like a real one.
  return element.dispatchEvent(new PointerEvent('click', { ...at, buttons: 0, detail: 1, pointerId: 1, pointerType: 'mouse', isPrimary: true }));
}
