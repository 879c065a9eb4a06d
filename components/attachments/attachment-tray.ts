/**
 * The attachments of one `<agent-chat>`, once it has any (loaded on first
 * use by `attachments.ts`, which keeps only the attach button, the drop
 * target and the listeners up front): the files of the message being written
 * and the refusals of the last ones added, the bytes behind the attachments
 * the log shows (object URLs; after a reload, read back from the thread's
 * store), and the image open in the dialog. Every object URL is of an inert
 * copy (`inert-blob.ts`): a raster image keeps its image type, anything else
 * is a download; no file renders as a document of the page's origin.
 *
 * Files are checked and prepared by the agent as they are added
 * (`agent.prepareAttachments`: limits, types, images downscaled in its
 * worker), so a refused one says why at once; the typed text is never touched.
 */
import type { ReactiveControllerHost, TemplateResult, nothing } from 'lit';
import type { Agent, AttachmentOptions, AttachmentRefusal, PreparedAttachment } from '../../src/types.js';
import { errorMessage } from '../../src/errors.js';
import type { ShownAttachment } from '../conversation/index.js';
import { attachmentCss, attachmentView, type Lit } from './attachment-view.js';
import { attachmentTrayWords } from './attachment-tray-words.js';
import { formatBytes } from '../../src/format-bytes.js';
import type { I18n } from '../i18n/index.js';
import { inertBlob } from './inert-blob.js';

/** What the attachments need from the element. */
export interface AttachmentsBinding {
  /** The agent, made on first use: it prepares the files. */
  agent(): Agent;
  /** The agent if one is made (reading stored bytes back never makes one). */
  current(): Agent | undefined;
  /** The element's `attachments` option: `false` turns attachments off (no button; drops and pastes are left to the page). */
  options(): AttachmentOptions | false | undefined;
  /** True in a follower tab: nothing can be sent here. */
  readOnly(): boolean;
  /** The element's language. */
  i18n: I18n;
}

/** What the tray renders, or nothing. */
type Rendered = TemplateResult | typeof nothing;

/** The state and rendering of an element's attachments. */
export class AttachmentTray {
  #host: ReactiveControllerHost & HTMLElement;
  #binding: AttachmentsBinding;
  #view: ReturnType<typeof attachmentView>;
  #nothing: typeof nothing;
  #pending: PreparedAttachment[] = [];
  /** The files just refused (or why none could be prepared), said in the element's language when drawn. */
  #refusals: Array<AttachmentRefusal | string> = [];
  /** Adds run one after another: each checks the whole set, including what the one before accepted. */
  #adding: Promise<void> = Promise.resolve();
  /** The bytes of attachments by id: those sent from here, and those read back from the store (null: not kept; `reading`: asked for). */
  #bytes = new Map<string, Blob | null | 'reading'>();
  #urls = new Map<Blob, string>();
  #open: { a: ShownAttachment; url: string; opener: HTMLElement } | undefined;
  /** Changes whenever what the log's attachments show changes (bytes read back): a guard's input. */
  version = 0;

  constructor(host: ReactiveControllerHost & HTMLElement, binding: AttachmentsBinding, lit: Lit) {
    this.#host = host;
    this.#binding = binding;
    this.#view = attachmentView(lit, () => ({ words: binding.i18n.words(attachmentTrayWords), bytes: binding.i18n.format?.bytes ?? formatBytes, count: binding.i18n.format?.count ?? String }));
    this.#nothing = lit.nothing;
    // The styles join the element's own (an adopted sheet: a strict style-src CSP accepts it).
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(attachmentCss);
    const root = host.shadowRoot;
    if (root) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }

  /** The files of the message being written, as prepared. */
  get pending(): PreparedAttachment[] {
    return this.#pending;
  }

