/**
 * The agent's MCP servers, in its worker: one connection each (made by
 * mcp-connection.ts, which brings the SDK in its own chunk), their state
 * (`mcp` events, `status()`), and their tools as worker tools that join the
 * agent's (`descriptors()`, built by the `mcp` worker-tool factory). A server
 * that fails leaves the others and the page's tools as they were: its status
 * says why, and `reconnect` tries again.
 */
import type { AgentEvent } from '../../agent-events.js';
import type { McpAppResource, McpAppToolResult, McpApproval, McpElicitationAnswer, McpSignInState, McpPrompt, McpResource, McpResourceText, McpServerOptions, McpServerStatus, McpToolInfo } from '../../mcp-types.js';
import type { OutsideOutcome, SurfaceCheck, ToolDescriptor } from '../../protocol/agent.js';
import type { WorkerTool } from '../worker-tool.js';
import { MCP_TOOL_FACTORY, type McpToolSource } from './mcp-tool-factory.js';
import type { ConnectionHooks, McpConnection, McpListedTool } from './mcp-connection.js';
import type { McpCallResult } from './mcp-result.js';
import type { McpSurface } from './mcp-a2ui.js';
import { workerTool } from '../worker-tool.js';
import { errorMessage } from '../../errors.js';
import { mcpToolName, nameServers, type NamedServer } from './mcp-names.js';
import { mapCallResult } from './mcp-result.js';
import { toolLimitProblem } from './mcp-tool-limit.js';
import { toolResult } from '../../tools/tool-result.js';
import type { McpFailure } from './mcp-errors.js';
import { McpElicitations } from './mcp-elicitations.js';
import { appErrorResult, appMayCall, appResourceUri, modelMayCall, toAppResource } from './mcp-apps.js';
import { isRecord } from '../../is-record.js';
import { MAX_SCHEMA_DESCRIPTION, MAX_TOOL_DESCRIPTION, cleanSchemaTexts, serverText } from './mcp-description.js';


/** What the hub needs from the worker. */
export interface McpHubHooks {
  /** Sends an event to the page (not stored: server states and progress belong to no conversation). */
  emit(event: AgentEvent): void;
  /** The MCP tools changed (a server connected, failed, or changed its list): the agent's tool set is made again. */
  toolsChanged(): void;
  /** The MCP authorization flow for a server (see `McpAuth` in mcp-connection.ts); absent or undefined: bearer headers only. */
  auth?: (server: NamedServer) => ConnectionHooks['auth'];
  /** Checks an A2UI surface a tool's result carries against the page's catalogs (absent: such a result is refused, unchecked). */
  checkSurface?(messages: unknown[]): Promise<SurfaceCheck>;
}

/** One server and where its connection stands. */
interface Slot {
  server: NamedServer;
  connection?: McpConnection;
  failure?: McpFailure;
  /** The connect now under way. */
  connecting?: Promise<void>;
  /** Counts connects, so a superseded one (a reconnect overtook it) drops what it made. */
  attempt: number;
  /** The last connect stopped at its sign-in step: `needed` the browser blocked the popup (no click to open it from), `failed` anything else (closed, refused, timed out). */
  signInStopped?: 'needed' | 'failed';
}

/** A server tool as the agent offers it. */
interface Offered {
  slot: Slot;
  tool: McpListedTool;
  worker: WorkerTool;
  info: McpToolInfo;
}

/** Whether a tool needs approval under its server's `approval`, and whether it only reads. */
function approvalOf(tool: McpListedTool, approval: McpApproval = 'read-only-auto'): { readOnly: boolean; needsApproval: boolean } {
  const readOnly = tool.annotations?.readOnlyHint === true && tool.annotations.destructiveHint !== true;
  return { readOnly, needsApproval: approval === 'auto' ? false : approval === 'ask' ? true : !readOnly };
}

