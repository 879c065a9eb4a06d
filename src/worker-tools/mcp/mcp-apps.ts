/**
 * The worker's half of MCP Apps (the extension `io.modelcontextprotocol/ui`):
 * which server tools have an app (`_meta.ui.resourceUri`, a `ui://`
 * resource), whether an app may call a tool (`_meta.ui.visibility`), and the
 * app's UI resource as the page's frame needs it (its HTML and `_meta.ui`).
 * The page renders it (components/mcp/mcp-app-frame.ts); nothing here runs app code.
 */
import type { McpAppResource, McpAppToolResult } from '../../mcp-types.js';

/** The MIME type of an MCP App's HTML (the extension's `RESOURCE_MIME_TYPE`). */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** The largest app HTML taken (a page of HTML with its scripts inlined is a few hundred KB). */
const MAX_HTML_CHARS = 5_000_000;

type Meta = Record<string, unknown> | undefined;

/** A listed server tool, as far as this module reads it. */
type ListedTool = { _meta?: Record<string, unknown> };

function uiMeta(meta: unknown): Record<string, unknown> | undefined {
  const ui = (meta as Meta)?.ui;
  return typeof ui === 'object' && ui !== null ? (ui as Record<string, unknown>) : undefined;
}

/** Tool `tool`'s app resource URI (`_meta.ui.resourceUri`, or the deprecated flat `_meta["ui/resourceUri"]`), if it is a `ui://` URI. */
export function appResourceUri(tool: ListedTool): string | undefined {
  const meta = tool._meta as Meta;
  const uri = uiMeta(meta)?.resourceUri ?? meta?.['ui/resourceUri'];
  return typeof uri === 'string' && uri.startsWith('ui://') ? uri : undefined;
}

/** Whether an app may call `tool` (`_meta.ui.visibility` includes `app`; absent: model and app). */
export function appMayCall(tool: ListedTool): boolean {
  const visibility = uiMeta(tool._meta)?.visibility;
  return !Array.isArray(visibility) || visibility.includes('app');
}

/** Whether the model is offered `tool` (`_meta.ui.visibility` includes `model`; absent: model and app). */
export function modelMayCall(tool: ListedTool): boolean {
  const visibility = uiMeta(tool._meta)?.visibility;
  return !Array.isArray(visibility) || visibility.includes('model');
}

/** What `resources/read` answered, as far as this module reads it. */
export interface ReadResult {
  contents: Array<{ uri: string; mimeType?: string; text?: string; blob?: string; _meta?: Record<string, unknown> }>;
}

function domains(value: unknown): string[] | undefined {
  // Only plain origins and host patterns: a quote, semicolon or space could smuggle another CSP directive in.
  return Array.isArray(value) ? value.filter((d): d is string => typeof d === 'string' && d !== '' && !/[;,'"\s]/.test(d)) : undefined;
}

/** `read`'s app resource for `server`/`uri`; throws an error that names the server and what is wrong. */
export function toAppResource(server: string, uri: string, read: ReadResult): McpAppResource {
  const content = read.contents.find((c) => c.uri === uri) ?? read.contents[0];
  const where = `MCP server "${server}" resource ${uri}`;
  if (!content) throw new Error(`${where} is empty: no MCP App to show.`);
  if (content.mimeType?.replace(/\s/g, '') !== APP_MIME_TYPE) throw new Error(`${where} is ${content.mimeType ?? 'of no type'}, not an MCP App (${APP_MIME_TYPE}).`);
  const html = typeof content.text === 'string' ? content.text : typeof content.blob === 'string' ? decodeBase64(content.blob) : undefined;
  if (html === undefined) throw new Error(`${where} has no HTML.`);
  if (html.length > MAX_HTML_CHARS) throw new Error(`${where} is ${html.length.toLocaleString('en')} characters of HTML, more than the ${MAX_HTML_CHARS.toLocaleString('en')} an app may be.`);
  const ui = uiMeta(content._meta);
  const csp = typeof ui?.csp === 'object' && ui.csp !== null ? (ui.csp as Record<string, unknown>) : undefined;
  const perms = typeof ui?.permissions === 'object' && ui.permissions !== null ? (ui.permissions as Record<string, unknown>) : undefined;
  const resource: McpAppResource = { server, uri, html };
  if (csp) {
    resource.csp = {};
    for (const key of ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const) {
      const list = domains(csp[key]);
      if (list) resource.csp[key] = list;
    }
  }
  if (perms) {
    resource.permissions = {};
    for (const key of ['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const) if (perms[key]) resource.permissions[key] = {};
  }
  if (typeof ui?.prefersBorder === 'boolean') resource.prefersBorder = ui.prefersBorder;
  return resource;
}

function decodeBase64(blob: string): string {
  const bytes = Uint8Array.from(atob(blob), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** A failed or refused call as the app receives it: an `isError` result carrying why. */
export function appErrorResult(message: string): McpAppToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
