/**
 * The open trace drawer's content (trace-drawer.ts): the `<agent-trace>`
 * element with the parts the chat forwards, and the focus move once it has
 * read its run. Loaded with `<agent-trace>` itself (agent-trace-register.ts
 * re-exports it), so a chat whose user never opens a trace loads neither.
 */
import { html, type TemplateResult } from 'lit';
import type { Agent } from '../../src/types.js';
import type { AgentTrace } from './agent-trace.js';
import type { I18n } from '../i18n/index.js';
import { agentTraceWords } from './agent-trace-words.js';

/** The parts of `<agent-trace>` the chat forwards, so `agent-chat::part(trace-span)` styles them too. */
const FORWARDED = 'trace-close-button,trace-runs,trace-summary,trace-dropped,trace-tree,trace-span,trace-bar,trace-details,trace-error';

/** The drawer's `<agent-trace>` on run `runId` (`null`: the latest, followed), in the chat's language and with its `labels` (`i18n`). */
export function renderTraceView(agent: Agent | undefined, runId: string | null, close: () => void, i18n: I18n): TemplateResult {
  return html`<agent-trace part="trace" class="trace-drawer" closable theme="inherit" exportparts=${FORWARDED}
    .agent=${agent} .runId=${runId ?? undefined} .locale=${i18n.locale} .words=${i18n.words(agentTraceWords)} .format=${i18n.format} @trace-close=${close}></agent-trace>`;
}

/** Once the drawer is drawn: the view reads its run, then its first row takes focus (else its run picker, else the view). */
export async function focusTraceView(root: ShadowRoot | null): Promise<void> {
  const view = root?.querySelector<AgentTrace>('agent-trace');
  await view?.refresh();
  const own = view?.shadowRoot;
  (own?.querySelector<HTMLElement>('summary') ?? own?.querySelector<HTMLElement>('select') ?? view)?.focus();
}
