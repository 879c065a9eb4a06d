/**
 * What the attachment tests share: real image files drawn on a canvas, and
 * the three ways a user adds files, dispatched as the browser dispatches
 * them (real `DataTransfer`s on real drag, drop, paste and change events, on
 * the element's real nodes; a test cannot open the OS file picker or drag an
 * OS file, so it hands the element what those would).
 */
import type { AgentChat } from '../../components/agent-chat.js';
import { part, parts, until } from './helpers.js';

/** A PNG of `width`×`height`, in two colours so a downscale shows. */
export async function pngFile(name: string, width = 64, height = 48): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  const g = canvas.getContext('2d')!;
  g.fillStyle = '#1a62d6';
  g.fillRect(0, 0, width, height);
  g.fillStyle = '#ffb300';
  g.fillRect(width / 4, height / 4, width / 2, height / 2);
  return new File([await canvas.convertToBlob({ type: 'image/png' })], name, { type: 'image/png' });
}

/** A small text file. */
export function textFile(name: string, text: string, type = 'text/plain'): File {
  return new File([text], name, { type });
}

function transfer(files: readonly File[]): DataTransfer {
  const data = new DataTransfer();
  for (const file of files) data.items.add(file);
  return data;
}

/** Picks `files` in the attach button's file picker (what the OS dialog would hand it), as a `change` event. */
export function pick(chat: AgentChat, files: readonly File[]): void {
  const input = chat.shadowRoot!.querySelector<HTMLInputElement>('input[type="file"]')!;
  input.files = transfer(files).files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Drags `files` over `target` (the log, say): dragenter and dragover. Returns whether the element took the drag (default prevented). */
export function dragOver(target: Element, files: readonly File[]): boolean {
  const data = transfer(files);
  target.dispatchEvent(new DragEvent('dragenter', { dataTransfer: data, bubbles: true, composed: true, cancelable: true }));
  const over = new DragEvent('dragover', { dataTransfer: data, bubbles: true, composed: true, cancelable: true });
  target.dispatchEvent(over);
  return over.defaultPrevented;
}

/** Drops `files` on `target`. Returns whether the element took the drop (default prevented: the browser does not open the file). */
export function drop(target: Element, files: readonly File[]): boolean {
  const event = new DragEvent('drop', { dataTransfer: transfer(files), bubbles: true, composed: true, cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

/** Pastes `files` (a screenshot, say) into `target`, as Ctrl+V does. Returns whether the element took it. */
export function paste(target: Element, files: readonly File[], text?: string): boolean {
  const data = transfer(files);
  if (text !== undefined) data.setData('text/plain', text);
  const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, composed: true, cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

/** The names on the composer's chips. */
export function chipNames(chat: AgentChat): string[] {
  return parts(chat, 'attachment').map((chip) => chip.querySelector('.chip-name')!.textContent!.trim());
}

/** Waits until the composer shows `n` chips and nothing is being prepared. */
export async function chips(chat: AgentChat, n: number): Promise<HTMLElement[]> {
  // The first files wait for the agent's worker to start (and its thread to open): twice `until`'s wait.
  const ready = () => parts(chat, 'attachment').length === n && !chat.shadowRoot!.querySelector('.attachments-busy');
  await until(() => ready() || !chat.shadowRoot!.querySelector('.attachments-busy'), 'the files to be prepared').catch(() => {});
  return until(() => {
    const shown = parts(chat, 'attachment');
    return shown.length === n && !chat.shadowRoot!.querySelector('.attachments-busy') && shown;
  }, `${n} attachment chips`);
}

/** The refusals shown, one line each. */
export function refusals(chat: AgentChat): string[] {
  return [...(part(chat, 'attachment-error')?.querySelectorAll('p') ?? [])].map((li) => li.textContent!.trim());
}

/** Waits until an image has loaded (its object URL resolved to real pixels). */
export function loaded(img: HTMLImageElement | null | undefined): Promise<HTMLImageElement> {
  return until(() => img && img.complete && img.naturalWidth > 0 && img, 'an image to load');
}
