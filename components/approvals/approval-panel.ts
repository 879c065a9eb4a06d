/**
 * The approval panel of one tool call: Approve, Deny, Deny with a reason
 * (which the model reads in the call's result), Edit arguments and Always
 * allow this tool. Edited arguments must parse as JSON and pass the
 * tool's own schema before Approve is enabled, so the user cannot send the
 * loop arguments the tool would reject. A chunk of its own, with its styles
 * and the deny-reason field: `<agent-chat>` loads it with the first call that
 * waits for approval, or sooner when a page tool needs approval
 * (approval-controller.ts); a chat whose calls never wait never loads it.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { live as litLive } from 'lit/directives/live.js';
import type { ApprovalRequest, PreviewStepInfo, Tool, ValidationResult } from '../../src/types.js';
import type { ApprovalHandlers, ArgsEdit, CallPreview } from './approval-edits.js';
import { renderDenyReason } from './deny-reason.js';
import type { ApprovalWords } from './approval-words.js';
import { previewWords, type PreviewWords } from './preview-words.js';

export { approvalWords } from './approval-words.js';
export { previewWords } from './preview-words.js';

/** The panels' edits and answers (approval-controller.ts makes it once this chunk is in). */
export { ApprovalEdits } from './approval-edits.js';

/** Its styles, adopted by the element when this module loads (lazy-view.ts). */
export { approvalStyles as styles } from './approval-panel.styles.js';

/** What a step's target state adds to it (a message id). */
const TARGET_NOTE: Partial<Record<PreviewStepInfo['target'], 'previewGone' | 'previewHidden'>> = {
  gone: 'previewGone',
  hidden: 'previewHidden',
};

/** The steps of a call's preview, each hovered or focused to highlight its outline on the page. */
function renderPreview(request: ApprovalRequest, preview: CallPreview, handlers: ApprovalHandlers, offset: number, w: PreviewWords): TemplateResult {
  const hover = (step: number | null) => handlers.hover?.(request, step);
  const note = (target: PreviewStepInfo['target']): string | undefined => (TARGET_NOTE[target] ? w[TARGET_NOTE[target]] : undefined);
  return html`<ol part="preview-steps" class="preview-steps" aria-label=${w.previewSteps}>
    ${preview.steps.map((step, i) => html`<li part="preview-step" class="preview-step" data-target=${step.target} tabindex="0"
        @mouseenter=${() => hover(i)} @mouseleave=${() => hover(null)} @focus=${() => hover(i)} @blur=${() => hover(null)}>
      <span class="step-n" aria-hidden="true">${offset + i + 1}</span>
      <span class="step-text">${step.text}</span>
      ${step.private
        ? html`<span class="step-change">${w.previewPrivate}</span>`
        : step.from !== undefined || step.to !== undefined
          ? html`<span class="step-change"><span class="step-from">${step.from === '' ? w.previewEmpty : (step.from ?? '')}</span> → <span class="step-to">${step.to === '' ? w.previewEmpty : (step.to ?? '')}</span></span>`
          : nothing}
      ${note(step.target) ? html`<span class="step-note" role=${step.target === 'gone' ? 'alert' : nothing}>${note(step.target)}</span>` : nothing}
    </li>`)}
  </ol>
  ${preview.error !== undefined ? html`<p class="preview-error">${w.previewFailed(preview.error)}</p>` : nothing}`;
}

/**
 * Checks edited arguments: JSON first, then the tool's schema when the page
 * registered that tool (worker tools are checked again by the loop).
 */
export function checkArgs(text: string, tool: Tool | undefined, w: Pick<ApprovalWords, 'notValidJson'>): ArgsEdit | Promise<ArgsEdit> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { text, error: w.notValidJson(err instanceof Error ? err.message : String(err)) };
  }
  if (!tool) return { text, error: null, value };
  const toEdit = (checked: ValidationResult<unknown>): ArgsEdit => (checked.ok ? { text, error: null, value } : { text, error: checked.error });
  const checked = tool.validate(value);
  return checked instanceof Promise ? checked.then(toEdit) : toEdit(checked);
}

/** The latest edit text per call, so a slow first check cannot overwrite a newer one. */
const latestText = new Map<string, string>();

