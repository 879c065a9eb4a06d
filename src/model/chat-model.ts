/**
 * The model interface the loop talks to. The OpenAI-compatible HTTP client
 * implements it, and so does any module named by `AgentOptions.modelModule`
 * (the scripted demo model, benchmarks): the loop cannot tell them apart.
 */
import type { ChatMessage, JSONSchema } from '../types.js';
import type { WireMessage } from './attachment-parts.js';

export type { ContentPart, WireMessage } from './attachment-parts.js';

/** A tool as offered to the model. */
export interface ModelTool {
  name: string;
  description: string;
  parameters: JSONSchema;
}

/** One request to the model. */
export interface ModelRequest {
  /**
   * The messages, in text: an attachment's text file is included in its
   * message's text, an image is a note (a model that reads text only uses these).
   */
  messages: ChatMessage[];
  /**
   * Present when the conversation carries attachments: the same messages with
   * content parts — images as `image_url` data URLs, text files as text parts.
   * The OpenAI-compatible client sends these instead of `messages`.
   */
  multimodal?: WireMessage[];
  /** Native tools to offer; absent or empty when the text protocol is used. */
  tools?: ModelTool[];
  /** The model for this request only (a per-send override); absent: the client's own. */
  model?: string;
  /** With native tools: the call the model must make (`tool_choice`); absent: as it likes. */
  toolChoice?: ForcedToolChoice;
  /**
   * Where the reply should end (the text protocol's `<observation`): sent as
   * `stop` where the server accepts it. A model may ignore it; the reader
   * cuts what follows anyway.
   */
  stop?: string[];
}

/** A tool call a request insists on: some tool, or the one named. */
export type ForcedToolChoice = 'required' | { name: string };

/** A tool call the model made, assembled from its stream. */
export interface AssembledToolCall {
  /** The server's id, or a generated one when the server sent none. */
  id: string;
  name: string;
  /** The raw arguments text ("" means `{}`); parsed by the loop so a bad one becomes that call's result. */
  argsText: string;
  /** Set when the arguments passed the size limit: how many characters arrived (`argsText` holds only the first part). */
  argsTooLarge?: number;
}

/** What a model stream yields, in order. Ends with exactly one `done`. */
export type ModelEvent =
  | { type: 'text'; delta: string }
  | { type: 'thinking'; delta: string }
  /** A native tool call's arguments as they arrive; `argsText` is everything so far. */
  | { type: 'tool-call-delta'; index: number; id: string; name: string; argsText: string }
  | { type: 'usage'; promptTokens: number; completionTokens: number }
  /** The client waits `delayMs` before attempt `attempt` of this request (429 retry-after, 5xx, a failed connection). */
  | { type: 'retry'; attempt: number; delayMs: number; reason: string }
  | { type: 'done'; text: string; toolCalls: AssembledToolCall[]; finishReason: string | null };

/**
 * A chat model. `stream` throws `PageloopError`s: code `tools-unsupported`
 * when the endpoint rejects native tools (the loop then switches to the text
 * protocol), `http` / `network` / `stream` / `empty-response` otherwise, and
 * `aborted` when `signal` fires.
 */
export interface ChatModel {
  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelEvent>;
}

/** What a `modelModule` exports. */
export interface ModelModule {
  createModel(config: { model: string; baseURL: string }): ChatModel | Promise<ChatModel>;
}
