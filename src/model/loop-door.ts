/**
 * The model layer as the loop reaches it: the one door from src/agent into
 * src/model. What the loop needs before any model exists — the shapes of a
 * turn, the history's assistant message, the context window's default and
 * its overflow error, the token estimate — is here, small. The tool-calling
 * model itself (the text protocol and every call format it reads, the
 * reasoning watch) is a chunk of its own, `loadToolCallingModel()`: the
 * worker answers `ready` without it, warms it in the background, and the
 * first model made awaits it, as it awaits the model client's.
 */
export { assistantMessage, type ToolCall } from './tool-call.js';
export type { ChatModel, ForcedToolChoice, ModelTool } from './chat-model.js';
export { TokenEstimator, estimateTextTokens, type PromptParts } from './token-estimate.js';
export { DEFAULT_CONTEXT_TOKENS, probeContextWindow, readOverflow, type ContextProbeConfig } from './context-window.js';
export type { ToolCallingModel, ToolCallingOptions, TurnRequest, TurnEvent, ReplyRead } from './tool-calling-model.js';
export type { ToolProtocol } from '../types.js';

/** The tool-calling model's module. */
export type ToolCallingModule = typeof import('./tool-calling-model.js');

/** The tool-calling model's module, loaded on first use (and warmed by the worker once it is ready). */
export const loadToolCallingModel = (): Promise<ToolCallingModule> => import('./tool-calling-model.js');
