/**
 * The agent's MCP servers in `<agent-chat>` (part `mcp-servers`), loaded on
 * first use by `McpPanel` (mcp-panel.ts) when the element has servers: a drawer listing each server, its state, transport and
 * tools (or why it failed, with Reconnect, Sign in and Sign out); a picker of the servers'
 * resources, whose chosen ones go with the next message as attachments
 * (chips above the composer; text or bytes by the resource's type, checked
 * by `agent.prepareAttachments` when picked); and the composer's `/server:prompt args`
 * command. Nothing shows for an agent without servers.
 *
 * The list is the agent's (`agent.mcp.status()`, then each `mcp` event),
 * never the element's own truth.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Agent, AttachmentInput, McpPrompt, McpResource, McpResourceText, McpServerStatus, McpSignInState, PreparedAttachment, SendOptions } from '../../src/types.js';
import type { PromptCommand } from '../composer/index.js';
import { parsePromptArgs } from './mcp-prompt-args.js';
import { McpAppViews } from './mcp-app-views.js';
import { McpElicitationPanel } from './mcp-elicitation.js';
import type { ConversationSource } from '../conversation/index.js';
import type { adoptStyles as chatAdoptStyles } from '../lazy-view.js';

/** Its styles, adopted by `McpPanel` when this module loads. */
export { mcpPanelStyles as styles } from './mcp-panel.styles.js';

/** What the panel needs of its element. */
export interface McpPanelHost extends ReactiveControllerHost, HTMLElement {
  readonly agent: Agent;
}

const STATE_LABEL: Record<McpServerStatus['state'], string> = { connecting: 'connecting…', connected: 'connected', failed: 'failed' };
const SIGN_IN_LABEL: Record<McpSignInState, string> = { needed: 'needs sign-in', 'signed-in': 'signed in', failed: 'sign-in failed' };

/** The drawer's state and rendering; its styles join the element's when it loads. */
export class McpDrawer implements ReactiveController {
  #host: McpPanelHost;
  #servers: McpServerStatus[] = [];
  #agent: Agent | undefined;
  #resources: McpResource[] | undefined;
  #attached: { resource: McpResourceText; file: PreparedAttachment }[] = [];
  #error: string | undefined;
  /** The MCP Apps in tool cards (mcp-app-views.ts). */
  readonly apps: McpAppViews;
  /** The servers' questions to the user (elicitation): only servers ask them, so they load with the drawer. */
  readonly #questions: McpElicitationPanel;

  /** `conversation`: the element's; its `mcp` events keep the list. `adopt`: the element's `adoptStyles`, for the question panels' styles. */
  constructor(host: McpPanelHost, conversation: ConversationSource, adopt: typeof chatAdoptStyles) {
    this.#host = host;
    host.addController(this);
    this.apps = new McpAppViews(host, () => this.#servers);
    this.#questions = new McpElicitationPanel(host, conversation, adopt);
    conversation.subscribe((event) => {
      if (event.type !== 'mcp') return;
      this.#merge([event.server]);
      // A server whose resources may have changed: read them again when the picker opens.
      this.#resources = undefined;
    });
  }

  /** After a render: a new agent has its own servers. */
  hostUpdated(): void {
    let agent: Agent;
    try {
      agent = this.#host.agent;
    } catch {
      return; // No agent yet (endpoint not set).
    }
    if (agent === this.#agent) return;
    this.#agent = agent;
    this.#servers = [];
    this.#resources = undefined;
    this.#attached = [];
    // Guarded whole: a stand-in agent (tests, an app's wrapper) may lack a working `mcp`.
    void Promise.resolve()
      .then(() => agent.mcp.status())
      .then((servers) => this.#agent === agent && this.#merge(servers), () => {});
  }

  /** The servers as last heard of. */
  get servers(): readonly McpServerStatus[] {
    return this.#servers;
  }

  #merge(servers: McpServerStatus[]): void {
    const byName = new Map(this.#servers.map((s) => [s.name, s]));
    for (const s of servers) byName.set(s.name, s);
    this.#servers = [...byName.values()];
    this.#host.requestUpdate();
  }

  /**
   * Reconnect, and Sign in (the same call: connecting to a server with
   * `oauth` and no sign-in opens its popup, here within the click's user
   * activation so the browser lets it open); Sign out forgets the tokens.
   * The button pressed goes away with the state it belonged to, so focus
   * moves to the one that replaces it (Sign in ↔ Sign out), for keyboard users.
   */
  async #act(name: string, act: 'reconnect' | 'signOut'): Promise<void> {
    const row = () => this.#host.shadowRoot?.querySelector<HTMLElement>(`[part~="mcp-server"][data-server="${CSS.escape(name)}"]`);
    const hadFocus = !!row()?.matches(':focus-within');
    try {
      this.#merge([await (act === 'signOut' ? this.#host.agent.mcp.signOut(name) : this.#host.agent.mcp.reconnect(name))]);
      this.#error = undefined;
    } catch (err) {
      this.#fail(err);
    }
    await this.#host.updateComplete;
    if (hadFocus && !row()?.matches(':focus-within')) row()?.querySelector<HTMLButtonElement>('button')?.focus();
  }

  #fail(err: unknown): void {
    this.#error = err instanceof Error ? err.message : String(err);
    this.#host.requestUpdate();
  }

  async #loadResources(): Promise<void> {
    if (this.#resources) return;
    try {
      this.#resources = await this.#host.agent.mcp.resources();
      this.#error = undefined;
    } catch (err) {
      this.#resources = [];
      this.#fail(err);
    }
    this.#host.requestUpdate();
  }

  async #attach(resource: McpResource): Promise<void> {
    if (this.#attached.some(({ resource: a }) => a.server === resource.server && a.uri === resource.uri)) return;
    try {
      const read = await this.#host.agent.mcp.readResource(resource.server, resource.uri);
      // Checked now, against the `attachments` limits, so a refusal shows here rather than refusing the message.
      const { accepted, refused } = await this.#host.agent.prepareAttachments([resourceFile(read, resource)]);
      if (refused[0]) throw new Error(`${resource.uri} from MCP server "${resource.server}" cannot be attached: ${refused[0].message}`);
      this.#attached = [...this.#attached, { resource: read, file: accepted[0]! }];
      this.#error = undefined;
    } catch (err) {
      this.#fail(err);
    }
    this.#host.requestUpdate();
  }

  #detach(at: number): void {
    this.#attached = this.#attached.filter((_, i) => i !== at);
    this.#host.requestUpdate();
  }

