/**
 * The approval panels of an `<agent-chat>`, as a Lit ReactiveController: the
 * arguments being edited in each panel, answering a call, and where focus goes
 * next (the next waiting panel, or back to the composer).
 *
 * It applies no decision itself: "Always allow" is the agent's approval gate's
 * to apply (also to the tool's other waiting calls, whose `tool-start` events
 * close their panels); this controller only stops focusing those panels.
 *
 * The panels themselves (approval-panel.ts, with their styles) are a chunk
 * loaded with the first call that waits for an answer, or once a page tool
 * needs approval (so it is usually here before the first request); until it
 * is in, a waiting card shows its "awaiting approval" status alone, and the
 * first panel takes focus when it is drawn.
 */
import { nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { ApprovalAnswer, ApprovalRequest, Tool } from '../../src/types.js';
import type { ApprovalHandlers, ArgsEdit, CallPreview } from './approval-panel.js';
import type { ConversationSource } from '../conversation/index.js';
import { LazyView } from '../lazy-view.js';
import type { I18n } from '../i18n/index.js';

/** What the controller needs from the element it serves. */
export interface ApprovalBinding {
  /** The element's conversation: the calls waiting for an answer (its state's `approvals`, oldest first), and the requests as they come. */
  conversation: ConversationSource;
  /** The page's tools, for the argument editor's schema. */
  tools(): readonly Tool[];
  /** Sends the answer to the agent and records it in the conversation; false when it could not (the panel stays as it is). */
  answered(request: ApprovalRequest, answer: ApprovalAnswer): boolean;
  /** True while another tab answers the approvals (this one follows its thread): panels show that, without buttons. */
  answeredElsewhere?(): boolean;
  /** The element's shadow root (panels and the composer are looked up there). */
  root(): ParentNode;
  /** The element's language. */
  i18n: I18n;
  /** The pointer or focus is on step `step` of call `callId`'s preview (null: none): highlight its outline on the page. */
  hover?(callId: string, step: number | null): void;
}

/** Owns the approval panels' edits and focus. */
export class ApprovalController implements ReactiveController {
  #host: ReactiveControllerHost;
  #binding: ApprovalBinding;
  readonly #panels: LazyView<typeof import('./approval-panel.js')>;
  /** Arguments being edited in approval panels, by call id. */
  #edits: ReadonlyMap<string, ArgsEdit> = new Map();
  /** The call whose panel takes focus after the next update. */
  #focusCall: string | undefined;

  readonly #handlers: ApprovalHandlers = {
    answer: (request, answer) => this.#answer(request, answer),
    edit: (request, edit) => {
      const edits = new Map(this.#edits);
      if (edit) edits.set(request.callId, edit);
      else edits.delete(request.callId);
      this.#setEdits(edits);
    },
    hover: (request, step) => this.#binding.hover?.(request.callId, step),
  };

  constructor(host: ReactiveControllerHost & HTMLElement, binding: ApprovalBinding) {
    this.#host = host;
    this.#binding = binding;
    this.#panels = new LazyView(host, () => import('./approval-panel.js'));
    host.addController(this);
    binding.conversation.subscribe((event) => {
      // New requests: the first one's panel takes focus after the next update. A follower's panels have nothing to answer: focus stays where it is.
      if (event.type === 'approval-request' && !binding.answeredElsewhere?.()) this.#focusCall = event.requests[0]?.callId;
    });
  }

  /** Forgets every edit (the conversation was cleared or replaced). */
  clear(): void {
    this.#setEdits(new Map());
  }

  /** What a tool card's rendering depends on besides the card itself (for `guard`). */
  inputsFor(callId: string): unknown[] {
    const request = this.#request(callId);
    return request ? [request, this.#edits.get(callId), this.#toolNamed(request.name), this.#binding.answeredElsewhere?.() ?? false, this.#panels.get(), this.#preview(callId)] : [];
  }

  /** The approval panel of call `callId`, or nothing when it waits for no answer. */
  panelFor(callId: string): TemplateResult | typeof nothing {
    const request = this.#request(callId);
    const panels = request && this.#panels.get();
    if (!request || !panels) return nothing;
    if (this.#binding.answeredElsewhere?.()) return panels.renderApprovalElsewhere(request, this.#binding.i18n.words(panels.approvalWords));
    return panels.renderApproval(request, this.#edits.get(callId), this.#toolNamed(request.name), this.#handlers, live, this.#binding.i18n.words(panels.approvalWords), this.#preview(callId));
  }

  /** Where call `callId` stands among the calls waiting (their steps are numbered across them, here and on the page). */
  order(callId: string): number {
    return this.#binding.conversation.state.approvals.findIndex((r) => r.callId === callId);
  }

  /** What call `callId` will do, from its `preview` event (the card lists the steps), numbered after the steps of the calls waiting before it. */
  #preview(callId: string): CallPreview | undefined {
    const state = this.#binding.conversation.state;
    const previewOf = (id: string) => {
      const item = state.items.find((i) => i.kind === 'tool-call' && i.id === id);
      return item?.kind === 'tool-call' ? item.preview : undefined;
    };
    const preview = previewOf(callId);
    if (!preview) return undefined;
    let offset = 0;
    for (const r of state.approvals) {
      if (r.callId === callId) break;
      offset += previewOf(r.callId)?.steps.length ?? 0;
    }
    return { ...preview, offset };
  }

  hostUpdated(): void {
    // A page tool that needs approval: its panel's code loads now, before the model can call it.
    if (this.#binding.tools().some((tool) => tool.needsApproval !== false)) this.#panels.get();
    // Focus waits for the panels' first draw.
    if (this.#focusCall === undefined || !this.#panels.get()) return;
    const id = this.#focusCall;
    this.#focusCall = undefined;
    const panels = [...this.#binding.root().querySelectorAll<HTMLElement>('[part~="approval"]')];
    (panels.find((panel) => panel.dataset.callId === id) ?? panels[0])?.focus();
  }

  #answer(request: ApprovalRequest, answer: ApprovalAnswer): void {
    if (!this.#binding.answered(request, answer)) return;
    const edits = new Map(this.#edits);
    edits.delete(request.callId);
    this.#setEdits(edits);
    // "Always allow" approves this tool's other waiting calls too: skip their panels.
    const allowsAll = answer.approve && answer.always === true;
    const next = this.#binding.conversation.state.approvals.find((r) => r.callId !== request.callId && !(allowsAll && r.name === request.name));
    if (next) this.#focusCall = next.callId;
    else void this.#host.updateComplete.then(() => this.#binding.root().querySelector<HTMLElement>('textarea[part~="input"]')?.focus());
  }

  #request(callId: string): ApprovalRequest | undefined {
    return this.#binding.conversation.state.approvals.find((r) => r.callId === callId);
  }

  #toolNamed(name: string): Tool | undefined {
    // Names come from the model: look them up as own entries only.
    const byName: Record<string, Tool> = Object.create(null) as Record<string, Tool>;
    for (const tool of this.#binding.tools()) byName[tool.name] = tool;
    return Object.hasOwn(byName, name) ? byName[name] : undefined;
  }

  #setEdits(edits: ReadonlyMap<string, ArgsEdit>): void {
    this.#edits = edits;
    this.#host.requestUpdate();
  }
}
