/** The tools folder's public surface: defining tools, and the built-in page and worker tools. */
export { defineTool, assertToolShape, RESERVED_TOOL_NAMES } from './define-tool.js';
export { compileSchema, isZodSchema } from './tool-schema.js';
export { workerToolStub } from './worker-tool.js';
export { domTools } from './dom-tools.js';
export { domActions } from './dom-actions.js';
export { createDomIndex, sharedDomIndex } from './dom-index.js';
export { fetchTool } from './fetch-tool.js';
export { fetchToolFactory } from './fetch-tool-worker.js';
export { htmlToText, decodeEntities } from './html-to-text.js';

export type { ZodToolDefinition, JsonToolDefinition, ToolInput } from './define-tool.js';
export type { CompiledSchema } from './tool-schema.js';
export type { WorkerTool, WorkerToolEnv, WorkerToolFactory } from './worker-tool.js';
export type { DomToolsOptions, PageOutlineArgs, DomQueryArgs, DomQueryMatch, DomQueryResult, DomReadResult } from './dom-tools.js';
export type { DomActionsOptions, DomActionResult, DomActionRefusal, FillArgs, SelectArgs } from './dom-actions.js';
export type { DomIndex, ResolvedIndex } from './dom-index.js';
export type { DomRoot, DomScopeOptions } from './dom-scope.js';
export type { FetchToolOptions, FetchArgs, FetchResult } from './fetch-tool.js';
export type { HtmlText } from './html-to-text.js';
