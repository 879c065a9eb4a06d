/**
 * A thread file's `attachments` section: the bytes of the thread's
 * attachments by id, base64 (a thread file is JSON), the records staying in
 * its messages and events. Written by export, read and checked by import —
 * all or nothing, like the rest of the file.
 */
import type { ThreadFileAttachment } from '../types.js';
import { PageloopError } from '../errors.js';
import type { StoredAttachment } from './thread-store.js';

/** The `attachments` section of a thread file for `items` (undefined when there are none). */
export async function attachmentsSection(items: readonly StoredAttachment[]): Promise<Record<string, ThreadFileAttachment> | undefined> {
  if (items.length === 0) return undefined;
  const section: Record<string, ThreadFileAttachment> = {};
  for (const item of items) {
    const entry: ThreadFileAttachment = { type: item.data.type, data: await base64(item.data) };
    if (item.original) entry.original = { type: item.original.type, data: await base64(item.original) };
    section[item.id] = entry;
  }
  return section;
}

/** The attachments a thread file's section holds; refuses a section that is not one, naming what is wrong. */
export function readAttachmentsSection(value: unknown): StoredAttachment[] {
  if (value === undefined) return [];
  const refuse = (why: string): never => {
    throw new PageloopError('storage', `Not a pageloop thread: ${why}.`);
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return refuse('`attachments` is not an object of attachments by id');
  return Object.entries(value as Record<string, unknown>).map(([id, entry]) => {
    const e = entry as Partial<ThreadFileAttachment> | null;
    const bytes = (part: unknown, where: string): Blob => {
      const p = part as { type?: unknown; data?: unknown } | null;
      if (typeof p !== 'object' || p === null || typeof p.type !== 'string' || typeof p.data !== 'string') return refuse(`attachment "${id}"${where} is not { type, data }`);
      try {
        return new Blob([fromBase64(p.data)], { type: p.type });
      } catch {
        return refuse(`attachment "${id}"${where} is not base64`);
      }
    };
    const data = bytes(e, '');
    return e?.original !== undefined ? { id, data, original: bytes(e.original, '.original') } : { id, data };
  });
}

/** The base64 of some bytes (FileReader's data URL, without its head). */
function base64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('An attachment could not be read.'));
    reader.readAsDataURL(blob);
  });
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