export class McpHub implements McpToolSource {
  readonly #slots: Slot[];
  readonly #hooks: McpHubHooks;
  #offered = new Map<string, Offered>();
  #skipped = new Map<Slot, { tool: string; why: string }[]>();
  /** Servers that list too many tools to offer unpicked (mcp-tool-limit.ts): none of theirs is offered. */
  #overLimit = new Map<Slot, NonNullable<McpServerStatus['toolLimit']>>();
  #pageNames: readonly string[] = [];
  readonly #elicitations: McpElicitations;
  /** The server's own results of calls an MCP App asked for, by call id, until `takeAppResult` takes them. */
  #appResults = new Map<string, McpCallResult>();
  /** Ids of the calls MCP Apps asked for (`appCall`). */
  #appCalls = new Set<string>();

  constructor(servers: readonly McpServerOptions[], hooks: McpHubHooks) {
    this.#slots = nameServers(servers).map((server) => ({ server, attempt: 0 }));
    this.#hooks = hooks;
    this.#elicitations = new McpElicitations((event) => hooks.emit(event));
    for (const slot of this.#slots) void this.#connect(slot);
  }

  /** Resolves when every server's current connect has settled (connected or failed). */
  async settled(): Promise<void> {
    await Promise.all(this.#slots.map((s) => s.connecting));
  }

  #slot(name: string): Slot {
    const slot = this.#slots.find((s) => s.server.name === name);
    if (!slot) throw new TypeError(`No MCP server is named "${name}" (the agent's servers: ${this.#slots.map((s) => s.server.name).join(', ') || 'none'}).`);
    return slot;
  }

  #connect(slot: Slot): Promise<void> {
    const old = slot.connection;
    slot.connection = undefined;
    slot.failure = undefined;
    slot.signInStopped = undefined;
    const attempt = ++slot.attempt;
    const connecting = (async () => {
      await old?.close();
      this.#changed(slot);
      try {
        const { McpConnection } = await import('./mcp-connection.js');
        const connection = await McpConnection.open(slot.server, {
          changed: () => slot.connection === connection && this.#changed(slot),
          auth: this.#auth(slot),
          elicit: (request, signal) => this.#elicitations.ask(slot.server.name, request, signal),
          elicitRefused: (message, reason) => this.#elicitations.refused(slot.server.name, message, reason),
        });
        if (slot.attempt !== attempt) return void connection.close();
        slot.connection = connection;
      } catch (err) {
        if (slot.attempt !== attempt) return;
        slot.failure = isFailure(err) ? err : { code: 'failed', message: `MCP server "${slot.server.name}" (${slot.server.url}) could not be connected: ${errorMessage(err)}` };
      }
      slot.connecting = undefined;
      this.#changed(slot);
    })();
    slot.connecting = connecting;
    return connecting;
  }

