/**
 * A2UI over MCP: the surface an MCP tool's result carries, read out of the
 * result so the call's card draws it (checked on the page first, like every
 * surface) instead of handing its JSON on as a file.
 *
 * The convention is A2UI's own ("A2UI over MCP", a2ui.org/guides): a tool
 * returns its surface as an embedded resource whose `mimeType` is
 * `application/a2ui+json` and whose text is the JSON of the A2UI messages (a
 * list; `{ messages: [...] }` or one message are read too), usually beside a
 * text for clients that draw no A2UI:
 *
 * ```json
 * { "content": [
 *     { "type": "text", "text": "Your booking form." },
 *     { "type": "resource", "resource": { "uri": "a2ui://booking", "mimeType": "application/a2ui+json",
 *       "text": "[{\"version\":\"v0.9\",\"createSurface\":{…}}, {\"version\":\"v0.9\",\"updateComponents\":{…}}]" } } ] }
 * ```
 *
 * A server that describes its output (`outputSchema`) may instead put the
 * list in its structured content as `a2ui`, the field a page tool's result
 * uses: `structuredContent: { a2ui: [...], …the rest }`. Both may come in
 * one result; their messages are read in that order (resources first).
 *
 * What cannot be read (a resource that is not JSON, an `a2ui` that is not a
 * list) is a problem named here; the surface's check (its catalog, URLs,
 * bounds) is the page's, where the catalog lives.
 */
import { isRecord } from '../../is-record.js';

/** The fields of a content item read here (mcp-result.ts's `McpContent`). */
interface Item {
  type: string;
  resource?: { uri: string; mimeType?: string; text?: string; blob?: string };
}

/** The MIME type A2UI payloads carry over MCP. */
export const A2UI_MIME = 'application/a2ui+json';

/** A result's surface: its messages, in order, and what could not be read (each naming where). */
export interface McpSurface {
  messages: unknown[];
  problems: string[];
}

/** True when `item` is an embedded A2UI resource (by its MIME type; parameters such as `;version=0.9` allowed). */
export function isA2uiResource(item: Item): boolean {
  const type = item.type === 'resource' ? item.resource?.mimeType : undefined;
  return typeof type === 'string' && type.split(';')[0]!.trim().toLowerCase() === A2UI_MIME;
}

/** The surface `result` carries, or undefined when it carries none. */
export function surfaceOf(result: { content?: Item[]; structuredContent?: unknown }): McpSurface | undefined {
  const items = Array.isArray(result.content) ? result.content.filter(isA2uiResource) : [];
  const structured = isRecord(result.structuredContent) && 'a2ui' in result.structuredContent ? result.structuredContent.a2ui : undefined;
  if (items.length === 0 && structured === undefined) return undefined;
  const surface: McpSurface = { messages: [], problems: [] };
  for (const item of items) {
    const resource = item.resource!;
    const where = `the resource ${resource.uri ? `"${resource.uri}"` : '(no URI)'}`;
    let text: string;
    try {
      text = typeof resource.text === 'string' ? resource.text : typeof resource.blob === 'string' ? utf8(resource.blob) : '';
    } catch {
      surface.problems.push(`${where} is not UTF-8 text in base64.`);
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      surface.problems.push(`${where} is not JSON (${err instanceof Error ? err.message : String(err)}).`);
      continue;
    }
    const list = listOf(value);
    if (list) surface.messages.push(...list);
    else surface.problems.push(`${where} holds neither a list of A2UI messages nor { "messages": [...] }.`);
  }
  if (structured !== undefined) {
    if (Array.isArray(structured)) surface.messages.push(...(structured as unknown[]));
    else surface.problems.push('structuredContent.a2ui is not a list of A2UI messages.');
  }
  return surface;
}

/** `structured` without its `a2ui` (read as the surface): undefined when nothing else is left. */
export function withoutSurface(structured: unknown): unknown {
  if (!isRecord(structured) || !('a2ui' in structured)) return structured;
  const { a2ui: _surface, ...rest } = structured;
  return Object.keys(rest).length > 0 ? rest : undefined;
}

/** A list, `{ messages }` or one message, as the list of messages. */
function listOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value as unknown[];
  if (isRecord(value) && Array.isArray(value.messages)) return value.messages as unknown[];
  if (isRecord(value) && 'version' in value) return [value];
  return undefined;
}

/** Base64 of UTF-8 text, as the text. */
function utf8(base64: string): string {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
