/**
 * Attachments in `<agent-chat>`, as a Lit ReactiveController: the files of
 * the message being written (attached by the button's file picker, by
 * dropping them on the element, or by pasting, e.g. a screenshot), the
 * refusals of the last files added, and the bytes behind the attachments the
 * log shows (object URLs, read back from the thread's store after a reload).
 *
 * Up front is only what the first use needs: the attach button, the drop
 * target and the listeners. The chips, thumbnails, file links and the image
 * dialog (`attachment-view.ts`, with their styles) load on first use: the
 * first file added, or the first message or tool card that carries one.
 *
 * Files are checked and prepared by the agent (`agent.prepareAttachments`:
 * limits, types, images downscaled off the page's thread) as they are added,
 * so a refused one says why at once, and the typed text is never touched.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Agent, AttachmentInput, AttachmentOptions, PreparedAttachment } from '../src/types.js';
import { errorMessage } from '../src/errors.js';
import { attachmentLimits } from '../src/attachment-checks.js';
import type { ComposerExtras } from './composer.js';
import type { ShownAttachment } from './conversation-state.js';

type ViewModule = typeof import('./attachment-view.js');


/** What the controller needs from the element. */
export interface AttachmentsBinding {
  /** The agent, made on first use: it prepares the files and reads stored bytes back. */
  agent(): Agent;
  /** The agent if one is made (reading bytes back never makes one). */
  current(): Agent | undefined;
  /** The element's `attachments` option: `false` turns attachments off (no button; drops and pastes are left alone). */
  options(): AttachmentOptions | false | undefined;
  /** True in a follower tab: nothing can be sent here. */
  readOnly(): boolean;
}

/** How the element shows what `send` was given: a prepared file as it is, a `File`, `Blob` or `{ name, type, data }` by its parts. */
export function shownAttachments(inputs: readonly AttachmentInput[] | undefined): ShownAttachment[] | undefined {
  if (!inputs || inputs.length === 0) return undefined;
  return inputs.map((input): ShownAttachment => {
    if (input instanceof Blob) return { name: input instanceof File ? input.name : 'attachment', type: input.type, size: input.size, data: input };
    if ('id' in input && 'size' in input) return input as PreparedAttachment;
    const data = input.data instanceof Blob ? input.data : new Blob([input.data as BlobPart], { type: input.type });
    return { name: input.name, type: input.type || data.type, size: data.size, data };
  });
}

/** Holds the composer's attachments and the bytes behind the log's. */
export class Attachments implements ReactiveController {
  #host: ReactiveControllerHost & HTMLElement;
  #binding: AttachmentsBinding;
  #pending: PreparedAttachment[] = [];
  #refusals: string[] = [];
  /** Files being prepared now (a big image takes a moment): Send waits for them. */
  #preparing = 0;
  #dragging = false;
  #view: ViewModule | undefined;
  #loading: Promise<ViewModule> | undefined;
  /** The bytes of attachments by id: those sent from here, and those read back from the store (null: not kept; `reading`: asked for). */
  #bytes = new Map<string, Blob | null | 'reading'>();
  /** Adds run one after another: each checks the whole set, including what the one before accepted. */
  #adding: Promise<void> = Promise.resolve();
  #urls = new Map<Blob, string>();
  #open: { a: ShownAttachment; url: string; opener: HTMLElement } | undefined;
  /** Changes whenever what the log's attachments show changes (the view loaded, bytes read back): a guard's input. */
  version = 0;

  constructor(host: ReactiveControllerHost & HTMLElement, binding: AttachmentsBinding) {
    this.#host = host;
    this.#binding = binding;
    host.addController(this);
  }

  /** The files of the message being written, ready to send (empty while none, or while some are still being prepared). */
  get ready(): PreparedAttachment[] {
    return this.#preparing > 0 ? [] : this.#pending;
  }

  /** True while files are being prepared: the message waits for them. */
  get busy(): boolean {
    return this.#preparing > 0;
  }

