/** The tools folder's public surface: defining tools, the DOM tools, and the page-side stubs of the worker tools. */
export { defineTool, assertToolShape, RESERVED_TOOL_NAMES } from './define-tool.js';
export { compileSchema, isZodSchema, toolSchemasReady } from './tool-schema.js';
export { workerToolStub } from './worker-tool-stub.js';
export { domTools } from './dom/read-tools.js';
export { domActions } from './dom/act-tools.js';
export { createDomIndex, sharedDomIndex } from './dom/element-index.js';
export { fetchTool } from './fetch-tool.js';
export { memoryTools } from './memory-tools.js';

export type { ZodToolDefinition, JsonToolDefinition, ToolInput } from './define-tool.js';
export type { CompiledSchema } from './tool-schema.js';
export type { DomToolsOptions, PageOutlineArgs, DomQueryArgs, DomQueryMatch, DomQueryResult, DomReadResult } from './dom/read-tools.js';
export type { DomActionsOptions, DomActionResult, DomActionRefusal, FillArgs, SelectArgs } from './dom/act-tools.js';
export type { DomIndex } from './dom/element-index.js';
export type { ResolvedIndex } from './dom/resolve-index.js';
export type { DomRoot, DomScopeOptions } from './dom/scope.js';
export type { FetchToolOptions, FetchArgs, FetchResult } from './fetch-tool.js';
export type { MemoryToolsOptions } from './memory-tools.js';
