/**
 * The demo's settings run the doctor when an endpoint is saved: on an agent
 * of its own for the saved settings (the chat may have fallen back to the
 * scripted model meanwhile), disposed afterwards. What needs doing comes
 * first — failures and warnings with their fixes — then one line of what
 * passed; `/doctor` in the chat shows the whole checklist again.
 */
import { createAgent } from '../src/page/create-agent.js';
import type { Diagnosis } from '../src/types.js';
import { diagnosisSummary } from '../src/diagnosis-summary.js';
import type { EndpointSettings } from './endpoint-check.js';

/** The doctor's findings for `settings`, as lines for the connection panel; `failed` when a check failed. */
export async function diagnoseSaved(settings: EndpointSettings, signal: AbortSignal): Promise<{ lines: string[]; failed: boolean }> {
  const agent = createAgent({ baseURL: settings.baseURL, model: settings.model || 'unknown', ...(settings.apiKey ? { apiKey: settings.apiKey } : {}) });
  try {
    return doctorLines(await agent.diagnose({ signal }));
  } finally {
    agent.dispose();
  }
}

/** The checklist as a few lines: what to fix first, then what passed. */
export function doctorLines(d: Diagnosis): { lines: string[]; failed: boolean } {
  const problems = d.checks.filter((c) => c.status === 'fail' || c.status === 'warn');
  const passed = d.checks.filter((c) => c.status === 'pass').map((c) => c.label);
  const failed = problems.some((c) => c.status === 'fail');
  const head = problems.length === 0 ? `Doctor: ${diagnosisSummary(d)}.` : `Doctor: ${problems.length} to look at (type /doctor in the chat for the whole checklist).`;
  const lines = [head, ...problems.flatMap((c) => [`${c.status === 'fail' ? '✗' : '!'} ${c.label}: ${c.detail}`, ...(c.fix ? [`Fix: ${c.fix}`] : [])])];
  if (passed.length) lines.push(`Passed: ${passed.join(', ')}.`);
  return { lines, failed };
}
