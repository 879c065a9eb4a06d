/**
 * The public types of pageloop's MCP client (option `mcp`): what an app
 * passes for each server, and what `agent.mcp` and the `mcp` event report.
 * Plain data only: all of it crosses the worker, where the connections live.
 */

/**
 * Who approves the calls of one server's tools.
 * - `read-only-auto` (the default): tools the server marks `readOnlyHint`
 *   (and not `destructiveHint`) run without asking; every other tool asks.
 * - `ask`: every call asks, read-only ones too.
 * - `auto`: no call asks (you trust this server's every tool).
 */
export type McpApproval = 'ask' | 'auto' | 'read-only-auto';

/** One MCP server the agent connects to (option `mcp`). */
export interface McpServerOptions {
  /** The server's MCP endpoint, e.g. `http://127.0.0.1:3001/mcp` (Streamable HTTP; a legacy HTTP+SSE endpoint such as `…/sse` works too). */
  url: string;
  /**
   * The server's name: the prefix of its tools' names (`name_tool`), and how
   * events, errors and commands (`/name:prompt`) refer to it. Default: the
   * URL's host name. Letters, digits, `_` and `-`; names must differ.
   */
  name?: string;
  /** Sent with every request, e.g. `{ Authorization: 'Bearer …' }`. Visible to anyone who can read the page. */
  headers?: Record<string, string>;
  /** @default 'read-only-auto' */
  approval?: McpApproval;
  /**
   * Only these of the server's tools (their names as the server gives them)
   * are offered. Default: all, up to 128 — a server listing more offers none
   * until they are named here (its status's `toolLimit` says so).
   */
  tools?: string[];
  /**
   * Sign in with the MCP authorization flow (OAuth 2.1 + PKCE) when the server
   * asks for it (a 401): a popup on the page that ends on pageloop's redirect
   * page, served by the app at `redirectUrl` (relative to the page; copy
   * `dist/mcp-oauth-redirect.html` and `.js` there). Tokens are kept per
   * origin in IndexedDB and refreshed; `agent.mcp.signOut(name)` forgets them.
   */
  oauth?: { redirectUrl: string };
}

/** Where one server's connection stands. */
export type McpServerState = 'connecting' | 'connected' | 'failed';

/**
 * Why a server could not be reached, for code (the message says it in words,
 * with the fix): `cors` the browser refused the answer (the server sends no
 * CORS headers for this page); `refused` nothing answers at the URL;
 * `unauthorized` 401; `forbidden` 403; `not-mcp` something answered that is
 * not an MCP endpoint; `protocol-version` no protocol revision in common;
 * `failed` anything else.
 */
export type McpErrorCode = 'cors' | 'refused' | 'unauthorized' | 'forbidden' | 'not-mcp' | 'protocol-version' | 'failed';

/** One of a server's tools, as the agent offers it. */
export interface McpToolInfo {
  /** The name the model calls it by (`server_tool`, made unique and valid for every endpoint). */
  name: string;
  /** Its name on the server. */
  serverName: string;
  title?: string;
  description: string;
  /** The server marked it `readOnlyHint` (and not `destructiveHint`): offered to sub-agents when it needs no approval. */
  readOnly: boolean;
  /** A call asks the user first (from its annotations and the server's `approval`). */
  needsApproval: boolean;
  /** The tool has an MCP App (`_meta.ui.resourceUri`, a `ui://` resource): `<agent-chat>` shows it in the call's card. */
  app?: { resourceUri: string };
}

/** One server's state, as `agent.mcp.status()` and the `mcp` event report it. */
export interface McpServerStatus {
  name: string;
  url: string;
  state: McpServerState;
  /** The transport that connected: Streamable HTTP, or the legacy HTTP+SSE one. */
  transport?: 'streamable-http' | 'sse';
  /** The protocol revision agreed on. */
  protocolVersion?: string;
  /** What the server says it is. */
  server?: { name: string; version: string; title?: string };
  /** The tools offered to the agent (empty unless connected). */
  tools: McpToolInfo[];
  /** Server tools left out, and why (a schema that cannot be compiled; not in the option's `tools`). */
  skipped?: { tool: string; why: string }[];
  /**
   * The server lists more tools than a server may offer unpicked (128), and
   * its `tools` option names none: none of its tools is offered, and
   * `message` says so and how to pick them. Prompts and resources still work.
   */
  toolLimit?: { listed: number; limit: number; message: string };
  /** The server offers prompts (`/name:prompt` in the element) and resources (attachable to a message). */
  prompts: boolean;
  resources: boolean;
  /** Why it failed: names the server and says what to fix. */
  error?: { code: McpErrorCode; message: string };
  /**
   * Only for a server with `oauth`: `signed-in` (connected with its tokens),
   * `needed` (no sign-in kept, or signed out: `reconnect` from a click signs in),
   * `failed` (the sign-in itself failed: a blocked or closed popup, a refusal; `error` says which).
   */
  signIn?: McpSignInState;
}

/** Where an OAuth server's sign-in stands (`McpServerStatus.signIn`). */
export type McpSignInState = 'needed' | 'signed-in' | 'failed';

/** A prompt a server offers (`prompts/list`). */
export interface McpPrompt {
  server: string;
  name: string;
  title?: string;
  description?: string;
  arguments: { name: string; description?: string; required?: boolean }[];
}

