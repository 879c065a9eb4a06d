/**
 * The approval panel's words in English: the ids every catalog translates
 * (components/i18n/words.ts). `{tool}` marks where the tool's name is drawn
 * (as code, so the message is a text with a place rather than a function).
 */
export const approvalWords = {
  allowToRun: 'Allow {tool} to run with these arguments?',
  waitsElsewhere: '{tool} waits for approval in the other tab, which writes this conversation.',
  argumentsOf: (tool: string) => `Arguments of ${tool} (JSON)`,
  approve: 'Approve',
  deny: 'Deny',
  editArguments: 'Edit arguments',
  discardEdits: 'Discard edits',
  alwaysAllow: (tool: string) => `Always allow ${tool}`,
  denyWithReason: 'Deny with reason…',
  denyWhy: 'Why not? The assistant reads this.',
  denyPlaceholder: 'e.g. not this customer; ask me first',
  notValidJson: (detail: string) => `Not valid JSON: ${detail}`,
  checkingArguments: 'Checking the arguments…',
};

/** The approval panel's words, as the element's language writes them. */
export type ApprovalWords = typeof approvalWords;
