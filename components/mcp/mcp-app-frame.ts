/**
 * `<pageloop-mcp-app>`: one MCP App in a tool card — the host side of the
 * MCP Apps extension, through its official `AppBridge`
 * (`@modelcontextprotocol/ext-apps/app-bridge`); its own chunk, loaded by
 * mcp-app-views.ts the first time a card shows an app.
 *
 * The double-iframe pattern: this element's iframe loads the sandbox proxy
 * page (mcp-app-sandbox.html, shipped in dist/; attribute `mcp-app-sandbox`
 * on `<agent-chat>` says where it is served) with `sandbox="allow-scripts"`
 * and no `allow-same-origin`, so even served from the page's origin it runs
 * in an opaque origin of its own; the proxy puts the app's HTML in an inner
 * frame, sandboxed the same way, under a CSP built from the app's declared
 * domains. The page and the app talk only through the extension's
 * postMessage JSON-RPC, relayed by the proxy.
 *
 * What the app gets: the call's arguments (`tool-input`) and result
 * (`tool-result`, or `tool-cancelled`), the element's theme (`hostContext`,
 * updated when it changes). What it may ask: tool calls of its own server
 * (through the agent's approvals, `agent.mcp.callAppTool`), its size (the
 * card follows its height), links opened in a new tab (http and https only).
 * Everything else (messages into the chat, model context, sampling) is not
 * offered: its capabilities say so.
 */
