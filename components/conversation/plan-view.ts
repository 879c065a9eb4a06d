/**
 * The agent's plan (option `planning`) as `<agent-chat>` shows it: a
 * disclosure whose summary says how many tasks are done, over the task list —
 * the current task highlighted (`aria-current`), blocked and failed ones
 * marked in words as well as colour, each task's dependencies named. It is
 * open while work remains and closes itself once every task is finished
 * (completed or failed); the user can open or close it at any time, and a
 * render only changes `open` when "finished" changes. Text is bound through
 * Lit, never HTML: titles and notes come from the model. Loaded with the
 * first plan (lazy-view.ts).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { PlanTask, PlanTaskStatus } from '../../src/types.js';
import type { I18n } from '../i18n/index.js';
import { planWords, type PlanWords } from './plan-words.js';

/** Its styles, adopted by the element when this module loads (lazy-view.ts). */
export { planStyles as styles } from './plan-view.styles.js';

/** Each status's message id. */
const STATUS_LABEL: Record<PlanTaskStatus, keyof PlanWords> = {
  pending: 'planPending',
  in_progress: 'planInProgress',
  completed: 'planDone',
  failed: 'planFailed',
  blocked: 'planBlocked',
};

const STATUS_ICON: Record<PlanTaskStatus, string> = {
  pending: '○',
  in_progress: '▶',
  completed: '✓',
  failed: '✕',
  blocked: '⊘',
};

/** True when no task is left to do: every task completed or failed. */
export function planFinished(tasks: readonly PlanTask[]): boolean {
  return tasks.every((t) => t.status === 'completed' || t.status === 'failed');
}

/** Renders the plan in the element's language (English without `i18n`), or nothing before the agent's first plan. */
export function renderPlan(tasks: readonly PlanTask[] | null, i18n?: I18n): TemplateResult | typeof nothing {
  if (!tasks || tasks.length === 0) return nothing;
  const w = i18n ? i18n.words(planWords) : planWords;
  const count = (n: number): string => i18n?.format?.count(n) ?? String(n);
  const done = tasks.filter((t) => t.status === 'completed').length;
  const failed = tasks.filter((t) => t.status === 'failed').length;
  const blocked = tasks.filter((t) => t.status === 'blocked').length;
  const current = tasks.find((t) => t.status === 'in_progress');
  const finished = planFinished(tasks);
  const titles = new Map(tasks.map((t) => [t.id, t.title]));
  const extra = [failed ? w.planFailedCount(count(failed), failed) : '', blocked ? w.planBlockedCount(count(blocked), blocked) : ''].filter(Boolean).join(', ');
  return html`<details part="plan" class="drawer plan" ?open=${!finished} data-finished=${finished ? 'true' : 'false'}>
    <summary>
      <span class="plan-title">${w.planTitle}</span>
      <span class="plan-count">${w.planCount(count(done), count(tasks.length), done)}${extra ? ` · ${extra}` : ''}</span>
      ${current && !finished ? html`<span class="plan-current">· ${current.title}</span>` : nothing}
    </summary>
    <ol class="plan-tasks" aria-label=${w.planTasks} tabindex="0">
      ${tasks.map(
        (task) => html`<li class="plan-task" data-status=${task.status} data-task-id=${task.id}
            aria-current=${task.status === 'in_progress' ? 'step' : nothing}>
          <span class="plan-icon" aria-hidden="true">${STATUS_ICON[task.status]}</span>
          <span class="plan-task-body">
            <span class="plan-task-title">${task.title}</span>
            <span class="plan-status" data-status=${task.status}>${w[STATUS_LABEL[task.status]] as string}</span>
            ${task.dependsOn?.length
              ? html`<span class="plan-deps">${w.planAfter(task.dependsOn.map((id) => titles.get(id) ?? id).join(', '))}</span>`
              : nothing}
            ${task.note ? html`<span class="plan-note">${task.note}</span>` : nothing}
          </span>
        </li>`,
      )}
    </ol>
  </details>`;
}
