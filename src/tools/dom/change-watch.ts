/**
 * What an action changed, told in a few lines: the element's own state, new
 * content that appeared, text that changed, where focus went, the URL. The
 * model needs this observation to know whether its click did anything.
 */
import { isDocument, isElement, isKind, isShadowRoot } from './realm.js';
import { clip } from './element-facts.js';
import { describeElement, readText } from './read-text.js';
import { frameDocument, isElementVisible } from './flat-tree.js';
import type { DomScope } from './scope.js';

const MAX_NOTES = 6;

/** A watch started before an action; `finish()` settles and summarizes. */
export interface ChangeWatch {
  finish(): Promise<string[]>;
}

/**
 * Starts watching the scope's root and every shadow root around `target`
 * (a MutationObserver does not see through shadow boundaries, and framework
 * components re-render inside their own shadow roots).
 */
export function watchChanges(scope: DomScope, target: Element): ChangeWatch {
  const before = describeElement(scope, target);
  const url = location.href;
  const focused = deepActiveElement();
  const records: MutationRecord[] = [];
  const observer = new MutationObserver((batch) => records.push(...batch));
  const options: MutationObserverInit = { childList: true, subtree: true, characterData: true };
  const observed = new Set<Node>([scope.root]);
  for (let node: Node = target.getRootNode(); isShadowRoot(node); node = node.host.getRootNode()) observed.add(node);
  // Inside a same-origin frame: the frame's document (the scope's root does not see into it).
  const rootDocument = isDocument(scope.root) ? scope.root : scope.root.ownerDocument;
  if (target.ownerDocument !== rootDocument) observed.add(target.ownerDocument);
  for (const node of observed) observer.observe(node, options);

  return {
    async finish() {
      await settle();
      records.push(...observer.takeRecords());
      observer.disconnect();
      const notes: string[] = [];
      if (!target.isConnected) {
        notes.push('The element is no longer on the page.');
      } else {
        const after = describeElement(scope, target);
        if (after !== before) notes.push(`The element is now: ${after} (was: ${before}).`);
      }
      notes.push(...contentNotes(scope, records, target));
      const nowFocused = deepActiveElement();
      if (nowFocused !== focused && nowFocused && nowFocused !== target && nowFocused !== nowFocused.ownerDocument.body && !scope.isOffLimits(nowFocused)) {
        notes.push(`Focus moved to ${describeElement(scope, nowFocused)}.`);
      }
      if (location.href !== url) notes.push(`The URL is now ${location.href}.`);
      return notes.length > 0 ? notes.slice(0, MAX_NOTES + 2) : ['No visible change on the page.'];
    },
  };
}

/** Elements that appeared and text that changed, private content left out. */
function contentNotes(scope: DomScope, records: readonly MutationRecord[], target: Element): string[] {
  const added = new Set<Element>();
  const changedText = new Set<Element>();
  let removed = 0;
  for (const record of records) {
    if (record.type === 'characterData') {
      const parent = record.target.parentElement;
      if (parent) changedText.add(parent);
      continue;
    }
    for (const node of record.addedNodes) {
      if (isElement(node)) added.add(node);
      else if (node.nodeType === Node.TEXT_NODE && isElement(record.target)) changedText.add(record.target);
    }
    // Removals inside a private region are not counted: even their number is private.
    if (isElement(record.target) && scope.isOffLimits(record.target)) continue;
    removed += [...record.removedNodes].filter((n) => isElement(n) && !scope.isBlocked(n)).length;
  }
  const notes: string[] = [];
  // Report the outermost new elements only; their content is part of them.
  const outermost = [...added].filter((el) => el.isConnected && ![...added].some((o) => o !== el && o.contains(el)));
  for (const el of outermost) {
    if (notes.length >= MAX_NOTES) break;
    if (scope.isOffLimits(el) || !isElementVisible(el)) continue;
    const text = clip(readText(scope, el, { maxChars: 200, controls: 'describe' }).text, 160);
    if (text) notes.push(`Appeared: ${JSON.stringify(text)}.`);
  }
  for (const el of changedText) {
    if (notes.length >= MAX_NOTES) break;
    if (!el.isConnected || el === target || target.contains(el) || [...added].some((a) => a.contains(el))) continue;
    if (scope.isOffLimits(el) || !isElementVisible(el)) continue;
    const text = clip(readText(scope, el, { maxChars: 200, controls: 'describe' }).text, 160);
    if (text) notes.push(`Text changed: ${JSON.stringify(text)}.`);
  }
  if (removed > 0) notes.push(`${removed} element(s) were removed.`);
  return notes;
}

/** The focused element, looking inside open shadow roots. */
function deepActiveElement(): Element | null {
  let active = document.activeElement;
  for (;;) {
    // Into open shadow roots and same-origin frames.
    const inner: Element | null | undefined = active?.shadowRoot?.activeElement ?? (isKind(active, 'HTMLIFrameElement') ? frameDocument(active)?.activeElement : null);
    if (!inner || inner === active) return active;
    active = inner;
  }
}

/**
 * Lets the page react: frameworks render in a microtask or the next frame.
 * A frame never comes in a background tab, so a short timer also ends the wait.
 */
function settle(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
