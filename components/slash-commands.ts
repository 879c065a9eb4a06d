/**
 * The composer's slash commands: typed in the input, handled by the element,
 * never sent to the model.
 */

/** Slash commands the composer understands. */
export type SlashCommand = 'help' | 'clear' | 'stop';

/** Text `/help` shows. */
export const SLASH_HELP =
  'Commands: /help shows this, /clear clears the conversation, /stop stops the running reply. ' +
  'Enter sends, Shift+Enter adds a line, ↑ and ↓ recall earlier inputs.';

/** Parses a slash command; `null` when the input is not one, `'unknown'` for a command we do not know. */
export function parseSlashCommand(text: string): SlashCommand | 'unknown' | null {
  const match = /^\/([a-z]+)\s*$/i.exec(text.trim());
  if (!match) return null;
  const name = match[1]!.toLowerCase();
  return name === 'help' || name === 'clear' || name === 'stop' ? name : 'unknown';
}
