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
import type { Agent, Diagnosis, DiagnosisCheck } from '../../src/types.js';
import type { DiagnosisLine } from '../../src/diagnosis-types.js';
import { diagnosisLines, type DiagnosisLines } from '../../src/diagnosis-lines.js';
import type { ConversationAction, DoctorItem } from '../conversation/index.js';
import type { I18n } from '../i18n/index.js';
import { CHECK_WORDS, doctorWords, type DoctorWords } from './doctor-words.js';

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
    apply(controller.signal.aborted ? { type: 'doctor', key, error: '', cancelled: true } : { type: 'doctor', key, error: errorMessage(err) });
  } finally {
    running.delete(key);
  }
}

const STATUS = { pass: 'doctorPass', warn: 'doctorWarn', fail: 'doctorFail', skip: 'doctorSkip' } as const;
const TARGETS = { endpoint: 'doctorTargetEndpoint', engine: 'doctorTargetEngine', 'model-module': 'doctorTargetModule' } as const;

type LinesLoader = NonNullable<I18n['doctorLines']>;
/** Each catalog's doctor lines over the English ones (English alone if they failed), by the catalog's loader, once settled. */
const loaded = new WeakMap<LinesLoader, DiagnosisLines>();
/** The loads on their way. */
const pending = new WeakMap<LinesLoader, Promise<void>>();

/**
 * The doctor's lines in `i18n`'s language, each as the app's `labels` word it:
 * the shown catalog's (a chunk of their own, `Catalog.doctor`, loaded here, the
 * first time a doctor item is drawn in that language), English until they are
 * in. `loading` is handed the load while it runs: the element draws the item
 * again once it is in (and its `updateComplete` waits for it). Lines that fail
 * to load leave English and say so once on the console.
 */
function linesIn(i18n: I18n, loading: (load: Promise<void>) => void): DiagnosisLines {
  const load = i18n.doctorLines;
  const shown = load && loaded.get(load);
  if (!load || shown) return i18n.words(shown || diagnosisLines);
  let on = pending.get(load);
  if (!on) {
    on = load().then(
      ({ doctor }) => void loaded.set(load, { ...diagnosisLines, ...doctor } as DiagnosisLines),
      (err: unknown) => {
        loaded.set(load, diagnosisLines);
        console.error("pageloop: the doctor's lines not loaded", err);
      },
    );
    pending.set(load, on);
  }
  loading(on);
  return i18n.words(diagnosisLines);
}

/**
 * The log item of one `/doctor`: checking, its checklist, or why it could not
 * run — in `i18n`'s language (`loading`: see linesIn; the lines start loading
 * with the "checking…" line, so they are usually in before the checklist).
 */
export function renderDoctorItem(item: DoctorItem, i18n: I18n, loading: (load: Promise<void>) => void = () => {}): TemplateResult {
  const w = i18n.words(doctorWords);
  const lines = linesIn(i18n, loading);
  const key = item.id.slice('doctor-'.length);
  const d = item.diagnosis;
  if (!d) {
    return html`<section part="doctor" class="doctor" aria-label=${w.doctor}>
      <p class="doctor-title">${w.doctor}</p>
      ${item.error === undefined
        ? html`<p class="doctor-state" role="status">${w.doctorChecking}
            <button class="doctor-cancel" @click=${() => running.get(key)?.abort()}>${w.doctorCancel}</button></p>`
        : html`<p class="doctor-state doctor-error">${w.doctorFailed(item.cancelled ? w.doctorCancelled : item.error)}</p>`}
    </section>`;
  }
  const summary = summaryOf(d, w);
  const seconds = d.durationMs / 1000;
  return html`<section part="doctor" class="doctor" aria-label=${w.doctorOf(summary)}>
    <p class="doctor-title">${w.doctor} · ${w[TARGETS[d.target]]} <span class="doctor-subject" dir="ltr" translate="no">${d.subject}</span></p>
    <p class="doctor-summary">${summary} <span class="doctor-time">(${w.doctorSeconds(i18n.format ? i18n.format.decimal(seconds, 1) : seconds.toFixed(1))})</span></p>
    <ul class="doctor-checks">
      ${d.checks.map((check) => renderCheck(check, w, lines))}
    </ul>
  </section>`;
}

