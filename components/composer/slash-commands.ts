/**
 * The composer's slash commands: typed in the input, handled by the element,
 * never sent to the model.
 */

/** Slash commands the composer understands. */
export type SlashCommand = 'help' | 'clear' | 'stop' | 'doctor' | 'trace';

/** Text `/help` shows. */
export const SLASH_HELP =
  'Commands: /help shows this, /clear clears the conversation, /stop stops the running reply, /doctor checks the model connection, /trace shows the latest run\'s trace. ' +
  'Enter sends, Shift+Enter adds a line, ↑ and ↓ recall earlier inputs.';

/** Parses a slash command; `null` when the input is not one, `'unknown'` for a command we do not know. */
export function parseSlashCommand(text: string): SlashCommand | 'unknown' | null {
  const match = /^\/([a-z]+)\s*$/i.exec(text.trim());
  if (!match) return null;
  const name = match[1]!.toLowerCase();
  return name === 'help' || name === 'clear' || name === 'stop' || name === 'doctor' || name === 'trace' ? name : 'unknown';
}

/** What the slash commands act on. */
export interface SlashTarget {
  /** Shows a line from the element in the log. */
  notice(text: string): void;
  /** Stops the running reply. */
  stop(): void;
  /** Clears the conversation, shown and stored. */
  clear(): Promise<void>;
  /** Checks the endpoint or engine and shows the checklist (`/doctor`). */
  doctor(): void;
  /** Opens the trace view on the latest run. */
  trace(): void;
  /** More help to add to `/help` (the workflows' names). */
  moreHelp?(): string;
}

/** Runs a parsed command against `target`. */
export async function runSlashCommand(command: SlashCommand | 'unknown', target: SlashTarget): Promise<void> {
  if (command === 'help') target.notice([SLASH_HELP, target.moreHelp?.()].filter(Boolean).join(' '));
  else if (command === 'stop') target.stop();
  else if (command === 'clear') await target.clear();
  else if (command === 'doctor') target.doctor();
  else if (command === 'trace') target.trace();
  else target.notice(`Unknown command. ${SLASH_HELP}`);
}
