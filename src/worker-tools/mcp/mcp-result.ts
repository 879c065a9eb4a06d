/**
 * An MCP `tools/call` result as one tool result for the model. MCP returns a
 * list of content items (text, images, audio, resource links, embedded
 * resources) and, optionally, `structuredContent`; the loop's tool result is
 * one value. Only text goes to the model as text: tool results cannot carry
 * images to the model yet (the attachments work has not landed on main), so
 * an image or audio item becomes a note saying what was left out.
 * Types are written here rather than imported from the SDK, so this file
 * (and the hub that uses it) stays out of the SDK's chunk.
 */

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

/** What a call came to: the result the model reads, or the error it can correct. */
export type MappedResult = { ok: true; result: unknown } | { ok: false; error: string };

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
      return `[${item.type} ${item.mimeType ?? ''}, ${size(item.data)}: not passed on — pageloop cannot hand tool-result ${item.type}s to the model yet]`;
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

/**
 * Maps a result: only text → that text; with `structuredContent` → `{ structuredContent, text? }`
 * (text that merely repeats it as JSON is dropped); `isError` → an error whose
 * message is the server's text, so the model can correct its call.
 */
export function mapCallResult(server: string, tool: string, result: McpCallResult): MappedResult {
  const items = Array.isArray(result.content) ? result.content : [];
  const structured = result.structuredContent;
  const texts = items.filter((item) => !(structured !== undefined && item.type === 'text' && repeats(item.text ?? '', structured))).map(itemText);
  const text = texts.join('\n\n');
  if (result.isError) return { ok: false, error: `MCP server "${server}" reported an error from its tool "${tool}": ${text || 'no details given.'}` };
  if (structured === undefined) return { ok: true, result: text };
  return { ok: true, result: text ? { structuredContent: structured, text } : { structuredContent: structured } };
}
