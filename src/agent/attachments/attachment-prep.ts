/**
 * Checks and prepares attachments before anything is sent or stored: each
 * input becomes a `PreparedAttachment` (an image downscaled to the long edge
 * asked) or an `AttachmentRefusal` that names the file and the limit. Runs in
 * the agent's worker, loaded on first use; images are decoded and resized
 * there (image-downscale.ts), never on the page's thread.
 *
 * Invariants:
 * - Nothing is dropped silently: every input is accepted or refused, in order.
 * - One rule for the sizes: `maxFileBytes` and `maxMessageBytes` measure
 *   each file as it was picked (the size the user's file manager shows),
 *   whatever its kind — an image is measured before it is downscaled, a text
 *   file as it is — and are checked before anything is decoded, so a huge
 *   image is never decoded only to be refused. `maxCount` and
 *   `maxMessageBytes` refuse the inputs that pass them, the earlier ones stay
 *   accepted. A prepared attachment handed back (the composer's chips) is
 *   measured by its original's size again.
 * - A user may send images and text files only (no server family takes other
 *   files); a tool's other files are kept and offered as downloads (`kind: 'file'`).
 */
import type { AttachmentInput, AttachmentKind, AttachmentOptions, AttachmentRefusal, AttachmentRefusalCode, PreparedAttachment, PreparedAttachments } from '../../attachment-types.js';
import { DEFAULT_ATTACHMENT_TYPES } from '../../attachment-types.js';
import type { AttachmentLimits } from '../../attachment-checks.js';
import { downscaleImage } from './image-downscale.js';
import { formatBytes } from '../../format-bytes.js';

/** Who the attachments come from: the user's message, or a tool's result (no type limit; other files allowed). */
export type AttachmentSource = 'user' | 'tool';

/** MIME types of text files by extension, for files the browser types '' or wrongly (`.ts` is `video/mp2t`). */
const TEXT_TYPES: Readonly<Record<string, string>> = {
  md: 'text/markdown', markdown: 'text/markdown', txt: 'text/plain', csv: 'text/csv', tsv: 'text/tab-separated-values', json: 'application/json', jsonl: 'application/jsonl',
  xml: 'application/xml', yaml: 'application/yaml', yml: 'application/yaml', toml: 'text/plain', ini: 'text/plain', log: 'text/plain', html: 'text/html', css: 'text/css',
  js: 'text/javascript', mjs: 'text/javascript', cjs: 'text/javascript', ts: 'text/x-typescript', tsx: 'text/x-typescript', jsx: 'text/javascript', py: 'text/x-python',
  rb: 'text/x-ruby', go: 'text/x-go', rs: 'text/x-rust', java: 'text/x-java', kt: 'text/x-kotlin', c: 'text/x-c', h: 'text/x-c', cpp: 'text/x-c++', hpp: 'text/x-c++',
  cs: 'text/x-csharp', php: 'text/x-php', swift: 'text/x-swift', sh: 'text/x-sh', sql: 'application/sql', vue: 'text/plain', svelte: 'text/plain', svg: 'image/svg+xml',
};
const IMAGE_TYPES: Readonly<Record<string, string>> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', bmp: 'image/bmp', avif: 'image/avif' };
/** Text MIME types outside `text/*`. */
const TEXTUAL = /^(?:text\/|application\/(?:json|jsonl|xml|yaml|x-yaml|javascript|x-sh|sql|x-ndjson)$)|\+(?:json|xml)$/;

const MiB = 1024 * 1024;

/** How the size limits measure a file, said in every refusal of one. */
const AS_PICKED = 'sizes are of the files as picked, before images are downscaled';

/** The defaults of option `attachments`. */
export const DEFAULT_ATTACHMENT_LIMITS: AttachmentLimits = {
  maxFileBytes: 20 * MiB,
  maxMessageBytes: 50 * MiB,
  maxCount: 10,
  types: [...DEFAULT_ATTACHMENT_TYPES],
  imageLongEdge: 1536,
  keepOriginal: false,
};

/** The limits `options` set, defaults for the rest. */
export function attachmentLimits(options: AttachmentOptions | false | undefined): AttachmentLimits {
  // Off: no type is allowed, so every user file is refused, saying so (tool files are not checked for type).
  if (options === false) return { ...DEFAULT_ATTACHMENT_LIMITS, types: [] };
  return { ...DEFAULT_ATTACHMENT_LIMITS, ...Object.fromEntries(Object.entries(options ?? {}).filter(([, v]) => v !== undefined)) };
}

/** One input, read into its name, type and bytes. */
interface Read {
  name: string;
  type: string;
  blob: Blob;
  extension: string;
}

