/**
 * The agent's MCP servers (option `mcp`), as its worker holds them: the hub
 * (its module and the official SDK are chunks of their own) loads and
 * connects in the background, so `ready` never waits for a server; a run
 * does (`settled`), so a first message sees their tools. Without servers
 * nothing loads, and every list the page asks for is empty.
 */
import type { AgentEvent } from '../types.js';
import type { OutsideOutcome, PageHost, ToolDescriptor } from '../protocol/agent.js';
import type { AgentMcp, McpElicitationAnswer, McpServerOptions } from '../mcp-types.js';
import type { McpHub } from '../worker-tools/mcp/mcp-hub.js';
import type { WorkerServices } from './worker-services.js';
import { PageloopError, errorMessage } from '../errors.js';

/** What an MCP App's own tool calls go through: the agent's approvals (outside-call.ts). */
export interface OutsideCaller {
  callFromOutside(callId: string, name: string, args: unknown, from?: 'browser-agent' | 'mcp-app'): Promise<OutsideOutcome>;
}

export class McpLoader {
  readonly #hub: Promise<McpHub | undefined>;
  #loaded: McpHub | undefined;
  #toolsChanged: () => void = () => {};

  constructor(servers: readonly McpServerOptions[] | undefined, services: WorkerServices, host: Pick<PageHost, 'signInPopup' | 'checkSurface'>, emit: (event: AgentEvent) => void) {
    if (!servers?.length) {
      this.#hub = Promise.resolve(undefined);
      return;
    }
    // The sign-in's code loads only for servers that may ask for it (option `oauth`).
    const signIn = servers.some((s) => s.oauth) ? import('../mcp-auth/worker-provider.js') : undefined;
    this.#hub = Promise.all([import('../worker-tools/mcp/mcp-hub.js'), signIn]).then(
      ([{ McpHub }, auth]) => {
        const hooks = {
          emit,
          toolsChanged: () => this.#toolsChanged(),
          auth: auth && ((s: McpServerOptions) => auth.mcpAuth(s, host)),
          checkSurface: (messages: unknown[]) => host.checkSurface?.(messages) ?? Promise.resolve({ ok: false as const, error: 'The page cannot check A2UI surfaces; nothing of it was drawn.' }),
        };
        const hub = (this.#loaded = new McpHub(servers, hooks));
        services.mcp = hub;
        return hub;
      },
      (err: unknown) => {
        // The agent stays usable without its servers; each says why.
        for (const s of servers) emit({ type: 'mcp', server: { name: s.name ?? s.url, url: s.url, state: 'failed', tools: [], prompts: false, resources: false, error: { code: 'failed', message: `The MCP client could not be loaded: ${errorMessage(err)}` } } });
        return undefined;
      },
    );
  }

  /** Called when a server's tools change (the agent offers them anew). */
  onToolsChanged(listener: () => void): void {
    this.#toolsChanged = listener;
  }

  /** Resolves once every server's connect has settled. */
  async settled(): Promise<void> {
    await (await this.#hub)?.settled();
  }

  /** The page's tools, then the servers' (named around the page's). */
  withServerTools(pageTools: readonly ToolDescriptor[]): ToolDescriptor[] {
    return this.#loaded ? [...pageTools, ...this.#loaded.descriptors(pageTools.map((t) => t.name))] : [...pageTools];
  }

  async #named(server: string): Promise<McpHub> {
    const hub = await this.#hub;
    if (!hub) throw new PageloopError('bad-request', `No MCP server is named "${server}": the agent has no mcp servers.`);
    return hub;
  }

  /** `agent.mcp` as the page reaches it; an MCP App's tool calls go through `agent`'s approvals. */
  api(agent: OutsideCaller): AgentMcp {
    return {
      status: async () => (await this.#hub)?.status() ?? [],
      reconnect: async (name) => (await this.#named(name)).reconnect(name),
      prompts: async () => (await this.#hub)?.prompts() ?? [],
      getPrompt: async (server, name, args) => (await this.#named(server)).getPrompt(server, name, args ?? {}),
      resources: async (server) => (server === undefined ? ((await this.#hub)?.resources() ?? []) : (await this.#named(server)).resources(server)),
      readResource: async (server, uri) => (await this.#named(server)).readResource(server, uri),
      appResource: async (server, uri) => (await this.#named(server)).appResource(server, uri),
      // Through the agent's approvals, as a card (outside-call.ts), never into the model's history.
      callAppTool: async (server, name, args, callId) => (await this.#named(server)).callForApp(server, name, args, callId ?? `app-${crypto.randomUUID()}`, (id, offered, a) => agent.callFromOutside(id, offered, a, 'mcp-app')),
      signOut: async (server) => (await this.#named(server)).signOut(server, async (url) => (await import('../mcp-auth/worker-provider.js')).forgetSignIn(url)),
      answerElicitation: async (id: string, answer: McpElicitationAnswer) => {
        const hub = await this.#hub;
        if (!hub) throw new PageloopError('bad-request', `No MCP question "${id}" is waiting: the agent has no mcp servers.`);
        hub.answerElicitation(id, answer);
      },
    };
  }
}
