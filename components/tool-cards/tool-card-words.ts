/**
 * A tool card's words in English: the ids every catalog translates
 * (components/i18n/words.ts). In the cards' chunk: a page without tool
 * calls never loads them.
 */
export const toolCardWords = {
  statusStreaming: 'writing arguments…',
  statusPending: 'queued',
  statusAwaitingApproval: 'awaiting approval',
  statusAwaitingInput: 'waiting for your answer',
  statusRunning: 'running',
  statusDone: 'done',
  statusFailed: 'failed',
  statusDenied: 'denied',
  statusCancelled: 'cancelled',
  statusInterrupted: 'interrupted — may or may not have taken effect',
  noteDenied: 'Denied',
  noteCancelled: 'Cancelled',
  noteInterrupted: 'Interrupted',
  toolCall: (name: string, status: string) => `Tool call ${name}: ${status}`,
  toolCallRequested: (name: string, asker: string, status: string) => `Tool call ${name}, requested by ${asker}: ${status}`,
  askerBrowserAgent: 'a browser agent',
  askerMcpApp: 'an MCP App',
  badgeBrowserAgent: 'browser agent',
  badgeMcpApp: 'MCP App',
  titleBrowserAgent: 'A browser agent called this tool of the page through WebMCP; the model did not ask for it.',
  titleMcpApp: "An MCP App shown in this chat called its server's tool; the model did not ask for it.",
  raw: 'Raw',
  result: 'Result',
  error: 'Error',
  progress: 'Progress',
  progressOf: (done: string, total: string) => `${done} of ${total}`,
  moreCharacters: (count: string, n: number) => `${count} more character${n === 1 ? '' : 's'} not shown`,
};

/** A tool card's words, as the element's language writes them. */
export type ToolCardWords = typeof toolCardWords;
