/**
 * Attachments in `<agent-chat>`, as a Lit ReactiveController: files are
 * attached by the button's file picker, dropped on the element, or pasted
 * (a screenshot). Up front is only what the first use needs: the attach
 * button, the drop target and the listeners. The rest — the chips, the
 * refusals, the thumbnails and file links, the image dialog, and the bytes
 * behind them (`attachment-tray.ts`, with its view and styles) — loads on
 * first use: the first file added, or the first message or tool card that
 * carries one.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { AttachmentInput, AttachmentOptions, PreparedAttachment } from '../../src/types.js';
import { DEFAULT_ATTACHMENT_TYPES } from '../../src/attachment-types.js';
import type { ComposerExtras } from '../composer/index.js';
import type { ShownAttachment } from '../conversation/index.js';
import type { AttachmentTray, AttachmentsBinding } from './attachment-tray.js';
import { attachmentWords } from './attachment-words.js';

export type { AttachmentsBinding };

/** How the element shows what `send` was given: a prepared file as it is, a `File`, `Blob` or `{ name, type, data }` by its parts. */
export function shownAttachments(inputs: readonly AttachmentInput[] | undefined): ShownAttachment[] | undefined {
  return inputs?.map((input): ShownAttachment => {
    if (input instanceof Blob) return { name: input instanceof File ? input.name : 'attachment', type: input.type, size: input.size, data: input };
    if ('id' in input) return input as PreparedAttachment;
    const data = input.data instanceof Blob ? input.data : new Blob([input.data as BlobPart], { type: input.type });
    return { name: input.name, type: input.type || data.type, size: data.size, data };
  });
}

/**
 * The file picker's `accept`: the types the options allow (MIME types, wildcards and extensions, as `accept` takes them).
 * Here rather than in the tray's chunk: the default list is the page's anyway (an export), and imported there it was a shared chunk of its own.
 */
function accepted(options: AttachmentOptions | undefined): string {
  return (options?.types ?? DEFAULT_ATTACHMENT_TYPES).join(',');
}

/** The attach button, drop and paste; the rest once loaded. */
export class Attachments implements ReactiveController {
  #host: ReactiveControllerHost & HTMLElement;
  #binding: AttachmentsBinding;
  #tray: AttachmentTray | undefined;
  #loading: Promise<AttachmentTray> | undefined;
  /** Adds under way: Send waits for them ("Preparing attachments…"). */
  #adding = 0;
  #dragging = false;

  constructor(host: ReactiveControllerHost & HTMLElement, binding: AttachmentsBinding) {
    this.#host = host;
    this.#binding = binding;
    host.addController(this);
  }

  /** The files of the message being written, ready to send (none while some are still being prepared). */
  get ready(): PreparedAttachment[] {
    return this.#adding > 0 ? [] : this.#tray?.pending ?? [];
  }

  /** True while files are being prepared: the message waits for them. */
  get busy(): boolean {
    return this.#adding > 0;
  }

  /** What the log's attachments show changed (loaded, bytes read back): an input of the items' guards. */
  get version(): number {
    return this.#tray?.version ?? -1;
  }

