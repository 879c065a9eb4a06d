/**
 * `<agent-preview-outlines>`: the page overlay of the calls waiting for
 * approval — each step's target outlined, numbered and labelled with what
 * will happen (old → new). A chunk of its own, loaded with the first
 * `preview` event (preview-outlines.ts).
 *
 * Invariants:
 * - it never changes the page's layout: the element is shown in the top
 *   layer (`popover="manual"`), fixed over the viewport, ignoring the
 *   pointer; the page's elements are only read (their boxes);
 * - it works under a strict CSP: no inline style attribute in markup, its
 *   rules in a constructed style sheet, positions set through the CSSOM;
 * - text goes in as text (`textContent`), never HTML; a private step
 *   (`private`) shows no values;
 * - it follows its targets while shown (scroll, resize: one read per frame)
 *   and leaves the page (removed) once no call is shown;
 * - a draw reads every target's box before it writes anything (joining the
 *   page, its outlines): the boxes are read on the page's clean layout, and
 *   the page is laid out once, after the writes, not forced in between
 *   (bench `preview.draw_20_ms_p50`).
 *
 * Parts: `outline` (one per step with a target, `data-active` while its
 * step is hovered in the card, `data-target` its state), `outline-label`
 * (step number and text), `outline-value` (old → new).
 */
import type { PreviewStepInfo } from '../../src/types.js';
import type { I18n } from '../i18n/index.js';
import { previewWords } from './preview-words.js';

const STYLES = `
:host { all: initial; position: fixed; inset: 0; width: auto; height: auto; margin: 0; padding: 0; border: 0;
  background: transparent; overflow: visible; pointer-events: none; z-index: 2147483647; }
.box { position: fixed; box-sizing: border-box; border: 2px solid var(--agent-preview-color, #1a62d6);
  border-radius: 4px; box-shadow: 0 0 0 2px rgb(255 255 255 / 0.8); transition: opacity 120ms; }
.box[data-target='hidden'] { border-style: dashed; }
.label { position: absolute; left: -2px; bottom: 100%; margin-bottom: 2px; max-width: min(360px, 90vw);
  font: 600 12px/1.35 system-ui, sans-serif; color: var(--agent-preview-label-fg, #fff);
  background: var(--agent-preview-color, #1a62d6); padding: 2px 6px; border-radius: 4px; white-space: nowrap;
  overflow: hidden; text-overflow: ellipsis; }
.box.below .label { bottom: auto; top: 100%; margin: 2px 0 0; }
.value { display: block; font-weight: 400; opacity: 0.95; }
:host([data-focus]) .box { opacity: 0.35; }
:host([data-focus]) .box[data-active] { opacity: 1; border-width: 3px; }
:host([data-focus]) .box:not([data-active]) .label { visibility: hidden; }
`;

interface Shown {
  order: number;
  targets: (Element | null)[];
  steps: readonly PreviewStepInfo[];
}

/** The overlay element: outlines for each call shown, kept on their targets. */
export class PreviewOutlinesElement extends HTMLElement {
  /** The language of the element whose calls are shown (English without it): "(empty)" is written in it. */
  i18n: I18n | undefined;
  readonly #root = this.attachShadow({ mode: 'open' });
  readonly #calls = new Map<string, Shown>();
  #frame = 0;
  #active: { callId: string; step: number } | undefined;
  /** The windows of same-origin frames holding a target: their scrolling is followed too. */
  readonly #frames = new Set<Window>();
  readonly #follow = (): void => {
    if (!this.#frame) this.#frame = requestAnimationFrame(() => ((this.#frame = 0), this.#draw()));
  };

