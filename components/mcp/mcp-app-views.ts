/**
 * Which tool cards show an MCP App, in `<agent-chat>`: a call of a server
 * tool whose definition points at a `ui://` resource (`McpToolInfo.app`,
 * from the servers' status) shows the app in its card (part `mcp-app`), once
 * the call runs or ended — never before the user approved it, so an app's
 * code never loads for a call that was denied. The frame and its host side
 * (mcp-app-frame.ts, with the official AppBridge) are their own chunk,
 * loaded the first time a card needs one.
 *
 * Part of the MCP drawer's chunk (mcp-drawer.ts), which knows the servers.
 */
import { html } from 'lit';
import type { Agent, McpServerStatus } from '../../src/types.js';
import type { ToolCallItem } from '../conversation/index.js';
import type { RenderedView } from '../tool-cards/index.js';

type FrameModule = typeof import('./mcp-app-frame.js');

/** The app of a tool: its server, its name there and its `ui://` resource. */
interface AppOf {
  server: string;
  tool: string;
  resourceUri: string;
}

/** The calls whose card shows its app: it ran (after any approval) or is running. */
const SHOWN = new Set<ToolCallItem['status']>(['running', 'done', 'failed']);

export class McpAppViews {
  #servers: () => readonly McpServerStatus[];
  #host: HTMLElement & { requestUpdate(): void; readonly agent: Agent };
  #module: FrameModule | undefined;
  #loading: Promise<void> | undefined;

  constructor(host: HTMLElement & { requestUpdate(): void; readonly agent: Agent }, servers: () => readonly McpServerStatus[]) {
    this.#host = host;
    this.#servers = servers;
  }

  /** What call `item`'s card depends on for its app: whether the tool has one, and whether the frame's code is here. */
  inputsFor(item: ToolCallItem): unknown[] {
    const app = this.#appOf(item);
    return [app?.resourceUri, app && this.#module];
  }

  /** The app in call `item`'s card, or undefined when its tool has none (or the call has not run). */
  viewFor(item: ToolCallItem): RenderedView | undefined {
    // A browser agent's or an app's own call shows as a plain card: the app is the model's call's.
    if (item.requestedBy || !SHOWN.has(item.status)) return undefined;
    const app = this.#appOf(item);
    if (!app) return undefined;
    if (!this.#module) return void this.#load();
    const sandbox = new URL(this.#host.getAttribute('mcp-app-sandbox') ?? 'mcp-app-sandbox.html', document.baseURI).href;
    const ui = html`<pageloop-mcp-app part="mcp-app" .agent=${this.#host.agent} .server=${app.server} .tool=${app.tool} .resourceUri=${app.resourceUri}
      .sandbox=${sandbox} .call=${{ id: item.id, args: item.args, status: item.status, result: item.result, error: item.error }}></pageloop-mcp-app>`;
    return { ui, frame: true };
  }

  #appOf(item: ToolCallItem): AppOf | undefined {
    for (const server of this.#servers()) {
      const tool = server.tools.find((t) => t.name === item.name);
      if (tool?.app) return { server: server.name, tool: tool.serverName, resourceUri: tool.app.resourceUri };
    }
    return undefined;
  }

  #load(): void {
    this.#loading ??= import('./mcp-app-frame.js').then(
      (module) => {
        this.#module = module;
        this.#host.requestUpdate();
      },
      (err: unknown) => console.error('pageloop: the MCP Apps frame could not be loaded', err),
    );
  }
}