  /** Checks and prepares `files` and adds the accepted ones as chips; the refused say why. Resolves once shown. */
  async add(files: readonly File[], pasted = false): Promise<void> {
    if (files.length === 0 || !this.#enabled()) return;
    this.#adding++;
    this.#host.requestUpdate();
    try {
      await (await this.#load()).add(files, pasted);
    } finally {
      this.#adding--;
      this.#host.requestUpdate();
    }
  }

  /** The message went: its files leave the composer. */
  sent(): void {
    this.#tray?.sent();
  }

  /** Files of a message the agent refused before its run started: back in the composer, to send again. */
  returned(files: readonly PreparedAttachment[]): void {
    this.#tray?.returned(files);
  }

  /** The log was cleared or replaced: its bytes are forgotten. */
  clear(): void {
    this.#tray?.clear();
  }

  /** The chips on a row of their own over the input (so the focus order is the order seen), then the attach button before the input. */
  composerExtras(): ComposerExtras {
    const busy = this.#adding > 0 ? html`<p class="attachments-busy" role="status">${this.#words().preparingAttachments}</p>` : nothing;
    return { before: html`${this.#tray?.renderTray()}${busy}${this.#renderButton()}`, attached: this.ready.length > 0 };
  }

  /** The drop target over the element while files are dragged over it (part `drop-target`). */
  renderDropTarget(): TemplateResult | typeof nothing {
    return this.#dragging ? html`<div part="drop-target" class="drop-target" aria-hidden="true"><span>${this.#words().dropFiles}</span></div>` : nothing;
  }

  /** The files of a message or a tool card (`label` names the list for screen readers). */
  renderList(list: readonly ShownAttachment[] | undefined, label: string): TemplateResult | typeof nothing {
    if (!list?.length) return nothing;
    return this.#tray?.renderList(list, label) ?? (void this.#load(), nothing);
  }

  /** The dialog showing an image larger, while one is open (part `attachment-dialog`). */
  renderDialog(): TemplateResult | typeof nothing {
    return this.#tray?.renderDialog() ?? nothing;
  }

  #words(): typeof attachmentWords {
    return this.#binding.i18n.words(attachmentWords);
  }

  hostConnected(): void {
    for (const [type, listener] of this.#listeners) this.#host.addEventListener(type, listener as EventListener);
  }

  hostDisconnected(): void {
    for (const [type, listener] of this.#listeners) this.#host.removeEventListener(type, listener as EventListener);
    this.#dragging = false;
  }

  hostUpdated(): void {
    this.#tray?.updated();
  }

  /** The attach button (part `attach-button`) and its hidden file picker, offering the allowed types (known once the tray is loaded: on hover, focus or click). */
  #renderButton(): TemplateResult | typeof nothing {
    const options = this.#binding.options();
    if (options === false) return nothing;
    return html`<input class="file-picker" type="file" multiple hidden accept=${this.#tray ? accepted(options) : ''} @change=${(e: Event) => {
        const input = e.target as HTMLInputElement;
        void this.add([...(input.files ?? [])]);
        input.value = '';
      }} />
      <button part="attach-button" class="attach-button" type="button" aria-label=${this.#words().attachFiles} title=${this.#words().attachFilesTitle}
        ?disabled=${this.#binding.readOnly()} @pointerenter=${() => this.#load()} @focus=${() => this.#load()}
        @click=${async (e: Event) => {
          const picker = (e.currentTarget as HTMLElement).previousElementSibling as HTMLInputElement;
          // Still within the click's user activation: the picker may open after the tray loads.
          if (!this.#tray) (await this.#load(), await this.#host.updateComplete);
          picker.click();
        }}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"
          d="M21 11.5l-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l9.2-9.2a3.7 3.7 0 0 1 5.2 5.2l-9.2 9.2a1.8 1.8 0 0 1-2.6-2.6l8.5-8.5"/></svg>
      </button>`;
  }

  /** Drag and drop onto the whole element, and paste while the focus is inside it. */
  #listeners: Array<[string, (e: DragEvent & ClipboardEvent) => void]> = [
    ['dragenter', (e) => this.#dragOver(e)],
    ['dragover', (e) => this.#dragOver(e)],
    ['dragleave', (e) => {
      // Moving onto a child is no leaving (retargeted: anything in the shadow root is the host itself).
      const to = e.relatedTarget as Node | null;
      if (!to || (to !== this.#host && !this.#host.contains(to))) this.#setDragging(false);
    }],
    ['drop', (e) => {
      if (!this.#takes(e.dataTransfer)) return;
      e.preventDefault();
      this.#setDragging(false);
      void this.add([...e.dataTransfer!.files]);
    }],
    ['paste', (e) => {
      // Pasted files are attached; pasted text alone goes into the input as usual.
      if (!this.#takes(e.clipboardData) || e.clipboardData!.files.length === 0) return;
      e.preventDefault();
      void this.add([...e.clipboardData!.files], true);
    }],
  ];

  #dragOver(e: DragEvent): void {
    if (!this.#takes(e.dataTransfer)) return;
    // Without this the browser would open the dropped file in place of the page.
    e.preventDefault();
    e.dataTransfer!.dropEffect = 'copy';
    this.#setDragging(true);
  }

  /** True for a transfer carrying files, to an element that takes them. */
  #takes(data: DataTransfer | null): boolean {
    return !!data?.types.includes('Files') && this.#enabled();
  }

  #enabled(): boolean {
    return this.#binding.options() !== false && !this.#binding.readOnly();
  }

  #setDragging(on: boolean): void {
    if (this.#dragging === on) return;
    this.#dragging = on;
    if (on) void this.#load();
    this.#host.requestUpdate();
  }

  #load(): Promise<AttachmentTray> {
    return (this.#loading ??= import('./attachment-tray.js').then((module) => {
      // Lit is handed in: imported there, it would be split out of the element's file into a chunk of its own.
      this.#tray = new module.AttachmentTray(this.#host, this.#binding, { html, nothing });
      this.#host.requestUpdate();
      return this.#tray;
    }));
  }
}
