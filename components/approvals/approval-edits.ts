/**
 * What the approval panels of an `<agent-chat>` keep and do once they are
 * drawn: the arguments being edited in each panel, answering a call, where
 * focus goes next (the next waiting panel, or back to the composer) and the
 * numbering of the calls' preview steps. It comes with the panels' chunk
 * (approval-panel.ts re-exports it), so a chat whose calls never wait for
 * approval never loads it; approval-controller.ts is the part up front.
 *
 * It applies no decision itself: "Always allow" is the agent's approval gate's
 * to apply (also to the tool's other waiting calls, whose `tool-start` events
 * close their panels); this only stops focusing those panels.
 */
import type { ReactiveControllerHost } from 'lit';
import type { ApprovalAnswer, ApprovalRequest, PreviewStepInfo, Tool } from '../../src/types.js';
import type { ConversationSource } from '../conversation/index.js';
import type { I18n } from '../i18n/index.js';

/** The editor state of one call's arguments, while the user edits them. */
export interface ArgsEdit {
  text: string;
  /** Why the text cannot be approved, or null when it can. */
  error: string | null;
  /** The parsed arguments when `error` is null. */
  value?: unknown;
}

/** What the panel calls back into the element. */
export interface ApprovalHandlers {
  answer(request: ApprovalRequest, answer: ApprovalAnswer): void;
  edit(request: ApprovalRequest, edit: ArgsEdit | null): void;
  /** The pointer or focus is on step `step` of the call's preview (null: on none): its outline on the page is highlighted. */
  hover?(request: ApprovalRequest, step: number | null): void;
}

/** What a call will do, as its `preview` event says (the card lists it); `offset`: the steps of the calls waiting before it (steps are numbered across them, as on the page). */
export type CallPreview = { steps: readonly PreviewStepInfo[]; error?: string; offset?: number };

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

/** The panels' edits, answers and previews. */
export class ApprovalEdits {
  readonly #host: ReactiveControllerHost;
  readonly #binding: ApprovalBinding;
  /** Asks for focus on call `callId`'s panel after the next update. */
  readonly #focus: (callId: string) => void;
  /** Arguments being edited in approval panels, by call id. */
  #edits: ReadonlyMap<string, ArgsEdit> = new Map();

  readonly handlers: ApprovalHandlers = {
    answer: (request, answer) => this.#answer(request, answer),
    edit: (request, edit) => {
      const edits = new Map(this.#edits);
      if (edit) edits.set(request.callId, edit);
      else edits.delete(request.callId);
      this.#setEdits(edits);
    },
    hover: (request, step) => this.#binding.hover?.(request.callId, step),
  };

  constructor(host: ReactiveControllerHost, binding: ApprovalBinding, focus: (callId: string) => void) {
    this.#host = host;
    this.#binding = binding;
    this.#focus = focus;
  }

  /** Forgets every edit (the conversation was cleared or replaced). */
  clear(): void {
    this.#setEdits(new Map());
  }

  /** The edit of call `callId`'s arguments, while the user edits them. */
  edit(callId: string): ArgsEdit | undefined {
    return this.#edits.get(callId);
  }

  /** What call `callId` will do, from its `preview` event (the card lists the steps), numbered after the steps of the calls waiting before it. */
  preview(callId: string): CallPreview | undefined {
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

  /** The page tool named `name` (the argument editor checks against its schema). */
  toolNamed(name: string): Tool | undefined {
    // Names come from the model: look them up as own entries only.
    const byName: Record<string, Tool> = Object.create(null) as Record<string, Tool>;
    for (const tool of this.#binding.tools()) byName[tool.name] = tool;
    return Object.hasOwn(byName, name) ? byName[name] : undefined;
  }

  #answer(request: ApprovalRequest, answer: ApprovalAnswer): void {
    if (!this.#binding.answered(request, answer)) return;
    const edits = new Map(this.#edits);
    edits.delete(request.callId);
    this.#setEdits(edits);
    // "Always allow" approves this tool's other waiting calls too: skip their panels.
    const allowsAll = answer.approve && answer.always === true;
    const next = this.#binding.conversation.state.approvals.find((r) => r.callId !== request.callId && !(allowsAll && r.name === request.name));
    if (next) this.#focus(next.callId);
    else void this.#host.updateComplete.then(() => this.#binding.root().querySelector<HTMLElement>('textarea[part~="input"]')?.focus());
  }

  #setEdits(edits: ReadonlyMap<string, ArgsEdit>): void {
    this.#edits = edits;
    this.#host.requestUpdate();
  }
}
