/**
 * What a remote agent's interrupt that waited as an approval comes to
 * (option `agui`: the server stopped its run until the user says yes or no).
 * Unlike a tool call, nothing runs here on approval: the answer itself is
 * the result, and the server acts on it when its run resumes. The shape of
 * that answer is pageloop's, documented for servers:
 * `{ approved: true }`, `{ approved: true, args }` when the user edited what
 * was proposed, and a denial is `{ approved: false, message? }` (see
 * src/agent/remote-thread.ts, which turns results into resume entries).
 */
import type { ApprovalOutcome } from './approval-gate.js';
import { settled, type SettledCall } from './tool-result.js';

/** The settled result of interrupt `callId` (shown as a call of `name`) once its approval wait ended. */
export function interruptAnswer(callId: string, name: string, outcome: ApprovalOutcome): SettledCall {
  switch (outcome.status) {
    case 'approved':
      return settled(callId, name, 'ok', { result: outcome.edited ? { approved: true, args: outcome.args } : { approved: true } });
    case 'denied':
      return settled(callId, name, 'denied', { error: outcome.message });
    case 'timed-out':
      return settled(callId, name, 'denied', { error: 'nobody answered in time' });
    case 'invalid':
      return settled(callId, name, 'error', { error: outcome.error });
    default:
      return settled(callId, name, 'cancelled', { error: 'The run was cancelled while this interrupt waited for an answer.' });
  }
}
