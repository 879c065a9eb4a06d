/**
 * One MCP server's connection, made with the official TypeScript SDK
 * (`@modelcontextprotocol/sdk`): Streamable HTTP first and, when the server
 * answers that with a 4xx other than 401/403 (the spec's backwards-compatible
 * probe), the legacy HTTP+SSE transport. This module is the only one that
 * imports the SDK, and the hub loads it with `import()`, so the SDK is its
 * own chunk that agents without `mcp` never fetch.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Tool as SdkTool, Progress } from '@modelcontextprotocol/sdk/types.js';
import type { McpPrompt, McpResource, McpResourceText } from '../../mcp-types.js';
import type { NamedServer } from './mcp-names.js';
import { mapCallResult, type McpCallResult, type McpContent } from './mcp-result.js';
import { explainFailure, httpStatus, type McpFailure } from './mcp-errors.js';
import type { ReadResult } from './mcp-apps.js';

/** How long the handshake may take before the server counts as failed. */
const CONNECT_TIMEOUT_MS = 15_000;

/** A server tool, as listed. */
export type McpListedTool = SdkTool;

/** What the hub hears from a connection. */
export interface ConnectionHooks {
  /** The tool list changed (`notifications/tools/list_changed`, refetched) or the connection closed. */
  changed(): void;
  /** The MCP authorization flow for this server, if the app set one up; absent: bearer headers only. */
  auth?: McpAuth;
}

/**
 * The hook for the MCP authorization flow (OAuth 2.1 + PKCE): `provider` is
 * the SDK's `OAuthClientProvider` (discovery, registration, tokens and
 * refresh are the SDK's, through it); its `redirectToAuthorization(url)`
 * starts the user's sign-in (a popup on the page), and `authorizationCode()`
 * resolves with the code the redirect page received. On a 401 the SDK calls
 * the first and throws `UnauthorizedError`; the connection then waits for the
 * second, hands the code to the transport (`finishAuth`) and connects again, once.
 */
export interface McpAuth {
  provider: OAuthClientProvider;
  authorizationCode(): Promise<string>;
}

/** A live connection to one server. */
export class McpConnection {
  readonly server: NamedServer;
  readonly transport: 'streamable-http' | 'sse';
  readonly protocolVersion: string | undefined;
  tools: McpListedTool[];
  #client: Client;
  #closed = false;

  private constructor(server: NamedServer, client: Client, transport: 'streamable-http' | 'sse', version: string | undefined, tools: McpListedTool[]) {
    this.server = server;
    this.#client = client;
    this.transport = transport;
    this.protocolVersion = version;
    this.tools = tools;
  }

  /** Connects, lists the tools, and follows their changes; rejects with an explained `McpFailure`. */
  static async open(server: NamedServer, hooks: ConnectionHooks): Promise<McpConnection> {
    let connection: McpConnection | undefined;
    const client = new Client(
      { name: 'pageloop', version: '0.1.0' },
      {
        capabilities: {},
        listChanged: {
          tools: {
            onChanged: (error, tools) => {
              if (!connection || error || !tools) return;
              connection.tools = tools;
              hooks.changed();
            },
          },
        },
      },
    );
    let version: string | undefined;
    const attempt = async (transport: Transport): Promise<void> => {
      const set = transport.setProtocolVersion?.bind(transport);
      transport.setProtocolVersion = (v: string) => {
        version = v;
        set?.(v);
      };
      await client.connect(transport, { timeout: CONNECT_TIMEOUT_MS });
    };
    const url = new URL(server.url);
    const requestInit: RequestInit = { headers: server.headers ?? {} };
    const authProvider = hooks.auth?.provider;
    let kind: 'streamable-http' | 'sse' = 'streamable-http';
    try {
      const transport = new StreamableHTTPClientTransport(url, { requestInit, authProvider });
      try {
        await attempt(transport);
      } catch (err) {
        if (!hooks.auth || !(err instanceof UnauthorizedError)) throw err;
        // Signed in meanwhile (the provider opened the sign-in): exchange the code, then connect with the tokens.
        await transport.finishAuth(await hooks.auth.authorizationCode());
        await attempt(new StreamableHTTPClientTransport(url, { requestInit, authProvider }));
      }
    } catch (first) {
      const status = httpStatus(first);
      // 400, 404, 405 (and other 4xx): perhaps a server of the 2024-11-05 HTTP+SSE transport.
      if (status === undefined || status < 400 || status >= 500 || status === 401 || status === 403) throw await explainFailure(server, first);
      try {
        kind = 'sse';
        await attempt(new SSEClientTransport(url, { requestInit, authProvider }));
      } catch {
        // The SSE attempt's failure says less than the first one (which was the server's own answer).
        throw await explainFailure(server, first);
      }
    }
    const tools = client.getServerCapabilities()?.tools ? await listAll((cursor) => client.listTools({ cursor }).then((r) => ({ items: r.tools, next: r.nextCursor }))) : [];
    connection = new McpConnection(server, client, kind, version, tools);
    client.onclose = () => {
      if (connection!.#closed) return;
      connection!.#closed = true;
      hooks.changed();
    };
    return connection;
  }

  /** True once the connection ended (the server went away, or `close`). */
  get closed(): boolean {
    return this.#closed;
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
    const result = await this.#client.callTool({ name, arguments: (args ?? {}) as Record<string, unknown> }, undefined, {
      signal,
      onprogress: onProgress,
      resetTimeoutOnProgress: true,
      timeout: 120_000,
    });
    return result as McpCallResult;
  }

  async prompts(): Promise<McpPrompt[]> {
    if (!this.offersPrompts) return [];
    const list = await listAll((cursor) => this.#client.listPrompts({ cursor }).then((r) => ({ items: r.prompts, next: r.nextCursor })));
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
    const list = await listAll((cursor) => this.#client.listResources({ cursor }).then((r) => ({ items: r.resources, next: r.nextCursor })));
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
    return { server: this.server.name, uri, ...(first?.mimeType ? { mimeType: first.mimeType } : {}), text: parts.join('\n\n') };
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

/** Every page of a paginated list (at most 50 pages: a server that never ends its list is cut off). */
async function listAll<T>(page: (cursor: string | undefined) => Promise<{ items: T[]; next?: string }>): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < 50; n++) {
    const { items, next } = await page(cursor);
    all.push(...items);
    if (!next) break;
    cursor = next;
  }
  return all;
}

export type { McpFailure };