import { AppBridge, PostMessageTransport, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { Agent, McpAppToolResult } from '../../src/types.js';
import type { ToolCallItem } from '../conversation/index.js';

/** The call as the card knows it. */
export interface AppCall {
  id: string;
  args: unknown;
  status: ToolCallItem['status'];
  result?: unknown;
  error?: string;
}

/** The tallest an app may make its card, in CSS pixels: an app that keeps growing must not push the log away. */
const MAX_HEIGHT = 4000;

/** The call's result as the app receives it: the server's content as the model got it (the card keeps no more than that). */
export function toCallToolResult(result: unknown): McpAppToolResult {
  if (typeof result === 'string') return { content: [{ type: 'text', text: result }] };
  if (typeof result === 'object' && result !== null && 'structuredContent' in result) {
    const { structuredContent, text } = result as { structuredContent: unknown; text?: unknown };
    const content = typeof text === 'string' ? [{ type: 'text', text }] : [{ type: 'text', text: JSON.stringify(structuredContent) }];
    return typeof structuredContent === 'object' && structuredContent !== null && !Array.isArray(structuredContent)
      ? { content, structuredContent: structuredContent as Record<string, unknown> }
      : { content };
  }
  return { content: [{ type: 'text', text: JSON.stringify(result ?? null) }] };
}

/** The SDK's result type: pageloop's `McpAppToolResult` is the same JSON, typed loosely (content blocks as the server sent them). */
type CallToolResult = Parameters<AppBridge['sendToolResult']>[0];
function asResult(result: McpAppToolResult): CallToolResult {
  return result as CallToolResult;
}

/** The theme of the `<agent-chat>` holding `el`: its `theme` attribute, or the browser's preference for `auto`/`inherit`. */
function themeOf(el: Element): 'light' | 'dark' {
  const host = (el.getRootNode() as ShadowRoot).host as Element | undefined;
  const theme = host?.getAttribute('theme');
  if (theme === 'light' || theme === 'dark') return theme;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export class McpAppFrame extends HTMLElement {
  agent?: Agent;
  server = '';
  tool = '';
  resourceUri = '';
  sandbox = '';
  #call: AppCall | undefined;
  #iframe: HTMLIFrameElement | undefined;
  #bridge: AppBridge | undefined;
  #initialized = false;
  #resultSent = false;
  #theme: 'light' | 'dark' = 'light';
  #watch: (() => void) | undefined;

  get call(): AppCall | undefined {
    return this.#call;
  }

  set call(call: AppCall | undefined) {
    this.#call = call;
    this.#sendResult();
  }

  connectedCallback(): void {
    if (!this.#iframe) void this.#start();
  }

  disconnectedCallback(): void {
    // Lit may move the element; only a real removal ends the app.
    queueMicrotask(() => {
      if (this.isConnected) return;
      this.#watch?.();
      void this.#bridge?.close();
      this.#iframe?.remove();
      this.#iframe = this.#bridge = undefined;
      this.#initialized = this.#resultSent = false;
    });
  }

  async #start(): Promise<void> {
    const agent = this.agent;
    if (!agent || !this.sandbox) return;
    this.#theme = themeOf(this);
    const iframe = (this.#iframe = document.createElement('iframe'));
    // No allow-same-origin: the proxy (and the app inside it) get opaque origins, cut off from the page.
    iframe.setAttribute('sandbox', 'allow-scripts');
    iframe.title = `MCP App of ${this.tool} (MCP server ${this.server})`;
    iframe.className = 'mcp-app-frame';
    // CSSOM, not a style attribute: allowed under a strict style-src.
    Object.assign(iframe.style, { display: 'block', width: '100%', height: '0px', border: '0', colorScheme: 'normal' });
    this.replaceChildren(iframe);
    const bridge = (this.#bridge = new AppBridge(
      null,
      { name: 'pageloop', version: '0.1.0' },
      { serverTools: {}, openLinks: {}, logging: {} },
      { hostContext: this.#context() },
    ));
    const resource = agent.mcp.appResource(this.server, this.resourceUri);
    bridge.oncalltool = async (params) => asResult(await agent.mcp.callAppTool(this.server, params.name, params.arguments ?? {}));
    bridge.onsizechange = ({ height }) => {
      if (height !== undefined && this.#iframe) this.#iframe.style.height = `${Math.min(Math.max(0, Math.ceil(height)), MAX_HEIGHT)}px`;
    };
    bridge.onopenlink = async ({ url }) => {
      const ok = /^https?:/i.test(url);
      if (ok) window.open(url, '_blank', 'noopener,noreferrer');
      return ok ? {} : { isError: true };
    };
    bridge.onloggingmessage = (params) => console.debug(`pageloop: MCP App of ${this.tool}:`, params.data);
    bridge.addEventListener('sandboxready', () => {
      resource.then(
        ({ html, csp }) => void bridge.sendSandboxResourceReady({ html, ...(csp ? { csp } : {}) }),
        (err: unknown) => this.#fail(err),
      );
    });
    bridge.addEventListener('initialized', () => {
      this.#initialized = true;
      const args = this.#call?.args;
      void bridge.sendToolInput({ arguments: typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {} });
      this.#sendResult();
    });
    this.#watchTheme();
    await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
    iframe.src = this.sandbox;
  }

  /** The call's end, once the app is ready and the call ended: its result, or why there is none. */
  #sendResult(): void {
    const call = this.#call;
    const bridge = this.#bridge;
    if (!bridge || !this.#initialized || this.#resultSent || !call) return;
    if (call.status === 'done') {
      this.#resultSent = true;
      void bridge.sendToolResult(asResult(toCallToolResult(call.result)));
    } else if (call.status === 'failed') {
      this.#resultSent = true;
      void bridge.sendToolResult({ content: [{ type: 'text', text: call.error ?? 'The call failed.' }], isError: true });
    }
  }

  /** What the app is told of its host (`hostContext`). */
  #context(): McpUiHostContext {
    return { theme: this.#theme, displayMode: 'inline', availableDisplayModes: ['inline'], platform: 'web', locale: navigator.language };
  }

  /** Follows the element's theme (its attribute, or the browser's preference), telling the app when it changes. */
  #watchTheme(): void {
    const host = (this.getRootNode() as ShadowRoot).host as Element | undefined;
    const media = matchMedia('(prefers-color-scheme: dark)');
    const update = (): void => {
      const theme = themeOf(this);
      if (theme === this.#theme || !this.#bridge) return;
      this.#theme = theme;
      this.#bridge.setHostContext({ ...this.#context(), theme });
    };
    const observer = new MutationObserver(update);
    if (host) observer.observe(host, { attributes: true, attributeFilter: ['theme'] });
    media.addEventListener('change', update);
    this.#watch = () => {
      observer.disconnect();
      media.removeEventListener('change', update);
    };
  }

  #fail(err: unknown): void {
    const note = document.createElement('p');
    note.className = 'tool-view-note';
    note.textContent = `The MCP App could not be shown: ${err instanceof Error ? err.message : String(err)}`;
    this.#iframe?.remove();
    this.replaceChildren(note);
  }
}

if (!customElements.get('pageloop-mcp-app')) customElements.define('pageloop-mcp-app', McpAppFrame);

declare global {
  interface HTMLElementTagNameMap { 'pageloop-mcp-app': McpAppFrame }
}
