/**
 * `agent.answer(callId, value)`: the user's answer to a call of a tool that
 * waits for it (`render` without `execute`). A call waiting on this page now
 * gets it at once. A call of a run the page died in (a reload while it
 * waited: the stored `input-request` has no result and the run no final) is
 * answered the way an approval of such a run is: the answer is kept, the run
 * resumes, and the resumed run's renewed wait takes the kept answer.
 */
import type { AgentEvent } from '../types.js';
import type { PageToolHost } from './page-tool-host.js';

/** What answering needs from the agent. */
export interface AnswerContext {
  /** True when no run is going and the worker lives: an interrupted run may be resumed. */
  idle(): boolean;
  /** The thread's stored events. */
  events(): Promise<AgentEvent[]>;
  /** Resumes the interrupted run. */
  resume(): void;
}

/** Answers call `callId` with `value`; see `Agent.answer`. */
export async function answerCall(host: PageToolHost, callId: string, value: unknown, agent: AnswerContext): Promise<boolean> {
  if (typeof callId !== 'string' || callId === '') throw new TypeError('answer(callId, value) needs the id of the waiting call.');
  const answers = await host.answers();
  if (answers.waits(callId)) return answers.answer(callId, value);
  // Announced, and its wait is on its way from the worker: kept for it.
  const announced = answers.announced(callId);
  const live = announced === undefined ? undefined : host.tool(announced);
  if (live?.awaitsUser) return answers.keep(live, callId, value);
  if (!agent.idle()) return false;
  const name = interruptedWait(await agent.events(), callId);
  const tool = name === undefined ? undefined : host.tool(name);
  if (!tool?.awaitsUser || !agent.idle()) return false;
  if (!(await answers.keep(tool, callId, value))) return false;
  agent.resume();
  return true;
}

/** The tool name of call `callId` when the last run ended without a final while that call waited for the user. */
function interruptedWait(events: readonly AgentEvent[], callId: string): string | undefined {
  let name: string | undefined;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'final' || (e.type === 'tool-result' && e.callId === callId)) return undefined;
    if (e.type === 'input-request' && e.callId === callId) name ??= e.name;
    if (e.type === 'run-start') return name;
  }
  return undefined;
}