/** A resource a server offers (`resources/list`). */
export interface McpResource {
  server: string;
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** A resource's content as text (binary content is described in `text`, its bytes in `blob`). */
export interface McpResourceText {
  server: string;
  uri: string;
  mimeType?: string;
  text: string;
  /** The bytes (base64) of a resource whose one content is binary. */
  blob?: string;
}

/** The agent's MCP servers, reached from the page (`agent.mcp`). */
export interface AgentMcp {
  /** Every configured server's state (also sent as `mcp` events when it changes). */
  status(): Promise<McpServerStatus[]>;
  /** Connects server `name` again (after a failure, or to pick up a changed server). */
  reconnect(name: string): Promise<McpServerStatus>;
  /** The prompts of every connected server that offers them. */
  prompts(): Promise<McpPrompt[]>;
  /** Prompt `name` of `server`, filled with `args`, as the text of one user message. */
  getPrompt(server: string, name: string, args?: Record<string, string>): Promise<string>;
  /** The resources of every connected server that offers them (or of `server` only). */
  resources(server?: string): Promise<McpResource[]>;
  /** Reads one resource as text. */
  readResource(server: string, uri: string): Promise<McpResourceText>;
  /** Forgets the sign-in to server `name` (option `oauth`: its tokens and registered client) and disconnects it; `reconnect` signs in again. */
  signOut(name: string): Promise<McpServerStatus>;
  /** Answers a server's question to the user (an `mcp-elicitation` event, by its `id`): accept with `content`, decline, or cancel. */
  answerElicitation(id: string, answer: McpElicitationAnswer): Promise<void>;
  /** The MCP App's HTML and its `_meta.ui` (CSP domains, permissions) from `server`'s `ui://` resource `uri`; rejects when it is not an app (`text/html;profile=mcp-app`). */
  appResource(server: string, uri: string): Promise<McpAppResource>;
  /**
   * A tool call an MCP App asked for (`tools/call`): tool `name` (its name on
   * `server`, the app's own server) runs through the agent's approvals, shown
   * as a card marked `requestedBy: 'mcp-app'`, and never enters the model's
   * history. Resolves with the MCP result (`isError` when it failed or was denied).
   * `callId` (the card's id) is made by the page's agent; leave it out.
   */
  callAppTool(server: string, name: string, args: Record<string, unknown>, callId?: string): Promise<McpAppToolResult>;
}

/**
 * One field of an elicitation form, as the MCP spec's `PrimitiveSchemaDefinition`
 * has them: a string (optionally a `format`: email, uri, date, date-time), a
 * number or integer, a boolean, a single choice (`type: 'string'` with `enum`)
 * or a multiple choice (`type: 'array'` with `enum`, `minItems`, `maxItems`).
 */
export interface McpElicitationField {
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array';
  title?: string;
  description?: string;
  /** The schema's default: the element fills it in, where the user sees it; an answer that leaves the field out gets it (SEP-1034). */
  default?: string | number | boolean | string[];
  /** The choices: of a single choice (`string`), or of a multiple choice (`array`, the items' `enum` or `anyOf` consts). */
  enum?: string[];
  /** Labels for `enum`, in its order (`enumNames`, or the `oneOf` / `anyOf` titles). */
  enumNames?: string[];
  format?: 'email' | 'uri' | 'date' | 'date-time';
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  /** A multiple choice's bounds on how many are chosen. */
  minItems?: number;
  maxItems?: number;
}

/**
 * A server asks the user for input while it works (MCP elicitation, form
 * mode): event `mcp-elicitation`, answered with `agent.mcp.answerElicitation(id, …)`.
 * Unanswered, it is cancelled when the server gives up (its call ends) or after 5 minutes.
 */
export interface McpElicitation {
  id: string;
  /** The server's name (option `mcp[].name`). */
  server: string;
  /** What the server asks, in its words (untrusted: show it as text). */
  message: string;
  fields: Record<string, McpElicitationField>;
  required: string[];
}

/**
 * The user's answer: `accept` sends `content` (a field left out gets its
 * schema default, SEP-1034: `<agent-chat>` never leaves out a field that has
 * one, so it sends what the user sees), `decline` says no, `cancel` dismisses.
 */
export interface McpElicitationAnswer {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, string | number | boolean | string[]>;
}

/** An MCP App's UI resource (the MCP Apps extension: `text/html;profile=mcp-app`). */
export interface McpAppResource {
  server: string;
  uri: string;
  html: string;
  /** The domains the app declared (`_meta.ui.csp`); the app's frame allows these and nothing else from outside. */
  csp?: { connectDomains?: string[]; resourceDomains?: string[]; frameDomains?: string[]; baseUriDomains?: string[] };
  /** Browser permissions it asks for (`_meta.ui.permissions`): camera, microphone, geolocation, clipboardWrite. */
  permissions?: { camera?: object; microphone?: object; geolocation?: object; clipboardWrite?: object };
  /** The app prefers a border around it (`_meta.ui.prefersBorder`). */
  prefersBorder?: boolean;
}

/** A tool's result as an MCP App receives it (MCP `CallToolResult`). */
export interface McpAppToolResult {
  content: Array<Record<string, unknown> & { type: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}