/** Prepares `inputs` against `limits`; never throws for a bad file (it is refused instead). */
export async function prepareAttachments(inputs: readonly AttachmentInput[], options: AttachmentOptions | false | undefined, source: AttachmentSource = 'user', newId: () => string = () => crypto.randomUUID()): Promise<PreparedAttachments> {
  const limits = attachmentLimits(options);
  const accepted: PreparedAttachment[] = [];
  const refused: AttachmentRefusal[] = [];
  let total = 0;
  for (const [i, input] of inputs.entries()) {
    const file = readInput(input);
    const refuse = (code: AttachmentRefusalCode, message: string, params: AttachmentRefusal['params']) => refused.push({ name: file.name, code, message, ...(params ? { params } : {}) });
    if (i >= limits.maxCount) {
      refuse('too-many-attachments', `"${file.name}" was not attached: at most ${limits.maxCount} ${limits.maxCount === 1 ? 'file goes' : 'files go'} with one message.`, { max: limits.maxCount });
      continue;
    }
    const kind = kindOf(file);
    if (source === 'user' && (kind === 'file' || !allowed(file, limits.types))) {
      refuse('attachment-type', `"${file.name}" is ${file.type || `a .${file.extension || '?'} file`}, which cannot be attached here (allowed: ${describeTypes(limits.types)}).`, { type: file.type || `.${file.extension || '?'}` });
      continue;
    }
    const picked = isPrepared(input) ? (input.original?.size ?? input.size) : file.blob.size;
    if (picked > limits.maxFileBytes) {
      refuse('attachment-too-large', `"${file.name}" is ${formatBytes(picked)}; one file may be at most ${formatBytes(limits.maxFileBytes)} (${AS_PICKED}).`, { size: picked, max: limits.maxFileBytes });
      continue;
    }
    if (total + picked > limits.maxMessageBytes) {
      refuse('attachments-too-large', `"${file.name}" (${formatBytes(picked)}) would take this message's files to ${formatBytes(total + picked)}; one message may carry at most ${formatBytes(limits.maxMessageBytes)} (${AS_PICKED}).`, { total: total + picked, max: limits.maxMessageBytes });
      continue;
    }
    // A prepared attachment handed back (the composer's chips, then `send`) keeps its id, so the page finds the bytes it holds.
    const id = isPrepared(input) ? input.id : newId();
    const outcome = await prepareOne(file, kind, limits, id, source);
    if ('code' in outcome) {
      refuse(outcome.code, outcome.message, outcome.params);
      continue;
    }
    // Downscaled before: what it was picked as stays known.
    if (isPrepared(input) && input.original && !outcome.original) outcome.original = input.original;
    total += picked;
    accepted.push(outcome);
  }
  return { accepted, refused };
}

/** One file made ready: an image decoded and downscaled, a text file checked to be UTF-8, another file taken as it is. */
async function prepareOne(file: Read, kind: AttachmentKind, limits: AttachmentLimits, id: string, source: AttachmentSource): Promise<PreparedAttachment | Omit<AttachmentRefusal, 'name'>> {
  const base = { id, name: file.name, kind, ...(source === 'tool' ? { source: 'tool' as const } : {}) };
  if (kind === 'text') {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(await file.blob.arrayBuffer());
    } catch {
      return { code: 'attachment-unreadable', message: `"${file.name}" is not UTF-8 text, so it cannot be sent as a text file.`, params: { as: 'text' } };
    }
    const type = file.type || 'text/plain';
    return { ...base, type, size: file.blob.size, data: file.blob.type === type ? file.blob : new Blob([file.blob], { type }) };
  }
  if (kind === 'file') return { ...base, type: file.type || 'application/octet-stream', size: file.blob.size, data: file.blob };
  const image = await downscaleImage(file.blob, file.type, limits.imageLongEdge).catch(() => undefined);
  if (!image) return { code: 'attachment-unreadable', message: `"${file.name}" could not be read as an image (${file.type || 'unknown type'}); try a PNG or JPEG.`, params: { as: 'image' } };
  const prepared: PreparedAttachment = { ...base, type: image.type, size: image.blob.size, width: image.width, height: image.height, data: image.blob };
  if (image.blob !== file.blob) {
    prepared.original = { size: file.blob.size, width: image.originalWidth, height: image.originalHeight, kept: limits.keepOriginal };
    if (limits.keepOriginal) prepared.originalData = file.blob;
  }
  return prepared;
}

/** True for a `PreparedAttachment` given as an input (it has its id and bytes). */
function isPrepared(input: AttachmentInput): input is PreparedAttachment {
  const p = input as Partial<PreparedAttachment>;
  return !(input instanceof Blob) && typeof p.id === 'string' && p.id !== '' && p.data instanceof Blob && typeof p.kind === 'string';
}

/** The name, type and bytes of any input form. */
function readInput(input: AttachmentInput): Read {
  if (input instanceof Blob) {
    const name = input instanceof File && input.name ? input.name : 'attachment';
    return withExtension(name, input.type, input);
  }
  const { data } = input;
  const blob = data instanceof Blob ? data : new Blob([data as BlobPart], { type: input.type });
  return withExtension(input.name, input.type || (data instanceof Blob ? data.type : ''), blob);
}

function withExtension(name: string, type: string, blob: Blob): Read {
  const extension = /\.([\w+-]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  // The browser's guess for some code files is wrong (`.ts` → video/mp2t): the extension wins for known text files.
  const byExtension = TEXT_TYPES[extension] ?? IMAGE_TYPES[extension];
  const guessed = !type || (TEXT_TYPES[extension] && !TEXTUAL.test(type) && !type.startsWith('image/')) ? (byExtension ?? type) : type;
  return { name, type: guessed.toLowerCase(), blob, extension };
}

/** An image (SVG is XML text: sent as its source), a text file, or another file. */
function kindOf(file: Read): AttachmentKind {
  if (file.type === 'image/svg+xml') return 'text';
  if (file.type.startsWith('image/')) return 'image';
  if (TEXTUAL.test(file.type)) return 'text';
  return 'file';
}

/** Whether `types` (MIME, wildcard, extension) allow the file. */
function allowed(file: Read, types: readonly string[]): boolean {
  return types.some((t) => (t.startsWith('.') ? `.${file.extension}` === t.toLowerCase() : t.endsWith('/*') ? file.type.startsWith(t.slice(0, -1)) : file.type === t.toLowerCase()));
}

/** The allowed types in words: the default list is "images and text files". */
function describeTypes(types: readonly string[]): string {
  if (types.length === 0) return 'none, attachments are turned off';
  const defaults = types.length === DEFAULT_ATTACHMENT_TYPES.length && types.every((t, i) => t === DEFAULT_ATTACHMENT_TYPES[i]);
  return defaults ? 'images and text files — code, CSV, JSON, markdown…' : types.join(', ');
}
