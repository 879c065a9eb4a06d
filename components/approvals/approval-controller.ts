/**
 * The approval panels of an `<agent-chat>`, as a Lit ReactiveController: which
 * calls get a panel, and focus — the first panel of a new request takes it
 * once drawn, and after an answer the next waiting panel (or the composer).
 *
 * The panels themselves (approval-panel.ts, with their styles) and what they
 * keep and do — the arguments being edited, answering a call, the previews'
 * numbering (approval-edits.ts) — are a chunk loaded with the first call that
 * waits for an answer, or once a page tool needs approval (so it is usually
 * here before the first request); until it is in, a waiting card shows its
 * "awaiting approval" status alone, and the first panel takes focus when it
 * is drawn.
 */
import { nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { ApprovalRequest } from '../../src/types.js';
import type { ApprovalBinding, ApprovalEdits } from './approval-edits.js';
import { LazyView } from '../lazy-view.js';

export type { ApprovalBinding } from './approval-edits.js';

/** Draws the approval panels and moves focus among them; their edits and answers are the panels' chunk's (approval-edits.ts). */
export class ApprovalController implements ReactiveController {
  #host: ReactiveControllerHost;
  #binding: ApprovalBinding;
  readonly #panels: LazyView<typeof import('./approval-panel.js')>;
  /** The panels' edits and answers, once their chunk is in. */
  #edits: ApprovalEdits | undefined;
  /** The call whose panel takes focus after the next update. */
  #focusCall: string | undefined;

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
    this.#edits?.clear();
  }

  /** What a tool card's rendering depends on besides the card itself (for `guard`). */
  inputsFor(callId: string): unknown[] {
    const request = this.#request(callId);
    if (!request) return [];
    const edits = this.#loaded();
    return [request, edits?.edit(callId), edits?.toolNamed(request.name), this.#binding.answeredElsewhere?.() ?? false, edits, edits?.preview(callId)];
  }

  /** The approval panel of call `callId`, or nothing when it waits for no answer. */
  panelFor(callId: string): TemplateResult | typeof nothing {
    const request = this.#request(callId);
    const panels = request && this.#panels.get();
    const edits = panels && this.#loaded();
    if (!request || !panels || !edits) return nothing;
    if (this.#binding.answeredElsewhere?.()) return panels.renderApprovalElsewhere(request, this.#binding.i18n.words(panels.approvalWords));
    return panels.renderApproval(request, edits.edit(callId), edits.toolNamed(request.name), edits.handlers, live, this.#binding.i18n.words(panels.approvalWords), edits.preview(callId), this.#binding.i18n.words(panels.previewWords));
  }

  /** Where call `callId` stands among the calls waiting (their steps are numbered across them, here and on the page). */
  order(callId: string): number {
    return this.#binding.conversation.state.approvals.findIndex((r) => r.callId === callId);
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

  /** The panels' edits, made once their chunk is in (undefined until then; asking starts the load). */
  #loaded(): ApprovalEdits | undefined {
    const panels = this.#panels.get();
    return panels && (this.#edits ??= new panels.ApprovalEdits(this.#host, this.#binding, (callId) => (this.#focusCall = callId)));
  }

  #request(callId: string): ApprovalRequest | undefined {
    return this.#binding.conversation.state.approvals.find((r) => r.callId === callId);
  }
}
