/**
 * The attachment tray's words in English (the chips, the file lists, the
 * image dialog): the ids every catalog translates (components/i18n/words.ts).
 * In the tray's chunk: a chat without files never loads them.
 */
export const attachmentTrayWords = {
  attachedCount: (count: number) => (count === 1 ? 'Attached: 1 file' : `Attached: ${count} files`),
  removeFile: (name: string) => `Remove ${name}`,
  remove: 'Remove',
  openImage: (name: string) => `Open image ${name}`,
  download: 'Download',
  notKept: 'not kept',
  close: 'Close',
  // A file refused (src/attachment-types.ts `AttachmentRefusal`, by its code and params); sizes written with the locale's units.
  /** `max` written, `count` the same number (its plural form): the worker's English, word for word (src/agent/attachments/attachment-prep.ts). */
  refusedCount: (name: string, max: string, count: number) => `"${name}" was not attached: at most ${max} ${count === 1 ? 'file goes' : 'files go'} with one message.`,
  refusedType: (name: string, type: string) => `"${name}" is ${type}, which cannot be attached here.`,
  refusedSize: (name: string, size: string, max: string) => `"${name}" is ${size}; one file may be at most ${max} (as picked, before images are made smaller).`,
  refusedTotal: (name: string, total: string, max: string) => `"${name}" would take this message's files to ${total}; one message may carry at most ${max}.`,
  refusedText: (name: string) => `"${name}" is not UTF-8 text, so it cannot be sent as a text file.`,
  refusedImage: (name: string) => `"${name}" could not be read as an image; try a PNG or JPEG.`,
};

/** A refused file in `w`'s words (its English message when it lacks the values: an older agent). */
export function refusalText(r: { name: string; code: string; message: string; params?: Readonly<Record<string, string | number>> }, w: AttachmentTrayWords, bytes: (n: number) => string, count: (n: number) => string): string {
  const p = r.params ?? {};
  const num = (key: string) => (typeof p[key] === 'number' ? (p[key] as number) : undefined);
  const [max, size, total] = [num('max'), num('size'), num('total')];
  if (r.code === 'too-many-attachments' && max !== undefined) return w.refusedCount(r.name, count(max), max);
  if (r.code === 'attachment-type' && typeof p.type === 'string') return w.refusedType(r.name, p.type);
  if (r.code === 'attachment-too-large' && size !== undefined && max !== undefined) return w.refusedSize(r.name, bytes(size), bytes(max));
  if (r.code === 'attachments-too-large' && total !== undefined && max !== undefined) return w.refusedTotal(r.name, bytes(total), bytes(max));
  if (r.code === 'attachment-unreadable' && p.as === 'text') return w.refusedText(r.name);
  if (r.code === 'attachment-unreadable' && p.as === 'image') return w.refusedImage(r.name);
  return r.message;
}

/** The tray's words, as the element's language writes them. */
export type AttachmentTrayWords = typeof attachmentTrayWords;