/**
 * The checklist in one line, as src/diagnosis-summary.ts says it in English:
 * failures and warnings counted first; "passed" only when something was
 * checked and passed.
 */
function summaryOf(d: Pick<Diagnosis, 'checks'>, w: DoctorWords): string {
  const count = (status: string) => d.checks.filter((c) => c.status === status).length;
  const [passed, warned, failed, skipped] = [count('pass'), count('warn'), count('fail'), count('skip')];
  if (failed + warned > 0) return [failed ? w.doctorFailedCount(failed) : '', warned ? w.doctorWarningCount(warned) : ''].filter(Boolean).join(w.doctorSeparator);
  const skips = skipped ? ` ${w.doctorSkippedCount(skipped)}` : '';
  return (passed === 0 ? w.doctorNothingChecked : w.doctorAllPassed(passed)) + skips;
}

/**
 * One line: its status, its name, what was found and the fix, in the
 * element's language — the finding and the fix from the lines the library
 * wrote them from (`said`), each value it quotes (a URL, a model, a server's
 * own message) as it is, untranslated. A report without lines (an older
 * library) or with a line this table does not know keeps the library's
 * English (`lang="en"`, in its own direction).
 */
function renderCheck(check: DiagnosisCheck, w: DoctorWords, lines: DiagnosisLines): TemplateResult {
  const label = CHECK_WORDS[check.id];
  const said = check.said;
  const known = said && [...said.detail, ...(said.fix ?? [])].every(knownLine);
  const detail = known ? html`<span class="doctor-detail" dir="auto">${say(said.detail, lines)}</span>` : html`<span class="doctor-detail" lang="en" dir="auto">${check.detail}</span>`;
  const fix = known && said.fix ? html`<span class="doctor-fix-text" dir="auto">${say(said.fix, lines)}</span>` : html`<span class="doctor-fix-text" lang="en" dir="auto">${check.fix}</span>`;
  return html`<li class="doctor-check ${check.status}" data-check=${check.id}>
    <span class="doctor-status">${w[STATUS[check.status]]}</span>
    <span class="doctor-label">${label ? (w[label] as string) : check.label}</span>
    ${detail}
    ${check.fix ? html`<span class="doctor-fix"><strong>${w.doctorFix}</strong> ${fix}</span>` : nothing}
  </li>`;
}

/** Whether this version has line `said` and each line said inside it. */
const knownLine = ({ id, params }: DiagnosisLine): boolean => Object.hasOwn(diagnosisLines, id) && params.every((p) => typeof p !== 'object' || knownLine(p));

/** Marks a quoted value inside a written line (Unicode's private use area: no catalog writes it). */
const OPEN = '\uE000';
const CLOSE = '\uE001';
/** A quoted value's mark in a written line; `split` hands back its index. */
const VALUE = new RegExp(`${OPEN}(\\d+)${CLOSE}`);

/**
 * `said` in the element's language: each line written with its values, a quoted text shown as it is
 * (`translate="no"`), a line said inside another in the same language. (The log's notices do the same with
 * i18n/said.ts: the doctor's chunk keeps its own few lines, since sharing that module with the page would make
 * the page load one more chunk up front, 0.6 KB gz measured.)
 */
function say(said: readonly DiagnosisLine[], lines: DiagnosisLines): Array<string | TemplateResult> {
  const out: Array<string | TemplateResult> = [];
  for (const { id, params } of said) {
    const word = (lines as unknown as Record<string, string | ((...args: unknown[]) => string)>)[id]!;
    // A number is handed over as a number (a plural needs it); a text or a line as a mark the drawing below replaces.
    const text = typeof word === 'function' ? String(word(...params.map((p, i) => (typeof p === 'number' ? p : `${OPEN}${i}${CLOSE}`)))) : word;
    for (const [n, piece] of text.split(VALUE).entries()) {
      const value = params[Number(piece)]!;
      if (n % 2 === 0) out.push(piece);
      else out.push(typeof value === 'object' ? html`<span class="doctor-source">${say([value], lines)}</span>` : html`<span class="doctor-value" translate="no" dir="auto">${value}</span>`);
    }
  }
  return out;
}
