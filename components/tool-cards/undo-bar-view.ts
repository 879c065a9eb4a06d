/**
 * The Undo buttons of the calls' cards (the view, a chunk loaded by
 * undo-bar.ts with the first card that may offer one): "Undo" (part `undo-button`) on a
 * done call whose tool declares `undo`, and "Undo all" (`undo-all-button`)
 * on the last such call of a run whose finished calls can all be taken
 * back (calls of tools that only read are passed over). What came of an
 * undo shows in the card (`undo-status`), from the `undone` event — also
 * after a reload, when the event was stored with the thread.
 *
 * Invariant: it only asks (`agent.undo`, `agent.undoRun`); whether a call
 * can be undone is the agent's to decide (the one approval policy), so a
 * refusal (`not-undoable`, `busy`) is shown as the element's error, never
 * decided here. Buttons are disabled while a run goes or an undo is on its way.
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Agent, Tool } from '../../src/types.js';
import type { LogItem, ToolCallItem } from '../conversation/index.js';
import type { I18n } from '../i18n/index.js';
import { undoWords, type UndoWords } from './undo-words.js';

/** What the bar needs from the element. */
export interface UndoBinding {
  agent(): Agent;
  tools(): readonly Tool[];
  items(): readonly LogItem[];
  /** True while a run goes (or the thread is another tab's): nothing can be undone now. */
  busy(): boolean;
  /** An undo was refused or failed to start: shown as the element's error. */
  failed(err: unknown): void;
  /** The element's language (English without it). */
  readonly i18n?: I18n;
}

/** Draws and runs the cards' Undo buttons. */
export class UndoBarView {
  readonly #host: ReactiveControllerHost;
  readonly #binding: UndoBinding;
  /** The call or run whose undo is on its way. */
  #going: string | undefined;

  constructor(host: ReactiveControllerHost, binding: UndoBinding) {
    this.#host = host;
    this.#binding = binding;
  }

  /** What the bar of `item` depends on besides the item (for `guard`). */
  inputsFor(item: ToolCallItem): unknown[] {
    if (item.status !== 'done') return [];
    return [this.#words(), this.#going, this.#binding.busy(), this.#undoable(item.name), item.runId && this.#runCalls(item.runId)];
  }

  /** The undo bar of `item`, or nothing. */
  draw(item: ToolCallItem): TemplateResult | typeof nothing {
    if (item.status !== 'done' || item.requestedBy) return nothing;
    const w = this.#words();
    if (item.undo?.status === 'undone') return html`<p part="undo-status" class="undo-status" data-status="undone">${w.undone}</p>`;
    if (!this.#undoable(item.name)) return nothing;
    const disabled = this.#going !== undefined || this.#binding.busy();
    const all = item.runId !== undefined && this.#offersUndoAll(item, item.runId);
    return html`${item.undo?.status === 'failed' ? html`<p part="undo-status" class="undo-status" data-status="failed" role="alert">${w.undoFailed(item.undo.error)}</p>` : nothing}
      <div class="undo-bar">
        <button part="undo-button" ?disabled=${disabled} aria-label=${w.undoCall(item.name)} @click=${() => this.#run(item.id, (agent) => agent.undo(item.id))}>${w.undo}</button>
        ${all ? html`<button part="undo-all-button" ?disabled=${disabled} @click=${() => this.#run(item.runId!, (agent) => agent.undoRun(item.runId!))}>${w.undoAll}</button>` : nothing}
      </div>`;
  }

  #words(): UndoWords {
    return this.#binding.i18n ? this.#binding.i18n.words(undoWords) : undoWords;
  }

  /** "Undo all" shows on the last call of the run left to undo, when there are two or more and every other finished call can be undone or only read. */
  #offersUndoAll(item: ToolCallItem, runId: string): boolean {
    const calls = this.#runCalls(runId);
    const left = calls.filter((c) => c.undo?.status !== 'undone' && this.#undoable(c.name));
    if (left.length < 2 || left.at(-1) !== item) return false;
    return calls.every((c) => c.undo?.status === 'undone' || this.#undoable(c.name) || this.#tool(c.name)?.readOnly === true);
  }

  /** The finished calls of run `runId`, in order (the model's: a browser agent's are no part of a run). */
  #runCalls(runId: string): ToolCallItem[] {
    return this.#binding.items().filter((i): i is ToolCallItem => i.kind === 'tool-call' && i.runId === runId && i.status === 'done' && !i.requestedBy);
  }

  #undoable(name: string): boolean {
    return typeof this.#tool(name)?.undo === 'function';
  }

  #tool(name: string): Tool | undefined {
    // Names come from the model: compared, never used as keys.
    return this.#binding.tools().find((t) => t.name === name);
  }

  #run(key: string, undo: (agent: Agent) => Promise<unknown>): void {
    this.#going = key;
    this.#host.requestUpdate();
    void undo(this.#binding.agent())
      .catch((err: unknown) => this.#binding.failed(err))
      .finally(() => {
        this.#going = undefined;
        this.#host.requestUpdate();
      });
  }
}