  /** A refused message's files, back in front of any added since (each once). */
  returned(files: readonly PreparedAttachment[]): void {
    const ids = new Set(this.#pending.map((a) => a.id));
    this.#pending = [...files.filter((a) => !ids.has(a.id)), ...this.#pending];
    this.#host.requestUpdate();
  }

  /** Checks and prepares `files` (`pasted`: from the clipboard), adds the accepted ones, and shows why the others were refused. */
  add(files: readonly File[], pasted: boolean): Promise<void> {
    return (this.#adding = this.#adding.then(() => this.#add(pasted ? files.map(named) : files)));
  }

  async #add(files: readonly File[]): Promise<void> {
    try {
      // The whole set at once: the count and total limits are the message's, not this go's.
      const before = this.#pending;
      const { accepted, refused } = await this.#binding.agent().prepareAttachments([...before, ...files]);
      // Those already attached come back first, checked again (by id, or by name, type and size if given new ids): only the rest are new.
      // A chip removed meanwhile stays removed.
      const old = [...before];
      const added = accepted.filter((a) => {
        const i = old.findIndex((b) => b.id === a.id || (b.name === a.name && b.type === a.type && b.size === a.size));
        return i < 0 || (old.splice(i, 1), false);
      });
      this.#pending = [...this.#pending, ...added];
      this.#refusals = refused;
    } catch (err) {
      this.#refusals = [errorMessage(err)];
    }
    this.#host.requestUpdate();
  }

  /** The message went: its files leave the composer (their bytes stay, for the log). */
  sent(): void {
    for (const a of this.#pending) this.#bytes.set(a.id, a.data);
    this.#pending = [];
    this.#refusals = [];
    this.#host.requestUpdate();
  }

  /** Removes chip `index`; the focus goes to the next chip's remove button, else to the input. */
  remove(index: number): void {
    const gone = this.#pending[index];
    if (gone) this.#revoke(gone.data);
    this.#pending = this.#pending.filter((_, i) => i !== index);
    this.#refusals = [];
    this.#host.requestUpdate();
    void this.#host.updateComplete.then(() => {
      const root = this.#host.shadowRoot;
      const removes = root?.querySelectorAll<HTMLElement>('[part~="attachment-remove"]');
      (removes?.[Math.min(index, removes.length - 1)] ?? root?.querySelector<HTMLElement>('[part~="input"]'))?.focus();
    });
  }

  /** Forgets the log's bytes (the conversation was cleared or replaced); the composer's files stay. */
  clear(): void {
    const keep = new Set<Blob>(this.#pending.map((a) => a.data));
    for (const [blob, url] of this.#urls) if (!keep.has(blob)) (URL.revokeObjectURL(url), this.#urls.delete(blob));
    this.#bytes.clear();
    this.#open = undefined;
  }

  /** The chips and the refusals under the input. */
  renderTray(): Rendered {
    return this.#view.renderChips(this.#pending, this.#refusals, { remove: (i) => this.remove(i), url: (a) => this.#url(a) });
  }

  /** The files of a message or a tool card: thumbnails that open larger, download links. */
  renderList(list: readonly ShownAttachment[], label: string): Rendered {
    const gone = (a: ShownAttachment) => a.stored === false || (a.id !== undefined && !a.data && this.#bytes.get(a.id) === null);
    return this.#view.renderAttachmentList(list, { url: (a) => this.#url(a), gone, open: (a, opener) => this.#openImage(a, opener) }, label);
  }

  /** The dialog showing an image larger, while one is open. */
  renderDialog(): Rendered {
    return this.#open ? this.#view.renderDialog(this.#open, () => this.#closed()) : this.#nothing;
  }

  /** After each update: a dialog just rendered opens modal (`showModal` traps the focus and gives Escape its meaning). */
  updated(): void {
    const dialog = this.#host.shadowRoot?.querySelector<HTMLDialogElement>('dialog[part~="attachment-dialog"]');
    if (dialog && this.#open && !dialog.open) dialog.showModal();
  }

  /**
   * An object URL for the bytes of `a`: its own, those sent from here, or read
   * back from the thread's store (once; then an update). Always of the inert
   * copy, typed by `a`'s record (`inertBlob`), never of the bytes' own type.
   */
  #url(a: ShownAttachment): string | undefined {
    const blob = a.data ?? (a.id === undefined ? undefined : this.#bytes.get(a.id));
    if (blob === undefined && a.id !== undefined && a.stored !== false) {
      const agent = this.#binding.current();
      if (!agent) return undefined;
      const id = a.id;
      this.#bytes.set(id, 'reading');
      void agent.attachment(id).then(
        (found) => {
          this.#bytes.set(id, found ?? null);
          this.version++;
          this.#host.requestUpdate();
        },
        () => this.#bytes.set(id, null),
      );
      return undefined;
    }
    if (!blob || blob === 'reading') return undefined;
    let url = this.#urls.get(blob);
    if (!url) this.#urls.set(blob, (url = URL.createObjectURL(inertBlob(blob, a.type))));
    return url;
  }

  #revoke(blob: Blob): void {
    const url = this.#urls.get(blob);
    if (url) (URL.revokeObjectURL(url), this.#urls.delete(blob));
  }

  #openImage(a: ShownAttachment, opener: HTMLElement): void {
    const url = this.#url(a);
    if (!url) return;
    this.#open = { a, url, opener };
    this.#host.requestUpdate();
  }

  /** The dialog closed (Escape, its button, the backdrop): the focus goes back to the thumbnail that opened it. */
  #closed(): void {
    const opener = this.#open?.opener;
    this.#open = undefined;
    this.#host.requestUpdate();
    opener?.focus();
  }
}

/** A pasted screenshot arrives as `image.png` (each one the same name): it gets a name of its own, with the time. */
function named(file: File, index: number): File {
  if (file.name !== 'image.png' && file.name !== '') return file;
  const ext = file.type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'png';
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return new File([file], `pasted-${stamp}${index > 0 ? `-${index + 1}` : ''}.${ext}`, { type: file.type, lastModified: file.lastModified });
}
