/**
 * Attachments on the wire: the history keeps records (`Attachment`), the
 * request carries content parts. Written just before a request is sent, from
 * bytes read back from the thread's attachment store, so no event or stored
 * message ever holds base64.
 *
 * What every OpenAI-compatible family accepts (llama.cpp's server, Ollama's
 * `/v1`, vLLM, LM Studio — see README "Files and images"):
 * - an image as `{ type: 'image_url', image_url: { url: 'data:image/png;base64,…' } }`
 *   in a USER message (data URLs only: Ollama refuses http URLs; PNG or JPEG,
 *   which llama.cpp's stb_image decodes — it has no WebP);
 * - text as `{ type: 'text', text }` parts.
 * Tool messages hold text only on every family (OpenAI's own API included),
 * so the images and files a tool returned go in ONE user message right after
 * the turn's tool messages, each tool message naming what follows.
 *
 * Worked example — a user message with a CSV and a photo:
 *   { role: 'user', content: 'Compare', attachments: [csv, photo] }
 * becomes
 *   { role: 'user', content: [
 *       { type: 'text', text: 'Compare' },
 *       { type: 'text', text: 'File "sales.csv" (text/csv):\n```\nmonth,total\n…\n```' },
 *       { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,…' } } ] }
 */
import type { Attachment, ChatMessage } from '../types.js';
import { markUntrustedFile } from '../untrusted-content.js';

/** One content part of a user message, as OpenAI's chat format writes it. */
export type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

/** A message as it goes on the wire: the history's, or a user message made of parts. */
export type WireMessage =
  | Exclude<ChatMessage, { role: 'user' } | { role: 'tool' }>
  | { role: 'user'; content: string | ContentPart[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** Reads an attachment's bytes (undefined: not kept). */
export type ReadAttachment = (id: string) => Promise<Blob | undefined>;

/**
 * The history as the wire carries it: each attachment read and written as a
 * part; records never leave (an `attachments` field would reach the server).
 * A user message stays one message (folding works on whole messages, so its
 * parts are never split).
 */
export async function toWireMessages(messages: readonly ChatMessage[], read: ReadAttachment, options: WireOptions = {}): Promise<WireMessage[]> {
  const { cache, images = true } = options;
  const out: WireMessage[] = [];
  let fromTools: ContentPart[] = [];
  const flushToolFiles = () => {
    if (fromTools.length === 0) return;
    out.push({ role: 'user', content: [{ type: 'text', text: 'The files returned by the tool calls above:' }, ...fromTools] });
    fromTools = [];
  };
  for (const message of messages) {
    if (message.role !== 'tool') flushToolFiles();
    if (message.role === 'user') {
      const files = message.attachments ?? [];
      if (files.length === 0) {
        out.push({ role: 'user', content: message.content });
        continue;
      }
      const parts: ContentPart[] = message.content ? [{ type: 'text', text: message.content }] : [];
      for (const file of files) parts.push(await partOf(file, read, cache, images));
      out.push({ role: 'user', content: parts });
    } else if (message.role === 'tool') {
      const files = message.attachments ?? [];
      if (files.length === 0) {
        out.push({ role: 'tool', tool_call_id: message.tool_call_id, content: message.content });
        continue;
      }
      const named = files.map((f) => `"${f.name}"`).join(', ');
      out.push({ role: 'tool', tool_call_id: message.tool_call_id, content: `${message.content}\n(Returned with ${files.length === 1 ? 'a file' : 'files'}: ${named}; shown in the next message.)` });
      fromTools.push({ type: 'text', text: `From call ${message.tool_call_id}:` });
      for (const file of files) fromTools.push(await partOf(file, read, cache, images));
    } else {
      out.push(message);
    }
  }
  flushToolFiles();
  return out;
}

/** How `toWireMessages` writes images. */
export interface WireOptions {
  /** Data URLs already made, by attachment id. */
  cache?: DataUrlCache;
  /** False once the model refused an image (`vision-unsupported`): each image becomes a note, so the conversation can go on. */
  images?: boolean;
}

/** The part one attachment becomes. */
async function partOf(file: Attachment, read: ReadAttachment, cache: DataUrlCache | undefined, images: boolean): Promise<ContentPart> {
  if (file.kind === 'image' && !images) return { type: 'text', text: `[The image "${file.name}" is not shown: this model cannot read images.]` };
  if (file.kind === 'file') {
    return { type: 'text', text: `[File "${file.name}" (${file.type || 'unknown type'}, ${file.size} bytes) was offered to the user as a download; its contents are not shown to you.]` };
  }
  const blob = await read(file.id).catch(() => undefined);
  if (!blob) return { type: 'text', text: `[The ${file.kind === 'image' ? 'image' : 'file'} "${file.name}" was not kept with this conversation, so it can no longer be shown to you.]` };
  if (file.kind === 'image') {
    const url = cache?.get(file.id) ?? (await dataUrl(blob, file.type));
    cache?.set(file.id, url);
    return { type: 'image_url', image_url: { url } };
  }
  const text = textFilePart(file, await blob.text());
  // A text file from an untrusted tool (an MCP resource) goes in a user message: fenced and labelled as data, as its tool message is.
  return { type: 'text', text: file.untrusted ? markUntrustedFile(file.name, text) : text };
}

/** A text file as the model reads it: its name and type, then the contents fenced (the fence longer than any run of backticks inside). */
export function textFilePart(file: Pick<Attachment, 'name' | 'type'>, text: string): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `File "${file.name}" (${file.type || 'text/plain'}):\n${fence}\n${text}\n${fence}`;
}

/** `data:<type>;base64,…` of some bytes (FileReader: native base64, no string building per byte). */
export function dataUrl(blob: Blob, type: string): Promise<string> {
  const typed = blob.type === type ? blob : new Blob([blob], { type });
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The attachment could not be read.'));
    reader.readAsDataURL(typed);
  });
}

/**
 * The data URLs of the last few images, by attachment id: every request of a
 * conversation re-sends its images, and encoding a 2 MB image each turn would
 * cost a few ms each time for nothing.
 */
export class DataUrlCache {
  readonly #urls = new Map<string, string>();
  constructor(readonly limit = 16) {}

  get(id: string): string | undefined {
    return this.#urls.get(id);
  }

  set(id: string, url: string): void {
    this.#urls.delete(id);
    this.#urls.set(id, url);
    while (this.#urls.size > this.limit) this.#urls.delete(this.#urls.keys().next().value!);
  }
}

/**
 * The text form of wire messages, for a model that reads text only: a
 * message's text parts joined, each image part a note (the in-page engine
 * refuses images before it gets here; a scripted model reads the note).
 */
export function textOnly(messages: readonly WireMessage[]): ChatMessage[] {
  return messages.map((m) => {
    if (m.role !== 'user' || typeof m.content === 'string') return m as ChatMessage;
    return { role: 'user', content: m.content.map((p) => (p.type === 'text' ? p.text : '[An image is attached here.]')).join('\n\n') };
  });
}
