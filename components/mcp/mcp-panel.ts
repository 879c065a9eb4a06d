/**
 * The element's MCP controller, kept small because every page loads it: it
 * loads the servers drawer (mcp-drawer.ts, its own chunk, with its styles)
 * the first time the element has `mcp` servers, and until then renders
 * nothing, sends messages as they are and has no prompts to run.
 */
import { nothing, type ReactiveController, type TemplateResult } from 'lit';
import type { AttachmentInput, McpServerOptions, SendOptions } from '../../src/types.js';
import type { McpDrawer, McpPanelHost } from './mcp-drawer.js';
import type { PromptCommand } from '../composer/index.js';
import type { ConversationSource, ReportedPhrase, ToolCallItem } from '../conversation/index.js';
import { adoptStyles } from '../lazy-view.js';
import type { I18n } from '../i18n/index.js';
import type { RenderedView } from '../tool-cards/index.js';

/** What the controller needs of its element: its agent, and its `mcp` servers. */
export interface McpHost extends McpPanelHost {
  mcp?: McpServerOptions[];
}

export class McpPanel implements ReactiveController {
  #host: McpHost;
  readonly #conversation: ConversationSource;
  readonly #i18n: I18n;
  #drawer: Promise<McpDrawer> | undefined;
  #ready: McpDrawer | undefined;

  /** `conversation`: the element's, handed on to the drawer (it hears the servers' events there); `i18n`: the element's language. */
  constructor(host: McpHost, conversation: ConversationSource, i18n: I18n) {
    this.#host = host;
    this.#conversation = conversation;
    this.#i18n = i18n;
    host.addController(this);
  }

  hostUpdated(): void {
    if (this.#drawer || !this.#host.mcp?.length) return;
    this.#drawer = import('./mcp-drawer.js').then(({ McpDrawer, styles }) => {
      // Adopted, not a <style> element: a strict CSP (style-src 'self') allows constructed sheets.
      adoptStyles(this.#host, styles);
      const drawer = (this.#ready = new McpDrawer(this.#host, this.#conversation, adoptStyles, this.#i18n));
      drawer.hostUpdated();
      return drawer;
    });
  }

  render(): TemplateResult | typeof nothing {
    return this.#ready?.render() ?? nothing;
  }

  /** Above the composer: the servers' open questions, then the resources attached to the next message. */
  renderAttached(): TemplateResult | typeof nothing {
    return this.#ready?.renderAttached() ?? nothing;
  }

  /** The next message's send options: the composer's `files` and the MCP resources attached (see McpDrawer.sendOptions). */
  sendOptions(files: readonly AttachmentInput[]): SendOptions | undefined {
    return this.#ready?.sendOptions(files) ?? (files.length > 0 ? { attachments: [...files] } : undefined);
  }

  /** The MCP App in call `item`'s card, when its tool has one (mcp-app-views.ts). */
  appView(item: ToolCallItem): RenderedView | undefined {
    return this.#ready?.apps.viewFor(item);
  }

  /** What call `item`'s card depends on for its app. */
  appInputs(item: ToolCallItem): unknown[] {
    return this.#ready?.apps.inputsFor(item) ?? [];
  }

  help(): string {
    return this.#ready?.help() ?? '';
  }

  /** Runs `/server:prompt args` (a notice when the element has no servers). */
  async runPrompt(command: PromptCommand, to: { send(text: string): void; notice(text: string, said?: ReportedPhrase): void }): Promise<void> {
    const asked = `/${command.server}:${command.name}`;
    if (!this.#drawer) return to.notice(`No MCP prompt ${asked}: this chat has no MCP servers.`, ['noticeNoMcpServers', asked]);
    return (await this.#drawer).runPrompt(command, to);
  }
}
