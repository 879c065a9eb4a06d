/**
 * What the calls waiting for approval will do, as their tools' `preview`s
 * say it (`defineTool({ preview })`; `domActions` have one): the steps, each
 * with the element it acts on. A chunk of its own, loaded with the first call
 * that has a preview (page-tool-host.ts).
 *
 * The page keeps the elements (`targets`, for an overlay to outline); the
 * `preview` event carries the rest as plain data, each step's element
 * replaced by where it stands (shown, hidden, gone, or none).
 *
 * Invariants:
 * - a call's `preview` event follows its `approval-request` (the request is
 *   delivered first even when the preview was ready before it);
 * - nothing in a preview is run: a tool's `preview` returns text and
 *   elements, and this desk only reads them; nothing the model wrote is code;
 * - a private target — a password or secret field, anything inside
 *   `[data-agent-private]` — is outlined without values: its `from` and `to`
 *   never leave this desk;
 * - while calls wait, one MutationObserver (its work batched to a frame)
 *   keeps each step's state current, and a change goes out as a new
 *   `preview` event, so a card says a target is gone before the user answers;
 *   approving a call whose target is gone runs nothing (`stale`).
 */
import type { ApprovalAsk } from '../protocol/agent.js';
import type { AgentEvent, PreviewStep, PreviewStepInfo, Tool, ToolPreview } from '../types.js';
import { errorMessage } from '../errors.js';
import { isElementVisible } from '../tools/dom/flat-tree.js';

/** Characters of a step's text or value an event carries at most. */
const TEXT_MAX = 200;

/** `autocomplete` tokens that mark a value as secret. */
const SECRET_AUTOCOMPLETE = /\b(current-password|new-password|one-time-code|cc-number|cc-csc)\b/;

interface Preview {
  name: string;
  steps: PreviewStep[];
  /** The steps as last sent (or to be sent). */
  info: PreviewStepInfo[];
  error?: string;
  /** Its approval request was delivered: the preview may follow it. */
  requested: boolean;
  /** The preview was worked out (the tool's `preview` settled). */
  ready: boolean;
  /** What was last sent, as JSON, so only a change is sent again. */
  sent?: string;
  controller: AbortController;
}

/** The previews of the calls waiting for approval on this page. */
export class PreviewDesk {
  readonly #previews = new Map<string, Preview>();
  readonly #deliver: (events: AgentEvent[]) => void;
  #observer: MutationObserver | undefined;
  #observed = new Set<Document>();
  #frame = 0;

  /** `deliver` hands `preview` events to the page's listeners (the same route as the worker's events). */
  constructor(deliver: (events: AgentEvent[]) => void) {
    this.#deliver = deliver;
  }

