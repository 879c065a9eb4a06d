/** pageloop: an in-page agent SDK whose loop runs in a Web Worker. */
export { createAgent } from './page/create-agent.js';
export { defineTool } from './tools/define-tool.js';
export { toolSchemasReady } from './tools/tool-schema.js';
export { domTools } from './tools/dom/read-tools.js';
export { domActions } from './tools/dom/act-tools.js';
export { createDomIndex } from './tools/dom/element-index.js';
export { fetchTool } from './tools/fetch-tool.js';
export { createMemory } from './page/create-memory.js';
export { memoryTools } from './tools/memory-tools.js';
export { PageloopError, isAbortError } from './errors.js';
export { toolResult } from './tools/tool-result.js';
export { DEFAULT_ATTACHMENT_TYPES } from './attachment-types.js';

export type {
  A2uiAction,
  A2uiCatalog,
  A2uiComponent,
  A2uiLimits,
  A2uiMessage,
  A2uiOptions,
  A2uiProps,
  A2uiRender,
  Agent,
  AgentEvent,
  AgentOptions,
  ApprovalAnswer,
  ApprovalRequest,
  Attachment,
  AttachmentData,
  AttachmentInput,
  AttachmentKind,
  AttachmentOptions,
  AttachmentRefusal,
  AttachmentRefusalCode,
  ChatMessage,
  ChatToolCall,
  ConfigureOptions,
  ContextEvent,
  DiagnoseOptions,
  Diagnosis,
  DiagnosisCheck,
  DiagnosisStatus,
  ServerFamily,
  SummaryCall,
  AgentEngine,
  EngineOptions,
  EngineBackend,
  EngineGpu,
  EngineSource,
  EngineStatus,
  FinalEvent,
  FinalReason,
  JSONSchema,
  NeedsApproval,
  PlanTask,
  PlanTaskStatus,
  PreparedAttachment,
  PreparedAttachments,
  Run,
  SendOptions,
  SubAgentEvent,
  SubAgentOptions,
  ThreadFile,
  ThreadFileAttachment,
  Threads,
  ThreadExportOptions,
  ThreadSummary,
  ThreadTrace,
  Tool,
  ToolChoice,
  ToolContext,
  ToolFormat,
  ToolKind,
  ToolProtocol,
  ToolResultStatus,
  UndoneCall,
  UndoneEvent,
  ToolResultWithAttachments,
  TelemetryOptions,
  OtlpOptions,
  TraceOptions,
  TraceSpan,
  TraceSpanEvent,
  TraceValue,
  ValidationResult,
  WorkerToolSpec,
  WorkflowRunOptions,
  WorkflowTemplate,
} from './types.js';
export type { ErrorCode, WireError } from './error-codes.js';
export { spanProcessorListener, type FinishedSpanProcessor, type SpanProcessorListenerOptions } from './page/span-processor.js';
export type { JsonToolDefinition, ZodToolDefinition } from './tools/define-tool.js';
export type {
  DomToolsOptions,
  DomActionsOptions,
  DomActionResult,
  DomActionRefusal,
  DomRoot,
  DomScopeOptions,
  DomIndex,
  FetchToolOptions,
  FetchResult,
  MemoryToolsOptions,
} from './tools/index.js';
export type { Memory, MemoryOptions, MemoryItem, MemoryHit, MemoryFilter, MemorySearchOptions, EmbedderEndpoint } from './memory/index.js';
export type { ChatModel, ModelEvent, ModelModule, ModelRequest, ModelTool, AssembledToolCall, ForcedToolChoice } from './model/chat-model.js';
