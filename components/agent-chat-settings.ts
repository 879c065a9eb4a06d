/**
 * The settings of `<agent-chat>`: its attributes and properties, the
 * element's public contract, declared apart from what it does with them (the
 * class in `agent-chat.ts` extends this one). Each is documented as `@attr` or
 * `@prop` on `AgentChat`; `element-options.ts` turns them into agent options.
 */
import { LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import type { EngineOptions, Tool, ToolFormat, ToolProtocol, WorkflowTemplate } from '../src/types.js';

/** The attributes and properties `<agent-chat>` reads; rendering and behaviour are `AgentChat`'s. */
export class AgentChatSettings extends LitElement {
  /** The OpenAI-compatible endpoint. */
  @property({ attribute: 'base-url' }) baseUrl?: string;
  /** The model id. */
  @property() model?: string;
  /** Bearer token; visible to anyone who can read the page. */
  @property({ attribute: 'api-key' }) apiKey?: string;
  /** The system prompt. */
  @property({ attribute: 'system-prompt' }) systemPrompt?: string;
  /** The most model calls one reply may take. */
  @property({ attribute: 'max-iterations', type: Number }) maxIterations?: number;
  /** The model's context window in tokens; unset: learned from the server, else 8192. */
  @property({ attribute: 'context-tokens', type: Number }) contextTokens?: number;
  /** Whether tools that need approval ask first (`ask`) or just run (`auto`). */
  @property() approval?: 'ask' | 'auto';
  /** How tool calls are written. */
  @property({ attribute: 'tool-protocol' }) toolProtocol?: ToolProtocol;
  /** Narrows call detection to one model family's format. */
  @property({ attribute: 'tool-format' }) toolFormat?: ToolFormat;
  /** Deny a call whose approval nobody answered within this many ms. */
  @property({ attribute: 'approval-timeout-ms', type: Number }) approvalTimeoutMs?: number;
  /** Whether the agent keeps a plan (`update_plan`); `first` asks for one before it acts. */
  @property({ converter: { fromAttribute: (value: string | null) => (value === null ? undefined : value === 'first' ? 'first' : value !== 'false') } })
  planning?: boolean | 'first';
  /** A short self-check every this many model calls. */
  @property({ attribute: 'reflect-every', type: Number }) reflectEvery?: number;
  /** Offer `dispatch_agent` (read-only sub-agents). */
  @property({ attribute: 'sub-agents', converter: { fromAttribute: (value: string | null) => value !== null && value !== 'false' } }) subAgents = false;
  /** One reminder a run when the model announces an action but calls no tool; `off` turns it off. */
  @property({ converter: { fromAttribute: (v: string | null) => (v === null ? undefined : v !== 'off' && v !== 'false') } }) nudge?: boolean;
  /** IndexedDB thread id; changing it starts a new agent on that thread. */
  @property() thread?: string;
  /** Shows the thread list (part `threads`); without `thread`, a new thread is opened. */
  @property({ attribute: 'show-threads', type: Boolean }) showThreads = false;
  /** How long to wait for response headers, in ms. */
  @property({ attribute: 'timeout-ms', type: Number }) timeoutMs?: number;
  /** Longest silence allowed in the middle of a streamed reply, in ms. */
  @property({ attribute: 'idle-timeout-ms', type: Number }) idleTimeoutMs?: number;
  /** Longest total wait before retries of one request, in ms. */
  @property({ attribute: 'max-retry-wait-ms', type: Number }) maxRetryWaitMs?: number;
  /** Tools allowed for good keep running unasked after untrusted content entered the conversation. */
  @property({ attribute: 'trust-tool-output', type: Boolean }) trustToolOutput = false;
  /** ES module the worker loads a `ChatModel` from instead of HTTP; changing it starts a new agent. */
  @property({ attribute: 'model-module' }) modelModule?: string;
  /** URL of a GGUF model to run in the page. */
  @property() gguf?: string;
  /** The in-page engine's options (for a picked `File`, or threads, temperature…); wins over `gguf`. */
  @property({ attribute: false }) engine?: EngineOptions;
  /** The composer's placeholder. */
  @property() placeholder = 'Message the assistant…  (/help for commands)';
  /** Colour theme; `auto` follows the system. */
  @property({ reflect: true }) theme: 'light' | 'dark' | 'auto' = 'auto';
  /** The page's tools. */
  @property({ attribute: false }) tools: Tool[] = [];
  /** The app's state by name, sent with each model request (`agent.context`); set a new object to change it. */
  @property({ attribute: false }) context?: Record<string, unknown>;
  /** Named task templates (`/workflow name …`, `agent.runWorkflow`). */
  @property({ attribute: false }) workflows?: Record<string, WorkflowTemplate>;
}
