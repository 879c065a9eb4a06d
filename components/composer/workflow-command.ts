/**
 * `/workflow name …` in the composer (in the commands' chunk,
 * composer-commands.ts; a workflow run's mark in the log is message-view.ts's).
 * The composer's commands are typed by people, so names complete with
 * Tab (command names after "/", workflow names after "/workflow "), the
 * candidates are listed under the input while a command is being typed, and
 * an unknown name is answered with the names there are — nothing is sent.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { WorkflowTemplate } from '../../src/types.js';
import { commandWords, type CommandWords } from './command-words.js';

/** Workflows by name, as the element's `workflows` property holds them. */
export type Workflows = Readonly<Record<string, WorkflowTemplate>>;

/** The composer's command names, for completion after "/". */
const COMMANDS = ['help', 'clear', 'stop', 'doctor', 'trace', 'workflow'] as const;

/** A `/workflow` line: the name (empty: list them) and what follows it. */
export interface WorkflowCommand {
  name: string;
  input: string;
}

/** Reads `/workflow name input…`; `null` when the text is not that command. */
export function parseWorkflowCommand(text: string): WorkflowCommand | null {
  const match = /^\/workflow(?:\s+(\S+))?(?:\s+([\s\S]*))?$/i.exec(text.trim());
  if (!match) return null;
  return { name: match[1] ?? '', input: (match[2] ?? '').trim() };
}

/** The workflow names, for `/help` and errors, in `words`; empty without workflows. */
export function workflowHelp(workflows: Workflows, words: CommandWords = commandWords): string {
  const names = Object.keys(workflows);
  if (names.length === 0) return '';
  return words.workflowHelp(names.map((n) => `${n} (${workflows[n]!.description.replace(/\.$/, '')})`).join('; '));
}

/** What the command needs from the element. */
export interface WorkflowTarget {
  notice(text: string): void;
  /** Starts the workflow (the element's `agent.runWorkflow`); false when it was refused (the element says why). */
  start(name: string, input: string | undefined): boolean;
}

/**
 * Runs a parsed `/workflow` command: lists the workflows, refuses an unknown
 * name, or starts one. False when nothing was done but say why (no such
 * workflow, a start refused): the draft stays, to mend.
 */
export function runWorkflowCommand(command: WorkflowCommand, workflows: Workflows, target: WorkflowTarget, words: CommandWords = commandWords): boolean {
  const help = workflowHelp(workflows, words);
  if (!help) return (target.notice(words.noWorkflows), false);
  if (command.name === '') return (target.notice(help), true);
  if (!Object.hasOwn(workflows, command.name)) return (target.notice(words.noWorkflowNamed(command.name, help)), false);
  return target.start(command.name, command.input || undefined);
}

/** One completion offered under the input. */
export interface Completion {
  /** The text the draft becomes when this completion is taken. */
  text: string;
  label: string;
  detail?: string;
}

/** What can complete `draft`: command names after "/", workflow names after "/workflow ". */
export function completionsFor(draft: string, workflows: Workflows): Completion[] {
  const command = /^\/(\w*)$/.exec(draft);
  if (command) {
    const typed = command[1]!.toLowerCase();
    return COMMANDS.filter((c) => c.startsWith(typed) && (c !== 'workflow' || Object.keys(workflows).length > 0)).map((c) => ({
      text: `/${c}${c === 'workflow' ? ' ' : ''}`,
      label: `/${c}`,
    }));
  }
  const named = /^\/workflow\s+([\w-]*)$/i.exec(draft);
  if (!named) return [];
  const typed = named[1]!;
  return Object.keys(workflows)
    .filter((name) => name.startsWith(typed))
    .map((name) => ({ text: `/workflow ${name} `, label: name, detail: workflows[name]!.description }));
}

/** What Tab makes of `draft`: the one completion, or the candidates' common prefix; `null` when nothing more completes. */
export function completeDraft(draft: string, workflows: Workflows): string | null {
  const options = completionsFor(draft, workflows);
  if (options.length === 0) return null;
  const completed = options.length === 1 ? options[0]!.text : commonPrefix(options.map((o) => o.text));
  return completed.length > draft.length ? completed : null;
}

function commonPrefix(texts: string[]): string {
  let prefix = texts[0]!;
  for (const text of texts) while (!text.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}

/** The candidates under the input while a command is typed (a polite status, so a screen reader hears them). */
export function renderCompletions(draft: string, workflows: Workflows): TemplateResult | typeof nothing {
  const options = completionsFor(draft, workflows);
  if (options.length === 0 || (options.length === 1 && options[0]!.text.trim() === draft.trim())) return nothing;
  return html`<p part="completions" class="completions" role="status">
    <span class="visually-hidden">Tab completes: </span>
    ${options.map((o) => html`<span class="completion"><code>${o.label}</code>${o.detail ? html` ${o.detail}` : nothing}</span>`)}
  </p>`;
}
