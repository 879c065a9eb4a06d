/**
 * `/doctor` in the composer: runs `agent.diagnose()` and shows its checklist
 * in the log — a line "checking…" with a Cancel button at once, then the
 * checks, failures and warnings first-class: each line's status in words (not
 * colour alone), what was found, and "Fix:" with what to do. The checklist
 * is about the connection now, not the conversation: it is not stored with
 * the thread. The item's outcome arrives through the conversation reducer
 * (`{ type: 'doctor' }`); only the AbortControllers of running diagnoses live
 * here, by item key, so the Cancel button can reach them.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { errorMessage } from '../../src/errors.js';
import { diagnosisSummary } from '../../src/diagnosis-summary.js';
import type { Agent, DiagnosisCheck, DiagnosisStatus } from '../../src/types.js';
import type { ConversationAction, DoctorItem } from '../conversation/index.js';

export { doctorStyles } from './doctor-report.styles.js';

/** Running diagnoses by item key. */
const running = new Map<string, AbortController>();

/** Runs the doctor on `agent`, showing it through `apply`; resolves when it is shown (also on failure or cancel). */
export async function runDoctorCommand(agent: Agent, apply: (action: ConversationAction) => void): Promise<void> {
  const key = crypto.randomUUID();
  const controller = new AbortController();
  running.set(key, controller);
  apply({ type: 'doctor', key });
  try {
    apply({ type: 'doctor', key, diagnosis: await agent.diagnose({ signal: controller.signal }) });
  } catch (err) {
    apply({ type: 'doctor', key, error: controller.signal.aborted ? 'Cancelled.' : errorMessage(err) });
  } finally {
    running.delete(key);
  }
}

const WORDS: Record<DiagnosisStatus, string> = { pass: 'OK', warn: 'Warning', fail: 'Failed', skip: 'Skipped' };
const TARGETS = { endpoint: 'Endpoint', engine: 'In-page model', 'model-module': 'Model module' } as const;

/** The log item of one `/doctor`: checking, its checklist, or why it could not run. */
export function renderDoctorItem(item: DoctorItem): TemplateResult {
  const key = item.id.slice('doctor-'.length);
  const d = item.diagnosis;
  if (!d) {
    return html`<section part="doctor" class="doctor" aria-label="Doctor">
      <p class="doctor-title">Doctor</p>
      ${item.error === undefined
        ? html`<p class="doctor-state" role="status">Checking the connection…
            <button class="doctor-cancel" @click=${() => running.get(key)?.abort()}>Cancel</button></p>`
        : html`<p class="doctor-state doctor-error">The doctor could not run: ${item.error}</p>`}
    </section>`;
  }
  const summary = diagnosisSummary(d);
  return html`<section part="doctor" class="doctor" aria-label="Doctor: ${summary}">
    <p class="doctor-title">Doctor · ${TARGETS[d.target]} <span class="doctor-subject">${d.subject}</span></p>
    <p class="doctor-summary">${summary} <span class="doctor-time">(${(d.durationMs / 1000).toFixed(1)} s)</span></p>
    <ul class="doctor-checks">
      ${d.checks.map(renderCheck)}
    </ul>
  </section>`;
}

function renderCheck(check: DiagnosisCheck): TemplateResult {
  return html`<li class="doctor-check ${check.status}" data-check=${check.id}>
    <span class="doctor-status">${WORDS[check.status]}</span>
    <span class="doctor-label">${check.label}</span>
    <span class="doctor-detail">${check.detail}</span>
    ${check.fix ? html`<span class="doctor-fix"><strong>Fix:</strong> ${check.fix}</span>` : nothing}
  </li>`;
}