  /** The server's sign-in hook, noting on the slot when the user's step of it fails (for `status().signIn`). */
  #auth(slot: Slot): ConnectionHooks['auth'] {
    const auth = this.#hooks.auth?.(slot.server);
    if (!auth) return undefined;
    const code = () =>
      auth.authorizationCode().catch((err: unknown) => {
        // The page's popup says "blocked the sign-in window" (src/page/mcp-auth/sign-in-popup.ts): at page load, with no click, that is the normal case.
        slot.signInStopped = /blocked the sign-in window/.test(errorMessage(err)) ? 'needed' : 'failed';
        throw err;
      });
    return { provider: auth.provider, authorizationCode: code };
  }

  /** A server's state or tools changed: the tools are named again, the agent's set remade, the page told. */
  #changed(slot: Slot): void {
    if (slot.connection?.closed) {
      const lost = slot.connection.lost;
      slot.connection = undefined;
      slot.failure = {
        code: 'failed',
        message: `MCP server "${slot.server.name}" (${slot.server.url}) ${lost ? `dropped the connection (${lost})` : 'closed the connection'}; its tools are gone until it is reconnected (agent.mcp.reconnect("${slot.server.name}")).`,
      };
    }
    this.#rebuild();
    this.#hooks.toolsChanged();
    this.#hooks.emit({ type: 'mcp', server: this.#status(slot) });
  }

  /** Names every connected server's tools (after the page's, which keep theirs) and builds them. */
  #rebuild(): void {
    const taken = new Set(this.#pageNames);
    const offered = new Map<string, Offered>();
    this.#skipped = new Map();
    this.#overLimit = new Map();
    for (const slot of this.#slots) {
      // Every offered tool's schema goes out with every model request: past the limit, the user names the ones to offer (mcp-tool-limit.ts).
      const over = toolLimitProblem(slot.server, slot.connection?.tools.length ?? 0);
      if (over) {
        this.#overLimit.set(slot, over);
        continue;
      }
      // Left out when listed (mcp-connection.ts): a schema that cannot compile fails every call, or the whole model request.
      const skipped: { tool: string; why: string }[] = (slot.connection?.refused ?? []).filter((r) => !slot.server.tools || slot.server.tools.includes(r.tool));
      const wanted = (slot.connection?.tools ?? []).filter((tool) => !slot.server.tools || slot.server.tools.includes(tool.name));
      for (const tool of wanted) {
        const name = mcpToolName(slot.server.name, tool.name, taken);
        const { readOnly, needsApproval } = approvalOf(tool, slot.server.approval);
        // The server's words, cleaned and bounded (mcp-description.ts): the model and the drawer read the same text.
        const said = serverText(tool.description ?? tool.title ?? tool.name, MAX_TOOL_DESCRIPTION);
        const description = `[MCP server ${slot.server.name}] ${said}`;
        let worker: WorkerTool;
        try {
          worker = workerTool({ name, description, parameters: cleanSchemaTexts(tool.inputSchema), needsApproval, untrustedOutput: true, schemaFromOutside: true }, (args, ctx) => this.#call(slot, tool.name, name, args, ctx));
        } catch (err) {
          skipped.push({ tool: tool.name, why: errorMessage(err) });
          taken.delete(name);
          continue;
        }
        const app = appResourceUri(tool);
        const title = tool.title && serverText(tool.title, MAX_SCHEMA_DESCRIPTION);
        const info: McpToolInfo = { name, serverName: tool.name, description: tool.description ? said : '', readOnly, needsApproval, ...(title ? { title } : {}), ...(app ? { app: { resourceUri: app } } : {}) };
        offered.set(name, { slot, tool, worker, info });
      }
      if (skipped.length) this.#skipped.set(slot, skipped);
    }
    this.#offered = offered;
  }

  async #call(slot: Slot, serverName: string, name: string, args: unknown, ctx: { signal: AbortSignal; callId: string }): Promise<unknown> {
    const connection = slot.connection;
    if (!connection) throw new Error(slot.failure?.message ?? `MCP server "${slot.server.name}" is not connected.`);
    const result = await connection.call(serverName, args, ctx.signal, (p) =>
      this.#hooks.emit({ type: 'tool-progress', callId: ctx.callId, name, progress: p.progress, ...(p.total !== undefined ? { total: p.total } : {}), ...(p.message ? { message: p.message } : {}) }),
    );
    if (this.#appCalls.has(ctx.callId)) this.#appResults.set(ctx.callId, result);
    const mapped = mapCallResult(slot.server.name, serverName, result, { files: true, surfaces: true });
    if (!mapped.ok) throw new Error(mapped.error);
    if (mapped.surface) await this.#checkSurface(slot.server.name, serverName, mapped.surface, mapped.result);
    // Images and embedded resources take the attachments path (kept, shown in the card, sent to the model as files).
    return mapped.attachments ? toolResult(mapped.result, mapped.attachments) : mapped.result;
  }

  /**
   * A result's A2UI surface (mcp-a2ui.ts) checked as every surface is, on the
   * page: a refused one throws, so the call's error names the problems, says
   * the tool did run, and keeps the rest of what it returned; nothing draws.
   */
  async #checkSurface(server: string, tool: string, surface: McpSurface, result: unknown): Promise<void> {
    const check: SurfaceCheck = surface.problems.length
      ? { ok: false, error: `The A2UI surface was refused; nothing of it was drawn:\n${surface.problems.map((p) => `- ${p}`).join('\n')}` }
      : await (this.#hooks.checkSurface?.(surface.messages) ?? { ok: false, error: 'The A2UI surface cannot be checked here; nothing of it was drawn.' });
    if (check.ok) return;
    const { a2ui: _refused, ...rest } = result as Record<string, unknown>;
    const kept = Object.keys(rest).length ? `\nThe rest of its result: ${JSON.stringify(rest)}` : '';
    throw new Error(`MCP server "${server}" ran its tool "${tool}", but the A2UI surface its result carried failed the page's check. ${check.error}${kept}`);
  }

  /** The MCP tools as the worker's tool descriptors, named around the page's tools `pageNames`. */
  descriptors(pageNames: readonly string[]): ToolDescriptor[] {
    if (pageNames.join('\n') !== this.#pageNames.join('\n')) {
      this.#pageNames = [...pageNames];
      this.#rebuild();
    }
    return [...this.#offered.values()].map(({ info, worker, tool }) => ({
      name: info.name,
      description: worker.description,
      parameters: worker.parameters,
      kind: 'worker',
      approval: info.needsApproval ? 'always' : 'never',
      worker: { factory: MCP_TOOL_FACTORY, options: { name: info.name } },
      untrustedOutput: true,
      ...(info.readOnly ? { readOnly: true as const } : {}),
      // Safe to run again after a reload cut it off (`idempotentHint`).
      ...(tool.annotations?.idempotentHint === true ? { idempotent: true as const } : {}),
      // For its MCP App only (`_meta.ui.visibility: ['app']`): callable by the app, never offered to the model.
      ...(modelMayCall(tool) ? {} : { modelHidden: true as const }),
    }));
  }

  /** The worker tool offered as `name` (for the `mcp` factory). */
  workerTools(name: string): WorkerTool[] {
    const offered = this.#offered.get(name);
    return offered ? [offered.worker] : [];
  }

  #status(slot: Slot): McpServerStatus {
    const c = slot.connection;
    const tools = [...this.#offered.values()].filter((o) => o.slot === slot).map((o) => o.info);
    const skipped = this.#skipped.get(slot);
    const toolLimit = this.#overLimit.get(slot);
    return {
      name: slot.server.name,
      url: slot.server.url,
      state: c ? 'connected' : slot.failure ? 'failed' : 'connecting',
      ...(c ? { transport: c.transport } : {}),
      ...(c?.protocolVersion ? { protocolVersion: c.protocolVersion } : {}),
      ...(c?.info ? { server: c.info } : {}),
      tools,
      ...(skipped ? { skipped } : {}),
      ...(toolLimit ? { toolLimit } : {}),
      prompts: c?.offersPrompts ?? false,
      resources: c?.offersResources ?? false,
      ...(slot.failure ? { error: { code: slot.failure.code, message: slot.failure.message } } : {}),
      ...signInOf(slot),
    };
  }

  status(): McpServerStatus[] {
    return this.#slots.map((slot) => this.#status(slot));
  }

  async reconnect(name: string): Promise<McpServerStatus> {
    const slot = this.#slot(name);
    await this.#connect(slot);
    return this.#status(slot);
  }

  /** Disconnects server `name` after its sign-in was forgotten (`forget`, the token store's): it stays failed, saying so, until reconnected. */
  async signOut(name: string, forget: (url: string) => Promise<void>): Promise<McpServerStatus> {
    const slot = this.#slot(name);
    slot.attempt++;
    const old = slot.connection;
    slot.connection = undefined;
    await forget(slot.server.url);
    await old?.close();
    slot.signInStopped = undefined;
    slot.failure = { code: 'unauthorized', message: `Signed out of MCP server "${name}"; agent.mcp.reconnect("${name}") (the drawer's Sign in) signs in again.` };
    this.#changed(slot);
    return this.#status(slot);
  }

  #live(name: string): McpConnection {
    const slot = this.#slot(name);
    if (!slot.connection) throw new Error(slot.failure?.message ?? `MCP server "${name}" is still connecting.`);
    return slot.connection;
  }

  async prompts(): Promise<McpPrompt[]> {
    const lists = await Promise.all(this.#slots.map((s) => s.connection?.prompts().catch(() => []) ?? []));
    return lists.flat();
  }

  getPrompt(server: string, name: string, args: Record<string, string>): Promise<string> {
    return this.#live(server).getPrompt(name, args);
  }

  async resources(server?: string): Promise<McpResource[]> {
    const slots = server === undefined ? this.#slots : [this.#slot(server)];
    const lists = await Promise.all(slots.map((s) => s.connection?.resources().catch(() => []) ?? []));
    return lists.flat();
  }

  readResource(server: string, uri: string): Promise<McpResourceText> {
    return this.#live(server).readResource(uri);
  }

  /** The user's answer to a server's question (`mcp-elicitation`). */
  answerElicitation(id: string, answer: McpElicitationAnswer): void {
    this.#elicitations.answer(id, answer);
  }

  /** Server `server`'s MCP App resource `uri` (its HTML and `_meta.ui`). */
  async appResource(server: string, uri: string): Promise<McpAppResource> {
    if (!uri.startsWith('ui://')) throw new TypeError(`An MCP App's resource is a ui:// URI, not "${uri}".`);
    return toAppResource(server, uri, await this.#live(server).readRaw(uri));
  }

  /**
   * Runs tool `tool` of `server` for its MCP App: `run` takes it through the
   * agent's approvals (the session's outside call) under the agent's name for
   * it. The app gets the server's own result, or an `isError` result saying
   * why not (not the app's server's tool, denied, failed).
   */
  async callForApp(server: string, tool: string, args: unknown, callId: string, run: (callId: string, name: string, args: unknown) => Promise<OutsideOutcome>): Promise<McpAppToolResult> {
    try {
      const outcome = await run(callId, this.#appCall(server, tool, callId), args);
      const result = this.#appResults.get(callId);
      if (outcome.status === 'ok' && result) return { content: (result.content ?? []) as McpAppToolResult['content'], ...(isRecord(result.structuredContent) ? { structuredContent: result.structuredContent } : {}) };
      return appErrorResult(outcome.status === 'ok' ? `The call to "${tool}" ended without a result.` : outcome.error);
    } catch (err) {
      return appErrorResult(errorMessage(err));
    } finally {
      this.#appResults.delete(callId);
      this.#appCalls.delete(callId);
    }
  }

  /** The agent's name for tool `tool` of `server`, for call `callId` an app asks for: only a tool of the app's own server that the agent offers and the app may call. */
  #appCall(server: string, tool: string, callId: string): string {
    const offered = [...this.#offered.values()].find((o) => o.slot.server.name === server && o.tool.name === tool);
    if (!offered) throw new Error(`MCP server "${server}" has no tool "${tool}" that the agent offers.`);
    if (!appMayCall(offered.tool)) throw new Error(`Tool "${tool}" of MCP server "${server}" is not for apps (its _meta.ui.visibility leaves out "app").`);
    this.#appCalls.add(callId);
    return offered.info.name;
  }

  async close(): Promise<void> {
    this.#elicitations.cancelAll();
    await Promise.all(this.#slots.map((s) => s.connection?.close()));
  }
}

/** `signIn` of a server with `oauth`: signed in once connected; where its sign-in step stopped; needed after a 401 or a sign-out. */
function signInOf(slot: Slot): { signIn?: McpSignInState } {
  if (!slot.server.oauth) return {};
  if (slot.connection) return { signIn: 'signed-in' };
  if (slot.signInStopped) return { signIn: slot.signInStopped };
  return slot.failure?.code === 'unauthorized' ? { signIn: 'needed' } : {};
}

function isFailure(err: unknown): err is McpFailure {
  return typeof err === 'object' && err !== null && typeof (err as McpFailure).code === 'string' && typeof (err as McpFailure).message === 'string' && !(err instanceof Error);
}

