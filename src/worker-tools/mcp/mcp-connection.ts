/**
 * One MCP server's connection, made with the official TypeScript client
 * (`@modelcontextprotocol/client`, the SDK's v2 line). Over Streamable HTTP the
 * client negotiates the protocol era (`versionNegotiation: 'auto'`): it probes
 * with `server/discover` and speaks the stateless 2026-07-28 revision to a
 * server that answers it, and otherwise the 2025 `initialize` handshake
 * (session-based revisions 2024-11-05 … 2025-11-25). When the server answers
 * Streamable HTTP with a 4xx other than 401/403 (the spec's
 * backwards-compatible probe), the legacy HTTP+SSE transport is tried, with
 * the 2025 handshake only (2026-07-28 has no SSE transport). A connection
 * that drops is noticed (mcp-liveness.ts): its calls are answered at once and
 * the hub marks the server failed. This module (with mcp-liveness.ts and
 * eliciting-client.ts) is the only one that imports the client package, and the hub loads it with
 * `import()`, so the package is its own chunk that agents without `mcp` never fetch.
 */
import { type Client, SdkErrorCode, StreamableHTTPClientTransport, SSEClientTransport, UnauthorizedError, specTypeSchemas } from '@modelcontextprotocol/client';
import type { ElicitRequestFormParams, ElicitResult, JSONObject, OAuthClientProvider, Tool as SdkTool, Progress } from '@modelcontextprotocol/client';
import type { McpPrompt, McpResource, McpResourceText } from '../../mcp-types.js';
import type { NamedServer } from './mcp-names.js';
import { mapCallResult, type McpCallResult, type McpContent } from './mcp-result.js';
import { explainFailure, httpStatus, isNetworkError, type McpFailure } from './mcp-errors.js';
import type { ReadResult } from './mcp-apps.js';
import { schemaProblem } from '../../tools/schema-checks.js';
import { watchLiveness } from './mcp-liveness.js';
import { isRecord } from '../../is-record.js';
import { ElicitingClient } from './eliciting-client.js';

/** How long the handshake (the era probe and `initialize`, or `server/discover`) may take before the server counts as failed. */
const CONNECT_TIMEOUT_MS = 15_000;

/** A server tool, as listed. */
export type McpListedTool = SdkTool;

/** A listed tool left out before it was offered, and why. */
export interface McpRefusedTool {
  tool: string;
  why: string;
}

/**
 * Tools read from one server at most, all pages together: a list past it is
 * cut there (and said so). The hub offers far fewer (see `MCP_TOOL_LIMIT`
 * in mcp-tool-limit.ts); this only bounds what one listing may cost.
 */
export const MAX_LISTED_TOOLS = 20_000;
/** The largest input schema a tool may have, as JSON text: it goes out with every model request. */
export const MAX_SCHEMA_BYTES = 64_000;

/** A result schema that takes anything: the tools are checked one by one (`usableTools`), so one bad tool cannot fail the list. */
const ANY_RESULT = { '~standard': { version: 1 as const, vendor: 'pageloop', validate: (value: unknown) => ({ value }) } };

/** The protocol era a connection speaks: `modern` is 2026-07-28 (stateless, `server/discover`), `legacy` the 2025 `initialize` revisions. */
export type McpEra = 'modern' | 'legacy';

/** What the hub hears from a connection. */
export interface ConnectionHooks {
  /** The tool list changed (`notifications/tools/list_changed`, refetched) or the connection closed. */
  changed(): void;
  /** The MCP authorization flow for this server, if the app set one up; absent: bearer headers only. */
  auth?: McpAuth;
  /**
   * Asks the user what the server wants to know (elicitation, form mode);
   * resolves with their answer, or `cancel` when `signal` aborts (the server gave up).
   * Absent: the client declares no elicitation, and servers do not ask.
   */
  elicit?(request: ElicitRequestFormParams, signal: AbortSignal): Promise<ElicitResult>;
  /** A question the client package refused as outside the spec before `elicit` saw it (the server got `reason` as an error). */
  elicitRefused?(message: string, reason: string): void;
  /**
   * The client's A2UI capabilities (`{ "v0.9": { supportedCatalogIds } }`),
   * declared as A2UI's "A2UI over MCP" guide says: at initialize (its key
   * `a2ui`, and `experimental.a2ui`, which the official SDK's servers keep:
   * their schema drops keys it does not know) and in every call's `_meta.a2ui`
   * (the guide's choice for stateless servers). Absent: none declared.
   */
  a2ui?: Record<string, unknown>;
}

