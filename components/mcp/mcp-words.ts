/**
 * The MCP drawer's words in English (the servers, their states and actions,
 * the resource picker, the servers' questions, `/help`'s line on prompts):
 * the ids every catalog translates (components/i18n/words.ts). In the
 * drawer's chunk (mcp-drawer.ts), loaded the first time the element has
 * `mcp` servers: a page without servers carries none of them. A server's
 * own texts (its name, tools, errors, questions) are shown as it sent them.
 */
export const mcpWords = {
  mcpServers: 'MCP servers',
  /** `count`: the `up` number (its plural form). */
  mcpConnectedCount: (up: string, all: string, count: number) => `${up} of ${all} connected`,
  mcpConnecting: 'connecting…',
  mcpConnected: 'connected',
  mcpFailed: 'failed',
  mcpNeedsSignIn: 'needs sign-in',
  mcpSignedIn: 'signed in',
  mcpSignInFailed: 'sign-in failed',
  mcpSignIn: 'Sign in',
  mcpSignInTo: (server: string) => `Sign in to ${server}`,
  mcpReconnect: 'Reconnect',
  mcpReconnectServer: (server: string) => `Reconnect ${server}`,
  mcpSignOut: 'Sign out',
  mcpSignOutOf: (server: string) => `Sign out of ${server}`,
  mcpToolsLeftOut: (server: string) => `Tools of ${server} left out`,
  mcpLeftOut: (tool: string, why: string) => `Left out ${tool}: ${why}`,
  mcpAttachResource: 'Attach a resource',
  mcpLoading: 'Loading…',
  mcpNoResources: 'No resources.',
  mcpAttachedResources: 'Resources attached to the next message',
  mcpRemoveResource: (uri: string) => `Remove ${uri}`,
  mcpCannotAttach: (uri: string, server: string, reason: string) => `${uri} from MCP server "${server}" cannot be attached: ${reason}`,
  mcpPromptHelp: (servers: string) => `/server:prompt args runs an MCP server's prompt (name=value pairs, or the text for a prompt's one argument); servers with prompts: ${servers}.`,
  mcpNoPrompt: (command: string, known: string) => `No MCP prompt ${command}. Prompts: ${known}.`,
  mcpNoPrompts: (command: string) => `No MCP prompt ${command}. No server offers prompts.`,
  /** `{server}`: the server's name, drawn in bold. */
  mcpAsks: 'MCP server {server} asks:',
  mcpAccept: 'Accept',
  mcpDecline: 'Decline',
  mcpCancel: 'Cancel',
  /** A question declined because no form can show it: `{server}` as in mcpAsks. */
  mcpAsked: 'MCP server {server} asked:',
  mcpDismiss: 'Dismiss',
  mcpChoose: (count: string) => `Choose ${count}.`,
  mcpChooseBetween: (min: string, max: string) => `Choose ${min} to ${max}.`,
  mcpChooseAtLeast: (count: string) => `Choose at least ${count}.`,
  mcpChooseAtMost: (count: string) => `Choose at most ${count}.`,
};

/** The MCP drawer's words, as the element's language writes them. */
export type McpWords = typeof mcpWords;
