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
import type { I18n } from '../i18n/index.js';
import { mcpWords, type McpWords } from './mcp-words.js';

/** Its styles, adopted by `McpPanel` when this module loads. */
export { mcpPanelStyles as styles } from './mcp-panel.styles.js';

/** What the panel needs of its element. */
export interface McpPanelHost extends ReactiveControllerHost, HTMLElement {
  readonly agent: Agent;
}

const STATE_LABEL = { connecting: 'mcpConnecting', connected: 'mcpConnected', failed: 'mcpFailed' } as const satisfies Record<McpServerStatus['state'], keyof McpWords>;
const SIGN_IN_LABEL = { needed: 'mcpNeedsSignIn', 'signed-in': 'mcpSignedIn', failed: 'mcpSignInFailed' } as const satisfies Record<McpSignInState, keyof McpWords>;

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
  readonly #i18n: I18n;

  /**
   * `conversation`: the element's; its `mcp` events keep the list. `adopt`: the element's `adoptStyles`, for the question panels' styles.
   * `i18n`: the element's language.
   */
  constructor(host: McpPanelHost, conversation: ConversationSource, adopt: typeof chatAdoptStyles, i18n: I18n) {
    this.#host = host;
    this.#i18n = i18n;
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
      if (refused[0]) throw new Error(this.#w().mcpCannotAttach(resource.uri, resource.server, refused[0].message));
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
    return names.length ? this.#w().mcpPromptHelp(names.join(', ')) : '';
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
      const asked = `/${command.server}:${command.name}`;
      return to.notice(known ? this.#w().mcpNoPrompt(asked, known) : this.#w().mcpNoPrompts(asked));
    }
    const args = parsePromptArgs(command.rest, prompt);
    if ('error' in args) return to.notice(args.error);
    try {
      to.send(await this.#host.agent.mcp.getPrompt(prompt.server, prompt.name, args.values));
    } catch (err) {
      to.notice(err instanceof Error ? err.message : String(err));
    }
  }

  /** The drawer's words in the element's language. */
  #w(): McpWords {
    return this.#i18n.words(mcpWords);
  }

  /** The drawer, or nothing without servers. */
  render(): TemplateResult | typeof nothing {
    if (this.#servers.length === 0) return nothing;
    const w = this.#w();
    const n = this.#i18n.format?.count ?? String;
    const up = this.#servers.filter((s) => s.state === 'connected').length;
    const offering = this.#servers.some((s) => s.state === 'connected' && s.resources);
    return html`<details part="mcp-servers" class="drawer mcp-servers">
      <summary><span class="mcp-title">${w.mcpServers}</span> <span class="mcp-count">${w.mcpConnectedCount(n(up), n(this.#servers.length), up)}</span></summary>
      ${this.#error ? html`<p class="mcp-error" role="alert">${this.#error}</p>` : nothing}
      <ul class="mcp-items">${this.#servers.map((s) => this.#renderServer(s, w))}</ul>
      ${offering
        ? html`<details part="mcp-resources" class="mcp-resources" @toggle=${(e: Event) => (e.target as HTMLDetailsElement).open && void this.#loadResources()}>
            <summary>${w.mcpAttachResource}</summary>
            ${this.#resources === undefined
              ? html`<p class="mcp-note">${w.mcpLoading}</p>`
              : this.#resources.length === 0
                ? html`<p class="mcp-note">${w.mcpNoResources}</p>`
                : html`<ul class="mcp-resource-items">${this.#resources.map(
                    (r) => html`<li><button part="mcp-resource" title=${r.description ?? r.uri} @click=${() => void this.#attach(r)}>${r.title ?? r.name}</button> <span class="mcp-note" translate="no">${r.server} · ${r.uri}</span></li>`,
                  )}</ul>`}
          </details>`
        : nothing}
    </details>`;
  }

  #renderServer(s: McpServerStatus, w: McpWords): TemplateResult {
    return html`<li part="mcp-server" class="mcp-server" data-state=${s.state} data-server=${s.name} data-sign-in=${s.signIn ?? nothing}>
      <div class="mcp-server-head">
        <code class="mcp-name">${s.name}</code>
        ${s.signIn && s.state === 'failed' ? nothing : html`<span class="mcp-state" data-state=${s.state}>${w[STATE_LABEL[s.state]]}</span>`}
        ${s.signIn ? html`<span part="mcp-sign-in" class="mcp-state" data-sign-in=${s.signIn}>${w[SIGN_IN_LABEL[s.signIn]]}</span>` : nothing}
        ${s.transport ? html`<span class="mcp-note" translate="no">${s.transport === 'sse' ? 'HTTP+SSE' : 'Streamable HTTP'}${s.protocolVersion ? ` · ${s.protocolVersion}` : ''}</span>` : nothing}
        ${this.#renderActions(s, w)}
      </div>
      ${s.error ? html`<p class=${s.signIn === 'needed' ? 'mcp-note' : 'mcp-server-error'}>${s.error.message}</p>` : nothing}
      ${s.toolLimit ? html`<p part="mcp-tool-limit" class="mcp-server-error" role="status">${s.toolLimit.message}</p>` : nothing}
      ${s.skipped?.length
        ? html`<ul part="mcp-skipped" class="mcp-skipped" aria-label=${w.mcpToolsLeftOut(s.name)}>${s.skipped.map((k) => html`<li>${leftOut(w, k.tool, k.why)}</li>`)}</ul>`
        : nothing}
      ${s.tools.length
        ? html`<p class="mcp-tools">${s.tools.map((t) => html`<code title=${t.description} data-read-only=${t.readOnly ? 'true' : 'false'}>${t.name}</code> `)}</p>`
        : nothing}
    </li>`;
  }

  /** Reconnect; Sign in in its place for a server that needs it; Sign out beside it for one signed in. None while connecting. */
  #renderActions(s: McpServerStatus, w: McpWords): TemplateResult | typeof nothing {
    if (s.state === 'connecting') return nothing;
    const reconnect = () => void this.#act(s.name, 'reconnect');
    if (s.signIn === 'needed' || s.signIn === 'failed') return html`<button part="mcp-sign-in-button" aria-label=${w.mcpSignInTo(s.name)} @click=${reconnect}>${w.mcpSignIn}</button>`;
    return html`<span class="mcp-actions"><button part="mcp-reconnect-button" aria-label=${w.mcpReconnectServer(s.name)} @click=${reconnect}>${w.mcpReconnect}</button>${s.signIn === 'signed-in'
      ? html`<button part="mcp-sign-out-button" aria-label=${w.mcpSignOutOf(s.name)} @click=${() => void this.#act(s.name, 'signOut')}>${w.mcpSignOut}</button>`
      : nothing}</span>`;
  }

  /** Above the composer: the servers' open questions, then the chips of the resources going with the next message. */
  renderAttached(): TemplateResult {
    const w = this.#w();
    return html`${this.#questions.render(w)}${this.#renderChips(w)}`;
  }

  #renderChips(w: McpWords): TemplateResult | typeof nothing {
    if (this.#attached.length === 0) return nothing;
    return html`<div class="mcp-attached" aria-label=${w.mcpAttachedResources}>
      ${this.#attached.map(
        ({ resource: r }, i) => html`<span part="mcp-attachment" class="mcp-attachment"><code>${r.uri}</code>
          <button aria-label=${w.mcpRemoveResource(r.uri)} @click=${() => this.#detach(i)}>×</button></span>`,
      )}
    </div>`;
  }
}

/** "Left out `tool`: why", with the tool's name as code wherever the language puts it. */
function leftOut(w: McpWords, tool: string, why: string): TemplateResult {
  const [before = '', after = ''] = w.mcpLeftOut('\u0000', why).split('\u0000');
  return html`${before}<code>${tool}</code>${after}`;
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