/**
 * The hook for the MCP authorization flow (OAuth 2.1 + PKCE): `provider` is
 * the client package's `OAuthClientProvider` (discovery, registration, tokens
 * and refresh are the package's, through it); its `redirectToAuthorization(url)`
 * starts the user's sign-in (a popup on the page), and `authorizationCode()`
 * resolves with the code the redirect page received. On a 401 the package calls
 * the first and throws `UnauthorizedError`; the connection then waits for the
 * second, hands the code to the transport (`finishAuth`) and connects again, once.
 */
export interface McpAuth {
  provider: OAuthClientProvider;
  authorizationCode(): Promise<string>;
}

type TransportKind = 'streamable-http' | 'sse';

/** A live connection to one server. */
export class McpConnection {
  readonly server: NamedServer;
  readonly transport: TransportKind;
  readonly protocolVersion: string | undefined;
  readonly era: McpEra | undefined;
  tools: McpListedTool[];
  /** Listed tools that cannot be offered at all (not a tool, a schema too deep or too large…), and why. */
  refused: McpRefusedTool[];
  #client: Client;
  #closed = false;
  /** Why the server counts as gone (it dropped the connection), once it does. */
  #lost: string | undefined;
  /** The client's A2UI capabilities, sent with each call (`_meta.a2ui`). */
  #a2ui: JSONObject | undefined;

  private constructor(server: NamedServer, client: Client, transport: TransportKind, listed: Listed) {
    this.server = server;
    this.#client = client;
    this.transport = transport;
    this.protocolVersion = client.getNegotiatedProtocolVersion();
    this.era = client.getProtocolEra();
    this.tools = listed.tools;
    this.refused = listed.refused;
  }

