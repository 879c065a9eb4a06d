/**
 * A workflow run, made from its template (option `workflows`): the user
 * message that states the goal and the steps, and — with planning on — the
 * initial plan, one pending task per step. The steps go into the message, not
 * the system prompt, so a `retry` or `resume` of the run still knows them;
 * the page is shown only the workflow's name and the user's input
 * (`run-start`), never this text.
 *
 * @example
 * workflowStart('follow-up', { description: 'Follow up on pending orders.', steps: ['List them', 'Draft a note'] }, 'only this week', false).message
 * // → 'Workflow "follow-up": Follow up on pending orders.\nInput: only this week\n\nSteps:\n1. List them\n2. Draft a note'
 */
import type { PlanTask, WorkflowRunOptions, WorkflowTemplate } from '../types.js';
import { PageloopError } from '../errors.js';
import { pushUserMessage } from './history.js';
import type { RunSetup } from './run-context.js';
import type { SessionState } from './session-state.js';
import type { SessionConfig } from './session-types.js';

/** What a workflow run starts with. */
export interface WorkflowStart {
  /** The user message the run starts from. */
  message: string;
  /** With planning: the initial plan, one pending task per step (ids "1", "2", …). */
  plan?: PlanTask[];
}

/** The template named `name`, looked up as an own property; a coded error when there is none. */
export function findWorkflow(workflows: Readonly<Record<string, WorkflowTemplate>> | undefined, name: string): WorkflowTemplate {
  if (workflows && Object.hasOwn(workflows, name)) return workflows[name]!;
  throw unknownWorkflow(workflows, name);
}

/** The `unknown-workflow` error for `name`, naming the workflows there are. */
export function unknownWorkflow(workflows: Readonly<Record<string, WorkflowTemplate>> | undefined, name: string): PageloopError {
  const known = Object.keys(workflows ?? {});
  return new PageloopError('unknown-workflow', `No workflow is named "${name}". ${known.length ? `Workflows: ${known.join(', ')}.` : 'This agent has no workflows.'}`);
}

/** The message (and, with `planning`, the initial plan) of a run of workflow `name`. */
export function workflowStart(name: string, template: WorkflowTemplate, input: string | undefined, planning: boolean): WorkflowStart {
  const steps = template.steps.map((step, i) => `${i + 1}. ${step}`).join('\n');
  const heading = planning
    ? `Steps (already your plan: update_plan tasks "1" to "${template.steps.length}"; mark each in_progress, then completed, as you go):`
    : 'Steps:';
  const lines = [`Workflow "${name}": ${template.description}`];
  if (input?.trim()) lines.push(`Input: ${input.trim()}`);
  const message = `${lines.join('\n')}\n\n${heading}\n${steps}`;
  if (!planning) return { message };
  return { message, plan: template.steps.map((title, i) => ({ id: String(i + 1), title, status: 'pending' })) };
}

/** How a session starts a run of a workflow: what the run adds to the conversation as it begins, and how it differs from a plain run. */
export interface WorkflowRun {
  /** Adds the workflow's message to the history and, with planning, makes its steps the plan. */
  begin(): void;
  /** The template's tools (if it names any) and whether the run starts with its plan made. */
  setup: RunSetup;
}

/** A run of workflow `name` with the session's settings (`workflows`, `planning`); throws `unknown-workflow` when there is none. */
export function workflowRun(config: Pick<SessionConfig, 'workflows' | 'planning'>, state: Pick<SessionState, 'history' | 'plan' | 'emit'>, name: string, input?: string, options?: WorkflowRunOptions): WorkflowRun {
  const template = findWorkflow(config.workflows, name);
  const start = workflowStart(name, template, input, !!config.planning);
  const begin = () => {
    pushUserMessage(state.history, { role: 'user', content: start.message });
    const plan = start.plan && state.plan.update({ tasks: start.plan });
    if (plan?.ok) state.emit({ type: 'plan', tasks: plan.tasks });
  };
  return { begin, setup: { overrides: template.tools ? { ...options, tools: template.tools } : { ...options }, planned: start.plan !== undefined } };
}
