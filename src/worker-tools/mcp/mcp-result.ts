/**
 * An MCP `tools/call` result as one tool result for the model. MCP returns a
 * list of content items (text, images, audio, resource links, embedded
 * resources) and, optionally, `structuredContent`; the loop's tool result is
 * one value plus files. Text (and resource links, named) is the result the
 * model reads; images, audio and embedded resources become the result's
 * attachments (`toolResult`'s path: kept with the thread, shown in the card,
 * sent to the model after the turn's tool messages — images as images, text
 * resources as text files, other bytes as a download it is told of). Where
 * files cannot go (an `isError` result, a prompt's text) each is a note
 * saying what was left out.
 * Types are written here rather than imported from the SDK, so this file
 * (and the hub that uses it) stays out of the SDK's chunk.
 */
import type { AttachmentInput } from '../../attachment-types.js';
import { isA2uiResource, surfaceOf, withoutSurface, type McpSurface } from './mcp-a2ui.js';

/** One content item of a `CallToolResult` (the fields read here). */
export interface McpContent {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
  uri?: string;
  name?: string;
  resource?: { uri: string; mimeType?: string; text?: string; blob?: string };
}

/** The fields of a `CallToolResult` read here. */
export interface McpCallResult {
  content?: McpContent[];
  structuredContent?: unknown;
  isError?: boolean;
}

/**
 * What a call came to: the result the model reads (and its files, when asked
 * for; `surface`, the A2UI surface it carries, also in `result.a2ui`, to be
 * checked before the result is passed on), or the error it can correct.
 */
export type MappedResult = { ok: true; result: unknown; attachments?: AttachmentInput[]; surface?: McpSurface } | { ok: false; error: string };

/** Bytes of base64 `data`, as "1.2 KB". */
function size(data: string | undefined): string {
  const text = data ?? '';
  const bytes = Math.floor((text.length * 3) / 4) - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0);
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** True when `text` is the JSON of `structured` (servers repeat it as text for older clients). */
function repeats(text: string, structured: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(structured);
  } catch {
    return false;
  }
}

/** The item as text for the model; binary content is described, not included. */
function itemText(item: McpContent): string {
  switch (item.type) {
    case 'text':
      return item.text ?? '';
    case 'image':
    case 'audio':
      return `[${item.type} ${item.mimeType ?? ''}, ${size(item.data)}: not passed on here]`;
    case 'resource_link':
      return `[resource link: ${item.name ?? ''} ${item.uri ?? ''}${item.mimeType ? ` (${item.mimeType})` : ''}]`;
    case 'resource': {
      const r = item.resource;
      if (!r) return '[resource]';
      if (typeof r.text === 'string') return `[resource ${r.uri}${r.mimeType ? ` (${r.mimeType})` : ''}]\n${r.text}`;
      return `[resource ${r.uri}${r.mimeType ? ` (${r.mimeType})` : ''}, ${size(r.blob)} of binary content: not passed on]`;
    }
    default:
      return `[${item.type} content: not understood by this client]`;
  }
}

/** Base64 as bytes (MCP's `data` and `blob` fields). */
function bytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** A file name for item `n` of tool `tool`: a resource's own (its URI's last segment, when it looks like a file name), else `tool-n.ext`. */
function fileName(tool: string, n: number, mimeType: string, uri?: string): string {
  const last = uri ? decodeURIComponent(uri.replace(/[?#].*$/, '').split('/').filter(Boolean).pop() ?? '') : '';
  if (last.includes('.') && !last.includes(':')) return last;
  const ext = /^[a-z]+\/([a-z0-9]+)/i.exec(mimeType)?.[1]?.replace('plain', 'txt').replace('jpeg', 'jpg') ?? 'bin';
  return `${tool}-${n}.${ext}`;
}

/** The item as a file, when it is one (an image, audio, an embedded resource); `n` numbers it. */
function itemFile(item: McpContent, tool: string, n: number): AttachmentInput | undefined {
  if ((item.type === 'image' || item.type === 'audio') && typeof item.data === 'string') {
    const type = item.mimeType ?? 'application/octet-stream';
    return { name: fileName(tool, n, type), type, data: new Blob([bytes(item.data)], { type }) };
  }
  const r = item.type === 'resource' ? item.resource : undefined;
  if (!r) return undefined;
  if (typeof r.text === 'string') return { name: fileName(tool, n, r.mimeType ?? 'text/plain', r.uri), type: r.mimeType ?? 'text/plain', data: r.text };
  if (typeof r.blob === 'string') {
    const type = r.mimeType ?? 'application/octet-stream';
    return { name: fileName(tool, n, type, r.uri), type, data: new Blob([bytes(r.blob)], { type }) };
  }
  return undefined;
}

/**
 * Maps a result: only text → that text; with `structuredContent` → `{ structuredContent, text? }`
 * (text that merely repeats it as JSON is dropped); with an A2UI surface
 * (mcp-a2ui.ts: an `application/a2ui+json` resource, `structuredContent.a2ui`)
 * → `{ text?, structuredContent?, a2ui }`, as a page tool's result carries
 * one, and `surface` (with `surfaces`: a tool call's, not a prompt's); `isError` → an error whose
 * message is the server's text, so the model can correct its call. With
 * `files`, images, audio and embedded resources are `attachments` (named
 * after the resource's URI, else `tool-n.ext`); without, each is a note.
 */
export function mapCallResult(server: string, tool: string, result: McpCallResult, { files = false, surfaces = false }: { files?: boolean; surfaces?: boolean } = {}): MappedResult {
  const items = Array.isArray(result.content) ? result.content : [];
  const structured = result.structuredContent;
  const surface = surfaces && !result.isError ? surfaceOf(result) : undefined;
  const attachments: AttachmentInput[] = [];
  const texts: string[] = [];
  for (const item of items) {
    if (structured !== undefined && item.type === 'text' && repeats(item.text ?? '', structured)) continue;
    if (surface && isA2uiResource(item)) continue;
    const file = files && !result.isError ? itemFile(item, tool, attachments.length + 1) : undefined;
    if (file) attachments.push(file);
    else texts.push(itemText(item));
  }
  const text = texts.join('\n\n');
  if (result.isError) return { ok: false, error: `MCP server "${server}" reported an error from its tool "${tool}": ${text || 'no details given.'}` };
  const value = surface ? withSurface(text, withoutSurface(structured), surface) : structured === undefined ? text : text ? { structuredContent: structured, text } : { structuredContent: structured };
  return { ok: true, result: value, ...(attachments.length > 0 ? { attachments } : {}), ...(surface ? { surface } : {}) };
}

/** A result with a surface: its text, what else its structured content held, and the messages as `a2ui`. */
function withSurface(text: string, structured: unknown, surface: McpSurface): Record<string, unknown> {
  return { ...(text ? { text } : {}), ...(structured === undefined ? {} : { structuredContent: structured }), a2ui: surface.messages };
}
