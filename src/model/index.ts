/** The model layer: the OpenAI-compatible client and the pieces it is built from. */
export { createOpenAIModel, resolveBaseURL } from './openai-model.js';
export { StreamAssembler } from './stream-assembler.js';
export { ToolCallAssembler } from './tool-call-assembler.js';
export { ThinkSplitter } from './think-splitter.js';
export { SseParser, readSseEvents } from './sse-parser.js';
export { readCompletionChunks } from './response-reader.js';
export { saysToolsUnsupported, toModelError } from './model-errors.js';
export { scanJsonEnd } from './json-scanner.js';
export { textProtocolPrompt, formatObservation, parseTextToolCalls, TextCallFilter } from './text-protocol.js';

export type { AssembledToolCall, ChatModel, ModelEvent, ModelModule, ModelRequest, ModelTool } from './chat-model.js';
export type { OpenAIModelConfig } from './openai-model.js';
export type { StreamAssemblerOptions } from './stream-assembler.js';
export type { PartialToolCall, ToolCallAssemblerOptions } from './tool-call-assembler.js';
export type { ThinkSplit } from './think-splitter.js';
export type { SseEvent } from './sse-parser.js';
export type { ParsedTextReply, TextToolCall } from './text-protocol.js';
