/**
 * The agent's end of WebMCP (option `webmcp`), up front and as small as it
 * can be: it holds the status and loads the bridge (`./webmcp/`, its own
 * chunk) when the agent is made with `webmcp` on, so pages without it never
 * load a byte of the rest.
 */
import type { AgentEvent, WebMcpStatus } from '../agent-events.js';
import type { AgentWebMcp } from '../types.js';
import type { WebMcpOptions } from '../option-types.js';
import type { Tool } from '../tool-types.js';
import type { OutsideOutcome } from '../protocol/agent.js';
import type { PageToolHost } from './page-tool-host.js';
import type { WebMcpBridge } from './webmcp/webmcp-bridge.js';
import { defineTool } from '../tools/define-tool.js';
import { toolSchemasReady } from '../tools/tool-schema.js';

/** What the link needs of the agent. */
export interface WebMcpLinkHost {
  toolHost: PageToolHost;
  tools(): readonly Tool[];
  addTool(tool: Tool): () => void;
  /** Asks the worker to run a browser agent's call (`AgentWorkerApi.callFromOutside`). */
  callWorker(callId: string, name: string, args: unknown): Promise<OutsideOutcome>;
  emit(event: AgentEvent): void;
}

/** The link: the public face, plus what `createAgent` tells it. */
export interface WebMcpLink extends AgentWebMcp {
  toolsChanged(): void;
  dispose(): void;
}

/** Starts WebMCP for an agent when `options` asks for either direction; otherwise a link that stays `off`. */
export function linkWebMcp(options: WebMcpOptions | undefined, host: WebMcpLinkHost): WebMcpLink {
  let status: WebMcpStatus = { state: 'off', exposed: [], consumed: [] };
  if (!options?.expose && !options?.consume) return { status: () => status, ready: Promise.resolve(status), toolsChanged: () => {}, dispose: () => {} };
  let disposed = false;
  const report = (next: WebMcpStatus) => {
    if (disposed) return;
    status = next;
    host.emit({ type: 'webmcp', status: next });
  };
  report({ state: 'loading', exposed: [], consumed: [] });
  let bridge: WebMcpBridge | undefined;
  // A change while the bridge was starting may have come after it read the tools.
  let changedWhileStarting = false;
  const ready = import('./webmcp/webmcp-bridge.js')
    .then(({ startWebMcp }) => startWebMcp(options, { ...host, defineTool, schemasReady: toolSchemasReady, report }))
    .then(
      (started) => {
        bridge = started;
        if (disposed) started.dispose();
        else if (changedWhileStarting) void started.toolsChanged();
        return status;
      },
      (err: unknown) => {
        const cause = String(err);
        const message = `WebMCP could not start: ${cause}`;
        report({ state: 'error', exposed: [], consumed: [], message, cause, notices: [{ text: message, said: ['noticeWebmcpNoStart', cause] }] });
        return status;
      },
    );
  return {
    status: () => status,
    ready,
    toolsChanged: () => (bridge ? void bridge.toolsChanged() : (changedWhileStarting = true)),
    dispose: () => {
      disposed = true;
      bridge?.dispose();
    },
  };
}