  constructor() {
    super();
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLES);
    this.#root.adoptedStyleSheets = [sheet];
    this.popover = 'manual';
    this.setAttribute('aria-hidden', 'true');
  }

  /**
   * Outlines call `callId`'s steps (`targets[i]` is step i's element); the
   * first target shown is scrolled into view. Steps are numbered across the
   * calls shown, in their `order` (as the approval cards number them).
   */
  show(callId: string, targets: (Element | null)[], steps: readonly PreviewStepInfo[], order = 0): void {
    const first = !this.#calls.has(callId);
    this.#calls.set(callId, { order, targets, steps });
    // Reads first, while the page's layout is clean: the first target's box (scrolled to when out of view), then every box.
    if (first) {
      const target = targets.find((t, i) => t?.isConnected && steps[i]?.target === 'shown');
      const box = target?.getBoundingClientRect();
      if (target && box && (box.bottom < 0 || box.top > innerHeight)) target.scrollIntoView({ block: 'center', inline: 'nearest' });
    }
    const boxes = this.#boxes();
    // Then the writes, which the next layout lays out in one pass.
    if (!this.isConnected) {
      document.body.append(this);
      addEventListener('scroll', this.#follow, { capture: true, passive: true });
      addEventListener('resize', this.#follow, { passive: true });
    }
    // A target inside a same-origin frame moves when the frame scrolls, which this window does not hear of.
    for (const target of targets) {
      const view = target && target.ownerDocument !== document ? target.ownerDocument.defaultView : null;
      if (view && !this.#frames.has(view)) {
        this.#frames.add(view);
        view.addEventListener('scroll', this.#follow, { capture: true, passive: true });
      }
    }
    if (!this.matches(':popover-open')) this.showPopover();
    this.#root.replaceChildren(...boxes);
  }

  /** Highlights step `step` of call `callId` (null: none). */
  highlight(callId: string, step: number | null): void {
    this.#active = step === null ? undefined : { callId, step };
    this.toggleAttribute('data-focus', step !== null);
    this.#draw();
  }

  /** Call `callId` was answered: its outlines go, and the overlay with the last. */
  hide(callId: string): void {
    if (!this.#calls.delete(callId)) return;
    if (this.#active?.callId === callId) this.highlight(callId, null);
    if (this.#calls.size > 0) return this.#draw();
    cancelAnimationFrame(this.#frame);
    this.#frame = 0;
    removeEventListener('scroll', this.#follow, { capture: true });
    removeEventListener('resize', this.#follow);
    for (const view of this.#frames) view.removeEventListener('scroll', this.#follow, { capture: true });
    this.#frames.clear();
    if (this.matches(':popover-open')) this.hidePopover();
    this.remove();
  }

  #draw(): void {
    this.#root.replaceChildren(...this.#boxes());
  }

  /** The outlines of the calls shown, built apart from the page: every target's box is read before anything is written. */
  #boxes(): HTMLElement[] {
    const boxes: HTMLElement[] = [];
    const empty = (this.i18n ? this.i18n.words(previewWords) : previewWords).previewEmpty;
    let n = 0;
    for (const [callId, { targets, steps }] of [...this.#calls].sort((a, b) => a[1].order - b[1].order)) {
      const offset = n;
      n += steps.length;
      steps.forEach((step, i) => {
        const target = targets[i];
        if (!target?.isConnected || step.target === 'gone' || step.target === 'none') return;
        const rect = viewportRect(target);
        const box = document.createElement('div');
        box.className = rect.top < 40 ? 'box below' : 'box';
        box.part.add('outline');
        box.dataset.target = step.target;
        box.dataset.callId = callId;
        box.dataset.step = String(offset + i + 1);
        if (this.#active?.callId === callId && this.#active.step === i) box.dataset.active = '';
        Object.assign(box.style, { left: `${rect.left - 3}px`, top: `${rect.top - 3}px`, width: `${rect.width + 6}px`, height: `${rect.height + 6}px` });
        const label = document.createElement('span');
        label.className = 'label';
        label.part.add('outline-label');
        label.textContent = `${offset + i + 1} · ${step.text}`;
        if (!step.private && (step.from !== undefined || step.to !== undefined)) {
          const value = document.createElement('span');
          value.className = 'value';
          value.part.add('outline-value');
          value.textContent = `${step.from || empty} → ${step.to || empty}`;
          label.append(value);
        }
        box.append(label);
        boxes.push(box);
      });
    }
    return boxes;
  }
}

/**
 * `element`'s box in this window's viewport, through the same-origin frames
 * between it and this document — and no further: this page may itself be
 * shown in a frame, whose offset in its parent is not this viewport's.
 */
function viewportRect(element: Element): DOMRect {
  const rect = element.getBoundingClientRect();
  let left = rect.left;
  let top = rect.top;
  let frame = element.ownerDocument === document ? null : (element.ownerDocument.defaultView?.frameElement ?? null);
  while (frame) {
    const outer = frame.getBoundingClientRect();
    left += outer.left + frame.clientLeft;
    top += outer.top + frame.clientTop;
    frame = frame.ownerDocument === document ? null : (frame.ownerDocument.defaultView?.frameElement ?? null);
  }
  return new DOMRect(left, top, rect.width, rect.height);
}

/** The overlay, defined once (a page may define the name first: then its own is used). */
export function previewOutlines(): PreviewOutlinesElement {
  if (!customElements.get('agent-preview-outlines')) customElements.define('agent-preview-outlines', PreviewOutlinesElement);
  const Outlines = customElements.get('agent-preview-outlines') as typeof PreviewOutlinesElement;
  return new Outlines();
}
