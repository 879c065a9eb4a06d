/**
 * The composer's commands, run by the element and never sent to the model:
 * `/help`, `/clear`, `/stop`, `/doctor`, `/trace` (slash-commands.ts),
 * `/workflow name …` with Tab completion (workflow-command.ts), and an MCP
 * server's `/server:prompt …` (mcp-prompt-command.ts). A chunk of its own:
 * composer.ts loads it the first time the draft starts with "/", so a chat
 * whose user never types a command never loads it.
 */
import { css } from 'lit';
import { parseSlashCommand, runSlashCommand, type SlashTarget } from './slash-commands.js';
import { parseWorkflowCommand, runWorkflowCommand, workflowHelp, type Workflows } from './workflow-command.js';
import { parsePromptCommand, type PromptCommand } from './mcp-prompt-command.js';
import type { Run } from '../../src/types.js';
import { commandWords } from './command-words.js';
import type { I18n } from '../i18n/index.js';

export { completeDraft, renderCompletions } from './workflow-command.js';

/** The completions' styles (part `completions`), adopted into the element's sheets with this chunk. */
export const commandStyles = css`
  .completions {
    flex-basis: 100%; margin: 0; display: flex; flex-wrap: wrap; gap: 4px 12px;
    color: var(--agent-chat-muted); font-size: 0.85em;
  }
  .completion code { color: var(--agent-chat-fg); font-family: var(--agent-chat-mono-font); }
`;

/** What the commands act on: the element. */
export interface CommandTarget extends Omit<SlashTarget, 'moreHelp'> {
  /** The workflows `/workflow` can start (and Tab completes). */
  workflows(): Workflows;
  /** Starts workflow `name` (the element's `agent.runWorkflow`): its run, or undefined when it was refused (the element says why). */
  startWorkflow(name: string, input: string | undefined): Run | undefined;
  /** Runs an MCP server's prompt; absent: such input is a message. */
  prompt?(command: PromptCommand): void;
  /** The MCP servers' prompts, for `/help` ('' without any). */
  mcpHelp(): string;
  /** The element's language: the commands' notices (their words come with this chunk). */
  i18n?: I18n;
}

/**
 * Runs `text` when it is a command (its notices in the element's language, `target.i18n`): `'done'`, or the run it started (a
 * workflow), or `'kept'` when it was refused and the draft stays to mend (an
 * unknown workflow, a start refused at once; the reason is shown).
 * `'message'` when it is a message after all — or an MCP prompt while a
 * reply runs (`busy`), which waits in the draft as a message would.
 */
export function runCommand(text: string, target: CommandTarget, busy: boolean): 'done' | 'kept' | 'message' | Run {
  const words = target.i18n?.words(commandWords) ?? commandWords;
  const workflow = parseWorkflowCommand(text);
  if (workflow !== null) {
    let run: Run | undefined;
    const started = runWorkflowCommand(workflow, target.workflows(), { notice: (line) => target.notice(line), start: (name, input) => (run = target.startWorkflow(name, input)) !== undefined }, words);
    return run ?? (started ? 'done' : 'kept');
  }
  const command = parseSlashCommand(text);
  if (command !== null) {
    void runSlashCommand(command, { ...target, moreHelp: () => [workflowHelp(target.workflows(), words), target.mcpHelp()].filter(Boolean).join(' ') }, words);
    return 'done';
  }
  const prompt = !busy && target.prompt ? parsePromptCommand(text) : null;
  if (prompt === null) return 'message';
  target.prompt!(prompt);
  return 'done';
}
