/**
 * What `<agent-chat>` shows of attachments, loaded on first use (the
 * element's up-front code is only the attach button, the drop target and the
 * listeners, in `attachments.ts`): the chips under the composer, the
 * refusals, the thumbnails and file links in messages and tool cards, and the
 * dialog that shows an image larger. Everything here is rendering; the state
 * (what is attached, which image is open, the blobs' URLs) is the controller's.
 *
 * Everything shown is text bound through Lit: a file's name cannot inject markup.
 * Names are shown without bidirectional controls (`withoutBidiControls`): a
 * right-to-left override cannot make `x\u202Efdp.html` read as `xlmth.pdf`.
 */
import type { html as litHtml, nothing as litNothing, TemplateResult } from 'lit';
import type { ShownAttachment } from '../conversation/index.js';
import { refusalText, type AttachmentTrayWords } from './attachment-tray-words.js';
import type { AttachmentRefusal } from '../../src/types.js';
import { formatBytes } from '../../src/format-bytes.js';
import { withoutBidiControls } from '../../src/bidi-controls.js';

/**
 * Lit's `html` and `nothing`, handed in by the element: imported here, Lit
 * would be split out of the element's own file into a chunk shared with this
 * one, and the page would load more up front.
 */
export interface Lit {
  html: typeof litHtml;
  nothing: typeof litNothing;
}

/** The renderers, made with the element's Lit. */
export type AttachmentView = ReturnType<typeof attachmentView>;

/** True for what is shown as a picture: a thumbnail, opened in the dialog. */
export function isImage(a: Pick<ShownAttachment, 'type'>): boolean {
  return /^image\/(png|jpeg|gif|webp|avif|bmp)$/i.test(a.type);
}

/** What the chips do. */
export interface ChipActions {
  /** Removes chip `index` from the message being written. */
  remove(index: number): void;
  /** The URL of an attachment's bytes, once known. */
  url(a: ShownAttachment): string | undefined;
}

/** What the attachments of a message or a tool card do. */
export interface ListActions {
  /** The URL of an attachment's bytes, once known (after a reload they are read from the thread's store). */
  url(a: ShownAttachment): string | undefined;
  /** True when the bytes of `a` were not kept with the thread (a full disk): it says so instead of a link. */
  gone(a: ShownAttachment): boolean;
  /** Opens image `a` in the dialog; `opener` gets the focus back when it closes. */
  open(a: ShownAttachment, opener: HTMLElement): void;
}

/** The chips, the lists and the dialog, rendered with the element's `html`. */
export function attachmentView(lit: Lit, speech: () => { words: AttachmentTrayWords; bytes: (n: number) => string; count: (n: number) => string }) {
  const { html } = lit;
  const nothing: typeof litNothing = lit.nothing;
  /**
   * The chips of the message being written (part `attachments`), each with
   * its name, size, a thumbnail for an image and a remove button; then the files
   * just refused, each saying why (`role="alert"`: read out once, as it appears).
   */
  function renderChips(pending: readonly ShownAttachment[], refusals: ReadonlyArray<AttachmentRefusal | string>, actions: ChipActions): TemplateResult {
    const { words: w, bytes: formatBytes, count } = speech();
    return html`${pending.length > 0
        ? html`<ul part="attachments" class="attachments" aria-label=${w.attachedCount(pending.length)}>
            ${pending.map((a, index) => {
              const url = isImage(a) ? actions.url(a) : undefined;
              return html`<li part="attachment" class="attachment" data-name=${nameOf(a)}>
                ${url ? html`<img class="chip-thumb" src=${url} alt="" />` : html`<span class="chip-icon" aria-hidden="true">${fileBadge(a)}</span>`}
                <span class="chip-text"><span class="chip-name">${nameOf(a)}</span><span class="chip-size">${formatBytes(a.size)}</span></span>
                <button part="attachment-remove" class="chip-remove" type="button" aria-label=${w.removeFile(nameOf(a))} title=${w.remove}
                  @click=${() => actions.remove(index)}>×</button>
              </li>`;
            })}
          </ul>`
        : nothing}
      ${refusals.length > 0
        ? html`<div part="attachment-error" class="attachment-error" role="alert">
            ${refusals.map((r) => html`<p>${withoutBidiControls(typeof r === 'string' ? r : refusalText(r, w, formatBytes, count))}</p>`)}
          </div>`
        : nothing}`;
  }


  /**
   * The attachments of a user message or a tool result (part
   * `message-attachments`): images as thumbnails that open larger, other files
   * as download links. One whose bytes were not kept says so.
   */
  function renderAttachmentList(list: readonly ShownAttachment[], actions: ListActions, label: string): TemplateResult {
    const { words: w, bytes: formatBytes } = speech();
    return html`<ul part="message-attachments" class="message-attachments" aria-label=${label}>
      ${list.map((a) => {
        const url = actions.url(a);
        if (isImage(a) && url) {
          return html`<li><button type="button" class="thumb" aria-label=${w.openImage(nameOf(a))} aria-haspopup="dialog"
              @click=${(e: Event) => actions.open(a, e.currentTarget as HTMLElement)}><img part="attachment-thumbnail" src=${url} alt=${nameOf(a)} /></button></li>`;
        }
        if (url) {
          return html`<li><a part="attachment-download" class="file-link" href=${url} download=${nameOf(a)}>
              <span class="chip-icon" aria-hidden="true">${fileBadge(a)}</span><span class="chip-text"><span class="chip-name">${nameOf(a)}</span>
              <span class="chip-size">${formatBytes(a.size)} · ${w.download}</span></span></a></li>`;
        }
        return html`<li class=${actions.gone(a) ? 'file-link missing' : 'file-link'}><span class="chip-icon" aria-hidden="true">${fileBadge(a)}</span>
          <span class="chip-text"><span class="chip-name">${nameOf(a)}</span><span class="chip-size">${formatBytes(a.size)}${actions.gone(a) ? ` · ${w.notKept}` : ''}</span></span></li>`;
      })}
    </ul>`;
  }

  /** The dialog showing one image larger (part `attachment-dialog`); the element opens it modal, Escape closes it. */
  function renderDialog(open: { a: ShownAttachment; url: string } | undefined, close: () => void): TemplateResult | typeof litNothing {
    if (!open) return nothing;
    const { words: w, bytes: formatBytes } = speech();
    return html`<dialog part="attachment-dialog" class="attachment-dialog" aria-label=${nameOf(open.a)} @close=${close}
        @click=${(e: Event) => {
          // A click on the backdrop (the dialog box itself, outside its content) closes it, as a lightbox does.
          if (e.target === e.currentTarget) (e.currentTarget as HTMLDialogElement).close();
        }}>
      <figure>
        <img src=${open.url} alt=${nameOf(open.a)} />
        <figcaption><span class="chip-name">${nameOf(open.a)}</span> <span class="chip-size">${formatBytes(open.a.size)}</span></figcaption>
      </figure>
      <form method="dialog"><button class="dialog-close" aria-label=${w.close}>×</button></form>
    </dialog>`;
  }

  return { renderChips, renderAttachmentList, renderDialog };
}