  /** Connects, lists the tools, and follows their changes; rejects with an explained `McpFailure`. */
  static async open(server: NamedServer, hooks: ConnectionHooks): Promise<McpConnection> {
    let connection: McpConnection | undefined;
    const url = new URL(server.url);
    // Plain JSON from the page (the catalogs' ids), typed as the package's JSON.
    const a2ui = hooks.a2ui && ({ clientCapabilities: hooks.a2ui } as unknown as JSONObject);
    const requestInit: RequestInit = { headers: server.headers ?? {} };
    const authProvider = hooks.auth?.provider;
    const transportFor = (kind: TransportKind) =>
      kind === 'sse' ? new SSEClientTransport(url, { requestInit, authProvider }) : new StreamableHTTPClientTransport(url, { requestInit, authProvider });
    // A client per attempt: a failed connect leaves nothing of its era or session behind.
    const attempt = async (kind: TransportKind, mode: 'auto' | 'legacy'): Promise<Client> => {
      const client = new ElicitingClient(
        { name: 'pageloop', version: '0.1.0' },
        {
          // Form mode only (a URL-mode request would send the user to a page the server names); fields an
          // answer leaves out get the schema's defaults (`applyDefaults`, SEP-1034). The element never leaves
          // out a field that has one: it sends the value it shows (mcp-elicitation.ts).
          capabilities: {
            ...(hooks.elicit ? { elicitation: { form: { applyDefaults: true } } } : {}),
            ...(a2ui ? { experimental: { a2ui }, ...{ a2ui } } : {}),
          },
          versionNegotiation: { mode },
          listChanged: {
            tools: {
              // Listed here, not by the package: its list check fails the whole list for one bad tool.
              autoRefresh: false,
              onChanged: () => {
                const current = connection;
                if (!current) return;
                void listTools(client).then(
                  (listed) => {
                    current.tools = listed.tools;
                    current.refused = listed.refused;
                    hooks.changed();
                  },
                  () => {},
                );
              },
            },
          },
        },
      );
      const elicit = hooks.elicit;
      // In the 2025 era a server→client request; in 2026-07-28 an `input_required` result the client fulfils through the same handler.
      client.refused = hooks.elicitRefused;
      if (elicit) client.setRequestHandler('elicitation/create', (request, ctx) => (request.params.mode === 'url' ? { action: 'decline' } : elicit(request.params, ctx.mcpReq.signal)));
      const transport = transportFor(kind);
      try {
        await client.connect(transport, { timeout: CONNECT_TIMEOUT_MS });
      } catch (err) {
        if (!hooks.auth || !(err instanceof UnauthorizedError)) throw err;
        // Signed in meanwhile (the provider opened the sign-in): exchange the code, then connect with the tokens.
        await transport.finishAuth(await hooks.auth.authorizationCode());
        await client.connect(transportFor(kind), { timeout: CONNECT_TIMEOUT_MS });
      }
      return client;
    };
    let kind: TransportKind = 'streamable-http';
    let client: Client;
    try {
      client = await attempt(kind, 'auto').catch((err: unknown) => {
        // A 2025 server's CORS rules do not allow the probe's new headers (Mcp-Method, Mcp-Name), so the
        // browser refuses it with a bare TypeError. The package reads that as "a legacy server" only where
        // `window` exists; in this worker it rejects, so the same call is made here: the plain 2025 handshake.
        if (!probeBlocked(err)) throw err;
        return attempt(kind, 'legacy');
      });
    } catch (first) {
      const status = httpStatus(first);
      // 400, 404, 405 (and other 4xx): perhaps a server of the 2024-11-05 HTTP+SSE transport.
      if (status === undefined || status < 400 || status >= 500 || status === 401 || status === 403) throw await explainFailure(server, first);
      try {
        kind = 'sse';
        client = await attempt(kind, 'legacy');
      } catch {
        // The SSE attempt's failure says less than the first one (which was the server's own answer).
        throw await explainFailure(server, first);
      }
    }
    let listed: Listed = { tools: [], refused: [] };
    try {
      if (client.getServerCapabilities()?.tools) listed = await listTools(client);
    } catch (err) {
      await client.close().catch(() => {});
      throw await explainFailure(server, err);
    }
    const made = (connection = new McpConnection(server, client, kind, listed));
    made.#a2ui = a2ui;
    client.onclose = () => {
      if (made.#closed) return;
      made.#closed = true;
      hooks.changed();
    };
    watchLiveness(client, {
      lost: (why) => void (made.#lost ??= why),
      lostAnswer: (method) => `MCP server "${server.name}" (${server.url}) lost the answer to this ${method === 'tools/call' ? 'call' : `"${method}" request`}: the connection carrying it was cut (the server may have run it).`,
    });
    return made;
  }

  /** True once the connection ended (the server went away, or `close`). */
  get closed(): boolean {
    return this.#closed;
  }

  /** Why the server counts as gone, if it dropped the connection (undefined after a plain `close`, or while it lives). */
  get lost(): string | undefined {
    return this.#lost;
  }

  /** What the server says it is. */
  get info(): { name: string; version: string; title?: string } | undefined {
    const info = this.#client.getServerVersion();
    return info && { name: info.name, version: info.version, ...(info.title ? { title: info.title } : {}) };
  }

  get offersPrompts(): boolean {
    return this.#client.getServerCapabilities()?.prompts !== undefined;
  }

  get offersResources(): boolean {
    return this.#client.getServerCapabilities()?.resources !== undefined;
  }

  /**
   * Calls tool `name` (its name on the server). `signal` cancels it: the SDK
   * then sends `notifications/cancelled` for the request. Progress resets the timeout.
   */
  async call(name: string, args: unknown, signal: AbortSignal, onProgress: (p: Progress) => void): Promise<McpCallResult> {
    try {
      const meta = this.#a2ui ? { _meta: { a2ui: this.#a2ui } } : {};
      const result = await this.#client.callTool({ name, arguments: (args ?? {}) as Record<string, unknown>, ...meta }, {
        signal,
        onprogress: onProgress,
        resetTimeoutOnProgress: true,
        timeout: 120_000,
      });
      return result as McpCallResult;
    } catch (err) {
      if (this.#lost === undefined || signal.aborted) throw err;
      throw new Error(`MCP server "${this.server.name}" (${this.server.url}) dropped the connection while its tool "${name}" ran, so its result is lost (the server may have run it). The server is marked failed until it is reconnected (agent.mcp.reconnect("${this.server.name}")). What was seen: ${this.#lost}.`);
    }
  }

  async prompts(): Promise<McpPrompt[]> {
    if (!this.offersPrompts) return [];
    const list = (await this.#client.listPrompts()).prompts;
    return list.map((p) => ({
      server: this.server.name,
      name: p.name,
      ...(p.title ? { title: p.title } : {}),
      ...(p.description ? { description: p.description } : {}),
      arguments: (p.arguments ?? []).map((a) => ({ name: a.name, ...(a.description ? { description: a.description } : {}), ...(a.required ? { required: true } : {}) })),
    }));
  }

  /** Prompt `name` filled with `args`, its messages as one text (images and binary resources described). */
  async getPrompt(name: string, args: Record<string, string>): Promise<string> {
    const result = await this.#client.getPrompt({ name, arguments: args });
    const mapped = mapCallResult(this.server.name, name, { content: result.messages.map((m) => m.content as McpContent) });
    return mapped.ok ? String(mapped.result) : '';
  }

  async resources(): Promise<McpResource[]> {
    if (!this.offersResources) return [];
    const list = (await this.#client.listResources()).resources;
    return list.map((r) => ({
      server: this.server.name,
      uri: r.uri,
      name: r.name,
      ...(r.title ? { title: r.title } : {}),
      ...(r.description ? { description: r.description } : {}),
      ...(r.mimeType ? { mimeType: r.mimeType } : {}),
    }));
  }

  async readResource(uri: string): Promise<McpResourceText> {
    const result = await this.#client.readResource({ uri });
    const parts = result.contents.map((c) => ('text' in c && typeof c.text === 'string' ? c.text : `[${c.mimeType ?? 'binary'} content of ${c.uri}: not included]`));
    const first = result.contents[0];
    const blob = result.contents.length === 1 && first && 'blob' in first && typeof first.blob === 'string' ? { blob: first.blob } : {};
    return { server: this.server.name, uri, ...(first?.mimeType ? { mimeType: first.mimeType } : {}), text: parts.join('\n\n'), ...blob };
  }

  /** Resource `uri` as the server sent it, `_meta` included (an MCP App's `ui://` resource: mcp-apps.ts reads it). */
  async readRaw(uri: string): Promise<ReadResult> {
    return (await this.#client.readResource({ uri })) as ReadResult;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#client.close().catch(() => {});
  }
}

/** A server's tools as listed: those that can be offered, and those that cannot, with why. */
interface Listed {
  tools: McpListedTool[];
  refused: McpRefusedTool[];
}

/**
 * All the server's tools, page by page, within the connect's time: each
 * checked on its own — a name, an input schema no deeper than the hub
 * accepts and within `MAX_SCHEMA_BYTES` (checked before the package's own
 * check of a tool walks it, which recursion makes slow or breaks past a few
 * hundred levels), then the package's check of a tool — so a bad tool is left
 * out, said why, and its siblings are kept.
 */
async function listTools(client: Client): Promise<Listed> {
  const listed: Listed = { tools: [], refused: [] };
  let cursor: string | undefined;
  let read = 0;
  do {
    const page = await client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, ANY_RESULT, { timeout: CONNECT_TIMEOUT_MS });
    const entries: unknown[] = isRecord(page) && Array.isArray(page.tools) ? page.tools : [];
    for (const entry of entries) {
      if (++read > MAX_LISTED_TOOLS) {
        listed.refused.push({ tool: '(the rest)', why: `The server lists more than ${MAX_LISTED_TOOLS.toLocaleString('en')} tools; the rest were not read.` });
        return listed;
      }
      const checked = usableTool(entry);
      if ('why' in checked) listed.refused.push(checked);
      else listed.tools.push(checked.tool);
    }
    cursor = isRecord(page) && typeof page.nextCursor === 'string' ? page.nextCursor : undefined;
  } while (cursor !== undefined);
  // The 2026-07-28 revision's rule on `x-mcp-header` declarations, as the package applies it to its own listing.
  (client as unknown as { _excludeInvalidXMcpHeaderTools?: (result: { tools: McpListedTool[] }) => void })._excludeInvalidXMcpHeaderTools?.call(client, listed);
  return listed;
}

/** One listed entry as a tool, or why it cannot be one. */
function usableTool(entry: unknown): { tool: McpListedTool } | McpRefusedTool {
  const name = isRecord(entry) && typeof entry.name === 'string' && entry.name !== '' ? entry.name : undefined;
  if (!isRecord(entry) || name === undefined) return { tool: '(unnamed)', why: 'The server listed an entry that is not a tool (it has no name).' };
  const schema = entry.inputSchema;
  const problem = schemaProblem(schema);
  if (problem) return { tool: name, why: `its input schema cannot be used (${problem}), so it is not offered; the server's other tools are.` };
  const bytes = JSON.stringify(schema).length;
  if (bytes > MAX_SCHEMA_BYTES) return { tool: name, why: `its input schema is ${Math.round(bytes / 1000)} KB of JSON, over the ${MAX_SCHEMA_BYTES / 1000} KB a tool may send with every model request, so it is not offered.` };
  const checked = specTypeSchemas.Tool['~standard'].validate(entry);
  if (checked instanceof Promise || checked.issues) {
    const issues = checked instanceof Promise ? [] : checked.issues;
    const why = issues.map((i) => `${(i.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.') || '(tool)'}: ${i.message}`).join('; ') || 'it does not fit the MCP schema of a tool';
    return { tool: name, why: `It is not a valid MCP tool (${why}), so it is not offered.` };
  }
  return { tool: checked.value as McpListedTool };
}

/** True when the era probe (`server/discover`) failed on fetch itself: refused by CORS, or nothing answered. */
function probeBlocked(err: unknown): boolean {
  const cause = (err as { cause?: unknown } | null)?.cause;
  return (err as { code?: unknown } | null)?.code === SdkErrorCode.EraNegotiationFailed && isNetworkError(cause);
}

export type { McpFailure };
