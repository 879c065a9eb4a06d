/**
 * The doctor's checklist in one line, the same wherever it is shown (the
 * element's `/doctor`, an app's own panel): failures and warnings counted
 * first; "passed" only when something was checked and passed — a checklist
 * whose every line was skipped (a model module: nothing to check) says that
 * nothing was checked, never that all checks passed.
 */
import type { Diagnosis } from './diagnosis-types.js';

/**
 * One line for `diagnosis` (shown by `/doctor`; not exported: an app words its own): `2 failed, 1 warning`, `All 7 checks passed (2 skipped)`, `Nothing was checked (1 skipped)`.
 *
 * @example
 * diagnosisSummary(await agent.diagnose()); // 'All 9 checks passed'
 */
export function diagnosisSummary(diagnosis: Pick<Diagnosis, 'checks'>): string {
  const count = (status: string) => diagnosis.checks.filter((c) => c.status === status).length;
  const [passed, warned, failed, skipped] = [count('pass'), count('warn'), count('fail'), count('skip')];
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (failed + warned > 0) return [failed ? `${failed} failed` : '', warned ? plural(warned, 'warning') : ''].filter(Boolean).join(', ');
  const skips = skipped ? ` (${skipped} skipped)` : '';
  if (passed === 0) return `Nothing was checked${skips}`;
  return `${passed === 1 ? 'The one check' : `All ${passed} checks`} passed${skips}`;
}
