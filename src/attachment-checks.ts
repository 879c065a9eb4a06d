/**
 * The `attachments` option's check (src/settings.ts) and the test that tells a
 * tool's `toolResult(…)` from a plain result: pure and small, read on both
 * sides of the worker. The defaults live with the preparation
 * (src/agent/attachments/attachment-prep.ts), which loads on first use.
 */
import type { AttachmentOptions, ToolResultWithAttachments } from './attachment-types.js';

/** `AttachmentOptions` with every default filled in. */
export type AttachmentLimits = Required<AttachmentOptions>;

const whole = (v: unknown, min: number) => Number.isInteger(v) && (v as number) >= min;

/** What is wrong with an `attachments` option, worded to follow its name; undefined when fine. */
export function isAttachmentOptions(v: unknown): string | undefined {
  if (v === false) return undefined;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return ' must be false (off) or an object, e.g. { maxFileBytes: 10_000_000, imageLongEdge: 1024 }';
  const o = v as Record<string, unknown>;
  for (const key of ['maxFileBytes', 'maxMessageBytes'] as const) if (o[key] !== undefined && !whole(o[key], 1)) return `.${key} must be a whole number of bytes of at least 1`;
  if (o.maxCount !== undefined && !whole(o.maxCount, 1)) return '.maxCount must be a whole number of at least 1';
  if (o.imageLongEdge !== undefined && !whole(o.imageLongEdge, 16)) return '.imageLongEdge must be a whole number of pixels of at least 16';
  if (o.keepOriginal !== undefined && typeof o.keepOriginal !== 'boolean') return '.keepOriginal must be true or false';
  if (o.types !== undefined && !(Array.isArray(o.types) && o.types.every((t) => typeof t === 'string' && /^(\.[\w+-]+|[\w.+-]+\/(\*|[\w.+-]+))$/.test(t)))) {
    return '.types must be an array of MIME types ("image/png"), wildcards ("image/*") or extensions (".csv")';
  }
  return undefined;
}

/** Whether a tool's returned value is a `toolResult(…)` (read on both sides of the worker: only plain data is tested). */
export function isToolResultWithAttachments(value: unknown): value is ToolResultWithAttachments {
  return typeof value === 'object' && value !== null && (value as { $pageloop?: unknown }).$pageloop === 'tool-result' && Array.isArray((value as { attachments?: unknown }).attachments);
}