/** A file's name as shown (and saved by its download link): without bidirectional controls. */
function nameOf(a: Pick<ShownAttachment, 'name'>): string {
  return withoutBidiControls(a.name);
}

/** A short label for a file that has no thumbnail: its extension, else its kind. */
function fileBadge(a: ShownAttachment): string {
  const ext = /\.([a-z0-9]{1,4})$/i.exec(nameOf(a))?.[1];
  if (ext) return ext.toUpperCase();
  return isImage(a) ? 'IMG' : 'FILE';
}

/** The styles of all the above, adopted by the element when this chunk loads (plain text: Lit's `css` would pull Lit in, as above). */
export const attachmentCss = `
  .attachments, .message-attachments { list-style: none; margin: 0; padding: 0; }
  .attachment-error p { margin: 0; }
  .attachments {
    flex-basis: 100%; display: flex; flex-wrap: wrap; gap: 6px;
  }
  .attachment, .file-link {
    display: flex; align-items: center; gap: 8px; max-width: 100%; min-width: 0;
    padding: 4px 4px 4px 6px; border: 1px solid var(--agent-chat-border); border-radius: calc(var(--agent-chat-radius) * 0.6);
    background: var(--agent-chat-surface); color: var(--agent-chat-fg); font-size: 0.85em; line-height: 1.25;
  }
  .chip-thumb { width: 32px; height: 32px; object-fit: cover; border-radius: 4px; flex: none; }
  .chip-icon {
    display: inline-grid; place-items: center; width: 32px; height: 32px; flex: none; border-radius: 4px;
    background: var(--agent-chat-code-bg); color: var(--agent-chat-muted); font-size: 0.7em; font-weight: 600;
  }
  .chip-text { display: flex; flex-direction: column; min-width: 0; }
  .chip-name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 16em; unicode-bidi: isolate; }
  .chip-size { color: var(--agent-chat-muted); }
  .composer .chip-remove {
    width: 28px; height: 28px; padding: 0; flex: none; border-radius: 50%; line-height: 1; font-size: 1.1em;
    background: transparent; border-color: transparent; color: var(--agent-chat-muted);
  }
  .composer .chip-remove:hover { color: var(--agent-chat-fg); border-color: var(--agent-chat-border); }
  .attachment-error {
    flex-basis: 100%; padding: 6px 10px; border-radius: calc(var(--agent-chat-radius) * 0.6);
    background: var(--agent-chat-danger-bg); color: var(--agent-chat-danger); font-size: 0.9em;
  }
  .message-attachments { display: flex; flex-wrap: wrap; gap: 6px; margin: 2px 0 6px; white-space: normal; }
  .message.user .message-attachments { justify-content: flex-end; }
  .thumb {
    display: block; padding: 0; border: 1px solid var(--agent-chat-border); border-radius: calc(var(--agent-chat-radius) * 0.6);
    overflow: hidden; background: var(--agent-chat-surface); cursor: zoom-in;
  }
  .thumb img { display: block; max-width: 160px; max-height: 120px; object-fit: cover; }
  .file-link { text-decoration: none; padding-inline-end: 10px; }
  .file-link:hover .chip-name { text-decoration: underline; }
  .file-link.missing { opacity: 0.75; }
  .tool-call .message-attachments { margin: 6px 0 0; }
  .attachment-dialog {
    max-width: min(92vw, 1200px); max-height: 92vh; padding: 0; border: 1px solid var(--agent-chat-border);
    border-radius: var(--agent-chat-radius); background: var(--agent-chat-bg); color: var(--agent-chat-fg);
  }
  .attachment-dialog::backdrop { background: rgb(0 0 0 / 0.6); }
  .attachment-dialog figure { margin: 0; padding: 12px 12px 8px; }
  .attachment-dialog img { display: block; max-width: 100%; max-height: calc(92vh - 64px); margin: 0 auto; object-fit: contain; }
  .attachment-dialog figcaption { margin-top: 6px; font-size: 0.9em; display: flex; gap: 8px; align-items: baseline; padding-inline-end: 40px; }
  .attachment-dialog form { position: absolute; top: 8px; inset-inline-end: 8px; margin: 0; }
  .dialog-close { width: 32px; height: 32px; padding: 0; border-radius: 50%; font-size: 1.2em; line-height: 1; }
`;
