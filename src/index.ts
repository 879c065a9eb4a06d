/** pageloop: an in-page agent SDK whose loop runs in a Web Worker. */
export { createAgent } from './page/create-agent.js';
export { defineTool } from './tools/define-tool.js';
export { PageloopError, isAbortError } from './errors.js';

export type {
  Agent,
  AgentEvent,
  AgentOptions,
  ApprovalAnswer,
  ApprovalRequest,
  ChatMessage,
  ChatToolCall,
  FinalEvent,
  FinalReason,
  JSONSchema,
  NeedsApproval,
  Run,
  Tool,
  ToolContext,
  ToolProtocol,
  ToolResultStatus,
  ValidationResult,
} from './types.js';
export type { ErrorCode, WireError } from './errors.js';
export type { JsonToolDefinition, ZodToolDefinition } from './tools/define-tool.js';
export type { ChatModel, ModelEvent, ModelModule, ModelRequest, ModelTool, AssembledToolCall } from './model/chat-model.js';