/** Checks an edit and hands it to the element; Approve stays blocked while a check is pending. */
function applyEdit(handlers: ApprovalHandlers, request: ApprovalRequest, text: string, tool: Tool | undefined, w: ApprovalWords): void {
  latestText.set(request.callId, text);
  const edit = checkArgs(text, tool, w);
  if (!(edit instanceof Promise)) return handlers.edit(request, edit);
  handlers.edit(request, { text, error: w.checkingArguments });
  void edit.then((done) => {
    if (latestText.get(request.callId) === text) handlers.edit(request, done);
  });
}

/** Renders the panel for one pending call. */
/**
 * A call that waits for approval in the tab that writes the thread (this tab
 * follows it read-only): what waits, and where it is answered — no buttons,
 * since only the writer can answer (`respond` here is refused).
 */
export function renderApprovalElsewhere(request: ApprovalRequest, w: ApprovalWords): TemplateResult {
  const labelId = `approval-label-${request.callId}`;
  return html`<div part="approval approval-elsewhere" class="approval approval-elsewhere" role="group" tabindex="-1" aria-labelledby=${labelId}
      data-call-id=${request.callId}>
    <p id=${labelId} class="approval-label">${withTool(w.waitsElsewhere, request.name)}</p>
  </div>`;
}

/**
 * The approval panel of one waiting call: approve, deny, edit the arguments.
 * `live` is the element's: imported here, in a chunk of its own, it would split Lit's directive code out of the element's entry.
 */
export function renderApproval(
  request: ApprovalRequest,
  edit: ArgsEdit | undefined,
  tool: Tool | undefined,
  handlers: ApprovalHandlers,
  live: typeof litLive,
  w: ApprovalWords,
  preview?: CallPreview,
  pw: PreviewWords = previewWords,
): TemplateResult {
  const labelId = `approval-label-${request.callId}`;
  const editorId = `approval-editor-${request.callId}`;
  const errorId = `approval-error-${request.callId}`;
  const blocked = edit !== undefined && edit.error !== null;
  const args = (): unknown => (edit && edit.error === null ? edit.value : request.args);
  return html`<div part="approval" class="approval" role="group" tabindex="-1" aria-labelledby=${labelId}
      data-call-id=${request.callId}>
    <p id=${labelId} class="approval-label">${withTool(w.allowToRun, request.name)}</p>
    ${preview ? renderPreview(request, preview, handlers, preview.offset ?? 0, pw) : nothing}
    ${edit
      ? html`<label class="visually-hidden" for=${editorId}>${w.argumentsOf(request.name)}</label>
          <textarea id=${editorId} class="args-editor" spellcheck="false" rows="6"
            aria-invalid=${edit.error !== null ? 'true' : 'false'}
            aria-describedby=${edit.error !== null ? errorId : nothing}
            .value=${live(edit.text)}
            @input=${(e: Event) => applyEdit(handlers, request, (e.target as HTMLTextAreaElement).value, tool, w)}></textarea>
          ${edit.error !== null ? html`<p id=${errorId} class="args-error" role="alert">${edit.error}</p>` : nothing}`
      : nothing}
    <div class="approval-actions">
      <button part="approve-button" class="primary" ?disabled=${blocked}
        @click=${() => handlers.answer(request, { approve: true, args: args() })}>${w.approve}</button>
      <button part="deny-button" @click=${() => handlers.answer(request, { approve: false })}>${w.deny}</button>
      <button part="edit-button" aria-expanded=${edit ? 'true' : 'false'}
        @click=${() => (edit ? handlers.edit(request, null) : applyEdit(handlers, request, JSON.stringify(request.args ?? {}, null, 2), tool, w))}>
        ${edit ? w.discardEdits : w.editArguments}</button>
      <button part="always-button" ?disabled=${blocked}
        @click=${() => handlers.answer(request, { approve: true, always: true, args: args() })}>${w.alwaysAllow(request.name)}</button>
    </div>
    ${renderDenyReason(request, w, (message) => handlers.answer(request, message ? { approve: false, message } : { approve: false }))}
  </div>`;
}

/** `message` with its `{tool}` place drawn as the tool's name in code. */
function withTool(message: string, name: string): TemplateResult {
  const at = message.indexOf('{tool}');
  if (at < 0) return html`${message}`;
  return html`${message.slice(0, at)}<code>${name}</code>${message.slice(at + 6)}`;
}
