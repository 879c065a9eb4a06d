/**
 * Stable element indexes shared by the DOM reading and acting tools: the
 * outline hands out `[12]`, and `click {index: 12}` finds the same element.
 * Up front (the tools' factories and `createDomIndex` make registries); what
 * the tools' code resolves an index with loads with it (resolve-index.ts).
 */

/** Numbers elements so the same element keeps its number across outline calls. */
export interface DomIndex {
  /** The element's index, giving it the next free one if it has none yet. */
  indexOf(element: Element): number;
  /** The element an index was given to, or `undefined` when it was garbage-collected or never given. */
  lookup(index: number): Element | undefined;
  /** True when the index was ever given out (so a failed lookup means the element is gone). */
  issued(index: number): boolean;
  /** Forgets indexes whose element is gone; called by the outline now and then. */
  prune(): void;
}

/**
 * Makes an index registry. Two maps: a WeakMap element → number, so an index
 * never keeps a removed element alive and an element keeps its number for as
 * long as it exists; and number → WeakRef, so a number can be resolved without
 * pinning the element either.
 *
 * @example
 * const index = createDomIndex();
 * const tools = [...domTools({ index }), ...domActions({ index })];
 */
export function createDomIndex(): DomIndex {
  const numbers = new WeakMap<Element, number>();
  const elements = new Map<number, WeakRef<Element>>();
  let next = 1;
  return {
    indexOf(element) {
      let n = numbers.get(element);
      if (n === undefined) {
        n = next++;
        numbers.set(element, n);
      }
      // A pruned number comes back if its element returned to the document.
      if (elements.get(n)?.deref() !== element) elements.set(n, new WeakRef(element));
      return n;
    },
    lookup(index) {
      return elements.get(index)?.deref();
    },
    issued(index) {
      return Number.isInteger(index) && index >= 1 && index < next;
    },
    prune() {
      for (const [n, ref] of elements) {
        const element = ref.deref();
        if (!element || !element.isConnected) elements.delete(n);
      }
    },
  };
}

/** The roots' shared registries: `domTools()` and `domActions()` on one root meet here. */
const shared = new WeakMap<object, DomIndex>();

/**
 * The registry shared by every DOM tool on `root` that was not given its own,
 * so `domTools()` and `domActions()` agree on indexes without being wired together.
 */
export function sharedDomIndex(root: object): DomIndex {
  let index = shared.get(root);
  if (!index) {
    index = createDomIndex();
    shared.set(root, index);
  }
  return index;
}
