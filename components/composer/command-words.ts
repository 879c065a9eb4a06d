/**
 * The composer's commands' words in English (`/help`, an unknown command,
 * `/workflow`'s notices): the ids every catalog translates
 * (components/i18n/words.ts). In the commands' chunk (composer-commands.ts),
 * loaded the first time the draft starts with "/": a chat whose user never
 * types a command carries none of them. The commands' names stay as typed.
 */
export const commandWords = {
  slashHelp:
    "Commands: /help shows this, /clear clears the conversation, /stop stops the running reply, /doctor checks the model connection, /trace shows the latest run's trace. " +
    'Enter sends, Shift+Enter adds a line, ↑ and ↓ recall earlier inputs.',
  unknownCommand: (help: string) => `Unknown command. ${help}`,
  workflowHelp: (list: string) => `/workflow name … starts a workflow: ${list}.`,
  noWorkflows: 'This chat has no workflows.',
  noWorkflowNamed: (name: string, help: string) => `No workflow is named "${name}". ${help}`,
};

/** The commands' words, as the element's language writes them. */
export type CommandWords = typeof commandWords;
