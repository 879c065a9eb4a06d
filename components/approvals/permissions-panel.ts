/**
 * The "Always allow" decisions of the open thread (part `permissions`), as a
 * Lit ReactiveController: a small disclosure listing the tools allowed for
 * good, each with a Revoke button. Nothing is shown while no tool is allowed.
 *
 * Invariant: the list is the agent's (`agent.permissions()`), read again
 * whenever it can have changed — a call started (an "Always allow" is given
 * just before its call starts), a run ended, the thread changed, a revoke
 * finished — never kept as the element's own copy of the truth. A revoked
 * tool asks again on its next call.
 *
 * The list's markup and styles (permissions-list.ts) are a chunk loaded the
 * first time a tool is allowed for good, which only an approval can do: a
 * chat whose calls never wait for approval never loads it.
 */
import { nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Agent } from '../../src/types.js';
import type { ConversationSource } from '../conversation/index.js';
import { LazyView } from '../lazy-view.js';

/** What the permissions panel needs of its element. */
export interface PermissionsHost extends ReactiveControllerHost, HTMLElement {
  /** The element's agent (created on first use; throws while the endpoint is not set). */
  readonly agent: Agent;
  /** The open thread's id, if any: a change means other permissions. */
  thread?: string;
}

/** The list's chunk: its markup, styles and the revoke. */
type PermissionsList = typeof import('./permissions-list.js');

/** Events after which the allowed tools may differ. */
// `permissions`: a follower heard the writing tab change the list.
const CHANGING_EVENTS = new Set(['tool-start', 'tool-result', 'final', 'approval-request', 'permissions']);

/** Lists the tools allowed for good and revokes them. */
export class PermissionsPanel implements ReactiveController {
  #host: PermissionsHost;
  #tools: string[] = [];
  #error: string | undefined;
  #loads = 0;
  /** The thread the list was read for; `null` before the first read. */
  #readFor: string | undefined | null = null;
  readonly #list: LazyView<PermissionsList>;

  /** `conversation`: the element's conversation, whose events say when the list may have changed. */
  constructor(host: PermissionsHost, conversation: ConversationSource) {
    this.#host = host;
    this.#list = new LazyView(host, () => import('./permissions-list.js'));
    host.addController(this);
    conversation.subscribe((event) => {
      if (CHANGING_EVENTS.has(event.type)) void this.refresh();
    });
  }

  /** After a render: another thread (or the first one) has its own permissions. */
  hostUpdated(): void {
    if (this.#readFor === this.#host.thread) return;
    this.#readFor = this.#host.thread;
    this.#tools = [];
    // Without a thread nothing is allowed until the user allows it (then an event reads it).
    if (this.#host.thread) void this.refresh();
  }

  /** Reads the allowed tools from the agent again. */
  async refresh(): Promise<void> {
    const load = ++this.#loads;
    let tools: string[];
    try {
      tools = await this.#host.agent.permissions();
    } catch {
      // No agent yet (endpoint not set) or it was replaced meanwhile: nothing to list.
      tools = [];
    }
    if (load !== this.#loads) return;
    if (tools.length === this.#tools.length && tools.every((t, i) => t === this.#tools[i])) return;
    this.#tools = [...tools];
    this.#host.requestUpdate();
  }

  /** Takes `tool` back: the list's chunk does it (only its Revoke button can), then the list is read again. */
  async #revoke(list: PermissionsList, tool: string): Promise<void> {
    const at = this.#tools.indexOf(tool);
    this.#error = await list.revokeTool(this.#host.agent, tool);
    await this.refresh();
    this.#host.requestUpdate();
    await this.#host.updateComplete;
    list.focusAfterRevoke(this.#host.shadowRoot ?? this.#host, at);
  }

  /** The panel (its chunk, permissions-list.ts, loads with the first tool allowed for good), or nothing while no tool is. */
  render(): TemplateResult | typeof nothing {
    if (this.#tools.length === 0 && !this.#error) return nothing;
    const list = this.#list.get();
    return list?.renderPermissions(this.#tools, this.#error, (tool) => void this.#revoke(list, tool)) ?? nothing;
  }
}