  /** The next message's send options: `files` (the composer's) and the attached resources, which are then forgotten (they go with one message). */
  sendOptions(files: readonly AttachmentInput[]): SendOptions | undefined {
    const attachments = [...files, ...this.#attached.map((a) => a.file)];
    if (this.#attached.length > 0) {
      this.#attached = [];
      this.#host.requestUpdate();
    }
    return attachments.length > 0 ? { attachments } : undefined;
  }

  /** `/help`'s line about prompts, when a server offers them. */
  help(): string {
    const names = this.#servers.filter((s) => s.prompts).map((s) => s.name);
    return names.length ? `/server:prompt args runs an MCP server's prompt (name=value pairs, or the text for a prompt's one argument); servers with prompts: ${names.join(', ')}.` : '';
  }

  /** Runs `/server:prompt args`: the filled prompt is sent as the user's message; a problem is a notice. */
  async runPrompt(command: PromptCommand, to: { send(text: string): void; notice(text: string): void }): Promise<void> {
    let prompts: McpPrompt[];
    try {
      prompts = await this.#host.agent.mcp.prompts();
    } catch (err) {
      return to.notice(err instanceof Error ? err.message : String(err));
    }
    const prompt = prompts.find((p) => p.server === command.server && p.name === command.name);
    if (!prompt) {
      const known = prompts.map((p) => `/${p.server}:${p.name}`).join(', ');
      return to.notice(`No MCP prompt /${command.server}:${command.name}. ${known ? `Prompts: ${known}.` : 'No server offers prompts.'}`);
    }
    const args = parsePromptArgs(command.rest, prompt);
    if ('error' in args) return to.notice(args.error);
    try {
      to.send(await this.#host.agent.mcp.getPrompt(prompt.server, prompt.name, args.values));
    } catch (err) {
      to.notice(err instanceof Error ? err.message : String(err));
    }
  }

  /** The drawer, or nothing without servers. */
  render(): TemplateResult | typeof nothing {
    if (this.#servers.length === 0) return nothing;
    const up = this.#servers.filter((s) => s.state === 'connected').length;
    const offering = this.#servers.some((s) => s.state === 'connected' && s.resources);
    return html`<details part="mcp-servers" class="drawer mcp-servers">
      <summary><span class="mcp-title">MCP servers</span> <span class="mcp-count">${up} of ${this.#servers.length} connected</span></summary>
      ${this.#error ? html`<p class="mcp-error" role="alert">${this.#error}</p>` : nothing}
      <ul class="mcp-items">${this.#servers.map((s) => this.#renderServer(s))}</ul>
      ${offering
        ? html`<details part="mcp-resources" class="mcp-resources" @toggle=${(e: Event) => (e.target as HTMLDetailsElement).open && void this.#loadResources()}>
            <summary>Attach a resource</summary>
            ${this.#resources === undefined
              ? html`<p class="mcp-note">Loading…</p>`
              : this.#resources.length === 0
                ? html`<p class="mcp-note">No resources.</p>`
                : html`<ul class="mcp-resource-items">${this.#resources.map(
                    (r) => html`<li><button part="mcp-resource" title=${r.description ?? r.uri} @click=${() => void this.#attach(r)}>${r.title ?? r.name}</button> <span class="mcp-note">${r.server} · ${r.uri}</span></li>`,
                  )}</ul>`}
          </details>`
        : nothing}
    </details>`;
  }

  #renderServer(s: McpServerStatus): TemplateResult {
    return html`<li part="mcp-server" class="mcp-server" data-state=${s.state} data-server=${s.name} data-sign-in=${s.signIn ?? nothing}>
      <div class="mcp-server-head">
        <code class="mcp-name">${s.name}</code>
        ${s.signIn && s.state === 'failed' ? nothing : html`<span class="mcp-state" data-state=${s.state}>${STATE_LABEL[s.state]}</span>`}
        ${s.signIn ? html`<span part="mcp-sign-in" class="mcp-state" data-sign-in=${s.signIn}>${SIGN_IN_LABEL[s.signIn]}</span>` : nothing}
        ${s.transport ? html`<span class="mcp-note">${s.transport === 'sse' ? 'HTTP+SSE' : 'Streamable HTTP'}${s.protocolVersion ? ` · ${s.protocolVersion}` : ''}</span>` : nothing}
        ${this.#renderActions(s)}
      </div>
      ${s.error ? html`<p class=${s.signIn === 'needed' ? 'mcp-note' : 'mcp-server-error'}>${s.error.message}</p>` : nothing}
      ${s.toolLimit ? html`<p part="mcp-tool-limit" class="mcp-server-error" role="status">${s.toolLimit.message}</p>` : nothing}
      ${s.skipped?.length
        ? html`<ul part="mcp-skipped" class="mcp-skipped" aria-label=${`Tools of ${s.name} left out`}>${s.skipped.map((k) => html`<li>Left out <code>${k.tool}</code>: ${k.why}</li>`)}</ul>`
        : nothing}
      ${s.tools.length
        ? html`<p class="mcp-tools">${s.tools.map((t) => html`<code title=${t.description} data-read-only=${t.readOnly ? 'true' : 'false'}>${t.name}</code> `)}</p>`
        : nothing}
    </li>`;
  }

  /** Reconnect; Sign in in its place for a server that needs it; Sign out beside it for one signed in. None while connecting. */
  #renderActions(s: McpServerStatus): TemplateResult | typeof nothing {
    if (s.state === 'connecting') return nothing;
    const reconnect = () => void this.#act(s.name, 'reconnect');
    if (s.signIn === 'needed' || s.signIn === 'failed') return html`<button part="mcp-sign-in-button" aria-label=${`Sign in to ${s.name}`} @click=${reconnect}>Sign in</button>`;
    return html`<span class="mcp-actions"><button part="mcp-reconnect-button" aria-label=${`Reconnect ${s.name}`} @click=${reconnect}>Reconnect</button>${s.signIn === 'signed-in'
      ? html`<button part="mcp-sign-out-button" aria-label=${`Sign out of ${s.name}`} @click=${() => void this.#act(s.name, 'signOut')}>Sign out</button>`
      : nothing}</span>`;
  }

  /** Above the composer: the servers' open questions, then the chips of the resources going with the next message. */
  renderAttached(): TemplateResult {
    return html`${this.#questions.render()}${this.#renderChips()}`;
  }

  #renderChips(): TemplateResult | typeof nothing {
    if (this.#attached.length === 0) return nothing;
    return html`<div class="mcp-attached" aria-label="Resources attached to the next message">
      ${this.#attached.map(
        ({ resource: r }, i) => html`<span part="mcp-attachment" class="mcp-attachment"><code>${r.uri}</code>
          <button aria-label=${`Remove ${r.uri}`} @click=${() => this.#detach(i)}>×</button></span>`,
      )}
    </div>`;
  }
}

/** A text resource's types a model reads as text; another type of text is sent as `text/plain`. */
const TEXT_TYPE = /^text\/|[/+](json|xml|yaml|x-yaml|javascript|sql)$/;

/** A resource as a file: its text (by its type) or its bytes, named after its URI's last segment. */
function resourceFile(read: McpResourceText, resource: McpResource): AttachmentInput {
  const last = decodeURIComponent(read.uri.replace(/[?#].*$/, '').split('/').filter(Boolean).pop() ?? '');
  const name = last.includes('.') && !last.includes(':') ? last : resource.name;
  const type = read.mimeType ?? resource.mimeType ?? '';
  if (read.blob === undefined) return { name, type: TEXT_TYPE.test(type) ? type : 'text/plain', data: read.text };
  const bytes = Uint8Array.from(atob(read.blob), (c) => c.charCodeAt(0));
  return { name, type: type || 'application/octet-stream', data: new Blob([bytes], { type }) };
}
