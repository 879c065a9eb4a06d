/**
 * The composer's slash commands: typed in the input, handled by the element,
 * never sent to the model.
 */
import { commandWords, type CommandWords } from './command-words.js';

/** Slash commands the composer understands. */
export type SlashCommand = 'help' | 'clear' | 'stop' | 'doctor' | 'trace';

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

/** Runs a parsed command against `target`; its notices in `words` (the element's language). */
export async function runSlashCommand(command: SlashCommand | 'unknown', target: SlashTarget, words: CommandWords = commandWords): Promise<void> {
  if (command === 'help') target.notice([words.slashHelp, target.moreHelp?.()].filter(Boolean).join(' '));
  else if (command === 'stop') target.stop();
  else if (command === 'clear') await target.clear();
  else if (command === 'doctor') target.doctor();
  else if (command === 'trace') target.trace();
  else target.notice(words.unknownCommand(words.slashHelp));
}
