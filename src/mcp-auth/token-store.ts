/**
 * Where MCP sign-ins are kept: an IndexedDB database of its own
 * (`pageloop-mcp-auth`, never the thread store), so tokens live per origin —
 * the browser's own partition — and never in events, logs or thread files.
 * One record per MCP server URL: the registered client, the tokens, and the
 * PKCE verifier and discovery state of a sign-in under way.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OAuthClientInformationMixed, OAuthDiscoveryState, OAuthTokens } from '@modelcontextprotocol/client';

/** What is kept for one MCP server. */
export interface ServerAuthRecord {
  client?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  /** The PKCE code verifier of the sign-in under way. */
  verifier?: string;
  /** Where discovery found the authorization server, kept so the code is exchanged with the server that issued it (SEP-2352). */
  discovery?: OAuthDiscoveryState;
}

interface AuthDB extends DBSchema {
  servers: { key: string; value: ServerAuthRecord };
}

const DB_NAME = 'pageloop-mcp-auth';

/** The origin's MCP sign-ins, by server URL. */
export class McpTokenStore {
  #db: Promise<IDBPDatabase<AuthDB>> | undefined;

  #open(): Promise<IDBPDatabase<AuthDB>> {
    return (this.#db ??= openDB<AuthDB>(DB_NAME, 1, { upgrade: (db) => void db.createObjectStore('servers') }));
  }

  /** What is kept for `server` (empty when nothing). */
  async get(server: string): Promise<ServerAuthRecord> {
    return (await (await this.#open()).get('servers', server)) ?? {};
  }

  /** Changes the record of `server` with `patch` (a field set to undefined is dropped). */
  async update(server: string, patch: Partial<ServerAuthRecord>): Promise<void> {
    const db = await this.#open();
    const tx = db.transaction('servers', 'readwrite');
    const next: ServerAuthRecord = { ...((await tx.store.get(server)) ?? {}), ...patch };
    for (const key of Object.keys(next) as (keyof ServerAuthRecord)[]) if (next[key] === undefined) delete next[key];
    await tx.store.put(next, server);
    await tx.done;
  }

  /** Forgets everything kept for `server` ("Sign out"). */
  async remove(server: string): Promise<void> {
    await (await this.#open()).delete('servers', server);
  }
}
