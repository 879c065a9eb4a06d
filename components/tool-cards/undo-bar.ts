/**
 * The Undo buttons of the calls' cards, as the element holds them: what
 * draws and runs them (undo-bar-view.ts: "Undo" on a done call whose tool
 * declares `undo`, "Undo all" on a run's last, what came of an undo) is a
 * chunk loaded with the first done card that may need it — a call of a tool
 * with `undo`, or one whose undo is already in the thread. A chat whose
 * tools declare no undo never loads it.
 *
 * Invariant: until the chunk is in, a card draws no bar; the element
 * updates when it arrives, and `inputsFor` changes with it, so a card's
 * `guard` draws the bar then.
 */
import { nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { ToolCallItem } from '../conversation/index.js';
import { LazyView } from '../lazy-view.js';
import type { UndoBarView, UndoBinding } from './undo-bar-view.js';

export type { UndoBinding };

/** The cards' Undo buttons: drawn by the view once its chunk is in. */
export class UndoBar {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #binding: UndoBinding;
  readonly #module: LazyView<typeof import('./undo-bar-view.js')>;
  #view: UndoBarView | undefined;
  /** Whether the tools array last seen declares any undo: asked once per array, not per card. */
  #declared: { tools: readonly unknown[]; any: boolean } | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement, binding: UndoBinding) {
    this.#host = host;
    this.#binding = binding;
    this.#module = new LazyView(host, () => import('./undo-bar-view.js'));
  }

  /** What the bar of `item` depends on besides the item (for `guard`). */
  inputsFor(item: ToolCallItem): unknown[] {
    if (!this.#mayShow(item)) return [];
    const view = this.#viewNow();
    return view ? [true, ...view.inputsFor(item)] : [false];
  }

  /** The undo bar of `item`, or nothing (also until the view's chunk is in). */
  draw(item: ToolCallItem): TemplateResult | typeof nothing {
    if (!this.#mayShow(item)) return nothing;
    return this.#viewNow()?.draw(item) ?? nothing;
  }

  /** A done call of the model's whose undo is stored, or whose tool may declare one. */
  #mayShow(item: ToolCallItem): boolean {
    if (item.status !== 'done' || item.requestedBy) return false;
    return item.undo !== undefined || this.#anyDeclared();
  }

  /** Some tool of the element's declares `undo` (the element's `tools` is replaced, not changed in place, when they change). */
  #anyDeclared(): boolean {
    const tools = this.#binding.tools();
    if (this.#declared?.tools !== tools) this.#declared = { tools, any: tools.some((t) => typeof t.undo === 'function') };
    return this.#declared.any;
  }

  /** The view, starting its chunk's load on first ask; undefined until it is in. */
  #viewNow(): UndoBarView | undefined {
    const module = this.#module.get();
    if (module) this.#view ??= new module.UndoBarView(this.#host, this.#binding);
    return this.#view;
  }
}
