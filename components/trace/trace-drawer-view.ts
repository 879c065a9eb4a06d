/**
 * The open trace drawer's content (trace-drawer.ts): the `<agent-trace>`
 * element with the parts the chat forwards, and the focus move once it has
 * read its run; in a narrow element, the modal dialog that holds it (its
 * styles, `traceDialogStyles`, adopted by the drawer). Loaded with `<agent-trace>` itself (agent-trace-register.ts
 * re-exports it), so a chat whose user never opens a trace loads neither.
 */
import { css, html, type TemplateResult } from 'lit';
import type { Agent } from '../../src/types.js';
import type { AgentTrace } from './agent-trace.js';
import type { I18n } from '../i18n/index.js';
import { agentTraceWords } from './agent-trace-words.js';

/** The parts of `<agent-trace>` the chat forwards, so `agent-chat::part(trace-span)` styles them too. */
const FORWARDED = 'trace-close-button,trace-runs,trace-summary,trace-dropped,trace-tree,trace-span,trace-bar,trace-details,trace-error';

/**
 * The drawer's `<agent-trace>` on run `runId` (`null`: the latest, followed), in the chat's language and with its `labels` (`i18n`);
 * `dialogLabel` given: inside a `<dialog>` of that name that `focusTraceView` opens as modal (its Escape, the `cancel` event, closes it like the view's own).
 */
export function renderTraceView(agent: Agent | undefined, runId: string | null, close: () => void, i18n: I18n, dialogLabel?: string): TemplateResult {
  const view = html`<agent-trace part="trace" class="trace-drawer" closable theme="inherit" exportparts=${FORWARDED}
    .agent=${agent} .runId=${runId ?? undefined} .locale=${i18n.locale} .words=${i18n.words(agentTraceWords)} .format=${i18n.format} @trace-close=${close}></agent-trace>`;
  if (dialogLabel === undefined) return view;
  const cancel = (e: Event): void => {
    e.preventDefault();
    close();
  };
  return html`<dialog part="trace-dialog" class="trace-dialog" aria-label=${dialogLabel} @cancel=${cancel} @keydown=${wrapTab}>${view}</dialog>`;
}

/** What Tab stops at inside `root`, in order, through shadow roots (the view's rows, run picker, Close). */
function tabStops(root: Element | ShadowRoot, into: HTMLElement[] = []): HTMLElement[] {
  for (const el of root.querySelectorAll<HTMLElement>('*')) {
    if (el.tabIndex >= 0 && el.matches('a[href], button:not([disabled]), select, textarea, input, summary, [tabindex]') && el.checkVisibility()) into.push(el);
    if (el.shadowRoot) tabStops(el.shadowRoot, into);
  }
  return into;
}

/**
 * Tab past the dialog's last stop comes back to its first (Shift+Tab, the other way): a modal
 * dialog's page is inert, but the browser would otherwise hand focus to its own toolbar.
 */
function wrapTab(e: KeyboardEvent): void {
  if (e.key !== 'Tab') return;
  const stops = tabStops(e.currentTarget as HTMLDialogElement);
  const [first, last] = [stops[0], stops.at(-1)];
  if (!first || !last) return;
  let at = (e.currentTarget as Element).getRootNode() instanceof ShadowRoot ? ((e.currentTarget as Element).getRootNode() as ShadowRoot).activeElement : null;
  while (at?.shadowRoot?.activeElement) at = at.shadowRoot.activeElement;
  if (at !== (e.shiftKey ? first : last)) return;
  e.preventDefault();
  (e.shiftKey ? last : first).focus();
}

/**
 * The dialog: as wide as the waterfall reads well, never wider than the viewport (less a margin), as
 * tall as its content up to the viewport's height; the view inside scrolls. Colours are the chat's
 * (`theme="inherit"`: the dialog stays in the element's shadow tree, so its custom properties and
 * `color-scheme` reach it in the top layer).
 */
export const traceDialogStyles = css`
  .trace-dialog {
    box-sizing: border-box; width: min(44rem, calc(100vw - 16px)); max-width: calc(100vw - 16px); max-height: calc(100dvh - 16px);
    margin: auto; padding: 0; border: none; background: transparent; color: var(--agent-chat-fg); overflow: visible;
  }
  .trace-dialog::backdrop { background: rgb(0 0 0 / 0.5); }
  .trace-dialog > .trace-drawer { margin: 0; max-height: calc(100dvh - 16px); overflow-y: auto; box-shadow: 0 8px 32px rgb(0 0 0 / 0.35); }
  @media (forced-colors: active) { .trace-dialog > .trace-drawer { border: 2px solid CanvasText; } }
`;

/** Once the drawer is drawn: its dialog (if any) opened as modal; the view reads its run, then its first row takes focus (else its run picker, else the view). */
export async function focusTraceView(root: ShadowRoot | null): Promise<void> {
  const dialog = root?.querySelector<HTMLDialogElement>('dialog.trace-dialog');
  if (dialog && !dialog.open) dialog.showModal();
  const view = root?.querySelector<AgentTrace>('agent-trace');
  await view?.refresh();
  const own = view?.shadowRoot;
  (own?.querySelector<HTMLElement>('summary') ?? own?.querySelector<HTMLElement>('select') ?? view)?.focus();
}