  /** Works out the preview of call `ask` with its checked `args`; sent once its request was delivered (`requested`: it was already). */
  async show(ask: ApprovalAsk, tool: Tool, args: unknown, requested = false): Promise<void> {
    const preview: Preview = { name: ask.name, steps: [], info: [], requested, ready: false, controller: new AbortController() };
    this.#previews.get(ask.callId)?.controller.abort();
    this.#previews.set(ask.callId, preview);
    try {
      preview.steps = stepsOf(await tool.preview!(args, { callId: ask.callId, signal: preview.controller.signal }));
    } catch (err) {
      preview.error = errorMessage(err) || 'The preview failed.';
    }
    if (this.#previews.get(ask.callId) !== preview) return;
    preview.info = preview.steps.map(describeStep);
    preview.ready = true;
    this.#watch(preview);
    this.#send(ask.callId, preview);
  }

  /** The approval request of these calls was delivered: their previews follow it. */
  requested(callIds: readonly string[]): void {
    for (const id of callIds) {
      const preview = this.#previews.get(id);
      if (!preview) continue;
      preview.requested = true;
      this.#send(id, preview);
    }
  }

  /**
   * Why call `callId`, approved as shown, must not run: a target of its
   * preview is no longer on the page. Undefined when it may run (or has no
   * preview). The card is told at once (a new `preview` event).
   */
  stale(callId: string): string | undefined {
    const preview = this.#previews.get(callId);
    if (!preview?.ready) return undefined;
    preview.info = preview.steps.map(describeStep);
    const gone = preview.info.findIndex((step) => step.target === 'gone');
    if (gone < 0) return undefined;
    this.#send(callId, preview);
    return `Not run: the element of step ${gone + 1} (${JSON.stringify(preview.info[gone]!.text)}) left the page after the user was shown the preview, so the call cannot run as they approved it. Look at the page again before trying anything else.`;
  }

  /** Call `callId` was answered or withdrawn: its preview goes (and the observer, with the last one). */
  settled(callId: string): void {
    this.#previews.get(callId)?.controller.abort();
    this.#previews.delete(callId);
    if (this.#previews.size > 0) return;
    this.#observer?.disconnect();
    this.#observer = undefined;
    this.#observed.clear();
    cancelAnimationFrame(this.#frame);
  }

  /** The elements of call `callId`'s steps, in order; null for a step with none, or whose element left the page. */
  targets(callId: string): (Element | null)[] {
    return this.#previews.get(callId)?.steps.map((s) => (s.target?.isConnected ? s.target : null)) ?? [];
  }

  #send(callId: string, preview: Preview): void {
    if (!preview.ready || !preview.requested) return;
    const event: AgentEvent = { type: 'preview', callId, name: preview.name, steps: preview.info, ...(preview.error !== undefined ? { error: preview.error } : {}) };
    const json = JSON.stringify(event);
    if (json === preview.sent) return;
    preview.sent = json;
    this.#deliver([event]);
  }

  /** Watches the documents `preview`'s targets live in: a change there may move, hide or remove a target. */
  #watch(preview: Preview): void {
    for (const step of preview.steps) {
      const doc = step.target?.ownerDocument;
      if (!doc || this.#observed.has(doc)) continue;
      this.#observer ??= new MutationObserver(() => this.#recheckSoon());
      this.#observer.observe(doc, { subtree: true, childList: true, attributes: true, attributeFilter: ['style', 'class', 'hidden', 'open', 'aria-hidden'] });
      this.#observed.add(doc);
    }
  }

  /** Re-reads every step's state once per frame at most, sending the previews that changed. */
  #recheckSoon(): void {
    if (this.#frame) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      for (const [id, preview] of this.#previews) {
        if (!preview.ready) continue;
        preview.info = preview.steps.map(describeStep);
        this.#send(id, preview);
      }
    });
  }
}

/** A preview as steps; throws on a shape no tool should return. */
function stepsOf(preview: ToolPreview): PreviewStep[] {
  if (typeof preview === 'string') return [{ text: preview }];
  if (isElement(preview)) return [{ text: 'acts on this element', target: preview }];
  const steps = Array.isArray(preview) ? preview : [preview as PreviewStep];
  return steps.map((step, i) => {
    if (typeof step !== 'object' || step === null || typeof step.text !== 'string') throw new TypeError(`preview step ${i + 1} needs a text (a string).`);
    if (step.target != null && !isElement(step.target)) throw new TypeError(`preview step ${i + 1}: target must be an element.`);
    return step;
  });
}

/** A step as the `preview` event carries it: no element, its state; no values for a private target. */
function describeStep(step: PreviewStep): PreviewStepInfo {
  const target = step.target ?? undefined;
  const state = !target ? 'none' : !target.isConnected ? 'gone' : isElementVisible(target) ? 'shown' : 'hidden';
  const info: PreviewStepInfo = { text: clip(step.text), target: state };
  if (target && isPrivate(target)) info.private = true;
  else {
    if (typeof step.from === 'string') info.from = clip(step.from);
    if (typeof step.to === 'string') info.to = clip(step.to);
  }
  return info;
}

/** True for an element of any realm (a same-origin frame's elements are not this window's `Element`s). */
function isElement(value: unknown): value is Element {
  return typeof value === 'object' && value !== null && (value as Node).nodeType === 1 && typeof (value as Element).getBoundingClientRect === 'function';
}

/** True when the element's value is secret, or it sits in a private region (across shadow roots and frames). */
export function isPrivate(element: Element): boolean {
  if (element.localName === 'input') {
    const input = element as HTMLInputElement;
    if (input.type === 'password' || input.type === 'hidden' || SECRET_AUTOCOMPLETE.test(input.autocomplete)) return true;
  }
  let current: Element | null = element;
  while (current) {
    if (current.hasAttribute('data-agent-private')) return true;
    const root = current.getRootNode();
    current = current.parentElement ?? ((root as ShadowRoot).host ?? (root as Document).defaultView?.frameElement ?? null);
  }
  return false;
}

function clip(text: string): string {
  return text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX - 1)}…` : text;
}