  /** The message went: its attachments leave the composer (their bytes stay for the log). */
  sent(): void {
    for (const a of this.#pending) this.#bytes.set(a.id, a.data);
    this.#pending = [];
    this.#refusals = [];
    this.#host.requestUpdate();
  }

  /** Checks and prepares `files` and adds the accepted ones; the refused say why. Resolves once they are shown. */
  add(files: readonly File[]): Promise<void> {
    if (files.length === 0 || !this.#enabled() || this.#binding.readOnly()) return Promise.resolve();
    this.#preparing++;
    this.#refusals = [];
    this.#host.requestUpdate();
    return (this.#adding = this.#adding.then(() => this.#add(files)));
  }

  async #add(files: readonly File[]): Promise<void> {
    try {
      // The whole set at once: the count and total limits are of the message, not of this go.
      const before = this.#pending;
      const [, { accepted, refused }] = await Promise.all([this.#load(), this.#binding.agent().prepareAttachments([...before, ...files])]);
      for (const a of before) if (!accepted.some((b) => b.data === a.data)) this.#revoke(a.data);
      this.#pending = accepted;
      this.#refusals = refused.map((r) => r.message);
    } catch (err) {
      this.#refusals = [errorMessage(err)];
    } finally {
      this.#preparing--;
      this.#host.requestUpdate();
    }
  }

  /** Removes chip `index`; the focus goes to the next chip's remove button, else the input. */
  remove(index: number): void {
    const [gone] = this.#pending.splice(index, 1);
    if (gone) this.#revoke(gone.data);
    this.#pending = [...this.#pending];
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
    const keep = new Set(this.#pending.map((a) => a.data));
    for (const [blob, url] of this.#urls) if (!keep.has(blob)) (URL.revokeObjectURL(url), this.#urls.delete(blob));
    this.#bytes.clear();
  }

  // ——— rendering ———

  /** What the composer shows of them: the attach button before the input, the chips under it. */
  composerExtras(): ComposerExtras {
    return { before: this.#renderButton(), after: this.#renderTray(), attached: this.ready.length > 0 };
  }

  /** The attach button (part `attach-button`) and its hidden file picker, offering the allowed types. */
  #renderButton(): TemplateResult | typeof nothing {
    const options = this.#binding.options();
    if (options === false) return nothing;
    const readOnly = this.#binding.readOnly();
    return html`<input class="file-picker" type="file" multiple hidden accept=${attachmentLimits(options).types.join(',')} @change=${(e: Event) => {
        const input = e.target as HTMLInputElement;
        void this.add([...(input.files ?? [])]);
        input.value = '';
      }} />
      <button part="attach-button" class="attach-button" type="button" aria-label="Attach files" title="Attach files (or drop or paste them here)"
        ?disabled=${readOnly} @click=${(e: Event) => ((e.currentTarget as HTMLElement).previousElementSibling as HTMLInputElement).click()}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"
          d="M21 11.5l-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l9.2-9.2a3.7 3.7 0 0 1 5.2 5.2l-9.2 9.2a1.8 1.8 0 0 1-2.6-2.6l8.5-8.5"/></svg>
      </button>`;
  }

  /** The chips and refusals under the input, and "Preparing…" while files are read. */
  #renderTray(): TemplateResult | typeof nothing {
    const view = this.#view;
    const preparing = this.#preparing > 0 ? html`<p class="attachments-busy" role="status">Preparing attachments…</p>` : nothing;
    if (!view) return preparing;
    return html`${view.renderChips(this.#pending, this.#refusals, { remove: (i) => this.remove(i), url: (a) => this.#url(a) })}${preparing}`;
  }

  /** The drop target over the element while files are dragged over it (part `drop-target`). */
  renderDropTarget(): TemplateResult | typeof nothing {
    return this.#dragging ? html`<div part="drop-target" class="drop-target" aria-hidden="true"><span>Drop files to attach</span></div>` : nothing;
  }

  /** The attachments of a message or a tool card (`label` names them for screen readers), and the image dialog when one is open. */
  renderList(list: readonly ShownAttachment[] | undefined, label: string): TemplateResult | typeof nothing {
    if (!list || list.length === 0) return nothing;
    const view = this.#view;
    if (!view) return (void this.#load(), nothing);
    const gone = (a: ShownAttachment) => a.stored === false || (a.id !== undefined && !a.data && this.#bytes.get(a.id) === null);
    return view.renderAttachmentList(list, { url: (a) => this.#url(a), gone, open: (a, opener) => this.#openImage(a, opener) }, label);
  }

  /** The dialog showing an image larger, while one is open (part `attachment-dialog`). */
  renderDialog(): TemplateResult | typeof nothing {
    return this.#view?.renderDialog(this.#open, () => this.#closed()) ?? nothing;
  }

  // ——— the host's life ———

  hostConnected(): void {
    for (const [type, listener] of this.#listeners) this.#host.addEventListener(type, listener as EventListener);
  }

  hostDisconnected(): void {
    for (const [type, listener] of this.#listeners) this.#host.removeEventListener(type, listener as EventListener);
    this.#dragging = false;
  }

  hostUpdated(): void {
    // Opened modal once rendered: `showModal` traps the focus and gives Escape its meaning.
    const dialog = this.#host.shadowRoot?.querySelector<HTMLDialogElement>('dialog[part~="attachment-dialog"]');
    if (dialog && this.#open && !dialog.open) dialog.showModal();
  }

  /** Drag and drop onto the whole element, and paste while the focus is inside it. */
  #listeners: Array<[string, (e: DragEvent & ClipboardEvent) => void]> = [
    ['dragenter', (e) => this.#dragOver(e)],
    ['dragover', (e) => this.#dragOver(e)],
    ['dragleave', (e) => {
      // Leaving for a child of the element is no leaving (retargeted, a shadow child is the host itself).
      const to = e.relatedTarget as Node | null;
      if (to && (to === this.#host || this.#host.contains(to))) return;
      this.#setDragging(false);
    }],
    ['drop', (e) => {
      if (!this.#accepts(e.dataTransfer)) return;
      e.preventDefault();
      this.#setDragging(false);
      void this.add([...(e.dataTransfer?.files ?? [])]);
    }],
    ['paste', (e) => {
      const files = [...(e.clipboardData?.files ?? [])];
      if (files.length === 0 || !this.#enabled() || this.#binding.readOnly()) return;
      // Pasted files are attached; pasted text (with no file) goes into the input as usual.
      e.preventDefault();
      void this.add(files.map((f, i) => (f.name === 'image.png' || f.name === '' ? renamed(f, i) : f)));
    }],
  ];

  #dragOver(e: DragEvent): void {
    if (!this.#accepts(e.dataTransfer)) return;
    // Without this the browser opens the dropped file in place of the page.
    e.preventDefault();
    e.dataTransfer!.dropEffect = 'copy';
    this.#setDragging(true);
  }

  /** True for a drag that carries files, onto an element that takes them. */
  #accepts(data: DataTransfer | null): boolean {
    return !!data && data.types.includes('Files') && this.#enabled() && !this.#binding.readOnly();
  }

  #enabled(): boolean {
    return this.#binding.options() !== false;
  }

  #setDragging(on: boolean): void {
    if (this.#dragging === on) return;
    this.#dragging = on;
    if (on) void this.#load();
    this.#host.requestUpdate();
  }

  #load(): Promise<ViewModule> {
    return (this.#loading ??= import('./attachment-view.js').then((view) => {
      this.#view = view;
      this.version++;
      const root = this.#host.shadowRoot;
      // Its styles join the element's own (adopted sheets keep a strict style-src CSP happy).
      if (root && view.attachmentStyles.styleSheet) root.adoptedStyleSheets = [...root.adoptedStyleSheets, view.attachmentStyles.styleSheet];
      this.#host.requestUpdate();
      return view;
    }));
  }

  /** An object URL for the bytes of `a`: its own, those sent from here, or read back from the thread's store (once, then updated). */
  #url(a: ShownAttachment): string | undefined {
    const blob = a.data ?? (a.id === undefined ? undefined : this.#bytes.get(a.id));
    if (blob === undefined && a.id !== undefined && a.stored !== false) {
      const agent = this.#binding.current();
      if (!agent) return undefined;
      const id = a.id;
      this.#bytes.set(id, 'reading');
      void agent.attachment(id).then(
        (found) => (this.#bytes.set(id, found ?? null), this.version++, this.#host.requestUpdate()),
        () => {},
      );
      return undefined;
    }
    if (!blob || blob === 'reading') return undefined;
    let url = this.#urls.get(blob);
    if (!url) this.#urls.set(blob, (url = URL.createObjectURL(blob)));
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

/** A pasted screenshot arrives as `image.png` (every one the same name): each gets a name of its own. */
function renamed(file: File, index: number): File {
  const ext = file.type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'png';
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return new File([file], `pasted-${stamp}${index > 0 ? `-${index + 1}` : ''}.${ext}`, { type: file.type, lastModified: file.lastModified });
}
