/**
 * WebMCP's `ModelContext` as pageloop uses it, typed from the draft
 * (webmachinelearning.github.io/webmcp) and Chromium's `executeTool()`
 * extension: only the members read here, so a browser's own object and the
 * strict polyfill (`@mcp-b/webmcp-polyfill`) both fit. `document.modelContext`
 * is the draft's; `navigator.modelContext` is where Chrome's first origin
 * trial put it, used only where the document has none.
 */

/** Hints a tool registers with (the draft's `ToolAnnotations`). */
export interface WebToolAnnotations {
  /** It only reads: nothing changes when it runs. */
  readOnlyHint?: boolean;
  /** Its results carry content nobody vouches for (another site's text, user input). */
  untrustedContentHint?: boolean;
}

/** A tool as registered with `registerTool`. */
export interface WebToolDefinition {
  name: string;
  description: string;
  inputSchema?: object;
  annotations?: WebToolAnnotations;
  execute(input: Record<string, unknown>): Promise<unknown>;
}

/** A tool as `getTools()` lists it; handed back to `executeTool` as it is. */
export interface RegisteredWebTool {
  name: string;
  title?: string;
  description: string;
  /** An object (the draft) or its JSON text (Chromium's testing surface). */
  inputSchema?: object | string;
  annotations?: WebToolAnnotations;
}

/** The members of `ModelContext` pageloop uses; `getTools`/`executeTool` are feature-detected. */
export interface ModelContext extends EventTarget {
  registerTool(tool: WebToolDefinition, options?: { signal?: AbortSignal }): Promise<void> | unknown;
  /** The origin trial's way to take a tool back (the draft uses the registration's AbortSignal). */
  unregisterTool?(name: string): void;
  getTools?(): Promise<RegisteredWebTool[]>;
  executeTool?(tool: RegisteredWebTool, inputJson: string, options?: { signal?: AbortSignal }): Promise<string | null>;
}

/** Which global it was found on. */
export type ModelContextApi = 'document.modelContext' | 'navigator.modelContext';

/** The page's `ModelContext`, or undefined where this browser has no WebMCP. */
export function findModelContext(): { context: ModelContext; api: ModelContextApi } | undefined {
  const fromDocument = typeof document === 'undefined' ? undefined : (document as { modelContext?: ModelContext }).modelContext;
  if (isContext(fromDocument)) return { context: fromDocument, api: 'document.modelContext' };
  const fromNavigator = typeof navigator === 'undefined' ? undefined : (navigator as { modelContext?: ModelContext }).modelContext;
  if (isContext(fromNavigator)) return { context: fromNavigator, api: 'navigator.modelContext' };
  return undefined;
}

function isContext(value: unknown): value is ModelContext {
  return typeof value === 'object' && value !== null && typeof (value as ModelContext).registerTool === 'function';
}

/** What an error says (a DOMException from the API, a thrown string): this chunk's own copy, so it imports nothing of the page's up-front code. */
export function messageOf(err: unknown): string {
  return err instanceof Error || err instanceof DOMException ? err.message : String(err);
}
